//! Check per docs/reflection.md §1.7: a king is in check iff the opponent, were it his turn, has a
//! pseudo-legal turn with a component that captures it. Found backwards from the king: each enemy
//! piece that could capture it as a component, then (if that piece is paired) whether its partner's
//! mirrored component is possible on the same board — not a per-piece attack test (worked example
//! R8).

use super::layout::{offset, step, Layout};
use super::piece::*;
use crate::game::Side;
use crate::mailbox::{Sq, CELLS};

/// How the candidate piece would reach the king.
#[derive(Clone, Copy)]
enum Reach {
    /// Along a line `(df, dr)` (from the piece toward the king) over `dist` steps; leaps use
    /// dist 1 with the leap as the step.
    Line(isize, isize, usize),
    PawnDiagonal,
    /// The relaxed forward capture of a paired pawn (variants 1-8).
    PawnForward,
}

/// Whether `by` has a pseudo-legal turn capturing the piece on `target`. `ep`: en-passant targets
/// `by` may use (ruling 25).
pub fn capturable(layout: &Layout, cells: &[u8; CELLS], target: Sq, by: Side, ep: &[Sq]) -> bool {
    for &(df, dr) in &LINE_DELTAS {
        let d = step(df, dr);
        let mut o = target;
        let mut dist = 0;
        loop {
            o = offset(o, d);
            dist += 1;
            let c = cells[o as usize];
            if c == EMPTY {
                continue;
            }
            if owned_by(c, by) {
                let diagonal = df != 0 && dr != 0;
                let fits = match kind(c) {
                    QUEEN => true,
                    ROOK => !diagonal,
                    BISHOP => diagonal,
                    KING => dist == 1,
                    _ => false,
                };
                if fits
                    && component_pair_ok(
                        layout,
                        cells,
                        o,
                        target,
                        by,
                        Reach::Line(-df, -dr, dist),
                        ep,
                    )
                {
                    return true;
                }
            }
            break; // a piece (or the board's edge) blocks the line
        }
    }
    let knight = make_piece(KNIGHT, by);
    for &(df, dr) in &KNIGHT_DELTAS {
        let o = offset(target, step(df, dr));
        if cells[o as usize] == knight
            && component_pair_ok(layout, cells, o, target, by, Reach::Line(-df, -dr, 1), ep)
        {
            return true;
        }
    }
    for kind in PAWN_KINDS {
        let pawn = make_piece(kind, by);
        let (df, dr) = pawn_forward(kind);
        let back = offset(target, -step(df, dr));
        let side_step = step(dr, df); // perpendicular to the pawn's direction
        for o in [offset(back, side_step), offset(back, -side_step)] {
            if cells[o as usize] == pawn
                && component_pair_ok(layout, cells, o, target, by, Reach::PawnDiagonal, ep)
            {
                return true;
            }
        }
        if !layout.two_board
            && cells[back as usize] == pawn
            && component_pair_ok(layout, cells, back, target, by, Reach::PawnForward, ep)
        {
            return true;
        }
    }
    false
}

/// The component `origin -> target` (a capture) and, for a paired piece, its partner's mirrored
/// component are both possible on the pre-turn board (§1.6.1-1.6.3).
fn component_pair_ok(
    layout: &Layout,
    cells: &[u8; CELLS],
    origin: Sq,
    target: Sq,
    by: Side,
    reach: Reach,
    ep: &[Sq],
) -> bool {
    if layout.area_conflict(origin, target) || layout.crosses_de(origin, target) {
        return false;
    }
    let piece = cells[origin as usize];
    let partner_sq = layout.mirror(by, origin);
    if cells[partner_sq as usize] != layout.mirror_piece(by, piece) {
        // Unpaired: a free move; an unpaired pawn captures only diagonally (orthodox).
        return !matches!(reach, Reach::PawnForward);
    }
    let partner_to = layout.mirror(by, target);
    let there = cells[partner_to as usize];
    if there == OFF || owned_by(there, by) || layout.area_conflict(partner_sq, partner_to) {
        return false;
    }
    let partner_captures = there != EMPTY;
    if partner_captures && layout.crosses_de(partner_sq, partner_to) {
        return false;
    }
    match reach {
        Reach::Line(df, dr, dist) => {
            let (mf, mr) = layout.mirror_step(by, df, dr);
            let (d1, d2) = (step(df, dr), step(mf, mr));
            // The partner's path must be clear; leaps (dist 1) have no path.
            for i in 1..dist as isize {
                if cells[offset(partner_sq, i * d2) as usize] != EMPTY {
                    return false;
                }
            }
            // Path disjointness (§1.6.3): no square shared by the two components.
            for i in 1..=dist as isize {
                let a = offset(origin, i * d1);
                for j in 1..=dist as isize {
                    if a == offset(partner_sq, j * d2) {
                        return false;
                    }
                }
            }
            true
        }
        Reach::PawnDiagonal => {
            if layout.two_board {
                // Orthodox pawns: the partner's diagonal step must capture too.
                partner_captures || ep.contains(&partner_to)
            } else {
                true
            }
        }
        // At least one component of a forward pair must not capture.
        Reach::PawnForward => !partner_captures,
    }
}

/// Whether any of `side`'s kings is capturable by the other side.
pub fn any_king_capturable(
    layout: &Layout,
    cells: &[u8; CELLS],
    kings: &[Sq],
    side: Side,
    ep: &[Sq],
) -> bool {
    kings
        .iter()
        .any(|&k| capturable(layout, cells, k, side.other(), ep))
}

/// The squares whose change can give `them` a turn capturing one of `kings` when it has none.
/// For each king K with mirror square T = M_them(K) (where a capturing piece's partner lands):
/// K itself; the first occupied cell of each ray from K (vacating it opens the line) and, for an
/// enemy piece there or on a knight or pawn square of K, its partner square M_them (capturing the
/// partner frees the piece); T itself (the partner component's target) and the first occupied
/// cell of each ray from T (vacating it opens the partner's path). Putting a piece on an empty
/// square of a line only blocks. So from a position without check, a turn that changes none of
/// these squares (nor creates an en-passant target on one) gives no check (see `legal_turns`).
pub struct Influence {
    bits: [u64; CELLS / 64 + 1],
}

impl Influence {
    pub fn of_kings(layout: &Layout, cells: &[u8; CELLS], kings: &[Sq], them: Side) -> Influence {
        let mut inf = Influence {
            bits: [0; CELLS / 64 + 1],
        };
        let partner_of_enemy = |inf: &mut Influence, o: Sq| {
            if owned_by(cells[o as usize], them) {
                inf.mark(layout.mirror(them, o));
            }
        };
        for &k in kings {
            inf.mark(k);
            for &(df, dr) in &LINE_DELTAS {
                let b = first_occupied(cells, k, step(df, dr));
                inf.mark(b);
                partner_of_enemy(&mut inf, b);
            }
            let knight = make_piece(KNIGHT, them);
            for &(df, dr) in &KNIGHT_DELTAS {
                let o = offset(k, step(df, dr));
                if cells[o as usize] == knight {
                    partner_of_enemy(&mut inf, o);
                }
            }
            for kind in PAWN_KINDS {
                let pawn = make_piece(kind, them);
                let (df, dr) = pawn_forward(kind);
                let back = offset(k, -step(df, dr));
                let side_step = step(dr, df);
                for o in [back, offset(back, side_step), offset(back, -side_step)] {
                    if cells[o as usize] == pawn {
                        partner_of_enemy(&mut inf, o);
                    }
                }
            }
            let t = layout.mirror(them, k);
            inf.mark(t);
            for &(df, dr) in &LINE_DELTAS {
                inf.mark(first_occupied(cells, t, step(df, dr)));
            }
        }
        inf
    }

    #[inline]
    fn mark(&mut self, sq: Sq) {
        self.bits[sq as usize / 64] |= 1 << (sq % 64);
    }

    #[inline]
    pub fn contains(&self, sq: Sq) -> bool {
        self.bits[sq as usize / 64] & (1 << (sq % 64)) != 0
    }
}

/// The first non-empty cell (piece or edge) from `s` in direction `d`.
fn first_occupied(cells: &[u8; CELLS], s: Sq, d: isize) -> Sq {
    let mut o = offset(s, d);
    while cells[o as usize] == EMPTY {
        o = offset(o, d);
    }
    o
}
