//! A first evaluation of hexagonal Sonic, built like square Sonic's from material, piece
//! placement and activity, with hand-set numbers (tuning from self-play comes later): material
//! (sliders above their chess value, as a slider's capture is a chain), centrality by hex distance
//! from f6, pawn advance, the cells each knight and slider reaches, and a tempo.

use super::position::{colour, kind, Position, BISHOP, EMPTY, KNIGHT, PAWN, QUEEN, ROOK};
use crate::game::{Score, Side};
use crate::mailbox::hex::{self, HOURS, KNIGHT_VECTORS};

/// Piece values by kind (index = piece kind); move ordering uses them too.
pub const PIECE_VALUE: [Score; 7] = [0, 100, 320, 340, 520, 1000, 0];
/// Centipawns per step closer to the centre (distance 5 - d), by kind.
const CENTRE: [Score; 7] = [0, 2, 8, 4, 2, 3, 2];
/// Centipawns per cell a piece reaches (quiet or first contact), by kind.
const MOBILITY: [Score; 7] = [0, 0, 4, 3, 2, 1, 0];
/// Centipawns per cell a pawn has advanced from its side's first rank line.
const PAWN_ADVANCE: Score = 6;
const TEMPO: Score = 10;

fn reach(pos: &Position, c: hex::Cell, piece_kind: u8) -> Score {
    let side = colour(pos.at(c));
    let open = |t: hex::Cell| {
        let p = pos.at(t);
        p == EMPTY || p != super::position::OFF && colour(p) != side
    };
    match piece_kind {
        KNIGHT => KNIGHT_VECTORS
            .iter()
            .filter(|&&v| open(hex::add(c, hex::offset(v))))
            .count() as Score,
        ROOK | BISHOP | QUEEN => {
            let mut n = 0;
            for (h, &d) in HOURS.iter().enumerate() {
                let slides = match piece_kind {
                    ROOK => h % 2 == 0,
                    BISHOP => h % 2 == 1,
                    _ => true,
                };
                if !slides {
                    continue;
                }
                let step = hex::offset(d);
                let mut t = hex::add(c, step);
                while pos.at(t) == EMPTY {
                    n += 1;
                    t = hex::add(t, step);
                }
                n += Score::from(open(t));
            }
            n
        }
        _ => 0,
    }
}

/// The score from the side to move's point of view.
pub fn evaluate(pos: &Position) -> Score {
    let centre = hex::slot(0, 0);
    let mut score = [0 as Score; 2];
    for c in hex::cells() {
        let p = pos.at(c);
        if p == EMPTY {
            continue;
        }
        let (k, side) = (kind(p), colour(p));
        let s = &mut score[side.index()];
        *s += PIECE_VALUE[k as usize];
        *s += CENTRE[k as usize] * Score::from(5 - hex::distance(c, centre));
        *s += MOBILITY[k as usize] * reach(pos, c, k);
        if k == PAWN {
            // Rank numbers count up the file from White's edge; Black's pawns count down.
            let (q, r) = hex::coords(c);
            let low = -5 + q.max(0);
            let high = 5 + q.min(0);
            let advanced = match side {
                Side::White => r - low,
                Side::Black => high - r,
            };
            *s += PAWN_ADVANCE * Score::from(advanced);
        }
    }
    let us = pos.side.index();
    score[us] - score[1 - us] + TEMPO
}
