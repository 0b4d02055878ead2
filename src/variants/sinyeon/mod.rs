//! Sin-yeon-sang-gi (新演象棋), a 13x10 xiangqi-style adaptation of a Joseon-era large janggi:
//! rules (with the sections and rulings the comments cite) in `docs/sin-yeon-sang-gi.md`.
//! Board, movement and end-of-game rules come from the shared palace engine (`variants::palace`);
//! this folder holds what is the game's own: letters, start position, evaluation, the game-record
//! notation and the XBoard setup.

mod eval;
mod notation;
#[cfg(test)]
mod tests;
mod weights;
mod xboard;

use super::palace::{eval::Layout, Move, PalaceGame, Ruleset};
#[cfg(not(target_family = "wasm"))]
use crate::eval::nnue::registry::Embedded;
use crate::game::MoveError;

pub const START_FEN: &str =
    "ribhugkguhbir/13/1c9c1/p1p1p1p1p1p1p/13/13/P1P1P1P1P1P1P/1C9C1/13/RIBHUGKGUHBIR w - - 0 1";

/// Positions `kaleido bench` searches: the start, the rules page's sample game after 14 and 48
/// moves, and an ending with one pawn each (back-step and freeing come into play).
pub const BENCH: &[&str] = &[
    "startpos",
    "r3ugkgu3r/13/5b2h1c2/p1i1p1p1b1i1p/1Bp4hp1p2/4P1P6/PCP5P1PcP/1R4U1H1UC1/4I1G6/6KG1HBIR w - - 28 15",
    "r5kg5/6g6/6u1h1u2/4p7p/1B1R2P1ph1r1/4P1c5P/8P2i1/6U3U2/6G1H4/5GK2IB1R w - - 12 49",
    "1r2b1kg3i1/6g6/2P4u5/4h8/13/13/8H4/5U4p2/13/2B2GK3IR1 w - - 0 1",
];

/// The network built into the native binary: a correction to the hand-written evaluation
/// (hidden 128, 976 k positions of Kaleido's own 400-node games scored by that search; it won its
/// SPRT, docs/nnue.md). The browser build leaves it out for its size budget (docs/web.md).
#[cfg(not(target_family = "wasm"))]
static NETWORK: Embedded = Embedded::new(include_bytes!("network.knnue"));

#[derive(Clone, Copy, Debug, Default)]
pub struct SinYeon;

pub type SinYeonGame = PalaceGame<SinYeon>;

impl Ruleset for SinYeon {
    const NAME: &'static str = "sin-yeon-sang-gi";
    const FILES: usize = 13;
    const START_FEN: &'static str = START_FEN;
    const PAWN_BACKSTEP: bool = true;
    const FREEING: bool = true;
    const LONG_LEAPERS: bool = true;
    const LAYOUT: &'static Layout = &eval::LAYOUT;
    const FEATURE_SET: &'static str = "sin-yeon-sang-gi-2340";
    #[cfg(not(target_family = "wasm"))]
    const NETWORK: Option<&'static Embedded> = Some(&NETWORK);
    /// The same letters in every dialect: the `setup` piece table makes XBoard use them too.
    const LETTERS: [char; 9] = ['P', 'G', 'U', 'H', 'C', 'R', 'K', 'B', 'I'];
    const PIECE_NAMES: [&'static str; 9] = [
        "Pawn", "Guard", "Bull", "Horse", "Cannon", "Rook", "King", "Bear", "Rhino",
    ];
    /// The source page's hanzi diagram: Red 車 犀 熊 馬 牛 仕 紅 砲 兵, Black 車 犀 熊 馬 牛 士 黑
    /// 砲 卒.
    const HANZI: [[&'static str; 9]; 2] = [
        ["兵", "仕", "牛", "馬", "砲", "車", "紅", "熊", "犀"],
        ["卒", "士", "牛", "馬", "砲", "車", "黑", "熊", "犀"],
    ];

    fn xboard_setup() -> Vec<String> {
        xboard::setup_lines()
    }
    fn parse_record(game: &SinYeonGame, text: &str) -> Result<Move, MoveError> {
        notation::parse(game, text)
    }
    fn record_text(game: &SinYeonGame, mv: Move) -> String {
        notation::text(game, mv)
    }
}
