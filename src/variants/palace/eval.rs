//! The evaluation of both palace games, written once over `eval::Terms`; each game supplies a
//! [`Layout`]: where each term's weights lie in its own weight file (`xiangqi/weights.txt`,
//! `sinyeon/weights.txt`). Terms: material and piece-square values (tapered, files mirrored; kept
//! incrementally by `PalaceGame` as per-colour middlegame/endgame sums), mobility of the attacking
//! pieces (pseudo-legal moves), king safety (missing palace defenders times the enemy's attacking
//! units; cannons and rooks lined up on the enemy king; for xiangqi the pieces that reach the
//! enemy palace), for xiangqi threats (an enemy piece attacked, by whether the attacker is worth
//! less by the material weights), crossed pawns side by side, for Sin-yeon-sang-gi the rule-3
//! terms (freed guards and bulls, a side without pawns), and tempo.

use super::{
    colour_index, make_piece, Kind, PalaceGame, Ruleset, EMPTY, HALF, KIND_MASK, OFF, PALACE, RANKS,
};
use crate::eval::{sign, EvalTrace, Pair, Phase, Scorer, Terms, Tracer, WeightSet};
use crate::game::Score;
use crate::mailbox::{file_of, rank_of, square, Sq, CELLS, STRIDE};

/// A term the game does not have.
pub const NONE: usize = usize::MAX;

/// Where a game's weights lie: absolute indices into its weight file's values.
pub struct Layout {
    pub set: &'static WeightSet,
    pub values: &'static [Pair],
    /// By kind code: the material weight, the first piece-square weight, the mobility weight
    /// (`NONE` where the game lacks the piece or the term).
    pub material: [usize; 10],
    pub pst: [usize; 10],
    pub mobility: [usize; 10],
    /// By kind code: the weight of each square of the enemy palace the piece reaches (its
    /// mobility targets there), `NONE` where the game lacks it.
    pub palace_reach: [usize; 10],
    /// One weight per pair of pieces that reach the enemy palace: attacks need company.
    pub attacker_pairs: usize,
    /// By the attacked piece's kind code: the weight of an enemy piece attacking it, when the
    /// attacker is worth less (`threat_by_lesser`) or not (`threat_by_other`); `NONE` where the
    /// game lacks the term. Kings and pieces without a weight here are not counted.
    pub threat_by_lesser: [usize; 10],
    pub threat_by_other: [usize; 10],
    pub missing_defender: usize,
    /// Three weights: 0, 1, 2 pieces between a cannon and the enemy king.
    pub cannon_king_line: usize,
    /// Two weights: 0, 1 pieces between a rook and the enemy king.
    pub rook_king_line: usize,
    pub crossed_pair: usize,
    /// Rule 3: a freed guard, a freed bull (two weights); a side without pawns.
    pub freed: usize,
    pub pawnless: usize,
    pub tempo: usize,
    /// Phase units with every piece on the board.
    pub full_phase: i32,
}

/// A by-kind-code table for a group whose elements are `kinds` in that order, the first at weight
/// index `first`; `NONE` elsewhere.
pub const fn in_order(kinds: &[Kind], first: usize) -> [usize; 10] {
    let mut t = [NONE; 10];
    let mut i = 0;
    while i < kinds.len() {
        t[kinds[i] as usize] = first + i;
        i += 1;
    }
    t
}

/// A by-kind-code table for consecutive groups of `len` weights (piece-square tables), one per
/// kind of `kinds` in that order, the first at weight index `first`; `NONE` elsewhere.
pub const fn groups_in_order(kinds: &[Kind], first: usize, len: usize) -> [usize; 10] {
    let mut t = [NONE; 10];
    let mut i = 0;
    while i < kinds.len() {
        t[kinds[i] as usize] = first + i * len;
        i += 1;
    }
    t
}

impl Layout {
    fn value_of_code(&self, kind: usize) -> i32 {
        match self.material[kind] {
            NONE => 0,
            i => self.values[i][0],
        }
    }

    /// The middlegame material weight of `kind` (0 for the king and for pieces the game lacks).
    pub fn value(&self, kind: Kind) -> i32 {
        self.value_of_code(kind as usize)
    }
}

/// Material plus piece-square value of every piece code (below 32) on every cell.
pub type PsqTable = [[Pair; CELLS]; 32];

/// Phase units by kind code: rook 2, the other attacking pieces 1.
const PHASE_UNITS: [i32; 10] = [0, 0, 0, 0, 1, 1, 2, 0, 1, 1];
/// Attacking units by kind code for king danger: rook 2, the other attacking pieces 1.
const ATTACK_UNITS: [i32; 10] = PHASE_UNITS;
/// Defenders a full palace has: two guards, two bulls.
const FULL_DEFENCE: i32 = 4;

/// Index of the piece-square weight of `kind` for a piece of `color` on (`file`, `rank`).
const fn pst_index(
    l: &Layout,
    files: usize,
    kind: usize,
    color: usize,
    file: usize,
    rank: usize,
) -> usize {
    let half = files.div_ceil(2);
    let own_rank = if color == 0 { rank } else { RANKS - 1 - rank };
    let mirrored = if file < files - 1 - file {
        file
    } else {
        files - 1 - file
    };
    l.pst[kind] + own_rank * half + mirrored
}

/// Material plus piece-square value of every piece code on every cell, from its owner's view:
/// what `PalaceGame` keeps summed incrementally. Built at compile time.
pub const fn psq_table(l: &Layout, files: usize) -> PsqTable {
    let mut t = [[[0, 0]; CELLS]; 32];
    let mut kind = 1;
    while kind < 10 {
        if l.pst[kind] != NONE {
            let mut color = 0;
            while color < 2 {
                let code = kind | color << 4;
                let mut rank = 0;
                while rank < RANKS {
                    let mut file = 0;
                    while file < files {
                        let [mut mg, mut eg] =
                            l.values[pst_index(l, files, kind, color, file, rank)];
                        if l.material[kind] != NONE {
                            mg += l.values[l.material[kind]][0];
                            eg += l.values[l.material[kind]][1];
                        }
                        t[code][square(file, rank) as usize] = [mg, eg];
                        file += 1;
                    }
                    rank += 1;
                }
                color += 1;
            }
        }
        kind += 1;
    }
    t
}

/// Pieces between `from` and `to` when they share a file or rank (`None` otherwise).
fn pieces_between(cells: &[u8; CELLS], from: Sq, to: Sq) -> Option<i32> {
    let step: isize = if file_of(from) == file_of(to) {
        if to > from {
            STRIDE as isize
        } else {
            -(STRIDE as isize)
        }
    } else if rank_of(from) == rank_of(to) {
        if to > from {
            1
        } else {
            -1
        }
    } else {
        return None;
    };
    let mut n = 0;
    let mut s = (from as isize + step) as Sq;
    while s != to {
        n += i32::from(cells[s as usize] != EMPTY);
        s = (s as isize + step) as Sq;
    }
    Some(n)
}

/// The terms of a piece's line to the enemy king (cannons, rooks) and of crossed pawns side by
/// side, for the piece `code` on `sq`; `sg` is its colour's sign.
#[inline]
fn line_terms<R: Ruleset, T: Terms>(game: &PalaceGame<R>, t: &mut T, sq: Sq, code: u8, sg: i32) {
    let l = R::LAYOUT;
    let cells = game.cells();
    let color = colour_index(code);
    let enemy_king = game.king(color ^ 1);
    match Kind::from_code(code) {
        Some(Kind::Cannon) => {
            if let Some(n @ 0..=2) = pieces_between(cells, sq, enemy_king) {
                t.add(l.cannon_king_line + n as usize, sg);
            }
        }
        Some(Kind::Rook) => {
            if let Some(n @ 0..=1) = pieces_between(cells, sq, enemy_king) {
                t.add(l.rook_king_line + n as usize, sg);
            }
        }
        Some(Kind::Pawn) => {
            let right = cells[sq as usize + 1];
            if right == make_piece(Kind::Pawn, color)
                && R::zones()[sq as usize] & (HALF << (color ^ 1)) != 0
            {
                t.add(l.crossed_pair, sg);
            }
        }
        _ => {}
    }
}

/// King safety by colour (pairs of palace attackers, missing defenders against the enemy's
/// attacking units) and Sin-yeon-sang-gi's rule-3 terms; returns the phase's material count.
#[inline]
fn king_safety<R: Ruleset, T: Terms>(
    game: &PalaceGame<R>,
    t: &mut T,
    palace_attackers: [i32; 2],
) -> i32 {
    let l = R::LAYOUT;
    let count = |c: usize, k: Kind| game.count(c, k);
    let mut phase = 0;
    for (color, n) in palace_attackers.into_iter().enumerate() {
        let sg = 1 - 2 * color as i32;
        if l.attacker_pairs != NONE {
            t.add(l.attacker_pairs, sg * (n * (n - 1) / 2));
        }
        let attackers: i32 = Kind::ALL
            .iter()
            .map(|&k| ATTACK_UNITS[k as usize] * count(color ^ 1, k))
            .sum();
        let defenders = count(color, Kind::Guard) + count(color, Kind::Bull);
        let missing = (FULL_DEFENCE - defenders).max(0);
        t.add(l.missing_defender, sg * missing * attackers);
        if l.freed != NONE && game.freed() {
            t.add(l.freed, sg * count(color, Kind::Guard));
            t.add(l.freed + 1, sg * count(color, Kind::Bull));
        }
        if l.pawnless != NONE && count(color, Kind::Pawn) == 0 {
            t.add(l.pawnless, sg);
        }
        phase += Kind::ALL
            .iter()
            .map(|&k| PHASE_UNITS[k as usize] * count(color, k))
            .sum::<i32>();
    }
    phase
}

/// The evaluation's terms, Red's view; returns the phase.
pub fn terms<R: Ruleset, T: Terms>(game: &PalaceGame<R>, t: &mut T) -> Phase {
    let l = R::LAYOUT;
    let cells = game.cells();
    if !T::TRACING {
        let ([rm, re], [bm, be]) = (game.psq_sum(0), game.psq_sum(1));
        t.add_sums([rm - bm, re - be]);
    }
    let board = game.board();
    // By colour: pieces that reach the enemy palace.
    let mut palace_attackers = [0i32; 2];
    let has_threats = l.threat_by_lesser != [NONE; 10];
    for sq in (0..RANKS).flat_map(|r| square(0, r)..=square(R::FILES - 1, r)) {
        let code = cells[sq as usize];
        if code == EMPTY {
            continue;
        }
        let (kind, color) = ((code & KIND_MASK) as usize, colour_index(code));
        let sg = 1 - 2 * color as i32;
        if T::TRACING {
            if l.material[kind] != NONE {
                t.add(l.material[kind], sg);
            }
            t.add(
                pst_index(l, R::FILES, kind, color, file_of(sq), rank_of(sq)),
                sg,
            );
        }
        let threatens = has_threats && kind != Kind::King as usize;
        if l.mobility[kind] != NONE || l.palace_reach[kind] != NONE || threatens {
            let enemy_palace = PALACE << (color ^ 1);
            let zones = R::zones();
            let (mut reach, mut in_palace) = (0, 0);
            let value = l.value_of_code(kind);
            board.piece_targets(sq, color, |to| {
                reach += 1;
                in_palace += i32::from(zones[to as usize] & enemy_palace != 0);
                let victim = cells[to as usize];
                if threatens && victim != EMPTY {
                    let victim = (victim & KIND_MASK) as usize;
                    let by = if value < l.value_of_code(victim) {
                        l.threat_by_lesser[victim]
                    } else {
                        l.threat_by_other[victim]
                    };
                    if by != NONE {
                        t.add(by, sg);
                    }
                }
            });
            if l.mobility[kind] != NONE {
                t.add(l.mobility[kind], sg * reach);
            }
            if l.palace_reach[kind] != NONE && in_palace > 0 {
                t.add(l.palace_reach[kind], sg * in_palace);
                palace_attackers[color] += 1;
            }
        }
        line_terms(game, t, sq, code, sg);
    }
    let phase = king_safety(game, t, palace_attackers);
    t.add(l.tempo, sign(game.side()));
    Phase::new(phase, l.full_phase)
}

pub fn evaluate<R: Ruleset>(game: &PalaceGame<R>) -> Score {
    let mut scorer = Scorer::new(R::LAYOUT.values);
    let phase = terms(game, &mut scorer);
    scorer.finish(phase, game.side())
}

pub fn trace<R: Ruleset>(game: &PalaceGame<R>) -> EvalTrace {
    let mut tracer = Tracer::default();
    let phase = terms(game, &mut tracer);
    tracer.finish(R::LAYOUT.set, phase, game.side())
}

// Piece codes and the off-board marker the table and the pawn neighbour test rely on.
const _: () = assert!(OFF as usize >= 32 && (Kind::Rhino as usize) < 10);
