//! Turn generation (§1.6): pair moves generated once, from the lower member of each pair, with
//! both components judged on the pre-turn board; free moves of unpaired pieces; castling pairs.

use super::attack::{any_king_capturable, capturable, Influence};
use super::board::*;
use super::layout::{offset, step, Layout};
use super::piece::*;
use super::Position;
use crate::game::{MoveList, Side};
use crate::mailbox::Sq;
use arrayvec::ArrayVec;

/// Rule options that change which turns exist.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReflectionRules {
    pub capture_twin: bool,
    pub capture_kings: bool,
    pub queen_promotion: bool,
}

struct Gen<'a> {
    layout: &'a Layout,
    pos: &'a Position,
    rules: ReflectionRules,
    us: Side,
    out: &'a mut MoveList<Turn>,
}

/// Every pseudo-legal turn (king safety not yet judged; castling conditions already are).
pub fn pseudo_turns(
    layout: &Layout,
    pos: &Position,
    rules: ReflectionRules,
    out: &mut MoveList<Turn>,
) {
    let us = pos.side;
    let mut gen = Gen {
        layout,
        pos,
        rules,
        us,
        out,
    };
    for &s in &layout.squares {
        let piece = pos.board.at(s);
        if !owned_by(piece, us) {
            continue;
        }
        let kind = kind(piece);
        let partner = layout.mirror(us, s);
        let paired = pos.board.at(partner) == layout.mirror_piece(us, piece);
        if paired && partner < s {
            continue; // generated from the partner
        }
        match (is_pawn(kind), paired) {
            (true, true) => gen.pawn_pair(s, partner, kind),
            (true, false) => gen.pawn_free(s, kind),
            (false, true) => gen.piece_pair(s, partner, kind),
            (false, false) => gen.piece_free(s, kind),
        }
        if kind == KING && !layout.castlings.is_empty() {
            gen.castlings(s, paired.then_some(partner));
        }
    }
}

/// Every legal turn.
pub fn legal_turns(
    layout: &Layout,
    pos: &Position,
    rules: ReflectionRules,
    out: &mut MoveList<Turn>,
) {
    legal_turns_where(layout, pos, rules, out, false);
}

/// Every legal turn that captures or promotes (the quiet ones are dropped before the costly
/// legality test).
pub fn legal_noisy_turns(
    layout: &Layout,
    pos: &Position,
    rules: ReflectionRules,
    out: &mut MoveList<Turn>,
) {
    legal_turns_where(layout, pos, rules, out, true);
}

fn legal_turns_where(
    layout: &Layout,
    pos: &Position,
    rules: ReflectionRules,
    out: &mut MoveList<Turn>,
    noisy_only: bool,
) {
    if rules.capture_kings && pos.board.kings.iter().any(|k| k.is_empty()) {
        return; // ruling 27: no turns after the last king is captured
    }
    pseudo_turns(layout, pos, rules, out);
    if noisy_only {
        out.retain(|t| t.flags & CAPTURE != 0 || t.promo != 0);
    }
    if rules.capture_kings {
        return;
    }
    let us = pos.side;
    let kings = &pos.board.kings[us.index()];
    let in_check = any_king_capturable(layout, &pos.board.cells, kings, us, &[]);
    let influence = Influence::of_kings(layout, &pos.board.cells, kings, us.other());
    let mut board = pos.board.clone();
    board.forget();
    board.hashing = false;
    out.retain(|turn| {
        // In check, any turn may block; otherwise only a change of influence can create a check.
        if !in_check && !footprint(layout, pos, *turn, rules).any(|sq| influence.contains(sq)) {
            return true;
        }
        let mut key = 0;
        let applied = board.apply(layout, *turn, us, rules.capture_twin, &mut key);
        let safe = !any_king_capturable(
            layout,
            &board.cells,
            &board.kings[us.index()],
            us,
            &applied.ep,
        );
        board.revert();
        safe
    });
}

/// Every square a turn may change (a superset): components' origins and targets (swaps exchange
/// the targets), en-passant victims and created targets, castling rooks, and under capture-twin
/// the partner squares of captured pieces.
fn footprint(
    layout: &Layout,
    pos: &Position,
    turn: Turn,
    rules: ReflectionRules,
) -> impl Iterator<Item = Sq> {
    let us = pos.side;
    let mut squares: ArrayVec<Sq, 16> = ArrayVec::new();
    for (from, to, ep) in turn.components(layout, us) {
        squares.push(from);
        squares.push(to);
        let (df, dr) = pawn_forward(kind(pos.board.at(from)));
        if ep {
            let victim = offset(to, -step(df, dr));
            squares.push(victim);
            if rules.capture_twin {
                squares.push(layout.mirror(us.other(), victim));
            }
        }
        if turn.flags & DOUBLE != 0 {
            squares.push(offset(from, step(df, dr)));
        }
        if turn.flags & CASTLE != 0 {
            if let Some(c) = layout.castling(us, from, to) {
                squares.push(c.rook_from);
                squares.push(c.rook_to);
            }
        }
        if rules.capture_twin && pos.board.at(to) != EMPTY {
            squares.push(layout.mirror(us.other(), to));
        }
    }
    squares.into_iter()
}

/// Every legal turn, each judged by the full check test (no shortcut): the reference that the
/// tests compare `legal_turns` with.
#[cfg(test)]
pub fn legal_turns_slow(
    layout: &Layout,
    pos: &Position,
    rules: ReflectionRules,
    out: &mut MoveList<Turn>,
) {
    if rules.capture_kings && pos.board.kings.iter().any(|k| k.is_empty()) {
        return;
    }
    pseudo_turns(layout, pos, rules, out);
    if rules.capture_kings {
        return;
    }
    let us = pos.side;
    out.retain(|turn| {
        let mut board = pos.board.clone();
        let mut key = 0;
        let applied = board.apply(layout, *turn, us, rules.capture_twin, &mut key);
        !any_king_capturable(
            layout,
            &board.cells,
            &board.kings[us.index()],
            us,
            &applied.ep,
        )
    });
}

impl Gen<'_> {
    #[inline]
    fn cell(&self, sq: Sq) -> u8 {
        self.pos.board.at(sq)
    }

    fn push(&mut self, from: Sq, to: Sq, flags: u8, pawn_kind: Option<u8>) {
        if let Some(kind) = pawn_kind {
            if self.layout.promotion[kind as usize][to as usize] {
                let queen = self.layout.queens_always || self.rules.queen_promotion;
                for promo in [QUEEN, ROOK, BISHOP, KNIGHT] {
                    if promo != QUEEN || queen {
                        self.out.push(Turn {
                            from,
                            to,
                            promo,
                            flags,
                        });
                    }
                }
                return;
            }
        }
        self.out.push(Turn {
            from,
            to,
            promo: 0,
            flags,
        });
    }

    fn piece_free(&mut self, s: Sq, kind: u8) {
        let (dirs, slides) = moves_of(kind);
        let l = self.layout;
        for &(df, dr) in dirs {
            let d = step(df, dr);
            let mut t = s;
            loop {
                t = offset(t, d);
                let c = self.cell(t);
                if c == OFF || l.area_conflict(s, t) || owned_by(c, self.us) {
                    break;
                }
                let capture = c != EMPTY;
                if !(capture && l.crosses_de(s, t)) {
                    self.push(s, t, if capture { CAPTURE } else { 0 }, None);
                }
                if capture || !slides {
                    break;
                }
            }
        }
    }

    fn piece_pair(&mut self, s1: Sq, s2: Sq, kind: u8) {
        let (dirs, slides) = moves_of(kind);
        let l = self.layout;
        for &(df, dr) in dirs {
            let (mf, mr) = l.mirror_step(self.us, df, dr);
            let (d1, d2) = (step(df, dr), step(mf, mr));
            let mut path_a: ArrayVec<Sq, 16> = ArrayVec::new();
            let mut path_b: ArrayVec<Sq, 16> = ArrayVec::new();
            let (mut a, mut b) = (s1, s2);
            loop {
                a = offset(a, d1);
                b = offset(b, d2);
                let (ca, cb) = (self.cell(a), self.cell(b));
                if ca == OFF
                    || cb == OFF
                    || l.area_conflict(s1, a)
                    || l.area_conflict(s2, b)
                    || owned_by(ca, self.us)
                    || owned_by(cb, self.us)
                {
                    break;
                }
                // §1.6.3: once the components share a square, every longer move shares it too.
                if a == b || path_b.contains(&a) || path_a.contains(&b) {
                    break;
                }
                path_a.push(a);
                path_b.push(b);
                let (cap_a, cap_b) = (ca != EMPTY, cb != EMPTY);
                if !self.pair_crosses_de((s1, a, cap_a), (s2, b, cap_b)) {
                    let flags = PAIR | if cap_a || cap_b { CAPTURE } else { 0 };
                    self.push(s1, a, flags, None);
                }
                if cap_a || cap_b || !slides {
                    break;
                }
            }
        }
    }

    /// The d|e rule for a pair: some capturing component crosses the line. Each argument is
    /// (origin, destination, captures).
    #[inline]
    fn pair_crosses_de(&self, a: (Sq, Sq, bool), b: (Sq, Sq, bool)) -> bool {
        let l = self.layout;
        (a.2 && l.crosses_de(a.0, a.1)) || (b.2 && l.crosses_de(b.0, b.1))
    }

    /// A component target of a pawn: exists, same zone/board, not friendly.
    #[inline]
    fn pawn_target_ok(&self, from: Sq, to: Sq) -> bool {
        let c = self.cell(to);
        c != OFF && !self.layout.area_conflict(from, to) && !owned_by(c, self.us)
    }

    fn pawn_free(&mut self, s: Sq, kind: u8) {
        let l = self.layout;
        let (df, dr) = pawn_forward(kind);
        let fwd = step(df, dr);
        let side_step = step(dr, df);
        let a = offset(s, fwd);
        if self.pawn_target_ok(s, a) && self.cell(a) == EMPTY {
            self.push(s, a, 0, Some(kind));
            let a2 = offset(a, fwd);
            if l.double_start[kind as usize][s as usize]
                && self.pawn_target_ok(s, a2)
                && self.cell(a2) == EMPTY
            {
                self.push(s, a2, DOUBLE, Some(kind));
            }
        }
        for side in [side_step, -side_step] {
            let t = offset(a, side);
            if !self.pawn_target_ok(s, t) {
                continue;
            }
            if self.cell(t) != EMPTY {
                if !l.crosses_de(s, t) {
                    self.push(s, t, CAPTURE, Some(kind));
                }
            } else if self.pos.ep.contains(&t) {
                self.push(s, t, CAPTURE | EP_A, Some(kind));
            }
        }
    }

    fn pawn_pair(&mut self, s1: Sq, s2: Sq, kind: u8) {
        let l = self.layout;
        let relaxed = !l.two_board;
        let (df, dr) = pawn_forward(kind);
        let (mf, mr) = l.mirror_step(self.us, df, dr);
        let (fwd1, fwd2) = (step(df, dr), step(mf, mr));
        // Single step.
        let (a, b) = (offset(s1, fwd1), offset(s2, fwd2));
        if self.pawn_target_ok(s1, a) && self.pawn_target_ok(s2, b) && a != b {
            let (cap_a, cap_b) = (self.cell(a) != EMPTY, self.cell(b) != EMPTY);
            let allowed = if relaxed {
                let both_capture = cap_a && cap_b;
                !both_capture && !self.pair_crosses_de((s1, a, cap_a), (s2, b, cap_b))
            } else {
                !cap_a && !cap_b
            };
            if allowed {
                let flags = PAIR | if cap_a || cap_b { CAPTURE } else { 0 };
                self.push(s1, a, flags, Some(kind));
            }
            // Double step: both on start squares, all four squares empty, disjoint paths.
            let kind2 = l.mirror_kind[self.us.index()][kind as usize];
            let (a2, b2) = (offset(a, fwd1), offset(b, fwd2));
            if !cap_a
                && !cap_b
                && l.double_start[kind as usize][s1 as usize]
                && l.double_start[kind2 as usize][s2 as usize]
                && self.pawn_target_ok(s1, a2)
                && self.pawn_target_ok(s2, b2)
                && self.cell(a2) == EMPTY
                && self.cell(b2) == EMPTY
                && a2 != b
                && b2 != a
                && a2 != b2
            {
                self.push(s1, a2, PAIR | DOUBLE, Some(kind));
            }
        }
        // Diagonal steps.
        let side1 = step(dr, df);
        for sign in [1, -1] {
            let (ldf, ldr) = (df + sign * dr, dr + sign * df);
            let (mldf, mldr) = l.mirror_step(self.us, ldf, ldr);
            let (a, b) = (offset(s1, step(ldf, ldr)), offset(s2, step(mldf, mldr)));
            debug_assert_eq!(a, offset(offset(s1, fwd1), sign * side1));
            if !self.pawn_target_ok(s1, a) || !self.pawn_target_ok(s2, b) || a == b {
                continue;
            }
            let (cap_a, cap_b) = (self.cell(a) != EMPTY, self.cell(b) != EMPTY);
            if relaxed {
                if (cap_a || cap_b) && !self.pair_crosses_de((s1, a, cap_a), (s2, b, cap_b)) {
                    self.push(s1, a, PAIR | CAPTURE, Some(kind));
                }
            } else {
                // Orthodox pawns: both components capture, possibly en passant.
                let ep_a = !cap_a && self.pos.ep.contains(&a);
                let ep_b = !cap_b && self.pos.ep.contains(&b);
                if (cap_a || ep_a) && (cap_b || ep_b) {
                    let flags =
                        PAIR | CAPTURE | if ep_a { EP_A } else { 0 } | if ep_b { EP_B } else { 0 };
                    self.push(s1, a, flags, Some(kind));
                }
            }
        }
    }

    /// Castling (§1.6.4): a paired king castles with its partner, an unpaired king alone.
    fn castlings(&mut self, king: Sq, partner: Option<Sq>) {
        let l = self.layout;
        let us = self.us;
        for c in l
            .castlings
            .iter()
            .filter(|c| c.side == us && c.king_from == king)
        {
            if !self.castling_open(c.king_from, c.king_to) {
                continue;
            }
            let mut kings: ArrayVec<(Sq, Sq), 2> = ArrayVec::new();
            kings.push((c.king_from, c.king_to));
            if let Some(p) = partner {
                let to2 = l.mirror(self.us, c.king_to);
                if !self.castling_open(p, to2) {
                    continue;
                }
                kings.push((p, to2));
            }
            if self.castling_safe(&kings) {
                let flags = CASTLE | if partner.is_some() { PAIR } else { 0 };
                self.push(king, c.king_to, flags, None);
            }
        }
    }

    /// Right kept, king and rook in place, squares between them empty.
    fn castling_open(&self, king_from: Sq, king_to: Sq) -> bool {
        let Some(c) = self.layout.castling(self.us, king_from, king_to) else {
            return false;
        };
        self.pos.castling & c.right != 0
            && self.cell(c.king_from) == make_piece(KING, self.us)
            && self.cell(c.rook_from) == make_piece(ROOK, self.us)
            && c.between.iter().all(|&s| self.cell(s) == EMPTY)
    }

    /// Neither castling king in check, nor on its crossed square (both kings placed there).
    fn castling_safe(&self, kings: &[(Sq, Sq)]) -> bool {
        let l = self.layout;
        let them = self.us.other();
        let cells = &self.pos.board.cells;
        if kings
            .iter()
            .any(|&(from, _)| capturable(l, cells, from, them, &[]))
        {
            return false;
        }
        let mut crossed = *cells;
        let mut squares: ArrayVec<Sq, 2> = ArrayVec::new();
        for &(from, to) in kings {
            let mid = ((from as usize + to as usize) / 2) as Sq;
            crossed[from as usize] = EMPTY;
            crossed[mid as usize] = make_piece(KING, self.us);
            squares.push(mid);
        }
        !squares
            .iter()
            .any(|&s| capturable(l, &crossed, s, them, &[]))
    }
}
