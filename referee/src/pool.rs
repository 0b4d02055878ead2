//! Games on worker threads. The workers share nothing but the job queue, the stop flag and the
//! results channel; each game owns its judge and its engine processes.

use crate::game::{play_game, RefereeConfig};
use crate::record::GameRecord;
use crate::schedule::GameJob;
use crate::spec::EngineSpec;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

/// Whether the match goes on after a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Continue,
    /// Start no new game; games already running finish and are reported.
    Stop,
}

/// Plays `jobs` on up to `concurrency` threads and hands each result to `finished`, on the calling
/// thread, in the order the games end. An `Err` is a problem of the match itself (see `play_game`).
pub fn play(
    config: &RefereeConfig,
    specs: &[EngineSpec],
    jobs: Vec<GameJob>,
    concurrency: usize,
    mut finished: impl FnMut(Result<GameRecord, String>) -> Next,
) {
    let workers = concurrency.clamp(1, jobs.len().max(1));
    let queue = Mutex::new(VecDeque::from(jobs));
    let stop = AtomicBool::new(false);
    let (sender, results) = mpsc::channel::<Result<GameRecord, String>>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let job = match queue.lock() {
                    Ok(mut q) => q.pop_front(),
                    Err(_) => None,
                };
                let Some(job) = job else { break };
                let result = play_game(config, specs, &job);
                if sender.send(result).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for result in results {
            if finished(result) == Next::Stop {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
}
