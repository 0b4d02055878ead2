//! Sonic's evaluation, written once over `eval::Terms` (score or weight counts for the tuner);
//! every number is a named weight in `weights.txt`: material (sliders worth more than in chess:
//! a slider's capture is a chain that may take several pieces), piece-square terms, each king's
//! remaining forms and current form, whether the side to move can hit the enemy king now and
//! whether its own king can be hit (each by the king's forms left: a hit on a one-form king wins),
//! the first contacts of knights and sliders (where capture chains start), and the tempo.

use super::board::{
    colour, file, kind, rank, step, Position, SonicRules, BISHOP, EMPTY, KING, KNIGHT, PAWN, QUEEN,
    ROOK,
};
use super::chains::{DIAG_DELTAS, KNIGHT_DELTAS, ORTH_DELTAS};
use super::check::in_check;
use super::forms::KingState;
use super::weights::{self as w, VALUES};
use crate::eval::{sign, EvalTrace, Phase, Scorer, Terms, Tracer};
use crate::game::{Score, Side};
use crate::mailbox::chessmen::{middlegame_values, FULL_PHASE, PHASE_UNITS};

/// Piece values by kind (index = piece kind), the middlegame material: move ordering uses them.
pub const PIECE_VALUE: [Score; 7] = middlegame_values(&VALUES, w::MATERIAL);

const _: () = {
    assert!(w::MATERIAL_LEN == 5 && w::PST_PAWN_LEN == 24 && w::PST_KING_LEN == 32);
    assert!(w::PST_KNIGHT_LEN == 32 && w::PST_BISHOP_LEN == 32);
    assert!(w::PST_ROOK_LEN == 32 && w::PST_QUEEN_LEN == 32);
    assert!(w::KING_FORMS_LEN == 3 && w::KING_FORM_LEN == 3);
    assert!(w::THREAT_CAN_HIT_LEN == 3 && w::THREAT_EXPOSED_LEN == 3 && w::TEMPO_LEN == 1);
    assert!(w::THREAT_OURS_LEN == 5 && w::THREAT_THEIRS_LEN == 5);
};

/// The piece-square weight of a piece of `kind` and `side` on `sq`.
fn pst(kind: u8, side: Side, sq: u8) -> usize {
    let r = if side == Side::White {
        rank(sq)
    } else {
        7 - rank(sq)
    } as usize;
    let f = file(sq).min(7 - file(sq)) as usize;
    match kind {
        PAWN => w::PST_PAWN + (r - 1) * 4 + f,
        KNIGHT => w::PST_KNIGHT + r * 4 + f,
        BISHOP => w::PST_BISHOP + r * 4 + f,
        ROOK => w::PST_ROOK + r * 4 + f,
        QUEEN => w::PST_QUEEN + r * 4 + f,
        _ => w::PST_KING + r * 4 + f,
    }
}

/// The enemy piece (not the king) a knight's leap or a slider's line from `from` meets first, for
/// each leap or line: where a capture chain would start.
fn first_contacts(pos: &Position, from: u8, mover: u8, side: Side, mut visit: impl FnMut(u8)) {
    let lines: &[(i8, i8)] = match mover {
        KNIGHT => &KNIGHT_DELTAS,
        BISHOP => &DIAG_DELTAS,
        ROOK => &ORTH_DELTAS,
        _ => &[
            (0, 1),
            (1, 0),
            (0, -1),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, -1),
            (-1, 1),
        ],
    };
    for &v in lines {
        let mut at = step(from, v);
        while let Some(s) = at {
            let p = pos.board[s as usize];
            if p == EMPTY {
                if mover == KNIGHT {
                    break;
                }
                at = step(s, v);
                continue;
            }
            if colour(p) != side && kind(p) != KING {
                visit(kind(p));
            }
            break;
        }
    }
}

/// The evaluation's terms, White's view; returns the phase.
pub fn terms<T: Terms>(pos: &Position, rules: &SonicRules, t: &mut T) -> Phase {
    let mut phase = 0;
    for sq in 0..64u8 {
        let p = pos.board[sq as usize];
        if p == EMPTY {
            continue;
        }
        let (kind, side) = (kind(p), colour(p));
        let sg = sign(side);
        if kind != KING {
            t.add(w::MATERIAL + kind as usize - 1, sg);
            phase += PHASE_UNITS[kind as usize];
        }
        t.add(pst(kind, side, sq), sg);
        if matches!(kind, KNIGHT | BISHOP | ROOK | QUEEN) {
            let group = if side == pos.side {
                w::THREAT_OURS
            } else {
                w::THREAT_THEIRS
            };
            first_contacts(pos, sq, kind, side, |victim| {
                t.add(group + victim as usize - 1, sign(pos.side))
            });
        }
    }
    for side in [Side::White, Side::Black] {
        let state = pos.kings[side.index()];
        let forms = state.forms_left() as usize;
        if forms > 0 {
            t.add(w::KING_FORMS + forms - 1, sign(side));
        }
        if let KingState::Normal { current, .. } = state {
            t.add(w::KING_FORM + current as usize, sign(side));
        }
    }
    let us = pos.side;
    let sg = sign(us);
    let enemy_forms = pos.kings[us.other().index()].forms_left() as usize;
    if enemy_forms > 0 && in_check(pos, rules, us.other()) {
        t.add(w::THREAT_CAN_HIT + enemy_forms - 1, sg);
    }
    let own_forms = pos.kings[us.index()].forms_left() as usize;
    if own_forms > 0 && in_check(pos, rules, us) {
        t.add(w::THREAT_EXPOSED + own_forms - 1, sg);
    }
    t.add(w::TEMPO, sg);
    Phase::new(phase, FULL_PHASE)
}

/// Score from the side to move's point of view.
pub fn evaluate(pos: &Position, rules: &SonicRules) -> Score {
    let mut scorer = Scorer::new(&VALUES);
    let phase = terms(pos, rules, &mut scorer);
    scorer.finish(phase, pos.side)
}

pub fn trace(pos: &Position, rules: &SonicRules) -> EvalTrace {
    let mut tracer = Tracer::default();
    let phase = terms(pos, rules, &mut tracer);
    tracer.finish(&w::SET, phase, pos.side)
}
