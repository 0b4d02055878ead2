//! The engine compiled to WebAssembly in tests (docs/web.md): the module as `scripts/web.sh` makes
//! it, run in Node (`/usr/bin/node`) through `scripts/web/run.mjs`, and the checks that it searches
//! and plays as the native library does in this process, node for node.

use crate::site;
use kaleido::bench;
use kaleido::game::VariantOptions;
use kaleido::gui::api::Api;
use kaleido::gui::game::GuiGame;
use kaleido::variants;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The module's stack, as scripts/web.sh links it (`stack_bytes`).
pub const STACK_BYTES: u64 = 16 << 20;

/// `dist/kaleido-web/kaleido.wasm`, the site made first when missing or stale.
pub fn module() -> PathBuf {
    site::web_dist().join("kaleido.wasm")
}

/// Runs `calls` (`[name, request]` pairs) in Node against the module: one answer each.
pub fn run(wasm: &Path, calls: &Value) -> Vec<Value> {
    let output = Command::new("/usr/bin/node")
        .arg(site::root().join("scripts/web/run.mjs"))
        .arg(wasm)
        .arg(calls.to_string())
        .env("KALEIDO_STACK_BYTES", STACK_BYTES.to_string())
        .output()
        .expect("/usr/bin/node runs (Node 20)");
    assert!(
        output.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answers: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON answer a line"))
        .collect();
    assert_eq!(answers.len(), calls.as_array().map_or(0, Vec::len));
    for answer in &answers {
        assert!(
            answer.get("error").is_none(),
            "the module refused: {answer}"
        );
    }
    answers
}

/// Each `(variant, fen, nodes)` searched once in the module and once natively: the same best
/// move, node count and score.
pub fn assert_searches_match(positions: &[(String, String, u64)]) {
    let calls: Vec<Value> = positions
        .iter()
        .map(|(variant, fen, nodes)| {
            serde_json::json!(["kaleido_search_once",
                               { "variant": variant, "fen": fen, "nodes": nodes }])
        })
        .collect();
    let answers = run(&module(), &Value::Array(calls));
    for ((variant, fen, nodes), answer) in positions.iter().zip(&answers) {
        let native = bench::search_once(variant, fen, None, Some(*nodes)).expect("native search");
        println!("{variant} {fen}: {native:?}");
        assert_eq!(
            answer["best"].as_str(),
            native.best.as_deref(),
            "{variant} {fen}"
        );
        assert_eq!(answer["nodes"], native.nodes, "{variant} {fen}");
        assert_eq!(answer["score"], native.score, "{variant} {fen}");
    }
}

/// `variant`'s start (searched to `nodes`) and its first bench position (100,000 nodes).
pub fn start_and_first_bench(variant: &str, nodes: u64) -> Vec<(String, String, u64)> {
    let info = variants::find(variant).expect("registered");
    let mut positions = vec![(variant.to_string(), "startpos".to_string(), nodes)];
    if let Some(fen) = info.bench.first() {
        positions.push((variant.to_string(), fen.to_string(), 100_000));
    }
    positions
}

/// The board's API in the module, its searches run in a second instance as the page's search
/// worker runs them, plays the game `kaleido gui`'s API plays natively on its search thread:
/// the same positions for `plies` plies (fixed-node searches, one thread, a table kept across
/// the game on both sides).
pub fn assert_same_game_on_both_transports(variant: &str, plies: usize) {
    let new_game = serde_json::json!({ "variant": variant, "white": "engine",
        "black": "engine", "limits": { "nodes": 20_000 } })
    .to_string();
    let calls = serde_json::json!([
        ["kaleido_api", { "method": "POST", "path": "/api/new", "body": new_game }],
        ["pump", { "searches": plies }],
        ["kaleido_api", { "method": "GET", "path": "/api/fens" }],
    ]);
    let answers = run(&module(), &calls);
    assert_eq!(answers[0]["status"], 200, "{variant}: {}", answers[0]);
    assert_eq!(answers[1]["searches"], plies, "{variant}: {}", answers[1]);
    let wasm_fens = answers[2]["json"]["fens"].clone();

    let start = GuiGame::new("chess", None, &VariantOptions::default()).expect("chess starts");
    let api = Api::new(start, None);
    let (status, _) = api.handle("POST", "/api/new", "", &new_game);
    assert_eq!(status, 200, "{variant}: native new game");
    let started = Instant::now();
    let native_fens = loop {
        let (_, fens) = api.handle("GET", "/api/fens", "", "");
        let count = fens["fens"].as_array().map_or(0, Vec::len);
        if count > plies {
            break fens["fens"].clone();
        }
        assert!(
            started.elapsed().as_secs() < 60,
            "{variant}: native engine too slow"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    api.handle("POST", "/api/stop", "", "{}");
    let native: Vec<&Value> = native_fens.as_array().expect("a list").iter().collect();
    let web: Vec<&Value> = wasm_fens.as_array().expect("a list").iter().collect();
    assert_eq!(web.len(), plies + 1, "{variant}: {web:?}");
    assert_eq!(web[..], native[..=plies], "{variant}: the games differ");
}
