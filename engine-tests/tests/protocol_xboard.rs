//! XBoard / CECP v2 transcripts against the real binary: handshake, whole games with result
//! claims, bad input, variants and their setup lines, multi-part turns, analysis, token soup.

use engine_tests::binary::Transcript;
use engine_tests::binary::{xboard, xboard_answer as answer};
use kaleido::game::{Dialect, VariantOptions};
use kaleido::protocol::xboard::COMMANDS;
use kaleido::rng::SplitMix64;
use kaleido::variants;

/// The engine's position in XBoard notation, via the `d` debug command.
fn fen(t: &mut Transcript) -> String {
    let lines = answer(t, "d");
    lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("# Fen: "))
        .map(str::to_string)
        .unwrap_or_else(|| t.fail("no Fen line from d"))
}

#[test]
fn features_announce_the_protocol_and_every_variant() {
    let (t, features) = xboard();
    for token in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "playother=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "san=0",
        "time=1",
        "memory=1",
        "smp=1",
        "analyze=1",
        "myname=\"Kaleido",
    ] {
        assert!(features.contains(token), "{token} missing: {features}");
    }
    assert!(features.ends_with(" done=1"), "{features}");
    let list = features
        .split("variants=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| t.fail("no variants feature"));
    let listed: Vec<&str> = list.split(',').collect();
    for info in variants::VARIANTS.iter().filter(|v| v.offered_to_xboard()) {
        let session = info
            .new_session(&VariantOptions::default())
            .expect("default options are valid");
        assert!(
            listed.contains(&session.xboard_variant()),
            "{} ({}) missing from {list}",
            info.name,
            session.xboard_variant()
        );
    }
    if variants::find("chess").is_some() {
        assert!(
            listed.contains(&"normal") && !listed.contains(&"chess"),
            "{list}"
        );
    }
    // Engine-defined variants keep their own names in XBoard (measured: XBoard 4.9.1 plays
    // `symmetron-112` under that name).
    for name in [
        "sin-yeon-sang-gi",
        "symmetron-112",
        "sonic",
        "reflection-mini",
    ] {
        if variants::find(name).is_some() {
            assert!(listed.contains(&name), "{name} missing from {list}");
        }
    }
    for info in variants::VARIANTS.iter().filter(|v| v.offered_to_xboard()) {
        for spec in info.options {
            assert!(
                features.contains(&format!("option=\"{} -", spec.name)),
                "{} missing",
                spec.name
            );
        }
    }
    // XBoard cannot draw a hexagonal board: the game and its own option are not offered.
    assert!(!listed.contains(&"sonic-hexagonal"), "{list}");
    assert!(!features.contains("option=\"Turn60"), "{features}");
    assert!(t.finish());
}

/// A whole game to its result: the engine (Black) has one legal move each turn, the user's rooks
/// mate it on h6 (worked out by hand), and the engine claims the result after the user's move.
#[test]
fn whole_game_engine_black_is_mated_and_claims() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "force");
    answer(&mut t, "setboard 8/8/8/8/7k/R7/8/1K4R1 b - - 0 1");
    t.send("level 0 1 0");
    t.send("post");
    t.send("go");
    for (reply, user) in [
        ("h4h5", "a3a4"),
        ("h5h6", "a4a5"),
        ("h6h7", "a5a6"),
        ("h7h8", "a6h6"),
    ] {
        t.send("time 1000");
        t.send("otim 1000");
        assert_eq!(t.line_starting("move "), format!("move {reply}"));
        t.send(&format!("usermove {user}"));
    }
    assert_eq!(t.line_starting("1-0"), "1-0 {White mates}");
    // After the end every move is refused as game over.
    let reply = answer(&mut t, "usermove h8g8");
    assert_eq!(reply, vec!["Illegal move (game over): h8g8"]);
    // `go` in a finished game repeats the result rather than leaving XBoard waiting.
    assert_eq!(answer(&mut t, "go"), vec!["1-0 {White mates}"]);
    t.send("quit");
    assert!(t.finish());
}

/// The engine's own move ends the game: its only legal move takes the queen, leaving two bare
/// kings, and it claims the draw right after its move.
#[test]
fn engine_claims_the_result_of_its_own_move() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "force");
    answer(&mut t, "setboard k7/8/8/8/8/8/6q1/7K w - - 0 1");
    t.send("st 1");
    t.send("go");
    assert_eq!(t.line_starting("move "), "move h1g2");
    assert_eq!(
        t.line_starting("1/2-1/2"),
        "1/2-1/2 {insufficient material}"
    );
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn bad_input_gets_the_error_answer_and_the_position_stays() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "force");
    answer(&mut t, "usermove e2e4");
    let before = fen(&mut t);
    assert!(before.starts_with("rnbqkbnr/pppppppp/8/8/4P3/"), "{before}");
    let long = "y".repeat(10_000);
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "unknown command",
            "frobnicate now".into(),
            "Error (unknown command): frobnicate now",
        ),
        ("illegal move", "usermove e7e3".into(), "Illegal move: e7e3"),
        ("unparsable move", "usermove e7".into(), "Illegal move: e7"),
        (
            "white's move on black's turn",
            "usermove d2d4".into(),
            "Illegal move: d2d4",
        ),
        (
            "10-rank square",
            "usermove a9a10".into(),
            "Illegal move: a9a10",
        ),
        ("symmetron drop", "usermove @f5".into(), "Illegal move: @f5"),
        // Found by the fuzz harness: an empty part was kept as a ply of the turn.
        (
            "empty move",
            "usermove".into(),
            "Error (usermove takes a move): usermove",
        ),
        (
            "sonic chain",
            "usermove d7d5,d5d4".into(),
            "Illegal move: d7d5,d5d4",
        ),
        (
            "malformed FEN",
            "setboard not a fen".into(),
            "Error (bad FEN)",
        ),
        (
            "FEN with too many ranks",
            "setboard rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            "Error (bad FEN)",
        ),
        (
            "10,000-character line",
            long.clone(),
            "Error (unknown command): yyy",
        ),
        (
            "10,000-character move",
            format!("usermove {long}"),
            "Illegal move: yyy",
        ),
        (
            "unknown variant",
            "variant tic-tac-toe".into(),
            "Error (unsupported variant): tic-tac-toe",
        ),
        ("unknown option", "option Frobnication=1".into(), "Error ("),
        ("undo too far", "remove".into(), "Error (no move to undo)"),
    ];
    for (what, line, expected) in &cases {
        let reply = answer(&mut t, line);
        assert!(
            reply.len() == 1 && reply[0].starts_with(expected),
            "{what}: expected '{expected}...', got {reply:?}"
        );
        assert!(
            reply[0].len() < 300,
            "{what}: the error answer echoes too much"
        );
        let now = fen(&mut t);
        // `variant` with an unknown name and `remove` leave the game as it was too.
        assert_eq!(now, before, "{what} changed the position");
    }
    assert!(answer(&mut t, "").is_empty(), "an empty line is ignored");
    // The game goes on from the same position.
    assert!(answer(&mut t, "usermove e7e5").is_empty());
    t.send("quit");
    assert!(t.finish());
}

/// Found by the XBoard fuzz target: a refused `variant` and an `option` that changes no rule of
/// this game (another game's option, or the value it has) kept the position but forgot its
/// plies, so the next `undo` answered `Error (no move to undo)`.
#[test]
fn a_refused_variant_or_an_unchanged_option_keeps_the_plies() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "force");
    answer(&mut t, "usermove e2e4");
    let after_e4 = fen(&mut t);
    answer(&mut t, "usermove e7e5");
    let after_e5 = fen(&mut t);
    let refused = answer(&mut t, "variant tic-tac-toe");
    assert!(
        refused[0].starts_with("Error (unsupported variant)"),
        "{refused:?}"
    );
    // Sonic's rule option: chess keeps it for later, its own rules do not change.
    assert!(answer(&mut t, "option Crooked=1").is_empty());
    assert_eq!(fen(&mut t), after_e5);
    assert!(answer(&mut t, "undo").is_empty(), "undo is refused");
    assert_eq!(fen(&mut t), after_e4);
    t.send("quit");
    assert!(t.finish());
}

/// `variant` prints the variant's `setup` lines before the next pong, and every registered
/// variant can be chosen by its XBoard name; each position read back by `setboard` is the same.
#[test]
fn every_variant_can_be_selected_and_set_up() {
    let (mut t, _) = xboard();
    for info in variants::VARIANTS.iter().filter(|v| v.offered_to_xboard()) {
        let session = info
            .new_session(&VariantOptions::default())
            .expect("default options are valid");
        answer(&mut t, "new");
        let reply = answer(&mut t, &format!("variant {}", session.xboard_variant()));
        assert_eq!(reply, session.xboard_setup(), "{}: setup lines", info.name);
        let lines = answer(&mut t, "d");
        assert!(
            lines.contains(&format!("# Variant: {}", info.name)),
            "{}: {lines:?}",
            info.name
        );
        let fen_before = fen(&mut t);
        assert_eq!(fen_before, session.fen(Dialect::XBoard));
        // An engine-defined variant's `setup` goes out again with the position (twice, see
        // docs/protocol.md); XBoard's own variants get no answer.
        let resent = answer(&mut t, &format!("setboard {fen_before}"));
        let expected_lines = if session.xboard_setup().is_empty() {
            0
        } else {
            2
        };
        assert!(
            resent.len() == expected_lines
                && resent
                    .iter()
                    .all(|l| l.starts_with("setup (") && l.ends_with(&fen_before)),
            "{}: {resent:?}",
            info.name
        );
        assert_eq!(
            fen(&mut t),
            fen_before,
            "{}: setboard round trip",
            info.name
        );
        // The engine plays a move in this variant.
        t.send("force");
        t.send("sd 1");
        t.send("go");
        let mv = t.line_starting("move ");
        assert!(mv.len() > "move ".len(), "{}: {mv}", info.name);
    }
    // A variant XBoard is not offered is refused like an unknown one, the game kept.
    answer(&mut t, "new");
    let reply = answer(&mut t, "variant sonic-hexagonal");
    assert_eq!(reply, ["Error (unsupported variant): sonic-hexagonal"]);
    let lines = answer(&mut t, "d");
    assert!(lines.contains(&"# Variant: chess".to_string()), "{lines:?}");
    t.send("quit");
    assert!(t.finish());
}

/// A turn XBoard carries as several protocol moves (`move_text` with spaces) arrives as several
/// usermoves, and is joined until the session accepts it. Exercised for every variant that has
/// such a turn in its start position.
#[test]
fn multi_part_turns_are_joined() {
    // Only variants XBoard is offered (sonic-hexagonal is not, and has no split turns anyway).
    for info in variants::VARIANTS.iter().filter(|v| v.offered_to_xboard()) {
        let session = info
            .new_session(&VariantOptions::default())
            .expect("default options are valid");
        let Some(turn) = session
            .legal_moves(Dialect::XBoard)
            .into_iter()
            .find(|m| m.contains(' '))
        else {
            continue;
        };
        let mut expected = session.clone_box();
        expected
            .play(&turn, Dialect::XBoard)
            .expect("a legal move plays");
        let (mut t, _) = xboard();
        answer(&mut t, "new");
        answer(&mut t, &format!("variant {}", session.xboard_variant()));
        answer(&mut t, "force");
        let parts: Vec<&str> = turn.split_whitespace().collect();
        for part in &parts[..parts.len() - 1] {
            assert!(
                answer(&mut t, &format!("usermove {part}")).is_empty(),
                "{}: a part of {turn} was refused",
                info.name
            );
        }
        assert!(answer(&mut t, &format!("usermove {}", parts[parts.len() - 1])).is_empty());
        assert_eq!(
            fen(&mut t),
            expected.fen(Dialect::XBoard),
            "{}: {turn}",
            info.name
        );
        // What XBoard does to the engine playing the other side of a program (`computer`): it
        // starts it in force mode and sends `go` right after the first part (it books each part
        // as a ply). The engine must wait for the whole turn, then answer for the side on move
        // after it.
        answer(&mut t, "new");
        t.send("computer");
        answer(&mut t, &format!("variant {}", session.xboard_variant()));
        answer(&mut t, "force");
        t.send("st 0.2");
        t.send(&format!("usermove {}", parts[0]));
        t.send("go");
        for part in &parts[1..] {
            t.send(&format!("usermove {part}"));
        }
        let reply = t.line_starting("move ");
        let first_reply = reply.trim_start_matches("move ").to_string();
        let answers = expected.legal_moves(Dialect::XBoard);
        assert!(
            answers
                .iter()
                .any(|m| m.split_whitespace().next() == Some(first_reply.as_str())),
            "{}: {reply} is no move of the side after {turn}",
            info.name
        );
        t.send("quit");
        assert!(t.finish());
    }
}

#[test]
fn move_now_comes_before_the_pong_and_analysis_answers() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    t.send("st 30");
    t.send("usermove e2e4");
    t.send("?");
    t.send("ping 5");
    let lines = t.until("pong 5", |l| l == "pong 5");
    assert!(
        lines.iter().any(|l| l.starts_with("move ")),
        "the move must precede the pong: {lines:?}"
    );
    // Analysis: moves are taken, never answered with a move.
    answer(&mut t, "force");
    t.send("post");
    t.send("analyze");
    t.send(".");
    t.line_starting("stat01:");
    let reply = answer(&mut t, "usermove g1f3");
    assert!(!reply.iter().any(|l| l.starts_with("move ")), "{reply:?}");
    answer(&mut t, "undo");
    answer(&mut t, "exit");
    let position = fen(&mut t);
    assert!(
        position.contains("4P3"),
        "one move taken back, e4 stays: {position}"
    );
    // Time controls are accepted without complaint.
    for line in [
        "level 40 5 0",
        "level 0 2:30 1.5",
        "st 2",
        "sd 3",
        "time 1000",
        "otim 900",
    ] {
        assert!(answer(&mut t, line).is_empty(), "{line}");
    }
    assert!(answer(&mut t, "draw")
        .iter()
        .all(|l| l.starts_with("tellopponent")));
    t.send("quit");
    assert!(t.finish());
}

/// Random token soup must neither kill the engine nor stop it answering `ping`. (`quit`,
/// `memory` and `cores` are left out: they end the process or allocate by design.)
#[test]
fn token_soup_does_not_kill_the_engine() {
    // The protocol's own command list, and words of the other protocol.
    let commands: Vec<&str> = COMMANDS
        .iter()
        .copied()
        .filter(|c| !["quit", "memory", "cores"].contains(c))
        .chain(["uci", "isready", ""])
        .collect();
    let words = [
        "normal",
        "xiangqi",
        "sonic",
        "sonic-springs",
        "reflection-mini",
        "reflection-twoboard",
        "symmetron-112",
        "sin-yeon-sang-gi",
        "d7d8p",
        "e1f1k",
        "n:d6b5",
        "e2e4=",
        "e2e4,e7e5",
        "e2e4",
        "e7e5",
        "a9a10",
        "a0a1",
        "e2",
        "l0",
        "n3",
        "_9",
        "@f5",
        "@@@@",
        "b1~",
        "d2d4,d7d5",
        "0",
        "1",
        "2",
        "300",
        "-5",
        "1:30",
        "0.5",
        "99999999999999999999",
        "1-0",
        "{mate}",
        "8/8/8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "w",
        "b",
        "KQkq",
        "-",
        "Crooked=1",
        "=",
        "\u{00e9}\u{4e2d}",
        "\t",
        "\"",
    ];
    let mut soup = SplitMix64::new(0x0bad_cafe_f00d_0042);
    let (mut t, _) = xboard();
    t.send("st 0.05");
    for round in 0..400 {
        let mut line = soup.pick(&commands).to_string();
        for _ in 0..soup.next_u64() % 6 {
            line.push(' ');
            line.push_str(soup.pick(&words));
        }
        t.send(&line);
        if round % 25 == 24 {
            t.send("?");
            t.send(&format!("ping {round}"));
            let pong = format!("pong {round}");
            t.until(&pong, |l| l == pong);
            assert!(t.alive(), "engine died");
        }
    }
    t.send("exit");
    t.send("force");
    t.send("ping 1000");
    t.line_starting("pong 1000");
    t.send("quit");
    assert!(t.finish(), "engine exited with an error");
}
