//! What both session targets need to make their lines.

use kaleido::game::Dialect;
use kaleido::protocol::parse_count;
use kaleido::rng::SplitMix64;
use kaleido::session::Session;

/// Settings that allocate for real are kept small: a mutated `Hash 4096` would make every
/// input allocate and clear 4 GB (the engine clamps there on purpose), and 256 threads would
/// only slow the run. A line naming one of them with a number above 64 is not sent.
pub fn tame(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let costly = ["hash", "memory", "threads", "cores"]
        .iter()
        .any(|w| lower.contains(w));
    !costly
        || !lower
            .split(|c: char| !c.is_ascii_digit() && c != '-' && c != '+')
            .any(|t| parse_count(t).is_some_and(|n| n > 64))
}

/// Up to `plies` random legal moves from `session` (fewer when the game ends), in `dialect`.
pub fn walk(
    mut session: Box<dyn Session>,
    plies: usize,
    dialect: Dialect,
    rng: &mut SplitMix64,
) -> Vec<String> {
    let mut moves = Vec::new();
    for _ in 0..plies {
        if session.outcome().is_some() {
            break;
        }
        let legal = session.legal_moves(dialect);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())].clone();
        if session.play(&mv, dialect).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costly_settings_are_kept_small() {
        assert!(tame("setoption name Hash value 32"));
        assert!(!tame("setoption name Hash value 4096"));
        assert!(!tame("memory 99999999999999999999"));
        assert!(!tame("setoption name Threads value +100"));
        assert!(tame("go nodes 2000"));
    }
}
