//! An engine as a child process: lines in through its stdin, lines out through a reader thread and
//! a channel, so that every read can have a deadline (the referee's clock).

use crate::spec::EngineSpec;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
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
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout => write!(f, "no answer in time"),
            Fault::Crashed(how) => write!(f, "{how}"),
            Fault::Protocol(what) => write!(f, "{what}"),
        }
    }
}

/// How long a polite `quit` may take before the process is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

pub struct EngineProcess {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    /// Each line with the moment the reader thread received it.
    lines: Receiver<(Instant, String)>,
    /// When the last line returned by `recv` arrived.
    last_arrival: Instant,
    debug: bool,
}

impl EngineProcess {
    /// Starts the engine; an error means the command could not be run at all.
    pub fn spawn(spec: &EngineSpec, debug: bool) -> Result<EngineProcess, String> {
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
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start engine {} ({}): {e}", spec.name, spec.program))?;
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
            stdin,
            lines,
            last_arrival: Instant::now(),
            debug,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        if self.debug {
            eprintln!("{} < {line}", self.name);
        }
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

    /// The next line, waiting at most until `deadline`. A line counts as in time by when the
    /// reader thread received it, not when this thread got round to it (on a loaded machine the
    /// two can be far apart).
    pub fn recv(&mut self, deadline: Instant) -> Result<String, Fault> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok((arrival, _)) if arrival > deadline => Err(Fault::Timeout),
            Ok((arrival, line)) => {
                if self.debug {
                    eprintln!("{} > {line}", self.name);
                }
                self.last_arrival = arrival;
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Crashed(self.exit_description())),
        }
    }

    /// When the line last returned by `recv` arrived.
    pub fn last_arrival(&self) -> Instant {
        self.last_arrival
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

    /// Sends `quit_command`, gives the engine a moment to leave, then kills it.
    pub fn shutdown(mut self, quit_command: &str) {
        let _ = self.send(quit_command);
        self.stdin = None;
        let until = Instant::now() + QUIT_GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
