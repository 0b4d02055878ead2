//! Evaluation of a Reflection position, written once over `eval::Terms` (score or weight counts
//! for the tuner); every number is a named weight in `weights.txt`: material; pair structure (an
//! unpaired piece moves on its own and is worth more than a paired one, whose every move needs its
//! partner's mirror move too); pawn advance; knights and bishops near the centre; mobility counted
//! in pseudo-legal *turns* (a pair's turns are the intersection of both members' moves); king
//! safety under the turn-based check rule (a king in check, flight squares an enemy turn could
//! capture on); on the 8x8 setups the d|e wall (pieces on a half without enemies are idle); tempo.

use super::attack::capturable;
use super::layout::{offset, step, Layout};
use super::movegen::{pseudo_turns, ReflectionRules};
use super::piece::*;
use super::weights::{self as w, VALUES};
use super::Position;
use crate::eval::{sign, EvalTrace, Phase, Scorer, Terms, Tracer};
use crate::game::{MoveList, Score, Side};
use crate::mailbox::{file_of, rank_of};

/// Phase units by kind (king, queen, rook, bishop, knight, pawns) and the cap.
const PHASE_UNITS: [i32; KINDS] = [0, 0, 4, 2, 1, 1, 0, 0, 0, 0];
const FULL_PHASE: i32 = 24;

const _: () = {
    assert!(w::MATERIAL_LEN == 5 && w::UNPAIRED_LEN == 6 && w::PAWN_ADVANCE_LEN == 7);
    assert!(w::CENTRE_LEN == 2 && w::MOBILITY_LEN == 1 && w::WALL_IDLE_LEN == 5);
    assert!(w::KING_IN_CHECK_LEN == 1 && w::KING_ZONE_LEN == 1 && w::TEMPO_LEN == 1);
};

/// Index of a kind in the material and wall groups (queen 0 .. pawn 4); kings have none.
fn material_slot(kind: u8) -> Option<usize> {
    match kind {
        QUEEN => Some(0),
        ROOK => Some(1),
        BISHOP => Some(2),
        KNIGHT => Some(3),
        k if is_pawn(k) => Some(4),
        _ => None,
    }
}

/// The evaluation's terms, White's view; returns the phase.
pub fn terms<T: Terms>(
    layout: &Layout,
    pos: &Position,
    rules: ReflectionRules,
    t: &mut T,
) -> Phase {
    // Twice the centre's coordinates, so that distances come in half-squares.
    let (cf, cr) = (layout.files as i32 - 1, layout.ranks as i32 - 1);
    let mut phase = 0;
    // Pieces per side on the a-d and e-h halves (the d|e wall), and idle counts per half.
    let mut on_half = [[0; 2]; 2];
    let mut idle = [[[0; 5]; 2]; 2];
    for &s in &layout.squares {
        let p = pos.board.at(s);
        if p == EMPTY {
            continue;
        }
        let side = colour(p);
        let sg = sign(side);
        let kind = kind(p);
        phase += PHASE_UNITS[kind as usize];
        let slot = material_slot(kind);
        if let Some(m) = slot {
            t.add(w::MATERIAL + m, sg);
        }
        let paired = pos.board.at(layout.mirror(side, s)) == layout.mirror_piece(side, p);
        if !paired {
            t.add(w::UNPAIRED + slot.map_or(0, |m| m + 1), sg);
        }
        if is_pawn(kind) {
            t.add(w::PAWN_ADVANCE + advance(layout, s, kind), sg);
        } else if kind == KNIGHT || kind == BISHOP {
            let df = (file_of(s) as i32 * 2 - cf).abs();
            let dr = (rank_of(s) as i32 * 2 - cr).abs();
            t.add(
                w::CENTRE + usize::from(kind == BISHOP),
                sg * ((df + dr) / 2),
            );
        }
        if layout.de_rule {
            let half = usize::from(file_of(s) >= 4);
            on_half[side.index()][half] += 1;
            if let Some(m) = slot {
                idle[side.index()][half][m] += 1;
            }
        }
    }
    if layout.de_rule {
        for side in [Side::White, Side::Black] {
            let c = side.index();
            for half in 0..2 {
                if on_half[c ^ 1][half] == 0 {
                    for (m, &count) in idle[c][half].iter().enumerate() {
                        t.add(w::WALL_IDLE + m, sign(side) * count);
                    }
                }
            }
        }
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
    t.add(w::MOBILITY, sign(us) * (ours - theirs));
    for side in [Side::White, Side::Black] {
        let (checks, zone) = king_danger(layout, pos, side);
        t.add(w::KING_IN_CHECK, sign(side) * checks);
        t.add(w::KING_ZONE, sign(side) * zone);
    }
    t.add(w::TEMPO, sign(us));
    Phase::new(phase, FULL_PHASE)
}

pub fn evaluate(layout: &Layout, pos: &Position, rules: ReflectionRules) -> Score {
    let mut scorer = Scorer::new(&VALUES);
    let phase = terms(layout, pos, rules, &mut scorer);
    scorer.finish(phase, pos.side)
}

pub fn trace(layout: &Layout, pos: &Position, rules: ReflectionRules) -> EvalTrace {
    let mut tracer = Tracer::default();
    let phase = terms(layout, pos, rules, &mut tracer);
    tracer.finish(&w::SET, phase, pos.side)
}

/// How many steps a pawn has come from the edge behind it (a rough distance travelled), 0..=6.
fn advance(layout: &Layout, s: crate::mailbox::Sq, kind: u8) -> usize {
    let (f, r) = (file_of(s), rank_of(s));
    let (files, ranks) = (layout.files, layout.ranks);
    match kind {
        PAWN_N => r,
        PAWN_S => ranks - 1 - r,
        PAWN_E => f,
        _ => files - 1 - f,
    }
    .saturating_sub(1)
    .min(6)
}

/// `side`'s kings in check, and the empty squares next to them an enemy turn could capture on.
fn king_danger(layout: &Layout, pos: &Position, side: Side) -> (i32, i32) {
    let them = side.other();
    let (mut checks, mut zone) = (0, 0);
    for &k in &pos.board.kings[side.index()] {
        if capturable(layout, &pos.board.cells, k, them, &[]) {
            checks += 1;
        }
        for &(df, dr) in &LINE_DELTAS {
            let s = offset(k, step(df, dr));
            // Empty flight squares only: own pieces there are covered by the material terms.
            if pos.board.at(s) == EMPTY && capturable(layout, &pos.board.cells, s, them, &[]) {
                zone += 1;
            }
        }
    }
    (checks, zone)
}
