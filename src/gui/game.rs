//! The game the browser board shows, kept on the server: the session, the moves played (in both
//! the entry and the record notation), who plays each side, the engine's limits, its thinking,
//! and the evaluations seen so far. Every rule question goes to the `Session`.

use super::clock::Clock;
use crate::game::{Dialect, MoveError, Outcome, Side, VariantOptions};
use crate::session::{InfoLine, ScoreText, Session};
use crate::turn::Step;
use crate::variants;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Human,
    Engine,
}

/// How long the engine thinks over a move: a node limit (its strength, and the same on every
/// machine), a time per move, or a game clock for both sides (`clock_ms` each, `increment_ms`
/// after every move), with which the engine shares out its own time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineLimits {
    #[serde(default)]
    pub nodes: Option<u64>,
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    #[serde(default)]
    pub clock_ms: Option<u64>,
    #[serde(default)]
    pub increment_ms: Option<u64>,
    /// Playing level 1..=8 (lichess-style; `search::strength`), `None`: full strength. It
    /// weakens the engine's moves, never its analysis.
    #[serde(default)]
    pub level: Option<u8>,
}

impl Default for EngineLimits {
    fn default() -> Self {
        EngineLimits {
            nodes: None,
            movetime_ms: Some(1000),
            clock_ms: None,
            increment_ms: None,
            level: None,
        }
    }
}

/// One played turn.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedMove {
    /// The move as entered (`Dialect::Uci`, the rules docs' square names).
    pub uci: String,
    /// The move in the game's record notation (what the move list and PGN show).
    pub record: String,
    /// Xiangqi: the move in WXF notation, which the move list offers too.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wxf: Option<String>,
    pub side: Side,
    /// How a person enters it, to show it as the last turn.
    pub steps: Vec<Step>,
    /// The engine's score after this move, from White's point of view, when one was searched.
    pub eval: Option<Eval>,
}

/// A score from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Eval {
    pub centipawns: Option<i32>,
    /// Mate in this many moves (positive: White mates).
    pub mate: Option<i32>,
}

impl Eval {
    /// `score` is from `side`'s point of view.
    pub fn new(score: i32, side: Side) -> Eval {
        let sign = if side == Side::White { 1 } else { -1 };
        match ScoreText::from_score(score) {
            ScoreText::Centipawns(cp) => Eval {
                centipawns: Some(cp * sign),
                mate: None,
            },
            ScoreText::Mate(n) => Eval {
                centipawns: None,
                mate: Some(n * sign),
            },
        }
    }
}

/// One line of the engine's thinking as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Thought {
    pub depth: u32,
    pub eval: Eval,
    pub nodes: u64,
    pub time_ms: u64,
    /// Which line of a MultiPV search (1: the best).
    pub multipv: usize,
    /// The principal variation in the game's record notation.
    pub pv: Vec<String>,
    /// How the first turns of the line are entered, part by part (the page draws them as
    /// arrows): the engine's own steps, so every leg of a chain and both parts of a pair show.
    pub pv_steps: Vec<Vec<Step>>,
}

/// The turns of a line drawn as arrows: more would cover the board.
const PV_ARROW_TURNS: usize = 3;

impl Thought {
    /// `root`: the position the search started from (`info.pv` is in its record notation).
    pub fn new(info: &InfoLine, side: Side, root: &dyn Session) -> Thought {
        let mut replay = root.clone_box();
        let mut pv_steps = Vec::new();
        for text in info.pv.iter().take(PV_ARROW_TURNS) {
            let Ok(uci) = replay.translate_move(text, Dialect::Record, Dialect::Uci) else {
                break;
            };
            let Ok(steps) = replay.turn_steps(&uci, Dialect::Uci) else {
                break;
            };
            if replay.play(&uci, Dialect::Uci).is_err() {
                break;
            }
            pv_steps.push(steps);
        }
        Thought {
            depth: info.depth,
            eval: Eval::new(info.score, side),
            nodes: info.nodes,
            time_ms: info.time_ms,
            multipv: info.multipv.max(1),
            pv: info.pv.clone(),
            pv_steps,
        }
    }
}

/// How a game ended other than by the rules or the clock: a resignation, a draw agreed, an abort.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Ending {
    /// `None`: drawn (or aborted).
    pub winner: Option<Side>,
    pub reason: String,
    /// Aborted: the game has no result (`*`).
    #[serde(default)]
    pub aborted: bool,
}

pub struct GuiGame {
    pub session: Box<dyn Session>,
    /// The FEN the game started from (`Dialect::Uci`).
    pub start_fen: String,
    pub moves: Vec<PlayedMove>,
    pub players: [Player; 2],
    pub limits: EngineLimits,
    /// Counts every change of position or settings, so a search that finishes after the game
    /// moved on is recognised and dropped.
    pub generation: u64,
    /// Lines of the search running now (or the last one).
    pub thinking: Vec<Thought>,
    pub searching: bool,
    /// The engine analyses the position on the board, making no move.
    pub analysing: bool,
    /// The game clock, when the game is played with one.
    pub clock: Option<Clock>,
    /// Resigned, drawn by agreement or aborted (taking back reopens the game).
    pub ended: Option<Ending>,
}

impl GuiGame {
    /// `variant` from `fen` (`None` or `startpos`: its start position) under `options`.
    pub fn new(variant: &str, fen: Option<&str>, options: &VariantOptions) -> Result<Self, String> {
        let info = variants::find(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
        let mut session = info.new_session(options)?;
        if let Some(fen) = fen
            .map(str::trim)
            .filter(|f| !f.is_empty() && *f != "startpos")
        {
            session.set_fen(fen, Dialect::Uci)?;
        }
        Ok(GuiGame {
            start_fen: session.fen(Dialect::Uci),
            session,
            moves: Vec::new(),
            players: [Player::Human, Player::Engine],
            limits: EngineLimits::default(),
            generation: 0,
            thinking: Vec::new(),
            searching: false,
            analysing: false,
            clock: None,
            ended: None,
        })
    }

    pub fn variant(&self) -> &'static str {
        self.session.variant()
    }

    /// Who moves now, if the game goes on.
    pub fn player_to_move(&self) -> Option<Player> {
        self.outcome()
            .is_none()
            .then(|| self.players[self.session.side_to_move().index()])
    }

    /// The result: a resignation, agreed draw or abort, the rules' verdict, or a loss on time.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(ending) = &self.ended {
            return Some(Outcome {
                winner: ending.winner,
                reason: ending.reason.clone(),
            });
        }
        self.session.outcome().or_else(|| {
            let to_move = self.session.side_to_move();
            let flagged = self.clock.as_ref()?.flag(to_move)?;
            let name = self.session.board_view().side_names[flagged.index()];
            Some(Outcome::win(
                flagged.other(),
                format!("{name} lost on time"),
            ))
        })
    }

    /// Sets the clock as `limits` ask (a fresh one) or removes it.
    pub fn set_clock(&mut self, limits: &EngineLimits) {
        self.clock = limits
            .clock_ms
            .map(|base| Clock::new(base, limits.increment_ms.unwrap_or(0)));
    }

    /// Plays a move given in `dialect`; on error nothing changes.
    pub fn play(
        &mut self,
        text: &str,
        dialect: Dialect,
        eval: Option<Eval>,
    ) -> Result<(), MoveError> {
        if self.session.outcome().is_some() || self.ended.is_some() {
            return Err(MoveError::GameOver);
        }
        let mut after = self.session.clone_box();
        after.play(text, dialect)?;
        let (uci, record) = self.texts_of(text, dialect, after.as_ref())?;
        let steps = self.session.turn_steps(&uci, Dialect::Uci)?;
        let wxf = match (self.variant(), steps.as_slice()) {
            ("xiangqi", [step]) => step
                .from
                .as_deref()
                .zip(step.to.as_deref())
                .and_then(|(from, to)| super::wxf::notation(&self.session.board_view(), from, to)),
            _ => None,
        };
        let side = self.session.side_to_move();
        self.session = after;
        if let Some(clock) = &mut self.clock {
            clock.moved(side);
        }
        self.moves.push(PlayedMove {
            uci,
            record,
            wxf,
            side,
            steps,
            eval,
        });
        self.changed();
        Ok(())
    }

    /// The move's text in the entry and the record notation: the legal move whose result is the
    /// position `after` (distinct legal moves lead to distinct positions or are the same turn).
    fn texts_of(
        &self,
        text: &str,
        dialect: Dialect,
        after: &dyn Session,
    ) -> Result<(String, String), MoveError> {
        let uci = self.session.legal_moves(Dialect::Uci);
        let record = self.session.legal_moves(Dialect::Record);
        let target = after.fen(Dialect::Uci);
        let mut fallback = None;
        for (u, r) in uci.iter().zip(&record) {
            if (dialect == Dialect::Uci && u == text) || (dialect == Dialect::Record && r == text) {
                return Ok((u.clone(), r.clone()));
            }
            if fallback.is_none() {
                let mut probe = self.session.clone_box();
                if probe.play(u, Dialect::Uci).is_ok() && probe.fen(Dialect::Uci) == target {
                    fallback = Some((u.clone(), r.clone()));
                }
            }
        }
        fallback.ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Takes back `plies` plies (fewer if the game is shorter); returns how many.
    pub fn take_back(&mut self, plies: usize) -> usize {
        let mut done = 0;
        while done < plies && !self.moves.is_empty() && self.session.undo() {
            self.moves.pop();
            done += 1;
        }
        if done > 0 {
            self.ended = None;
            self.changed();
            let to_move = self.session.side_to_move();
            if let Some(clock) = &mut self.clock {
                clock.restart(to_move);
            }
        }
        done
    }

    /// The plies "take back" removes: in a game against the engine, back to the person's last
    /// turn; otherwise one.
    pub fn take_back_plies(&self) -> usize {
        let humans = self.players.iter().filter(|p| **p == Player::Human).count();
        if humans != 1 {
            return 1;
        }
        let human = if self.players[0] == Player::Human {
            Side::White
        } else {
            Side::Black
        };
        match self.moves.iter().rposition(|m| m.side == human) {
            Some(index) => self.moves.len() - index,
            None => 0,
        }
    }

    pub fn changed(&mut self) {
        self.generation += 1;
        self.thinking.clear();
    }

    /// The result token: `*` while the game goes on or when it was aborted.
    pub fn result_token(&self) -> &'static str {
        match (&self.ended, self.outcome()) {
            (Some(ending), _) if ending.aborted => "*",
            (_, Some(outcome)) => outcome.result(),
            (_, None) => "*",
        }
    }

    /// The position after `ply` plies of the game (0: the start), for looking back; `None`
    /// beyond the last ply.
    pub fn session_at(&self, ply: usize) -> Option<Box<dyn Session>> {
        let back = self.moves.len().checked_sub(ply)?;
        let mut replay = self.session.clone_box();
        for _ in 0..back {
            replay.undo();
        }
        Some(replay)
    }

    /// The FEN after every ply, the start first (what the browser test compares).
    pub fn fens(&self) -> Vec<String> {
        let mut replay = self.session.clone_box();
        let mut fens = vec![replay.fen(Dialect::Uci)];
        for _ in &self.moves {
            replay.undo();
            fens.push(replay.fen(Dialect::Uci));
        }
        fens.reverse();
        fens
    }
}
