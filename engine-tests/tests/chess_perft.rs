//! Chess perft against published figures (chessprogramming.org "Perft Results").

use kaleido::game::{perft, Dialect, Game, VariantOptions};
use kaleido::variants::chess::Chess;

fn perft_of(fen: &str, depth: u32) -> u64 {
    let mut game = Chess::new("chess", &VariantOptions::default()).expect("chess exists");
    game.set_fen(fen, Dialect::Uci).expect("valid FEN");
    perft(&mut game, depth)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

#[test]
fn start_position_shallow() {
    assert_eq!(perft_of(START, 1), 20);
    assert_eq!(perft_of(START, 2), 400);
    assert_eq!(perft_of(START, 3), 8_902);
    assert_eq!(perft_of(START, 4), 197_281);
}

#[test]
fn start_position_depth_5() {
    assert_eq!(perft_of(START, 5), 4_865_609);
}

#[test]
fn kiwipete_depth_4() {
    assert_eq!(perft_of(KIWIPETE, 1), 48);
    assert_eq!(perft_of(KIWIPETE, 2), 2_039);
    assert_eq!(perft_of(KIWIPETE, 3), 97_862);
    assert_eq!(perft_of(KIWIPETE, 4), 4_085_603);
}

#[test]
fn position_3_depth_5() {
    assert_eq!(perft_of(POSITION_3, 5), 674_624);
}

#[test]
fn position_4_depth_4() {
    assert_eq!(perft_of(POSITION_4, 4), 422_333);
}

#[test]
fn position_5_depth_4() {
    assert_eq!(perft_of(POSITION_5, 4), 2_103_487);
}

#[test]
fn position_6_depth_4() {
    assert_eq!(perft_of(POSITION_6, 4), 3_894_594);
}
