//! Check as docs/sonic.md §3.7 defines it: a king is in check when the opponent, moving now, has a
//! legal move that captures it (pawn, king) or hits it anywhere in a bounce or knight chain.
//! Endless chains are illegal and give no check (ruling 26). Check matters only for castling and
//! for the form-change restrictions; nobody is obliged to leave check.

use super::board::{
    colour, kind, make_piece, step, Position, SonicRules, BISHOP, KNIGHT, PAWN, QUEEN, ROOK,
};
use super::chains::{class, first_turn_options, slider_chain, Class, Dir, Sense, KNIGHT_DELTAS};
use super::forms::leaps;
use crate::game::Side;

/// Pawn capture vectors of `side`.
pub fn pawn_captures(side: Side) -> [(i8, i8); 2] {
    match side {
        Side::White => [(-1, 1), (1, 1)],
        Side::Black => [(-1, -1), (1, -1)],
    }
}

/// Whether a king of `attacker` on `from` in `form` could capture on `target`.
pub fn king_form_reaches(from: u8, form: u8, target: u8) -> bool {
    leaps(form).iter().any(|&v| step(from, v) == Some(target))
}

/// Whether `attacker`'s knights and sliders can hit the enemy king (pawns and king: see
/// `capture_threat`).
pub fn pieces_attack_king(pos: &Position, rules: &SonicRules, attacker: Side) -> bool {
    let defender = attacker.other();
    let Some(target) = pos.king_sq[defender.index()] else {
        return false;
    };
    let king_forms = pos.kings[defender.index()].forms_left();
    for from in 0..64u8 {
        let p = pos.board[from as usize];
        if p == 0 || colour(p) != attacker {
            continue;
        }
        let hits = match kind(p) {
            KNIGHT => knight_hits(pos, rules, attacker, from, target),
            BISHOP => slider_hits(pos, rules, from, true, king_forms),
            ROOK => slider_hits(pos, rules, from, false, king_forms),
            QUEEN => {
                slider_hits(pos, rules, from, false, king_forms)
                    || slider_hits(pos, rules, from, true, king_forms)
            }
            _ => false,
        };
        if hits {
            return true;
        }
    }
    false
}

/// A knight's flight meets the king somewhere (knight flights never loop, so all are legal).
fn knight_hits(pos: &Position, rules: &SonicRules, side: Side, from: u8, target: u8) -> bool {
    KNIGHT_DELTAS.iter().any(|&v| {
        let mut t = step(from, v);
        loop {
            match class(&pos.board, rules, side, t) {
                Class::King => return t == Some(target),
                Class::Enemy | Class::Spring => t = t.and_then(|s| step(s, v)),
                _ => return false,
            }
        }
    })
}

/// Some legal chain of the slider on `from`, in the given family, hits the king.
fn slider_hits(
    pos: &Position,
    rules: &SonicRules,
    from: u8,
    diagonal: bool,
    king_forms: u8,
) -> bool {
    let side = colour(pos.board[from as usize]);
    for index in 0..4 {
        let d = Dir { diagonal, index };
        let mut p = step(from, d.vector());
        while class(&pos.board, rules, side, p) == Class::Empty {
            p = p.and_then(|s| step(s, d.vector()));
        }
        let Some(first) = p else { continue };
        if matches!(
            class(&pos.board, rules, side, p),
            Class::Off | Class::Friend
        ) {
            continue;
        }
        for sense in chain_senses(pos, rules, side, from, first, d) {
            let mut board = pos.board;
            let chain = slider_chain(&mut board, rules, from, first, d, sense, king_forms);
            if chain.hits > 0 && !chain.endless {
                return true;
            }
        }
    }
    false
}

/// The distinct first-turn senses of a slider chain: one entry when the chain has no choice.
pub fn chain_senses(
    pos: &Position,
    rules: &SonicRules,
    side: Side,
    from: u8,
    first: u8,
    d: Dir,
) -> arrayvec::ArrayVec<Sense, 2> {
    let mut out = arrayvec::ArrayVec::new();
    // The origin counts as empty during the move.
    let mut board = pos.board;
    board[from as usize] = 0;
    let contact = class(&board, rules, side, Some(first));
    let defender = side.other();
    if contact == Class::King && pos.kings[defender.index()].forms_left() <= 1 {
        // The first hit destroys the king: the move ends there, whatever the sense.
        out.push(Sense::Clockwise);
        return out;
    }
    if contact == Class::Enemy {
        board[first as usize] = 0;
    }
    match first_turn_options(&board, rules, side, first, d) {
        None => out.push(Sense::Clockwise),
        Some([cw, ccw]) => {
            if cw {
                out.push(Sense::Clockwise);
            }
            if ccw {
                out.push(Sense::Counter);
            }
        }
    }
    out
}

/// Whether `defender`'s king is in check in `pos` (§3.7).
pub fn in_check(pos: &Position, rules: &SonicRules, defender: Side) -> bool {
    capture_threat(pos, defender) || pieces_attack_king(pos, rules, defender.other())
}

/// Whether an enemy pawn or king could capture `defender`'s king outright next move: what the
/// search treats as check. Chain hits are left to quiescence search (they are captures there):
/// a king down to its last form can be hit from almost anywhere, and extending or searching
/// full width on every such position makes the tree explode.
pub fn capture_threat(pos: &Position, defender: Side) -> bool {
    let attacker = defender.other();
    let Some(target) = pos.king_sq[defender.index()] else {
        return false;
    };
    let own_pawn = make_piece(PAWN, attacker);
    let pawn = pawn_captures(attacker).iter().any(|&(df, dr)| {
        step(target, (-df, -dr)).is_some_and(|s| pos.board[s as usize] == own_pawn)
    });
    pawn || pos.king_sq[attacker.index()].is_some_and(|from| {
        super::forms::forms_in(pos.kings[attacker.index()].move_forms())
            .any(|f| king_form_reaches(from, f, target))
    })
}
