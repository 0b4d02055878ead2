//! Sin-yeon-sang-gi perft. No other engine plays 13x10, so there are no published figures:
//! * depth 1 from the start (54) is the worked example S9 of docs/sin-yeon-sang-gi.md;
//! * figures marked "model" were confirmed by an independent, deliberately naive Python model written
//!   straight from the rules (`engine-tests/data/sinyeon_reference_perft.py`: dictionary board,
//!   legality by generating every enemy reply, no code shared with Kaleido);
//! * figures marked "regression guard" come from Kaleido's own output only.

use kaleido::game::{perft, Dialect, Game, VariantOptions};
use kaleido::variants::sinyeon::{SinYeonGame, START_FEN};

fn perft_of(fen: &str, depth: u32) -> u64 {
    let mut game = SinYeonGame::new("sin-yeon-sang-gi", &VariantOptions::default()).expect("start");
    game.set_fen(fen, Dialect::Uci).expect("valid FEN");
    perft(&mut game, depth)
}

/// One pawn each: pawn back-step and rule-3 freeing occur in this tree.
const ENDING: &str = "1r2b1kg3i1/6g6/2P4u5/4h8/13/13/8H4/5U4p2/13/2B2GK3IR1 w - - 0 1";
/// The rules page's sample game after 14 and after 48 moves.
const SAMPLE_MOVE_15: &str = "r3ugkgu3r/13/5b2h1c2/p1i1p1p1b1i1p/1Bp4hp1p2/4P1P6/PCP5P1PcP/1R4U1H1UC1/4I1G6/6KG1HBIR w - - 28 15";
const SAMPLE_MOVE_49: &str =
    "r5kg5/6g6/6u1h1u2/4p7p/1B1R2P1ph1r1/4P1c5P/8P2i1/6U3U2/6G1H4/5GK2IB1R w - - 12 49";

#[test]
fn start_depth_1_is_the_rules_count() {
    assert_eq!(perft_of(START_FEN, 1), 54);
}

#[test]
fn start_depths_2_and_3_model() {
    assert_eq!(perft_of(START_FEN, 2), 2_922);
    assert_eq!(perft_of(START_FEN, 3), 146_164);
}

#[test]
fn start_depth_4_model() {
    assert_eq!(perft_of(START_FEN, 4), 7_318_982);
}

#[test]
fn one_pawn_each_ending_model() {
    assert_eq!(perft_of(ENDING, 3), 32_809);
    assert_eq!(perft_of(ENDING, 4), 1_083_357);
}

#[test]
fn sample_game_positions_model() {
    assert_eq!(perft_of(SAMPLE_MOVE_15, 3), 67_644);
    assert_eq!(perft_of(SAMPLE_MOVE_49, 3), 60_622);
}
