//! A Reflection board as its players see it: holes left out, the home zones where the zone rule
//! holds, the d|e line of the 8x8 arrays, the gap between the two boards, each pawn's direction,
//! and which pieces are paired (a paired piece never moves alone).

use super::piece::*;
use super::Reflection;
use crate::board_view::{BoardView, Divider};
use crate::mailbox::{file_of, rank_of};

fn shown(kind: u8) -> (&'static str, &'static str, &'static str) {
    match kind {
        KING => ("king", "King", ""),
        QUEEN => ("queen", "Queen", ""),
        ROOK => ("rook", "Rook", ""),
        BISHOP => ("bishop", "Bishop", ""),
        KNIGHT => ("knight", "Knight", ""),
        PAWN_N => ("pawn-n", "Pawn moving north", "↑"),
        PAWN_S => ("pawn-s", "Pawn moving south", "↓"),
        PAWN_E => ("pawn-e", "Pawn moving east", "→"),
        _ => ("pawn-w", "Pawn moving west", "←"),
    }
}

pub fn board_view(game: &Reflection) -> BoardView {
    let layout = game.layout();
    let pos = game.position();
    let mut view = BoardView::rectangle(layout.files, layout.ranks, pos.side);
    view.retain_cells(|c| {
        layout
            .geometry
            .contains(crate::mailbox::square(c.file as usize, c.rank as usize))
    });
    for &sq in &layout.squares {
        let (file, rank) = (file_of(sq), rank_of(sq));
        if layout.two_board {
            continue;
        }
        match layout.area[sq as usize] {
            1 => view.mark(file, rank, "zone-white"),
            2 => view.mark(file, rank, "zone-black"),
            _ => {}
        }
    }
    if layout.two_board {
        view.dividers.push(Divider {
            kind: "boards",
            after: 7,
            label: "two boards: no piece crosses between h and i".into(),
        });
    }
    if layout.de_rule {
        view.dividers.push(Divider {
            kind: "capture-line",
            after: 3,
            label: "d|e line: no capture crosses it".into(),
        });
    }
    for &sq in &layout.squares {
        let p = pos.board.at(sq);
        if p == EMPTY || p == OFF {
            continue;
        }
        let side = colour(p);
        let (glyph, name, arrow) = shown(kind(p));
        let partner = layout.mirror(side, sq);
        let paired =
            partner != 0 && partner != sq && pos.board.at(partner) == layout.mirror_piece(side, p);
        let piece = view.piece(layout.name_of(sq), side, glyph, letter(p), name);
        if !arrow.is_empty() {
            piece.badges.push(arrow.to_string());
        }
        if paired {
            piece.title = format!("{}, paired with {}", piece.title, layout.name_of(partner));
        } else {
            piece.title.push_str(", unpaired (moves alone)");
            piece.badges.push("1".into());
        }
    }
    view.notes.push(
        "White owns the upper-case armies; a paired piece moves together with its mirror piece. \
         Pieces marked 1 are unpaired and move alone."
            .into(),
    );
    view
}
