//! Xiangqi (Chinese chess), the reference palace game: 9x10, rules as Fairy-Stockfish's
//! `xiangqi` (flying general, horse leg, elephant eye and river, cannon screen, soldier sideways
//! after crossing, checkmate and stalemate lose) with the repetition ruling of Sin-yeon-sang-gi
//! §2.5 (perpetual checker loses, otherwise draw). The machinery is shared: `variants::palace`.

mod eval;
#[cfg(test)]
mod tests;
mod weights;

use super::palace::{build_zones, Kind, PalaceGame, Ruleset};
use crate::game::{Dialect, Side};
use crate::mailbox::CELLS;
use crate::variants::palace::eval::{Layout, PsqTable};

pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Positions `kaleido bench` searches: the start, a crowded middlegame (a published perft
/// position), a quieter opening-middlegame and a horse + soldier ending.
pub const BENCH: &[&str] = &[
    "startpos",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "r1bakab2/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RN1AKAB1R w - - 0 1",
    "3ak4/4a4/9/9/2P6/9/9/4B4/9/3K1N3 w - - 0 1",
];

static ZONES: [u8; CELLS] = build_zones(9);

#[derive(Clone, Copy, Debug, Default)]
pub struct Xiangqi;

pub type XiangqiGame = PalaceGame<Xiangqi>;

impl Ruleset for Xiangqi {
    const NAME: &'static str = "xiangqi";
    const FILES: usize = 9;
    const START_FEN: &'static str = START_FEN;
    const PAWN_BACKSTEP: bool = false;
    const FREEING: bool = false;
    const LONG_LEAPERS: bool = false;

    fn zones() -> &'static [u8; CELLS] {
        &ZONES
    }

    /// Fairy-Stockfish / UCI letters; XBoard 4.9.1 writes the horse `H` and the elephant `E`
    /// (measured: its FEN reader rejects `N`/`B` in xiangqi and its `setboard` sends `H`/`E`).
    fn letter(kind: Kind, dialect: Dialect) -> Option<char> {
        let xboard = dialect == Dialect::XBoard;
        Some(match kind {
            Kind::Pawn => 'P',
            Kind::Guard => 'A',
            Kind::Bull if xboard => 'E',
            Kind::Bull => 'B',
            Kind::Horse if xboard => 'H',
            Kind::Horse => 'N',
            Kind::Cannon => 'C',
            Kind::Rook => 'R',
            Kind::King => 'K',
            Kind::Bear | Kind::Rhino => return None,
        })
    }

    /// Both letter sets are read in every dialect: they never clash.
    fn kind_of_letter(letter: char, _dialect: Dialect) -> Option<Kind> {
        Some(match letter {
            'P' => Kind::Pawn,
            'A' => Kind::Guard,
            'B' | 'E' => Kind::Bull,
            'N' | 'H' => Kind::Horse,
            'C' => Kind::Cannon,
            'R' => Kind::Rook,
            'K' => Kind::King,
            _ => return None,
        })
    }

    /// The characters of a traditional set: Red's and Black's differ for every piece but the
    /// cannon's radical and the advisor (仕/士).
    fn hanzi(kind: Kind, side: Side) -> &'static str {
        let red = side == Side::White;
        match kind {
            Kind::Pawn => {
                if red {
                    "兵"
                } else {
                    "卒"
                }
            }
            Kind::Guard => {
                if red {
                    "仕"
                } else {
                    "士"
                }
            }
            Kind::Bull => {
                if red {
                    "相"
                } else {
                    "象"
                }
            }
            Kind::Horse => {
                if red {
                    "傌"
                } else {
                    "馬"
                }
            }
            Kind::Cannon => {
                if red {
                    "炮"
                } else {
                    "砲"
                }
            }
            Kind::Rook => {
                if red {
                    "俥"
                } else {
                    "車"
                }
            }
            Kind::King => {
                if red {
                    "帥"
                } else {
                    "將"
                }
            }
            Kind::Bear | Kind::Rhino => "?",
        }
    }

    fn piece_name(kind: Kind) -> &'static str {
        match kind {
            Kind::Pawn => "Soldier",
            Kind::Guard => "Advisor",
            Kind::Bull => "Elephant",
            Kind::Horse => "Horse",
            Kind::Cannon => "Cannon",
            Kind::Rook => "Chariot",
            Kind::King => "General",
            Kind::Bear | Kind::Rhino => "?",
        }
    }

    fn layout() -> &'static Layout {
        &eval::LAYOUT
    }
    fn psq_table() -> &'static PsqTable {
        &eval::PSQ
    }
    fn xboard_variant() -> &'static str {
        "xiangqi"
    }
}
