//! A palace game's board as its players know it: pieces on the points, the river between ranks 5
//! and 6, a palace (with its diagonals) on each back edge, the players called Red and Black.

use super::{colour_index, Kind, PalaceGame, Ruleset, PALACE, RANKS};
use crate::board_view::{BoardView, Divider, Style};
use crate::game::{Dialect, Side};
use crate::mailbox::{square, square_name};

impl<R: Ruleset> PalaceGame<R> {
    pub fn view(&self) -> BoardView {
        let mut view = BoardView::rectangle(R::FILES, RANKS, self.side());
        view.style = Style::Points;
        view.side_names = [super::position::side_name(Side::White), "Black"];
        view.dividers.push(Divider {
            kind: "river",
            after: RANKS / 2 - 1,
            label: "river".into(),
        });
        for rank in 0..RANKS {
            for file in 0..R::FILES {
                let sq = square(file, rank);
                let zones = R::zones()[sq as usize];
                if zones & PALACE != 0 {
                    view.mark(file, rank, "palace-white");
                }
                if zones & (PALACE << 1) != 0 {
                    view.mark(file, rank, "palace-black");
                }
                let Some(kind) = self.kind_at(sq) else {
                    continue;
                };
                let side = if colour_index(self.cells()[sq as usize]) == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                let letter = R::letter(kind, Dialect::Uci).unwrap_or('?');
                let letter = crate::mailbox::fen::side_letter(letter, side);
                view.piece(
                    square_name(file, rank, 1),
                    side,
                    glyph(kind),
                    letter,
                    R::piece_name(kind),
                )
                .hanzi = Some(R::hanzi(kind, side));
            }
        }
        if R::FREEING && self.freed() {
            view.notes
                .push("A side has no pawn left: guards and bulls are free.".into());
        }
        view
    }
}

fn glyph(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "soldier",
        Kind::Guard => "guard",
        Kind::Bull => "elephant",
        Kind::Horse => "horse",
        Kind::Cannon => "cannon",
        Kind::Rook => "chariot",
        Kind::King => "general",
        Kind::Bear => "bear",
        Kind::Rhino => "rhino",
    }
}
