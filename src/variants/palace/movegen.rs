//! Pseudo-legal move generation and the attack test of the palace games. Lame leapers are step
//! tables in mailbox units: a destination offset and the squares (relative to the mover) that must
//! be empty. The padded mailbox (3 cells of `OFF` around the board) absorbs the longest leap, so no
//! move ever needs a file/rank bounds check.

use super::{
    colour_index, make_piece, Cell, Kind, Move, Ruleset, EMPTY, HALF, OFF, PALACE, TOP_RANKS,
};
use crate::game::MoveList;
use crate::mailbox::{Sq, CELLS, STRIDE};

const N: isize = STRIDE as isize;

/// Offset of (file, rank) steps, seen from Red.
const fn at(file: isize, rank: isize) -> isize {
    rank * N + file
}

pub const ORTH_STEPS: [isize; 4] = [at(0, 1), at(0, -1), at(1, 0), at(-1, 0)];
pub const DIAG_STEPS: [isize; 4] = [at(1, 1), at(1, -1), at(-1, 1), at(-1, -1)];

/// A lame leap: destination and up to two squares that must be empty (unused slots repeat the
/// first, which is harmless).
#[derive(Clone, Copy)]
pub struct Leap {
    pub to: isize,
    pub blocks: [isize; 2],
}

const fn leap(f: isize, r: isize, b1: (isize, isize), b2: (isize, isize)) -> Leap {
    Leap {
        to: at(f, r),
        blocks: [at(b1.0, b1.1), at(b2.0, b2.1)],
    }
}

/// Horse (1,2)/(2,1): blocked by the orthogonal neighbour in the long direction.
pub const HORSE_LEAPS: [Leap; 8] = [
    leap(1, 2, (0, 1), (0, 1)),
    leap(-1, 2, (0, 1), (0, 1)),
    leap(1, -2, (0, -1), (0, -1)),
    leap(-1, -2, (0, -1), (0, -1)),
    leap(2, 1, (1, 0), (1, 0)),
    leap(2, -1, (1, 0), (1, 0)),
    leap(-2, 1, (-1, 0), (-1, 0)),
    leap(-2, -1, (-1, 0), (-1, 0)),
];

/// Bear (2,3)/(3,2): one orthogonal step then two diagonal ones outward; for (2,3) the squares
/// (0,1) and (1,2) must be empty, for (3,2) the squares (1,0) and (2,1)
/// (docs/sin-yeon-sang-gi.md §2.3).
pub const BEAR_LEAPS: [Leap; 8] = [
    leap(2, 3, (0, 1), (1, 2)),
    leap(-2, 3, (0, 1), (-1, 2)),
    leap(2, -3, (0, -1), (1, -2)),
    leap(-2, -3, (0, -1), (-1, -2)),
    leap(3, 2, (1, 0), (2, 1)),
    leap(3, -2, (1, 0), (2, -1)),
    leap(-3, 2, (-1, 0), (-2, 1)),
    leap(-3, -2, (-1, 0), (-2, -1)),
];

/// Rhino (1,3)/(3,1): two orthogonal steps then one diagonal; both orthogonal squares must be
/// empty, the (1,2) square never blocks (docs/sin-yeon-sang-gi.md §2.3, ruling 3).
pub const RHINO_LEAPS: [Leap; 8] = [
    leap(1, 3, (0, 1), (0, 2)),
    leap(-1, 3, (0, 1), (0, 2)),
    leap(1, -3, (0, -1), (0, -2)),
    leap(-1, -3, (0, -1), (0, -2)),
    leap(3, 1, (1, 0), (2, 0)),
    leap(3, -1, (1, 0), (2, 0)),
    leap(-3, 1, (-1, 0), (-2, 0)),
    leap(-3, -1, (-1, 0), (-2, 0)),
];

/// Bull / elephant (2,2): blocked at the eye (1,1).
pub const BULL_LEAPS: [Leap; 4] = [
    leap(2, 2, (1, 1), (1, 1)),
    leap(2, -2, (1, -1), (1, -1)),
    leap(-2, 2, (-1, 1), (-1, 1)),
    leap(-2, -2, (-1, -1), (-1, -1)),
];

/// Forward step of a pawn of `color`.
#[inline]
pub const fn forward(color: usize) -> isize {
    if color == 0 {
        N
    } else {
        -N
    }
}

#[inline]
fn step(sq: Sq, d: isize) -> Sq {
    (sq as isize + d) as Sq
}

/// Whether a piece of `us` may land on `cell` (empty or enemy).
#[inline]
fn can_land(cell: Cell, us: usize) -> bool {
    cell == EMPTY || (cell & OFF == 0 && colour_index(cell) != us)
}

/// Everything the generator needs to know about one position.
pub struct Board<'a, R: Ruleset> {
    pub cells: &'a [Cell; CELLS],
    pub zones: &'static [u8; CELLS],
    /// Guards and bulls are free to leave palace and half (Sin-yeon-sang-gi rule 3).
    pub freed: bool,
    pub _rules: std::marker::PhantomData<R>,
}

impl<'a, R: Ruleset> Board<'a, R> {
    pub fn new(cells: &'a [Cell; CELLS], freed: bool) -> Self {
        Board {
            cells,
            zones: R::zones(),
            freed,
            _rules: std::marker::PhantomData,
        }
    }

    #[inline]
    fn zone(&self, sq: Sq, flag: u8) -> bool {
        self.zones[sq as usize] & flag != 0
    }

    /// Pseudo-legal moves of the piece on `from` (of colour `us`); `captures_only` for quiescence.
    pub fn piece_moves(&self, from: Sq, us: usize, captures_only: bool, out: &mut MoveList<Move>) {
        let cells = self.cells;
        self.piece_targets(from, us, |to| {
            if !captures_only || cells[to as usize] != EMPTY {
                out.push(Move { from, to });
            }
        });
    }

    /// Calls `visit` with the destination of every pseudo-legal move of the piece on `from` (of
    /// colour `us`): what `piece_moves` lists and the evaluation's mobility counts.
    #[inline]
    pub fn piece_targets(&self, from: Sq, us: usize, mut visit: impl FnMut(Sq)) {
        let cells = self.cells;
        let code = cells[from as usize];
        let mut push = |to: Sq| {
            if can_land(cells[to as usize], us) {
                visit(to);
            }
        };
        match Kind::from_code(code) {
            Some(Kind::Rook) => {
                for d in ORTH_STEPS {
                    let mut to = step(from, d);
                    while cells[to as usize] == EMPTY {
                        push(to);
                        to = step(to, d);
                    }
                    push(to);
                }
            }
            Some(Kind::Cannon) => {
                for d in ORTH_STEPS {
                    let mut to = step(from, d);
                    while cells[to as usize] == EMPTY {
                        push(to);
                        to = step(to, d);
                    }
                    if cells[to as usize] == OFF {
                        continue;
                    }
                    // `to` is the screen; the capture is the first piece beyond it.
                    to = step(to, d);
                    while cells[to as usize] == EMPTY {
                        to = step(to, d);
                    }
                    push(to); // lands only on an enemy piece
                }
            }
            Some(Kind::Horse) => self.leaps(from, &HORSE_LEAPS, &mut push),
            Some(Kind::Bear) => self.leaps(from, &BEAR_LEAPS, &mut push),
            Some(Kind::Rhino) => self.leaps(from, &RHINO_LEAPS, &mut push),
            Some(Kind::Bull) => {
                for l in &BULL_LEAPS {
                    let to = step(from, l.to);
                    if cells[step(from, l.blocks[0]) as usize] == EMPTY
                        && (self.freed || self.zone(to, HALF << us))
                    {
                        push(to);
                    }
                }
            }
            Some(Kind::Guard) => {
                for d in DIAG_STEPS {
                    let to = step(from, d);
                    if self.freed || self.zone(to, PALACE << us) {
                        push(to);
                    }
                }
            }
            Some(Kind::King) => {
                for d in ORTH_STEPS {
                    let to = step(from, d);
                    if self.zone(to, PALACE << us) {
                        push(to);
                    }
                }
            }
            Some(Kind::Pawn) => {
                let fwd = forward(us);
                push(step(from, fwd));
                if self.zone(from, HALF << (us ^ 1)) {
                    push(step(from, 1));
                    push(step(from, -1));
                }
                if R::PAWN_BACKSTEP && self.zone(from, TOP_RANKS << us) {
                    push(step(from, -fwd));
                }
            }
            None => {}
        }
    }

    #[inline]
    fn leaps(&self, from: Sq, table: &[Leap], push: &mut impl FnMut(Sq)) {
        for l in table {
            if self.cells[step(from, l.blocks[0]) as usize] == EMPTY
                && self.cells[step(from, l.blocks[1]) as usize] == EMPTY
            {
                push(step(from, l.to));
            }
        }
    }

    /// Whether a piece of colour `by` could move to `sq` (capturing there): the check test.
    /// A king "attacks" along its file up to the first piece (the flying-general rule).
    pub fn attacked(&self, sq: Sq, by: usize) -> bool {
        self.visit_attackers::<true>(sq, by, |_, _| true)
    }

    /// Calls `visit` with the square and kind of every piece of colour `by` that could capture
    /// on `sq`, until `visit` returns true; returns whether it did. `FLYING`: a king attacks
    /// along its file up to the first piece (the flying-general rule, which only ever takes a
    /// king: the check test); otherwise it attacks the squares next to it in its palace. The
    /// one place that knows how the palace pieces attack a square.
    #[inline(always)]
    pub fn visit_attackers<const FLYING: bool>(
        &self,
        sq: Sq,
        by: usize,
        mut visit: impl FnMut(Sq, Kind) -> bool,
    ) -> bool {
        let cells = self.cells;
        let rook = make_piece(Kind::Rook, by);
        let cannon = make_piece(Kind::Cannon, by);
        let king = make_piece(Kind::King, by);
        for (i, d) in ORTH_STEPS.into_iter().enumerate() {
            let mut t = step(sq, d);
            while cells[t as usize] == EMPTY {
                t = step(t, d);
            }
            let first = cells[t as usize];
            if first == OFF {
                continue;
            }
            if first == rook && visit(t, Kind::Rook) {
                return true;
            }
            // ORTH_STEPS[0..2] are the file directions.
            let king_reaches = if FLYING {
                i < 2
            } else {
                t == step(sq, d) && self.zone(sq, PALACE << by)
            };
            if first == king && king_reaches && visit(t, Kind::King) {
                return true;
            }
            t = step(t, d);
            while cells[t as usize] == EMPTY {
                t = step(t, d);
            }
            if cells[t as usize] == cannon && visit(t, Kind::Cannon) {
                return true;
            }
        }
        if self.visit_leapers(sq, Kind::Horse, by, &HORSE_LEAPS, &mut visit) {
            return true;
        }
        let pawn = make_piece(Kind::Pawn, by);
        let fwd = forward(by);
        let behind = step(sq, -fwd);
        if cells[behind as usize] == pawn && visit(behind, Kind::Pawn) {
            return true;
        }
        for side in [1, -1] {
            let a = step(sq, side);
            if cells[a as usize] == pawn && self.zone(a, HALF << (by ^ 1)) && visit(a, Kind::Pawn) {
                return true;
            }
        }
        if R::PAWN_BACKSTEP {
            let a = step(sq, fwd);
            if cells[a as usize] == pawn && self.zone(a, TOP_RANKS << by) && visit(a, Kind::Pawn) {
                return true;
            }
        }
        if R::LONG_LEAPERS
            && (self.visit_leapers(sq, Kind::Bear, by, &BEAR_LEAPS, &mut visit)
                || self.visit_leapers(sq, Kind::Rhino, by, &RHINO_LEAPS, &mut visit))
        {
            return true;
        }
        // Guards and bulls reach only their own palace / half unless freed.
        let guard = make_piece(Kind::Guard, by);
        if self.freed || self.zone(sq, PALACE << by) {
            for d in DIAG_STEPS {
                let a = step(sq, -d);
                if cells[a as usize] == guard && visit(a, Kind::Guard) {
                    return true;
                }
            }
        }
        (self.freed || self.zone(sq, HALF << by))
            && self.visit_leapers(sq, Kind::Bull, by, &BULL_LEAPS, &mut visit)
    }

    /// `visit_attackers` for the lame leapers of `kind`: the leap into `sq` with its blocks empty.
    #[inline(always)]
    fn visit_leapers(
        &self,
        sq: Sq,
        kind: Kind,
        by: usize,
        table: &[Leap],
        visit: &mut impl FnMut(Sq, Kind) -> bool,
    ) -> bool {
        let attacker = make_piece(kind, by);
        table.iter().any(|l| {
            let a = step(sq, -l.to);
            self.cells[a as usize] == attacker
                && self.cells[step(a, l.blocks[0]) as usize] == EMPTY
                && self.cells[step(a, l.blocks[1]) as usize] == EMPTY
                && visit(a, kind)
        })
    }
}
