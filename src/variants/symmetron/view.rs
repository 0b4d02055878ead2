//! The Symmetron! 112 board as its players see it: the 11x10 Arena with both palaces and the
//! central ranks, the two launching squares beside it (named `l1` and `l10`, as turns are entered),
//! and on each piece the modifiers it moves under now (sym, red) and a Can(n)on's state.

use super::board::*;
use super::position::Position;
use crate::board_view::{BoardView, CellView};
use crate::game::Side;
use crate::mailbox::{square, square_name};

/// Glyph and name of each kind, indexed like `LETTERS`.
const KINDS_SHOWN: [(&str, &str); KINDS] = [
    ("?", "?"),
    ("king", "King"),
    ("reducer", "Reducer"),
    ("shs", "SHS (symmetrizer)"),
    ("resurrector", "Resurrector"),
    ("dragon", "Dragon-Bishop"),
    ("advancer", "Advancer-Rook"),
    ("nightrider", "Slip-Nightrider"),
    ("cannon", "Can(n)on in Cannon state (rook lines)"),
    ("canon", "Can(n)on in Canon state (bishop lines)"),
    ("pawn", "Pawn"),
    ("bawn", "Bawn"),
];

/// The launching squares' cells as turns name them (`Symmetron::turn_steps`), drawn one file
/// beyond the Arena next to their owner's first rank.
const LAUNCH: [(Side, &str, f32, &str); 2] = [
    (Side::White, "l1", 0.0, "launch-white"),
    (Side::Black, "l10", (RANKS - 1) as f32, "launch-black"),
];

fn reducible(k: u8) -> bool {
    (DRAGON..=BAWN).contains(&k)
}

pub fn board_view(pos: &Position) -> BoardView {
    let mut view = BoardView::rectangle(FILES, RANKS, pos.side);
    for rank in 0..RANKS {
        for file in 0..FILES {
            let sq = square(file, rank);
            for side in [Side::White, Side::Black] {
                if in_palace(sq, side) {
                    view.mark(file, rank, palace_mark(side));
                }
            }
            if (3..=6).contains(&rank) {
                view.mark(file, rank, "central");
            }
        }
    }
    for (_, name, rank, mark) in LAUNCH {
        view.cells.push(CellView {
            name: name.into(),
            file: FILES as f32 + 0.25,
            rank,
            marks: vec![mark],
        });
    }
    for &sq in ARENA.iter() {
        let p = pos.at(sq);
        if p != EMPTY {
            let name = square_name(crate::mailbox::file_of(sq), crate::mailbox::rank_of(sq), 1);
            add_piece(&mut view, pos, p, name, Some(sq));
        }
    }
    for (side, name, _, _) in LAUNCH {
        let p = pos.at(ls_square(side));
        if p != EMPTY {
            add_piece(&mut view, pos, p, name.to_string(), None);
        }
        let held = match p {
            EMPTY => "empty".to_string(),
            p => KINDS_SHOWN[kind(p) as usize].1.to_string(),
        };
        view.notes.push(format!(
            "{}'s launching square ({name}): {held}",
            side.name()
        ));
    }
    view
}

fn palace_mark(side: Side) -> &'static str {
    match side {
        Side::White => "palace-white",
        Side::Black => "palace-black",
    }
}

/// A piece; `arena` is its square when it stands on the Arena (a piece on a launching square is
/// under no modifier).
fn add_piece(view: &mut BoardView, pos: &Position, p: Piece, name: String, arena: Option<u16>) {
    let (k, side) = (kind(p), colour(p));
    let (glyph, piece_name) = KINDS_SHOWN[k as usize];
    let piece = view.piece(name, side, glyph, LETTERS[k as usize], piece_name);
    piece.letter = crate::mailbox::fen::side_letter(LETTERS[k as usize], side).to_string();
    let Some(sq) = arena else {
        piece.title.push_str(", on its launching square");
        return;
    };
    let mut modifiers = Vec::new();
    if !is_magic_kind(k) && k != KING && pos.symmetrized(sq, side) {
        modifiers.push("sym");
    }
    if reducible(k) && pos.reduced(sq, side) {
        modifiers.push("red");
    }
    if !modifiers.is_empty() {
        piece.title = format!("{} ({})", piece.title, modifiers.join(", "));
        piece.badges.extend(modifiers.iter().map(|m| m.to_string()));
    }
}

/// The choices of `Symmetron::turn_steps` in words.
pub fn choice_label(choice: &str) -> String {
    match choice {
        "~" => "change the Can(n)on's state (Cannon ↔ Canon)".into(),
        "x" => "capture the piece beyond (approach)".into(),
        "=B" | "=b" => "become a Bawn".into(),
        "=P" | "=p" => "become a Pawn".into(),
        "*" => "explode with the enemy piece of the same type".into(),
        other => other.into(),
    }
}
