//! The referee's CECP client against the ways real XBoard engines differ, each played by the fake
//! engine: SAN and GNU Chess's `N. ... move`, features that come late or after `done=0`, protocol
//! version 1, GNU Chess's stall before `protover`, doubled pongs, `Illegal move` answers to
//! commands, and engines refused before the first game with a line that says why.

use engine_tests::matches::match_args;
use kaleido::cli::match_rules::run_match;
use kaleido_referee::{MatchArgs, MatchSummary};

const FAKE: &str = env!("CARGO_BIN_EXE_fake_engine");

fn scratch(name: &str) -> std::path::PathBuf {
    engine_tests::matches::scratch("match-cecp", name)
}

fn args(variant: &str, engines: &[String], extra: &[&str]) -> MatchArgs {
    let mut all = vec!["--quiet"];
    all.extend_from_slice(extra);
    match_args(variant, engines, &all)
}

/// A fake XBoard engine with `options` (see fake_engine.rs), logging what it receives to `log`.
fn xboard(name: &str, seed: u32, options: &str, log: Option<&std::path::Path>) -> String {
    let log = log
        .map(|p| format!(" --log {}", p.display()))
        .unwrap_or_default();
    format!("cmd={FAKE} --proto xboard --seed {seed}{log} {options} name={name} proto=xboard")
}

fn uci(name: &str, seed: u32) -> String {
    format!("cmd={FAKE} --proto uci --seed {seed} name={name}")
}

/// Two games to the ply limit (or a rules ending): no engine lost by the protocol.
fn plays_clean(engines: &[String], extra: &[&str]) -> MatchSummary {
    let mut all = vec!["--games", "2", "--tc", "3+0.1", "--max-plies", "16"];
    all.extend_from_slice(extra);
    let summary = run_match(&args("chess", engines, &all)).expect("the match runs");
    assert_eq!(summary.games.len(), 2);
    for game in &summary.games {
        assert!(
            !["illegal move", "protocol error", "time forfeit", "crash"]
                .contains(&game.termination.as_str()),
            "{}: {}",
            game.termination,
            game.comment
        );
        assert!(game.moves.len() >= 10, "{game:?}");
    }
    summary
}

fn log_lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The index of the first log line satisfying `pred`.
fn first(lines: &[String], pred: impl Fn(&str) -> bool) -> Option<usize> {
    lines.iter().position(|l| pred(l))
}

#[test]
fn san_and_numbered_moves_are_read_like_coordinates() {
    // Phalanx sends SAN (`move O-O`) whatever san= says; GNU Chess `1. ... g1f3`.
    let summary = plays_clean(
        &[
            xboard("Sanny", 1, "--move-format san", None),
            xboard("Numbered", 2, "--move-format numbered", None),
        ],
        &[],
    );
    // The record holds every move in all three notations, whatever the engine sent.
    let first = &summary.games[0].moves[0].ply;
    assert!(first.uci.len() >= 4 && first.xboard.len() >= 4, "{first:?}");
}

#[test]
fn an_engine_with_san_1_is_sent_san() {
    let log = scratch("san.log");
    plays_clean(
        &[
            xboard(
                "SanEngine",
                1,
                "--features ping=1+san=1 --move-format san",
                Some(&log),
            ),
            uci("Partner", 2),
        ],
        &[],
    );
    let lines = log_lines(&log);
    // usermove=0: bare moves; SAN pawn moves are two characters (`e4`), coordinates four.
    let san = |l: &str| {
        let b = l.as_bytes();
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
            || l.starts_with(['N', 'B', 'R', 'Q', 'K'])
    };
    assert!(lines.iter().any(|l| san(l)), "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("usermove")),
        "{lines:?}"
    );
}

#[test]
fn features_that_come_after_the_timeout_still_count() {
    let log = scratch("late.log");
    // The feature list is one argument of the fake: `+` stands for a space.
    let late = xboard(
        "Late",
        1,
        "--features ping=1+usermove=1 --feature-delay 1500",
        Some(&log),
    );
    plays_clean(&[late, uci("Partner", 2)], &["--feature-timeout", "0.5"]);
    let lines = log_lines(&log);
    let accepted = first(&lines, |l| l == "accepted usermove").expect("usermove accepted");
    let new = first(&lines, |l| l == "new").expect("a game");
    // The referee did not wait (the features came after its timeout)...
    assert!(new < accepted, "{lines:?}");
    // ...but used them once they came: moves go as `usermove X` from then on.
    assert!(
        lines[accepted..].iter().any(|l| l.starts_with("usermove ")),
        "{lines:?}"
    );
}

#[test]
fn done_0_extends_the_wait_until_done_1() {
    let log = scratch("done0.log");
    plays_clean(
        &[
            xboard("Slow", 1, "--done0 --feature-delay 1500", Some(&log)),
            uci("Partner", 2),
        ],
        &["--feature-timeout", "0.5"],
    );
    let lines = log_lines(&log);
    let accepted = first(&lines, |l| l == "accepted done").expect("done answered");
    let new = first(&lines, |l| l == "new").expect("a game");
    assert!(accepted < new, "the referee waited for done=1: {lines:?}");
}

#[test]
fn a_protocol_1_engine_plays_on_the_defaults() {
    for (label, features) in [("error", "--features error"), ("silent", "--features none")] {
        let log = scratch(&format!("v1-{label}.log"));
        plays_clean(
            &[
                xboard("Old", 1, features, Some(&log)),
                xboard("New", 2, "", None),
            ],
            &["--feature-timeout", "0.5"],
        );
        let lines = log_lines(&log);
        // Protocol 1: no ping, no usermove, and the colour commands before `go` (colors=1).
        assert!(!lines.iter().any(|l| l.starts_with("ping ")), "{lines:?}");
        assert!(
            !lines.iter().any(|l| l.starts_with("usermove")),
            "{lines:?}"
        );
        assert!(
            lines.iter().any(|l| l == "white" || l == "black"),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l == "computer"), "{lines:?}");
    }
}

#[test]
fn an_engine_that_answers_protover_only_after_more_input_is_nudged() {
    let log = scratch("stall.log");
    // The default 10 s feature timeout: only the nudge gets the features before `new`.
    plays_clean(
        &[
            xboard("Stalling", 1, "--stall", Some(&log)),
            uci("Partner", 2),
        ],
        &[],
    );
    let lines = log_lines(&log);
    let nudge = first(&lines, |l| l.is_empty()).expect("an empty line");
    let accepted = first(&lines, |l| l == "accepted ping").expect("features");
    let new = first(&lines, |l| l == "new").expect("a game");
    assert!(nudge < accepted && accepted < new, "{lines:?}");
}

#[test]
fn doubled_and_stray_pongs_and_illegal_move_answers_to_commands_are_tolerated() {
    plays_clean(
        &[
            xboard("Pongs", 1, "--double-pong", None),
            xboard("Phalanxish", 2, "--unknown-as-illegal", None),
        ],
        &[],
    );
}

#[test]
fn rejecting_the_referees_legal_move_is_the_engines_bug() {
    let summary = run_match(&args(
        "chess",
        &[
            xboard("Rejecter", 1, "--mode reject --after 2", None),
            uci("Partner", 2),
        ],
        &["--games", "2", "--tc", "3+0.1", "--max-plies", "40"],
    ))
    .expect("the match runs");
    for game in &summary.games {
        let rejecter_lost = match game.winner {
            Some(side) => {
                let loser = if side == kaleido_referee::Side::White {
                    &game.black_name
                } else {
                    &game.white_name
                };
                loser == "Rejecter"
            }
            None => false,
        };
        assert!(rejecter_lost, "{game:?}");
        assert_eq!(game.termination, "protocol error");
        assert!(
            game.comment.contains("answered the referee's legal move")
                && game.comment.contains("Illegal move:"),
            "{}",
            game.comment
        );
    }
}

#[test]
fn engines_that_cannot_play_are_refused_before_the_first_game() {
    let refused = |variant: &str, engine: String| {
        run_match(&args(
            variant,
            &[engine, uci("Partner", 2)],
            &["--games", "2", "--tc", "1"],
        ))
        .unwrap_err()
    };
    let error = refused(
        "xiangqi",
        xboard(
            "ChessOnly",
            1,
            "--features ping=1+variants=\"normal\"",
            None,
        ),
    );
    assert!(
        error.contains("engine ChessOnly (")
            && error.contains("proto=xboard")
            && error.contains("does not play variant xiangqi")
            && error.contains("its feature variants: normal"),
        "{error}"
    );
    let error = refused(
        "xiangqi",
        format!("cmd={FAKE} --proto uci --no-variant-option name=Plain"),
    );
    assert!(
        error.contains("engine Plain (") && error.contains("no UCI_Variant option"),
        "{error}"
    );
    // An engine that prints its moves for people only (`My move is : e2e4`, as GNU Chess does
    // besides its CECP form).
    let error = refused(
        "chess",
        xboard("ForPeople", 1, "--move-format people", None),
    );
    assert!(
        error.contains("engine ForPeople (")
            && error.contains("sent no move")
            && error.contains("My move is")
            && error.contains("flag for XBoard mode"),
        "{error}"
    );
}
