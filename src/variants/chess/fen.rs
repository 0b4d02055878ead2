//! Chess FEN (X-FEN-compatible for the standard array) and the text diagram.

use super::movegen::SQUARES;
use super::position::*;
use crate::game::{Dialect, Side};
use crate::mailbox::{
    self,
    fen::{letter_side, parse_board, parse_counter, side_letter, write_rank, FenCell},
};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn piece_from_char(c: char) -> Option<u8> {
    let kind = match c.to_ascii_lowercase() {
        'p' => PAWN,
        'n' => KNIGHT,
        'b' => BISHOP,
        'r' => ROOK,
        'q' => QUEEN,
        'k' => KING,
        _ => return None,
    };
    Some(make_piece(kind, letter_side(c)))
}

pub fn piece_char(piece: u8) -> char {
    side_letter(b" pnbrqk"[kind(piece) as usize] as char, colour(piece))
}

/// Parses a FEN; rejects anything that is not a legal chess position to play on.
pub fn parse(text: &str, _dialect: Dialect) -> Result<Chess, String> {
    let text = if text.trim() == "startpos" {
        START
    } else {
        text
    };
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 6 {
        return Err(format!(
            "a chess FEN has 2 to 6 fields, this one has {}",
            fields.len()
        ));
    }
    let ranks = parse_board(fields[0])?;
    if ranks.len() != 8 {
        return Err(format!("a chess board has 8 ranks, not {}", ranks.len()));
    }
    let mut pos = Chess::empty();
    for (i, cells) in ranks.iter().enumerate() {
        if cells.len() != 8 {
            return Err(format!("rank {} has {} squares, not 8", 8 - i, cells.len()));
        }
        for (f, cell) in cells.iter().enumerate() {
            let rank = 7 - i;
            match *cell {
                FenCell::Empty => {}
                FenCell::Hole => return Err("chess has no holes".into()),
                FenCell::Piece(c) => {
                    let p = piece_from_char(c).ok_or_else(|| format!("unknown piece '{c}'"))?;
                    if kind(p) == PAWN && (rank == 0 || rank == 7) {
                        return Err("pawn on the first or last rank".into());
                    }
                    pos.board[sq(f, rank) as usize] = p;
                }
            }
        }
    }
    for side in [Side::White, Side::Black] {
        let kings = SQUARES
            .iter()
            .filter(|&&s| pos.board[s as usize] == make_piece(KING, side))
            .count();
        if kings != 1 {
            return Err(format!("{} must have exactly one king", side.name()));
        }
    }
    pos.side = match fields[1] {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(format!("side to move must be w or b, not '{other}'")),
    };
    let castling_field = fields.get(2).copied().unwrap_or("-");
    for c in castling_field.chars() {
        pos.castling |= match c {
            'K' => WHITE_SHORT,
            'Q' => WHITE_LONG,
            'k' => BLACK_SHORT,
            'q' => BLACK_LONG,
            '-' => 0,
            _ => return Err(format!("bad castling field '{castling_field}'")),
        };
    }
    // Keep only rights whose king and rook stand on their home squares.
    let home = |f: usize, r: usize, p: u8| pos.board[sq(f, r) as usize] == p;
    let (wk, wr, bk, br) = (
        make_piece(KING, Side::White),
        make_piece(ROOK, Side::White),
        make_piece(KING, Side::Black),
        make_piece(ROOK, Side::Black),
    );
    if !(home(4, 0, wk) && home(7, 0, wr)) {
        pos.castling &= !WHITE_SHORT;
    }
    if !(home(4, 0, wk) && home(0, 0, wr)) {
        pos.castling &= !WHITE_LONG;
    }
    if !(home(4, 7, bk) && home(7, 7, br)) {
        pos.castling &= !BLACK_SHORT;
    }
    if !(home(4, 7, bk) && home(0, 7, br)) {
        pos.castling &= !BLACK_LONG;
    }
    let ep_field = fields.get(3).copied().unwrap_or("-");
    if ep_field != "-" {
        let (f, r, rest) = mailbox::parse_coords(ep_field, 1)
            .ok_or_else(|| format!("bad en-passant square '{ep_field}'"))?;
        let expected_rank = if pos.side == Side::White { 5 } else { 2 };
        if !rest.is_empty() || f >= 8 || r != expected_rank {
            return Err(format!("bad en-passant square '{ep_field}'"));
        }
        let ep = sq(f, r);
        if super::movegen::ep_capture_possible(&pos, ep, pos.side) {
            pos.ep = Some(ep);
        }
    }
    pos.halfmove = parse_counter(fields.get(4).copied(), 0, "half-move clock")?;
    pos.fullmove = parse_counter(fields.get(5).copied(), 1, "move number")?.max(1);
    pos.finish_setup();
    if pos.king_attacked(pos.side.other()) {
        return Err("the side not to move is in check".into());
    }
    Ok(pos)
}

pub fn write(pos: &Chess) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let cells = (0..8).map(|f| match pos.board[sq(f, rank) as usize] {
            EMPTY => FenCell::Empty,
            p => FenCell::Piece(piece_char(p)),
        });
        write_rank(cells, &mut out);
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(if pos.side == Side::White {
        " w "
    } else {
        " b "
    });
    let mut rights = String::new();
    for (bit, c) in [
        (WHITE_SHORT, 'K'),
        (WHITE_LONG, 'Q'),
        (BLACK_SHORT, 'k'),
        (BLACK_LONG, 'q'),
    ] {
        if pos.castling & bit != 0 {
            rights.push(c);
        }
    }
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    match pos.ep {
        Some(s) => out.push_str(&mailbox::square_name(
            mailbox::file_of(s),
            mailbox::rank_of(s),
            1,
        )),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}

pub fn diagram(pos: &Chess) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for f in 0..8 {
            let p = pos.board[sq(f, rank) as usize];
            out.push(' ');
            out.push(if p == EMPTY { '.' } else { piece_char(p) });
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out.push_str(&format!("Fen: {}\n", write(pos)));
    out
}
