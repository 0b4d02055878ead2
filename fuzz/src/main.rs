//! `kaleido-fuzz TARGET --inputs N --seed S [--jobs J]`: a long fuzz run (see README.md).

use clap::Parser;
use kaleido_fuzz::Target;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "kaleido-fuzz",
    about = "Seeded fuzzing of Kaleido (see fuzz/README.md)"
)]
struct Args {
    target: Target,
    /// How many inputs to run.
    #[arg(long, default_value_t = 100_000)]
    inputs: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads, each with its own generator (and, for the session targets, its own engine).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Stop after this many seconds even if fewer inputs have run (the summary says how many).
    #[arg(long)]
    seconds: Option<u64>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let summary = match kaleido_fuzz::run(
        args.target,
        args.inputs,
        args.seed,
        args.jobs,
        args.seconds.map(std::time::Duration::from_secs),
        true,
    ) {
        Ok(summary) => summary,
        Err(e) => {
            eprintln!("kaleido-fuzz: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{summary}");
    if summary.failure.is_some() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
