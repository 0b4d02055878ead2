//! Reflection teammate through the real binary: perft(1) of the nine start positions (the table of
//! docs/reflection.md §1.10), rules examples via `moves` and `play`, the three rule options, bad
//! input.

use engine_tests::binary::{run, stdout_lines};

fn ok(args: &[&str]) -> Vec<String> {
    let output = run(args);
    assert!(
        output.status.success(),
        "kaleido {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout_lines(&output)
}

fn nodes(args: &[&str]) -> u64 {
    let lines = ok(args);
    lines
        .last()
        .and_then(|l| l.strip_prefix("nodes "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no `nodes N` line from {args:?}: {lines:?}"))
}

/// Perft 1 of every start position: the table in docs/reflection.md §1.10.
#[test]
fn perft_one_matches_the_rules_table() {
    let table = [
        ("reflection-14", 20),
        ("reflection-14-rev", 20),
        ("reflection-12", 20),
        ("reflection-12-rev", 20),
        ("reflection-mini", 9),
        ("reflection-mini-rev", 9),
        ("reflection-8", 10),
        ("reflection-8-rev", 10),
        ("reflection-twoboard", 20),
    ];
    for (variant, expected) in table {
        assert_eq!(
            nodes(&["perft", "--variant", variant, "--depth", "1"]),
            expected,
            "{variant}"
        );
        assert_eq!(
            ok(&["moves", "--variant", variant]).len() as u64,
            expected,
            "{variant}"
        );
    }
}

/// Deeper counts of the start positions, default options and all options on.
/// Regression guard, from Kaleido's own output (no published figures exist for this game).
#[test]
fn perft_regression_guards() {
    let guards = [
        ("reflection-14", 4, 208_713),
        ("reflection-14-rev", 4, 217_276),
        ("reflection-12", 4, 195_657),
        ("reflection-12-rev", 4, 189_798),
        ("reflection-mini", 4, 7_354),
        ("reflection-mini-rev", 4, 6_304),
        ("reflection-8", 5, 156_173),
        ("reflection-8-rev", 4, 12_734),
        ("reflection-twoboard", 4, 195_407),
    ];
    for (variant, depth, expected) in guards {
        let d = depth.to_string();
        assert_eq!(
            nodes(&["perft", "--variant", variant, "--depth", &d]),
            expected,
            "{variant} perft({depth})"
        );
    }
}

/// Rules example R1 through `moves`: the exact turn set.
#[test]
fn moves_lists_the_r1_turns() {
    let mut got = ok(&[
        "moves",
        "--variant",
        "reflection-mini",
        "--fen",
        "**2K1**/**1R2**/8/k6k/8/8/**1R2**/**2K1** w - - 0 1",
    ]);
    got.sort();
    let mut want = vec![
        "d2c2,d7c7",
        "d2e2,d7e7",
        "d2f2,d7f7",
        "d2d1,d7d8",
        "d2d3,d7d6",
        "d2d4,d7d5",
        "e1d1,e8d8",
        "e1e2,e8e7",
        "e1f1,e8f8",
        "e1f2,e8f7",
    ];
    want.sort();
    assert_eq!(got, want);
}

/// Rules example R3 through `play`: the swap, and either component order.
#[test]
fn play_swaps_facing_partner_pawns() {
    for turn in ["d3d4,d6d5", "d6d5,d3d4"] {
        let lines = ok(&[
            "play",
            "--variant",
            "reflection-mini",
            "--fen",
            "**2K1**/**4**/3S4/k6k/8/3P4/**4**/**2K1** w - - 0 1",
            turn,
        ]);
        assert_eq!(
            lines.last().map(String::as_str),
            Some("**2K1**/**4**/8/k2P3k/3S4/8/**4**/**2K1** b - - 0 1")
        );
    }
}

#[test]
fn options_change_the_rules() {
    let twin = "**2K1**/**4**/2R5/k6k/2r2r2/2R5/**4**/**2K1** w - - 0 1";
    let plain = ok(&[
        "play",
        "--variant",
        "reflection-mini",
        "--fen",
        twin,
        "c3c4,c6c5",
    ]);
    let with = ok(&[
        "play",
        "--variant",
        "reflection-mini",
        "--option",
        "CaptureTwin=true",
        "--fen",
        twin,
        "c3c4,c6c5",
    ]);
    assert_eq!(
        plain.last().map(String::as_str),
        Some("**2K1**/**4**/8/k1R4k/2R2r2/8/**4**/**2K1** b - - 0 1")
    );
    assert_eq!(
        with.last().map(String::as_str),
        Some("**2K1**/**4**/8/k1R4k/2R5/8/**4**/**2K1** b - - 0 1")
    );
    let promo = "**3K**/**1P2**/8/8/k6k/8/**1S2**/**3K** w - - 0 1";
    let count = |extra: &[&str]| {
        let mut args = vec!["moves", "--variant", "reflection-mini", "--fen", promo];
        args.extend_from_slice(extra);
        ok(&args).iter().filter(|m| m.starts_with("d2d1")).count()
    };
    assert_eq!(count(&[]), 3);
    assert_eq!(count(&["--option", "QueenPromotion=true"]), 4);
    // Capture-kings: kings are not royal, so the king pair may step onto the d-file the unpaired
    // black rook on d4 controls; in checkmate mode it may not.
    let kings = "**2K1**/**4**/8/k6k/3r4/8/**4**/**2K1** w - - 0 1";
    let mate_mode = ok(&["moves", "--variant", "reflection-mini", "--fen", kings]);
    let capture_mode = ok(&[
        "moves",
        "--variant",
        "reflection-mini",
        "--option",
        "WinCondition=capture-kings",
        "--fen",
        kings,
    ]);
    assert!(
        !mate_mode.contains(&"e1d1,e8d8".to_string()),
        "{mate_mode:?}"
    );
    assert!(
        !mate_mode.contains(&"e1d2,e8d7".to_string()),
        "{mate_mode:?}"
    );
    assert!(
        capture_mode.contains(&"e1d1,e8d8".to_string()),
        "{capture_mode:?}"
    );
    assert!(
        capture_mode.contains(&"e1d2,e8d7".to_string()),
        "{capture_mode:?}"
    );
}

#[test]
fn bad_moves_and_fens_fail_cleanly() {
    for args in [
        vec!["play", "--variant", "reflection-8", "d2d4"],
        vec!["play", "--variant", "reflection-8", "d2d4,d7d4"],
        vec!["play", "--variant", "reflection-8", "z9z9"],
        vec![
            "moves",
            "--variant",
            "reflection-14",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        vec![
            "moves",
            "--variant",
            "reflection-8",
            "--option",
            "WinCondition=sometimes",
        ],
    ] {
        let output = run(&args);
        assert!(!output.status.success(), "{args:?} should fail");
        assert!(!output.stderr.is_empty(), "{args:?} says why");
    }
}
