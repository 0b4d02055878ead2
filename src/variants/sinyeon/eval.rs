//! Sin-yeon-sang-gi's evaluation: the palace games' shared code (`palace::eval`) with this
//! game's weights (`weights.txt`; material in centipawns of an uncrossed pawn), including the
//! rule-3 terms xiangqi lacks. docs/sin-yeon-sang-gi.md ("Evaluation") explains the values.

use super::weights::{self as w, VALUES};
use crate::variants::palace::eval::{in_order, per_kind, psq_table, Layout, PsqTable, NONE};
use crate::variants::palace::Kind::{self, *};

/// The order of the material group in the weight file.
const PIECES: [Kind; 8] = [Pawn, Guard, Bull, Horse, Rhino, Bear, Cannon, Rook];

pub static LAYOUT: Layout = Layout {
    set: &w::SET,
    values: &VALUES,
    material: in_order(&PIECES, w::MATERIAL),
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
    mobility: in_order(&[Horse, Rhino, Bear, Cannon, Rook], w::MOBILITY),
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
    assert!(w::MATERIAL_LEN == PIECES.len() && w::MOBILITY_LEN == 5 && w::FREED_LEN == 2);
    assert!(w::PST_PAWN_LEN == 70 && w::PST_GUARD_LEN == 70 && w::PST_BULL_LEN == 70);
    assert!(w::PST_HORSE_LEN == 70 && w::PST_CANNON_LEN == 70 && w::PST_ROOK_LEN == 70);
    assert!(w::PST_KING_LEN == 70 && w::PST_BEAR_LEN == 70 && w::PST_RHINO_LEN == 70);
    assert!(w::CANNON_KING_LINE_LEN == 3 && w::ROOK_KING_LINE_LEN == 2);
};

pub static PSQ: PsqTable = psq_table(&LAYOUT, 13);
