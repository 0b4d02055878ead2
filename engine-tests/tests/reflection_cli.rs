//! Reflection teammate through the real binary: rules examples via `moves` and `play`, the three
//! rule options, bad input. (Perft figures: engine-tests/data/perft/reflection-*.txt.)

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
