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
    let got: Vec<u64> = (2..=4).map(|d| perft_of(START_FEN, d)).collect();
    assert_eq!(got, vec![2_922, 146_164, 7_318_982]);
}

#[test]
fn one_pawn_each_ending_regression_guard() {
    // Pawn back-step and rule-3 freeing occur in this tree. Regression guard, from Kaleido's own
    // output (not independently confirmed).
    assert_eq!(
        perft_of(
            "1r2b1kg3i1/6g6/2P4u5/4h8/13/13/8H4/5U4p2/13/2B2GK3IR1 w - - 0 1",
            4
        ),
        1_083_357
    );
}
