//! Sonic's own evaluation: material with sliders worth more than in chess (a slider's capture is a
//! chain that may take several pieces), each remaining king form counted as material, and the
//! danger of a king that can be hit next move.

use super::board::{
    file, kind_of, rank, relative_rank, side_of, Position, Rules, EMPTY, KING, PAWN,
};
use super::check::in_check;
use crate::game::{Score, Side};

/// Piece values by kind (index = piece kind). Sliders carry a premium for their chain captures;
/// knights a smaller one for their repeated leaps.
pub const PIECE_VALUE: [Score; 7] = [0, 100, 360, 420, 620, 1200, 0];
/// Worth of each form a king still has (hits it can absorb before it is lost).
pub const FORM_VALUE: Score = 320;
/// Side to move can hit or take the enemy king now.
pub const THREAT_BONUS: Score = 120;
/// The side to move's own king can be hit (it may still parry).
pub const EXPOSED_PENALTY: Score = 40;
/// Centralisation of knights, bishops and queens, per step toward the centre.
pub const CENTRE_STEP: Score = 6;
/// Pawn advance, per rank beyond the second.
pub const PAWN_STEP: Score = 8;

/// Distance-from-centre measure in 0..=6 (0 on d4, d5, e4, e5).
fn centre_distance(sq: u8) -> Score {
    let f = file(sq) as Score;
    let r = rank(sq) as Score;
    (2 * f - 7).abs() / 2 + (2 * r - 7).abs() / 2
}

/// White-relative static score.
fn white_score(pos: &Position) -> Score {
    let mut score = 0;
    for sq in 0..64u8 {
        let p = pos.board[sq as usize];
        if p == EMPTY {
            continue;
        }
        let kind = kind_of(p);
        let side = side_of(p);
        let mut v = PIECE_VALUE[kind as usize];
        match kind {
            PAWN => v += PAWN_STEP * (relative_rank(side, sq) as Score - 1),
            KING => {}
            _ => v += CENTRE_STEP * (6 - centre_distance(sq)),
        }
        score += if side == Side::White { v } else { -v };
    }
    score += FORM_VALUE * (pos.kings[0].forms_left() as Score - pos.kings[1].forms_left() as Score);
    score
}

/// Score from the side to move's point of view.
pub fn evaluate(pos: &Position, rules: &Rules) -> Score {
    let us = pos.side;
    let mut score = white_score(pos);
    if us == Side::Black {
        score = -score;
    }
    if in_check(pos, rules, us.other()) {
        score += THREAT_BONUS;
    }
    if in_check(pos, rules, us) {
        score -= EXPOSED_PENALTY;
    }
    score
}
