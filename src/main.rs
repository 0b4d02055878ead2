//! The `kaleido` binary: the protocol loop (no subcommand) or a command-line tool.

fn main() {
    println!("kaleido: under construction");
}
