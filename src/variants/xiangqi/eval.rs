//! Xiangqi's evaluation: the palace games' shared code (`palace::eval`) with xiangqi's weights
//! (`weights.txt`; material in centipawns of an uncrossed soldier).

use super::weights::{self as w, VALUES};
use crate::variants::palace::eval::{per_kind, psq_table, Layout, PsqTable, NONE};
use crate::variants::palace::Kind::*;

pub static LAYOUT: Layout = Layout {
    set: &w::SET,
    values: &VALUES,
    material: per_kind(&[
        (Pawn, w::MATERIAL),
        (Guard, w::MATERIAL + 1),
        (Bull, w::MATERIAL + 2),
        (Horse, w::MATERIAL + 3),
        (Cannon, w::MATERIAL + 4),
        (Rook, w::MATERIAL + 5),
    ]),
    pst: per_kind(&[
        (Pawn, w::PST_PAWN),
        (Guard, w::PST_GUARD),
        (Bull, w::PST_BULL),
        (Horse, w::PST_HORSE),
        (Cannon, w::PST_CANNON),
        (Rook, w::PST_ROOK),
        (King, w::PST_KING),
    ]),
    mobility: per_kind(&[
        (Horse, w::MOBILITY),
        (Cannon, w::MOBILITY + 1),
        (Rook, w::MOBILITY + 2),
    ]),
    palace_reach: per_kind(&[
        (Pawn, w::KING_PALACE_REACH),
        (Horse, w::KING_PALACE_REACH + 1),
        (Cannon, w::KING_PALACE_REACH + 2),
        (Rook, w::KING_PALACE_REACH + 3),
    ]),
    attacker_pairs: w::KING_ATTACKER_PAIRS,
    threat_by_lesser: per_kind(&[
        (Pawn, w::THREAT_BY_LESSER),
        (Guard, w::THREAT_BY_LESSER + 1),
        (Bull, w::THREAT_BY_LESSER + 2),
        (Horse, w::THREAT_BY_LESSER + 3),
        (Cannon, w::THREAT_BY_LESSER + 4),
        (Rook, w::THREAT_BY_LESSER + 5),
    ]),
    threat_by_other: per_kind(&[
        (Pawn, w::THREAT_BY_OTHER),
        (Guard, w::THREAT_BY_OTHER + 1),
        (Bull, w::THREAT_BY_OTHER + 2),
        (Horse, w::THREAT_BY_OTHER + 3),
        (Cannon, w::THREAT_BY_OTHER + 4),
        (Rook, w::THREAT_BY_OTHER + 5),
    ]),
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
    assert!(w::MATERIAL_LEN == 6 && w::MOBILITY_LEN == 3 && w::KING_PALACE_REACH_LEN == 4);
    assert!(w::THREAT_BY_LESSER_LEN == 6 && w::THREAT_BY_OTHER_LEN == 6);
    assert!(w::PST_PAWN_LEN == 50 && w::PST_GUARD_LEN == 50 && w::PST_BULL_LEN == 50);
    assert!(w::PST_HORSE_LEN == 50 && w::PST_CANNON_LEN == 50 && w::PST_ROOK_LEN == 50);
    assert!(w::PST_KING_LEN == 50 && w::CANNON_KING_LINE_LEN == 3 && w::ROOK_KING_LINE_LEN == 2);
};

pub static PSQ: PsqTable = psq_table(&LAYOUT, 9);
