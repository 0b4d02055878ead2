//! Helpers shared by Kaleido's integration tests.

pub mod binary;
pub mod gui;
pub mod http;
pub mod matches;
pub mod webdriver;

use kaleido::game::{Game, MoveList};
use kaleido::rng::SplitMix64;
use kaleido::search::{self, Control, Limits, TranspositionTable};

/// The move a self-play test plays: a seeded random legal move while `random` (to vary the
/// openings), otherwise the search's choice at a fixed node count (deterministic, one thread).
pub fn self_play_move<G: Game>(
    game: &G,
    legal: &MoveList<G::Move>,
    random: bool,
    rng: &mut SplitMix64,
    nodes: u64,
    tt: &TranspositionTable,
) -> G::Move {
    if random {
        return rng.pick(legal);
    }
    let limits = Limits {
        nodes: Some(nodes),
        multipv: 1,
        threads: 1,
        ..Limits::default()
    };
    let control = Control::new(false);
    let result = search::search(game, &limits, tt, &control, &mut |_| {});
    result.best.expect("a move when the game is not over")
}
