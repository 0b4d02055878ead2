//! One engine in-process ([`Driver`]) and the recent transcript, for the failure messages of
//! the session targets.

use crate::Failure;
use kaleido::protocol::driver::Driver;
use std::collections::VecDeque;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// How long an answer that is due at once may take (generous: the machine may be loaded).
pub const DUE: Duration = Duration::from_secs(5);

/// Lines of transcript a failure shows.
const KEPT: usize = 120;

pub struct Conversation {
    driver: Option<Driver>,
    log: VecDeque<String>,
    pub lines_sent: u64,
}

impl Conversation {
    pub fn new() -> Conversation {
        Conversation {
            driver: None,
            log: VecDeque::new(),
            lines_sent: 0,
        }
    }

    pub fn running(&self) -> bool {
        self.driver.is_some()
    }

    /// A fresh engine (the transcript starts again).
    pub fn start(&mut self) {
        self.log.clear();
        self.note("(engine started)".to_string());
        self.driver = Some(Driver::start());
    }

    fn note(&mut self, line: String) {
        if self.log.len() == KEPT {
            self.log.pop_front();
        }
        self.log.push_back(line);
    }

    pub fn send(&mut self, line: &str) {
        self.note(format!("> {line}"));
        self.lines_sent += 1;
        if let Some(driver) = &self.driver {
            driver.send(line);
        }
    }

    /// The next line before `deadline`: `None` once the engine has ended, `Err` on timeout.
    fn next(&mut self, deadline: Instant) -> Result<Option<String>, Duration> {
        let Some(driver) = &self.driver else {
            return Ok(None);
        };
        let left = deadline.saturating_duration_since(Instant::now());
        match driver.line(left) {
            Ok(line) => {
                self.note(format!("< {line}"));
                Ok(Some(line))
            }
            Err(RecvTimeoutError::Timeout) => Err(left),
            Err(RecvTimeoutError::Disconnected) => Ok(None),
        }
    }

    /// Reads lines until `done` says so; every line read, the last one included. `Err` on a
    /// timeout or when the engine ends first (the lines read so far are in the transcript).
    pub fn until(
        &mut self,
        what: &str,
        timeout: Duration,
        done: impl FnMut(&str) -> bool,
    ) -> Result<Vec<String>, String> {
        match self.within(timeout, done) {
            Ok((lines, true)) => Ok(lines),
            Ok((_, false)) => Err(format!("no {what} within {timeout:?}")),
            Err(_) => Err(format!("the engine ended while waiting for {what}")),
        }
    }

    /// Reads lines until `done` says so or `timeout` passes: the lines, and whether `done` said
    /// so. `Err` only when the engine ends first.
    pub fn within(
        &mut self,
        timeout: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(Vec<String>, bool), String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            match self.next(deadline) {
                Ok(Some(line)) => {
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return Ok((lines, true));
                    }
                }
                Ok(None) => return Err("the engine ended".to_string()),
                Err(_) => return Ok((lines, false)),
            }
        }
    }

    /// Every line until the engine ends (after `quit`), within `timeout`.
    pub fn drain(&mut self, timeout: Duration) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            match self.next(deadline) {
                Ok(Some(line)) => lines.push(line),
                Ok(None) => return Ok(lines),
                Err(_) => return Err(format!("the engine did not end within {timeout:?}")),
            }
        }
    }

    /// Closes the input and checks that the engine ends cleanly within `timeout`.
    pub fn finish(&mut self, timeout: Duration) -> Result<(), String> {
        match self.driver.take() {
            Some(driver) => driver.finish(timeout),
            None => Ok(()),
        }
    }

    /// A failed check, with the recent transcript.
    pub fn fail(&self, what: impl Into<String>) -> Failure {
        Failure::new(what, &self.log.iter().cloned().collect::<Vec<_>>())
    }
}
