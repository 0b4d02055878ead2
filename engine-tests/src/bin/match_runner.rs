//! `kaleido match` as its own binary, so matches can run before (and independently of) the main
//! command line: `match_runner --variant chess --engine ... --tc 5+0.05`.

use clap::Parser;

#[derive(Parser)]
#[command(
    name = "match_runner",
    about = "Engine-vs-engine matches refereed by Kaleido's rules"
)]
struct Cli {
    #[command(flatten)]
    args: kaleido::tournament::MatchArgs,
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = kaleido::tournament::run(&cli.args) {
        eprintln!("match: {e}");
        std::process::exit(1);
    }
}
