//! The engine's one clock: when something started and how long ago that was, for the search's
//! time limits, perft, bench and the board's game clock. Natively it is `std::time::Instant`;
//! in WebAssembly (`wasm32-unknown-unknown`, where `Instant::now` panics: the target has no
//! clock) it is the host's monotonic clock, `performance.now()`, imported by the module
//! (docs/web.md). The same module also gives the strength levels their per-game seed and game
//! records their date.

use std::time::Duration;

/// A moment, to measure the time since.
#[derive(Clone, Copy, Debug)]
pub struct Stamp {
    #[cfg(not(target_arch = "wasm32"))]
    at: std::time::Instant,
    /// The host's milliseconds (fractional) since its own origin.
    #[cfg(target_arch = "wasm32")]
    at: f64,
}

#[cfg(target_arch = "wasm32")]
mod host {
    // Supplied by the page's worker script and by the Node test's loader (docs/web.md).
    #[link(wasm_import_module = "env")]
    extern "C" {
        /// `performance.now()`: monotonic milliseconds, fractional.
        pub fn kaleido_now_ms() -> f64;
        /// A fresh random number in [0, 1) (`Math.random()`): the seed of a level's choices.
        pub fn kaleido_random() -> f64;
        /// Milliseconds since 1970-01-01 UTC (`Date.now()`): the date of a game record.
        pub fn kaleido_date_ms() -> f64;
    }
}

impl Stamp {
    pub fn now() -> Stamp {
        #[cfg(not(target_arch = "wasm32"))]
        return Stamp {
            at: std::time::Instant::now(),
        };
        #[cfg(target_arch = "wasm32")]
        // SAFETY: a host function without arguments or memory access.
        return Stamp {
            at: unsafe { host::kaleido_now_ms() },
        };
    }

    pub fn elapsed(&self) -> Duration {
        #[cfg(not(target_arch = "wasm32"))]
        return self.at.elapsed();
        #[cfg(target_arch = "wasm32")]
        return Duration::from_secs_f64((Stamp::now().at - self.at).max(0.0) / 1000.0);
    }

    /// Whole milliseconds since this moment.
    pub fn elapsed_ms(&self) -> u64 {
        self.elapsed().as_millis() as u64
    }
}

/// Bits that differ between calls and between runs, for seeding choices that must not repeat
/// from game to game (the strength levels): the wall clock and the process id natively, the
/// host's random numbers in WebAssembly (which has neither).
pub fn entropy() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos ^ u64::from(std::process::id()).rotate_left(32)
    }
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: a host function without arguments or memory access.
        let (a, b) = unsafe { (host::kaleido_random(), host::kaleido_random()) };
        ((a * 4_294_967_296.0) as u64) << 32 ^ (b * 4_294_967_296.0) as u64
    }
}

/// Today's date (UTC) as PGN writes it: the system clock natively, the host's in WebAssembly.
pub fn today() -> String {
    #[cfg(not(target_arch = "wasm32"))]
    return kaleido_vocab::pgn::today();
    #[cfg(target_arch = "wasm32")]
    // SAFETY: a host function without arguments or memory access.
    return kaleido_vocab::pgn::date_of_day(
        (unsafe { host::kaleido_date_ms() } / 86_400_000.0).floor() as i64,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamp_measures_time_passing() {
        let start = Stamp::now();
        std::thread::sleep(Duration::from_millis(20));
        let elapsed = start.elapsed();
        assert!(elapsed >= Duration::from_millis(20), "{elapsed:?}");
        assert!(start.elapsed_ms() >= 20);
    }

    #[test]
    fn entropy_differs_between_calls() {
        // Nanoseconds of the wall clock: two calls a millisecond apart cannot agree.
        let first = entropy();
        std::thread::sleep(Duration::from_millis(1));
        assert_ne!(first, entropy());
    }
}
