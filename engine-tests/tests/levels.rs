//! The playing levels reach the same knobs from every front end (docs/levels.md): UCI `Skill Level`
//! and `UCI_LimitStrength`/`UCI_Elo`, the CECP `option` lines, the GUI's `limits.level` and the
//! referee's `level=`/`elo=`. The knobs show in what the engine reports: a level's search stops at
//! its depth cap and node budget (level 4: depth 3, 2,500 nodes, from `LEVEL_KNOBS`), where the
//! full-strength search with the same limits goes deeper. Also: a level answers `stop` at once,
//! and the weakest levels play complete legal turns in every seed game (the referee judges them).

use engine_tests::binary::{run, Transcript};
use engine_tests::gui::GuiServer;
use kaleido::search::params::CHECK_INTERVAL;
use kaleido::search::strength::{LEVEL_ELO, LEVEL_KNOBS};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const LEVEL: u8 = 4;

fn knobs() -> kaleido::search::strength::Knobs {
    LEVEL_KNOBS[LEVEL as usize - 1]
}

/// `(depth, nodes)` of a UCI `info` line.
fn uci_depth_nodes(line: &str) -> Option<(u32, u64)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    Some((after("depth")? as u32, after("nodes")?))
}

/// The deepest depth and the most nodes a search reported, and its bestmove line.
fn uci_search(t: &mut Transcript, go: &str) -> (u32, u64, String) {
    t.send("position startpos moves e2e4");
    t.send(go);
    let lines = t.until("bestmove", |l| l.starts_with("bestmove"));
    let reports: Vec<(u32, u64)> = lines.iter().filter_map(|l| uci_depth_nodes(l)).collect();
    let depth = reports.iter().map(|r| r.0).max().unwrap_or(0);
    let nodes = reports.iter().map(|r| r.1).max().unwrap_or(0);
    (depth, nodes, lines.last().cloned().unwrap_or_default())
}

fn assert_level_knobs(depth: u32, nodes: u64, what: &str) {
    assert!(
        depth >= 1 && depth <= knobs().depth,
        "{what}: depth {depth}"
    );
    assert!(
        nodes <= knobs().nodes + CHECK_INTERVAL,
        "{what}: {nodes} nodes"
    );
}

#[test]
fn uci_skill_level_and_elo_reach_the_level_knobs_and_the_defaults_do_not() {
    let mut t = Transcript::start();
    t.send("uci");
    let options = t.until("uciok", |l| l == "uciok");
    for option in [
        "option name Skill Level type spin default 9 min 1 max 9",
        "option name UCI_LimitStrength type check default false",
    ] {
        assert!(options.iter().any(|l| l == option), "{option}: {options:?}");
    }
    assert!(options
        .iter()
        .any(|l| l.starts_with("option name UCI_Elo type spin")));
    // Full strength with the same limits searches deeper than level 4 may.
    let (depth, _, best) = uci_search(&mut t, "go nodes 60000");
    assert!(
        depth > knobs().depth,
        "full strength reached only depth {depth}"
    );
    assert!(best.starts_with("bestmove "), "{best}");

    t.send(&format!("setoption name Skill Level value {LEVEL}"));
    let (depth, nodes, best) = uci_search(&mut t, "go nodes 60000");
    assert_level_knobs(depth, nodes, "Skill Level");
    assert!(best.starts_with("bestmove "), "{best}");

    t.send("setoption name Skill Level value 9");
    t.send("setoption name UCI_LimitStrength value true");
    t.send(&format!(
        "setoption name UCI_Elo value {}",
        LEVEL_ELO[LEVEL as usize - 1]
    ));
    let (depth, nodes, _) = uci_search(&mut t, "go wtime 60000 btime 60000");
    assert_level_knobs(depth, nodes, "UCI_Elo");

    // A bad value is refused with an info string and leaves the level as it was.
    let lines = t.exchange("setoption name UCI_Elo value lots", "isready", "readyok");
    assert!(
        lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    let (depth, nodes, _) = uci_search(&mut t, "go nodes 60000");
    assert_level_knobs(depth, nodes, "after a bad UCI_Elo");

    // `go infinite` at a level waits for `stop`, and answers it at once.
    t.send("position startpos");
    t.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    t.send("stop");
    t.until_within("bestmove after stop", Duration::from_secs(2), |l| {
        l.starts_with("bestmove ")
    });
    assert!(t.finish());
}

#[test]
fn cecp_options_reach_the_level_knobs() {
    let mut t = Transcript::start();
    t.send("xboard");
    t.send("protover 2");
    let features = t.line_starting("feature ");
    for option in [
        "option=\"Skill Level -spin 9 1 9\"",
        "option=\"UCI_LimitStrength -check 0\"",
    ] {
        assert!(features.contains(option), "{option}: {features}");
    }
    assert!(features.contains("option=\"UCI_Elo -spin "), "{features}");
    for skill in [LEVEL, 9] {
        t.send("new");
        t.send("post");
        t.send("sd 30");
        t.send("st 1");
        t.send(&format!("option Skill Level={skill}"));
        t.send("usermove e2e4");
        let lines = t.until("the engine's move", |l| l.starts_with("move "));
        // Thinking output: `depth score time nodes pv`.
        let reports: Vec<(u32, u64)> = lines
            .iter()
            .filter_map(|l| {
                let mut words = l.split_whitespace();
                let depth = words.next()?.parse().ok()?;
                let nodes = words.nth(2)?.parse().ok()?;
                Some((depth, nodes))
            })
            .collect();
        let depth = reports.iter().map(|r| r.0).max().unwrap_or(0);
        let nodes = reports.iter().map(|r| r.1).max().unwrap_or(0);
        if skill == LEVEL {
            assert_level_knobs(depth, nodes, "option Skill Level");
        } else {
            assert!(depth > knobs().depth, "full strength: depth {depth}");
        }
    }
    assert!(t.finish());
}

fn wait_for_reply(server: &GuiServer) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let state = server.ok("GET", "/api/state", json!(null));
        if state["moves"].as_array().is_some_and(|m| m.len() == 2) {
            return state;
        }
        assert!(Instant::now() < deadline, "no engine reply: {state}");
        std::thread::sleep(Duration::from_millis(30));
    }
}

#[test]
fn the_guis_level_reaches_the_level_knobs() {
    let server = GuiServer::start();
    for level in [Some(LEVEL), None] {
        server.ok("POST", "/api/new", json!({ "variant": "chess" }));
        server.ok(
            "POST",
            "/api/settings",
            json!({ "white": "human", "black": "engine",
                    "limits": { "nodes": 60000, "movetime_ms": null, "level": level } }),
        );
        server.ok("POST", "/api/play", json!({ "move": "e2e4" }));
        let state = wait_for_reply(&server);
        assert_eq!(state["limits"]["level"], json!(level));
        let thinking = state["thinking"].as_array().expect("thinking").clone();
        let depth = thinking
            .iter()
            .filter_map(|l| l["depth"].as_u64())
            .max()
            .unwrap_or(0) as u32;
        let nodes = thinking
            .iter()
            .filter_map(|l| l["nodes"].as_u64())
            .max()
            .unwrap_or(0);
        match level {
            Some(_) => assert_level_knobs(depth, nodes, "GUI level"),
            None => assert!(depth > knobs().depth, "full strength: depth {depth}"),
        }
    }
    // Only levels 1 to 8 (or null) are taken; a refusal changes nothing.
    for bad in [0, 9, 255] {
        let body = format!(r#"{{"limits":{{"nodes":1000,"movetime_ms":null,"level":{bad}}}}}"#);
        let (status, answer) = server.call_text("POST", "/api/settings", Some(&body));
        assert_eq!(status, 400, "level {bad}: {answer}");
        let state = server.ok("GET", "/api/state", json!(null));
        assert_eq!(state["limits"]["level"], Value::Null);
    }
}

/// Depths of the engines' `{score/depth time}` comments in a PGN file.
fn comment_depths(pgn: &str) -> Vec<u32> {
    pgn.split('{')
        .skip(1)
        .filter_map(|c| c.split('}').next())
        .filter_map(|c| c.split_whitespace().next()?.split_once('/'))
        .filter_map(|(_, depth)| depth.parse().ok())
        .collect()
}

fn kaleido_match(variant: &str, a: &str, b: &str, extra: &[&str], pgn_name: &str) -> String {
    let kaleido = engine_tests::binary::kaleido().display().to_string();
    let pgn = engine_tests::matches::scratch("levels", pgn_name);
    let pgn_text = pgn.display().to_string();
    let mut args = vec![
        "match".to_string(),
        "--variant".into(),
        variant.into(),
        "--engine".into(),
        format!("{kaleido} name=A {a}"),
        "--engine".into(),
        format!("{kaleido} name=B {b}"),
        "--pgn".into(),
        pgn_text,
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&argv);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("A vs B: "), "{stdout}");
    std::fs::read_to_string(&pgn).expect("the PGN")
}

#[test]
fn the_referees_level_and_elo_reach_the_level_knobs() {
    let limits = ["--games", "2", "--nodes", "60000", "--max-plies", "16"];
    let elo = format!("elo={}", LEVEL_ELO[LEVEL as usize - 1]);
    let pgn = kaleido_match(
        "chess",
        &format!("level={LEVEL}"),
        &elo,
        &limits,
        "spec.pgn",
    );
    let depths = comment_depths(&pgn);
    assert!(depths.len() >= 16, "{pgn}");
    assert!(depths.iter().all(|&d| d <= knobs().depth), "{depths:?}");
    let pgn = kaleido_match("chess", "", "", &limits, "full.pgn");
    assert!(
        comment_depths(&pgn).iter().any(|&d| d > knobs().depth),
        "{pgn}"
    );
}

#[test]
fn the_weakest_levels_play_complete_legal_turns_in_every_seed_game() {
    // The referee judges every turn (a wrong or incomplete one loses with "illegal move"); the
    // seed games' turns come in several parts (Reflection pairs, Sonic chains, Symmetron flips).
    for variant in [
        "sin-yeon-sang-gi",
        "symmetron-112",
        "sonic",
        "reflection-14",
    ] {
        let pgn = kaleido_match(
            variant,
            "level=1",
            "level=2",
            &["--games", "2", "--nodes", "100000", "--max-plies", "60"],
            &format!("{variant}.pgn"),
        );
        assert!(!pgn.contains("illegal move"), "{variant}: {pgn}");
        assert!(!pgn.contains("protocol error"), "{variant}: {pgn}");
        assert!(!pgn.contains("time forfeit"), "{variant}: {pgn}");
    }
}
