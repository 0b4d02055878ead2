//! The object-safe face of a game for protocols and the command line: everything speaks move
//! strings and FENs, so the protocol layer never sees a variant's types. Implemented once,
//! generically, for every `Game`.

use crate::board_view::BoardView;
use crate::eval::EvalTrace;
use crate::game::{
    Dialect, MoveError, MoveList, Outcome, Score, Side, VariantOptions, MATE, MATE_BOUND,
};
use crate::perft;
use crate::presentation::{self, Game};
use crate::rng::SplitMix64;
use crate::search::{self, Control, Limits, TranspositionTable};
use crate::turn::{self, Step, TurnOptions};
use crate::variants::{
    chess::Chess, reflection::Reflection, sinyeon::SinYeonGame, sonic::Sonic,
    sonic_hexagonal::SonicHexagonal, symmetron::Symmetron, xiangqi::XiangqiGame, Family,
    VariantInfo,
};

/// A score as protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreText {
    Centipawns(Score),
    /// Mate in N moves (positive: the side to move mates).
    Mate(i32),
}

impl ScoreText {
    pub fn from_score(score: Score) -> ScoreText {
        if score >= MATE_BOUND {
            ScoreText::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            ScoreText::Mate(-((MATE + score + 1) / 2))
        } else {
            ScoreText::Centipawns(score)
        }
    }
}

/// A search report with the PV already in text: the search's own report over move strings.
pub type InfoLine = search::Info<String>;

impl InfoLine {
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

#[cfg(test)]
impl InfoLine {
    /// The first line of a report of `nodes` in `time_ms` with `pv`, for the protocols' tests:
    /// seldepth equal to `depth`, hash empty. Tests set other fields with `..`.
    pub fn sample(depth: u32, score: Score, nodes: u64, time_ms: u64, pv: &[&str]) -> InfoLine {
        InfoLine {
            depth,
            seldepth: depth,
            multipv: 1,
            score,
            nodes,
            time_ms,
            hashfull: 0,
            pv: pv.iter().map(|mv| mv.to_string()).collect(),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct BestMove {
    pub best: Option<String>,
    pub ponder: Option<String>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

pub trait Session: Send {
    fn variant(&self) -> &'static str;
    fn options(&self) -> &VariantOptions;
    /// Back to the start position, history cleared.
    fn new_game(&mut self);
    /// On error the position is unchanged.
    fn set_fen(&mut self, fen: &str, dialect: Dialect) -> Result<(), String>;
    /// Sets a position from a GUI's FEN that may have lost state the game holds (XBoard's
    /// `setboard`: see [`Known`]). When it shows the board of a position this game knows (the
    /// current one, one earlier in its history, or the start), that position is taken back to,
    /// state and history included; else the FEN is read as it is. On error nothing changes.
    fn set_fen_keeping(&mut self, fen: &str, dialect: Dialect) -> Result<Kept, String>;
    fn fen(&self, dialect: Dialect) -> String;
    /// Plays one move; on error the position is unchanged.
    fn play(&mut self, text: &str, dialect: Dialect) -> Result<(), MoveError>;
    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;
    /// Every legal move string (the strings perft counts).
    fn legal_moves(&self, dialect: Dialect) -> Vec<String>;
    /// A legal move given in `from`, written the way `to` writes it; nothing changes.
    fn translate_move(&self, text: &str, from: Dialect, to: Dialect) -> Result<String, MoveError>;
    /// The legal turns `text` names, in the game's own text: the one it is, or, when it is only
    /// the beginning of a turn given in parts (`MoveError::Incomplete` from `play`), every turn
    /// it begins.
    fn turns_named(&self, text: &str, dialect: Dialect) -> Result<Vec<String>, MoveError>;
    /// The `Rules::move_key` of a legal move: how `search::RootMoves` names it.
    fn move_key(&self, text: &str, dialect: Dialect) -> Result<u32, MoveError>;
    fn outcome(&self) -> Option<Outcome>;
    fn side_to_move(&self) -> Side;
    /// The side to move is in check (as the game defines it), for a board to say so.
    fn in_check(&self) -> bool;
    fn plies(&self) -> usize;
    /// The number of the current move as game records count it (`Notation::move_number`).
    fn move_number(&self) -> u32;
    fn key(&self) -> u64;
    /// A turn being built by a person: what may follow the steps entered so far (`turn`).
    fn turn_options(&self, entered: &[Step], dialect: Dialect) -> TurnOptions;
    /// The steps of a legal move given as text (the first order the game accepts), e.g. to show
    /// the last turn; on error nothing is changed.
    fn turn_steps(&self, text: &str, dialect: Dialect) -> Result<Vec<Step>, MoveError>;
    /// Perft as every front end runs it: exact, stoppable through `control`, `depth` at most
    /// [`perft::MAX_DEPTH`]. Only a session without a move tree (a test double) keeps this
    /// default.
    fn perft(&self, depth: u32, _: Dialect, _: &Control) -> Result<perft::Counts, perft::Refusal> {
        Err(perft::Refusal::NoMoveTree(depth))
    }
    /// The leaf counts below each root move (`depth` >= 1), not stoppable.
    fn perft_divide(&self, depth: u32, dialect: Dialect) -> Vec<(String, u64)> {
        self.perft(depth, dialect, &Control::default())
            .map(|counts| counts.divide)
            .unwrap_or_default()
    }
    fn diagram(&self) -> String;
    /// What a board on screen draws (`board_view`).
    fn board_view(&self) -> BoardView;
    /// A step's choice in words (`Notation::choice_label`).
    fn choice_label(&self, choice: &str) -> String;
    fn evaluate(&self) -> Score;
    /// The evaluation as counts of the game's named weights (for the tuner; `Traced::eval_trace`).
    fn eval_trace(&self) -> Option<EvalTrace>;
    /// The position's input to its game's network (for the trainer; `Traced::net_input`).
    fn net_input(&self) -> Option<crate::eval::nnue::NetInput>;
    /// Whether a legal move is noisy (a capture or the like: what quiescence searches).
    fn is_noisy(&self, text: &str, dialect: Dialect) -> Result<bool, MoveError>;
    fn xboard_variant(&self) -> &'static str;
    fn xboard_setup(&self) -> Vec<String>;
    /// Searches the current position; `report` receives each iteration's lines.
    fn search(
        &self,
        limits: &Limits,
        tt: &TranspositionTable,
        control: &Control,
        dialect: Dialect,
        report: &mut dyn FnMut(InfoLine),
    ) -> BestMove;
    fn clone_box(&self) -> Box<dyn Session>;
    /// Seeded random playouts checking that make/unmake restores FEN and key exactly and that
    /// the incremental key always equals the key computed from scratch.
    fn self_check(&self, seed: u64, playouts: usize, max_plies: usize) -> Result<(), String>;
}

/// Which known position a GUI's FEN was taken as ([`Session::set_fen_keeping`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The current position (nothing changed).
    Current,
    /// The position this many plies back in the game (the later plies are taken back).
    Earlier(usize),
    /// The variant's start position (a new game).
    Start,
    /// None: the position is the FEN as read.
    No,
}

/// What [`Session::set_fen_keeping`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    pub known: Known,
    /// The position is exactly the FEN as read (counters aside).
    pub as_read: bool,
}

/// A position's state: its full FEN without the move counters (XBoard counts every `@@@@` as a
/// ply and renumbers loaded positions).
fn state<G: Game>(game: &G) -> String {
    let fen = game.fen(Dialect::Uci);
    let fields: Vec<&str> = fen
        .split_whitespace()
        .filter(|f| !f.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    fields.join(" ")
}

/// The state a FEN in `dialect` carries of `game`: the game read back from its own FEN.
fn carried<G: Game>(game: &G, dialect: Dialect) -> Option<String> {
    let mut copy = game.clone();
    copy.set_fen(&game.fen(dialect), dialect).ok()?;
    Some(state(&copy))
}

/// The board and side-to-move fields of `game`'s FEN in `dialect`.
fn board_and_side<G: Game>(game: &G, dialect: Dialect) -> String {
    let fen = game.fen(dialect);
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

/// Whether `known` is what a GUI that sent `received` shows: everything its FEN carries is equal;
/// or the board and side are, and `known` holds state its FEN cannot carry (a Sonic king's form,
/// a Reflection castling right XBoard cannot write). A field the GUI's FEN does carry and sets
/// otherwise (a chess castling right removed in Edit Position) makes it another position.
fn shows<G: Game>(known: &G, received: &G, dialect: Dialect) -> bool {
    let carried_known = carried(known, dialect);
    if carried_known.is_some() && carried_known == carried(received, dialect) {
        return true;
    }
    carried_known.as_deref() != Some(state(known).as_str())
        && board_and_side(known, dialect) == board_and_side(received, dialect)
}

#[derive(Clone)]
pub struct GameSession<G: Game> {
    game: G,
    options: VariantOptions,
}

impl VariantInfo {
    /// A session of this variant, its rule options checked against the variant's list first.
    pub fn new_session(&self, options: &VariantOptions) -> Result<Box<dyn Session>, String> {
        let options = self.validate(options)?;
        match self.family {
            Family::Chess => boxed::<Chess>(self.name, &options),
            Family::Xiangqi => boxed::<XiangqiGame>(self.name, &options),
            Family::SinYeon => boxed::<SinYeonGame>(self.name, &options),
            Family::Symmetron => boxed::<Symmetron>(self.name, &options),
            Family::Sonic => boxed::<Sonic>(self.name, &options),
            Family::SonicHexagonal => boxed::<SonicHexagonal>(self.name, &options),
            Family::Reflection => boxed::<Reflection>(self.name, &options),
        }
    }
}

fn boxed<G: Game>(name: &str, options: &VariantOptions) -> Result<Box<dyn Session>, String> {
    Ok(Box::new(GameSession::<G>::new(name, options)?))
}

impl<G: Game> GameSession<G> {
    pub fn new(variant: &str, options: &VariantOptions) -> Result<Self, String> {
        Ok(GameSession {
            game: G::new(variant, options)?,
            options: options.clone(),
        })
    }
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Logged after every change of the position, so that a tool driving a GUI can compare the
    /// GUI's board with the engine's without a query that would disturb the game
    /// (`scripts/xboard/person.py` reads these lines).
    fn log_position(&self) {
        log::info!(
            "position {} | xboard {}",
            self.game.fen(Dialect::Uci),
            self.game.fen(Dialect::XBoard)
        );
    }
}

/// Texts of a line of moves played from `game`.
fn line_text<G: Game>(game: &G, line: &[G::Move], dialect: Dialect) -> Vec<String> {
    let mut g = game.clone();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        out.push(g.move_text(mv, dialect));
        g.make(mv);
    }
    out
}

impl<G: Game> Session for GameSession<G> {
    fn variant(&self) -> &'static str {
        self.game.variant()
    }
    fn options(&self) -> &VariantOptions {
        &self.options
    }
    fn new_game(&mut self) {
        if let Ok(g) = G::new(self.game.variant(), &self.options) {
            self.game = g;
        }
    }
    fn set_fen(&mut self, fen: &str, dialect: Dialect) -> Result<(), String> {
        self.game.set_fen(fen, dialect)?;
        self.log_position();
        Ok(())
    }
    fn set_fen_keeping(&mut self, fen: &str, dialect: Dialect) -> Result<Kept, String> {
        let mut received = self.game.clone();
        received.set_fen(fen, dialect)?;
        let mut known = self.game.clone();
        let mut back = 0;
        let found = loop {
            if shows(&known, &received, dialect) {
                break Some(if back == 0 {
                    Known::Current
                } else {
                    Known::Earlier(back)
                });
            }
            if known.plies() == 0 {
                break None;
            }
            known.unmake();
            back += 1;
        };
        let found = found.or_else(|| {
            let start = G::new(self.game.variant(), &self.options).ok()?;
            let shown = shows(&start, &received, dialect);
            known = start;
            shown.then_some(Known::Start)
        });
        let as_read = found.is_none() || state(&known) == state(&received);
        self.game = if found.is_some() { known } else { received };
        self.log_position();
        Ok(Kept {
            known: found.unwrap_or(Known::No),
            as_read,
        })
    }
    fn fen(&self, dialect: Dialect) -> String {
        self.game.fen(dialect)
    }
    fn play(&mut self, text: &str, dialect: Dialect) -> Result<(), MoveError> {
        if self.game.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = self.game.parse_move(text, dialect)?;
        self.game.make(mv);
        self.log_position();
        Ok(())
    }
    fn undo(&mut self) -> bool {
        if self.game.plies() == 0 {
            return false;
        }
        self.game.unmake();
        self.log_position();
        true
    }
    fn legal_moves(&self, dialect: Dialect) -> Vec<String> {
        let mut moves = MoveList::new();
        self.game.generate(&mut moves);
        moves
            .iter()
            .map(|&m| self.game.move_text(m, dialect))
            .collect()
    }
    fn translate_move(&self, text: &str, from: Dialect, to: Dialect) -> Result<String, MoveError> {
        if self.game.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = self.game.parse_move(text, from)?;
        Ok(self.game.move_text(mv, to))
    }
    fn turns_named(&self, text: &str, dialect: Dialect) -> Result<Vec<String>, MoveError> {
        if self.game.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        match self.game.parse_move(text, dialect) {
            Ok(mv) => Ok(vec![self.game.move_text(mv, dialect)]),
            Err(MoveError::Incomplete) => {
                let entered = turn::steps_from_text(text, dialect);
                let begun = presentation::turns_begun(&self.game, &entered, dialect);
                if begun.is_empty() {
                    return Err(MoveError::Illegal(text.to_string()));
                }
                Ok(begun
                    .into_iter()
                    .map(|mv| self.game.move_text(mv, dialect))
                    .collect())
            }
            Err(e) => Err(e),
        }
    }
    fn move_key(&self, text: &str, dialect: Dialect) -> Result<u32, MoveError> {
        self.game.parse_move(text, dialect).map(G::move_key)
    }
    fn turn_options(&self, entered: &[Step], dialect: Dialect) -> TurnOptions {
        presentation::turn_options(&self.game, entered, dialect)
    }
    fn turn_steps(&self, text: &str, dialect: Dialect) -> Result<Vec<Step>, MoveError> {
        let mv = self.game.parse_move(text, dialect)?;
        Ok(self
            .game
            .turn_steps(mv, dialect)
            .into_iter()
            .next()
            .unwrap_or_default())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn side_to_move(&self) -> Side {
        self.game.side_to_move()
    }
    fn in_check(&self) -> bool {
        self.game.in_check()
    }
    fn plies(&self) -> usize {
        self.game.plies()
    }
    fn move_number(&self) -> u32 {
        self.game.move_number()
    }
    fn key(&self) -> u64 {
        self.game.key()
    }
    fn perft(
        &self,
        depth: u32,
        dialect: Dialect,
        control: &Control,
    ) -> Result<perft::Counts, perft::Refusal> {
        let game = &self.game;
        perft::divide(game, depth, |mv| game.move_text(mv, dialect), control)
    }
    fn diagram(&self) -> String {
        self.game.diagram()
    }
    fn board_view(&self) -> BoardView {
        self.game.board_view()
    }
    fn choice_label(&self, choice: &str) -> String {
        self.game.choice_label(choice)
    }
    fn evaluate(&self) -> Score {
        self.game.evaluate()
    }
    fn eval_trace(&self) -> Option<EvalTrace> {
        self.game.eval_trace()
    }
    fn net_input(&self) -> Option<crate::eval::nnue::NetInput> {
        self.game.net_input()
    }
    fn is_noisy(&self, text: &str, dialect: Dialect) -> Result<bool, MoveError> {
        let mv = self.game.parse_move(text, dialect)?;
        Ok(self.game.is_noisy(mv))
    }
    fn xboard_variant(&self) -> &'static str {
        self.game.xboard_variant()
    }
    fn xboard_setup(&self) -> Vec<String> {
        self.game.xboard_setup()
    }
    fn search(
        &self,
        limits: &Limits,
        tt: &TranspositionTable,
        control: &Control,
        dialect: Dialect,
        report: &mut dyn FnMut(InfoLine),
    ) -> BestMove {
        let game = &self.game;
        let result = search::search(game, limits, tt, control, &mut |info| {
            report(search::Info {
                depth: info.depth,
                seldepth: info.seldepth,
                multipv: info.multipv,
                score: info.score,
                nodes: info.nodes,
                time_ms: info.time_ms,
                hashfull: info.hashfull,
                pv: line_text(game, &info.pv, dialect),
            })
        });
        let line: Vec<G::Move> = result.best.into_iter().chain(result.ponder).collect();
        let mut texts = line_text(game, &line, dialect).into_iter();
        BestMove {
            best: texts.next(),
            ponder: texts.next(),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
        }
    }
    fn clone_box(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
    fn self_check(&self, seed: u64, playouts: usize, max_plies: usize) -> Result<(), String> {
        check_playouts(&self.game, seed, playouts, max_plies)
    }
}

/// See `Session::self_check`.
pub fn check_playouts<G: Game>(
    start: &G,
    seed: u64,
    playouts: usize,
    max_plies: usize,
) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    for playout in 0..playouts {
        let mut game = start.clone();
        let start_fen = game.fen(Dialect::Uci);
        let mut played = 0;
        while played < max_plies && game.rule_outcome(false).is_none() {
            let mut moves = MoveList::new();
            game.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = rng.pick(&moves);
            let (fen, key) = (game.fen(Dialect::Uci), game.key());
            let text = game.move_text(mv, Dialect::Uci);
            game.make(mv);
            if game.key() != game.compute_key() {
                return Err(format!("playout {playout}: incremental key differs from computed key after {text} from {fen}"));
            }
            game.unmake();
            if game.fen(Dialect::Uci) != fen || game.key() != key {
                return Err(format!(
                    "playout {playout}: make/unmake of {text} changed {fen} into {}",
                    game.fen(Dialect::Uci)
                ));
            }
            game.make(mv);
            played += 1;
        }
        for _ in 0..played {
            game.unmake();
        }
        if game.fen(Dialect::Uci) != start_fen {
            return Err(format!(
                "playout {playout}: unmaking the whole game gave {} instead of {start_fen}",
                game.fen(Dialect::Uci)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_print_in_moves() {
        assert_eq!(ScoreText::from_score(MATE - 1), ScoreText::Mate(1));
        assert_eq!(ScoreText::from_score(MATE - 3), ScoreText::Mate(2));
        assert_eq!(ScoreText::from_score(-MATE + 2), ScoreText::Mate(-1));
        assert_eq!(ScoreText::from_score(35), ScoreText::Centipawns(35));
    }
}
