//! Evaluation tuning for Kaleido. The tuning work itself is a later issue; this crate already
//! builds against the engine library so that the workspace shape is fixed.

fn main() {
    let names: Vec<&str> = kaleido::variants::names().collect();
    eprintln!(
        "tuning: not implemented yet; variants available: {}",
        names.join(", ")
    );
    std::process::exit(2);
}
