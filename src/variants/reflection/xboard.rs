//! XBoard face of Reflection: the `setup` line (holes as `*`) and reading back the FEN XBoard
//! sends in `setboard`.

use super::fen;
use super::layout::Layout;
use super::piece::*;
use super::Position;

/// XBoard's piece-to-char table (white half, then black; the last letter of each half is the
/// king): our letters on the slots XBoard's default table gives them, `.` for pieces not in play.
pub const PIECE_TO_CHAR: &str = "PNBRQ.E..W.........S.Kpnbrq.e..w.........s.k";

/// With parent `lion` XBoard relays the mover's null move `@@@@` to the other engine as a move,
/// which is how a pair turn travels (see docs/reflection.md).
pub const PARENT: &str = "lion";

pub fn setup(layout: &Layout) -> Vec<String> {
    vec![format!(
        "setup ({PIECE_TO_CHAR}) {}x{}+0_{PARENT} {}",
        layout.files, layout.ranks, layout.start_fen
    )]
}

/// XBoard sends back our board field, but it may rewrite the castling field (it knows only KQkq
/// and file letters) and the counters. Our own form is read as such; otherwise every castling
/// right whose king and rook still stand on their start squares is granted.
pub fn parse_fen(layout: &Layout, text: &str) -> Result<Position, String> {
    if let Ok(pos) = fen::parse(layout, text) {
        return Ok(pos);
    }
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 {
        return fen::parse(layout, text);
    }
    let xboard_castling = fields.get(2).copied().unwrap_or("-");
    if fields.len() > 2 {
        fields[2] = "-";
    }
    if fields.len() > 3 && !layout.two_board {
        fields[3] = "-";
    }
    let mut pos = fen::parse(layout, &fields.join(" "))?;
    if xboard_castling != "-" {
        for c in &layout.castlings {
            if pos.board.at(c.king_from) == make_piece(c.side, KING)
                && pos.board.at(c.rook_from) == make_piece(c.side, ROOK)
            {
                pos.castling |= c.right;
            }
        }
    }
    Ok(pos)
}
