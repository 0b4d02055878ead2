//! Xiangqi (Chinese chess), the reference palace game: 9x10, rules as Fairy-Stockfish's
//! `xiangqi` (flying general, horse leg, elephant eye and river, cannon screen, soldier sideways
//! after crossing, checkmate and stalemate lose) with the repetition ruling of Sin-yeon-sang-gi
//! §2.5 (perpetual checker loses, otherwise draw). The machinery is shared: `variants::palace`.

mod eval;
#[cfg(test)]
mod tests;
mod weights;

use super::palace::{eval::Layout, letter_in, Kind, PalaceGame, Ruleset};
#[cfg(not(target_family = "wasm"))]
use crate::eval::nnue::registry::Embedded;
use crate::game::Dialect;

pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Positions `kaleido bench` searches: the start, a crowded middlegame (a published perft
/// position), a quieter opening-middlegame and a horse + soldier ending.
pub const BENCH: &[&str] = &[
    "startpos",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "r1bakab2/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RN1AKAB1R w - - 0 1",
    "3ak4/4a4/9/9/2P6/9/9/4B4/9/3K1N3 w - - 0 1",
];

/// The network built into the native binary: a correction to the hand-written evaluation
/// (hidden 128, 4.5 M positions of Kaleido's own 400-node games, played by its earlier nets and
/// scored by that search; it won its SPRT, docs/nnue.md). The browser build leaves it out: its
/// 416 KB would take `kaleido.wasm` past its size budget (docs/web.md), so the board in the
/// browser evaluates xiangqi by hand.
#[cfg(not(target_family = "wasm"))]
static NETWORK: Embedded = Embedded::new(include_bytes!("network.knnue"));

#[derive(Clone, Copy, Debug, Default)]
pub struct Xiangqi;

pub type XiangqiGame = PalaceGame<Xiangqi>;

impl Ruleset for Xiangqi {
    const NAME: &'static str = "xiangqi";
    const FILES: usize = 9;
    const START_FEN: &'static str = START_FEN;
    const LAYOUT: &'static Layout = &eval::LAYOUT;
    const FEATURE_SET: &'static str = "xiangqi-1620";
    #[cfg(not(target_family = "wasm"))]
    const NETWORK: Option<&'static Embedded> = Some(&NETWORK);
    /// Fairy-Stockfish / UCI letters.
    const LETTERS: [char; 9] = ['P', 'A', 'B', 'N', 'C', 'R', 'K', '?', '?'];
    const PIECE_NAMES: [&'static str; 9] = [
        "Soldier", "Advisor", "Elephant", "Horse", "Cannon", "Chariot", "General", "?", "?",
    ];
    /// The characters of a traditional set: Red's and Black's differ for every piece but the
    /// cannon's radical and the advisor (仕/士).
    const HANZI: [[&'static str; 9]; 2] = [
        ["兵", "仕", "相", "傌", "炮", "俥", "帥", "?", "?"],
        ["卒", "士", "象", "馬", "砲", "車", "將", "?", "?"],
    ];

    /// The soldier: every xiangqi piece, the soldier included, is worth more than its chess
    /// namesake in the tuned weights, and the soldier's weight keeps the search's margins in
    /// proportion (read from the weights, so a retune carries it along).
    fn material_unit() -> i32 {
        Self::order_value(Kind::Pawn)
    }

    /// XBoard 4.9.1 writes the horse `H` and the elephant `E` (measured: its FEN reader rejects
    /// `N`/`B` in xiangqi and its `setboard` sends `H`/`E`).
    fn letter(kind: Kind, dialect: Dialect) -> Option<char> {
        match kind {
            Kind::Bull if dialect == Dialect::XBoard => Some('E'),
            Kind::Horse if dialect == Dialect::XBoard => Some('H'),
            _ => letter_in(&Self::LETTERS, kind),
        }
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
}
