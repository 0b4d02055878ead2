//! Xiangqi evaluation: material and piece-square terms (incremental, see `PalaceGame::psq_sum`)
//! plus a small king-safety term.
//!
//! Material in centipawns of an uncrossed soldier: the usual xiangqi scale (rook ~ 2 horses,
//! cannon ~ horse, advisor ~ elephant ~ 2 soldiers), as in ElephantEye-style engines scaled to
//! pawn = 100. A crossed soldier is worth about twice an uncrossed one (it gains sideways moves).

use super::XiangqiGame;
use crate::game::Score;
use crate::mailbox::{Sq, CELLS};
use crate::variants::palace::{psq_table, Cell, Kind};
use once_cell::sync::Lazy;

pub fn value(kind: Kind) -> Score {
    match kind {
        Kind::Pawn => 100,
        Kind::Guard => 200,
        Kind::Bull => 200,
        Kind::Horse => 400,
        Kind::Cannon => 450,
        Kind::Rook => 900,
        Kind::King => 0,
        Kind::Bear | Kind::Rhino => 0,
    }
}

/// Positional term from the owner's side: `file` 0..9, `rank` 0 = own back rank.
fn positional(kind: Kind, file: usize, rank: usize) -> Score {
    let centre = 4 - (file as Score - 4).abs(); // 0 on the edge .. 4 on the central file
    match kind {
        // Soldiers: worth little at home, most on the ranks just past the river and near the
        // palace; a soldier on the last rank can only move sideways.
        Kind::Pawn => match rank {
            0..=4 => 0,
            5 => 70 + 5 * centre,
            6 | 7 => 90 + 10 * centre,
            8 => 80 + 10 * centre,
            _ => 30,
        },
        // Horses want the centre and the enemy half, hate the edge.
        Kind::Horse => {
            6 * centre + if (4..=7).contains(&rank) { 15 } else { 0 }
                - if file == 0 || file == 8 { 15 } else { 0 }
        }
        // Cannons: the central file and the home ranks (central cannon) are good posts.
        Kind::Cannon => (if file == 4 { 15 } else { 0 }) + if rank <= 2 { 5 } else { 0 },
        // Rooks: the enemy riverbank and ranks beyond are active.
        Kind::Rook => {
            (if (5..=7).contains(&rank) { 15 } else { 0 })
                + if file == 3 || file == 5 { 5 } else { 0 }
        }
        // Advisor / elephant: the central posts protect the king best.
        Kind::Guard => {
            if file == 4 {
                10
            } else {
                0
            }
        }
        Kind::Bull => {
            if file == 4 {
                10
            } else {
                0
            }
        }
        // The king is safest at the bottom centre.
        Kind::King => -(10 * rank as Score) - if file == 4 { 0 } else { 8 },
        Kind::Bear | Kind::Rhino => 0,
    }
}

static PSQ: Lazy<Vec<[Score; CELLS]>> =
    Lazy::new(|| psq_table(9, |kind, f, r| value(kind) + positional(kind, f, r)));

pub fn psq(code: Cell, sq: Sq) -> Score {
    PSQ[code as usize][sq as usize]
}

/// King safety, from Red's view: each missing defender (advisor, elephant) costs more while the
/// enemy still has attacking pieces (rook 2, horse and cannon 1). From piece counts: O(1).
pub fn extra(game: &XiangqiGame) -> Score {
    let defenders = |c: usize| game.count(c, Kind::Guard) + game.count(c, Kind::Bull);
    let attackers = |c: usize| {
        2 * game.count(c, Kind::Rook) + game.count(c, Kind::Horse) + game.count(c, Kind::Cannon)
    };
    let danger = |c: usize| (4 - defenders(c)).max(0) * attackers(c ^ 1) * 4;
    danger(1) - danger(0)
}
