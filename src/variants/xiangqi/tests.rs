//! Unit tests of xiangqi rules (perft figures are in engine-tests).

use super::*;
use crate::game::{perft, Game, VariantOptions};

fn game(fen: &str) -> XiangqiGame {
    let mut g = XiangqiGame::new("xiangqi", &VariantOptions::default()).expect("start");
    g.set_fen(fen, Dialect::Uci).expect("fen");
    g
}

#[test]
fn start_perft_shallow() {
    // Published figures (Fairy-Stockfish / chessprogramming wiki xiangqi perft): 44, 1920.
    let mut g = game(START_FEN);
    assert_eq!(perft(&mut g, 1), 44);
    assert_eq!(perft(&mut g, 2), 1920);
}
