//! What the referee needs to know about a game, and nothing more: the interface a rules engine
//! implements (Kaleido implements it over its `Session`). The referee itself knows no game.

/// The words the referee shares with the rules engine, from the vocabulary crate: one definition
/// on both sides of the interface, nothing to map.
pub use kaleido_vocab::{Dialect, MoveError, Outcome, Side};

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
