//! Chess FEN (X-FEN-compatible for the standard array) and the text diagram: the shared frame of
//! `mailbox::fen` with chess's checks (one king each, no pawn on the first or last rank, the side
//! not to move not in check, rights and e.p. kept only where they can be used).

use super::movegen::SQUARES;
use super::position::*;
use crate::game::{Dialect, Side};
use crate::mailbox::chessmen::CASTLING_LETTERS;
use crate::mailbox::{
    self,
    fen::{castling_letters, ep_square, side_field, write_board},
    fen::{Fen, FenCell},
};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub use crate::mailbox::chessmen::{piece_char, piece_from_char};

/// Parses a FEN; rejects anything that is not a legal chess position to play on.
pub fn parse(text: &str, dialect: Dialect) -> Result<Chess, String> {
    let mut fen = Fen::new(text, dialect, START)?;
    let board = fen.board(8, 8, "chess")?;
    let mut pos = Chess::empty();
    for (f, rank, letter) in board.squares(|_, _| true)? {
        let Some(c) = letter else { continue };
        let p = piece_from_char(c).ok_or_else(|| format!("unknown piece '{c}'"))?;
        if kind(p) == PAWN && (rank == 0 || rank == 7) {
            return Err("pawn on the first or last rank".into());
        }
        pos.board[sq(f, rank) as usize] = p;
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
    pos.side = fen.side(None)?;
    // Keep only rights whose king and rook stand on their home squares.
    for (side, short) in castling_letters(fen.field().unwrap_or("-"))? {
        let rank = if side == Side::White { 0 } else { 7 };
        let rook_file = if short { 7 } else { 0 };
        if pos.board[sq(4, rank) as usize] == make_piece(KING, side)
            && pos.board[sq(rook_file, rank) as usize] == make_piece(ROOK, side)
        {
            pos.castling |= castling_bit(side, short);
        }
    }
    if let Some((f, r)) = ep_square(fen.field().unwrap_or("-"), pos.side, 8, 8)? {
        let ep = sq(f, r);
        if super::movegen::ep_capture_possible(&pos, ep, pos.side) {
            pos.ep = Some(ep);
        }
    }
    (pos.halfmove, pos.fullmove) = fen.counters()?;
    fen.finish()?;
    pos.finish_setup();
    if pos.king_attacked(pos.side.other()) {
        return Err("the side not to move is in check".into());
    }
    Ok(pos)
}

/// The castling-right bit of `side` on the king's wing (`short`) or the queen's.
fn castling_bit(side: Side, short: bool) -> u8 {
    match (side, short) {
        (Side::White, true) => WHITE_SHORT,
        (Side::White, false) => WHITE_LONG,
        (Side::Black, true) => BLACK_SHORT,
        (Side::Black, false) => BLACK_LONG,
    }
}

pub fn write(pos: &Chess) -> String {
    let board = write_board(8, 8, |f, rank| match pos.board[sq(f, rank) as usize] {
        EMPTY => FenCell::Empty,
        p => FenCell::Piece(piece_char(p)),
    });
    let mut rights = String::new();
    for (bit, c) in CASTLING_LETTERS {
        if pos.castling & bit != 0 {
            rights.push(c);
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    let ep = match pos.ep {
        Some(s) => mailbox::square_name(mailbox::file_of(s), mailbox::rank_of(s), 1),
        None => "-".into(),
    };
    format!(
        "{board} {} {rights} {ep} {} {}",
        side_field(pos.side),
        pos.halfmove,
        pos.fullmove
    )
}

pub fn diagram(pos: &Chess) -> String {
    mailbox::diagram::diagram(8, 8, |f, rank| match pos.board[sq(f, rank) as usize] {
        EMPTY => '.',
        p => piece_char(p),
    })
}
