//! FEN of §1.3: board with `*` holes, side, castling rook squares, en-passant targets (two-board
//! only, ruling 23), half-move clock (in turns), turn number.

use super::board::Board;
use super::layout::Layout;
use super::piece::*;
use super::Position;
use crate::game::Side;
use crate::mailbox::fen::{parse_board, parse_counter, write_rank, FenCell};
use crate::mailbox::{square, Sq};
use arrayvec::ArrayVec;

/// Everything but the Zobrist key, which the caller computes.
pub fn parse(layout: &Layout, fen: &str) -> Result<Position, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 2 {
        return Err("FEN needs at least a board and a side to move".into());
    }
    let rows = parse_board(fields[0])?;
    if rows.len() != layout.ranks {
        return Err(format!(
            "{} needs {} ranks, the FEN has {}",
            layout.name,
            layout.ranks,
            rows.len()
        ));
    }
    let mut board = Board::empty(layout);
    let mut key = 0;
    for (i, row) in rows.iter().enumerate() {
        let rank = layout.ranks - 1 - i;
        if row.len() != layout.files {
            return Err(format!(
                "rank {} has {} squares, {} needs {}",
                rank + 1,
                row.len(),
                layout.name,
                layout.files
            ));
        }
        for (file, cell) in row.iter().enumerate() {
            let sq = square(file, rank);
            let exists = layout.geometry.contains(sq);
            match *cell {
                FenCell::Hole if exists => {
                    return Err(format!("{} is a square, not a hole", layout.name_of(sq)))
                }
                FenCell::Hole => {}
                _ if !exists => {
                    return Err(format!(
                        "{} has a hole at file {} rank {}",
                        layout.name,
                        file + 1,
                        rank + 1
                    ))
                }
                FenCell::Empty => {}
                FenCell::Piece(c) => {
                    let piece = from_letter(c).ok_or_else(|| format!("unknown piece '{c}'"))?;
                    if kind_of(piece) == KING
                        && board.kings[side_of(piece).index()].len() >= super::board::MAX_KINGS
                    {
                        return Err("too many kings".into());
                    }
                    let kind = kind_of(piece);
                    if is_pawn(kind) && layout.promotion[kind as usize][sq as usize] {
                        return Err(format!(
                            "pawn '{c}' on {} could never move again",
                            layout.name_of(sq)
                        ));
                    }
                    board.set(sq, piece, &mut key);
                }
            }
        }
    }
    board.forget();
    let side = match fields[1] {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(format!("side to move must be w or b, not '{other}'")),
    };
    let castling = parse_castling(layout, &board, fields.get(2).copied().unwrap_or("-"))?;
    let ep = parse_ep(layout, &board, side, fields.get(3).copied().unwrap_or("-"))?;
    let halfmove = parse_counter(fields.get(4).copied(), 0, "half-move clock")?;
    let fullmove = parse_counter(fields.get(5).copied(), 1, "turn number")?.max(1);
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
        if board.at(sq) != make_piece(rook_side, ROOK) {
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
        Side::White => (2, make_piece(them, PAWN_N), crate::mailbox::NORTH),
        Side::Black => (5, make_piece(them, PAWN_S), crate::mailbox::SOUTH),
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
    let mut out = String::new();
    for rank in (0..layout.ranks).rev() {
        let cells = (0..layout.files).map(|file| match pos.board.at(square(file, rank)) {
            OFF => FenCell::Hole,
            EMPTY => FenCell::Empty,
            p => FenCell::Piece(letter(p)),
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
    let mut castling = String::new();
    for (i, &sq) in layout.castle_rooks.iter().enumerate() {
        if pos.castling & (1 << i) != 0 {
            castling.push_str(&layout.name_of(sq));
        }
    }
    out.push_str(if castling.is_empty() { "-" } else { &castling });
    out.push(' ');
    if pos.ep.is_empty() {
        out.push('-');
    } else {
        for &sq in &pos.ep {
            out.push_str(&layout.name_of(sq));
        }
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}
