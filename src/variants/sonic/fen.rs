//! Sonic FEN: the six orthodox fields plus a 7th field with both kings' states, `Kna/Kna`
//! (docs/sonic.md §3.2). Springs belong to the variant and are never written.
//!
//! Reading is lenient where XBoard and people are: the clocks and the 7th field may be missing
//! (fresh kings `Kna/Kna` are assumed, and a king not on the board is lost), because XBoard
//! knows nothing of king forms.

use super::board::{
    kind_of, piece, rank, side_of, sq_at, Position, BISHOP, CASTLE_BK, CASTLE_BQ, CASTLE_WK,
    CASTLE_WQ, EMPTY, KING, KNIGHT, NO_SQ, PAWN, QUEEN, ROOK,
};
use super::forms::KingState;
use crate::game::Side;
use crate::mailbox::fen::{
    letter_side, parse_board, parse_counter, side_letter, write_rank, FenCell,
};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Kna/Kna";
/// The start position as XBoard writes it (no king field).
pub const START_XBOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn piece_of(c: char) -> Option<u8> {
    let kind = match c.to_ascii_lowercase() {
        'p' => PAWN,
        'n' => KNIGHT,
        'b' => BISHOP,
        'r' => ROOK,
        'q' => QUEEN,
        'k' => KING,
        _ => return None,
    };
    Some(piece(letter_side(c), kind))
}

fn char_of(p: u8) -> char {
    side_letter(
        ['?', 'p', 'n', 'b', 'r', 'q', 'k', '?'][kind_of(p) as usize],
        side_of(p),
    )
}

/// Parses a FEN into a position (key computed).
pub fn parse(fen: &str) -> Result<Position, String> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err("empty FEN".into());
    }
    let kings_field = if fields.len() > 1 && fields[fields.len() - 1].contains('/') {
        fields.pop()
    } else {
        None
    };
    if fields.len() > 6 {
        return Err(format!("too many FEN fields in '{fen}'"));
    }
    let mut pos = Position::empty();
    let ranks = parse_board(fields[0])?;
    if ranks.len() != 8 {
        return Err(format!("{} ranks, Sonic has 8", ranks.len()));
    }
    for (i, cells) in ranks.iter().enumerate() {
        if cells.len() != 8 {
            return Err(format!("rank {} has {} squares, not 8", 8 - i, cells.len()));
        }
        for (f, cell) in cells.iter().enumerate() {
            let sq = sq_at(f as i8, 7 - i as i8).unwrap_or(0);
            match *cell {
                FenCell::Empty => {}
                FenCell::Hole => return Err("Sonic has no holes ('*')".into()),
                FenCell::Piece(c) => {
                    let p = piece_of(c).ok_or_else(|| format!("unknown piece '{c}'"))?;
                    if kind_of(p) == PAWN && (rank(sq) == 0 || rank(sq) == 7) {
                        return Err("pawn on the first or last rank".into());
                    }
                    if kind_of(p) == KING {
                        if pos.king_sq[side_of(p).index()] != NO_SQ {
                            return Err("two kings of one colour".into());
                        }
                        pos.king_sq[side_of(p).index()] = sq;
                    }
                    pos.board[sq as usize] = p;
                }
            }
        }
    }
    pos.side = match fields.get(1).copied().unwrap_or("w") {
        "w" => Side::White,
        "b" => Side::Black,
        s => return Err(format!("bad side to move '{s}'")),
    };
    let castling = fields.get(2).copied().unwrap_or("-");
    if castling != "-" {
        for c in castling.chars() {
            let (bit, king, rook) = match c {
                'K' => (CASTLE_WK, 4, 7),
                'Q' => (CASTLE_WQ, 4, 0),
                'k' => (CASTLE_BK, 60, 63),
                'q' => (CASTLE_BQ, 60, 56),
                _ => return Err(format!("bad castling field '{castling}'")),
            };
            let side = letter_side(c);
            // A right whose king or rook is not at home cannot be used: drop it.
            if pos.board[king] == piece(side, KING) && pos.board[rook] == piece(side, ROOK) {
                pos.castling |= bit;
            }
        }
    }
    let ep = fields.get(3).copied().unwrap_or("-");
    if ep != "-" {
        let (f, r, rest) = crate::mailbox::parse_coords(ep, 1)
            .ok_or_else(|| format!("bad en-passant square '{ep}'"))?;
        let wanted = if pos.side == Side::White { 5 } else { 2 };
        if !rest.is_empty() || f >= 8 || r != wanted {
            return Err(format!("bad en-passant square '{ep}'"));
        }
        let sq = sq_at(f as i8, r as i8).unwrap_or(NO_SQ);
        // Keep it only when a pawn really skipped it (one stands right past it, the square is empty).
        let pawn_sq = if pos.side == Side::White {
            sq - 8
        } else {
            sq + 8
        };
        let them = pos.side.other();
        if pos.board[sq as usize] == EMPTY && pos.board[pawn_sq as usize] == piece(them, PAWN) {
            pos.ep = sq;
        }
    }
    pos.halfmove = parse_counter(fields.get(4).copied(), 0, "half-move clock")?;
    pos.fullmove = parse_counter(fields.get(5).copied(), 1, "move number")?.max(1);
    match kings_field {
        Some(field) => {
            let (w, b) = field
                .split_once('/')
                .ok_or_else(|| format!("bad king field '{field}'"))?;
            pos.kings = [KingState::parse(w)?, KingState::parse(b)?];
        }
        // XBoard's six fields: fresh kings, and a king missing from the board was captured
        // (the game is over) — what `write` gives XBoard for such a position.
        None => {
            for side in [Side::White, Side::Black] {
                if pos.king_sq[side.index()] == NO_SQ {
                    pos.kings[side.index()] = KingState::Lost;
                }
            }
        }
    }
    if pos.kings.iter().all(|k| *k == KingState::Lost) {
        return Err("no king on the board: a game ends when the first is captured".into());
    }
    for side in [Side::White, Side::Black] {
        let lost = pos.kings[side.index()] == KingState::Lost;
        let on_board = pos.king_sq[side.index()] != NO_SQ;
        if lost == on_board {
            return Err(format!(
                "{} king field does not match the board",
                side.name()
            ));
        }
        if matches!(pos.kings[side.index()], KingState::Pending { .. }) && side != pos.side {
            return Err("only the side to move can have a pending form choice".into());
        }
    }
    if pos.king_lost().is_none() {
        pos.ep_in_key = pos.ep_capturable();
    }
    pos.key = pos.compute_key();
    Ok(pos)
}

/// Writes the position as a FEN. `with_kings`: append the 7th field.
pub fn write(pos: &Position, with_kings: bool) -> String {
    let mut out = String::new();
    for r in (0..8).rev() {
        let cells = (0..8).map(|f| {
            let p = pos.board[(r * 8 + f) as usize];
            if p == EMPTY {
                FenCell::Empty
            } else {
                FenCell::Piece(char_of(p))
            }
        });
        write_rank(cells, &mut out);
        if r > 0 {
            out.push('/');
        }
    }
    out.push_str(if pos.side == Side::White {
        " w "
    } else {
        " b "
    });
    if pos.castling == 0 {
        out.push('-');
    }
    for (bit, c) in [
        (CASTLE_WK, 'K'),
        (CASTLE_WQ, 'Q'),
        (CASTLE_BK, 'k'),
        (CASTLE_BQ, 'q'),
    ] {
        if pos.castling & bit != 0 {
            out.push(c);
        }
    }
    out.push(' ');
    if pos.ep == NO_SQ {
        out.push('-');
    } else {
        out.push_str(&super::board::name(pos.ep));
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    if with_kings {
        out.push_str(&format!(" {}/{}", pos.kings[0].text(), pos.kings[1].text()));
    }
    out
}
