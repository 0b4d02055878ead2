//! The engine compiled to WebAssembly (docs/web.md) counts and searches as the native engine
//! does: perft of every variant's start and fixed-node searches give the native figures, run in
//! Node (`/usr/bin/node`) through `scripts/web/run.mjs`, the test's host of `kaleido.wasm`. The
//! module is built by `scripts/web.sh` when `dist/kaleido-web/` is missing or older than the
//! sources. The native figures are computed here by the same library, natively: what is tested
//! is that the module agrees with it, node for node.
//!
//! It also prints, with `--nocapture`: the speed of the module against the native engine in this
//! test's build (one `kaleido bench` variant, median of 3; docs/measurements.md compares with a
//! release build instead), the time to instantiate the compiled module, and the stack the bench
//! uses.

use engine_tests::site;
use engine_tests::wasm::{self, module, run, STACK_BYTES};
use kaleido::bench;
use kaleido::game::{Dialect, VariantOptions};
use kaleido::search::Control;
use kaleido::variants::{self, VARIANTS};
use serde_json::Value;
use std::process::Command;
use std::time::Instant;

/// Each variant's start at the depth whose native perft takes under a second (measured on the
/// shared 2-core machine, release build, 3 Dec 2026: 0.01-0.9 s each).
const DEPTHS: &[(&str, u32)] = &[
    ("chess", 5),
    ("xiangqi", 4),
    ("sin-yeon-sang-gi", 4),
    ("symmetron-112", 3),
    ("sonic", 3),
    ("sonic-springs", 3),
    ("sonic-hexagonal", 4),
    ("reflection-14", 5),
    ("reflection-14-rev", 4),
    ("reflection-12", 5),
    ("reflection-12-rev", 5),
    ("reflection-mini", 6),
    ("reflection-mini-rev", 6),
    ("reflection-8", 6),
    ("reflection-8-rev", 6),
    ("reflection-twoboard", 5),
];

#[test]
fn perft_of_every_start_equals_the_native_count() {
    let wasm = module();
    assert_eq!(DEPTHS.len(), VARIANTS.len(), "a depth for every variant");
    let calls: Vec<Value> = DEPTHS
        .iter()
        .map(|(variant, depth)| {
            serde_json::json!(["kaleido_perft", { "variant": variant, "depth": depth }])
        })
        .collect();
    let answers = run(&wasm, &Value::Array(calls));
    for ((variant, depth), answer) in DEPTHS.iter().zip(&answers) {
        let session = variants::find(variant)
            .unwrap_or_else(|| panic!("{variant} is registered"))
            .new_session(&VariantOptions::default())
            .expect("default options are valid");
        let native = session
            .perft(*depth, Dialect::Uci, &Control::new(false))
            .expect("perft runs natively");
        println!(
            "{variant} perft {depth}: {} nodes, wasm {:.0} ms, native {} ms",
            native.nodes,
            answer["ms"].as_f64().unwrap_or(0.0),
            native.elapsed.as_millis()
        );
        assert_eq!(answer["nodes"], native.nodes, "{variant} perft {depth}");
    }
}

/// Games whose module plays with the native engine's evaluation, each searched at its start to a
/// node count, and chess at its first bench position too. The palace games' networks are in the
/// native build only (docs/web.md): `web_palace.rs` compares them with networks off.
const SEARCHES: &[(&str, u64)] = &[
    ("chess", 150_000),
    ("symmetron-112", 50_000),
    ("sonic", 20_000),
    ("reflection-12", 100_000),
];

#[test]
fn a_fixed_node_search_gives_the_native_move_and_tree() {
    let mut positions: Vec<(String, String, u64)> = SEARCHES
        .iter()
        .map(|&(v, n)| (v.to_string(), "startpos".to_string(), n))
        .collect();
    positions.extend(
        wasm::start_and_first_bench("chess", 150_000)
            .into_iter()
            .skip(1),
    );
    wasm::assert_searches_match(&positions);
}

/// The median of three.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Not a check of speed (the machine is shared): the figures for the docs, and a guard that the
/// module's bench searches the native tree.
#[test]
fn measures_speed_startup_and_stack() {
    let wasm = module();
    let variant = "chess";
    let calls = serde_json::json!([
        ["kaleido_bench", { "variant": variant }],
        ["kaleido_bench", { "variant": variant }],
        ["kaleido_bench", { "variant": variant }],
        ["stack_used", {}],
        ["instantiate", { "times": 5 }],
    ]);
    let answers = run(&wasm, &calls);
    let mut native_nps = Vec::new();
    let mut native_nodes = 0;
    for _ in 0..3 {
        let started = Instant::now();
        let (nodes, _) = bench::measure(None, Some(variant), &mut |_| {}).expect("bench runs");
        native_nodes = nodes;
        native_nps.push(nodes as f64 / started.elapsed().as_secs_f64());
    }
    let wasm_nps: Vec<f64> = answers[..3]
        .iter()
        .map(|a| {
            assert_eq!(a["nodes"], native_nodes, "the module's bench tree");
            a["nodes"].as_f64().unwrap_or(0.0) * 1000.0 / a["ms"].as_f64().unwrap_or(1.0)
        })
        .collect();
    let (wasm_nps, native_nps) = (median(wasm_nps), median(native_nps));
    println!(
        "bench {variant}: {native_nodes} nodes; wasm {wasm_nps:.0} nps, native (this test's \
         profile: debug assertions on, slower than a release build) {native_nps:.0} nps, ratio \
         {:.2}",
        wasm_nps / native_nps
    );
    println!(
        "stack used by the bench: {} bytes of {STACK_BYTES}",
        answers[3]["bytes"]
    );
    println!(
        "instantiate: {:.1} ms (median of 5); module {} bytes",
        answers[4]["ms"].as_f64().unwrap_or(0.0),
        std::fs::metadata(&wasm).map_or(0, |m| m.len())
    );
}

/// Engine-vs-engine plies each transport plays in `the_board_plays_the_same_game_on_both_transports`.
const PLIES: usize = 6;

/// The board's API in the module and `kaleido gui`'s natively play the same game
/// (`wasm::assert_same_game_on_both_transports`); the palace games in `web_palace.rs`.
#[test]
fn the_board_plays_the_same_game_on_both_transports() {
    for (variant, _) in SEARCHES {
        wasm::assert_same_game_on_both_transports(variant, PLIES);
    }
}

/// The game the page keeps across reloads (`kaleido_kept`) comes back whole in a fresh module
/// (`kaleido_restore`), as `kaleido gui`'s file does; a restore after the board started is
/// refused, and a kept game that does not read is refused without harm.
#[test]
fn a_kept_game_comes_back_after_a_reload() {
    let wasm = module();
    let new_game = serde_json::json!({ "variant": "xiangqi", "white": "human",
        "black": "human", "limits": { "nodes": 5_000, "level": 3 } })
    .to_string();
    let play = |mv: &str| {
        serde_json::json!(["kaleido_api", { "method": "POST", "path": "/api/play",
                                            "body": serde_json::json!({ "move": mv }).to_string() }])
    };
    let calls = serde_json::json!([
        ["kaleido_api", { "method": "POST", "path": "/api/new", "body": new_game }],
        play("h3e3"),
        play("h8e8"),
        ["kaleido_api", { "method": "GET", "path": "/api/fens" }],
        ["kaleido_kept", {}],
        ["kaleido_api", { "method": "GET", "path": "/api/pgn" }],
    ]);
    let first = run(&wasm, &calls);
    for answer in &first[..3] {
        assert_eq!(answer["status"], 200, "{answer}");
    }
    let kept = first[4]["kept"]
        .as_str()
        .expect("the game as kept")
        .to_string();
    // The record is dated from the host's clock (the system clock panics in WebAssembly).
    let pgn = first[5]["json"]["pgn"].as_str().expect("a game record");
    let date = format!("[Date \"{}\"]", kaleido::clock::today());
    assert!(pgn.contains(&date), "{pgn}");
    let calls = serde_json::json!([
        ["kaleido_restore", { "kept": kept }],
        ["kaleido_api", { "method": "GET", "path": "/api/fens" }],
        ["kaleido_api", { "method": "GET", "path": "/api/state" }],
    ]);
    let second = run(&wasm, &calls);
    assert_eq!(second[1]["json"]["fens"], first[3]["json"]["fens"]);
    let state = &second[2]["json"];
    assert_eq!(state["variant"], "xiangqi");
    assert_eq!(state["limits"]["level"], 3);
    assert_eq!(state["players"]["black"], "human");

    let output = Command::new("/usr/bin/node")
        .arg(site::root().join("scripts/web/run.mjs"))
        .arg(&wasm)
        .arg(
            serde_json::json!([
                ["kaleido_restore", { "kept": "{not a kept game" }],
                ["kaleido_api", { "method": "GET", "path": "/api/state" }],
                ["kaleido_restore", { "kept": kept }],
            ])
            .to_string(),
        )
        .output()
        .expect("node runs");
    let answers: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert!(answers[0]["error"].is_string(), "{}", answers[0]);
    assert_eq!(answers[1]["json"]["variant"], "chess", "a new game instead");
    assert!(answers[2]["error"]
        .as_str()
        .is_some_and(|e| e.contains("too late")));
}
