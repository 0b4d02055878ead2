//! Sin-yeon-sang-gi perft. Depth 1 from the start (54) is the rules' worked example S9; deeper
//! figures have no independent source (no other engine plays 13x10) and are regression guards.

use kaleido::game::{perft, Dialect, Game, VariantOptions};
use kaleido::variants::sinyeon::{SinYeonGame, START_FEN};

fn perft_of(fen: &str, depth: u32) -> u64 {
    let mut game = SinYeonGame::new("sin-yeon-sang-gi", &VariantOptions::default()).expect("start");
    game.set_fen(fen, Dialect::Uci).expect("valid FEN");
    perft(&mut game, depth)
}

#[test]
fn start_depth_1_is_the_rules_count() {
    assert_eq!(perft_of(START_FEN, 1), 54);
}

#[test]
fn start_deeper_regression_guard() {
    // Regression guard, from Kaleido's own output (not independently confirmed).
    let got: Vec<u64> = (2..=3).map(|d| perft_of(START_FEN, d)).collect();
    assert_eq!(got, vec![2_922, 146_164]);
}
