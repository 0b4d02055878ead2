//! The real `kaleido` binary for transcript and command-line tests. Tests of this crate cannot
//! use `CARGO_BIN_EXE_kaleido` (that exists only for the root package's own tests), so the binary
//! is built once per test process with the same cargo, profile and target directory as the test.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Path of a freshly built `kaleido` binary (built on first use, then cached).
pub fn kaleido() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(build)
}

fn build() -> PathBuf {
    // The test executable lives in target/<dir>/deps/; the binary goes to target/<dir>/.
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test executable inside target/<profile>/deps")
        .to_path_buf();
    let target_dir = profile_dir.parent().expect("target directory");
    // target/release holds `cargo test --release` builds; target/debug the test profile's.
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("release") => "release",
        _ => "test",
    };
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .join("Cargo.toml");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| env!("CARGO").to_string());
    let status = Command::new(cargo)
        .args(["build", "--quiet", "--bin", "kaleido", "--profile", profile])
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--target-dir")
        .arg(target_dir)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building the kaleido binary failed");
    let binary = profile_dir.join(format!("kaleido{}", std::env::consts::EXE_SUFFIX));
    assert!(binary.exists(), "{} was not built", binary.display());
    binary
}

/// How long one command-line run may take before the test fails as hung.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(120);

/// Runs `kaleido ARGS...` to completion (stdin closed); a run longer than [`RUN_TIMEOUT`] is
/// killed and fails the test.
pub fn run(args: &[&str]) -> Output {
    let mut child = Command::new(kaleido())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kaleido runs");
    // Drain both pipes on their own threads so a chatty run cannot block on a full pipe.
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn std::io::Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn std::io::Read + Send>),
    );
    let deadline = Instant::now() + RUN_TIMEOUT;
    let status = loop {
        match child.try_wait().expect("wait for kaleido") {
            Some(status) => break status,
            None if Instant::now() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("kaleido {args:?} still running after {RUN_TIMEOUT:?}");
            }
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    };
    Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    }
}

/// stdout of a run, lines.
pub fn stdout_lines(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// A running protocol session: lines in, lines out, with the whole transcript kept for failure
/// messages.
pub struct Transcript {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line exchanged, `> ` sent and `< ` received.
    pub log: Vec<String>,
}

/// How long a test waits for an answer before declaring the engine hung.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

impl Transcript {
    /// Starts `kaleido` with no subcommand: the protocol loop.
    pub fn start() -> Transcript {
        let mut child = Command::new(kaleido())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("kaleido starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Transcript {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            log: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.log.push(format!("> {}", shorten(line)));
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .unwrap_or_else(|e| panic!("engine gone ({e}); transcript:\n{}", self.log.join("\n")));
    }

    /// Reads lines until one satisfies `done`; returns every line read, the matching one last.
    pub fn until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        self.until_within(what, ANSWER_TIMEOUT, done)
    }

    /// [`Transcript::until`] with a deadline of `timeout` (for answers that are due at once).
    pub fn until_within(
        &mut self,
        what: &str,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut read = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.log.push(format!("< {}", shorten(&line)));
                    let finished = done(&line);
                    read.push(line);
                    if finished {
                        return read;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "no {what} within {timeout:?}; transcript:\n{}",
                        self.log.join("\n")
                    )
                }
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "engine closed its output waiting for {what}; transcript:\n{}",
                    self.log.join("\n")
                ),
            }
        }
    }

    /// Reads until a line starting with `prefix`; returns that line.
    pub fn line_starting(&mut self, prefix: &str) -> String {
        self.until(prefix, |l| l.starts_with(prefix))
            .pop()
            .expect("until returns the matching line")
    }

    /// Sends `line`, then a `sync` command whose answer starts with `answer` (`isready`/`readyok`,
    /// `ping N`/`pong N`); returns every line before that answer.
    pub fn exchange(&mut self, line: &str, sync: &str, answer: &str) -> Vec<String> {
        self.send(line);
        self.send(sync);
        let mut lines = self.until(answer, |l| l.starts_with(answer));
        lines.pop();
        lines
    }

    /// Fails the test with the transcript.
    pub fn fail(&self, why: &str) -> ! {
        panic!("{why}; transcript:\n{}", self.log.join("\n"))
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Closes stdin and waits for the process; returns whether it exited successfully.
    pub fn finish(mut self) -> bool {
        drop(self.stdin.take());
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.success(),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20))
                }
                _ => {
                    let _ = self.child.kill();
                    return false;
                }
            }
        }
    }
}

impl Drop for Transcript {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn shorten(line: &str) -> String {
    let count = line.chars().count();
    if count > 200 {
        let head: String = line.chars().take(200).collect();
        format!("{head}... ({count} chars)")
    } else {
        line.to_string()
    }
}

/// Starts the engine in XBoard mode; returns the transcript and its feature line.
pub fn xboard() -> (Transcript, String) {
    let mut t = Transcript::start();
    t.send("xboard");
    t.send("protover 2");
    let features = t.line_starting("feature ");
    (t, features)
}

/// Sends `line` to an engine in XBoard mode, then a ping; returns the lines before the pong.
pub fn xboard_answer(t: &mut Transcript, line: &str) -> Vec<String> {
    t.exchange(line, "ping 99", "pong 99")
}
