//! How XBoard 4.9.1 learns this game: `setup (PIECES) 13x10+0_xiangqi FEN`.
//!
//! The parenthesised piece table assigns a FEN letter to each of XBoard's internal piece types in
//! the order of its `ChessSquare` enum (Pawn, Knight, Bishop, Rook, Queen, Ferz, Alfil, Angel,
//! Marshall, Wazir, Man, Cannon, Nightrider, Cardinal, ...), `.` for unused types; the last letter
//! of each colour's half is the type XBoard calls King. We keep XBoard's own xiangqi pieces where a
//! piece is the same (horse = Knight `H`, rook, guard = Ferz, bull = Alfil, king = Wazir — XBoard's
//! palace-bound xiangqi general — and cannon), give the bear the Bishop slot and the rhino the
//! Cardinal slot (the Nightrider slot would draw it with the horse's image). The letters are then
//! exactly ours, so XBoard's FENs use our letters: measured under Xvfb, XBoard sends the second
//! engine
//! `setboard ribhugkguhbir/13/1c9c1/p1p1p1p1p1p1p/13/13/P1P1P1P1P1P1P/1C9C1/13/RIBHUGKGUHBIR w 0 1`
//! after this setup (no castling / e.p. fields, as with every xiangqi parent).
//! XBoard cannot know the bear, rhino, pawn back-step or freeing: play with legality testing off.
//! Seen under Xvfb (docs/sin-yeon-sang-gi-xboard.png): a 13x10 board with every piece in place;
//! XBoard shades its xiangqi palace on files d-f whatever the width (cosmetic only).

use super::START_FEN;

/// White half then black half of the piece table (see the module comment).
pub const PIECE_TABLE: &str = "PHBR.GU..K.C.I.phbr.gu..k.c.i.";

pub fn setup_lines() -> Vec<String> {
    vec![format!("setup ({PIECE_TABLE}) 13x10+0_xiangqi {START_FEN}")]
}
