//! Evaluation of a Reflection position, from the side to move's point of view:
//! material; pair structure (an unpaired piece moves on its own and is worth a little more than a
//! paired one, whose every move needs its partner's mirror move too); mobility counted in
//! pseudo-legal *turns* (a pair's turns are the intersection of both members' moves); king safety
//! under the turn-based check rule (king neighbourhood squares an enemy turn could capture on).

use super::attack::capturable;
use super::layout::{offset, step, Layout};
use super::movegen::{pseudo_turns, Rules};
use super::piece::*;
use super::Position;
use crate::game::{MoveList, Score, Side};
use crate::mailbox::{file_of, rank_of};

/// Bonus of an unpaired piece over a paired one: it may make free moves.
const UNPAIRED_BASE: i32 = 12;
/// ... plus this fraction (1/n) of its value.
const UNPAIRED_VALUE_DIVISOR: i32 = 16;
/// Per pseudo-legal turn more than the opponent.
const MOBILITY_FACTOR: i32 = 3;
/// Per empty square next to a king that an enemy turn could capture on.
const KING_ZONE_PENALTY: i32 = 10;
/// A king that is in check right now.
const KING_IN_CHECK_PENALTY: i32 = 40;
/// Per step a pawn has advanced toward the far side, by the distance to promotion.
const PAWN_ADVANCE: i32 = 4;
/// Knights and bishops near the centre.
const CENTRE_FACTOR: i32 = 3;

pub fn evaluate(layout: &Layout, pos: &Position, rules: Rules) -> Score {
    let mut score = [0i32; 2];
    // Twice the centre's coordinates, so that distances come in half-squares.
    let (cf, cr) = (layout.files as i32 - 1, layout.ranks as i32 - 1);
    for &s in &layout.squares {
        let p = pos.board.at(s);
        if p == EMPTY {
            continue;
        }
        let side = side_of(p);
        let kind = kind_of(p);
        let mut v = VALUE[kind as usize];
        let paired = pos.board.at(layout.mirror(side, s)) == layout.mirror_piece(side, p);
        if !paired && kind != KING {
            v += UNPAIRED_BASE + VALUE[kind as usize] / UNPAIRED_VALUE_DIVISOR;
        }
        if is_pawn(kind) {
            v += PAWN_ADVANCE * advance(layout, s, kind);
        } else if kind == KNIGHT || kind == BISHOP {
            // Distance from the centre in half-squares.
            let df = (file_of(s) as i32 * 2 - cf).abs();
            let dr = (rank_of(s) as i32 * 2 - cr).abs();
            v -= CENTRE_FACTOR * (df + dr) / 2;
        }
        score[side.index()] += v;
    }
    let us = pos.side;
    let mut turns = MoveList::new();
    pseudo_turns(layout, pos, rules, &mut turns);
    let ours = turns.len() as i32;
    let mut flipped = pos.clone();
    flipped.side = us.other();
    flipped.ep.clear();
    turns.clear();
    pseudo_turns(layout, &flipped, rules, &mut turns);
    let theirs = turns.len() as i32;
    score[us.index()] += MOBILITY_FACTOR * ours;
    score[us.other().index()] += MOBILITY_FACTOR * theirs;
    for side in [Side::White, Side::Black] {
        score[side.index()] -= king_danger(layout, pos, side);
    }
    score[us.index()] - score[us.other().index()]
}

/// How many steps a pawn has come from the edge behind it (a rough distance travelled).
fn advance(layout: &Layout, s: crate::mailbox::Sq, kind: u8) -> i32 {
    let (f, r) = (file_of(s) as i32, rank_of(s) as i32);
    let (files, ranks) = (layout.files as i32, layout.ranks as i32);
    match kind {
        PAWN_N => r,
        PAWN_S => ranks - 1 - r,
        PAWN_E => f,
        _ => files - 1 - f,
    }
    .saturating_sub(1)
    .min(6)
}

fn king_danger(layout: &Layout, pos: &Position, side: Side) -> i32 {
    let them = side.other();
    let mut danger = 0;
    for &k in &pos.board.kings[side.index()] {
        if capturable(layout, &pos.board.cells, k, them, &[]) {
            danger += KING_IN_CHECK_PENALTY;
        }
        for &(df, dr) in &ALL_LINES {
            let s = offset(k, step(df, dr));
            // Empty flight squares only: own pieces there are covered by the material terms.
            if pos.board.at(s) == EMPTY && capturable(layout, &pos.board.cells, s, them, &[]) {
                danger += KING_ZONE_PENALTY;
            }
        }
    }
    danger
}
