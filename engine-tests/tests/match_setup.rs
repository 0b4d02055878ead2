//! `kaleido match` set-up: openings (file and random), what is forwarded to engines, node and depth
//! limits, SPRT stopping, and arguments that must be refused.

use engine_tests::matches::match_args;
use kaleido::cli::match_rules::run_match;
use kaleido_referee::{MatchArgs, MatchSummary};

const FAKE: &str = env!("CARGO_BIN_EXE_fake_engine");

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = engine_tests::matches::scratch("match-setup", name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn parse(engines: &[String], extra: &[&str]) -> MatchArgs {
    let mut all = vec!["--quiet"];
    all.extend_from_slice(extra);
    match_args("chess", engines, &all)
}

fn run(engines: &[String], extra: &[&str]) -> MatchSummary {
    run_match(&parse(engines, extra)).expect("the match runs")
}

fn legal(name: &str, proto: &str, seed: u32, log: Option<&std::path::Path>) -> String {
    let log = log
        .map(|p| format!(" --log {}", p.display()))
        .unwrap_or_default();
    format!("cmd={FAKE} --proto {proto} --seed {seed}{log} name={name} proto={proto}")
}

#[test]
fn openings_file_fen_and_moves_are_played_with_both_colours() {
    let dir = scratch("openings");
    let file = dir.join("openings.txt");
    std::fs::write(
        &file,
        "# a comment\n\
         r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n\
         \n\
         1. d4 d5 2. c4\n",
    )
    .unwrap();
    let pgn = dir.join("games.pgn");
    let _ = std::fs::remove_file(&pgn);
    let engines = vec![legal("A", "uci", 1, None), legal("B", "xboard", 2, None)];
    let summary = run(
        &engines,
        &[
            "--games",
            "4",
            "--tc",
            "2+0.05",
            "--max-plies",
            "24",
            "--openings",
            file.to_str().unwrap(),
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    assert_eq!(summary.games.len(), 4);
    let text = std::fs::read_to_string(&pgn).unwrap();
    let by_round = |n: usize| summary.games.iter().find(|g| g.number == n).unwrap();
    // Games 1 and 2 start from the FEN, games 3 and 4 from 1. d4 d5 2. c4, colours swapped.
    for n in [1, 2] {
        let g = by_round(n);
        assert_eq!(
            g.start_fen.as_deref(),
            Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        );
        assert_eq!(g.first_move_number, 3);
    }
    for n in [3, 4] {
        let g = by_round(n);
        assert_eq!(g.start_fen, None);
        let book: Vec<&str> = g
            .moves
            .iter()
            .filter(|m| m.book)
            .map(|m| m.ply.record.as_str())
            .collect();
        assert_eq!(book, vec!["d4", "d5", "c4"]);
    }
    assert_eq!(
        (
            by_round(1).white_name.as_str(),
            by_round(2).white_name.as_str()
        ),
        ("A", "B")
    );
    assert_eq!(
        (
            by_round(3).white_name.as_str(),
            by_round(4).white_name.as_str()
        ),
        ("A", "B")
    );
    assert_eq!(text.matches("[SetUp \"1\"]").count(), 2);
    assert!(text.contains("3. "), "{text}");
    assert!(
        text.contains("1. d4 {book} d5 {book} 2. c4 {book}"),
        "{text}"
    );
}

#[test]
fn random_openings_are_deterministic_and_shared_by_both_colours() {
    let engines = vec![legal("A", "uci", 1, None), legal("B", "uci", 2, None)];
    let book = |summary: &MatchSummary, n: usize| -> Vec<String> {
        let g = summary.games.iter().find(|g| g.number == n).unwrap();
        g.moves
            .iter()
            .filter(|m| m.book)
            .map(|m| m.ply.uci.clone())
            .collect()
    };
    let args = [
        "--games",
        "4",
        "--tc",
        "2+0.05",
        "--max-plies",
        "12",
        "--random-plies",
        "6",
        "--seed",
        "42",
    ];
    let first = run(&engines, &args);
    let second = run(&engines, &args);
    for n in 1..=4 {
        assert_eq!(book(&first, n).len(), 6);
        assert_eq!(book(&first, n), book(&second, n), "game {n}");
    }
    assert_eq!(
        book(&first, 1),
        book(&first, 2),
        "a pair shares its opening"
    );
    assert_ne!(
        book(&first, 1),
        book(&first, 3),
        "pairs get different openings"
    );
    let other_seed = run(
        &engines,
        &[
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--max-plies",
            "8",
            "--random-plies",
            "6",
            "--seed",
            "43",
        ],
    );
    assert_ne!(book(&first, 1), book(&other_seed, 1));
}

#[test]
fn engine_options_and_limits_reach_the_engines() {
    let dir = scratch("forward");
    let uci_log = dir.join("uci.log");
    let xb_log = dir.join("xboard.log");
    let _ = std::fs::remove_file(&uci_log);
    let _ = std::fs::remove_file(&xb_log);
    let engines = vec![
        format!("{} option.Hash=16", legal("U", "uci", 1, Some(&uci_log))),
        format!(
            "{} option.Style=Solid",
            legal("X", "xboard", 2, Some(&xb_log))
        ),
    ];
    run(
        &engines,
        &["--games", "2", "--tc", "3+0.25", "--max-plies", "6"],
    );
    let uci = std::fs::read_to_string(&uci_log).unwrap();
    let xb = std::fs::read_to_string(&xb_log).unwrap();
    assert!(uci.contains("setoption name Hash value 16\n"), "{uci}");
    assert!(
        uci.contains("ucinewgame\n") && uci.contains("isready\n"),
        "{uci}"
    );
    // Chess is UCI's default: no UCI_Variant for it.
    assert!(!uci.contains("UCI_Variant"), "{uci}");
    assert!(uci.contains("position startpos moves "), "{uci}");
    assert!(
        uci.contains("go wtime 3000 btime 3000 winc 250 binc 250\n"),
        "{uci}"
    );
    assert!(
        xb.contains("protover 2\n") && xb.contains("option Style=Solid\n"),
        "{xb}"
    );
    assert!(xb.contains("level 0 0:03 0.25\n"), "{xb}");
    assert!(xb.contains("time 300\notim 300\n"), "{xb}");
    assert!(xb.contains("usermove "), "the fake asks for usermove: {xb}");
    assert!(
        !xb.contains("variant "),
        "chess sends no variant command: {xb}"
    );

    // Depth and nodes limits.
    let _ = std::fs::remove_file(&uci_log);
    run(
        &[
            legal("U", "uci", 1, Some(&uci_log)),
            legal("V", "uci", 2, None),
        ],
        &["--games", "1", "--nodes", "500", "--max-plies", "4"],
    );
    assert!(std::fs::read_to_string(&uci_log)
        .unwrap()
        .contains("go nodes 500\n"));
    // A per-engine node limit replaces the match's for that engine only.
    let _ = std::fs::remove_file(&uci_log);
    let other_log = dir.join("uci-other.log");
    let _ = std::fs::remove_file(&other_log);
    run(
        &[
            format!("{} nodes=700", legal("U", "uci", 1, Some(&uci_log))),
            legal("V", "uci", 2, Some(&other_log)),
        ],
        &["--games", "1", "--nodes", "500", "--max-plies", "4"],
    );
    let own = std::fs::read_to_string(&uci_log).unwrap();
    let other = std::fs::read_to_string(&other_log).unwrap();
    assert!(
        own.contains("go nodes 700\n") && !own.contains("go nodes 500"),
        "{own}"
    );
    assert!(other.contains("go nodes 500\n"), "{other}");
    let _ = std::fs::remove_file(&xb_log);
    run(
        &[
            legal("X", "xboard", 1, Some(&xb_log)),
            legal("V", "uci", 2, None),
        ],
        &[
            "--games",
            "1",
            "--depth",
            "3",
            "--max-plies",
            "4",
            "--move-timeout",
            "10",
        ],
    );
    let xb = std::fs::read_to_string(&xb_log).unwrap();
    assert!(xb.contains("sd 3\n") && xb.contains("st 5\n"), "{xb}");
}

#[test]
fn sprt_stops_a_decided_match() {
    let engines = vec![
        legal("Strong", "uci", 1, None),
        format!("cmd={FAKE} --mode crash --after 2 name=Weak"),
    ];
    let summary = run(
        &engines,
        &[
            "--games",
            "200",
            "--tc",
            "2+0.05",
            "--sprt",
            "elo0=0",
            "elo1=50",
            "alpha=0.05",
            "beta=0.05",
        ],
    );
    assert!(summary.stopped_early);
    let status = summary.sprt.expect("SPRT status");
    assert_eq!(
        status.decision,
        Some(kaleido_referee::stats::SprtDecision::H1)
    );
    assert!(summary.games.len() < 20, "{}", summary.games.len());
    assert!(summary.games.iter().all(|g| g.termination == "crash"));
}

#[test]
fn bad_arguments_are_refused() {
    let two = vec![legal("A", "uci", 1, None), legal("B", "uci", 2, None)];
    let refused =
        |engines: &[String], extra: &[&str]| run_match(&parse(engines, extra)).unwrap_err();
    assert!(refused(&two, &["--games", "2"]).contains("--tc"));
    assert!(refused(&two, &["--tc", "fast"]).contains("--tc"));
    assert!(refused(&two[..1], &["--tc", "1"]).contains("two"));
    assert!(refused(&two, &["--tc", "1", "--option", "NoSuchRule=1"])
        .to_lowercase()
        .contains("nosuchrule"));
    assert!(refused(&two, &["--tc", "1", "--sprt", "elo0=5", "elo1=0"]).contains("elo0"));
    assert!(refused(
        &[two[0].clone(), "cmd=/no/such/engine".into()],
        &["--tc", "1"]
    )
    .contains("/no/such/engine"));
    // An XBoard engine taken for a UCI one fails the handshake before any game (10 s for uciok).
    let wrong_protocol = format!("cmd={FAKE} --proto xboard name=Confused");
    let error = refused(&[two[0].clone(), wrong_protocol], &["--tc", "1"]);
    assert!(
        error.contains("Confused") && error.contains("handshake") && error.contains("proto=xboard"),
        "{error}"
    );
    let xboard = vec![legal("A", "uci", 1, None), legal("X", "xboard", 2, None)];
    assert!(refused(&xboard, &["--nodes", "100"]).contains("node"));
    let per_engine = vec![format!("{} nodes=100", two[0]), two[1].clone()];
    assert!(refused(&per_engine, &["--tc", "1"]).contains("--nodes"));
    let mut args = parse(&two, &["--tc", "1"]);
    args.variant = "no-such-game".into();
    assert!(run_match(&args).unwrap_err().contains("unknown variant"));
}

#[test]
fn a_hang_under_a_depth_limit_is_caught_by_the_move_timeout() {
    let engines = vec![
        legal("Good", "uci", 1, None),
        format!("cmd={FAKE} --mode hang --after 2 name=Hanger"),
    ];
    let started = std::time::Instant::now();
    let summary = run(
        &engines,
        &["--games", "2", "--depth", "2", "--move-timeout", "0.5"],
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    for game in &summary.games {
        assert_eq!(game.termination, "time forfeit", "{}", game.comment);
        let hanger = if game.white_name == "Hanger" {
            kaleido_referee::Side::White
        } else {
            kaleido_referee::Side::Black
        };
        assert_eq!(game.winner, Some(hanger.other()));
    }
}
