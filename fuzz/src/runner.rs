//! Runs one target's inputs on several jobs (threads), stops at the first failure, and watches
//! for an input that never ends.

use crate::{fuzzer, panics, Counters, Failure, Target};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// An input running longer than this is a hang: the run prints it and exits (a thread that
/// does not return cannot be stopped).
pub const HANG: Duration = Duration::from_secs(60);

pub struct Summary {
    pub target: Target,
    /// Inputs run to the end (all of them unless a failure stopped the run).
    pub inputs: u64,
    pub elapsed: Duration,
    /// The failure that stopped the run, with its input's number.
    pub failure: Option<(u64, Failure)>,
    pub counters: Counters,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seconds = self.elapsed.as_secs_f64();
        writeln!(
            f,
            "target {}: {} inputs in {seconds:.1} s ({:.0} a second)",
            self.target.name(),
            self.inputs,
            self.inputs as f64 / seconds.max(1e-9)
        )?;
        for (name, n) in &self.counters {
            writeln!(f, "  {name}: {n}")?;
        }
        match &self.failure {
            None => write!(f, "no failure"),
            Some((index, failure)) => {
                writeln!(f, "FAILURE at input {index}: {}", failure.what)?;
                for line in &failure.input {
                    writeln!(f, "  | {line}")?;
                }
                Ok(())
            }
        }
    }
}

/// What each job is doing, for the watchdog.
struct Busy {
    input: AtomicU64,
    since: Mutex<Instant>,
}

/// Job `job`'s generator seed.
fn job_seed(seed: u64, job: usize) -> u64 {
    seed ^ (job as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// Runs inputs `0..inputs` of `target` on `jobs` threads, or fewer when `budget` runs out first
/// (each job then ends after its current input, and the summary counts what was run);
/// `progress` prints a line to stderr every ten seconds.
pub fn run(
    target: Target,
    inputs: u64,
    seed: u64,
    jobs: usize,
    budget: Option<Duration>,
    progress: bool,
) -> Result<Summary, String> {
    panics::record();
    // Panics from before this run are not its findings.
    panics::take();
    let jobs = jobs.max(1);
    let start = Instant::now();
    let stop = AtomicBool::new(false);
    let finished = AtomicU64::new(0);
    let jobs_left = AtomicUsize::new(jobs);
    let failure: Mutex<Option<(u64, Failure)>> = Mutex::new(None);
    let counters: Mutex<Counters> = Mutex::new(Counters::new());
    let busy: Vec<Busy> = (0..jobs)
        .map(|_| Busy {
            input: AtomicU64::new(u64::MAX),
            since: Mutex::new(Instant::now()),
        })
        .collect();
    let fail = |index: u64, f: Failure| {
        stop.store(true, Ordering::Relaxed);
        if let Ok(mut slot) = failure.lock() {
            slot.get_or_insert((index, f));
        }
    };
    let setup_error: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for (job, me) in busy.iter().enumerate() {
            let (stop, finished, fail, counters, setup_error, jobs_left) =
                (&stop, &finished, &fail, &counters, &setup_error, &jobs_left);
            std::thread::Builder::new()
                .name(format!("fuzz-{job}"))
                .spawn_scoped(scope, move || {
                    let _leaving = JobEnd(jobs_left);
                    let mut fuzzer = match fuzzer(target, job_seed(seed, job)) {
                        Ok(f) => f,
                        Err(e) => {
                            stop.store(true, Ordering::Relaxed);
                            if let Ok(mut slot) = setup_error.lock() {
                                *slot = Some(e);
                            }
                            return;
                        }
                    };
                    let mut index = job as u64;
                    let out_of_time = || budget.is_some_and(|b| start.elapsed() >= b);
                    while index < inputs && !stop.load(Ordering::Relaxed) && !out_of_time() {
                        if let Ok(mut since) = me.since.lock() {
                            *since = Instant::now();
                        }
                        me.input.store(index, Ordering::Relaxed);
                        match catch_unwind(AssertUnwindSafe(|| fuzzer.input(index))) {
                            Ok(Ok(())) => {}
                            Ok(Err(f)) => fail(index, f),
                            Err(_) => fail(
                                index,
                                Failure::new(
                                    format!("panic: {}", panics::take().join(" | ")),
                                    &[format!("input {index} of seed {seed}, job {job}")],
                                ),
                            ),
                        }
                        finished.fetch_add(1, Ordering::Relaxed);
                        index += jobs as u64;
                    }
                    me.input.store(u64::MAX, Ordering::Relaxed);
                    if let Ok(Err(f)) = catch_unwind(AssertUnwindSafe(|| fuzzer.finish())) {
                        fail(index, f);
                    }
                    if let Ok(mut all) = counters.lock() {
                        for (name, n) in fuzzer.counters() {
                            *all.entry(name).or_insert(0) += n;
                        }
                    }
                })
                .map_err(|e| format!("cannot start a fuzz job: {e}"))?;
        }
        watch(&busy, &jobs_left, &finished, target, start, progress);
        Ok::<(), String>(())
    })?;
    if let Some(e) = setup_error.into_inner().ok().flatten() {
        return Err(e);
    }
    Ok(Summary {
        target,
        inputs: finished.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
        failure: failure.into_inner().ok().flatten(),
        counters: counters.into_inner().unwrap_or_default(),
    })
}

/// Counts a job out when it ends, however it ends.
struct JobEnd<'a>(&'a AtomicUsize);

impl Drop for JobEnd<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Until every job is done: exits the process when an input hangs, prints progress.
fn watch(
    busy: &[Busy],
    jobs_left: &AtomicUsize,
    finished: &AtomicU64,
    target: Target,
    start: Instant,
    progress: bool,
) {
    let mut last_report = Instant::now();
    while jobs_left.load(Ordering::Relaxed) > 0 {
        for b in busy {
            let input = b.input.load(Ordering::Relaxed);
            let since = b.since.lock().map(|s| s.elapsed()).unwrap_or_default();
            if input != u64::MAX && since > HANG {
                eprintln!(
                    "kaleido-fuzz {}: input {input} has run for {since:?}: a hang",
                    target.name()
                );
                std::process::exit(3);
            }
        }
        if progress && last_report.elapsed() > Duration::from_secs(10) {
            last_report = Instant::now();
            eprintln!(
                "kaleido-fuzz {}: {} inputs in {:.0} s",
                target.name(),
                finished.load(Ordering::Relaxed),
                start.elapsed().as_secs_f64()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
