//! `kaleido match`: engine-vs-engine tournaments refereed by Kaleido's own rules.
//! PLACEHOLDER: the contract the command line uses; the referee is being written.

/// Arguments of `kaleido match` (see the README).
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    #[arg(long)]
    pub variant: String,
}

/// Runs a match; progress and the results table go to stdout.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    Err(format!("match for {} is not implemented yet", args.variant))
}
