//! Sin-yeon-sang-gi evaluation: material and piece-square terms (kept incrementally by
//! `PalaceGame`), king safety around the palace (missing defenders, attackers close to it), and the
//! freeing rule's effect on guards and bulls.
//! Values and their sources are written up in docs/sin-yeon-sang-gi.md ("Evaluation").

use super::SinYeonGame;
use crate::game::Score;
use crate::mailbox::{file_of, rank_of, Sq, CELLS};
use crate::variants::palace::{color_of, psq_table, Cell, Kind, EMPTY};
use once_cell::sync::Lazy;

/// Material in centipawns of an uncrossed pawn. The leapers are scaled from the horse (400, as
/// in xiangqi) by their average number of destinations on the empty 13x10 board: horse 6.00,
/// rhino 5.35, bear 4.83 (`tests::empty_board_mobility` recomputes these), and both long
/// leapers need two empty squares against the horse's one. The rook gains on the wider board
/// (21 destinations against xiangqi's 17); the cannon has more screens among 40 pieces.
pub fn value(kind: Kind) -> Score {
    match kind {
        Kind::Pawn => 100,
        Kind::Guard => 200,
        Kind::Bull => 200,
        Kind::Horse => 400,
        Kind::Rhino => 350,
        Kind::Bear => 320,
        Kind::Cannon => 500,
        Kind::Rook => 1000,
        Kind::King => 0,
    }
}

/// Positional term from the owner's side: `file` 0..13, `rank` 0 = own back rank.
fn positional(kind: Kind, file: usize, rank: usize) -> Score {
    let centre = 6 - (file as Score - 6).abs(); // 0 on the edge .. 6 on the central file
    let edge = file == 0 || file == 12;
    match kind {
        // Pawns: little at home, a crossed pawn about doubles (sideways moves), best near the
        // enemy palace; on its own 9th/10th rank the back-step keeps it useful.
        Kind::Pawn => match rank {
            0..=4 => 0,
            5 => 70 + 4 * centre,
            6 | 7 => 90 + 6 * centre,
            8 => 80 + 6 * centre,
            _ => 50,
        },
        // Leapers: centralise, step over the river, keep off the edge.
        Kind::Horse | Kind::Bear | Kind::Rhino => {
            4 * centre + if (3..=7).contains(&rank) { 15 } else { 0 } - if edge { 20 } else { 0 }
        }
        Kind::Cannon => (if file == 6 { 15 } else { 0 }) + if rank <= 2 { 5 } else { 0 },
        Kind::Rook => {
            (if (5..=7).contains(&rank) { 15 } else { 0 })
                + if (4..=8).contains(&file) { 5 } else { 0 }
        }
        Kind::Guard | Kind::Bull => {
            if file == 6 {
                10
            } else {
                0
            }
        }
        Kind::King => -(10 * rank as Score) - if file == 6 { 0 } else { 8 },
    }
}

static PSQ: Lazy<Vec<[Score; CELLS]>> =
    Lazy::new(|| psq_table(13, |kind, f, r| value(kind) + positional(kind, f, r)));

pub fn psq(code: Cell, sq: Sq) -> Score {
    PSQ[code as usize][sq as usize]
}

/// Bonus per guard / bull once rule 3 frees them (empty-board mobility 1.8 -> 3.3 for a guard,
/// 2.0 -> 2.7 for a bull, and both can join an attack).
const FREED_GUARD: Score = 60;
const FREED_BULL: Score = 30;
/// King danger per missing palace defender and enemy attacking unit.
const DANGER_FACTOR: Score = 4;
/// Defenders a full palace has: two guards, two bulls.
const FULL_DEFENCE: Score = 4;

/// Attackers standing close to the enemy palace: within two files of it (files d-j) and on the
/// enemy's first four ranks, from where rooks, cannons and leapers strike into it.
fn palace_pressure(code: Cell, sq: Sq) -> Score {
    let color = color_of(code);
    let file = file_of(sq);
    let rank_from_enemy_edge = if color == 0 {
        9 - rank_of(sq)
    } else {
        rank_of(sq)
    };
    if !(3..=9).contains(&file) || rank_from_enemy_edge > 3 {
        return 0;
    }
    match Kind::from_code(code) {
        Some(Kind::Rook) => 20,
        Some(Kind::Cannon | Kind::Horse | Kind::Bear | Kind::Rhino) => 15,
        Some(Kind::Pawn) => 10,
        _ => 0,
    }
}

/// Terms from Red's point of view.
pub fn extra(game: &SinYeonGame) -> Score {
    let mut defenders = [0; 2];
    let mut attackers = [0; 2];
    let mut guards_bulls = [(0, 0); 2];
    // Pressure each colour puts on the enemy palace.
    let mut pressure = [0; 2];
    for sq in game.squares() {
        let c = game.cells()[sq as usize];
        if c == EMPTY {
            continue;
        }
        let color = color_of(c);
        pressure[color] += palace_pressure(c, sq);
        match Kind::from_code(c) {
            Some(Kind::Guard) => {
                defenders[color] += 1;
                guards_bulls[color].0 += 1;
            }
            Some(Kind::Bull) => {
                defenders[color] += 1;
                guards_bulls[color].1 += 1;
            }
            Some(Kind::Rook) => attackers[color] += 2,
            Some(Kind::Horse | Kind::Cannon | Kind::Bear | Kind::Rhino) => attackers[color] += 1,
            Some(Kind::Pawn) if !game.in_half(sq, color) => attackers[color] += 1,
            _ => {}
        }
    }
    let danger = |color: usize| {
        (FULL_DEFENCE - defenders[color]).max(0) * attackers[color ^ 1] * DANGER_FACTOR
    };
    let mut score = danger(1) - danger(0) + pressure[0] - pressure[1];
    if game.freed() {
        let bonus = |(g, b): (Score, Score)| g * FREED_GUARD + b * FREED_BULL;
        score += bonus(guards_bulls[0]) - bonus(guards_bulls[1]);
    }
    score
}
