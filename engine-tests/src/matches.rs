//! Helpers of the `kaleido match` tests: arguments parsed exactly as the binary parses them, and
//! scratch files.

use clap::Parser;
use kaleido_referee::MatchArgs;
use std::path::PathBuf;

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: MatchArgs,
}

/// `kaleido match --variant VARIANT --engine E ... EXTRA...` as the command line reads it.
pub fn match_args(variant: &str, engines: &[String], extra: &[&str]) -> MatchArgs {
    let mut argv: Vec<String> = vec!["match".into(), "--variant".into(), variant.into()];
    for engine in engines {
        argv.push("--engine".into());
        argv.push(engine.clone());
    }
    argv.extend(extra.iter().map(|s| s.to_string()));
    Cli::try_parse_from(&argv).expect("arguments parse").args
}

/// A fresh path `name` in a directory of this test process (`group` tells test files apart).
pub fn scratch(group: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kaleido-{group}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}
