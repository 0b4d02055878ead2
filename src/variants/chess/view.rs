//! The chess board as a person sees it.

use super::fen::piece_char;
use super::position::{colour, kind, Chess, EMPTY};
use crate::board_view::BoardView;
use crate::mailbox::chessmen::VIEW_NAMES;
use crate::mailbox::{square, square_name};

pub fn board_view(pos: &Chess) -> BoardView {
    let mut view = BoardView::rectangle(8, 8, pos.side);
    for rank in 0..8 {
        for file in 0..8 {
            let piece = pos.board[square(file, rank) as usize];
            if piece == EMPTY {
                continue;
            }
            let (glyph, name) = VIEW_NAMES[kind(piece) as usize - 1];
            view.piece(
                square_name(file, rank, 1),
                colour(piece),
                glyph,
                piece_char(piece),
                name,
            );
        }
    }
    view
}
