//! Check as rules §3.7 defines it: a king is in check when the opponent, moving now, has a legal
//! move that captures it (pawn, king) or hits it anywhere in a bounce or knight chain. Endless
//! chains are illegal and give no check (ruling 26). Check matters only for castling and for the
//! form-change restrictions; nobody is obliged to leave check.

use super::board::{
    kind_of, piece, side_of, step, Position, Rules, BISHOP, KNIGHT, NO_SQ, PAWN, QUEEN, ROOK,
};
use super::chains::{class, first_turn_options, slider_chain, Class, Dir, Sense, KNIGHT_LEAPS};
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

/// Whether `attacker`'s pawns, knights and sliders (everything but its king) can capture or hit
/// the enemy king.
pub fn pieces_attack_king(pos: &Position, rules: &Rules, attacker: Side) -> bool {
    pieces_threaten(pos, rules, attacker, false)
}

/// With `lethal_only`, only captures and chains that destroy the king's last form count.
fn pieces_threaten(pos: &Position, rules: &Rules, attacker: Side, lethal_only: bool) -> bool {
    let defender = attacker.other();
    let target = pos.king_sq[defender.index()];
    if target == NO_SQ {
        return false;
    }
    let king_forms = pos.kings[defender.index()].forms_left();
    // A knight flight meets the king at most once.
    let knights_count = !lethal_only || king_forms <= 1;
    // Pawns: a pawn of `attacker` sits one diagonal step behind the king.
    let own_pawn = piece(attacker, PAWN);
    for (df, dr) in pawn_captures(attacker) {
        if step(target, (-df, -dr)).is_some_and(|s| pos.board[s as usize] == own_pawn) {
            return true;
        }
    }
    for from in 0..64u8 {
        let p = pos.board[from as usize];
        if p == 0 || side_of(p) != attacker {
            continue;
        }
        let hits = match kind_of(p) {
            KNIGHT => knights_count && knight_hits(pos, rules, attacker, from, target),
            BISHOP => slider_hits(pos, rules, from, true, king_forms, lethal_only),
            ROOK => slider_hits(pos, rules, from, false, king_forms, lethal_only),
            QUEEN => {
                slider_hits(pos, rules, from, false, king_forms, lethal_only)
                    || slider_hits(pos, rules, from, true, king_forms, lethal_only)
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
fn knight_hits(pos: &Position, rules: &Rules, side: Side, from: u8, target: u8) -> bool {
    KNIGHT_LEAPS.iter().any(|&v| {
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
    rules: &Rules,
    from: u8,
    diagonal: bool,
    king_forms: u8,
    lethal_only: bool,
) -> bool {
    let side = side_of(pos.board[from as usize]);
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
            let counts = if lethal_only {
                chain.king_lost
            } else {
                chain.hits > 0
            };
            if counts && !chain.endless {
                return true;
            }
        }
    }
    false
}

/// The distinct first-turn senses of a slider chain: one entry when the chain has no choice.
pub fn chain_senses(
    pos: &Position,
    rules: &Rules,
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

/// Whether `defender`'s king is in check in `pos` (rules §3.7).
pub fn in_check(pos: &Position, rules: &Rules, defender: Side) -> bool {
    threatened(pos, rules, defender, false)
}

/// Whether the opponent could *destroy* `defender`'s king next move: capture it with a pawn or
/// king, or hit it as often as it has forms left in one chain. This is what the search treats as
/// check (a real mate threat); a hit that only costs a form is an ordinary tactical blow.
pub fn lethal_threat(pos: &Position, rules: &Rules, defender: Side) -> bool {
    threatened(pos, rules, defender, true)
}

fn threatened(pos: &Position, rules: &Rules, defender: Side, lethal_only: bool) -> bool {
    let attacker = defender.other();
    let target = pos.king_sq[defender.index()];
    let from = pos.king_sq[attacker.index()];
    if target == NO_SQ {
        return false;
    }
    if from != NO_SQ {
        let forms = pos.kings[attacker.index()].move_forms();
        if super::forms::forms_in(forms).any(|f| king_form_reaches(from, f, target)) {
            return true;
        }
    }
    pieces_threaten(pos, rules, attacker, lethal_only)
}
