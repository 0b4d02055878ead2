//! Ending a match early: a signal (Ctrl-C, SIGTERM, SIGHUP), a panic or an error of the match. Every
//! wait on an engine checks the flag, so running games end within a read slice and their engine
//! processes are shut down (see `process::EngineProcess::shutdown`).

#[cfg(unix)]
use signal_hook::consts::SIGHUP;
use signal_hook::consts::{SIGINT, SIGTERM};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Why the match was cancelled: a signal number, or `ERROR` for a failure of the match itself.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicUsize>);

/// The signals that cancel a match.
#[cfg(unix)]
const SIGNALS: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];
#[cfg(not(unix))]
const SIGNALS: [i32; 2] = [SIGINT, SIGTERM];

/// The reason recorded for a panic or an error of the match (no signal has this number).
pub const ERROR: usize = usize::MAX;

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// The first reason given, if any.
    pub fn reason(&self) -> Option<usize> {
        match self.0.load(Ordering::Relaxed) {
            0 => None,
            why => Some(why),
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.reason().is_some()
    }

    /// Records `why` unless a reason is already recorded.
    pub fn cancel(&self, why: usize) {
        let _ = self
            .0
            .compare_exchange(0, why, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Makes SIGINT, SIGTERM and SIGHUP cancel the match; a second one while the first is being
    /// handled ends the process at once (exit status 1), as a user pressing Ctrl-C twice expects.
    /// Windows has no SIGHUP; its C runtime raises SIGINT for Ctrl-C (and Ctrl-Break).
    pub fn on_signals(&self) -> Result<(), String> {
        let armed = Arc::new(std::sync::atomic::AtomicBool::new(false));
        for signal in SIGNALS {
            // Handlers run in the order registered: the first signal only arms the shutdown.
            signal_hook::flag::register_conditional_shutdown(signal, 1, armed.clone())
                .and_then(|_| signal_hook::flag::register(signal, armed.clone()))
                .and_then(|_| {
                    signal_hook::flag::register_usize(signal, self.0.clone(), signal as usize)
                })
                .map_err(|e| format!("cannot handle signal {signal}: {e}"))?;
        }
        Ok(())
    }
}

/// `SIGTERM`, `SIGINT`, ... for a reason.
pub fn reason_text(why: usize) -> String {
    match why {
        ERROR => "an error".into(),
        w if w == SIGINT as usize => "SIGINT".into(),
        w if w == SIGTERM as usize => "SIGTERM".into(),
        #[cfg(unix)]
        w if w == SIGHUP as usize => "SIGHUP".into(),
        w => format!("signal {w}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_reason_wins() {
        let cancel = Cancel::new();
        assert_eq!(cancel.reason(), None);
        let copy = cancel.clone();
        copy.cancel(SIGTERM as usize);
        cancel.cancel(ERROR);
        assert_eq!(cancel.reason(), Some(SIGTERM as usize));
        assert_eq!(reason_text(ERROR), "an error");
        assert_eq!(reason_text(SIGTERM as usize), "SIGTERM");
    }
}
