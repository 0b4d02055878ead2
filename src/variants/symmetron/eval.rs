//! Static evaluation. Pieces whose power depends on their neighbours are valued in their current
//! form (a Dragon-Bishop by its SHS is a Dragon-Rook; a reduced rider is a King-stepper); magic
//! pieces are valued by what they do where they stand; launching-square contents count as
//! material in reserve; the King is judged by the palace rule (orthogonal inside, colour-bound
//! diagonal stepper outside).

use super::board::*;
use super::position::Position;
use crate::game::{Score, Side};
use crate::mailbox::{rank_of, Sq};

/// Material of each kind in its ordinary (unmodified) form.
pub const VALUE: [Score; KINDS] = [0, 0, 260, 220, 220, 500, 420, 380, 420, 420, 100, 100];
/// A Dragon in its Dragon-Rook form is worth this much more.
pub const DRAGON_ROOK_BONUS: Score = 130;
/// A reduced rider keeps this share (in 1/16) of its value.
pub const REDUCED_SHARE_16: Score = 6;
/// A reduced Pawn or Bawn only loses its double step.
pub const REDUCED_PAWN_PENALTY: Score = 10;
/// A non-magic piece waiting on the LS can be parachuted anywhere on ranks 4-7.
pub const RESERVE_SHARE_16: Score = 15;
/// A magic piece on the LS influences nothing.
pub const MAGIC_ON_LS_PENALTY: Score = 40;
/// Per enemy rider the Reducer currently reduces.
pub const REDUCER_VICTIM_BONUS: Score = 30;
/// Per enemy non-magic piece within the Resurrector's reach (while our LS is free).
pub const RESURRECTOR_COVER_BONUS: Score = 12;
/// Per own Pawn/Bawn the SHS can change, and per own Advancer it symmetrizes (choice).
pub const SHS_SUPPORT_BONUS: Score = 6;
pub const KING_IN_PALACE_BONUS: Score = 35;
/// Per enemy non-magic piece within distance 2 of our King.
pub const KING_ATTACKER_PENALTY: Score = 18;
/// Per own piece adjacent to our King.
pub const KING_SHELTER_BONUS: Score = 6;
pub const PAWN_ADVANCE_PER_RANK: Score = 3;
pub const TEMPO: Score = 10;

impl Position {
    /// Value of the piece on `sq` in its current form, for move ordering and evaluation.
    pub fn current_value(&self, sq: Sq, p: Piece) -> Score {
        let k = kind(p);
        let side = colour(p);
        if is_ls(sq) {
            return if is_magic_kind(k) {
                VALUE[k as usize] - MAGIC_ON_LS_PENALTY
            } else {
                VALUE[k as usize] * RESERVE_SHARE_16 / 16
            };
        }
        let mut v = VALUE[k as usize];
        if k == DRAGON && self.symmetrized(sq, side) {
            v += DRAGON_ROOK_BONUS;
        }
        if is_reducible_kind(k) && self.reduced(sq, side) {
            v = if matches!(k, PAWN | BAWN) {
                v - REDUCED_PAWN_PENALTY
            } else {
                v * REDUCED_SHARE_16 / 16
            };
        }
        v
    }

    /// White-minus-Black terms, then turned to the side to move.
    pub fn evaluate(&self) -> Score {
        let mut score = [0 as Score; 2];
        for &sq in ARENA.iter() {
            let p = self.at(sq);
            if p == EMPTY {
                continue;
            }
            let side = colour(p);
            let s = &mut score[side.index()];
            *s += self.current_value(sq, p);
            match kind(p) {
                PAWN | BAWN => {
                    let advance = match side {
                        Side::White => rank_of(sq),
                        Side::Black => RANKS - 1 - rank_of(sq),
                    };
                    *s += PAWN_ADVANCE_PER_RANK * advance as Score;
                }
                REDUCER => *s += REDUCER_VICTIM_BONUS * self.reduced_victims(sq, side),
                RESURRECTOR if self.at(ls_square(side)) == EMPTY => {
                    *s += RESURRECTOR_COVER_BONUS * self.count_near(sq, side.other(), false);
                }
                SHS => *s += SHS_SUPPORT_BONUS * self.count_near(sq, side, false),
                KING => *s += self.king_safety(sq, side),
                _ => {}
            }
        }
        for side in [Side::White, Side::Black] {
            let ls = ls_square(side);
            let p = self.at(ls);
            if p != EMPTY {
                score[side.index()] += self.current_value(ls, p);
            }
        }
        let white = score[0] - score[1];
        TEMPO
            + match self.side {
                Side::White => white,
                Side::Black => -white,
            }
    }

    /// Enemy reducible pieces this Reducer actually reduces (not neutralised).
    fn reduced_victims(&self, sq: Sq, side: Side) -> Score {
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
            .count() as Score
    }

    /// Non-magic, non-King pieces of `side` within distance 2 of `sq`.
    fn count_near(&self, sq: Sq, side: Side, magic_too: bool) -> Score {
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
            .count() as Score
    }

    fn king_safety(&self, sq: Sq, side: Side) -> Score {
        let mut s = 0;
        if in_palace(sq, side) {
            s += KING_IN_PALACE_BONUS;
        }
        s -= KING_ATTACKER_PENALTY * self.count_near(sq, side.other(), false);
        s += KING_SHELTER_BONUS
            * KING_STEPS
                .iter()
                .filter(|&&d| {
                    let q = self.at((sq as isize + d) as Sq);
                    q != EMPTY && q != OFF && colour(q) == side
                })
                .count() as Score;
        s
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
        assert_eq!(eval(&format!("{start} w")), TEMPO);
        assert_eq!(eval(&format!("{start} b")), TEMPO);
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
