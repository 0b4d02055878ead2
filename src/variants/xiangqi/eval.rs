//! Xiangqi's evaluation: the palace games' shared code (`palace::eval`) with xiangqi's weights
//! (`weights.txt`; centipawns on the scale of the game results, see docs/xiangqi.md).

use super::weights::{self as w, VALUES};
use crate::variants::palace::eval::{in_order, per_kind, psq_table, Layout, PsqTable, NONE};
use crate::variants::palace::Kind::{self, *};

/// The order of the by-kind groups (material, threats) in the weight file.
const PIECES: [Kind; 6] = [Pawn, Guard, Bull, Horse, Cannon, Rook];

pub static LAYOUT: Layout = Layout {
    set: &w::SET,
    values: &VALUES,
    material: in_order(&PIECES, w::MATERIAL),
    pst: per_kind(&[
        (Pawn, w::PST_PAWN),
        (Guard, w::PST_GUARD),
        (Bull, w::PST_BULL),
        (Horse, w::PST_HORSE),
        (Cannon, w::PST_CANNON),
        (Rook, w::PST_ROOK),
        (King, w::PST_KING),
    ]),
    mobility: in_order(&[Horse, Cannon, Rook], w::MOBILITY),
    palace_reach: in_order(&[Pawn, Horse, Cannon, Rook], w::KING_PALACE_REACH),
    attacker_pairs: w::KING_ATTACKER_PAIRS,
    threat_by_lesser: in_order(&PIECES, w::THREAT_BY_LESSER),
    threat_by_other: in_order(&PIECES, w::THREAT_BY_OTHER),
    missing_defender: w::KING_MISSING_DEFENDER,
    cannon_king_line: w::CANNON_KING_LINE,
    rook_king_line: w::ROOK_KING_LINE,
    crossed_pair: w::PAWN_CROSSED_PAIR,
    freed: NONE,
    pawnless: NONE,
    tempo: w::TEMPO,
    full_phase: 16,
};

const _: () = {
    assert!(w::MATERIAL_LEN == PIECES.len() && w::MOBILITY_LEN == 3);
    assert!(w::KING_PALACE_REACH_LEN == 4);
    assert!(w::THREAT_BY_LESSER_LEN == PIECES.len() && w::THREAT_BY_OTHER_LEN == PIECES.len());
    assert!(w::PST_PAWN_LEN == 50 && w::PST_GUARD_LEN == 50 && w::PST_BULL_LEN == 50);
    assert!(w::PST_HORSE_LEN == 50 && w::PST_CANNON_LEN == 50 && w::PST_ROOK_LEN == 50);
    assert!(w::PST_KING_LEN == 50 && w::CANNON_KING_LINE_LEN == 3 && w::ROOK_KING_LINE_LEN == 2);
};

pub static PSQ: PsqTable = psq_table(&LAYOUT, 9);
