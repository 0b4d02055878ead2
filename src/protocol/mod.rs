//! The protocol loop: one binary speaks UCI or XBoard/CECP v2, chosen by the first command.
//!
//! Threads: a reader thread turns input lines into [`Event`]s on a channel; each search runs on
//! its own thread and announces its end as an event too, so the main loop can always answer
//! `stop`, `isready`, `ping`, `?`, `ponderhit` and `quit` at once. stdout belongs to the protocol
//! ([`Output`]: one lock, flushed every line); logging goes to stderr or a file.
//!
//! The protocol layer sees only `Box<dyn Session>`: strings in, strings out. Nothing here knows
//! any variant's rules.

pub mod driver;
pub mod engine;
pub mod uci;
pub mod xboard;

use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

/// What the main loop reacts to.
#[derive(Debug)]
pub enum Event {
    /// One input line, without its line ending.
    Line(String),
    /// The input closed (the GUI is gone).
    Eof,
    /// The search with this id has finished; its result waits in its thread handle.
    SearchDone(u64),
}

/// The protocol's output channel: every line is written whole and flushed at once, from whichever
/// thread produces it (info lines come from the search thread).
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }
    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }
    /// Sends one line. A failed write means the GUI has gone; the reader will see EOF, so the
    /// error is only logged.
    pub fn line(&self, text: &str) {
        log::debug!("<< {text}");
        // A poisoned lock only means another thread panicked mid-write; the sink is still usable.
        let mut sink = match self.sink.lock() {
            Ok(sink) => sink,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Err(e) = writeln!(sink, "{text}").and_then(|_| sink.flush()) {
            log::warn!("output failed: {e}");
        }
    }
}

// How both protocols (and the command line and the board) read numbers and echo bad input.
pub use crate::engine::{echo, parse_count, ECHO_LIMIT};

/// Starts the reader thread: one [`Event::Line`] per input line (invalid UTF-8 replaced, not
/// fatal), then [`Event::Eof`].
pub fn spawn_reader(mut input: Box<dyn BufRead + Send>, events: Sender<Event>) {
    std::thread::spawn(move || {
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            match input.read_until(b'\n', &mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let text = String::from_utf8_lossy(&buffer);
                    let line = text.trim_end_matches(['\n', '\r']).to_string();
                    log::debug!(">> {line}");
                    if events.send(Event::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = events.send(Event::Eof);
    });
}

/// The first word of a line and the rest, both trimmed.
pub fn split_command(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim_start()),
        None => (line, ""),
    }
}

/// Runs the protocol loop on `input`/`output` until `quit` or end of input. The first non-empty
/// line picks the protocol: `xboard` (or `protover`) starts CECP, anything else UCI.
pub fn run(input: Box<dyn BufRead + Send>, output: Output) -> Result<(), String> {
    let (sender, events) = mpsc::channel();
    spawn_reader(input, sender.clone());
    let first = loop {
        match events.recv() {
            Ok(Event::Line(line)) if line.trim().is_empty() => continue,
            Ok(Event::Line(line)) => break line,
            Ok(_) | Err(_) => return Ok(()),
        }
    };
    let (command, _) = split_command(&first);
    if command == "xboard" || command == "protover" {
        run_loop(xboard::XBoard::new(output, sender)?, first, events)
    } else {
        run_loop(uci::Uci::new(output, sender)?, first, events)
    }
}

/// What UCI and XBoard each do with the events of the shared loop.
trait Protocol {
    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool;
    /// The search with this id has finished.
    fn search_done(&mut self, id: u64);
    /// Runs after every event (XBoard answers held pings here).
    fn after_event(&mut self) {}
    fn engine(&mut self) -> &mut engine::Engine;
}

/// Runs `protocol` until `quit` or end of input; `first` is the line that chose the protocol.
fn run_loop<P: Protocol>(
    mut protocol: P,
    first: String,
    events: Receiver<Event>,
) -> Result<(), String> {
    let mut pending = Some(first);
    loop {
        let event = match pending.take() {
            Some(line) => Event::Line(line),
            None => match next_event(&events) {
                Some(e) => e,
                None => break,
            },
        };
        match event {
            Event::Line(line) => {
                if !protocol.command(&line) {
                    break;
                }
            }
            Event::Eof => break,
            Event::SearchDone(id) => protocol.search_done(id),
        }
        protocol.after_event();
    }
    let _ = protocol.engine().halt();
    Ok(())
}

/// Waits for the next event; `None` when every sender is gone (cannot happen while the loop
/// holds its own sender, but a closed channel must not panic).
fn next_event(events: &Receiver<Event>) -> Option<Event> {
    events.recv().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_command_separates_first_word() {
        assert_eq!(
            split_command("  position startpos moves e2e4 "),
            ("position", "startpos moves e2e4")
        );
        assert_eq!(split_command("uci"), ("uci", ""));
        assert_eq!(split_command(""), ("", ""));
        assert_eq!(split_command("go\tdepth 3"), ("go", "depth 3"));
    }

    #[test]
    fn counts_saturate_and_clamp() {
        assert_eq!(parse_count("300"), Some(300));
        assert_eq!(parse_count("-50"), Some(0));
        assert_eq!(parse_count("+7"), Some(7));
        assert_eq!(parse_count("99999999999999999999999"), Some(u64::MAX));
        assert_eq!(parse_count("12x"), None);
        assert_eq!(parse_count("-"), None);
        assert_eq!(parse_count(""), None);
    }

    #[test]
    fn echo_cuts_long_lines() {
        let long = "x".repeat(10_000);
        assert_eq!(echo(&long).chars().count(), ECHO_LIMIT + 3);
        assert_eq!(echo("e2e4"), "e2e4");
    }

    #[test]
    fn reader_survives_invalid_utf8_and_crlf() {
        let (tx, rx) = mpsc::channel();
        let input: &'static [u8] = b"uci\r\n\xff\xfe bad\nisready";
        spawn_reader(Box::new(input), tx);
        let mut lines = Vec::new();
        while let Ok(ev) = rx.recv() {
            match ev {
                Event::Line(l) => lines.push(l),
                Event::Eof => break,
                Event::SearchDone(_) => unreachable!("the reader sends no search events"),
            }
        }
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], "uci");
        assert!(lines[1].ends_with(" bad"));
        assert_eq!(lines[2], "isready");
    }
}
