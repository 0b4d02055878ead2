//! The protocol loop ([`super::run`]) on in-memory lines, on a thread of its own: what the fuzz
//! harness and in-process tests drive instead of a GUI on a pipe. Input lines go in over a
//! channel (dropping the driver closes the input, as a GUI that exits would); every output line
//! comes back whole over another.

use super::Output;
use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub struct Driver {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    thread: Option<JoinHandle<Result<(), String>>>,
}

impl Driver {
    /// Starts a fresh engine: the first line sent picks UCI or XBoard.
    pub fn start() -> Driver {
        let (input, lines_in) = mpsc::channel();
        let (lines_out, output) = mpsc::channel();
        let reader = BufReader::new(ChannelReader {
            lines: lines_in,
            pending: Vec::new(),
            at: 0,
        });
        let sink = LineSink {
            lines: lines_out,
            partial: Vec::new(),
        };
        let thread =
            std::thread::spawn(move || super::run(Box::new(reader), Output::new(Box::new(sink))));
        Driver {
            input: Some(input),
            output,
            thread: Some(thread),
        }
    }

    /// Sends one line (a line ending is added); false when the loop has ended.
    pub fn send(&self, line: &str) -> bool {
        let bytes = format!("{line}\n").into_bytes();
        self.input
            .as_ref()
            .is_some_and(|input| input.send(bytes).is_ok())
    }

    /// The next output line, waiting at most `timeout`; `Disconnected` once the loop has ended
    /// and every line has been read.
    pub fn line(&self, timeout: Duration) -> Result<String, RecvTimeoutError> {
        self.output.recv_timeout(timeout)
    }

    /// Whether the loop has ended (`quit`, or a panic).
    pub fn ended(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Closes the input and waits up to `timeout` for the loop to end; the loop's own error, a
    /// panic or a hang comes back as `Err`. Unread output is dropped.
    pub fn finish(mut self, timeout: Duration) -> Result<(), String> {
        drop(self.input.take());
        let deadline = Instant::now() + timeout;
        let Some(thread) = self.thread.take() else {
            return Ok(());
        };
        while !thread.is_finished() {
            if Instant::now() > deadline {
                return Err(format!(
                    "the protocol loop did not end within {timeout:?} of its input closing"
                ));
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        match thread.join() {
            Ok(result) => result,
            Err(_) => Err("the protocol loop panicked".to_string()),
        }
    }
}

/// The loop's input: the bytes of each line sent, in order; end of input when the driver drops
/// its sender.
struct ChannelReader {
    lines: Receiver<Vec<u8>>,
    pending: Vec<u8>,
    at: usize,
}

impl Read for ChannelReader {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            match self.lines.recv() {
                Ok(bytes) => {
                    self.pending = bytes;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = buffer.len().min(self.pending.len() - self.at);
        buffer[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The loop's output: whole lines, sent as each ends.
struct LineSink {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for LineSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &byte in bytes {
            if byte == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                // The driver gone means nobody reads: like a closed pipe, the line is lost.
                if self.lines.send(line).is_err() {
                    return Err(std::io::ErrorKind::BrokenPipe.into());
                }
            } else {
                self.partial.push(byte);
            }
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uci_session_in_memory() {
        let driver = Driver::start();
        let wait = Duration::from_secs(10);
        assert!(driver.send("uci"));
        while driver.line(wait).expect("uci answers") != "uciok" {}
        driver.send("position startpos moves e2e4");
        driver.send("go perft 1");
        // 20: the published perft(1) of the chess start position; e2e4 leaves 20 replies too.
        loop {
            let line = driver.line(wait).expect("perft answers");
            if let Some(count) = line.strip_prefix("Nodes searched: ") {
                assert_eq!(count, "20");
                break;
            }
        }
        driver.send("quit");
        assert_eq!(driver.finish(wait), Ok(()));
    }

    #[test]
    fn closing_the_input_ends_the_loop() {
        let driver = Driver::start();
        driver.send("xboard");
        driver.send("ping 7");
        assert_eq!(
            driver.line(Duration::from_secs(10)).as_deref(),
            Ok("pong 7")
        );
        assert!(!driver.ended());
        assert_eq!(driver.finish(Duration::from_secs(10)), Ok(()));
    }
}
