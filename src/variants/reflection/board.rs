//! The board cells with king lists, the `Turn` type and applying a turn to the cells (§1.6.5:
//! components, then promotion, swap and capture-twin).

use super::layout::{offset, step, Layout};
use super::piece::*;
use crate::game::Side;
use crate::mailbox::zobrist::ZOBRIST;
use crate::mailbox::{Sq, CELLS};
use arrayvec::ArrayVec;

/// Most kings a side may have (set-up positions may have extra ones).
pub const MAX_KINGS: usize = 16;

/// One turn: a pair move (the second component is the mirror image of the first under the
/// mover's map), a free move of an unpaired piece, or a castling (king components only).
/// `from` is the canonical first component's origin (the lower square of a pair).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Turn {
    pub from: Sq,
    pub to: Sq,
    /// Promotion kind (both components promote alike), 0 for none.
    pub promo: u8,
    pub flags: u8,
}

pub const PAIR: u8 = 1;
pub const CASTLE: u8 = 2;
pub const DOUBLE: u8 = 4;
/// The first / second component captures en passant (two-board only).
pub const EP_A: u8 = 8;
pub const EP_B: u8 = 16;
/// Some component captures.
pub const CAPTURE: u8 = 32;

impl Turn {
    pub fn is_pair(self) -> bool {
        self.flags & PAIR != 0
    }
    /// The components as (from, to, en passant) for `side`.
    pub fn components(self, layout: &Layout, side: Side) -> ArrayVec<(Sq, Sq, bool), 2> {
        let mut out = ArrayVec::new();
        out.push((self.from, self.to, self.flags & EP_A != 0));
        if self.is_pair() {
            out.push((
                layout.mirror(side, self.from),
                layout.mirror(side, self.to),
                self.flags & EP_B != 0,
            ));
        }
        out
    }
}

/// Cells plus the squares of each side's kings (kept in step by `set`).
#[derive(Clone)]
pub struct Board {
    pub cells: [u8; CELLS],
    pub kings: [ArrayVec<Sq, MAX_KINGS>; 2],
    /// Previous contents of the cells `set` changed since the last `revert`/`forget`: lets the
    /// legality test try a turn in place and take it back without copying the board.
    log: ArrayVec<(Sq, u8), 16>,
    /// Whether `set` maintains the Zobrist key (off for the legality test's scratch board).
    pub hashing: bool,
}

/// What a turn did, for the clocks, the castling rights and en passant.
pub struct Applied {
    pub capture: bool,
    pub pawn: bool,
    /// Squares whose occupant changed (castling rights die with them).
    pub touched: ArrayVec<Sq, 12>,
    /// En-passant targets created (two-board double steps), in rank-then-file order.
    pub ep: ArrayVec<Sq, 2>,
}

impl Board {
    pub fn empty(layout: &Layout) -> Board {
        Board {
            cells: *layout.empty_board,
            kings: [ArrayVec::new(), ArrayVec::new()],
            log: ArrayVec::new(),
            hashing: true,
        }
    }

    /// Takes back every `set` since the last `revert` or `forget`.
    pub fn revert(&mut self) {
        let mut key = 0;
        while let Some((sq, old)) = self.log.pop() {
            self.put(sq, old, &mut key);
        }
    }

    /// The cells changed since the last `revert` or `forget`.
    pub fn changed(&self) -> impl Iterator<Item = Sq> + '_ {
        self.log.iter().map(|&(sq, _)| sq)
    }

    /// Each cell changed since the last `revert` or `forget`, once, with what it held before.
    pub fn original_contents(&self) -> impl Iterator<Item = (Sq, u8)> + '_ {
        self.log
            .iter()
            .enumerate()
            .filter(|&(i, &(sq, _))| self.log[..i].iter().all(|&(s, _)| s != sq))
            .map(|(_, &entry)| entry)
    }

    /// Keeps the changes made so far (empties the log).
    pub fn forget(&mut self) {
        self.log.clear();
    }

    /// Puts `piece` (or `EMPTY`) on `sq`, keeping king lists and the Zobrist key in step, and
    /// logs the old contents for `revert`.
    #[inline]
    pub fn set(&mut self, sq: Sq, piece: u8, key: &mut u64) {
        // A turn changes at most 14 cells; callers `forget` or `revert` after each turn.
        let _ = self.log.try_push((sq, self.cells[sq as usize]));
        self.put(sq, piece, key);
    }

    #[inline]
    fn put(&mut self, sq: Sq, piece: u8, key: &mut u64) {
        let old = self.cells[sq as usize];
        if old != EMPTY {
            if self.hashing {
                *key ^= ZOBRIST.piece((old & 0x3F) as usize, sq);
            }
            if kind(old) == KING {
                let list = &mut self.kings[colour(old).index()];
                if let Some(i) = list.iter().position(|&s| s == sq) {
                    list.swap_remove(i);
                }
            }
        }
        if piece != EMPTY {
            if self.hashing {
                *key ^= ZOBRIST.piece((piece & 0x3F) as usize, sq);
            }
            if kind(piece) == KING {
                // FEN parsing caps the number of kings, and moves never create kings.
                let _ = self.kings[colour(piece).index()].try_push(sq);
            }
        }
        self.cells[sq as usize] = piece;
    }

    #[inline]
    pub fn at(&self, sq: Sq) -> u8 {
        self.cells[sq as usize]
    }

    /// Plays `turn` for `us`. The turn must come from the generator (or be its parse).
    pub fn apply(
        &mut self,
        layout: &Layout,
        turn: Turn,
        us: Side,
        capture_twin: bool,
        key: &mut u64,
    ) -> Applied {
        let them = us.other();
        let comps = turn.components(layout, us);
        let mut applied = Applied {
            capture: false,
            pawn: false,
            touched: ArrayVec::new(),
            ep: ArrayVec::new(),
        };
        // Pre-turn facts: moving pieces, captured squares, and (capture-twin) the partners of
        // captured pieces that were paired before the turn.
        let mut movers: ArrayVec<u8, 2> = ArrayVec::new();
        let mut victims: ArrayVec<(Sq, u8), 2> = ArrayVec::new();
        let mut ep_squares: ArrayVec<Sq, 2> = ArrayVec::new();
        for &(from, to, ep) in &comps {
            let mover = self.at(from);
            movers.push(mover);
            let captured_sq = if ep {
                let (df, dr) = pawn_forward(kind(mover));
                let sq = offset(to, -step(df, dr));
                ep_squares.push(sq);
                sq
            } else {
                to
            };
            let captured = self.at(captured_sq);
            if owned_by(captured, them) {
                applied.capture = true;
                if capture_twin {
                    let partner_sq = layout.mirror(them, captured_sq);
                    let partner = self.at(partner_sq);
                    if partner == layout.mirror_piece(them, captured) {
                        victims.push((partner_sq, partner));
                    }
                }
            }
        }
        for &(from, _, _) in &comps {
            self.set(from, EMPTY, key);
            applied.touched.push(from);
        }
        for &sq in &ep_squares {
            self.set(sq, EMPTY, key);
        }
        for (i, &(_, to, _)) in comps.iter().enumerate() {
            let mover = movers[i];
            applied.pawn |= is_pawn(kind(mover));
            let placed = if turn.promo != 0 {
                make_piece(turn.promo, us)
            } else {
                mover
            };
            self.set(to, placed, key);
            applied.touched.push(to);
        }
        if turn.flags & CASTLE != 0 {
            for &(from, to, _) in &comps {
                if let Some(c) = layout.castling(us, from, to) {
                    let rook = self.at(c.rook_from);
                    self.set(c.rook_from, EMPTY, key);
                    self.set(c.rook_to, rook, key);
                    applied.touched.push(c.rook_from);
                    applied.touched.push(c.rook_to);
                }
            }
        }
        if turn.promo == 0 && !layout.two_board {
            for &(_, to, _) in &comps {
                self.swap_if_facing(layout, to, us, key);
            }
        }
        for &(sq, piece) in &victims {
            if self.at(sq) == piece {
                self.set(sq, EMPTY, key);
                applied.touched.push(sq);
            }
        }
        if turn.flags & DOUBLE != 0 && layout.two_board {
            for (i, &(from, _, _)) in comps.iter().enumerate() {
                let (df, dr) = pawn_forward(kind(movers[i]));
                applied.ep.push(offset(from, step(df, dr)));
            }
            applied.ep.sort_unstable();
        }
        applied
    }

    /// §1.6.5 swap: a pawn whose forward square holds its partner pawn exchanges squares with it.
    fn swap_if_facing(&mut self, layout: &Layout, sq: Sq, us: Side, key: &mut u64) {
        let pawn = self.at(sq);
        if !owned_by(pawn, us) || !is_pawn(kind(pawn)) {
            return;
        }
        let (df, dr) = pawn_forward(kind(pawn));
        let ahead = offset(sq, step(df, dr));
        let partner = self.at(ahead);
        if layout.mirror(us, sq) == ahead && partner == layout.mirror_piece(us, pawn) {
            self.set(sq, partner, key);
            self.set(ahead, pawn, key);
        }
    }
}
