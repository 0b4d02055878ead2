//! What the referee needs to know about a game, and nothing more: the interface a rules engine
//! implements (Kaleido implements it over its `Session`). The referee itself knows no game.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// 0 for White, 1 for Black: the index of per-side arrays (clocks, players).
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }
    /// The first player is called White in every game the referee judges.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// The notation a move or a FEN is written in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    /// UCI coordinates (and the rules docs' FEN).
    Uci,
    /// CECP coordinates; a turn XBoard cannot carry as one move is several space-separated parts.
    XBoard,
    /// A game record's notation: SAN for chess, the game's own record notation otherwise.
    Record,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move of this game at all.
    Unparsable(String),
    /// A well-formed move that is not legal here.
    Illegal(String),
    /// A valid beginning of a multi-part XBoard turn: wait for the rest.
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

/// How the rules ended a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// Why, as the rules say it: `White mates`, `threefold repetition`...
    pub reason: String,
}

/// A variant's rule options as `(name, value)` pairs, in the rules engine's canonical spelling.
pub type RuleOptions = Vec<(String, String)>;

/// The catalogue of games a rules engine can judge. Shared by every game of a match (`Sync`).
pub trait Rules: Sync {
    /// Every variant name, in the order front-ends list them.
    fn variants(&self) -> Vec<String>;
    /// Checks `options` against `variant`'s rule options and returns them canonicalised, or why
    /// they are refused.
    fn rule_options(&self, variant: &str, options: &RuleOptions) -> Result<RuleOptions, String>;
    /// A new game of `variant` at its start position; `options` come from `rule_options`.
    fn new_game(&self, variant: &str, options: &RuleOptions) -> Result<Box<dyn Judge>, String>;
}

/// One game's position and history, as the referee asks about it.
pub trait Judge: Send {
    /// Back to the start position, history cleared.
    fn restart(&mut self);
    /// Replaces position and history; on error nothing changes.
    fn set_fen(&mut self, fen: &str, dialect: Dialect) -> Result<(), String>;
    fn fen(&self, dialect: Dialect) -> String;
    /// Plays a move; on error nothing changes.
    fn play(&mut self, text: &str, dialect: Dialect) -> Result<(), MoveError>;
    /// Every legal move, in `dialect`.
    fn legal_moves(&self, dialect: Dialect) -> Vec<String>;
    /// A legal move written in `from`, rewritten in `to` (canonical there); nothing changes.
    fn translate(&self, text: &str, from: Dialect, to: Dialect) -> Result<String, MoveError>;
    /// The rules' verdict when the game is over.
    fn outcome(&self) -> Option<Outcome>;
    fn side_to_move(&self) -> Side;
    /// Plies played since the start position or FEN.
    fn plies(&self) -> usize;
    /// The number of the current move as a game record counts it (1 at the start; a FEN can set
    /// it), whatever field of the variant's FEN holds it.
    fn move_number(&self) -> u32;
    /// XBoard's name for the game (`normal` for chess: no `variant` command is sent).
    fn xboard_variant(&self) -> String;
}
