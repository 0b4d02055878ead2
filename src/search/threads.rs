//! Lazy SMP: every thread runs the same iterative deepening on its own copy of the game; they
//! cooperate only through the shared transposition table. The main thread (id 0) alone watches
//! the limits and reports; its result is the search's result. Every thread, the main one
//! included, gets a large stack (see `THREAD_STACK_BYTES`); reports travel to the caller's thread
//! over a channel, because the caller's `report` callback need not be `Send`.

use super::params::*;
use super::worker::{Shared, Worker};
use super::{Info, SearchResult};
use crate::game::Rules;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::thread;

/// More threads than this would only be a typo: Lazy SMP gains nothing past the core count.
const MAX_THREADS: usize = 1024;

/// Searches `root` within `shared.limits` (`search::search`); calls `report` after each
/// completed iteration (once per MultiPV line). Returns within a few milliseconds of
/// `shared.control.stop()`. With one thread and no clock, node or stop limit, the search (and
/// its node count) is the same on every run, provided the caller cleared the TT.
pub fn run<G: Rules>(
    root: &G,
    shared: &Shared,
    report: &mut dyn FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    shared.tt.new_search();
    let threads = shared.limits.threads.clamp(1, MAX_THREADS);
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<Info<G::Move>>();
        let main = thread::Builder::new()
            .name("search-main".into())
            .stack_size(THREAD_STACK_BYTES)
            .spawn_scoped(scope, move || {
                let mut worker = Worker::new(root.clone(), shared, 0);
                let result = worker.iterate(&mut |info| {
                    // The receiver lives until this thread ends; a failed send cannot happen.
                    let _ = sender.send(info);
                });
                shared.abort.store(true, Ordering::Relaxed);
                result
            });
        let main = match main {
            Ok(handle) => handle,
            Err(_) => {
                // No thread could be made: search on the caller's own stack (the
                // one left is usually large enough for chess-sized move lists).
                let mut worker = Worker::new(root.clone(), shared, 0);
                return worker.iterate(&mut |info| report(&info));
            }
        };
        let helpers: Vec<_> = (1..threads)
            .filter_map(|id| {
                thread::Builder::new()
                    .name(format!("search-{id}"))
                    .stack_size(THREAD_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        let mut worker = Worker::new(root.clone(), shared, id);
                        worker.iterate(&mut |_| {});
                    })
                    .ok()
            })
            .collect();
        for info in receiver {
            report(&info);
        }
        let result = main.join();
        shared.abort.store(true, Ordering::Relaxed);
        for helper in helpers {
            if let Err(panic) = helper.join() {
                std::panic::resume_unwind(panic);
            }
        }
        match result {
            Ok(mut result) => {
                result.nodes = shared.nodes();
                result
            }
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
