//! The contract every variant implements. Search, transposition table and protocols see only this
//! trait; every rule of every game lives behind it, in that game's folder under `variants/`.

use arrayvec::ArrayVec;
use std::collections::BTreeMap;
use std::fmt;

/// Room for the widest position of any variant (Symmetron and Reflection exceed 256 moves).
pub const MAX_MOVES: usize = 1024;
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// XBoard's null move: between the parts of a turn XBoard cannot carry as one move, the mover
/// sends it so that XBoard hands the move back (see `Dialect::XBoard`).
pub const XBOARD_NULL_MOVE: &str = "@@@@";

/// Size of the history/killer index space that `Game::history_slot` maps into.
pub const HISTORY_SLOTS: usize = 1 << 16;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    White = 0,
    Black = 1,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    /// The first player is White in every game we play.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// Centipawn-like score, always from the side to move's point of view.
pub type Score = i32;
/// Mate in 0 plies; a mate found `n` plies from the root scores `MATE - n`.
pub const MATE: Score = 32000;
/// Any score at or beyond this magnitude is a forced win or loss.
pub const MATE_BOUND: Score = MATE - 1000;
/// Larger than every real score; fits in an `i16`.
pub const INFINITY: Score = 32500;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// Human-readable reason, used in result claims: `White mates`, `repetition`...
    pub reason: String,
}

impl Outcome {
    pub fn win(side: Side, reason: impl Into<String>) -> Outcome {
        Outcome {
            winner: Some(side),
            reason: reason.into(),
        }
    }
    pub fn draw(reason: impl Into<String>) -> Outcome {
        Outcome {
            winner: None,
            reason: reason.into(),
        }
    }
    /// PGN / CECP result token.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
    /// Score of this terminal state for `side`, with `ply` the distance from the search root.
    pub fn score_for(&self, side: Side, ply: usize) -> Score {
        match self.winner {
            None => 0,
            Some(w) if w == side => MATE - ply as Score,
            Some(_) => -MATE + ply as Score,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {{{}}}", self.result(), self.reason)
    }
}

/// Where a move string or FEN comes from or goes to. XBoard counts ranks from 0 on boards with
/// exactly 10 ranks and rewrites FENs its own way; UCI and the command line use the rules docs' form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    Uci,
    /// CECP. A turn XBoard cannot carry as one move may be written as several space-separated
    /// protocol moves (e.g. `d2d4 @@@@ d7d5`): the XBoard layer sends each as its own `move`, and
    /// `parse_move` answers `MoveError::Incomplete` to a valid beginning of such a turn.
    XBoard,
    /// A game record's notation (SAN for chess, the source page's notation for our games): what
    /// `kaleido replay` reads and PGN files contain.
    Record,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move string of this game at all.
    Unparsable(String),
    /// A well-formed move that is not legal here.
    Illegal(String),
    /// A valid first part of a turn that XBoard delivers in pieces; wait for the rest.
    Incomplete,
    /// The game is already over.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unparsable(s) => write!(f, "unparsable move: {s}"),
            MoveError::Illegal(s) => write!(f, "illegal move: {s}"),
            MoveError::Incomplete => write!(f, "incomplete move"),
            MoveError::GameOver => write!(f, "the game is over"),
        }
    }
}

/// A rule toggle a variant offers (UCI `setoption`, XBoard `option`, `--option` on the command line).
#[derive(Clone, Debug)]
pub enum OptionKind {
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
}

#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

impl OptionSpec {
    /// Checks `value` against the option's type; returns the canonical value.
    pub fn validate(&self, value: &str) -> Result<String, String> {
        match &self.kind {
            OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" => Ok("true".into()),
                "false" => Ok("false".into()),
                _ => Err(format!(
                    "option {} takes true or false, not '{value}'",
                    self.name
                )),
            },
            OptionKind::Combo { values, .. } => values
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .map(|v| v.to_string())
                .ok_or_else(|| {
                    format!(
                        "option {} takes one of {}, not '{value}'",
                        self.name,
                        values.join(", ")
                    )
                }),
        }
    }
    pub fn default_value(&self) -> String {
        match &self.kind {
            OptionKind::Check { default } => default.to_string(),
            OptionKind::Combo { default, .. } => default.to_string(),
        }
    }
}

/// Values of a variant's rule options, keyed by lower-case option name. Missing means default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantOptions {
    values: BTreeMap<String, String>,
}

impl VariantOptions {
    pub fn set(&mut self, name: &str, value: &str) {
        self.values
            .insert(name.to_ascii_lowercase(), value.to_string());
    }
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .get(&name.to_ascii_lowercase())
            .map(|s| s.as_str())
    }
    pub fn flag(&self, name: &str) -> bool {
        self.get(name) == Some("true")
    }
    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.values.iter()
    }
}

/// `name=value` pairs separated by spaces (what the protocols' `d` shows).
impl fmt::Display for VariantOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = self.iter().map(|(n, v)| format!("{n}={v}")).collect();
        write!(f, "{}", pairs.join(" "))
    }
}

/// One game's rules, position and history. Implementations keep their own undo stack so that
/// `unmake` needs no argument and repetition rules can see the whole game.
pub trait Game: Clone + Send + Sync + 'static {
    type Move: Copy + Eq + Send + Sync + fmt::Debug + 'static;

    /// The start position of `variant` (one of the names this type registers) under `options`.
    fn new(variant: &str, options: &VariantOptions) -> Result<Self, String>
    where
        Self: Sized;
    /// The variant's registry name.
    fn variant(&self) -> &'static str;
    /// Replaces position and history; on error `self` is unchanged.
    fn set_fen(&mut self, fen: &str, dialect: Dialect) -> Result<(), String>;
    fn fen(&self, dialect: Dialect) -> String;
    fn side_to_move(&self) -> Side;
    /// Incrementally maintained Zobrist key of the position (incl. side to move and rights).
    fn key(&self) -> u64;
    /// The same key computed from scratch; tests compare the two.
    fn compute_key(&self) -> u64;
    /// Plies played since the start position or FEN (the length of the undo stack).
    fn plies(&self) -> usize;
    /// The number of the current move as the FEN counts it: 1 at the start, one more after each
    /// Black move. Game records number their moves from it. The default, for games whose FEN has
    /// no move number, counts from 1 at the position set up with White to move.
    fn move_number(&self) -> u32 {
        self.plies() as u32 / 2 + 1
    }

    /// Every legal move (perft counts exactly these).
    fn generate(&self, moves: &mut MoveList<Self::Move>);
    /// Legal captures and other tactically loud moves, for quiescence.
    fn generate_noisy(&self, moves: &mut MoveList<Self::Move>);
    fn make(&mut self, mv: Self::Move);
    /// Takes back the last `make` (or `make_null`).
    fn unmake(&mut self);

    /// Whether passing is a sound pruning assumption here (never in check or zugzwang-prone play).
    fn null_move_allowed(&self) -> bool {
        false
    }
    fn make_null(&mut self) {}

    fn in_check(&self) -> bool;
    /// The game is over by a rule that needs no move generation (king captured, repetition,
    /// move-count rule, dead position). `in_search`: a single earlier occurrence of the position
    /// counts as the repetition (the usual search convention).
    fn rule_outcome(&self, in_search: bool) -> Option<Outcome>;
    /// The result when the side to move has no legal move (checkmate, stalemate...).
    fn no_moves_outcome(&self) -> Outcome;
    /// Static evaluation from the side to move's point of view.
    fn evaluate(&self) -> Score;
    /// The same evaluation as counts of the game's named weights (`crate::eval`), what the
    /// tuner fits; `None` for a game whose evaluation has no weight file.
    fn eval_trace(&self) -> Option<crate::eval::EvalTrace> {
        None
    }

    /// Captures, promotions and the like: ordered by `order_hint`, kept out of killers/history.
    fn is_noisy(&self, mv: Self::Move) -> bool;
    /// Higher is tried first among noisy moves (MVV-LVA).
    fn order_hint(&self, mv: Self::Move) -> i32;
    /// Static exchange evaluation (SEE): whether `mv` and the exchange it starts win at least
    /// `threshold` (in `evaluate`'s units), both sides answering with their least valuable
    /// capturer and free to stop when going on would lose. Quiet moves count too: a move onto a
    /// square the opponent takes for free loses the mover. Each game says in its implementation
    /// what its exchanges are. The search orders losing captures last and prunes losing moves
    /// with it. The default knows no exchange and answers as if every move won exactly 0, which
    /// leaves ordering and pruning as they would be without SEE.
    fn see_ge(&self, _mv: Self::Move, threshold: Score) -> bool {
        threshold <= 0
    }
    /// Non-zero and unique among the legal moves of one position: what the TT stores.
    fn move_key(mv: Self::Move) -> u32;
    /// Index below `HISTORY_SLOTS` for history and killer heuristics.
    fn history_slot(&self, mv: Self::Move) -> usize;

    /// Parses a move in `dialect` and checks that it is legal here.
    fn parse_move(&self, text: &str, dialect: Dialect) -> Result<Self::Move, MoveError>;
    fn move_text(&self, mv: Self::Move, dialect: Dialect) -> String;

    /// The variant name XBoard knows this game by (`normal`, `xiangqi`, or our own name).
    fn xboard_variant(&self) -> &'static str;
    /// `setup`/`piece` lines for an engine-defined variant; empty when XBoard knows the game.
    fn xboard_setup(&self) -> Vec<String> {
        Vec::new()
    }
    /// A text picture of the board for humans.
    fn diagram(&self) -> String;
    /// The board as a person must see it (`board_view`): shape, square kinds, pieces and state.
    /// Every registered variant describes its board (engine-tests checks it); the default, an
    /// empty board, serves games that are never shown (the search's test games).
    fn board_view(&self) -> crate::board_view::BoardView {
        crate::board_view::BoardView::rectangle(0, 0, self.side_to_move())
    }
    /// What a person reads for a step's choice (`turn::Step::choice`) in a picker, e.g. `q` ->
    /// `Queen`; the choice's own text by default.
    fn choice_label(&self, choice: &str) -> String {
        choice.to_string()
    }

    /// How a person enters `mv`, part by part, in `dialect`'s square names: every order the game
    /// accepts (a Reflection pair may start with either piece). Distinct legal moves must have
    /// distinct step sequences. The default reads the move's text (`turn::steps_from_text`).
    fn turn_steps(&self, mv: Self::Move, dialect: Dialect) -> Vec<Vec<crate::turn::Step>> {
        vec![crate::turn::steps_from_text(
            &self.move_text(mv, dialect),
            dialect,
        )]
    }

    /// Full game-over test: the rules' verdict on the current position, if the game has ended.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.rule_outcome(false) {
            return Some(o);
        }
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        if moves.is_empty() {
            Some(self.no_moves_outcome())
        } else {
            None
        }
    }
}

/// How often the current position (the last key) occurred among `keys`, looking back at most
/// `reversible` plies (positions before an irreversible move cannot recur). Variants call this.
pub fn occurrences(keys: &[u64], reversible: usize) -> usize {
    let Some(&current) = keys.last() else {
        return 0;
    };
    let start = keys.len().saturating_sub(reversible + 1);
    keys[start..]
        .iter()
        .rev()
        .step_by(2)
        .filter(|&&k| k == current)
        .count()
}

/// The exchange value of `mv` here, found by bisection over `see_ge` (which only ever answers
/// yes or no): what the games' SEE tests compare with their hand counts.
#[cfg(test)]
pub fn exchange_value<G: Game>(game: &G, mv: G::Move) -> Score {
    let (mut low, mut high): (Score, Score) = (-30_000, 30_000);
    while low < high {
        let mid = (low + high + 1).div_euclid(2);
        if game.see_ge(mv, mid) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    low
}

/// The exchange value of the move `mv` (UCI text) in `fen` (UCI form) of `variant` under
/// `options`: the games' SEE tests, each against its hand counts.
#[cfg(test)]
pub fn exchange_value_of<G: Game>(
    variant: &str,
    options: &VariantOptions,
    fen: &str,
    mv: &str,
) -> Score {
    let mut game = G::new(variant, options).expect("variant");
    game.set_fen(fen, Dialect::Uci).expect("fen");
    let mv = game.parse_move(mv, Dialect::Uci).expect("legal move");
    exchange_value(&game, mv)
}

/// Perft lives in its own module; the variants' tests reach it here too.
pub use crate::perft::perft;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occurrences_looks_only_at_same_side_positions() {
        // a b a b a: the last `a` occurs three times, two plies apart each.
        assert_eq!(occurrences(&[1, 2, 1, 2, 1], 10), 3);
        assert_eq!(occurrences(&[1, 2, 1, 2, 1], 2), 2);
        assert_eq!(
            occurrences(&[1, 1], 10),
            1,
            "same key one ply apart is the other side to move"
        );
    }

    #[test]
    fn option_validation_is_case_insensitive() {
        let spec = OptionSpec {
            name: "WinCondition",
            kind: OptionKind::Combo {
                default: "checkmate",
                values: &["checkmate", "capture-kings"],
            },
        };
        assert_eq!(
            spec.validate("Capture-Kings").as_deref(),
            Ok("capture-kings")
        );
        assert!(spec.validate("other").is_err());
        let check = OptionSpec {
            name: "Crooked",
            kind: OptionKind::Check { default: false },
        };
        assert_eq!(check.validate("TRUE").as_deref(), Ok("true"));
        assert!(check.validate("yes").is_err());
    }
}
