//! How XBoard 4.9.1 learns this game: `setup (PIECES) 13x10+0_xiangqi FEN`.
//!
//! The parenthesised piece table assigns a FEN letter to each of XBoard's internal piece types in
//! the order of its `ChessSquare` enum (Pawn, Knight, Bishop, Rook, Queen, Ferz, Alfil, Angel,
//! Marshall, Wazir, Man, Cannon, Nightrider, ...), `.` for unused types; the last letter of each
//! colour's half is the type XBoard calls King. We keep XBoard's own xiangqi pieces where a piece
//! is the same (horse = Knight `H`, rook, guard = Ferz, bull = Alfil, king = Wazir — XBoard's
//! palace-bound xiangqi general — and cannon) and give the bear the Bishop and the rhino the
//! Nightrider slot. The letters are then exactly ours, so XBoard's FENs use our letters: measured
//! under Xvfb, XBoard sends the second engine
//! `setboard ribhugkguhbir/13/1c9c1/p1p1p1p1p1p1p/13/13/P1P1P1P1P1P1P/1C9C1/13/RIBHUGKGUHBIR w 0 1`
//! after this setup (no castling / e.p. fields, as with every xiangqi parent).
//! XBoard cannot know the bear, rhino, pawn back-step or freeing: play with legality testing off.

use super::START_FEN;

/// White half then black half of the piece table (see the module comment).
pub const PIECE_TABLE: &str = "PHBR.GU..K.CI.phbr.gu..k.ci.";

pub fn setup_lines() -> Vec<String> {
    vec![format!("setup ({PIECE_TABLE}) 13x10+0_xiangqi {START_FEN}")]
}
