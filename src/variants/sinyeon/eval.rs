//! Sin-yeon-sang-gi evaluation: material and piece-square terms (kept incrementally by
//! `PalaceGame`), king safety around the palace (missing defenders, attackers close to it), and the
//! freeing rule's effect on guards and bulls.
//! Values and their sources are written up in docs/sin-yeon-sang-gi.md ("Evaluation").

use super::SinYeonGame;
use crate::game::Score;
use crate::mailbox::{Sq, CELLS};
use crate::variants::palace::{psq_table, Cell, Kind};
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

/// Pressure on the enemy palace: attackers within two files of it (files d-j) on the enemy's first
/// four ranks, from where rooks, cannons and leapers strike into it.
fn palace_pressure(kind: Kind, file: usize, rank: usize) -> Score {
    if !(3..=9).contains(&file) || rank < 6 {
        return 0;
    }
    match kind {
        Kind::Rook => 20,
        Kind::Cannon | Kind::Horse | Kind::Bear | Kind::Rhino => 15,
        Kind::Pawn => 10,
        _ => 0,
    }
}

static PSQ: Lazy<Vec<[Score; CELLS]>> = Lazy::new(|| {
    psq_table(13, |kind, f, r| {
        value(kind) + positional(kind, f, r) + palace_pressure(kind, f, r)
    })
});

pub fn psq(code: Cell, sq: Sq) -> Score {
    PSQ[code as usize][sq as usize]
}

/// Bonus per guard / bull once rule 3 frees them (empty-board mobility 1.8 -> 3.3 for a guard,
/// 2.0 -> 2.7 for a bull, and both can join an attack).
const FREED_GUARD: Score = 60;
const FREED_BULL: Score = 30;
/// King danger per missing palace defender and enemy attacking unit (rook 2, other pieces 1).
const DANGER_FACTOR: Score = 4;
/// Defenders a full palace has: two guards, two bulls.
const FULL_DEFENCE: Score = 4;

/// Terms from Red's point of view, from the piece counts alone (O(1) per call).
pub fn extra(game: &SinYeonGame) -> Score {
    let defenders = |c: usize| game.count(c, Kind::Guard) + game.count(c, Kind::Bull);
    let attackers = |c: usize| {
        2 * game.count(c, Kind::Rook)
            + game.count(c, Kind::Cannon)
            + game.count(c, Kind::Horse)
            + game.count(c, Kind::Bear)
            + game.count(c, Kind::Rhino)
    };
    let danger = |c: usize| (FULL_DEFENCE - defenders(c)).max(0) * attackers(c ^ 1) * DANGER_FACTOR;
    let mut score = danger(1) - danger(0);
    if game.freed() {
        let bonus = |c: usize| {
            game.count(c, Kind::Guard) * FREED_GUARD + game.count(c, Kind::Bull) * FREED_BULL
        };
        score += bonus(0) - bonus(1);
    }
    score
}
