//! The board's HTTP API against the real `kaleido gui` on a free port: the board views the page
//! draws, turn building, playing and refusing, the engine's moves and thinking, take back, game
//! records, and that bad input never changes the game.

use engine_tests::binary::{run, stdout_lines};
use engine_tests::gui::GuiServer;
use engine_tests::http;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn new_game(server: &GuiServer, variant: &str) -> Value {
    server.ok("POST", "/api/new", json!({ "variant": variant }))
}

fn cells_marked(board: &Value, mark: &str) -> usize {
    board["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .filter(|c| {
            c["marks"]
                .as_array()
                .expect("marks")
                .iter()
                .any(|m| m == mark)
        })
        .count()
}

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let server = GuiServer::start();
    let (status, page) = http::request("GET", &server.url, None).expect("page");
    assert_eq!(status, 200);
    for asset in ["/board.js", "/pieces.js", "/app.js", "/style.css"] {
        assert!(page.contains(asset), "the page loads {asset}");
        let url = format!("{}{}", server.url.trim_end_matches('/'), asset);
        let (status, body) = http::request("GET", &url, None).expect("asset");
        assert_eq!(status, 200, "{asset}");
        assert!(body.len() > 100, "{asset} has content");
    }
    let (status, _) = http::request("GET", &format!("{}nothing", server.url), None).expect("404");
    assert_eq!(status, 404);
}

/// Shapes counted by hand from the rules docs' board descriptions.
#[test]
fn every_board_is_described_as_its_players_know_it() {
    let server = GuiServer::start();
    let chess = new_game(&server, "chess")["board"].clone();
    assert_eq!(chess["cells"].as_array().unwrap().len(), 64);
    assert_eq!(chess["pieces"].as_array().unwrap().len(), 32);
    assert_eq!(chess["style"], "squares");

    let xiangqi = new_game(&server, "xiangqi")["board"].clone();
    assert_eq!(xiangqi["style"], "points");
    assert_eq!(xiangqi["cells"].as_array().unwrap().len(), 90);
    assert_eq!(cells_marked(&xiangqi, "palace-white"), 9, "d1-f3");
    assert_eq!(cells_marked(&xiangqi, "palace-black"), 9, "d8-f10");
    assert_eq!(xiangqi["dividers"][0]["kind"], "river");
    assert_eq!(xiangqi["dividers"][0]["after"], 4, "between ranks 5 and 6");
    assert_eq!(xiangqi["side_names"], json!(["Red", "Black"]));

    let sinyeon = new_game(&server, "sin-yeon-sang-gi")["board"].clone();
    assert_eq!(
        sinyeon["cells"].as_array().unwrap().len(),
        130,
        "13x10 points"
    );
    assert_eq!(cells_marked(&sinyeon, "palace-white"), 9);

    // 11x10 Arena plus the two launching squares, l1 and l10.
    let symmetron = new_game(&server, "symmetron-112")["board"].clone();
    assert_eq!(symmetron["cells"].as_array().unwrap().len(), 112);
    assert_eq!(cells_marked(&symmetron, "launch-white"), 1);
    assert_eq!(cells_marked(&symmetron, "palace-black"), 9, "e8-g10");
    let on_ls: Vec<&Value> = symmetron["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["square"] == "l1" || p["square"] == "l10")
        .collect();
    assert_eq!(
        on_ls.len(),
        2,
        "both Resurrectors start on their launching squares"
    );
    assert!(on_ls.iter().all(|p| p["glyph"] == "resurrector"));

    // 14x14 with four 3x3 corners cut: 196 - 36.
    let cross = new_game(&server, "reflection-14")["board"].clone();
    assert_eq!(cross["cells"].as_array().unwrap().len(), 160);
    let south = cross["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["square"] == "d13")
        .expect("a piece on d13");
    assert_eq!(
        south["glyph"], "pawn-s",
        "White's top army's pawns move south"
    );
    // 12x12 with 2x2 corners cut; its zones are marked (the zone rule holds there).
    let twelve = new_game(&server, "reflection-12")["board"].clone();
    assert_eq!(twelve["cells"].as_array().unwrap().len(), 144 - 16);
    assert_eq!(cells_marked(&twelve, "zone-white"), 2 * 2 * 8);
    let two = new_game(&server, "reflection-twoboard")["board"].clone();
    assert_eq!(two["files"], 16);
    assert_eq!(two["dividers"][0]["kind"], "boards");
    assert_eq!(two["dividers"][0]["after"], 7, "between h and i");

    let springs = new_game(&server, "sonic-springs")["board"].clone();
    assert_eq!(cells_marked(&springs, "spring"), 4, "c3 f3 c6 f6");
    let king = springs["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["square"] == "e1")
        .expect("white king");
    assert_eq!(king["badges"][0], "K", "usual form");
    assert_eq!(
        cells_marked(&new_game(&server, "sonic")["board"], "spring"),
        0
    );
}

#[test]
fn a_turn_is_built_from_the_engines_options() {
    let server = GuiServer::start();
    new_game(&server, "chess");
    let options = server.ok("POST", "/api/turn", json!({ "steps": [] }));
    let from_e2: Vec<&str> = options["next"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["from"] == "e2")
        .map(|s| s["to"].as_str().unwrap())
        .collect();
    assert_eq!(from_e2, ["e3", "e4"]);
    let done = server.ok(
        "POST",
        "/api/turn",
        json!({ "steps": [{ "from": "e2", "to": "e4", "choice": null }] }),
    );
    assert_eq!(done["complete"], "e2e4");
    let wrong = server.ok(
        "POST",
        "/api/turn",
        json!({ "steps": [{ "from": "e2", "to": "e5", "choice": null }] }),
    );
    assert_eq!(wrong["valid"], false);

    // A promotion's choices come with their words.
    server.ok(
        "POST",
        "/api/new",
        json!({ "variant": "chess", "fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1" }),
    );
    let options = server.ok("POST", "/api/turn", json!({ "steps": [] }));
    let labels: Vec<&str> = options["next"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["from"] == "a7")
        .map(|s| s["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"promote to Queen"), "{labels:?}");
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let server = GuiServer::start();
    let before = new_game(&server, "xiangqi")["fen"].clone();
    server.ok("POST", "/api/settings", json!({ "black": "human" }));
    let refusals: [(&str, Option<&str>); 8] = [
        ("/api/play", Some(r#"{"move":"a1a9"}"#)),
        ("/api/play", Some(r#"{"move":"zz"}"#)),
        ("/api/play", Some("not json")),
        ("/api/new", Some(r#"{"variant":"xiangqi","fen":"garbage"}"#)),
        ("/api/new", Some(r#"{"variant":"no-such-game"}"#)),
        (
            "/api/new",
            Some(r#"{"variant":"sonic","options":{"Crooked":"maybe"}}"#),
        ),
        ("/api/turn", Some(r#"{"steps":7}"#)),
        (
            "/api/settings",
            Some(r#"{"limits":{"nodes":0,"movetime_ms":null}}"#),
        ),
    ];
    for (path, body) in refusals {
        let (status, answer) = server.call_text("POST", path, body);
        assert_eq!(status, 400, "{path} {body:?}: {answer}");
        assert!(answer["error"].is_string(), "{answer}");
        let state = server.ok("GET", "/api/state", json!(null));
        assert_eq!(state["fen"], before, "{path} {body:?} changed the game");
        assert_eq!(state["variant"], "xiangqi");
    }
    let (status, _) = server.call_text("POST", "/api/nothing", None);
    assert_eq!(status, 404);
}

fn wait_until(server: &GuiServer, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let state = server.ok("GET", "/api/state", json!(null));
        if done(&state) {
            return state;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}: outcome {}, clocks {}, moves {}",
            state["outcome"],
            state["clock_ms"],
            state["moves"]
        );
        std::thread::sleep(Duration::from_millis(30));
    }
}

#[test]
fn the_engine_answers_thinks_aloud_and_take_back_returns_to_the_persons_turn() {
    let server = GuiServer::start();
    new_game(&server, "sonic");
    server.ok(
        "POST",
        "/api/settings",
        json!({ "white": "human", "black": "engine",
                "limits": { "nodes": 3000, "movetime_ms": null } }),
    );
    let (status, _) = server.call("POST", "/api/play", Some(&json!({ "move": "e2e4" })));
    assert_eq!(status, 200);
    let state = wait_until(&server, "the engine's reply", |s| {
        s["moves"].as_array().is_some_and(|m| m.len() == 2)
    });
    let reply = &state["moves"][1];
    assert_eq!(reply["side"], "black");
    assert!(
        reply["eval"].is_object(),
        "the engine's score is kept: {reply}"
    );
    assert!(reply["record"].is_string() && reply["uci"].is_string());
    assert!(
        !state["thinking"].as_array().unwrap().is_empty() || !state["searching"].as_bool().unwrap()
    );
    // Take back: both the engine's move and the person's.
    let back = server.ok("POST", "/api/undo", json!({}));
    assert_eq!(back["moves"].as_array().unwrap().len(), 0);
    assert_eq!(back["player_to_move"], "human");

    // Analysis: lines with a principal variation in the game's notation, until switched off.
    server.ok("POST", "/api/settings", json!({ "black": "human" }));
    server.ok("POST", "/api/analyse", json!({ "on": true }));
    let thinking = wait_until(&server, "analysis lines", |s| {
        s["thinking"]
            .as_array()
            .is_some_and(|t| t.iter().any(|l| l["depth"].as_u64() >= Some(3)))
    });
    let line = thinking["thinking"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert!(!line["pv"].as_array().unwrap().is_empty(), "{line}");
    let off = server.ok("POST", "/api/analyse", json!({ "on": false }));
    assert_eq!(off["analysing"], false);
    assert_eq!(
        off["moves"].as_array().unwrap().len(),
        0,
        "analysis plays no move"
    );
}

#[test]
fn a_record_with_variant_and_option_tags_loads_and_replays() {
    let server = GuiServer::start();
    let record = "[Event \"test\"]\n[Variant \"sonic-springs\"]\n[Options \"Crooked=true\"]\n\n\
                  1. e2e4 e7e5 2. d2d4 *\n";
    let (status, state) = server.call("POST", "/api/pgn", Some(&json!({ "pgn": record })));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["variant"], "sonic-springs");
    assert_eq!(state["options"]["crooked"], "true");
    assert_eq!(state["moves"].as_array().unwrap().len(), 3);
    let fen = state["fen"].as_str().unwrap().to_string();

    // kaleido replay takes the variant and options from the same tags.
    let file = std::env::temp_dir().join(format!("kaleido-gui-{}.pgn", std::process::id()));
    std::fs::write(&file, record).unwrap();
    let output = run(&["replay", file.to_str().unwrap()]);
    let _ = std::fs::remove_file(&file);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(stdout_lines(&output)[0], fen);

    let (status, _) = server.call(
        "POST",
        "/api/pgn",
        Some(&json!({ "pgn": "[Variant \"sonic\"]\n1. e2e5 *" })),
    );
    assert_eq!(status, 400, "an illegal move in a record is refused");
    assert_eq!(server.ok("GET", "/api/state", json!(null))["fen"], fen);
}

/// A record saved by the board (options, a set-up position, drops, flips, pairs) replays with
/// `kaleido replay` to the board's final position.
#[test]
fn saved_records_replay_to_the_same_position() {
    let server = GuiServer::start();
    server.ok(
        "POST",
        "/api/settings",
        json!({ "white": "human", "black": "human" }),
    );
    let games: [(&str, Value, &[&str]); 3] = [
        ("symmetron-112", json!({}), &["@f5", "@f6", "b1~", "a8=B"]),
        (
            "reflection-mini",
            json!({ "CaptureTwin": "true", "QueenPromotion": "true" }),
            &["c2c3,c7c6", "b3c3,g3f3"],
        ),
        ("chess", json!({}), &["e2e4", "e7e5", "g1f3"]),
    ];
    for (variant, options, moves) in games {
        server.ok(
            "POST",
            "/api/new",
            json!({ "variant": variant, "options": options }),
        );
        let mut state = Value::Null;
        for mv in moves {
            state = server.ok("POST", "/api/play", json!({ "move": mv }));
        }
        let pgn = server.ok("GET", "/api/pgn", json!(null))["pgn"]
            .as_str()
            .unwrap()
            .to_string();
        if variant == "chess" {
            assert!(
                !pgn.contains("[Variant"),
                "chess records carry no Variant tag: {pgn}"
            );
        } else {
            assert!(pgn.contains(&format!("[Variant \"{variant}\"]")), "{pgn}");
        }
        if variant == "reflection-mini" {
            assert!(
                pgn.contains("[Options \"CaptureTwin=true QueenPromotion=true\"]"),
                "{pgn}"
            );
        }
        let file =
            std::env::temp_dir().join(format!("kaleido-gui-{variant}-{}.pgn", std::process::id()));
        std::fs::write(&file, &pgn).unwrap();
        let output = run(&["replay", file.to_str().unwrap()]);
        let _ = std::fs::remove_file(&file);
        assert!(
            output.status.success(),
            "{pgn}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(stdout_lines(&output)[0], state["fen"], "{pgn}");
    }
    // A set-up position travels in the FEN tag.
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    server.ok(
        "POST",
        "/api/new",
        json!({ "variant": "chess", "fen": fen }),
    );
    let state = server.ok("POST", "/api/play", json!({ "move": "a7a8q" }));
    let pgn = server.ok("GET", "/api/pgn", json!(null))["pgn"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    let (status, loaded) = server.call("POST", "/api/pgn", Some(&json!({ "pgn": pgn })));
    assert_eq!(status, 200, "{loaded}");
    assert_eq!(loaded["fen"], state["fen"]);
}

#[test]
fn with_a_clock_the_side_whose_time_runs_out_loses() {
    let server = GuiServer::start();
    new_game(&server, "xiangqi");
    let state = server.ok(
        "POST",
        "/api/settings",
        json!({ "white": "human", "black": "human",
                "limits": { "clock_ms": 400, "increment_ms": 0 } }),
    );
    assert_eq!(state["clock_ms"].as_array().map(Vec::len), Some(2));
    let over = wait_until(&server, "Red's flag to fall", |s| !s["outcome"].is_null());
    assert_eq!(over["outcome"]["result"], "0-1");
    assert_eq!(over["outcome"]["reason"], "Red lost on time");
    let (status, _) = server.call("POST", "/api/play", Some(&json!({ "move": "a1a2" })));
    assert_eq!(status, 400, "no move after the flag fell");
}

/// Every call that changes the game, with a body that is valid for it.
const CHANGES: &[(&str, &str)] = &[
    ("/api/new", r#"{"variant":"chess"}"#),
    ("/api/play", r#"{"move":"e7e5"}"#),
    ("/api/undo", "{}"),
    ("/api/settings", r#"{"white":"human"}"#),
    ("/api/go", "{}"),
    ("/api/stop", "{}"),
    ("/api/analyse", r#"{"on":true}"#),
    ("/api/resign", "{}"),
    ("/api/draw", "{}"),
    ("/api/abort", "{}"),
    ("/api/pgn", r#"{"pgn":"1. e4 e5 *"}"#),
];

/// A Sonic game two plies in, played by two persons: what must survive every bad call.
fn game_in_progress(server: &GuiServer) -> Value {
    server.ok("POST", "/api/new", json!({ "variant": "sonic" }));
    server.ok(
        "POST",
        "/api/settings",
        json!({ "white": "human", "black": "human" }),
    );
    server.ok("POST", "/api/play", json!({ "move": "e2e4" }));
    server.ok("POST", "/api/play", json!({ "move": "e7e5" }))
}

fn unchanged(server: &GuiServer, before: &Value, what: &str) {
    let now = server.ok("GET", "/api/state", json!(null));
    for key in [
        "variant",
        "fen",
        "moves",
        "players",
        "outcome",
        "generation",
    ] {
        assert_eq!(now[key], before[key], "{what} changed the game's {key}");
    }
}

/// The issue's reproduction: an empty, unparsable or 5 MB record answered 200 and reset the game.
#[test]
fn a_bad_or_oversize_record_is_refused_and_the_game_stays() {
    let server = GuiServer::start();
    let before = game_in_progress(&server);
    let five_mb = format!("{{\"pgn\": \"1. e4 {{{}\"}}", "a".repeat(5 << 20));
    let bodies: [(&str, String, u16); 7] = [
        ("an empty body", String::new(), 400),
        ("a raw unterminated comment", "{ unterminated".into(), 400),
        ("an empty record", r#"{"pgn": ""}"#.into(), 400),
        ("a blank record", r#"{"pgn": "  \n "}"#.into(), 400),
        (
            "a cut record",
            r#"{"pgn": "[Event \"x\"]\n1. e4 { unterminated"}"#.into(),
            400,
        ),
        (
            "words that are no moves",
            r#"{"pgn": "hello world"}"#.into(),
            400,
        ),
        ("a 5 MB body", five_mb, 413),
    ];
    for (what, body, status) in &bodies {
        let (got, answer) = server.call_with("POST", "/api/pgn", &[], Some(body));
        assert_eq!(got, *status, "{what}: {answer}");
        unchanged(&server, &before, what);
    }
}

#[test]
fn every_change_refuses_an_empty_or_unparsable_body() {
    let server = GuiServer::start();
    let before = game_in_progress(&server);
    for (path, _) in CHANGES {
        for body in ["", "{ unterminated", "[1, 2]", "null"] {
            let (status, answer) = server.call_with("POST", path, &[], Some(body));
            assert_eq!(status, 400, "{path} {body:?}: {answer}");
            assert!(answer["error"].is_string(), "{answer}");
            unchanged(&server, &before, &format!("{path} with {body:?}"));
        }
    }
}

/// The issue's two tabs: a change made on a position the game has left is refused (409) with
/// the game as it is now.
#[test]
fn a_change_made_on_an_old_position_is_refused_with_409() {
    let server = GuiServer::start();
    let before = game_in_progress(&server);
    let old = before["generation"].as_u64().expect("generation") - 1;
    for (path, body) in CHANGES {
        let mut body: Value = serde_json::from_str(body).expect("test body");
        body["generation"] = json!(old);
        let (status, answer) = server.call("POST", path, Some(&body));
        assert_eq!(status, 409, "{path} {body}: {answer}");
        assert_eq!(
            answer["state"]["fen"], before["fen"],
            "{path}: the state as it is"
        );
        unchanged(&server, &before, path);
    }
    // The current generation is accepted.
    let body = json!({ "move": "d2d4", "generation": before["generation"] });
    let (status, answer) = server.call("POST", "/api/play", Some(&body));
    assert_eq!(status, 200, "{answer}");
}

#[test]
fn another_origin_or_host_and_non_json_posts_are_refused() {
    let server = GuiServer::start();
    let before = game_in_progress(&server);
    let port = server
        .url
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .to_string();
    let new = r#"{"variant":"chess"}"#;
    // A page on another site posting to the board (what a cross-site form or fetch sends).
    let evil = [("Origin", "http://evil.example")];
    assert_eq!(
        server.call_with("POST", "/api/new", &evil, Some(new)).0,
        403
    );
    assert_eq!(server.call_with("GET", "/api/state", &evil, None).0, 403);
    // DNS rebinding: the browser names the attacker's host.
    let rebound = format!("evil.example:{port}");
    let host = [("Host", rebound.as_str())];
    assert_eq!(server.call_with("GET", "/api/state", &host, None).0, 403);
    assert_eq!(
        server.call_with("POST", "/api/new", &host, Some(new)).0,
        403
    );
    // A "simple" cross-site request needs no preflight only as text/plain or a form.
    for kind in ["text/plain", "application/x-www-form-urlencoded"] {
        let headers = [("Content-Type", kind)];
        let (status, _) = server.call_with("POST", "/api/new", &headers, Some(new));
        assert_eq!(status, 415, "{kind}");
    }
    unchanged(&server, &before, "a refused request");
    // The board's own page: same origin, localhost or 127.0.0.1.
    let own = format!("http://127.0.0.1:{port}");
    let localhost = format!("localhost:{port}");
    let (status, _) = server.call_with("GET", "/api/state", &[("Origin", own.as_str())], None);
    assert_eq!(status, 200);
    let (status, _) = server.call_with("GET", "/api/state", &[("Host", localhost.as_str())], None);
    assert_eq!(status, 200);
    // Engine work per request is bounded.
    let (status, _) = server.call(
        "POST",
        "/api/settings",
        Some(&json!({ "limits": { "nodes": 1_000_000_000_000u64 } })),
    );
    assert_eq!(status, 400);
}

#[test]
fn a_game_is_taken_back_to_any_earlier_position() {
    let server = GuiServer::start();
    game_in_progress(&server);
    server.ok("POST", "/api/play", json!({ "move": "d2d4" }));
    let fens = server.ok("GET", "/api/fens", json!(null))["fens"].clone();
    let back = server.ok("POST", "/api/undo", json!({ "to_ply": 1 }));
    assert_eq!(back["moves"].as_array().unwrap().len(), 1);
    assert_eq!(back["fen"], fens[1]);
    let (status, _) = server.call("POST", "/api/undo", Some(&json!({ "to_ply": 1 })));
    assert_eq!(
        status, 400,
        "nothing to take back to the position on the board"
    );
    // Looking back: the board of every ply.
    let start = server.ok("GET", "/api/position?ply=0", json!(null));
    assert_eq!(start["fen"], fens[0]);
    assert_eq!(start["board"]["pieces"].as_array().unwrap().len(), 32);
    let (status, _) = server.call("GET", "/api/position?ply=9", None);
    assert_eq!(status, 400);
}

#[test]
fn resign_draw_offer_and_abort() {
    let server = GuiServer::start();
    server.ok(
        "POST",
        "/api/settings",
        json!({ "white": "human", "black": "engine",
                "limits": { "nodes": 2000, "movetime_ms": null } }),
    );
    server.ok("POST", "/api/new", json!({ "variant": "chess" }));
    let resigned = server.ok("POST", "/api/resign", json!({}));
    assert_eq!(resigned["outcome"]["result"], "0-1");
    assert_eq!(resigned["outcome"]["reason"], "White resigns");
    let pgn = server.ok("GET", "/api/pgn", json!(null))["pgn"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    let (status, _) = server.call("POST", "/api/play", Some(&json!({ "move": "e2e4" })));
    assert_eq!(status, 400, "no move after resigning");

    // Draw offers: the engine (Black) a queen down accepts, a queen up declines (hand-made
    // positions, no tactics: a queen is worth far more than the threshold either way).
    let down = "q3k3/8/8/8/8/8/8/QQ2K3 w - - 0 1";
    server.ok(
        "POST",
        "/api/new",
        json!({ "variant": "chess", "fen": down }),
    );
    let accepted = server.ok("POST", "/api/draw", json!({}));
    assert_eq!(accepted["draw"]["accepted"], true, "{}", accepted["draw"]);
    assert_eq!(accepted["outcome"]["result"], "1/2-1/2");
    let up = "qq2k3/8/8/8/8/8/8/Q3K3 w - - 0 1";
    server.ok("POST", "/api/new", json!({ "variant": "chess", "fen": up }));
    let declined = server.ok("POST", "/api/draw", json!({}));
    assert_eq!(declined["draw"]["accepted"], false, "{}", declined["draw"]);
    assert!(declined["outcome"].is_null());

    let aborted = server.ok("POST", "/api/abort", json!({}));
    assert_eq!(aborted["outcome"]["result"], "*");
    // Taking back reopens a finished game... here there is no move, so abort stays.
    server.ok("POST", "/api/new", json!({ "variant": "chess" }));
    server.ok("POST", "/api/settings", json!({ "black": "human" }));
    server.ok("POST", "/api/play", json!({ "move": "e2e4" }));
    server.ok("POST", "/api/resign", json!({}));
    let reopened = server.ok("POST", "/api/undo", json!({ "to_ply": 0 }));
    assert!(reopened["outcome"].is_null(), "take back reopens the game");
}

/// The server keeps the game in its file: a new server on that file shows it again.
#[test]
fn the_game_survives_a_restart_of_the_server() {
    let server = GuiServer::start();
    let before = game_in_progress(&server);
    let file = server.stop_keeping_file();
    let again = GuiServer::start_on(file);
    let now = again.ok("GET", "/api/state", json!(null));
    for key in ["variant", "fen", "players", "start_fen"] {
        assert_eq!(now[key], before[key], "{key} after a restart");
    }
    let moves = |s: &Value| -> Vec<String> {
        s["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["uci"].to_string())
            .collect()
    };
    assert_eq!(moves(&now), moves(&before));
}

/// The king in check, as each game defines check, is named by the board view; positions made by
/// hand from the rules docs (a rook, queen or Advancer-Rook giving check along an open line).
#[test]
fn the_king_in_check_is_marked_by_the_engine() {
    let server = GuiServer::start();
    server.ok(
        "POST",
        "/api/settings",
        json!({ "white": "human", "black": "human" }),
    );
    for &(variant, fen, mv, king) in engine_tests::gui::CHECKING_MOVES {
        let quiet = server.ok(
            "POST",
            "/api/new",
            json!({ "variant": variant, "fen": fen }),
        );
        assert_eq!(
            quiet["board"]["check"],
            json!([]),
            "{variant}: no check yet"
        );
        let state = server.ok("POST", "/api/play", json!({ "move": mv }));
        assert_eq!(
            state["board"]["check"],
            json!([king]),
            "{variant} after {mv}"
        );
        assert_eq!(state["in_check"], true, "{variant}");
    }
    // The mated king keeps its mark (fool's mate).
    server.ok("POST", "/api/new", json!({ "variant": "chess" }));
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        server.ok("POST", "/api/play", json!({ "move": mv }));
    }
    let mated = server.ok("GET", "/api/state", json!(null));
    assert_eq!(mated["outcome"]["result"], "0-1");
    assert_eq!(mated["board"]["check"], json!(["e1"]));
}

#[test]
fn a_promotion_offers_the_queen_first() {
    let server = GuiServer::start();
    server.ok(
        "POST",
        "/api/settings",
        json!({ "white": "human", "black": "human" }),
    );
    server.ok(
        "POST",
        "/api/new",
        json!({ "variant": "chess", "fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1" }),
    );
    let steps = json!({ "steps": [] });
    let options = server.ok("POST", "/api/turn", steps);
    let labels: Vec<&str> = options["next"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["from"] == "a7")
        .filter_map(|s| s["label"].as_str())
        .collect();
    assert_eq!(
        labels.first().copied(),
        Some("promote to Queen"),
        "{labels:?}"
    );
    assert_eq!(labels.len(), 4, "{labels:?}");
}

/// Xiangqi moves in WXF notation. The rules from the federation's notation page (files from each
/// player's right, `+` forward, `-` backward, `.` sideways; tandem pieces `+` front and `-` rear,
/// as its examples `R+.3`, `C--1`); the expected moves written by hand from them: the common
/// opening central cannon, screen horses, Black's chariot out (`C2.5 H8+7 H2+3 R9.8`).
#[test]
fn xiangqi_moves_are_written_in_wxf_notation_too() {
    let server = GuiServer::start();
    server.ok(
        "POST",
        "/api/settings",
        json!({ "white": "human", "black": "human" }),
    );
    server.ok("POST", "/api/new", json!({ "variant": "xiangqi" }));
    let mut state = Value::Null;
    for mv in ["h3e3", "h10g8", "h1g3", "i10h10", "e4e5", "a7a6"] {
        state = server.ok("POST", "/api/play", json!({ "move": mv }));
    }
    let wxf: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["wxf"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(wxf, ["C2.5", "H8+7", "H2+3", "R9.8", "P5+1", "P1+1"]);
    // Tandem chariots on Red's 9th file (a1 behind a3): the front one sideways, the rear ahead.
    let tandem = "3k5/9/9/9/9/9/9/R8/9/R3K4 w - - 0 1";
    server.ok(
        "POST",
        "/api/new",
        json!({ "variant": "xiangqi", "fen": tandem }),
    );
    let front = server.ok("POST", "/api/play", json!({ "move": "a3b3" }));
    assert_eq!(front["moves"][0]["wxf"], "R+.8");
    server.ok(
        "POST",
        "/api/new",
        json!({ "variant": "xiangqi", "fen": tandem }),
    );
    let rear = server.ok("POST", "/api/play", json!({ "move": "a1a2" }));
    assert_eq!(rear["moves"][0]["wxf"], "R-+1");
    // Other games have no WXF.
    server.ok("POST", "/api/new", json!({ "variant": "chess" }));
    let chess = server.ok("POST", "/api/play", json!({ "move": "e2e4" }));
    assert!(chess["moves"][0]["wxf"].is_null());
}
