//! Writes kaleido(6), the man page the Debian package installs, from the command line's own
//! definition (`kaleido::cli::Cli`), so the page and `kaleido --help` cannot disagree:
//! `cargo run --release --example manpage > kaleido.6` (scripts/release.sh does this).

use clap::CommandFactory;
use std::io::Write;

fn main() -> std::io::Result<()> {
    let mut command = kaleido::cli::Cli::command();
    command.build();
    let mut out = std::io::stdout().lock();
    clap_mangen::Man::new(command.clone())
        .section("6")
        .render(&mut out)?;
    // clap_mangen lists the subcommands by their one-line summary; their options follow here,
    // each exactly as `kaleido SUBCOMMAND --help` prints it.
    writeln!(out, ".SH \"COMMANDS IN DETAIL\"")?;
    for sub in command.get_subcommands_mut().filter(|s| !s.is_hide_set()) {
        if sub.get_name() == "help" {
            continue;
        }
        writeln!(out, ".SS \"kaleido {}\"\n.nf", sub.get_name())?;
        for line in sub.render_long_help().to_string().lines() {
            writeln!(out, "{}", roff_line(line))?;
        }
        writeln!(out, ".fi")?;
    }
    Ok(())
}

/// A line of text as roff shows it verbatim: backslashes escaped, no control character first.
fn roff_line(line: &str) -> String {
    let escaped = line.replace('\\', "\\e");
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}
