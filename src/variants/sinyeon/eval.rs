//! Sin-yeon-sang-gi's evaluation: the palace games' shared code (`palace::eval`) with this
//! game's weights (`weights.txt`; material in centipawns of an uncrossed pawn), including the
//! rule-3 terms xiangqi lacks. docs/sin-yeon-sang-gi.md ("Evaluation") explains the values.

use super::weights::{self as w, VALUES};
use crate::variants::palace::eval::{per_kind, psq_table, Layout, PsqTable, NONE};
use crate::variants::palace::Kind::*;

// The material group lists pawn, guard, bull, horse, rhino, bear, cannon, rook.
pub static LAYOUT: Layout = Layout {
    set: &w::SET,
    values: &VALUES,
    material: per_kind(&[
        (Pawn, w::MATERIAL),
        (Guard, w::MATERIAL + 1),
        (Bull, w::MATERIAL + 2),
        (Horse, w::MATERIAL + 3),
        (Rhino, w::MATERIAL + 4),
        (Bear, w::MATERIAL + 5),
        (Cannon, w::MATERIAL + 6),
        (Rook, w::MATERIAL + 7),
    ]),
    pst: per_kind(&[
        (Pawn, w::PST_PAWN),
        (Guard, w::PST_GUARD),
        (Bull, w::PST_BULL),
        (Horse, w::PST_HORSE),
        (Rhino, w::PST_RHINO),
        (Bear, w::PST_BEAR),
        (Cannon, w::PST_CANNON),
        (Rook, w::PST_ROOK),
        (King, w::PST_KING),
    ]),
    mobility: per_kind(&[
        (Horse, w::MOBILITY),
        (Rhino, w::MOBILITY + 1),
        (Bear, w::MOBILITY + 2),
        (Cannon, w::MOBILITY + 3),
        (Rook, w::MOBILITY + 4),
    ]),
    palace_reach: [NONE; 10],
    threat_by_lesser: [NONE; 10],
    threat_by_other: [NONE; 10],
    attacker_pairs: NONE,
    missing_defender: w::KING_MISSING_DEFENDER,
    cannon_king_line: w::CANNON_KING_LINE,
    rook_king_line: w::ROOK_KING_LINE,
    crossed_pair: w::PAWN_CROSSED_PAIR,
    freed: w::FREED,
    pawnless: w::PAWNLESS,
    tempo: w::TEMPO,
    full_phase: 24,
};

const _: () = {
    assert!(w::MATERIAL_LEN == 8 && w::MOBILITY_LEN == 5 && w::FREED_LEN == 2);
    assert!(w::PST_PAWN_LEN == 70 && w::PST_GUARD_LEN == 70 && w::PST_BULL_LEN == 70);
    assert!(w::PST_HORSE_LEN == 70 && w::PST_CANNON_LEN == 70 && w::PST_ROOK_LEN == 70);
    assert!(w::PST_KING_LEN == 70 && w::PST_BEAR_LEN == 70 && w::PST_RHINO_LEN == 70);
    assert!(w::CANNON_KING_LINE_LEN == 3 && w::ROOK_KING_LINE_LEN == 2);
};

pub static PSQ: PsqTable = psq_table(&LAYOUT, 13);
