//! One game between two engines, judged move by move by the rules interface.

mod adjudication;

pub use adjudication::Adjudication;

use crate::cancel::Cancel;
use crate::judge::play_move;
use crate::player::{start_player, GameStart, Limit, Player, PlyText, Reply, Turn};
use crate::process::Fault;
use crate::record::{GameRecord, MoveRecord};
use crate::rules::{Dialect, Judge, MoveError, RuleOptions, Rules, Side};
use crate::schedule::GameJob;
use crate::spec::EngineSpec;
use adjudication::ScoreRuns;
use std::time::{Duration, Instant};

/// Everything about a game that is the same for every game of a match.
#[derive(Clone)]
pub struct RefereeConfig<'a> {
    pub rules: &'a dyn Rules,
    pub variant: String,
    pub options: RuleOptions,
    pub limit: Limit,
    /// Extra time an engine gets beyond its clock before it forfeits (process and pipe overhead).
    pub margin: Duration,
    /// For node- and depth-limited games: how long one move may take before it counts as a hang.
    pub move_timeout: Duration,
    /// How long an XBoard engine may take to send its features.
    pub feature_timeout: Duration,
    pub max_plies: Option<usize>,
    pub adjudication: Adjudication,
    pub debug: bool,
    /// Set when the match ends early: running games stop and are not counted.
    pub cancel: Cancel,
}

/// How long the referee keeps listening after a clock ran out, to say by how much it was missed.
const LATE_WINDOW: Duration = Duration::from_secs(1);

/// How a game ended, before it is written into the record.
struct Ending {
    winner: Option<Side>,
    termination: String,
    comment: String,
    /// The match was cancelled: the game has no result.
    aborted: bool,
}

impl Ending {
    fn loss(side: Side, termination: &str, comment: String) -> Ending {
        Ending {
            winner: Some(side.other()),
            termination: termination.to_string(),
            comment,
            aborted: false,
        }
    }

    fn draw(termination: &str, comment: String) -> Ending {
        Ending {
            winner: None,
            termination: termination.to_string(),
            comment,
            aborted: false,
        }
    }

    fn aborted() -> Ending {
        Ending {
            aborted: true,
            ..Ending::draw("aborted", "the match was cancelled".into())
        }
    }

    fn from_fault(side: Side, name: &str, fault: Fault) -> Ending {
        match fault {
            Fault::Timeout => Ending::loss(
                side,
                "time forfeit",
                format!("{} ({name}) loses on time", side.name()),
            ),
            Fault::Crashed(how) => Ending::loss(
                side,
                "crash",
                format!("{} ({name}) crashed: {how}", side.name()),
            ),
            Fault::Protocol(what) => Ending::loss(
                side,
                "protocol error",
                format!("{} ({name}) {what}", side.name()),
            ),
            Fault::Cancelled => Ending::aborted(),
        }
    }
}

/// Plays one game; `None` when the match was cancelled before it ended. An `Err` is a problem of
/// the match itself (a bad opening, a variant that cannot be created); everything an engine does
/// wrong ends the game with a result instead.
pub fn play_game(
    config: &RefereeConfig,
    engines: &[EngineSpec],
    job: &GameJob,
) -> Result<Option<GameRecord>, String> {
    let mut judge = config.rules.new_game(&config.variant, &config.options)?;
    if let Some(fen) = &job.opening.fen {
        judge.set_fen(fen, Dialect::Uci)?;
    }
    let fen_uci = job.opening.fen.as_ref().map(|_| judge.fen(Dialect::Uci));
    let fen_xboard = job.opening.fen.as_ref().map(|_| judge.fen(Dialect::XBoard));
    let mut record = GameRecord {
        number: job.number,
        white: job.white,
        black: job.black,
        white_name: engines[job.white].name.clone(),
        black_name: engines[job.black].name.clone(),
        winner: None,
        termination: String::new(),
        comment: String::new(),
        start_fen: job.opening.fen.as_ref().map(|_| judge.fen(Dialect::Record)),
        first_side: judge.side_to_move(),
        first_move_number: judge.move_number(),
        moves: Vec::new(),
    };
    let mut plies: Vec<PlyText> = Vec::new();
    for text in &job.opening.moves {
        let ply = play_move(judge.as_mut(), text, Dialect::Uci)
            .map_err(|e| format!("opening move {text}: {e}"))?;
        plies.push(ply.clone());
        record.moves.push(MoveRecord {
            ply,
            book: true,
            thinking: None,
            elapsed: Duration::ZERO,
        });
    }

    let specs = [&engines[job.white], &engines[job.black]];
    let limits = specs.map(|spec| match (spec.nodes, &config.limit) {
        (Some(nodes), Limit::Nodes(_)) => Limit::Nodes(nodes),
        _ => config.limit.clone(),
    });
    let xboard_variant = judge.xboard_variant();
    let mut players: Vec<Box<dyn Player>> = Vec::new();
    let mut ending = None;
    for side in [Side::White, Side::Black] {
        let spec = specs[side.index()];
        let start = GameStart {
            variant: &config.variant,
            xboard_variant: &xboard_variant,
            rule_options: &config.options,
            fen: fen_uci.clone().zip(fen_xboard.clone()),
            limit: &limits[side.index()],
            move_timeout: config.move_timeout,
        };
        let started = start_player(spec, config).and_then(|mut player| {
            player.new_game(&start)?;
            Ok(player)
        });
        match started {
            Ok(player) => players.push(player),
            Err(fault) => {
                ending = Some(Ending::from_fault(side, &spec.name, fault));
                break;
            }
        }
    }
    let ending = match ending {
        Some(ending) => ending,
        None => run_game(
            config,
            judge.as_mut(),
            &mut players,
            &mut plies,
            &mut record,
            fen_uci.as_deref(),
            &limits,
        ),
    };
    if ending.aborted {
        for player in players {
            player.quit();
        }
        return Ok(None);
    }
    record.winner = ending.winner;
    record.termination = ending.termination;
    record.comment = ending.comment;
    let result = record.result();
    for player in players {
        player.finish(result, &record.comment);
    }
    Ok(Some(record))
}

/// The move loop: asks the side to move, judges, records, until the game ends.
fn run_game(
    config: &RefereeConfig,
    judge: &mut dyn Judge,
    players: &mut [Box<dyn Player>],
    plies: &mut Vec<PlyText>,
    record: &mut GameRecord,
    fen_uci: Option<&str>,
    limits: &[Limit; 2],
) -> Ending {
    let mut clocks = match config.limit {
        Limit::Clock { base, .. } => [base, base],
        _ => [config.move_timeout; 2],
    };
    let mut runs = ScoreRuns::default();
    loop {
        if let Some(outcome) = judge.outcome() {
            return Ending {
                winner: outcome.winner,
                termination: outcome.reason.clone(),
                comment: outcome.reason,
                aborted: false,
            };
        }
        if config.max_plies.is_some_and(|max| judge.plies() >= max) {
            return Ending::draw("max plies", format!("draw: {} plies played", judge.plies()));
        }
        let side = judge.side_to_move();
        let player = &mut players[side.index()];
        let name = player.name().to_string();
        let turn = Turn {
            side,
            plies,
            fen_uci,
            clocks,
            limit: &limits[side.index()],
        };
        if let Err(fault) = player.start_turn(&turn) {
            return Ending::from_fault(side, &name, fault);
        }
        let started = Instant::now();
        let mover = Mover {
            config,
            side,
            name: &name,
            clock: clocks[side.index()],
            deadline: started
                + match config.limit {
                    Limit::Clock { .. } => clocks[side.index()] + config.margin,
                    _ => config.move_timeout,
                },
        };
        let ply = match mover.read_turn(judge, player.as_mut()) {
            Ok(ply) => ply,
            Err(ending) => return ending,
        };
        let elapsed = player.reply_time().saturating_duration_since(started);
        if let Limit::Clock { inc, .. } = config.limit {
            let clock = &mut clocks[side.index()];
            *clock = clock.saturating_sub(elapsed) + inc;
        }
        plies.push(ply.clone());
        player.turn_accepted(plies.len());
        let thinking = player.take_thinking();
        record.moves.push(MoveRecord {
            ply,
            book: false,
            thinking,
            elapsed,
        });
        if let Some(ending) = runs.update(&config.adjudication, side, thinking, plies.len()) {
            return ending;
        }
    }
}

/// The engine to move, for one turn: what `run_game` needs to read its turn and to say how it
/// lost if it does.
struct Mover<'a> {
    config: &'a RefereeConfig<'a>,
    side: Side,
    name: &'a str,
    /// Its clock when the turn started (the move timeout in node- and depth-limited games).
    clock: Duration,
    deadline: Instant,
}

impl Mover<'_> {
    /// Replies until a whole move (every part of a multi-part XBoard turn) is read and played on
    /// the judge; `Err` is how the game ends instead.
    fn read_turn(&self, judge: &mut dyn Judge, player: &mut dyn Player) -> Result<PlyText, Ending> {
        let dialects = player.dialects();
        let mut parts: Vec<String> = Vec::new();
        loop {
            let reply = match player.read_reply(self.deadline) {
                Ok(reply) => reply,
                Err(Fault::Timeout) => return Err(self.time_forfeit(player)),
                Err(fault) => return Err(Ending::from_fault(self.side, self.name, fault)),
            };
            match reply {
                Reply::Move(text) => {
                    parts.push(text);
                    let turn_text = parts.join(" ");
                    match read_move(judge, &turn_text, dialects, parts.len() == 1) {
                        Ok(ply) => return Ok(ply),
                        // A multi-part XBoard turn: wait for the rest.
                        Err(MoveError::Incomplete) if dialects[0] != Dialect::Uci => continue,
                        Err(error) => return Err(self.illegal_move(&error, &turn_text)),
                    }
                }
                Reply::Resign => {
                    return Err(Ending::loss(
                        self.side,
                        "resign",
                        format!("{} ({}) resigns", self.side.name(), self.name),
                    ))
                }
                Reply::Claim { result, comment } => {
                    return Err(self.claim(&result, &comment, parts.is_empty()))
                }
            }
        }
    }

    /// The deadline passed: a loss on time, saying whether the move came just late (load) or
    /// not at all (a hang).
    fn time_forfeit(&self, player: &mut dyn Player) -> Ending {
        let config = self.config;
        let allowed = match config.limit {
            Limit::Clock { .. } => format!(
                "its clock ({:.3} s + margin {:.3} s) ran out",
                self.clock.as_secs_f64(),
                config.margin.as_secs_f64()
            ),
            _ => format!(
                "the move timeout ({:.3} s) ran out",
                config.move_timeout.as_secs_f64()
            ),
        };
        // Listen a little longer: a move just late points at load, none at a hang.
        let late = match player.read_reply(self.deadline + LATE_WINDOW) {
            Ok(_) => format!(
                "its reply came {:.3} s later",
                player
                    .reply_time()
                    .saturating_duration_since(self.deadline)
                    .as_secs_f64()
            ),
            Err(Fault::Cancelled) => return Ending::aborted(),
            Err(_) => format!("nothing came in {} s more", LATE_WINDOW.as_secs()),
        };
        Ending::loss(
            self.side,
            "time forfeit",
            format!(
                "{} ({}) loses on time: {allowed}; {late}",
                self.side.name(),
                self.name
            ),
        )
    }

    fn illegal_move(&self, error: &MoveError, turn_text: &str) -> Ending {
        let kind = match error {
            MoveError::Unparsable(_) => "an unparsable move",
            MoveError::Incomplete => "an incomplete move",
            _ => "an illegal move",
        };
        Ending::loss(
            self.side,
            "illegal move",
            format!(
                "{} ({}) plays {kind}: {turn_text}",
                self.side.name(),
                self.name
            ),
        )
    }

    /// A result claim on the mover's turn. Claiming one's own loss (before any part of a move)
    /// is a resignation; anything else is false, because the rules (checked before every turn)
    /// say the game goes on.
    fn claim(&self, result: &str, comment: &str, no_parts: bool) -> Ending {
        let (side, name) = (self.side, self.name);
        let claimed_winner = match result {
            "1-0" => Some(Side::White),
            "0-1" => Some(Side::Black),
            _ => None,
        };
        if claimed_winner == Some(side.other()) && no_parts {
            return Ending::loss(
                side,
                "resign",
                format!("{} ({name}) resigns: {result} {{{comment}}}", side.name()),
            );
        }
        Ending::loss(
            side,
            "false result claim",
            format!(
                "{} ({name}) claims {result} {{{comment}}} but the game is not over",
                side.name()
            ),
        )
    }
}

/// Reads an engine's move in its first dialect, or, for a move in one part that the first does
/// not parse, in the others (an XBoard engine's SAN). When none reads it, the first dialect's
/// error is the one reported.
pub(crate) fn read_move(
    judge: &mut dyn Judge,
    text: &str,
    dialects: &[Dialect],
    single_part: bool,
) -> Result<PlyText, MoveError> {
    let first = play_move(judge, text, dialects[0]);
    if !single_part || !matches!(first, Err(MoveError::Unparsable(_))) {
        return first;
    }
    match dialects[1..]
        .iter()
        .find_map(|&dialect| play_move(judge, text, dialect).ok())
    {
        Some(ply) => Ok(ply),
        None => first,
    }
}

#[cfg(test)]
mod tests;
