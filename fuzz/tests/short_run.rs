//! A short fixed-seed run of every fuzz target, part of the test suite (a few seconds in all;
//! the long runs are in README.md).

use kaleido_fuzz::{run, Target};
use std::sync::Mutex;

/// One run at a time: a panic anywhere in the process counts as the running target's finding.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn short_run(target: Target, inputs: u64) {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let summary = run(target, inputs, 0x5eed, 1, None, false).expect("the fuzz run starts");
    if let Some((index, failure)) = &summary.failure {
        panic!(
            "{} input {index}: {}\n{}",
            target.name(),
            failure.what,
            failure.input.join("\n")
        );
    }
    assert_eq!(summary.inputs, inputs, "{}", target.name());
}

#[test]
fn fen_reading() {
    short_run(Target::Fen, 2_000);
}

#[test]
fn move_parsing() {
    short_run(Target::Moves, 5_000);
}

#[test]
fn uci_sessions() {
    short_run(Target::Uci, 1_000);
}

#[test]
fn xboard_sessions() {
    short_run(Target::Xboard, 1_000);
}
