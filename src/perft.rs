//! Perft: the exact leaf count of the legal move tree, the one implementation behind
//! `kaleido perft`, UCI `go perft` and the perft tests.
//!
//! The count recurses once per ply with a move list on the stack, so the depth is bounded
//! ([`MAX_DEPTH`]) and the root moves run on threads with a stack sized for that bound. A
//! protocol runs it like a search: [`Control::stop`] ends it within a few milliseconds.

use crate::clock::Stamp;
use crate::game::{MoveList, Rules};
use crate::search::params::MAX_PLY;
use crate::search::Control;
use std::time::Duration;

/// The deepest perft we run: the search's `MAX_PLY`, the longest line any part of the engine
/// follows, so the stack every search thread gets
/// ([`THREAD_STACK_BYTES`](crate::search::params::THREAD_STACK_BYTES), sized for `MAX_PLY` plies
/// of move lists, more than a perft ply holds) is enough. No real request comes near it:
/// the deepest published perft of any game is chess depth 15, and with only two moves a ply a
/// tree of depth 64 already has more leaves than a `u64` counts.
pub const MAX_DEPTH: u32 = MAX_PLY as u32;

/// A requested depth as a perft depth, or the reason it is refused.
pub fn check_depth(depth: u64) -> Result<u32, String> {
    u32::try_from(depth)
        .ok()
        .filter(|&d| d <= MAX_DEPTH)
        .ok_or_else(|| {
            format!(
                "perft depth {depth} refused: the deepest perft is {MAX_DEPTH} plies (the search's \
                 longest line)"
            )
        })
}

/// Counts the leaf nodes of the legal move tree to `depth`.
pub fn perft<G: Rules>(game: &mut G, depth: u32) -> u64 {
    count(game, depth, &Control::default())
}

/// [`perft`] that gives up when `control` is stopped (its result is then meaningless; callers
/// look at `control.stopped()`).
fn count<G: Rules>(game: &mut G, depth: u32, control: &Control) -> u64 {
    // Checked above the last ply only: one relaxed load per interior move list, none per leaf;
    // before generating, so that a stopped count unwinds without generating again.
    if depth >= 2 && control.stopped() {
        return 0;
    }
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    let mut nodes = 0;
    for &mv in &moves {
        game.make(mv);
        nodes += count(game, depth - 1, control);
        game.unmake();
    }
    nodes
}

/// A finished perft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Leaves below each root move, in generation order (empty at depth 0).
    pub divide: Vec<(String, u64)>,
    /// All leaves (1 at depth 0: the position itself).
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Why a perft gave no count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `control` was stopped before the count was complete.
    Stopped,
    /// The threads with a large enough stack could not be made.
    NoThreads(String),
    /// The session has no move tree to count (a test double); the depth asked for.
    NoMoveTree(u32),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Refusal::Stopped => write!(f, "perft stopped before the count was complete"),
            Refusal::NoThreads(e) => write!(f, "perft cannot start its threads: {e}"),
            Refusal::NoMoveTree(depth) => write!(f, "perft {depth}: this session has no move tree"),
        }
    }
}

/// Perft of `game` to `depth` (at most [`MAX_DEPTH`]: callers check it with [`check_depth`]),
/// the root moves counted in parallel (one after another in WebAssembly, which has no threads),
/// each named by `name` (the caller's notation: perft knows only the rules).
pub fn divide<G: Rules>(
    game: &G,
    depth: u32,
    name: impl Fn(G::Move) -> String + Sync,
    control: &Control,
) -> Result<Counts, Refusal> {
    let start = Stamp::now();
    if depth == 0 {
        return Ok(Counts {
            divide: Vec::new(),
            nodes: 1,
            elapsed: start.elapsed(),
        });
    }
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    let divide = count_root_moves(game, &moves, depth, &name, control)?;
    if control.stopped() {
        return Err(Refusal::Stopped);
    }
    Ok(Counts {
        nodes: divide.iter().map(|(_, n)| n).sum(),
        divide,
        elapsed: start.elapsed(),
    })
}

/// One root move's name and the leaves below it, counted on a copy of `game`.
fn leaves_below<G: Rules>(
    game: &G,
    mv: G::Move,
    depth: u32,
    name: &impl Fn(G::Move) -> String,
    control: &Control,
) -> (String, u64) {
    let mut child = game.clone();
    child.make(mv);
    (name(mv), count(&mut child, depth - 1, control))
}

/// The leaves below each root move: on threads of a pool of our own, or in WebAssembly, which
/// has no threads here, one after another on the caller's stack (the module's stack is sized for
/// the deepest search, docs/web.md).
fn count_root_moves<G: Rules>(
    game: &G,
    moves: &MoveList<G::Move>,
    depth: u32,
    name: &(impl Fn(G::Move) -> String + Sync),
    control: &Control,
) -> Result<Vec<(String, u64)>, Refusal> {
    #[cfg(target_arch = "wasm32")]
    return Ok(moves
        .iter()
        .map(|&mv| leaves_below(game, mv, depth, name, control))
        .collect());
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        // A pool of our own: rayon's global threads have the platform's default stack (2 MB),
        // which a deep perft of a game with large move lists overflows.
        let pool = rayon::ThreadPoolBuilder::new()
            .thread_name(|i| format!("perft-{i}"))
            .stack_size(crate::search::params::THREAD_STACK_BYTES)
            .build()
            .map_err(|e| Refusal::NoThreads(e.to_string()))?;
        Ok(pool.install(|| {
            moves
                .par_iter()
                .map(|&mv| leaves_below(game, mv, depth, name, control))
                .collect()
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Dialect, VariantOptions};
    use crate::variants;
    use std::sync::Arc;

    #[test]
    fn depth_bound() {
        assert_eq!(check_depth(0), Ok(0));
        assert_eq!(check_depth(MAX_DEPTH as u64), Ok(MAX_DEPTH));
        assert!(check_depth(MAX_DEPTH as u64 + 1).is_err());
        assert!(check_depth(30_000_000_000).is_err());
        assert!(check_depth(u64::MAX).is_err());
    }

    /// Every variant's start position at the deepest perft: the first descent reaches
    /// `MAX_DEPTH` plies at once, so a stack too small for it would abort this test; the stop
    /// must then end the count promptly.
    #[test]
    fn deepest_perft_fits_the_stack_and_stops() {
        for info in variants::VARIANTS {
            let session = info
                .new_session(&VariantOptions::default())
                .expect("default options are valid");
            let control = Arc::new(Control::default());
            let stopper = Arc::clone(&control);
            let timer = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                stopper.stop();
            });
            let started = std::time::Instant::now();
            let result = session.perft(MAX_DEPTH, Dialect::Uci, &control);
            timer.join().expect("the timer thread ends");
            assert_eq!(result, Err(Refusal::Stopped), "{}", info.name);
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "{}: stop took {:?}",
                info.name,
                started.elapsed()
            );
        }
    }

    #[test]
    fn divide_sums_and_depth_zero() {
        let session = variants::find("chess")
            .expect("chess is registered")
            .new_session(&VariantOptions::default())
            .expect("chess starts");
        let control = Control::default();
        let zero = session.perft(0, Dialect::Uci, &control).expect("no stop");
        assert_eq!((zero.nodes, zero.divide.len()), (1, 0));
        // 400: the published perft(2) of the chess start position, 20 replies to each move.
        let two = session.perft(2, Dialect::Uci, &control).expect("no stop");
        assert_eq!(two.nodes, 400);
        assert_eq!(two.divide.len(), 20);
        assert!(two.divide.iter().all(|(_, n)| *n == 20));
    }
}
