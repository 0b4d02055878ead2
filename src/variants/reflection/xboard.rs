//! XBoard face of Reflection: the `setup` line (holes as `*`) and reading back the FEN XBoard
//! sends in `setboard`.

use super::fen;
use super::layout::Layout;
use super::Position;

/// XBoard's piece-to-char table with our letters: P N B R Q at their usual places, the south,
/// east and west pawns on the slots of XBoard pieces that carry those letters, K last.
pub const PIECE_TO_CHAR: &str = "PNBRQ....E.W........SKpnbrq....e.w........sk";

/// XBoard parent variant: `fairy` board rules with legality testing off.
pub const PARENT: &str = "fairy";

pub fn setup(layout: &Layout) -> Vec<String> {
    vec![format!(
        "setup ({PIECE_TO_CHAR}) {}x{}+0_{PARENT} {}",
        layout.files, layout.ranks, layout.start_fen
    )]
}

/// XBoard writes our own FEN back (same letters, `*` holes, the castling field we sent).
pub fn parse_fen(layout: &Layout, text: &str) -> Result<Position, String> {
    fen::parse(layout, text)
}
