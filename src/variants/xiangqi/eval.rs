//! Xiangqi's evaluation: the palace games' shared code (`palace::eval`) with xiangqi's weights
//! (`weights.txt`; centipawns on the scale of the game results, see docs/xiangqi.md).

use super::weights::{self as w, VALUES};
use crate::variants::palace::eval::{groups_in_order, in_order, Layout, NONE};
use crate::variants::palace::Kind::{self, *};

/// The order of the by-kind groups (material, threats) in the weight file.
const PIECES: [Kind; 6] = [Pawn, Guard, Bull, Horse, Cannon, Rook];
/// The order of the piece-square tables in the weight file, each 50 long (5 mirrored files by
/// 10 ranks); `palace::tests` checks each against its group's name.
const PST_KINDS: [Kind; 7] = [Pawn, Guard, Bull, Horse, Cannon, Rook, King];

pub static LAYOUT: Layout = Layout {
    set: &w::SET,
    values: &VALUES,
    material: in_order(&PIECES, w::MATERIAL),
    pst: groups_in_order(&PST_KINDS, w::PST_PAWN, w::PST_PAWN_LEN),
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
    // The piece-square tables follow each other in `PST_KINDS` order, 50 weights each.
    assert!(w::PST_GUARD - w::PST_PAWN == 50 && w::PST_BULL - w::PST_GUARD == 50);
    assert!(w::PST_HORSE - w::PST_BULL == 50 && w::PST_CANNON - w::PST_HORSE == 50);
    assert!(w::PST_ROOK - w::PST_CANNON == 50 && w::PST_KING - w::PST_ROOK == 50);
    assert!(w::PST_KING_LEN == 50);
    assert!(w::CANNON_KING_LINE_LEN == 3 && w::ROOK_KING_LINE_LEN == 2);
};
