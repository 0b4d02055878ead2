//! `kaleido moves`, `perft` and `play` for Symmetron! 112, against the real binary.

use engine_tests::binary::{run, stdout_lines};

const V: &str = "symmetron-112";

#[test]
fn moves_lists_the_116_start_moves() {
    let output = run(&["moves", "--variant", V]);
    assert!(output.status.success());
    let lines = stdout_lines(&output);
    // docs/symmetron.md §9 T0: 116, counted by hand.
    assert_eq!(lines.len(), 116);
    for mv in ["@a4", "@k7", "b1~", "b1e1~", "i3=B", "a1k6", "j2i1", "d3b5"] {
        assert!(lines.iter().any(|l| l == mv), "{mv} missing");
    }
}

#[test]
fn moves_of_a_worked_example() {
    // §9 T9b: the Reducer e5 has 8 moves, the explosion among them.
    let output = run(&[
        "moves",
        "--variant",
        V,
        "--fen",
        "5k5/11/11/11/4r6/3hR6/11/11/11/5K5 -- w",
    ]);
    assert!(output.status.success());
    let lines = stdout_lines(&output);
    let reducer: Vec<&String> = lines.iter().filter(|l| l.starts_with("e5")).collect();
    assert_eq!(reducer.len(), 8, "{lines:?}");
    assert!(lines.iter().any(|l| l == "e5*e6"));
}

#[test]
fn play_prints_the_fen_and_refuses_bad_moves() {
    let output = run(&[
        "play",
        "--variant",
        V,
        "--fen",
        "5k5/11/11/5d5/4U6/7D3/11/11/11/5K5 -- w",
        "h5f7",
    ]);
    assert!(output.status.success());
    // §9 T8a: the Dragon-Bishop taken next to the Resurrector goes to White's LS.
    assert_eq!(
        stdout_lines(&output).pop().unwrap_or_default(),
        "5k5/11/11/5D5/4U6/11/11/11/11/5K5 D- b 0 1"
    );
    let bad = run(&["play", "--variant", V, "b1b1"]);
    assert!(!bad.status.success());
    let bad_fen = run(&["play", "--variant", V, "--fen", "11/11 -- w", "b1~"]);
    assert!(!bad_fen.status.success());
}
