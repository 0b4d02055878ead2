//! Static evaluation, written once over `eval::Terms` (score or weight counts for the tuner);
//! every number is a named weight in `weights.txt`. Pieces whose power depends on their
//! neighbours are valued in their current form (a Dragon-Bishop by its SHS is a Dragon-Rook; a
//! reduced rider is a King-stepper); magic pieces are valued by what they do where they stand;
//! launching-square contents count as material in reserve, and having one ready to parachute is
//! worth a tempo; the King is judged by the palace rule (orthogonal inside, colour-bound diagonal
//! stepper outside), its attackers and its shelter.

use super::board::*;
use super::position::Position;
use super::weights::{self as w, VALUES};
use crate::eval::{sign, EvalTrace, Phase, Scorer, Terms, Tracer};
use crate::game::{Score, Side};
use crate::mailbox::{rank_of, Sq};

/// Arena material of each kind (the middlegame weights): move ordering uses them.
pub const VALUE: [Score; KINDS] = {
    let mut v = [0; KINDS];
    let mut k = REDUCER as usize;
    while k < KINDS {
        v[k] = VALUES[w::MATERIAL + k - REDUCER as usize][0];
        k += 1;
    }
    v
};

/// One phase unit per Dragon, Advancer, Slip-Nightrider and Can(n)on on the Arena.
const FULL_PHASE: i32 = 16;

const _: () = {
    assert!(w::MATERIAL_LEN == 10 && w::LS_RESERVE_LEN == 10 && w::REDUCED_LEN == 7);
    assert!(w::PAWN_ADVANCE_LEN == RANKS && w::LS_TO_MOVE_LEN == 1);
    assert!(w::DRAGON_ROOK_FORM_LEN == 1 && w::TEMPO_LEN == 1);
    assert!(REDUCER == 2 && DRAGON == 5 && BAWN as usize == KINDS - 1);
};

impl Position {
    /// The material terms of the piece `p` on `sq` (Arena or launching square).
    fn piece_terms<T: Terms>(&self, sq: Sq, p: Piece, t: &mut T) {
        let k = kind(p);
        let side = colour(p);
        let sg = sign(side);
        if k == KING {
            return;
        }
        let slot = (k - REDUCER) as usize;
        if is_ls(sq) {
            t.add(w::LS_RESERVE + slot, sg);
            return;
        }
        t.add(w::MATERIAL + slot, sg);
        if k == DRAGON && self.symmetrized(sq, side) {
            t.add(w::DRAGON_ROOK_FORM, sg);
        }
        if is_reducible_kind(k) && self.reduced(sq, side) {
            t.add(w::REDUCED + (k - DRAGON) as usize, sg);
        }
    }

    /// Value of the piece on `sq` in its current form (middlegame weights), for move ordering.
    pub fn current_value(&self, sq: Sq, p: Piece) -> Score {
        let mut scorer = Scorer::new(&VALUES);
        self.piece_terms(sq, p, &mut scorer);
        scorer.finish(Phase::FLAT, colour(p))
    }

    /// The evaluation's terms, White's view; returns the phase.
    pub fn terms<T: Terms>(&self, t: &mut T) -> Phase {
        let mut phase = 0;
        for &sq in ARENA.iter() {
            let p = self.at(sq);
            if p == EMPTY {
                continue;
            }
            let side = colour(p);
            let sg = sign(side);
            self.piece_terms(sq, p, t);
            match kind(p) {
                PAWN | BAWN => {
                    let advance = match side {
                        Side::White => rank_of(sq),
                        Side::Black => RANKS - 1 - rank_of(sq),
                    };
                    t.add(w::PAWN_ADVANCE + advance, sg);
                }
                REDUCER => t.add(w::REDUCER_VICTIMS, sg * self.reduced_victims(sq, side)),
                RESURRECTOR if self.at(ls_square(side)) == EMPTY => {
                    let cover = self.count_near(sq, side.other(), false);
                    t.add(w::RESURRECTOR_COVER, sg * cover);
                }
                SHS => t.add(w::SHS_SUPPORT, sg * self.count_near(sq, side, false)),
                KING => self.king_safety(sq, side, t),
                DRAGON | ADVANCER | NIGHTRIDER | CANNON | CANON => phase += 1,
                _ => {}
            }
        }
        for side in [Side::White, Side::Black] {
            let ls = ls_square(side);
            let p = self.at(ls);
            if p != EMPTY {
                self.piece_terms(ls, p, t);
                if side == self.side && !is_magic_kind(kind(p)) {
                    t.add(w::LS_TO_MOVE, sign(side));
                }
            }
        }
        t.add(w::TEMPO, sign(self.side));
        Phase::new(phase, FULL_PHASE)
    }

    /// White-minus-Black terms, then turned to the side to move.
    pub fn evaluate(&self) -> Score {
        let mut scorer = Scorer::new(&VALUES);
        let phase = self.terms(&mut scorer);
        scorer.finish(phase, self.side)
    }

    pub fn trace(&self) -> EvalTrace {
        let mut tracer = Tracer::default();
        let phase = self.terms(&mut tracer);
        tracer.finish(&w::SET, phase, self.side)
    }

    /// Enemy reducible pieces this Reducer actually reduces (not neutralised).
    fn reduced_victims(&self, sq: Sq, side: Side) -> i32 {
        NEAR_OFFSETS
            .iter()
            .filter(|&&d| {
                let t = (sq as isize + d) as Sq;
                let q = self.at(t);
                q != EMPTY
                    && q != OFF
                    && colour(q) != side
                    && is_reducible_kind(kind(q))
                    && !matches!(kind(q), PAWN | BAWN)
                    && self.reduced(t, colour(q))
            })
            .count() as i32
    }

    /// Non-magic, non-King pieces of `side` within distance 2 of `sq`.
    fn count_near(&self, sq: Sq, side: Side, magic_too: bool) -> i32 {
        NEAR_OFFSETS
            .iter()
            .filter(|&&d| {
                let q = self.at((sq as isize + d) as Sq);
                q != EMPTY
                    && q != OFF
                    && colour(q) == side
                    && kind(q) != KING
                    && (magic_too || !is_magic_kind(kind(q)))
            })
            .count() as i32
    }

    fn king_safety<T: Terms>(&self, sq: Sq, side: Side, t: &mut T) {
        let sg = sign(side);
        if in_palace(sq, side) {
            t.add(w::KING_PALACE, sg);
        }
        t.add(
            w::KING_ATTACKERS,
            sg * self.count_near(sq, side.other(), false),
        );
        let shelter = KING_STEPS
            .iter()
            .filter(|&&d| {
                let q = self.at((sq as isize + d) as Sq);
                q != EMPTY && q != OFF && colour(q) == side
            })
            .count() as i32;
        t.add(w::KING_SHELTER, sg * shelter);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> Score {
        Position::from_fen(fen, false)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
            .evaluate()
    }

    #[test]
    fn start_position_is_balanced_for_either_side_to_move() {
        let start = "nc3k3cn/hd1a3a1dr/pppbbbbbppp/11/11/11/11/PPPBBBBBPPP/RD1A3A1DH/NC3K3CN Uu";
        let tempo = VALUES[w::TEMPO][0];
        assert_eq!(eval(&format!("{start} w")), tempo);
        assert_eq!(eval(&format!("{start} b")), tempo);
    }

    #[test]
    fn neighbours_change_values() {
        // Dragon d4 with the SHS at distance 2 (Dragon-Rook) beats the SHS at distance 3.
        let rook_form = eval("5k5/11/11/11/5H5/11/3D7/11/11/5K5 -- w");
        let bishop_form = eval("5k5/11/11/11/6H4/11/3D7/11/11/5K5 -- w");
        assert!(rook_form > bishop_form, "{rook_form} vs {bishop_form}");
        // A Black Reducer next to our Dragon reduces it: worse for us than the Reducer far away.
        let reduced = eval("5k5/11/11/11/11/11/3D7/4r6/11/5K5 -- w");
        let free = eval("5k5/11/11/11/11/11/3D7/11/11/5K4r -- w");
        assert!(reduced < free, "{reduced} vs {free}");
        // Our own Reducer nearby neutralises it again.
        let neutralised = eval("5k5/11/11/11/11/11/3D7/4r6/2R8/5K5 -- w");
        assert!(neutralised > reduced);
    }

    #[test]
    fn reserve_and_king_placement_count() {
        let empty = eval("5k5/11/11/11/11/11/11/11/11/5K5 -- w");
        let reserve = eval("5k5/11/11/11/11/11/11/11/11/5K5 D- w");
        assert!(
            reserve > empty + 300,
            "a retrieved Dragon waiting on the LS is material"
        );
        let outside = eval("5k5/11/11/11/11/11/11/11/11/2K8 -- w");
        assert!(empty > outside, "the King is safer in its palace");
    }
}
