//! The command-line contract other tools rely on, checked against the real binary.

use engine_tests::binary::{run, stdout_lines};
use kaleido::variants;
use std::process::Output;

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs and expects success; returns stdout lines.
fn ok(args: &[&str]) -> Vec<String> {
    let output = run(args);
    assert!(
        output.status.success(),
        "kaleido {args:?} failed: {}",
        stderr(&output)
    );
    stdout_lines(&output)
}

/// Runs and expects failure with a message on stderr containing `needle` (any case).
fn fails(args: &[&str], needle: &str) {
    let output = run(args);
    assert!(!output.status.success(), "kaleido {args:?} should fail");
    let message = stderr(&output);
    assert!(
        message.to_lowercase().contains(&needle.to_lowercase()),
        "kaleido {args:?}: '{needle}' not in: {message}"
    );
}

/// A file in the temp directory, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("kaleido-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("temp file written");
        TempFile(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 temp path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn variants_lists_the_registry() {
    let expected: Vec<String> = variants::names().map(str::to_string).collect();
    assert_eq!(ok(&["variants"]), expected);
}

#[test]
fn moves_lists_every_legal_move() {
    let moves = ok(&["moves", "--variant", "chess"]);
    assert_eq!(moves.len(), 20, "{moves:?}");
    assert!(moves.contains(&"e2e4".to_string()) && moves.contains(&"g1f3".to_string()));
    assert_eq!(
        ok(&["moves", "--variant", "chess", "--fen", "startpos"]),
        moves
    );
    // Kiwipete: 48 legal moves (published perft(1)).
    assert_eq!(
        ok(&["moves", "--variant", "chess", "--fen", KIWIPETE]).len(),
        48
    );
    fails(&["moves", "--variant", "chess", "--fen", "8/8/8 w"], "FEN");
    fails(&["moves", "--variant", "tic-tac-toe"], "unknown variant");
}

#[test]
fn perft_ends_with_the_node_count() {
    // Published figures (chessprogramming.org, Perft Results).
    assert_eq!(
        ok(&["perft", "--variant", "chess", "--depth", "3"])
            .last()
            .map(String::as_str),
        Some("nodes 8902")
    );
    let divide = ok(&[
        "perft",
        "--variant",
        "chess",
        "--fen",
        KIWIPETE,
        "--depth",
        "2",
        "--divide",
    ]);
    assert_eq!(divide.last().map(String::as_str), Some("nodes 2039"));
    let counts: Vec<u64> = divide[..divide.len() - 1]
        .iter()
        .map(|l| {
            let (_, n) = l.split_once(": ").expect("MOVE: COUNT");
            n.parse().expect("a count")
        })
        .collect();
    assert_eq!(counts.len(), 48);
    assert_eq!(counts.iter().sum::<u64>(), 2039);
    assert_eq!(
        ok(&["perft", "--variant", "chess", "--depth", "0"]),
        vec!["nodes 1"]
    );
    // Timing goes to stderr, never into stdout.
    let output = run(&["perft", "--variant", "chess", "--depth", "2"]);
    assert!(stderr(&output).contains("nps"));
    assert_eq!(stdout_lines(&output), vec!["nodes 400"]);
}

/// A depth no perft could reach is refused with a message instead of overflowing the stack.
#[test]
fn perft_refuses_depths_beyond_the_deepest() {
    for depth in ["100000", "129", "30000000000"] {
        let output = run(&["perft", "--variant", "chess", "--depth", depth]);
        assert!(!output.status.success(), "--depth {depth} should fail");
        assert!(stdout_lines(&output).is_empty(), "--depth {depth}");
        let message = stderr(&output);
        assert!(
            message.contains(&format!("perft depth {depth} refused")) && message.contains("128"),
            "--depth {depth}: {message}"
        );
    }
    fails(
        &[
            "perft",
            "--variant",
            "chess",
            "--depth",
            "99999999999999999999999",
        ],
        "--depth",
    );
}

#[test]
fn play_prints_the_fen_and_rejects_bad_moves() {
    assert_eq!(
        ok(&["play", "--variant", "chess", "e2e4", "c7c5", "g1f3"]),
        vec!["rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"]
    );
    assert_eq!(
        ok(&["play", "--variant", "chess"]),
        vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    );
    let output = run(&["play", "--variant", "chess", "e2e4", "e2e4"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("move 2 'e2e4'"),
        "{}",
        stderr(&output)
    );
    fails(&["play", "--variant", "chess", "e2e9"], "e2e9");
    // Fool's mate, then one move too many.
    fails(
        &[
            "play",
            "--variant",
            "chess",
            "f2f3",
            "e7e5",
            "g2g4",
            "d8h4",
            "a2a3",
        ],
        "a2a3",
    );
}

#[test]
fn analyse_prints_diagram_info_and_bestmove() {
    let lines = ok(&["analyse", "--variant", "chess", "--depth", "2"]);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    let best = lines.last().expect("output");
    let mv = best.strip_prefix("bestmove ").expect("last line bestmove");
    let legal = ok(&["moves", "--variant", "chess"]);
    assert!(legal.contains(&mv.split_whitespace().next().unwrap_or("").to_string()));
    // Checkmated: no move, and the result.
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let lines = ok(&[
        "analyse",
        "--variant",
        "chess",
        "--fen",
        mated,
        "--depth",
        "3",
    ]);
    assert_eq!(
        lines[lines.len() - 2..].to_vec(),
        vec!["bestmove (none)", "0-1 {Black mates}"]
    );
    // --threads and --hash win over --option Threads=/Hash=.
    let lines = ok(&[
        "analyse",
        "--variant",
        "chess",
        "--nodes",
        "1000",
        "--option",
        "Threads=3",
        "--option",
        "hash=8",
        "--threads",
        "2",
    ]);
    assert!(
        lines.contains(&"info string threads 2 hash 8".to_string()),
        "{lines:?}"
    );
}

#[test]
fn options_are_checked() {
    fails(
        &["moves", "--variant", "chess", "--option", "Frobnication=1"],
        "Frobnication",
    );
    fails(
        &["moves", "--variant", "chess", "--option", "Threads"],
        "NAME=VALUE",
    );
    fails(
        &["moves", "--variant", "chess", "--option", "Hash=lots"],
        "Hash",
    );
    ok(&[
        "moves",
        "--variant",
        "chess",
        "--option",
        "threads=2",
        "--option",
        "MULTIPV=2",
    ]);
    // Every rule option of every variant is accepted by name, case-insensitively, with its
    // default value; a wrong value is refused.
    for info in variants::VARIANTS {
        for spec in info.options {
            let good = format!(
                "{}={}",
                spec.name.to_ascii_lowercase(),
                spec.default_value()
            );
            ok(&["moves", "--variant", info.name, "--option", &good]);
            let bad = format!("{}=surely-not-a-value", spec.name);
            fails(
                &["moves", "--variant", info.name, "--option", &bad],
                spec.name,
            );
        }
    }
}

#[test]
fn replay_reads_a_record() {
    let game = TempFile::new(
        "fools.pgn",
        "[Event \"Fool's mate\"]\n[Result \"0-1\"]\n\n1. f3 {weak} e5 2. g4?? Qh4# 0-1\n",
    );
    let lines = ok(&["replay", "--variant", "chess", game.path()]);
    assert_eq!(
        lines,
        vec![
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "0-1 {Black mates}"
        ]
    );
    let bad = TempFile::new("bad.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bb5 Bb4 4. Ke3 *\n");
    let output = run(&["replay", "--variant", "chess", bad.path()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("4. Ke3"), "{}", stderr(&output));
    let unfinished = TempFile::new("open.pgn", "1.e4 c5 *");
    assert_eq!(
        ok(&["replay", "--variant", "chess", unfinished.path()])
            .last()
            .map(String::as_str),
        Some("*")
    );
    fails(
        &["replay", "--variant", "chess", "/nonexistent/game.pgn"],
        "cannot read",
    );
}

#[test]
fn bench_node_count_is_reproducible() {
    let first = ok(&["bench", "--depth", "2"]);
    let second = ok(&["bench", "--depth", "2"]);
    let last = first.last().expect("bench output");
    let words: Vec<&str> = last.split_whitespace().collect();
    assert!(
        words.len() == 4 && words[1] == "nodes" && words[3] == "nps",
        "last line '{last}'"
    );
    assert!(words[0].parse::<u64>().is_ok_and(|n| n > 0), "{last}");
    let count = |lines: &[String]| {
        lines
            .last()
            .and_then(|l| l.split_whitespace().next())
            .map(str::to_string)
    };
    assert_eq!(
        count(&first),
        count(&second),
        "node count differs between runs"
    );
    // Every bench position of every variant is searched.
    let positions: usize = variants::VARIANTS.iter().map(|v| v.bench.len()).sum();
    assert_eq!(first.len(), positions + 1);
}

#[test]
fn match_is_wired() {
    let output = run(&["match", "--help"]);
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("--variant"));
    fails(&["no-such-command"], "no-such-command");
}

/// `kaleido person` is what a scripted person in XBoard follows: one action a line, in XBoard's
/// square names (ranks from 0 on the 10-rank xiangqi board).
#[test]
fn person_prints_how_to_enter_a_turn_in_xboard() {
    assert_eq!(
        ok(&["person", "--variant", "chess", "e2e4"]),
        ["drag e2 e4"]
    );
    assert_eq!(
        ok(&["person", "--variant", "xiangqi", "b1c3"]),
        ["drag b0 c2"]
    );
    assert_eq!(
        ok(&["person", "--variant", "reflection-mini", "c1d3,c8d6"]),
        ["drag c1 d3", "wait", "drag c8 d6"]
    );
    fails(&["person", "--variant", "chess", "e2e5"], "e2e5");
    fails(
        &["person", "--variant", "chess", "--fen", "8/8 w", "e2e4"],
        "fen",
    );
}

/// `kaleido --version` names the version in the root Cargo.toml and the commit built. The hash is
/// compared with git's own answer inside a git checkout (the test builds the binary from HEAD);
/// elsewhere, or when `KALEIDO_COMMIT` overrides it, only its presence is checked.
#[test]
fn version_names_the_cargo_version_and_the_commit() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("root Cargo.toml");
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("a version line in [package]");
    let lines = ok(&["--version"]);
    let line = lines.first().expect("one line");
    let commit = line
        .strip_prefix(&format!("kaleido {version} (commit "))
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("unexpected --version line: {line}"));
    assert!(!commit.is_empty(), "{line}");
    let git = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "--short=12", "HEAD"])
        .output();
    if let (Ok(git), Err(_)) = (git, std::env::var("KALEIDO_COMMIT")) {
        if git.status.success() {
            assert_eq!(
                commit,
                String::from_utf8_lossy(&git.stdout).trim(),
                "{line}"
            );
        }
    }
}
