//! Hexagonal Sonic's evaluation, written once over `eval::Terms` (score or weight counts for the
//! tuner) like square Sonic's; every number is a named weight in `weights.txt`: material (sliders
//! above their chess value, as a slider's capture is a chain), closeness to f6 by hex distance and
//! piece kind, pawns by rank and by the cells left to their promotion, the cells each knight and
//! slider reaches, the first contacts of knights and sliders (where capture chains start), and
//! the tempo.

use super::position::{
    colour, kind, Position, BISHOP, EMPTY, KING, KNIGHT, OFF, PAWN, QUEEN, ROOK,
};
use super::weights::{self as w, VALUES};
use crate::eval::{sign, EvalTrace, Phase, Scorer, Terms, Tracer};
use crate::game::{Score, Side};
use crate::mailbox::chessmen::{middlegame_values, PHASE_UNITS};
use crate::mailbox::hex::{self, HOURS, KNIGHT_VECTORS};

/// Piece values by kind (index = piece kind), the middlegame material: move ordering uses them.
pub const PIECE_VALUE: [Score; 7] = middlegame_values(&VALUES, w::MATERIAL);

/// The phase with both of Gliński's armies on the board: 2 knights, 3 bishops, 2 rooks and a
/// queen a side.
const FULL_PHASE: i32 = 26;

/// The first weight of each kind's centre table (index = piece kind; 0 is no piece).
const CENTRE: [usize; 7] = [
    0,
    w::CENTRE_PAWN,
    w::CENTRE_KNIGHT,
    w::CENTRE_BISHOP,
    w::CENTRE_ROOK,
    w::CENTRE_QUEEN,
    w::CENTRE_KING,
];

const _: () = {
    assert!(w::MATERIAL_LEN == 5 && w::MOBILITY_LEN == 4 && w::TEMPO_LEN == 1);
    assert!(w::CENTRE_PAWN_LEN == 6 && w::CENTRE_KNIGHT_LEN == 6 && w::CENTRE_BISHOP_LEN == 6);
    assert!(w::CENTRE_ROOK_LEN == 6 && w::CENTRE_QUEEN_LEN == 6 && w::CENTRE_KING_LEN == 6);
    assert!(w::PAWN_RANK_LEN == 10 && w::PAWN_TOGO_LEN == 10);
    assert!(w::THREAT_OURS_LEN == 5 && w::THREAT_THEIRS_LEN == 5);
};

/// The cells a knight or slider of `side` on `c` reaches (empty cells, and the cell where each
/// leap or line stops if an enemy stands there); `contact` is told the kind of each enemy piece
/// other than the king met so (where a capture chain would start).
fn reach(
    pos: &Position,
    c: hex::Cell,
    piece_kind: u8,
    side: Side,
    mut contact: impl FnMut(u8),
) -> i32 {
    let mut stop = |p: u8| {
        let enemy = p != OFF && colour(p) != side;
        if enemy && kind(p) != KING {
            contact(kind(p));
        }
        i32::from(enemy)
    };
    match piece_kind {
        KNIGHT => KNIGHT_VECTORS
            .iter()
            .map(|&v| match pos.at(hex::add(c, hex::offset(v))) {
                EMPTY => 1,
                p => stop(p),
            })
            .sum(),
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
                n += stop(pos.at(t));
            }
            n
        }
        _ => 0,
    }
}

/// The evaluation's terms, White's view; returns the phase.
pub fn terms<T: Terms>(pos: &Position, t: &mut T) -> Phase {
    let centre = hex::slot(0, 0);
    let mut phase = 0;
    for c in hex::cells() {
        let p = pos.at(c);
        if p == EMPTY {
            continue;
        }
        let (k, side) = (kind(p), colour(p));
        let sg = sign(side);
        if k != KING {
            t.add(w::MATERIAL + k as usize - 1, sg);
            phase += PHASE_UNITS[k as usize];
        }
        t.add(CENTRE[k as usize] + hex::distance(c, centre) as usize, sg);
        if matches!(k, KNIGHT | BISHOP | ROOK | QUEEN) {
            let group = if side == pos.side {
                w::THREAT_OURS
            } else {
                w::THREAT_THEIRS
            };
            let cells = reach(pos, c, k, side, |victim| {
                t.add(group + victim as usize - 1, sign(pos.side))
            });
            t.add(w::MOBILITY + k as usize - KNIGHT as usize, sg * cells);
        }
        if k == PAWN {
            // The file's lowest and highest cells; White's pawns count up the file, Black's down.
            let (q, r) = hex::coords(c);
            let low = -5 + q.max(0);
            let high = 5 + q.min(0);
            let (below, to_go) = match side {
                Side::White => (r - low, high - r),
                Side::Black => (high - r, r - low),
            };
            // A pawn never stands on its promotion cell (the position text refuses it): to_go >= 1.
            t.add(w::PAWN_RANK + (below as usize).min(9), sg);
            t.add(w::PAWN_TOGO + (to_go as usize).clamp(1, 10) - 1, sg);
        }
    }
    t.add(w::TEMPO, sign(pos.side));
    Phase::new(phase, FULL_PHASE)
}

/// The score from the side to move's point of view.
pub fn evaluate(pos: &Position) -> Score {
    let mut scorer = Scorer::new(&VALUES);
    let phase = terms(pos, &mut scorer);
    scorer.finish(phase, pos.side)
}

/// The evaluation as weight counts, for the tuner.
pub fn trace(pos: &Position) -> EvalTrace {
    let mut tracer = Tracer::default();
    let phase = terms(pos, &mut tracer);
    tracer.finish(&w::SET, phase, pos.side)
}
