//! The `kaleido` binary: the protocol loop (no subcommand) or a command-line tool (see `cli`).

fn main() -> std::process::ExitCode {
    kaleido::cli::main()
}
