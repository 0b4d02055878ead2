//! Sonic FEN: the six orthodox fields plus a 7th field with both kings' states, `Kna/Kna`
//! (docs/sonic.md §3.2). Springs belong to the variant and are never written.
//!
//! Reading is lenient where XBoard and people are: the clocks and the 7th field may be missing
//! (fresh kings `Kna/Kna` are assumed, and a king not on the board is lost), because XBoard
//! knows nothing of king forms.

use super::board::SonicRules;
use super::board::{
    colour, kind, make_piece, rank, sq_at, Position, BLACK_LONG, BLACK_SHORT, EMPTY, KING, PAWN,
    ROOK, WHITE_LONG, WHITE_SHORT,
};
use super::forms::KingState;
use crate::game::{Dialect, Side};
use crate::mailbox::chessmen::{piece_char, piece_from_char, CASTLING_LETTERS};
use crate::mailbox::fen::{castling_letters, ep_square, side_field};
use crate::mailbox::fen::{write_board, Fen, FenCell};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Kna/Kna";
/// The start position as XBoard writes it (no king field).
pub const START_XBOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Parses a FEN (or `startpos`) into a position (key computed).
pub fn parse(text: &str) -> Result<Position, String> {
    let mut fen = Fen::new(text, Dialect::Uci, START)?;
    let kings_field = fen.last_field_if(|f| f.contains('/'));
    let mut pos = Position::empty();
    for (f, r, letter) in fen.board(8, 8, "Sonic")?.squares(|_, _| true)? {
        let Some(c) = letter else { continue };
        let sq = sq_at(f as i8, r as i8).unwrap_or(0);
        let p = piece_from_char(c).ok_or_else(|| format!("unknown piece '{c}'"))?;
        if kind(p) == PAWN && (rank(sq) == 0 || rank(sq) == 7) {
            return Err("pawn on the first or last rank".into());
        }
        if kind(p) == KING {
            if pos.king_sq[colour(p).index()].is_some() {
                return Err("two kings of one colour".into());
            }
            pos.king_sq[colour(p).index()] = Some(sq);
        }
        pos.board[sq as usize] = p;
    }
    pos.side = fen.side(Some(Side::White))?;
    for (side, short) in castling_letters(fen.field().unwrap_or("-"))? {
        let (bit, king, rook) = match (side, short) {
            (Side::White, true) => (WHITE_SHORT, 4, 7),
            (Side::White, false) => (WHITE_LONG, 4, 0),
            (Side::Black, true) => (BLACK_SHORT, 60, 63),
            (Side::Black, false) => (BLACK_LONG, 60, 56),
        };
        // A right whose king or rook is not at home cannot be used: drop it.
        if pos.board[king] == make_piece(KING, side) && pos.board[rook] == make_piece(ROOK, side) {
            pos.castling |= bit;
        }
    }
    let ep = ep_square(fen.field().unwrap_or("-"), pos.side, 8, 8)?;
    if let Some(sq) = ep.and_then(|(f, r)| sq_at(f as i8, r as i8)) {
        // Keep it only when a pawn really skipped it (one stands right past it, the square is empty).
        let pawn_sq = if pos.side == Side::White {
            sq - 8
        } else {
            sq + 8
        };
        let them = pos.side.other();
        if pos.board[sq as usize] == EMPTY && pos.board[pawn_sq as usize] == make_piece(PAWN, them)
        {
            pos.ep = Some(sq);
        }
    }
    (pos.halfmove, pos.fullmove) = fen.counters()?;
    fen.finish()?;
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
                if pos.king_sq[side.index()].is_none() {
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
        let on_board = pos.king_sq[side.index()].is_some();
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
    let board = write_board(8, 8, |f, r| match pos.board[r * 8 + f] {
        EMPTY => FenCell::Empty,
        p => FenCell::Piece(piece_char(p)),
    });
    let mut out = format!("{board} {} ", side_field(pos.side));
    if pos.castling == 0 {
        out.push('-');
    }
    for (bit, c) in CASTLING_LETTERS {
        if pos.castling & bit != 0 {
            out.push(c);
        }
    }
    out.push(' ');
    match pos.ep {
        Some(ep) => out.push_str(&super::board::name(ep)),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    if with_kings {
        out.push_str(&format!(" {}/{}", pos.kings[0].text(), pos.kings[1].text()));
    }
    out
}

/// The board (springs as `*` on empty squares), the side to move, the kings' forms and the
/// Crooked option.
pub fn diagram(pos: &Position, rules: &SonicRules) -> String {
    let mut out = crate::mailbox::diagram::diagram(8, 8, |f, r| {
        let sq = (r * 8 + f) as u8;
        match pos.board[sq as usize] {
            EMPTY if rules.spring(sq) => '*',
            EMPTY => '.',
            p => piece_char(p),
        }
    });
    out.push_str(&format!(
        "{} to move, kings {}/{}{}\n",
        pos.side.name(),
        pos.kings[0].text(),
        pos.kings[1].text(),
        if rules.crooked { ", Crooked" } else { "" }
    ));
    out
}
