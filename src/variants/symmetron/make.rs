//! Making and unmaking moves, with retrieval by the Resurrector (§5) and the halfmove clock (§7.4).

use super::board::*;
use super::moves::{Move, MoveKind};
use super::position::{Position, Undo};
use crate::game::Side;
use crate::mailbox::zobrist::ZOBRIST;
use crate::mailbox::{file_of, rank_of, Sq};
use arrayvec::ArrayVec;

/// The other state of a Can(n)on.
#[inline]
pub fn flipped(p: Piece) -> Piece {
    match kind(p) {
        CANNON => make_piece(CANON, colour(p)),
        CANON => make_piece(CANNON, colour(p)),
        _ => p,
    }
}

/// Pawn <-> Bawn.
#[inline]
pub fn changed(p: Piece) -> Piece {
    match kind(p) {
        PAWN => make_piece(BAWN, colour(p)),
        BAWN => make_piece(PAWN, colour(p)),
        _ => p,
    }
}

/// Unit step from `from` toward `to` along a line.
#[inline]
pub fn direction(from: Sq, to: Sq) -> isize {
    let df = (file_of(to) as isize - file_of(from) as isize).signum();
    let dr = (rank_of(to) as isize - rank_of(from) as isize).signum();
    dr * N + df
}

/// Where the victim of a capturing move stands (`None` for moves that cannot capture).
pub fn victim_square(mv: Move) -> Option<Sq> {
    match mv.kind {
        MoveKind::Normal | MoveKind::NormalFlip => Some(mv.to),
        MoveKind::Approach => Some((mv.to as isize + direction(mv.from, mv.to)) as Sq),
        _ => None,
    }
}

impl Position {
    fn record(&mut self, changes: &mut ArrayVec<(Sq, Piece), 4>, sq: Sq, p: Piece) -> Piece {
        let old = self.put(sq, p);
        changes.push((sq, old));
        old
    }

    pub fn make(&mut self, mv: Move) {
        let us = self.side;
        let mut changes = ArrayVec::new();
        let key = self.key;
        let (halfmove, fullmove) = (self.halfmove, self.fullmove);
        let mover = self.at(mv.from);
        let mut captured = EMPTY;
        let mut irreversible = false;
        match mv.kind {
            MoveKind::Normal | MoveKind::NormalFlip => {
                self.record(&mut changes, mv.from, EMPTY);
                let placed = if mv.kind == MoveKind::NormalFlip {
                    flipped(mover)
                } else {
                    mover
                };
                captured = self.record(&mut changes, mv.to, placed);
                irreversible = matches!(kind(mover), PAWN | BAWN);
            }
            MoveKind::Approach => {
                self.record(&mut changes, mv.from, EMPTY);
                self.record(&mut changes, mv.to, mover);
                let v = (mv.to as isize + direction(mv.from, mv.to)) as Sq;
                captured = self.record(&mut changes, v, EMPTY);
            }
            MoveKind::FlipInPlace => {
                self.record(&mut changes, mv.from, flipped(mover));
            }
            MoveKind::Change => {
                self.record(&mut changes, mv.from, changed(mover));
            }
            MoveKind::ToLs => {
                self.record(&mut changes, mv.from, EMPTY);
                self.record(&mut changes, mv.to, mover);
            }
            MoveKind::Drop | MoveKind::DropFlip => {
                self.record(&mut changes, mv.from, EMPTY);
                let placed = if mv.kind == MoveKind::DropFlip {
                    flipped(mover)
                } else {
                    mover
                };
                self.record(&mut changes, mv.to, placed);
                irreversible = !is_magic_kind(kind(mover));
            }
            MoveKind::Explode => {
                self.record(&mut changes, mv.from, EMPTY);
                self.record(&mut changes, mv.to, EMPTY);
                irreversible = true;
            }
        }
        let mut resurrected = false;
        if captured != EMPTY {
            irreversible = true;
            let ls = ls_square(us);
            let v = victim_square(mv).unwrap_or(mv.to);
            if is_retrievable_kind(kind(captured))
                && self.at(ls) == EMPTY
                && near(v, self.magic[us.index()][magic_index(RESURRECTOR)])
            {
                // Retrieved pieces change owner; a Can(n)on is stored orthogonal.
                let k = if kind(captured) == CANON {
                    CANNON
                } else {
                    kind(captured)
                };
                self.record(&mut changes, ls, make_piece(k, us));
                resurrected = true;
            }
        }
        self.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        if us == Side::Black {
            self.fullmove += 1;
        }
        self.side = us.other();
        self.key ^= ZOBRIST.side;
        self.keys.push(self.key);
        self.undo.push(Undo {
            changes,
            key,
            halfmove,
            fullmove,
            captured,
            resurrected,
        });
    }

    /// Passes the turn (search only).
    pub fn make_null(&mut self) {
        self.undo.push(Undo {
            changes: ArrayVec::new(),
            key: self.key,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            captured: EMPTY,
            resurrected: false,
        });
        self.halfmove += 1;
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.other();
        self.key ^= ZOBRIST.side;
        self.keys.push(self.key);
    }

    pub fn unmake(&mut self) {
        let Some(u) = self.undo.pop() else {
            return;
        };
        self.keys.pop();
        for &(sq, old) in u.changes.iter().rev() {
            let now = self.at(sq);
            self.place_raw(sq, old, now);
        }
        self.key = u.key;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.side = self.side.other();
    }
}
