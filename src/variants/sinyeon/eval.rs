//! Sin-yeon-sang-gi's evaluation: the palace games' shared code (`palace::eval`) with this
//! game's weights (`weights.txt`; material in centipawns of an uncrossed pawn), including the
//! rule-3 terms xiangqi lacks. docs/sin-yeon-sang-gi.md ("Evaluation") explains the values.

use super::weights::{self as w, VALUES};
use crate::variants::palace::eval::{groups_in_order, in_order, Layout, NONE};
use crate::variants::palace::Kind::{self, *};

/// The order of the material group in the weight file.
const PIECES: [Kind; 8] = [Pawn, Guard, Bull, Horse, Rhino, Bear, Cannon, Rook];
/// The order of the piece-square tables in the weight file, each 70 long (7 mirrored files by
/// 10 ranks); `palace::tests` checks each against its group's name.
const PST_KINDS: [Kind; 9] = [Pawn, Guard, Bull, Horse, Rhino, Bear, Cannon, Rook, King];

pub static LAYOUT: Layout = Layout {
    set: &w::SET,
    values: &VALUES,
    material: in_order(&PIECES, w::MATERIAL),
    pst: groups_in_order(&PST_KINDS, w::PST_PAWN, w::PST_PAWN_LEN),
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
    // The piece-square tables follow each other in `PST_KINDS` order, 70 weights each.
    assert!(w::PST_GUARD - w::PST_PAWN == 70 && w::PST_BULL - w::PST_GUARD == 70);
    assert!(w::PST_HORSE - w::PST_BULL == 70 && w::PST_RHINO - w::PST_HORSE == 70);
    assert!(w::PST_BEAR - w::PST_RHINO == 70 && w::PST_CANNON - w::PST_BEAR == 70);
    assert!(w::PST_ROOK - w::PST_CANNON == 70 && w::PST_KING - w::PST_ROOK == 70);
    assert!(w::PST_KING_LEN == 70);
    assert!(w::CANNON_KING_LINE_LEN == 3 && w::ROOK_KING_LINE_LEN == 2);
};
