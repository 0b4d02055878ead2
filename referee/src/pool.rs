//! Games on worker threads. The workers share nothing but the job queue, the stop flags and the
//! results channel; each game owns its judge and its engine processes.

use crate::cancel::{self, Cancel};
use crate::game::{play_game, RefereeConfig};
use crate::record::GameRecord;
use crate::schedule::GameJob;
use crate::spec::EngineSpec;
use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

/// Whether the match goes on after a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Continue,
    /// Start no new game; games already running finish and are reported.
    Stop,
    /// End the match now: running games are cancelled (their engines shut down) and not counted.
    Abort,
}

/// Plays `jobs` on up to `concurrency` threads and hands each finished game to `finished`, on the
/// calling thread, in the order the games end. An `Err` is a problem of the match itself (see
/// `play_game`), or a panic while a game was played; either cancels the other games.
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
    let cancel: &Cancel = &config.cancel;
    let (sender, results) = mpsc::channel::<Result<GameRecord, String>>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) || cancel.is_cancelled() {
                    break;
                }
                let job = match queue.lock() {
                    Ok(mut q) => q.pop_front(),
                    Err(_) => None,
                };
                let Some(job) = job else { break };
                // A panic unwinds through the game (its engines are killed on the way) and is
                // reported as the match's failure instead of leaving the other games running.
                let result = catch_unwind(AssertUnwindSafe(|| play_game(config, specs, &job)))
                    .unwrap_or_else(|panic| {
                        let what = panic
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| panic.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "a panic".into());
                        Err(format!("game {}: internal error: {what}", job.number))
                    });
                let sent = match result {
                    Ok(Some(game)) => sender.send(Ok(game)),
                    // Cancelled: nothing to report.
                    Ok(None) => Ok(()),
                    Err(e) => {
                        cancel.cancel(cancel::ERROR);
                        sender.send(Err(e))
                    }
                };
                if sent.is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for result in results {
            match finished(result) {
                Next::Continue => {}
                Next::Stop => stop.store(true, Ordering::Relaxed),
                Next::Abort => cancel.cancel(cancel::ERROR),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Adjudication;
    use crate::openings::Opening;
    use crate::player::Limit;
    use crate::rules::{Judge, RuleOptions, Rules};
    use std::time::Duration;

    /// Rules that panic when a game is set up: the failure the pool must turn into an error.
    struct PanickingRules;

    impl Rules for PanickingRules {
        fn variants(&self) -> Vec<String> {
            vec!["boom".into()]
        }
        fn rule_options(&self, _: &str, options: &RuleOptions) -> Result<RuleOptions, String> {
            Ok(options.clone())
        }
        fn new_game(&self, _: &str, _: &RuleOptions) -> Result<Box<dyn Judge>, String> {
            panic!("the rules fell over")
        }
    }

    #[test]
    fn a_panic_in_a_game_cancels_the_match_and_is_reported() {
        let config = RefereeConfig {
            rules: &PanickingRules,
            variant: "boom".into(),
            options: RuleOptions::new(),
            limit: Limit::Depth(1),
            margin: Duration::ZERO,
            move_timeout: Duration::from_secs(1),
            feature_timeout: Duration::from_secs(1),
            max_plies: None,
            adjudication: Adjudication::default(),
            debug: false,
            cancel: Cancel::new(),
        };
        let specs = vec![
            EngineSpec::parse("a").unwrap(),
            EngineSpec::parse("b").unwrap(),
        ];
        let jobs: Vec<GameJob> = (1..=4)
            .map(|number| GameJob {
                number,
                pair: number / 2,
                white: 0,
                black: 1,
                opening: Opening::default(),
            })
            .collect();
        let mut results = Vec::new();
        play(&config, &specs, jobs, 1, |result| {
            results.push(result);
            Next::Continue
        });
        // The first game's panic stops the match: no further game is started.
        assert_eq!(results.len(), 1, "{results:?}");
        let error = results[0].as_ref().unwrap_err();
        assert!(
            error.contains("game 1: internal error: the rules fell over"),
            "{error}"
        );
        assert_eq!(config.cancel.reason(), Some(cancel::ERROR));
    }
}
