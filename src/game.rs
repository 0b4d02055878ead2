//! The core contract every variant implements, in two traits: [`Rules`], all that search, perft,
//! SEE, the transposition table and evaluation see, and [`Notation`], the game's texts (FEN, moves
//! in each dialect, XBoard setup). What a person sees on a board (`presentation`) and the tuner's
//! trace (`eval`) are traits of the layers above; `presentation::Game` bundles them all for the
//! front ends. Every rule of every game lives behind these traits, in its folder under `variants/`.

use arrayvec::ArrayVec;
use std::fmt;

/// Room for the widest position of any variant (Symmetron and Reflection exceed 256 moves).
pub const MAX_MOVES: usize = 1024;
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// XBoard's null move: between the parts of a turn XBoard cannot carry as one move, the mover
/// sends it so that XBoard hands the move back (see `Dialect::XBoard`).
pub const XBOARD_NULL_MOVE: &str = "@@@@";

/// Chess's pawn in `evaluate`'s units: the search's material margins are counted in it, and
/// it is `Rules::material_unit` unless a game says otherwise.
pub const PAWN_UNIT: Score = 100;

/// Size of the history/killer index space that `Rules::history_slot` maps into.
pub const HISTORY_SLOTS: usize = 1 << 16;

/// The vocabulary shared with the referee lives in its own crate (`vocab/`); these are its names
/// here, so that the engine says `crate::game::Side` as before.
pub use kaleido_vocab::{
    Dialect, MoveError, OptionKind, OptionSpec, Outcome, Score, Side, VariantOptions, INFINITY,
    MATE, MATE_BOUND,
};

/// One game's rules, position and history: everything the search, perft, SEE, the TT and the
/// evaluation need, and nothing a person reads. Implementations keep their own undo stack so that
/// `unmake` needs no argument and repetition rules can see the whole game.
pub trait Rules: Clone + Send + Sync + 'static {
    type Move: Copy + Eq + Send + Sync + fmt::Debug + 'static;

    fn side_to_move(&self) -> Side;
    /// Incrementally maintained Zobrist key of the position (incl. side to move and rights).
    fn key(&self) -> u64;
    /// The same key computed from scratch; tests compare the two.
    fn compute_key(&self) -> u64;
    /// Plies played since the start position or FEN (the length of the undo stack).
    fn plies(&self) -> usize;

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
    /// Brings up to date what `evaluate` reads but `make` leaves pending (a network's
    /// accumulators: `make` records the features a move changes, and most positions the search
    /// makes are never evaluated). The search calls it just before `evaluate`; `evaluate` alone
    /// gives the same score, only slower.
    fn prepare_evaluation(&mut self) {}

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
    /// The game's small change of material in `evaluate`'s and `see_ge`'s units, what a pawn
    /// is to chess (`PAWN_UNIT`): the search counts its material margins in it, so that a game
    /// whose pieces are all worth more is not pruned more eagerly for losing the same material.
    fn material_unit(&self) -> Score {
        PAWN_UNIT
    }
    /// Non-zero and unique among the legal moves of one position: what the TT stores.
    fn move_key(mv: Self::Move) -> u32;
    /// Index below `HISTORY_SLOTS` for history and killer heuristics.
    fn history_slot(&self, mv: Self::Move) -> usize;

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

/// A game's texts: its start position, FEN, moves in each dialect, what XBoard must be told of
/// it, and the names a person reads. Nothing in the search calls it; the front ends (through
/// `Session`) and the tests do.
pub trait Notation: Rules {
    /// The variant's registry name.
    fn variant(&self) -> &'static str;
    /// The start position of `variant` (one of the names this type registers) under `options`.
    fn new(variant: &str, options: &VariantOptions) -> Result<Self, String>
    where
        Self: Sized;
    /// Replaces position and history; on error `self` is unchanged.
    fn set_fen(&mut self, fen: &str, dialect: Dialect) -> Result<(), String>;
    fn fen(&self, dialect: Dialect) -> String;
    /// The number of the current move as the FEN counts it: 1 at the start, one more after each
    /// Black move. Game records number their moves from it. The default, for games whose FEN has
    /// no move number, counts from 1 at the position set up with White to move.
    fn move_number(&self) -> u32 {
        self.plies() as u32 / 2 + 1
    }

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
    /// What a person reads for a step's choice (`turn::Step::choice`) in a picker, e.g. `q` ->
    /// `Queen`; the choice's own text by default.
    fn choice_label(&self, choice: &str) -> String {
        choice.to_string()
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

/// Whether the current position (the last key) has occurred often enough for a draw by
/// repetition: three times, or in the search (`in_search`, see `Rules::rule_outcome`) twice.
/// `reversible` as for [`occurrences`].
pub fn repeated(keys: &[u64], reversible: usize, in_search: bool) -> bool {
    occurrences(keys, reversible) >= if in_search { 2 } else { 3 }
}

/// Writes, inside `impl Rules`, the methods that only read a position kept in a field `pos`
/// with fields `side` and `key` and a method `compute_key`: `side_to_move`, `key` and
/// `compute_key` (Symmetron, Sonic, hexagonal Sonic). The caller has `Side` in scope.
macro_rules! position_rules {
    () => {
        fn side_to_move(&self) -> Side {
            self.pos.side
        }
        fn key(&self) -> u64 {
            self.pos.key
        }
        fn compute_key(&self) -> u64 {
            self.pos.compute_key()
        }
    };
}
pub(crate) use position_rules;

/// Writes, inside `impl Rules`, `plies`, `generate`, `generate_noisy`, `make` and `unmake` of a
/// game whose `make` copies its position (the Sonic games): fields `pos`, `rules`, `history`
/// (the positions before each move) and `keys` (every key of the game, the current one last),
/// and a module `$movegen` with `generate(&pos, &rules, noisy, moves)` and
/// `apply(&mut pos, &rules, mv)`. The caller has `MoveList` in scope.
macro_rules! copy_make_rules {
    ($movegen:ident) => {
        fn plies(&self) -> usize {
            self.history.len()
        }
        fn generate(&self, moves: &mut MoveList<Self::Move>) {
            $movegen::generate(&self.pos, &self.rules, false, moves);
        }
        fn generate_noisy(&self, moves: &mut MoveList<Self::Move>) {
            $movegen::generate(&self.pos, &self.rules, true, moves);
        }
        fn make(&mut self, mv: Self::Move) {
            self.history.push(self.pos.clone());
            $movegen::apply(&mut self.pos, &self.rules, mv);
            self.keys.push(self.pos.key);
        }
        fn unmake(&mut self) {
            if let Some(previous) = self.history.pop() {
                self.pos = previous;
                self.keys.pop();
            }
        }
    };
}
pub(crate) use copy_make_rules;

/// The exchange value of `mv` here, found by bisection over `see_ge` (which only ever answers
/// yes or no): what the games' SEE tests compare with their hand counts.
#[cfg(test)]
pub fn exchange_value<G: Rules>(game: &G, mv: G::Move) -> Score {
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
pub fn exchange_value_of<G: Notation>(
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
    fn repetition_is_the_third_occurrence_or_in_search_the_second() {
        let twice = [1, 2, 1];
        assert!(!repeated(&twice, 10, false));
        assert!(repeated(&twice, 10, true));
        assert!(repeated(&[1, 2, 1, 2, 1], 10, false));
        assert!(
            !repeated(&twice, 1, true),
            "the earlier one lies beyond an irreversible move"
        );
    }
}
