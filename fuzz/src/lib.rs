//! Kaleido's fuzz harness, on stable Rust: seeded generators and mutations instead of a
//! coverage-guided engine (cargo-fuzz needs nightly). Four targets, each checking more than "no
//! panic" (see README.md): FEN reading and move parsing through the `Session` of every variant
//! in every dialect, and whole UCI and XBoard sessions driving the real protocol loop in-process.
//!
//! A run is reproducible from its seed: job `j` of `jobs` runs inputs `j, j + jobs, ...` from a
//! generator seeded by (`seed`, `j`). Searches run on threads, so a session's timing (and with
//! it which searches finish before the next command) varies; every check holds either way.

mod conversation;
pub mod corpus;
pub mod fen;
pub mod moves;
pub mod mutate;
pub mod panics;
mod runner;
mod session_words;
pub mod uci;
pub mod xboard;

pub use runner::{run, Summary};

use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// `Session::set_fen` of every variant in every dialect.
    Fen,
    /// `Session::play` (and `turn_steps`) of every variant in every dialect.
    Moves,
    /// Whole UCI sessions through the protocol loop.
    Uci,
    /// Whole XBoard sessions through the protocol loop.
    Xboard,
}

impl Target {
    pub const ALL: [Target; 4] = [Target::Fen, Target::Moves, Target::Uci, Target::Xboard];

    pub fn name(self) -> &'static str {
        match self {
            Target::Fen => "fen",
            Target::Moves => "moves",
            Target::Uci => "uci",
            Target::Xboard => "xboard",
        }
    }
}

/// A check that failed: what, and the input (for a session, the lines that led there).
#[derive(Clone, Debug)]
pub struct Failure {
    pub what: String,
    pub input: Vec<String>,
}

impl Failure {
    pub fn new(what: impl Into<String>, input: &[String]) -> Failure {
        Failure {
            what: what.into(),
            input: input.to_vec(),
        }
    }
}

/// What each target counts besides inputs (lines sent, searches...), summed over jobs.
pub type Counters = BTreeMap<&'static str, u64>;

/// One more `what`.
pub fn count(counters: &mut Counters, what: &'static str) {
    *counters.entry(what).or_insert(0) += 1;
}

/// One job of one target: inputs one after another.
pub trait Fuzzer {
    /// Runs input number `index` (for messages only: the generator carries the state).
    fn input(&mut self, index: u64) -> Result<(), Failure>;
    /// After the last input (a session target closes its engine and checks that it ends).
    fn finish(&mut self) -> Result<(), Failure> {
        Ok(())
    }
    fn counters(&self) -> Counters {
        Counters::new()
    }
}

/// The fuzzer of `target` for one job.
pub fn fuzzer(target: Target, seed: u64) -> Result<Box<dyn Fuzzer>, String> {
    Ok(match target {
        Target::Fen => Box::new(fen::FenFuzzer::new(seed)?),
        Target::Moves => Box::new(moves::MoveFuzzer::new(seed)?),
        Target::Uci => Box::new(uci::UciFuzzer::new(seed)),
        Target::Xboard => Box::new(xboard::XBoardFuzzer::new(seed)),
    })
}
