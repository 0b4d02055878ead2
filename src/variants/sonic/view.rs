//! The Sonic board as its players see it: the springs, and each king's form and hits.

use super::board::{colour, kind, name, EMPTY, KING};
use super::forms::{forms_in, KingState, FORM_A, FORM_K, FORM_N};
use super::Sonic;
use crate::board_view::BoardView;
use crate::game::Side;

const NAMES: [(&str, &str, char); 6] = [
    ("pawn", "Pawn", 'p'),
    ("knight", "Knight", 'n'),
    ("bishop", "Bishop", 'b'),
    ("rook", "Rook", 'r'),
    ("queen", "Queen", 'q'),
    ("king", "King", 'k'),
];

fn form_name(form: u8) -> &'static str {
    match form {
        FORM_K => "usual",
        FORM_N => "knight",
        FORM_A => "Alibaba",
        _ => "?",
    }
}

fn form_list(mask: u8) -> String {
    forms_in(mask).map(form_name).collect::<Vec<_>>().join(", ")
}

/// Badge (current form, or `?` while the owner must pick one) and a sentence for a king.
fn king_state(state: KingState) -> (String, String) {
    let hits = 3 - state.forms_left();
    let hit_text = match hits {
        1 => "1 hit".to_string(),
        n => format!("{n} hits"),
    };
    match state {
        KingState::Normal { current, avail } => (
            super::forms::letter(current)
                .to_ascii_uppercase()
                .to_string(),
            format!(
                "{} form; forms left: {}; {hit_text}",
                form_name(current),
                form_list(avail)
            ),
        ),
        KingState::Pending { candidates, .. } => (
            "?".into(),
            format!(
                "hit: picks its next form from {}; {hit_text}",
                form_list(candidates)
            ),
        ),
        KingState::Lost => ("-".into(), "lost".into()),
    }
}

pub fn board_view(game: &Sonic) -> BoardView {
    let pos = game.position();
    let mut view = BoardView::rectangle(8, 8, pos.side);
    for sq in 0..64u8 {
        if game.rules().spring(sq) {
            view.mark((sq % 8) as usize, (sq / 8) as usize, "spring");
        }
        let p = pos.board[sq as usize];
        if p == EMPTY {
            continue;
        }
        let side = colour(p);
        let (glyph, piece_name, letter) = NAMES[kind(p) as usize - 1];
        let letter = crate::mailbox::fen::side_letter(letter, side);
        let piece = view.piece(name(sq), side, glyph, letter, piece_name);
        if kind(p) == KING {
            let (badge, text) = king_state(pos.kings[side.index()]);
            piece.title = format!("{} ({text})", piece.title);
            piece.badges.push(badge);
            let hits = 3 - pos.kings[side.index()].forms_left();
            if hits > 0 {
                piece.badges.push("•".repeat(hits as usize));
            }
        }
    }
    for side in [Side::White, Side::Black] {
        let (_, text) = king_state(pos.kings[side.index()]);
        view.notes.push(format!("{} king: {text}", side.name()));
    }
    view
}

/// The choices in Sonic steps in words: `n:` (a pending king's form), a promotion letter, and a
/// `~form` suffix (the voluntary form change after the move), alone or together.
pub fn choice_label(choice: &str) -> String {
    let form = |c: char| super::forms::from_letter(c).map(form_name);
    if let Some(prefix) = choice.strip_suffix(':') {
        if let Some(name) = prefix.chars().next().and_then(form) {
            return format!("king takes {name} form");
        }
    }
    let (promotion, change) = match choice.split_once('~') {
        Some((p, c)) => (p, Some(c)),
        None => (choice, None),
    };
    let mut parts = Vec::new();
    if let Some(name) = promotion
        .chars()
        .next()
        .and_then(crate::board_view::promotion_name)
    {
        parts.push(format!("promote to {name}"));
    }
    if let Some(name) = change.and_then(|c| c.chars().next()).and_then(form) {
        parts.push(format!("then king changes to {name} form"));
    }
    if parts.is_empty() {
        choice.to_string()
    } else {
        parts.join(", ")
    }
}
