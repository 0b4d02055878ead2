//! UCI transcripts against the real binary: a whole game, every kind of bad input, and the
//! vampirc-uci defects the protocol layer must avoid.

use engine_tests::binary::Transcript;
use kaleido::rng::SplitMix64;
use kaleido::variants;
use std::time::Duration;

/// Starts the engine in UCI mode and waits for `uciok`; returns the handshake lines.
fn uci() -> (Transcript, Vec<String>) {
    let mut t = Transcript::start();
    t.send("uci");
    let lines = t.until("uciok", |l| l == "uciok");
    (t, lines)
}

/// The position the engine holds, via the `d` debug command.
fn fen(t: &mut Transcript) -> String {
    let lines = t.exchange("d", "isready", "readyok");
    lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("Fen: "))
        .map(str::to_string)
        .unwrap_or_else(|| t.fail("no Fen line from d"))
}

/// Sends `line` and returns the lines it produced (synchronised with isready).
fn answer(t: &mut Transcript, line: &str) -> Vec<String> {
    t.exchange(line, "isready", "readyok")
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

#[test]
fn handshake_lists_every_variant_and_the_engine_options() {
    let (t, lines) = uci();
    assert!(
        lines.iter().any(|l| l.starts_with("id name Kaleido")),
        "{lines:?}"
    );
    let variant_line = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .unwrap_or_else(|| t.fail("no UCI_Variant option"));
    for name in variants::names() {
        assert!(
            variant_line.contains(&format!(" var {name}")),
            "{name} missing from {variant_line}"
        );
    }
    for option in [
        "option name Hash type spin",
        "option name Threads type spin",
        "option name MultiPV type spin",
        "option name Ponder type check",
        "option name Move Overhead type spin",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "{option} missing"
        );
    }
    // Every variant's rule options are offered as UCI options.
    for info in variants::VARIANTS {
        for spec in info.options {
            let prefix = format!("option name {} type ", spec.name);
            assert!(lines.iter().any(|l| l.starts_with(&prefix)), "{prefix}");
        }
    }
    assert!(t.finish());
}

/// A whole game to its result: the engine (Black) has exactly one legal move at each turn, the
/// GUI's rooks drive its king up the h-file and mate on h6 (worked out by hand).
#[test]
fn whole_game_to_checkmate() {
    const FEN: &str = "8/8/8/8/7k/R7/8/1K4R1 b - - 0 1";
    let gui_moves = ["a3a4", "a4a5", "a5a6", "a6h6"];
    let forced_replies = ["h4h5", "h5h6", "h6h7", "h7h8"];
    let (mut t, _) = uci();
    t.send("ucinewgame");
    let mut played: Vec<&str> = Vec::new();
    for (reply, gui) in forced_replies.iter().zip(gui_moves) {
        let position = if played.is_empty() {
            format!("position fen {FEN}")
        } else {
            format!("position fen {FEN} moves {}", played.join(" "))
        };
        t.send(&position);
        t.send("go wtime 2000 btime 2000 winc 0 binc 0");
        let best = t.line_starting("bestmove");
        assert_eq!(best, format!("bestmove {reply}"), "the only legal move");
        played.push(reply);
        played.push(gui);
    }
    t.send(&format!("position fen {FEN} moves {}", played.join(" ")));
    t.send("go wtime 2000 btime 2000");
    assert_eq!(t.line_starting("bestmove"), "bestmove (none)", "checkmated");
    assert_eq!(fen(&mut t), "7k/8/7R/8/8/8/8/1K4R1 b - - 8 5");
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn bad_input_is_answered_and_leaves_the_position() {
    let (mut t, _) = uci();
    answer(&mut t, "position startpos moves e2e4");
    assert_eq!(fen(&mut t), AFTER_E4);
    let long = "x".repeat(10_000);
    let bad_lines = [
        ("unknown command", "frobnicate the board".to_string()),
        (
            "malformed FEN",
            "position fen this is not a fen".to_string(),
        ),
        (
            "FEN with too many ranks",
            format!(
                "position fen {}",
                "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            ),
        ),
        (
            "FEN with a wide rank",
            "position fen rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".to_string(),
        ),
        ("position without a base", "position moves e2e4".to_string()),
        ("10,000-character line", long.clone()),
        ("10,000-character FEN", format!("position fen {long}")),
        (
            "unknown option",
            "setoption name Frobnication value 3".to_string(),
        ),
        (
            "bad option value",
            "setoption name Hash value lots".to_string(),
        ),
        (
            "unknown variant",
            "setoption name UCI_Variant value tic-tac-toe".to_string(),
        ),
        ("setoption without name", "setoption".to_string()),
    ];
    for (what, line) in &bad_lines {
        let reply = answer(&mut t, line);
        assert!(
            reply.iter().any(|l| l.starts_with("info string")),
            "{what}: expected an info string, got {reply:?}"
        );
        assert_eq!(fen(&mut t), AFTER_E4, "{what} changed the position");
    }
    // An empty line is ignored: nothing comes back.
    assert!(answer(&mut t, "").is_empty());
    assert!(answer(&mut t, "   ").is_empty());
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn bad_moves_are_reported_and_the_rest_ignored() {
    let (mut t, _) = uci();
    let cases = [
        ("illegal move", "e2e5"),
        ("unparsable move", "e2"),
        ("xiangqi-style 10-rank square", "a9a10"),
        ("symmetron drop", "@f5"),
        ("reflection pair", "d2d4,d7d5"),
        ("sonic chain", "d2d6,d6b6"),
        ("garbage", "\u{1F600}\u{1F600}"),
    ];
    for (what, bad) in cases {
        let reply = answer(
            &mut t,
            &format!("position startpos moves e2e4 {bad} e7e5 g1f3"),
        );
        assert!(
            reply
                .iter()
                .any(|l| l.starts_with("info string") && l.contains("move 2")),
            "{what}: {reply:?}"
        );
        assert_eq!(
            fen(&mut t),
            AFTER_E4,
            "{what}: e2e4 applied, the rest ignored"
        );
    }
    // The first move bad: the base position stays.
    answer(&mut t, "position startpos moves e7e5");
    assert_eq!(fen(&mut t), START);
    t.send("quit");
    assert!(t.finish());
}

/// vampirc-uci 0.11.1 truncates moves outside a1-h8 silently, rejects non-8x8 FENs, panics on
/// these two `go` commands and drops `ponder` when times follow; our reader must not.
#[test]
fn vampirc_defects_are_avoided() {
    let (mut t, _) = uci();
    // Truncation would apply e2e4 silently; we report a9a10.
    let reply = answer(&mut t, "position startpos moves e2e4 a9a10");
    assert!(reply.iter().any(|l| l.contains("a9a10")), "{reply:?}");
    assert_eq!(fen(&mut t), AFTER_E4);
    // `go depth 300` and `go movestogo 300` answer with a move instead of panicking.
    t.send("position startpos");
    t.send("go depth 300 movetime 300");
    assert!(t.line_starting("bestmove").starts_with("bestmove "));
    t.send("go movestogo 300 wtime 3000 btime 3000");
    assert!(t.line_starting("bestmove").len() > "bestmove ".len());
    t.send("go depth 300");
    t.send("isready");
    t.line_starting("readyok");
    t.send("stop");
    assert!(t.line_starting("bestmove").starts_with("bestmove "));
    // `go ponder` with times: the bestmove waits for ponderhit/stop (it is a ponder search).
    t.send("position startpos moves e2e4");
    t.send("go ponder wtime 100000 btime 100000 winc 0 binc 0");
    let early = t.exchange("isready", "isready", "readyok");
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "ponder search must not answer before ponderhit: {early:?}"
    );
    t.send("ponderhit");
    assert!(t.line_starting("bestmove").starts_with("bestmove "));
    t.send("quit");
    assert!(t.finish());
}

/// The other half of vampirc-uci's defects: non-8x8 FENs and moves beyond a1-h8 (ranks 10+,
/// drops, comma legs) must reach the session intact. For every variant: its start FEN and a move
/// (the most unusual-looking legal one) through `position fen ... moves ...`.
#[test]
fn every_variant_position_and_move_reach_the_session() {
    use kaleido::game::{Dialect, VariantOptions};
    let (mut t, _) = uci();
    for info in variants::VARIANTS {
        let session = info
            .new_session(&VariantOptions::default())
            .expect("default options are valid");
        let start = session.fen(Dialect::Uci);
        let moves = session.legal_moves(Dialect::Uci);
        let unusual = |m: &&String| {
            m.contains(',') || m.contains('@') || m.chars().filter(char::is_ascii_digit).count() > 2
        };
        let Some(mv) = moves.iter().find(unusual).or(moves.first()).cloned() else {
            continue;
        };
        let mut expected = session.clone_box();
        expected
            .play(&mv, Dialect::Uci)
            .expect("a legal move plays");
        answer(
            &mut t,
            &format!("setoption name UCI_Variant value {}", info.name),
        );
        let reply = answer(&mut t, &format!("position fen {start} moves {mv}"));
        assert!(reply.is_empty(), "{}: {reply:?}", info.name);
        assert_eq!(
            fen(&mut t),
            expected.fen(Dialect::Uci),
            "{}: {mv}",
            info.name
        );
    }
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn stop_and_isready_are_answered_during_an_infinite_search() {
    let (mut t, _) = uci();
    t.send("position startpos");
    t.send("go infinite");
    let before = t.exchange("isready", "isready", "readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    t.send("stop");
    let best = t.line_starting("bestmove");
    let mv = best
        .split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string();
    // The move is legal in the start position.
    let legal = engine_tests::binary::run(&["moves", "--variant", "chess"]);
    assert!(
        engine_tests::binary::stdout_lines(&legal).contains(&mv),
        "{best}"
    );
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn variant_and_rule_options_switch_the_session() {
    let (mut t, _) = uci();
    for name in variants::names() {
        let reply = answer(&mut t, &format!("setoption name UCI_Variant value {name}"));
        assert!(
            !reply.iter().any(|l| l.starts_with("info string")),
            "{name}: {reply:?}"
        );
        let lines = t.exchange("d", "isready", "readyok");
        assert!(lines.contains(&format!("Variant: {name}")), "{lines:?}");
        t.send("position startpos");
        t.send("go depth 1");
        assert!(t.line_starting("bestmove").starts_with("bestmove "));
    }
    // A rule option of a variant other than the current one is kept and reported.
    answer(&mut t, "setoption name UCI_Variant value chess");
    let other = variants::VARIANTS
        .iter()
        .flat_map(|v| v.options.iter())
        .next()
        .map(|s| s.name);
    if let Some(option) = other {
        let reply = answer(&mut t, &format!("setoption name {option} value {}", "true"));
        assert!(
            reply.iter().any(|l| l.starts_with("info string")),
            "{reply:?}"
        );
    }
    t.send("quit");
    assert!(t.finish());
}

/// Setting a rule option of the current variant to a new value rebuilds the session (start
/// position); the same value again changes nothing. Exercised for every check option.
#[test]
fn rule_option_rebuilds_the_session() {
    use kaleido::game::{Dialect, OptionKind, VariantOptions};
    for info in variants::VARIANTS {
        for spec in info.options {
            let OptionKind::Check { default } = spec.kind else {
                continue;
            };
            let session = info
                .new_session(&VariantOptions::default())
                .expect("default options are valid");
            let start = session.fen(Dialect::Uci);
            let first = session.legal_moves(Dialect::Uci).into_iter().next();
            let Some(first) = first else { continue };
            let (mut t, _) = uci();
            answer(
                &mut t,
                &format!("setoption name UCI_Variant value {}", info.name),
            );
            answer(&mut t, &format!("position startpos moves {first}"));
            let moved = fen(&mut t);
            assert_ne!(moved, start);
            let same = answer(
                &mut t,
                &format!("setoption name {} value {default}", spec.name),
            );
            assert!(same.is_empty(), "{same:?}");
            assert_eq!(
                fen(&mut t),
                moved,
                "{}: same value keeps the game",
                spec.name
            );
            let flipped = answer(
                &mut t,
                &format!("setoption name {} value {}", spec.name, !default),
            );
            assert!(flipped.is_empty(), "{flipped:?}");
            assert_eq!(fen(&mut t), start, "{}: new value, new game", spec.name);
            t.send("quit");
            assert!(t.finish());
        }
    }
}

#[test]
fn perft_through_the_protocol() {
    let (mut t, _) = uci();
    t.send("position startpos");
    t.send("go perft 3");
    // 8,902: the published perft(3) of the chess start position.
    assert_eq!(t.line_starting("Nodes searched"), "Nodes searched: 8902");
    t.send("quit");
    assert!(t.finish());
}

/// The answer a GUI waits for while a perft counts: due at once.
const PROMPT: Duration = Duration::from_secs(1);

/// `go perft` with a depth no perft could reach is refused with `info string` (it used to
/// overflow the stack and kill the process); the engine answers and keeps its position.
#[test]
fn perft_beyond_the_deepest_is_refused() {
    let (mut t, _) = uci();
    answer(&mut t, "position startpos moves e2e4");
    for depth in ["30000000000", "200", "129"] {
        let reply = answer(&mut t, &format!("go perft {depth}"));
        assert_eq!(
            reply,
            vec![format!(
                "info string perft depth {depth} refused: the deepest perft is 128 plies (the \
                 search's longest line)"
            )]
        );
    }
    t.send("stop");
    t.send("isready");
    t.until_within("readyok", PROMPT, |l| l == "readyok");
    assert!(t.alive());
    assert_eq!(fen(&mut t), AFTER_E4);
    t.send("position startpos");
    t.send("go perft 1");
    // 20: the published perft(1) of the chess start position.
    assert_eq!(t.line_starting("Nodes searched"), "Nodes searched: 20");
    t.send("quit");
    assert!(t.finish());
}

/// The deepest perft runs like an infinite search: `isready` is answered while it counts,
/// `stop` ends it, a new `go` replaces it and `quit` ends the process.
#[test]
fn a_running_perft_answers_isready_and_stops() {
    let (mut t, _) = uci();
    t.send("position startpos");
    t.send("go perft 128");
    t.send("isready");
    let before = t.until_within("readyok", PROMPT, |l| l == "readyok");
    assert_eq!(before, vec!["readyok"]);
    t.send("stop");
    t.until_within("the stopped perft's notice", PROMPT, |l| {
        l == "info string perft stopped before the count was complete"
    });
    // 400: the published perft(2) of the chess start position.
    t.send("go perft 2");
    assert_eq!(t.line_starting("Nodes searched"), "Nodes searched: 400");
    t.send("go perft 128");
    t.send("go depth 1");
    let lines = t.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string perft stopped")),
        "{lines:?}"
    );
    t.send("go perft 128");
    t.send("quit");
    assert!(t.finish(), "quit during a perft ends the process");
}

/// Random token soup must neither kill the engine nor stop it answering `isready`. (`quit`,
/// `perft` and large hash/thread counts are left out: they end the process or take long by
/// design.)
#[test]
fn token_soup_does_not_kill_the_engine() {
    let commands = [
        "uci",
        "isready",
        "ucinewgame",
        "position",
        "go",
        "stop",
        "ponderhit",
        "setoption",
        "d",
        "debug",
        "register",
        "xboard",
        "usermove",
        "",
        "moves",
        "fen",
        "startpos",
    ];
    let words = [
        "name",
        "value",
        "startpos",
        "fen",
        "moves",
        "e2e4",
        "e7e5",
        "a9a10",
        "@f5",
        "b1~",
        "d2d4,d7d5",
        "depth",
        "0",
        "1",
        "300",
        "-5",
        "99999999999999999999",
        "wtime",
        "btime",
        "winc",
        "movestogo",
        "nodes",
        "movetime",
        "mate",
        "infinite",
        "ponder",
        "searchmoves",
        "name",
        "value",
        "UCI_Variant",
        "MultiPV",
        "Move",
        "Overhead",
        "Ponder",
        "true",
        "chess",
        "xiangqi",
        "sonic",
        "reflection-mini",
        "reflection-twoboard",
        "symmetron-112",
        "sin-yeon-sang-gi",
        "e2e4~a",
        "n:d6b5",
        "d2d6,d6b6",
        "8/8/8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "w",
        "b",
        "KQkq",
        "-",
        "\t",
        "\u{00e9}\u{4e2d}",
        "{",
        "}",
        "\"",
        "=",
        ";",
        "movetime",
    ];
    let mut soup = SplitMix64::new(0x5eed_1234_abcd_0001);
    let (mut t, _) = uci();
    for round in 0..400 {
        let mut line = soup.pick(&commands).to_string();
        for _ in 0..soup.next_u64() % 8 {
            line.push(' ');
            line.push_str(soup.pick(&words));
        }
        t.send(&line);
        if round % 25 == 24 {
            t.send("stop");
            t.send("isready");
            t.line_starting("readyok");
            assert!(t.alive(), "engine died");
        }
    }
    t.send("stop");
    t.send("isready");
    t.line_starting("readyok");
    t.send("quit");
    assert!(t.finish(), "engine exited with an error");
}
