//! Xiangqi perft against published figures (chessprogramming wiki "Perft Results" / Fairy-Stockfish
//! xiangqi test suite). These gate the xiangqi move generator.

use kaleido::game::{perft, Dialect, Game, VariantOptions};
use kaleido::variants::xiangqi::XiangqiGame;

fn perft_of(fen: &str, depth: u32) -> u64 {
    let mut game = XiangqiGame::new("xiangqi", &VariantOptions::default()).expect("start");
    game.set_fen(fen, Dialect::Uci).expect("valid FEN");
    perft(&mut game, depth)
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn start_position_depths_1_to_4() {
    assert_eq!(perft_of(START, 1), 44);
    assert_eq!(perft_of(START, 2), 1_920);
    assert_eq!(perft_of(START, 3), 79_666);
    assert_eq!(perft_of(START, 4), 3_290_240);
}

#[test]
fn flying_general_and_cannon_position() {
    assert_eq!(
        perft_of("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 4),
        92_741
    );
}

#[test]
fn crowded_middlegame() {
    assert_eq!(
        perft_of(
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            4
        ),
        4_485_547
    );
}

/// Speed report, not a correctness test: `cargo test --release -p engine-tests --test
/// xiangqi_perft -- --ignored --nocapture`. Depth 5 from the start (published: 133,312,995).
#[test]
#[ignore]
fn perft_5_speed() {
    let start = std::time::Instant::now();
    let nodes = perft_of(START, 5);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "xiangqi perft 5: {nodes} nodes in {seconds:.2} s = {:.0} nodes/s",
        nodes as f64 / seconds
    );
    assert_eq!(nodes, 133_312_995);
}
