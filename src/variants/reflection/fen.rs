//! FEN of §1.3: board with `*` holes, side, castling rook squares, en-passant targets (two-board
//! only, ruling 23), half-move clock (in turns), turn number. The shared frame of `mailbox::fen`
//! reads the board, side and counters; this file reads the castling and en-passant fields.

use super::board::Board;
use super::layout::Layout;
use super::piece::*;
use super::Position;
use crate::game::{Dialect, Side};
use crate::mailbox::fen::{side_field, write_board, Fen, FenCell};
use crate::mailbox::{square, Sq};
use arrayvec::ArrayVec;

/// Everything but the Zobrist key, which the caller computes. `startpos` is the layout's start.
pub fn parse(layout: &Layout, text: &str) -> Result<Position, String> {
    let mut fen = Fen::new(text, Dialect::Uci, layout.start_fen)?;
    let exists = |file, rank| layout.geometry.contains(square(file, rank));
    let squares = fen
        .board(layout.files, layout.ranks, layout.name)?
        .squares(exists)?;
    let mut board = Board::empty(layout);
    let mut key = 0;
    for (file, rank, letter) in squares {
        let Some(c) = letter else { continue };
        let sq = square(file, rank);
        let piece = from_letter(c).ok_or_else(|| format!("unknown piece '{c}'"))?;
        if kind(piece) == KING
            && board.kings[colour(piece).index()].len() >= super::board::MAX_KINGS
        {
            return Err("too many kings".into());
        }
        let kind = kind(piece);
        if is_pawn(kind) && layout.promotion[kind as usize][sq as usize] {
            return Err(format!(
                "pawn '{c}' on {} could never move again",
                layout.name_of(sq)
            ));
        }
        board.set(sq, piece, &mut key);
    }
    board.forget();
    let side = fen.side(None)?;
    let castling = parse_castling(layout, &board, fen.field().unwrap_or("-"))?;
    let ep = parse_ep(layout, &board, side, fen.field().unwrap_or("-"))?;
    let (halfmove, fullmove) = fen.counters()?;
    fen.finish()?;
    Ok(Position {
        board,
        side,
        castling,
        ep,
        halfmove,
        fullmove,
        key: 0,
        ep_key: 0,
    })
}

/// Rook squares with castling rights, in any order (ruling 24). Each needs its rook on the square.
fn parse_castling(layout: &Layout, board: &Board, field: &str) -> Result<u32, String> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    let mut rest = field;
    while !rest.is_empty() {
        let (sq, tail) = layout
            .geometry
            .parse_square(rest, crate::game::Dialect::Uci)
            .ok_or_else(|| format!("bad castling field '{field}'"))?;
        let index = layout
            .castle_rooks
            .iter()
            .position(|&s| s == sq)
            .ok_or_else(|| {
                format!(
                    "{} is not a castling rook square of {}",
                    layout.name_of(sq),
                    layout.name
                )
            })?;
        let rook_side = layout
            .castlings
            .iter()
            .find(|c| c.rook_from == sq)
            .map(|c| c.side)
            .unwrap_or(Side::White);
        if board.at(sq) != make_piece(ROOK, rook_side) {
            return Err(format!(
                "castling right for {} without its rook",
                layout.name_of(sq)
            ));
        }
        rights |= 1 << index;
        rest = tail;
    }
    Ok(rights)
}

/// En-passant targets: two-board only; each on the square a pawn of the side not to move just
/// passed over (rank 3 or 6), empty, with that pawn in front of it.
fn parse_ep(
    layout: &Layout,
    board: &Board,
    side: Side,
    field: &str,
) -> Result<ArrayVec<Sq, 2>, String> {
    let mut ep = ArrayVec::new();
    if field == "-" {
        return Ok(ep);
    }
    if !layout.two_board {
        return Err(format!("{} has no en passant", layout.name));
    }
    let mut rest = field;
    let them = side.other();
    let (rank, pawn, ahead) = match them {
        Side::White => (2, make_piece(PAWN_N, them), crate::mailbox::NORTH),
        Side::Black => (5, make_piece(PAWN_S, them), crate::mailbox::SOUTH),
    };
    while !rest.is_empty() {
        let (sq, tail) = layout
            .geometry
            .parse_square(rest, crate::game::Dialect::Uci)
            .ok_or_else(|| format!("bad en-passant field '{field}'"))?;
        if crate::mailbox::rank_of(sq) != rank
            || board.at(sq) != EMPTY
            || board.at(super::layout::offset(sq, ahead)) != pawn
        {
            return Err(format!(
                "{} is not an en-passant target here",
                layout.name_of(sq)
            ));
        }
        if ep.contains(&sq) {
            return Err(format!("{} given twice", layout.name_of(sq)));
        }
        if ep.try_push(sq).is_err() {
            return Err("at most two en-passant targets".into());
        }
        rest = tail;
    }
    ep.sort_unstable();
    Ok(ep)
}

pub fn write(layout: &Layout, pos: &Position) -> String {
    let board = write_board(layout.files, layout.ranks, |file, rank| {
        match pos.board.at(square(file, rank)) {
            OFF => FenCell::Hole,
            EMPTY => FenCell::Empty,
            p => FenCell::Piece(letter(p)),
        }
    });
    let mut castling = String::new();
    for (i, &sq) in layout.castle_rooks.iter().enumerate() {
        if pos.castling & (1 << i) != 0 {
            castling.push_str(&layout.name_of(sq));
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let mut ep: String = pos.ep.iter().map(|&sq| layout.name_of(sq)).collect();
    if ep.is_empty() {
        ep.push('-');
    }
    format!(
        "{board} {} {castling} {ep} {} {}",
        side_field(pos.side),
        pos.halfmove,
        pos.fullmove
    )
}

/// The board (holes blank) for humans.
pub fn diagram(layout: &Layout, pos: &Position) -> String {
    crate::mailbox::diagram::diagram(layout.files, layout.ranks, |file, rank| {
        match pos.board.at(square(file, rank)) {
            OFF => ' ',
            EMPTY => '.',
            p => letter(p),
        }
    })
}
