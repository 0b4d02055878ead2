//! The hexagonal board as a person must see it: the 91 cells at their centres (half-rank steps,
//! as the rules doc draws them), Gliński's three cell colours as marks, and the pieces; the browser
//! board draws them as hexagons (`Style::Hexes`).

use super::position::{colour, kind, piece_char, EMPTY};
use super::SonicHexagonal;
use crate::board_view::{BoardView, CellView, Style};
use crate::mailbox::chessmen::VIEW_NAMES;
use crate::mailbox::hex;

const COLOURS: [&str; 3] = ["hex-medium", "hex-light", "hex-dark"];

pub fn board_view(game: &SonicHexagonal) -> BoardView {
    let pos = game.position();
    let mut view = BoardView::rectangle(11, 11, pos.side);
    view.style = Style::Hexes;
    view.file_names = hex::FILES
        .iter()
        .map(|&f| (f as char).to_string())
        .collect();
    // Ranks bend at file f, so no row of the drawing is one rank: the cells carry their names.
    view.rank_names = vec![String::new(); 11];
    // A cell's centre: file q + 5, and half a rank per line of the doc's drawing (f1 at 0).
    view.cells = hex::cells()
        .map(|c| {
            let (q, r) = hex::coords(c);
            CellView {
                name: hex::name(c),
                file: (q + 5) as f32,
                rank: f32::from(2 * r - q + 10) / 2.0,
                marks: vec![COLOURS[hex::colour(c) as usize]],
            }
        })
        .collect();
    for c in hex::cells() {
        let p = pos.at(c);
        if p == EMPTY {
            continue;
        }
        let (glyph, name) = VIEW_NAMES[kind(p) as usize - 1];
        view.piece(hex::name(c), colour(p), glyph, piece_char(p), name);
    }
    view
}
