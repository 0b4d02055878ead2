//! The palace games in WebAssembly search and play as the native engine does by hand. Their
//! networks are built into the native binary only (the module's size budget, docs/web.md), so
//! this test process switches networks off, as `UseNNUE false` does, and compares the module's
//! searches with the hand-written evaluation's. Its own process: `web_perft.rs` compares chess
//! with its network on, which the module keeps.

use engine_tests::wasm;
use kaleido::eval::nnue::registry;

const PALACE_GAMES: [&str; 2] = ["xiangqi", "sin-yeon-sang-gi"];

#[test]
fn a_fixed_node_search_gives_the_native_move_and_tree_by_hand() {
    registry::set_enabled(false);
    let positions: Vec<(String, String, u64)> = PALACE_GAMES
        .iter()
        .flat_map(|variant| wasm::start_and_first_bench(variant, 100_000))
        .collect();
    wasm::assert_searches_match(&positions);
}

#[test]
fn the_board_plays_the_same_palace_game_on_both_transports() {
    registry::set_enabled(false);
    for variant in PALACE_GAMES {
        wasm::assert_same_game_on_both_transports(variant, 6);
    }
}
