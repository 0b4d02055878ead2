//! Chess evaluation, written once over `eval::Terms` so that the same code scores a position or
//! lists its weight counts for the tuner. Every number is a named weight in `weights.txt`
//! (tapered middlegame/endgame): material, piece-square terms (files mirrored), mobility per
//! piece and count, pawn structure (passed by rank, blocked, connected, doubled, isolated, king
//! distances to a passer), rooks on open files, the bishop pair, pieces attacked by pawns,
//! king safety (zone attacks per attacker kind, the number of attackers, pawn shield, open files)
//! and the tempo. Square sets are `u64` masks of the 64 squares (evaluation only; move
//! generation stays on the mailbox).

use super::movegen::{BISHOP_STEPS, KNIGHT_STEPS, ROOK_STEPS, SQUARES};
use super::position::*;
use super::weights::{self as w, VALUES};
use crate::eval::{sign, EvalTrace, Phase, Scorer, Terms, Tracer};
use crate::game::{Score, Side};
use crate::mailbox::chessmen::{FULL_PHASE, PHASE_UNITS};
use crate::mailbox::{self, Sq};

/// Values for move ordering (MVV-LVA), the king highest so that captures of it sort first.
pub const ORDER_VALUE: [i32; 7] = [0, 1, 3, 3, 5, 9, 20];

// The layout the code below indexes; a weight file of another shape fails the build here.
const _: () = {
    assert!(w::MATERIAL_LEN == 5 && w::PST_PAWN_LEN == 24 && w::PST_KING_LEN == 32);
    assert!(w::PST_KNIGHT_LEN == 32 && w::PST_BISHOP_LEN == 32);
    assert!(w::PST_ROOK_LEN == 32 && w::PST_QUEEN_LEN == 32);
    assert!(w::MOBILITY_KNIGHT_LEN == 9 && w::MOBILITY_BISHOP_LEN == 14);
    assert!(w::MOBILITY_ROOK_LEN == 15 && w::MOBILITY_QUEEN_LEN == 28);
    assert!(w::PAWN_PASSED_LEN == 6 && w::PAWN_PASSED_BLOCKED_LEN == 6);
    assert!(w::PAWN_CONNECTED_LEN == 6 && w::PAWN_DOUBLED_LEN == 1 && w::PAWN_ISOLATED_LEN == 1);
    assert!(w::PASSED_KING_DISTANCE_LEN == 2 && w::ROOK_FILE_LEN == 2);
    assert!(w::BISHOP_PAIR_LEN == 1 && w::THREAT_BY_PAWN_LEN == 4);
    assert!(w::KING_ZONE_ATTACKS_LEN == 4 && w::KING_ATTACKERS_LEN == 8);
    assert!(w::KING_SHIELD_LEN == 2 && w::KING_OPEN_FILE_LEN == 1 && w::TEMPO_LEN == 1);
};

/// 0..64 index of each mailbox cell (a1 = 0), 64 off the board.
const INDEX64: [u8; mailbox::CELLS] = {
    let mut t = [64u8; mailbox::CELLS];
    let mut i = 0;
    while i < 64 {
        t[sq(i % 8, i / 8) as usize] = i as u8;
        i += 1;
    }
    t
};

const fn file_mask(file: usize) -> u64 {
    0x0101_0101_0101_0101 << file
}

/// Squares ahead of a pawn on its own and the neighbouring files (no enemy pawn there: passed).
const PASSED_SPAN: [[u64; 64]; 2] = {
    let mut t = [[0u64; 64]; 2];
    let mut i = 0;
    while i < 64 {
        let (f, r) = (i % 8, i / 8);
        let mut files = file_mask(f);
        if f > 0 {
            files |= file_mask(f - 1);
        }
        if f < 7 {
            files |= file_mask(f + 1);
        }
        let above = if r == 7 { 0 } else { !0u64 << (8 * (r + 1)) };
        let below = if r == 0 { 0 } else { !0u64 >> (8 * (8 - r)) };
        t[0][i] = files & above;
        t[1][i] = files & below;
        i += 1;
    }
    t
};

/// The king's square and its neighbours.
const KING_ZONE: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let (f, r) = ((i % 8) as isize, (i / 8) as isize);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                    t[i] |= 1 << (nr * 8 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        i += 1;
    }
    t
};

fn chebyshev(a: usize, b: usize) -> i32 {
    let df = (a % 8) as i32 - (b % 8) as i32;
    let dr = (a / 8) as i32 - (b / 8) as i32;
    df.abs().max(dr.abs())
}

/// Rank counted from the owner's side (0 = own first rank) and the mirrored file (0..4).
fn relative(side: Side, i: usize) -> (usize, usize) {
    let (f, r) = (i % 8, i / 8);
    let rank = if side == Side::White { r } else { 7 - r };
    (rank, f.min(7 - f))
}

/// What the one pass over the board collects.
struct Survey {
    /// Squares of each piece code (`kind | BLACK`).
    by_piece: [u64; 16],
    pawns: [u64; 2],
    pawn_attacks: [u64; 2],
    occupied: u64,
    king: [usize; 2],
}

fn survey(pos: &Chess) -> Survey {
    // Branch-free: every square's bit goes to its piece code's set (EMPTY's set is ignored).
    // Four interleaved copies keep the or-into-memory chains (mostly on EMPTY's set) short.
    let mut lanes = [[0u64; 16]; 4];
    for (i, s) in SQUARES.into_iter().enumerate() {
        lanes[i % 4][(pos.board[s as usize] & 15) as usize] |= 1 << i;
    }
    let mut by_piece = [0u64; 16];
    for (code, set) in by_piece.iter_mut().enumerate() {
        *set = lanes[0][code] | lanes[1][code] | lanes[2][code] | lanes[3][code];
    }
    let pawns = [by_piece[PAWN as usize], by_piece[(PAWN | BLACK) as usize]];
    const NOT_A: u64 = !file_mask(0);
    const NOT_H: u64 = !file_mask(7);
    Survey {
        pawn_attacks: [
            (pawns[0] & NOT_A) << 7 | (pawns[0] & NOT_H) << 9,
            (pawns[1] & NOT_A) >> 9 | (pawns[1] & NOT_H) >> 7,
        ],
        pawns,
        occupied: !by_piece[EMPTY as usize],
        king: [
            by_piece[KING as usize].trailing_zeros() as usize & 63,
            by_piece[(KING | BLACK) as usize].trailing_zeros() as usize & 63,
        ],
        by_piece,
    }
}

const QUEEN_STEPS: [isize; 8] = {
    let mut t = [0; 8];
    let mut i = 0;
    while i < 4 {
        t[i] = BISHOP_STEPS[i];
        t[i + 4] = ROOK_STEPS[i];
        i += 1;
    }
    t
};

/// Squares a knight, bishop, rook or queen on `s` attacks (up to and including the first piece
/// on each line).
fn attacks(pos: &Chess, s: Sq, k: u8) -> u64 {
    let mut set = 0u64;
    if k == KNIGHT {
        for d in KNIGHT_STEPS {
            let i = INDEX64[mailbox::offset(s, d) as usize];
            if i < 64 {
                set |= 1 << i;
            }
        }
        return set;
    }
    let lines: &[isize] = match k {
        BISHOP => &BISHOP_STEPS,
        ROOK => &ROOK_STEPS,
        _ => &QUEEN_STEPS,
    };
    for &d in lines {
        let mut t = s;
        loop {
            t = mailbox::offset(t, d);
            let p = pos.board[t as usize];
            if p == OFF {
                break;
            }
            set |= 1 << INDEX64[t as usize];
            if p != EMPTY {
                break;
            }
        }
    }
    set
}

fn pawn_terms<T: Terms>(t: &mut T, b: &Survey, side: Side, i: usize) {
    let c = side.index();
    let sg = sign(side);
    let (rank, file) = relative(side, i);
    t.add(w::PST_PAWN + (rank - 1) * 4 + file, sg);
    let own = b.pawns[c];
    let f = i % 8;
    let neighbours =
        (if f > 0 { file_mask(f - 1) } else { 0 }) | (if f < 7 { file_mask(f + 1) } else { 0 });
    if own & neighbours == 0 {
        t.add(w::PAWN_ISOLATED, sg);
    }
    let row = 0xFFu64 << (8 * (i / 8));
    let behind = if side == Side::White {
        row >> 8
    } else {
        row << 8
    };
    if own & neighbours & (row | behind) != 0 {
        t.add(w::PAWN_CONNECTED + rank - 1, sg);
    }
    if b.pawns[c ^ 1] & PASSED_SPAN[c][i] == 0 && own & PASSED_SPAN[c][i] & file_mask(f) == 0 {
        t.add(w::PAWN_PASSED + rank - 1, sg);
        let stop = if side == Side::White { i + 8 } else { i - 8 };
        if b.occupied & (1 << stop) != 0 {
            t.add(w::PAWN_PASSED_BLOCKED + rank - 1, sg);
        }
        let scale = rank as i32 - 1;
        t.add(
            w::PASSED_KING_DISTANCE,
            sg * scale * chebyshev(b.king[c], stop),
        );
        t.add(
            w::PASSED_KING_DISTANCE + 1,
            sg * scale * chebyshev(b.king[c ^ 1], stop),
        );
    }
}

fn king_terms<T: Terms>(t: &mut T, b: &Survey, side: Side, i: usize) {
    let c = side.index();
    let sg = sign(side);
    let (rank, file) = relative(side, i);
    t.add(w::PST_KING + rank * 4 + file, sg);
    let f = i % 8;
    for kf in f.saturating_sub(1)..=(f + 1).min(7) {
        let ahead = PASSED_SPAN[c][i] & file_mask(kf) & b.pawns[c];
        if ahead == 0 {
            t.add(w::KING_OPEN_FILE, sg);
            continue;
        }
        // The nearest own pawn ahead on this file.
        let nearest = if side == Side::White {
            ahead.trailing_zeros() as usize
        } else {
            63 - ahead.leading_zeros() as usize
        };
        let distance = (nearest / 8).abs_diff(i / 8);
        if distance <= 2 {
            t.add(w::KING_SHIELD + distance - 1, sg);
        }
    }
}

/// The evaluation's terms, White's view; returns the phase.
pub fn terms<T: Terms>(pos: &Chess, t: &mut T) -> Phase {
    let b = survey(pos);
    let mut zone_attackers = [0usize; 2];
    for side in [Side::White, Side::Black] {
        let c = side.index();
        let sg = sign(side);
        let mut pawns = b.pawns[c];
        t.add(w::MATERIAL, sg * pawns.count_ones() as i32);
        while pawns != 0 {
            let i = pawns.trailing_zeros() as usize;
            pawns &= pawns - 1;
            pawn_terms(t, &b, side, i);
        }
        king_terms(t, &b, side, b.king[c]);
    }
    let mut phase = 0;
    for side in [Side::White, Side::Black] {
        let (c, sg) = (side.index(), sign(side));
        let area = !(b.pawns[c] | 1 << b.king[c] | b.pawn_attacks[c ^ 1]);
        for k in [KNIGHT, BISHOP, ROOK, QUEEN] {
            let mut set = b.by_piece[make_piece(k, side) as usize];
            let count = set.count_ones() as i32;
            t.add(w::MATERIAL + k as usize - 1, sg * count);
            phase += PHASE_UNITS[k as usize] * count;
            if k == BISHOP && count >= 2 {
                t.add(w::BISHOP_PAIR, sg);
            }
            let (pst, mobility) = match k {
                KNIGHT => (w::PST_KNIGHT, w::MOBILITY_KNIGHT),
                BISHOP => (w::PST_BISHOP, w::MOBILITY_BISHOP),
                ROOK => (w::PST_ROOK, w::MOBILITY_ROOK),
                _ => (w::PST_QUEEN, w::MOBILITY_QUEEN),
            };
            while set != 0 {
                let i = set.trailing_zeros() as usize;
                set &= set - 1;
                let (rank, file) = relative(side, i);
                t.add(pst + rank * 4 + file, sg);
                let reach = attacks(pos, SQUARES[i], k);
                t.add(mobility + (reach & area).count_ones() as usize, sg);
                let zone = (reach & KING_ZONE[b.king[c ^ 1]]).count_ones() as i32;
                if zone > 0 {
                    t.add(
                        w::KING_ZONE_ATTACKS + k as usize - 2,
                        sign(side.other()) * zone,
                    );
                    zone_attackers[c ^ 1] += 1;
                }
                if b.pawn_attacks[c ^ 1] & 1 << i != 0 {
                    t.add(w::THREAT_BY_PAWN + k as usize - 2, sg);
                }
                if k == ROOK {
                    let on_file = file_mask(i % 8);
                    if b.pawns[c] & on_file == 0 {
                        let half_open = usize::from(b.pawns[c ^ 1] & on_file != 0);
                        t.add(w::ROOK_FILE + half_open, sg);
                    }
                }
            }
        }
    }
    for side in [Side::White, Side::Black] {
        let c = side.index();
        let sg = sign(side);
        t.add(w::KING_ATTACKERS + zone_attackers[c].min(7), sg);
        let doubled = (0..8)
            .map(|f| (b.pawns[c] & file_mask(f)).count_ones().saturating_sub(1))
            .sum::<u32>();
        t.add(w::PAWN_DOUBLED, sg * doubled as i32);
    }
    t.add(w::TEMPO, sign(pos.side));
    Phase::new(phase, FULL_PHASE)
}

pub fn evaluate(pos: &Chess) -> Score {
    let mut scorer = Scorer::new(&VALUES);
    let phase = terms(pos, &mut scorer);
    scorer.finish(phase, pos.side)
}

pub fn trace(pos: &Chess) -> EvalTrace {
    let mut tracer = Tracer::default();
    let phase = terms(pos, &mut tracer);
    tracer.finish(&w::SET, phase, pos.side)
}
