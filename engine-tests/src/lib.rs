//! Helpers shared by Kaleido's integration tests.

pub mod binary;
pub mod gui;
pub mod http;
pub mod matches;
pub mod page;
pub mod site;
pub mod wasm;
pub mod webdriver;

use kaleido::game::{Dialect, MoveList, Notation, VariantOptions};
use kaleido::rng::SplitMix64;
use kaleido::search::{self, Control, Limits, TranspositionTable};
use kaleido::session::Session;
use kaleido::variants::{VariantInfo, VARIANTS};

/// Every registered variant at its start and at each of its bench positions, default options:
/// the positions the registry-wide property tests walk. A bench FEN the variant refuses panics,
/// naming it.
pub fn bench_sessions() -> Vec<(&'static VariantInfo, &'static str, Box<dyn Session>)> {
    let mut all = Vec::new();
    for info in VARIANTS {
        for fen in std::iter::once("startpos").chain(info.bench.iter().copied()) {
            let mut session = info
                .new_session(&VariantOptions::default())
                .expect("default options are valid");
            if fen != "startpos" {
                session
                    .set_fen(fen, Dialect::Uci)
                    .unwrap_or_else(|e| panic!("{}: bench FEN {fen} rejected: {e}", info.name));
            }
            all.push((info, fen, session));
        }
    }
    all
}

/// Every legal move of `game` as its UCI text, in generation order: what a rules test compares
/// with a worked example's move list.
pub fn all_moves<G: Notation>(game: &G) -> Vec<String> {
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    moves
        .iter()
        .map(|&m| game.move_text(m, Dialect::Uci))
        .collect()
}

/// The move a self-play test plays: a seeded random legal move while `random` (to vary the
/// openings), otherwise the search's choice at a fixed node count (deterministic, one thread).
pub fn self_play_move<G: Notation>(
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
