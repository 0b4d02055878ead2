//! An engine as a child process: lines in through its stdin, lines out through a reader thread and
//! a channel, so that every read can have a deadline (the referee's clock) and notice a cancelled
//! match. Each engine runs in its own process group (Unix) or job object (Windows): a Ctrl-C at the
//! terminal reaches only the referee, which then ends the engines itself, and ending the group also
//! ends whatever the engine started (an adapter's engine, say). `unix.rs` and `windows.rs` hold the
//! platform's half.

#[cfg(unix)]
#[path = "unix.rs"]
mod platform;
#[cfg(windows)]
#[path = "windows.rs"]
mod platform;

use crate::cancel::Cancel;
use crate::spec::EngineSpec;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// Why an engine could not be talked to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Nothing useful arrived before the deadline.
    Timeout,
    /// The process exited or closed its pipes.
    Crashed(String),
    /// The engine broke the protocol (a failed handshake, a rejected legal move...).
    Protocol(String),
    /// The match was cancelled while waiting (a signal or a failure elsewhere).
    Cancelled,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout => write!(f, "no answer in time"),
            Fault::Crashed(how) => write!(f, "{how}"),
            Fault::Protocol(what) => write!(f, "{what}"),
            Fault::Cancelled => write!(f, "the match was cancelled"),
        }
    }
}

/// What the referee may ask of an engine's processes besides its protocol's commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// XBoard's "stop thinking" (SIGINT; nothing on Windows).
    Interrupt,
    /// SIGTERM (nothing on Windows).
    Terminate,
    /// SIGKILL to the process group (Unix), the job killed (Windows).
    Kill,
}

/// How long a polite `quit` may take before the engine is sent SIGTERM.
const QUIT_GRACE: Duration = Duration::from_millis(500);
/// How long SIGTERM may take before SIGKILL.
const TERM_GRACE: Duration = Duration::from_millis(200);
/// Waits are cut into slices this long, to notice a cancelled match.
const SLICE: Duration = Duration::from_millis(25);
/// Lines kept for error messages (what was sent, what came back).
const TRANSCRIPT: usize = 12;

pub struct EngineProcess {
    name: String,
    child: Child,
    group: platform::Group,
    stdin: Option<ChildStdin>,
    /// Each line with the moment the reader thread received it.
    lines: Receiver<(Instant, String)>,
    /// When the last line returned by `recv` arrived.
    last_arrival: Instant,
    debug: bool,
    cancel: Cancel,
    /// The latest lines, `> sent` and `< received`.
    transcript: VecDeque<String>,
}

impl EngineProcess {
    /// Starts the engine; an error means the command could not be run at all.
    pub fn spawn(spec: &EngineSpec, debug: bool, cancel: &Cancel) -> Result<EngineProcess, String> {
        let mut command = Command::new(&spec.program);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if debug {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        platform::prepare(&mut command);
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start engine {} ({}): {e}", spec.name, spec.program))?;
        let group = platform::Group::attach(&child);
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| format!("engine {}: no stdout pipe", spec.name))?;
        let (sender, lines) = mpsc::channel();
        // Detached on purpose: it ends when the pipe closes (the engine exits or is killed).
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        // Engines may send anything; invalid UTF-8 is garbage, not a reason to stop.
                        let line = String::from_utf8_lossy(&buffer);
                        let arrival = Instant::now();
                        if sender.send((arrival, line.trim_end().to_string())).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            name: spec.name.clone(),
            child,
            group,
            stdin,
            lines,
            last_arrival: Instant::now(),
            debug,
            cancel: cancel.clone(),
            transcript: VecDeque::new(),
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    fn note(&mut self, line: String) {
        if self.transcript.len() == TRANSCRIPT {
            self.transcript.pop_front();
        }
        self.transcript.push_back(line);
    }

    /// The latest lines exchanged, for error messages: `sent 'uci', got nothing` or the lines.
    pub fn recent(&self) -> String {
        let received = self.transcript.iter().any(|l| l.starts_with('<'));
        let lines: Vec<&str> = self.transcript.iter().map(String::as_str).collect();
        if received {
            format!("last lines: {}", lines.join(" | "))
        } else {
            format!("{}; nothing came back", lines.join(" | "))
        }
    }

    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        if self.debug {
            eprintln!("{} < {line}", self.name);
        }
        self.note(format!("> {line}"));
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Fault::Crashed("closed its input".into()));
        };
        let written = writeln!(stdin, "{line}").and_then(|_| stdin.flush());
        if written.is_err() {
            self.stdin = None;
            return Err(Fault::Crashed(self.exit_description()));
        }
        Ok(())
    }

    fn received(&mut self, arrival: Instant, line: String) -> String {
        if self.debug {
            eprintln!("{} > {line}", self.name);
        }
        self.note(format!("< {line}"));
        self.last_arrival = arrival;
        line
    }

    /// The next line, waiting at most until `deadline`. A line counts as in time by when the
    /// reader thread received it, not when this thread got round to it (on a loaded machine the
    /// two can be far apart).
    pub fn recv(&mut self, deadline: Instant) -> Result<String, Fault> {
        loop {
            if self.cancel.is_cancelled() {
                return Err(Fault::Cancelled);
            }
            let now = Instant::now();
            let wait = deadline.saturating_duration_since(now).min(SLICE);
            match self.lines.recv_timeout(wait) {
                Ok((arrival, _)) if arrival > deadline => return Err(Fault::Timeout),
                Ok((arrival, line)) => return Ok(self.received(arrival, line)),
                Err(RecvTimeoutError::Timeout) if Instant::now() >= deadline => {
                    return Err(Fault::Timeout)
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Crashed(self.exit_description()))
                }
            }
        }
    }

    /// A line that has already arrived, without waiting.
    pub fn try_recv(&mut self) -> Option<String> {
        match self.lines.try_recv() {
            Ok((arrival, line)) => Some(self.received(arrival, line)),
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => None,
        }
    }

    /// When the line last returned by `recv` arrived.
    pub fn last_arrival(&self) -> Instant {
        self.last_arrival
    }

    /// Sends `signal` to the engine's process group (XBoard's SIGINT "stop thinking").
    pub fn signal(&self, signal: Signal) {
        self.group.signal(signal);
    }

    /// "exited with code 3" or the like, waiting briefly for the exit status to be known.
    fn exit_description(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("exited ({status})"),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return "closed its output".into(),
            }
        }
    }

    /// Waits up to `grace` for the engine to exit; true when it has.
    fn exited_within(&mut self, grace: Duration) -> bool {
        let until = Instant::now() + grace;
        loop {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Ends the engine the way XBoard does: `quit_command`, a moment to leave, then SIGTERM when
    /// the engine accepts it (`sigterm`), then SIGKILL (by `Drop`).
    pub fn shutdown(mut self, quit_command: &str, sigterm: bool) {
        let _ = self.send(quit_command);
        self.stdin = None;
        if self.exited_within(QUIT_GRACE) {
            return;
        }
        if sigterm {
            self.signal(Signal::Terminate);
            self.exited_within(TERM_GRACE);
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // The whole group: whatever the engine started goes with it.
        self.signal(Signal::Kill);
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
