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

pub fn setup(layout: &Layout) -> Result<Vec<String>, String> {
    let start = write(layout, &fen::parse(layout, layout.start_fen)?);
    Ok(vec![format!(
        "setup ({PIECE_TO_CHAR}) {}x{}+0_{PARENT} {start}",
        layout.files, layout.ranks
    )])
}

/// The FEN XBoard is given: our board and side, but `-` for castling and en passant. XBoard
/// 4.9.1 can hold neither (its castling model is a king and two rooks on each side's back rank;
/// a field like `d1k1d14k14a4a11n4n11` read as nothing and garbled its e.p. field to `d<`,
/// measured), so it always writes `-` back; what it cannot carry the engine keeps from its own
/// game when XBoard's board is one it knows (docs/protocol.md, "What XBoard's FEN cannot carry").
pub fn write(layout: &Layout, pos: &Position) -> String {
    let full = fen::write(layout, pos);
    let mut fields: Vec<&str> = full.split(' ').collect();
    if fields.len() > 3 {
        fields[2] = "-";
        fields[3] = "-";
    }
    fields.join(" ")
}

/// Reads a FEN from XBoard. Board, side and counters are XBoard's. Castling: our own square form
/// (a person's `setboard`) is read as such; anything else (XBoard's `-`, `KQkq`) cannot be ours,
/// so every right whose king and rook stand on their start squares is assumed. En passant (the
/// two-board game only): our own form when it is a valid target, else none.
pub fn parse_fen(layout: &Layout, text: &str) -> Result<Position, String> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 {
        return fen::parse(layout, text);
    }
    let castling = fields.get(2).copied().unwrap_or("-");
    let ep = fields.get(3).copied().unwrap_or("-");
    for field in fields.iter_mut().skip(2).take(2) {
        *field = "-";
    }
    let mut pos = fen::parse(layout, &fields.join(" "))?;
    let ours = |castling: &str, ep: &str| {
        let mut fields = fields.clone();
        fields.truncate(2);
        fields.extend([castling, ep]);
        fields.extend(text.split_whitespace().skip(4));
        fen::parse(layout, &fields.join(" ")).ok()
    };
    match ours(castling, "-") {
        Some(exact) if castling != "-" => pos.castling = exact.castling,
        _ => {
            for c in &layout.castlings {
                if pos.board.at(c.king_from) == make_piece(KING, c.side)
                    && pos.board.at(c.rook_from) == make_piece(ROOK, c.side)
                {
                    pos.castling |= c.right;
                }
            }
        }
    }
    if let Some(exact) = ours("-", ep) {
        pos.ep = exact.ep;
    }
    Ok(pos)
}
