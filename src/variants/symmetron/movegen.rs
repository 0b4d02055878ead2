//! Move generation (pseudo-legal, then filtered by the King-safety test) and the attack test of
//! §7.2: modifiers are evaluated at the from-square in the position at hand.

use super::board::*;
use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::game::{MoveList, Side};
use crate::mailbox::Sq;

#[inline]
fn at(sq: Sq, d: isize) -> Sq {
    (sq as isize + d) as Sq
}

/// File and rank differences from `a` to `b`.
#[inline]
fn deltas(a: Sq, b: Sq) -> (isize, isize) {
    (
        crate::mailbox::file_of(b) as isize - crate::mailbox::file_of(a) as isize,
        crate::mailbox::rank_of(b) as isize - crate::mailbox::rank_of(a) as isize,
    )
}

/// `s` lies on a rook or bishop line through `king`.
#[inline]
fn on_line(king: Sq, s: Sq) -> bool {
    let (df, dr) = deltas(king, s);
    df == 0 || dr == 0 || df.abs() == dr.abs()
}

/// Emptying `s` could open an attack on `king`: a line, or the 2nd/4th knight point of a
/// knight ray from the King (the odd points of a Slip-Nightrider's path toward it).
#[inline]
fn vacating_matters(king: Sq, s: Sq) -> bool {
    let (df, dr) = deltas(king, s);
    let (a, b) = (df.abs(), dr.abs());
    on_line(king, s) || matches!((a, b), (2, 4) | (4, 2) | (4, 8) | (8, 4))
}

/// Which moves to produce.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    All,
    /// Captures and explosions only (quiescence).
    Noisy,
}

impl Position {
    /// Every pseudo-legal move of the side to move.
    pub fn pseudo_moves(&self, out: &mut MoveList<Move>, wanted: Wanted) {
        let us = self.side;
        for &sq in ARENA.iter() {
            let p = self.at(sq);
            if p == EMPTY || colour(p) != us {
                continue;
            }
            self.piece_moves(sq, p, out, wanted);
        }
        if wanted == Wanted::All {
            self.drops(out);
        }
    }

    fn push(out: &mut MoveList<Move>, m: Move) {
        // The list holds MAX_MOVES; a Symmetron position stays far below it (about 400 at most).
        let _ = out.try_push(m);
    }

    fn piece_moves(&self, sq: Sq, p: Piece, out: &mut MoveList<Move>, wanted: Wanted) {
        let g = PieceMoves {
            pos: self,
            sq,
            us: colour(p),
            all: wanted == Wanted::All,
        };
        match kind(p) {
            KING => g.king(out),
            REDUCER | SHS | RESURRECTOR => g.exploder(out, kind(p)),
            DRAGON => g.dragon(out),
            ADVANCER => g.advancer(out),
            NIGHTRIDER => g.nightrider(out),
            CANNON | CANON => g.cannon(out, kind(p)),
            PAWN | BAWN => g.pawn(out, kind(p)),
            _ => {}
        }
    }

    /// Entries from the mover's LS onto empty squares of ranks 4-7.
    fn drops(&self, out: &mut MoveList<Move>) {
        let ls = ls_square(self.side);
        let p = self.at(ls);
        if p == EMPTY {
            return;
        }
        let can_flip = kind(p) == CANNON;
        for &sq in ARENA[3 * FILES..7 * FILES].iter() {
            if self.at(sq) == EMPTY {
                Self::push(out, Move::new(ls, sq, MoveKind::Drop));
                if can_flip {
                    Self::push(out, Move::new(ls, sq, MoveKind::DropFlip));
                }
            }
        }
    }

    /// Whether `by` has a pseudo-legal capture of the piece on `target` (§7.2), computed by
    /// looking outward from `target` for each attacker type, with the attacker's modifiers
    /// evaluated at the attacker's square.
    pub fn attacked(&self, target: Sq, by: Side) -> bool {
        self.attacked_by_steppers(target, by)
            || self.attacked_by_nightrider(target, by)
            || self.attacked_along_lines(target, by)
    }

    /// `attacked` by a King, a Pawn or a Bawn: one step away.
    #[inline]
    fn attacked_by_steppers(&self, target: Sq, by: Side) -> bool {
        let enemy = |k: u8| make_piece(k, by);
        // King: orthogonal in its own palace, diagonal elsewhere.
        for &d in &KING_STEPS {
            let s = at(target, d);
            if self.at(s) == enemy(KING) {
                let orth = ORTH_STEPS.contains(&d);
                if orth == in_palace(s, by) {
                    return true;
                }
            }
        }
        // Pawns capture diagonally forward; Bawns forward and sideways.
        let f = forward(by);
        for d in [f + 1, f - 1] {
            if self.at(at(target, -d)) == enemy(PAWN) {
                return true;
            }
        }
        for d in [f, 1, -1] {
            if self.at(at(target, -d)) == enemy(BAWN) {
                return true;
            }
        }
        false
    }

    /// `attacked` by a Slip-Nightrider.
    #[inline]
    fn attacked_by_nightrider(&self, target: Sq, by: Side) -> bool {
        let enemy = |k: u8| make_piece(k, by);
        let count = |k: u8| self.counts[by.index()][k as usize];
        // Slip-Nightrider: from `s = target + k*v` it moves along -v; its odd points before
        // the target (target + 2v, target + 4v) must be empty.
        for &v in KNIGHT_STEPS
            .iter()
            .take(if count(NIGHTRIDER) > 0 { 8 } else { 0 })
        {
            let s1 = at(target, v);
            if self.at(s1) == enemy(NIGHTRIDER) {
                return true;
            }
            if self.at(s1) == OFF {
                continue;
            }
            let s2 = at(s1, v);
            if self.at(s2) != EMPTY {
                continue;
            }
            let s3 = at(s2, v);
            if self.at(s3) == enemy(NIGHTRIDER) && !self.reduced(s3, by) {
                return true;
            }
            if self.at(s3) == OFF {
                continue;
            }
            let s4 = at(s3, v);
            if self.at(s4) != EMPTY {
                continue;
            }
            let s5 = at(s4, v);
            if self.at(s5) == enemy(NIGHTRIDER) && !self.reduced(s5, by) {
                return true;
            }
        }
        false
    }

    /// `attacked` along a line: by a Dragon or an Advancer, or a Can(n)on hopping a screen.
    #[inline]
    fn attacked_along_lines(&self, target: Sq, by: Side) -> bool {
        let enemy = |k: u8| make_piece(k, by);
        let count = |k: u8| self.counts[by.index()][k as usize];
        // Lines: Dragons, Advancers, Can(n)ons.
        if count(DRAGON) + count(ADVANCER) + count(CANNON) + count(CANON) == 0 {
            return false;
        }
        for (i, &d) in KING_STEPS.iter().enumerate() {
            let orth = i < 4;
            let mut s = at(target, d);
            let mut dist = 1;
            while self.at(s) == EMPTY {
                s = at(s, d);
                dist += 1;
            }
            let q = self.at(s);
            if q == OFF {
                continue;
            }
            if colour(q) == by {
                match kind(q) {
                    DRAGON => {
                        let hit = if self.reduced(s, by) {
                            dist == 1
                        } else if self.symmetrized(s, by) {
                            orth || dist == 1
                        } else {
                            !orth || dist == 1
                        };
                        if hit {
                            return true;
                        }
                    }
                    ADVANCER
                        if dist >= 2
                            && orth != self.symmetrized(s, by)
                            && (dist == 2 || !self.reduced(s, by)) =>
                    {
                        return true;
                    }
                    _ => {}
                }
            }
            // `s` is a screen; the first piece beyond may be a hopping Can(n)on.
            let hopper = if orth { enemy(CANNON) } else { enemy(CANON) };
            if count(kind(hopper)) == 0 {
                continue;
            }
            let mut t = at(s, d);
            while self.at(t) == EMPTY {
                t = at(t, d);
            }
            if self.at(t) == hopper && !self.reduced(t, by) {
                return true;
            }
        }
        false
    }

    pub fn in_check(&self) -> bool {
        let k = self.kings[self.side.index()];
        k != NO_SQ && self.attacked(k, self.side.other())
    }

    /// Every legal move: pseudo-legal moves that leave the mover's King unattacked. Only moves
    /// that may expose the King (see `may_expose`) are made and tested.
    pub fn legal_moves(&mut self, out: &mut MoveList<Move>, wanted: Wanted) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo, wanted);
        let us = self.side;
        let king = self.kings[us.index()];
        let check = self.in_check();
        for &m in &pseudo {
            if king == NO_SQ || (!check && !self.may_expose(m, king)) || self.safe_after(m) {
                out.push(m);
            }
        }
    }

    /// The reference: every pseudo-legal move made and tested (tests compare the two).
    pub fn legal_moves_full_test(&mut self, out: &mut MoveList<Move>, wanted: Wanted) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo, wanted);
        for &m in &pseudo {
            if self.safe_after(m) {
                out.push(m);
            }
        }
    }

    /// Makes `m`, tests the mover's King, takes it back.
    fn safe_after(&mut self, m: Move) -> bool {
        let us = self.side;
        self.make(m);
        let k = self.kings[us.index()];
        let ok = k == NO_SQ || !self.attacked(k, us.other());
        self.unmake();
        ok
    }

    /// Whether `m` could leave the mover's King (on `king`, not in check) attacked. Attacks on
    /// a square change only when a modifier changes (a magic piece moves or explodes), the King
    /// moves, a square is vacated on a line through the King or on an odd point of a
    /// Slip-Nightrider's path to it, or a square on a line through the King is filled (a new
    /// Can(n)on screen). Everything else is legal without making it.
    fn may_expose(&self, m: Move, king: Sq) -> bool {
        let mover = self.at(m.from);
        match m.kind {
            MoveKind::FlipInPlace | MoveKind::Change => false,
            MoveKind::ToLs | MoveKind::Explode => true,
            MoveKind::Drop | MoveKind::DropFlip => {
                is_magic_kind(kind(mover)) || on_line(king, m.to)
            }
            MoveKind::Normal | MoveKind::NormalFlip => {
                kind(mover) == KING
                    || is_magic_kind(kind(mover))
                    || vacating_matters(king, m.from)
                    || on_line(king, m.to)
            }
            MoveKind::Approach => {
                let v = (m.to as isize + super::make::direction(m.from, m.to)) as Sq;
                vacating_matters(king, m.from) || on_line(king, m.to) || vacating_matters(king, v)
            }
        }
    }

    pub fn has_legal_move(&mut self) -> bool {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo, Wanted::All);
        let us = self.side;
        pseudo.iter().any(|&m| {
            self.make(m);
            let k = self.kings[us.index()];
            let ok = k == NO_SQ || !self.attacked(k, us.other());
            self.unmake();
            ok
        })
    }
}

/// The moves of one piece: where it stands, whose it is and whether quiet moves are wanted
/// (`Wanted::All`) or only captures and explosions. One method per kind of piece, each
/// producing its moves in the order the search has always seen them.
struct PieceMoves<'a> {
    pos: &'a Position,
    sq: Sq,
    us: Side,
    all: bool,
}

impl PieceMoves<'_> {
    fn push(&self, out: &mut MoveList<Move>, to: Sq, kind: MoveKind) {
        Position::push(out, Move::new(self.sq, to, kind));
    }

    fn normal(&self, out: &mut MoveList<Move>, to: Sq) {
        self.push(out, to, MoveKind::Normal);
    }

    /// A step target: empty (quiet) or capturable.
    fn step(&self, out: &mut MoveList<Move>, to: Sq) {
        let q = self.pos.at(to);
        if (q == EMPTY && self.all) || capturable(q, self.us) {
            self.normal(out, to);
        }
    }

    fn steps(&self, out: &mut MoveList<Move>, dirs: &[isize]) {
        for &d in dirs {
            self.step(out, at(self.sq, d));
        }
    }

    /// Slides along `dirs` up to and including the first capturable piece.
    fn slide(&self, out: &mut MoveList<Move>, dirs: &[isize]) {
        for &d in dirs {
            let mut t = at(self.sq, d);
            loop {
                let q = self.pos.at(t);
                if q == EMPTY {
                    if self.all {
                        self.normal(out, t);
                    }
                    t = at(t, d);
                    continue;
                }
                if capturable(q, self.us) {
                    self.normal(out, t);
                }
                break;
            }
        }
    }

    fn king(&self, out: &mut MoveList<Move>) {
        let dirs = if in_palace(self.sq, self.us) {
            &ORTH_STEPS
        } else {
            &DIAG_STEPS
        };
        self.steps(out, dirs);
    }

    /// Reducer, SHS and Resurrector: quiet king steps and the LS entry, and the explosion with
    /// the enemy piece of the same kind orthogonally adjacent.
    fn exploder(&self, out: &mut MoveList<Move>, kind: u8) {
        if self.all {
            for &d in &KING_STEPS {
                let t = at(self.sq, d);
                if self.pos.at(t) == EMPTY {
                    self.normal(out, t);
                }
            }
            let ls = ls_square(self.us);
            if self.pos.at(ls) == EMPTY {
                self.push(out, ls, MoveKind::ToLs);
            }
        }
        let partner = make_piece(kind, self.us.other());
        for &d in &ORTH_STEPS {
            let t = at(self.sq, d);
            if self.pos.at(t) == partner {
                self.push(out, t, MoveKind::Explode);
            }
        }
    }

    fn dragon(&self, out: &mut MoveList<Move>) {
        if self.pos.reduced(self.sq, self.us) {
            self.steps(out, &KING_STEPS);
        } else if self.pos.symmetrized(self.sq, self.us) {
            self.slide(out, &ORTH_STEPS);
            self.steps(out, &DIAG_STEPS);
        } else {
            self.slide(out, &DIAG_STEPS);
            self.steps(out, &ORTH_STEPS);
        }
    }

    /// Quiet slides, and capture by approach: stopping just before a capturable piece.
    fn advancer(&self, out: &mut MoveList<Move>) {
        let dirs = if self.pos.symmetrized(self.sq, self.us) {
            &DIAG_STEPS
        } else {
            &ORTH_STEPS
        };
        let reduced = self.pos.reduced(self.sq, self.us);
        for &d in dirs {
            let mut t = at(self.sq, d);
            while self.pos.at(t) == EMPTY {
                if self.all {
                    self.normal(out, t);
                }
                if capturable(self.pos.at(at(t, d)), self.us) {
                    self.push(out, t, MoveKind::Approach);
                }
                if reduced {
                    break;
                }
                t = at(t, d);
            }
        }
    }

    /// The Slip-Nightrider: lands on the odd knight points of each ray, slips over the even ones.
    fn nightrider(&self, out: &mut MoveList<Move>) {
        let reduced = self.pos.reduced(self.sq, self.us);
        for &v in &KNIGHT_STEPS {
            let mut t = self.sq;
            let mut k = 1;
            loop {
                t = at(t, v);
                let q = self.pos.at(t);
                if q == OFF {
                    break;
                }
                if k % 2 == 1 {
                    if q == EMPTY {
                        if self.all {
                            self.normal(out, t);
                        }
                    } else {
                        if capturable(q, self.us) {
                            self.normal(out, t);
                        }
                        break;
                    }
                    if reduced {
                        break;
                    }
                }
                k += 1;
            }
        }
    }

    /// Cannon (orthogonal) and Canon (diagonal): every move also exists with a flip.
    fn cannon(&self, out: &mut MoveList<Move>, kind: u8) {
        if self.pos.reduced(self.sq, self.us) {
            if self.all {
                for &d in &ORTH_STEPS {
                    let t = at(self.sq, d);
                    if self.pos.at(t) == EMPTY {
                        self.normal(out, t);
                        self.push(out, t, MoveKind::NormalFlip);
                    }
                }
            }
        } else {
            let dirs = if kind == CANNON {
                &ORTH_STEPS
            } else {
                &DIAG_STEPS
            };
            for &d in dirs {
                self.cannon_ray(out, d);
            }
        }
        if self.all {
            self.push(out, self.sq, MoveKind::FlipInPlace);
        }
    }

    /// Quiet slides along `d`, then the capture over a screen.
    fn cannon_ray(&self, out: &mut MoveList<Move>, d: isize) {
        let mut t = at(self.sq, d);
        while self.pos.at(t) == EMPTY {
            if self.all {
                self.normal(out, t);
                self.push(out, t, MoveKind::NormalFlip);
            }
            t = at(t, d);
        }
        if self.pos.at(t) == OFF {
            return;
        }
        // `t` is the screen; the first piece beyond it is the only target.
        t = at(t, d);
        while self.pos.at(t) == EMPTY {
            t = at(t, d);
        }
        if capturable(self.pos.at(t), self.us) {
            self.normal(out, t);
            self.push(out, t, MoveKind::NormalFlip);
        }
    }

    /// Pawn and Bawn, then the change of form a symmetrized one may make.
    fn pawn(&self, out: &mut MoveList<Move>, kind: u8) {
        let f = forward(self.us);
        let reduced = self.pos.reduced(self.sq, self.us);
        if kind == PAWN {
            self.pawn_moves(out, f, reduced);
        } else {
            self.bawn_moves(out, f, reduced);
        }
        if self.all && self.pos.symmetrized(self.sq, self.us) {
            self.push(out, self.sq, MoveKind::Change);
        }
    }

    /// Forward (two squares unless reduced) and sideways quietly; captures diagonally forward.
    fn pawn_moves(&self, out: &mut MoveList<Move>, f: isize, reduced: bool) {
        if self.all {
            let t = at(self.sq, f);
            if self.pos.at(t) == EMPTY {
                self.normal(out, t);
                let t2 = at(t, f);
                if !reduced && self.pos.at(t2) == EMPTY {
                    self.normal(out, t2);
                }
            }
            for d in [1, -1] {
                let t = at(self.sq, d);
                if self.pos.at(t) == EMPTY {
                    self.normal(out, t);
                }
            }
        }
        for d in [f + 1, f - 1] {
            let t = at(self.sq, d);
            if capturable(self.pos.at(t), self.us) {
                self.normal(out, t);
            }
        }
    }

    /// The Bawn: quietly diagonally forward (two squares unless reduced);
    /// captures forward and sideways.
    fn bawn_moves(&self, out: &mut MoveList<Move>, f: isize, reduced: bool) {
        if self.all {
            for d in [f + 1, f - 1] {
                let t = at(self.sq, d);
                if self.pos.at(t) == EMPTY {
                    self.normal(out, t);
                    let t2 = at(t, d);
                    if !reduced && self.pos.at(t2) == EMPTY {
                        self.normal(out, t2);
                    }
                }
            }
        }
        for d in [f, 1, -1] {
            let t = at(self.sq, d);
            if capturable(self.pos.at(t), self.us) {
                self.normal(out, t);
            }
        }
    }
}
