//! A scripted engine for testing `kaleido match`: speaks UCI or XBoard, keeps the real position
//! with Kaleido's rules, plays pseudo-random legal moves, and misbehaves on demand.
//!
//! `fake_engine [--proto uci|xboard] [--mode MODE] [--after N] [--seed S] [--log FILE]`
//! MODE (from the engine's N-th own move on, N = 1 by default):
//! - `legal`       plays legal moves (never misbehaves);
//! - `illegal`     plays a well-formed move that is not legal;
//! - `garbage`     sends noise lines (invalid UTF-8 too) and a garbage move;
//! - `crash`       exits with status 3 instead of moving;
//! - `hang`        never answers again (not even `quit`);
//! - `false-claim` (XBoard) claims a draw by repetition instead of moving;
//! - `resign`      (XBoard) resigns.
//!
//! `--log FILE` appends every line received, so tests can check what the referee sent.

use kaleido::game::{Dialect, MoveError, VariantOptions};
use kaleido::rng::SplitMix64;
use kaleido::session::Session;
use kaleido::variants;
use std::io::{BufRead, Write};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Legal,
    Illegal,
    Garbage,
    Crash,
    Hang,
    FalseClaim,
    Resign,
}

struct Fake {
    xboard: bool,
    mode: Mode,
    after: u32,
    seed: u64,
    log: Option<std::fs::File>,
    session: Option<Box<dyn Session>>,
    variant: String,
    options: VariantOptions,
    own_moves: u32,
    /// XBoard: only record moves.
    forced: bool,
    /// XBoard: the side the engine plays after `go`.
    my_side: Option<kaleido::game::Side>,
    /// XBoard: parts of an opponent's multi-part turn received so far.
    parts: Vec<String>,
    post: bool,
}

fn out(line: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{line}");
    let _ = stdout.flush();
}

impl Fake {
    fn dialect(&self) -> Dialect {
        if self.xboard {
            Dialect::XBoard
        } else {
            Dialect::Uci
        }
    }

    /// Rule options go to the session; engine options (Hash...) are accepted and ignored.
    fn set_option(&mut self, name: &str, value: &str) {
        let variant = if self.variant == "normal" {
            "chess"
        } else {
            self.variant.as_str()
        };
        let is_rule = variants::find(variant)
            .is_some_and(|v| v.options.iter().any(|o| o.name.eq_ignore_ascii_case(name)));
        if is_rule {
            self.options.set(name, value);
        }
    }

    fn reset(&mut self) {
        let variant = if self.variant == "normal" {
            "chess"
        } else {
            self.variant.as_str()
        };
        self.session = variants::find(variant).and_then(|v| v.new_session(&self.options).ok());
        self.parts.clear();
    }

    /// SplitMix64 of the seed and the ply: the same game replays the same moves.
    fn pick(&self, n: usize, ply: usize) -> usize {
        let mut rng = SplitMix64::new(self.seed);
        rng.advance(ply as u64);
        rng.below(n)
    }

    /// A move in this engine's dialect that reads like a move but is not legal here.
    fn illegal_move(&self, session: &dyn Session) -> String {
        let legal = session.legal_moves(self.dialect());
        let files = "abcdefgh";
        for from_file in files.chars() {
            for from_rank in 1..=8 {
                for to_file in files.chars() {
                    for to_rank in 1..=8 {
                        let text = format!("{from_file}{from_rank}{to_file}{to_rank}");
                        if from_file == to_file && from_rank == to_rank {
                            continue;
                        }
                        // Well-formed and rejected by the rules (not just absent from the list).
                        let mut probe = session.clone_box();
                        if !legal.contains(&text)
                            && matches!(
                                probe.play(&text, self.dialect()),
                                Err(MoveError::Illegal(_))
                            )
                        {
                            return text;
                        }
                    }
                }
            }
        }
        "a1a1".into()
    }

    /// The engine's turn: a move, or the misbehaviour of its mode.
    fn think(&mut self) {
        self.own_moves += 1;
        let misbehave = self.own_moves >= self.after;
        let mode = if misbehave { self.mode } else { Mode::Legal };
        let Some(session) = self.session.as_ref() else {
            out("Error (no variant): go");
            return;
        };
        let text = match mode {
            Mode::Crash => std::process::exit(3),
            Mode::Hang => {
                // Swallow everything from now on, `quit` included.
                for _ in std::io::stdin().lock().lines() {}
                std::process::exit(0);
            }
            Mode::FalseClaim => {
                out("1/2-1/2 {Draw by repetition}");
                return;
            }
            Mode::Resign => {
                out("resign");
                return;
            }
            Mode::Garbage => {
                out("\u{1}\u{7f}~~ this is not a protocol line ~~");
                let mut stdout = std::io::stdout().lock();
                let _ = stdout.write_all(b"\xff\xfe\xfd garbage bytes\n");
                let _ = stdout.flush();
                "@#!zz9".to_string()
            }
            Mode::Illegal => self.illegal_move(session.as_ref()),
            Mode::Legal => {
                let legal = session.legal_moves(self.dialect());
                if legal.is_empty() {
                    out("Error (no legal move): go");
                    return;
                }
                legal[self.pick(legal.len(), session.plies())].clone()
            }
        };
        let score = session.evaluate();
        if self.xboard {
            if self.post {
                out(&format!("1 {score} 0 1 {text}"));
            }
            // Multi-part turns go out as one `move` line each; the own position follows.
            for part in text.split_whitespace() {
                out(&format!("move {part}"));
            }
            if let Some(session) = self.session.as_mut() {
                let _ = session.play(&text, Dialect::XBoard);
            }
        } else {
            out(&format!(
                "info depth 1 score cp {score} nodes 1 time 0 pv {text}"
            ));
            out(&format!("bestmove {text}"));
        }
    }

    fn uci_command(&mut self, line: &str) {
        let mut tokens = line.split_whitespace();
        match tokens.next().unwrap_or("") {
            "uci" => {
                out("id name FakeEngine");
                let names: Vec<String> = variants::names().map(|n| format!("var {n}")).collect();
                out(&format!(
                    "option name UCI_Variant type combo default chess {}",
                    names.join(" ")
                ));
                out("uciok");
            }
            "isready" => out("readyok"),
            "setoption" => {
                let rest: Vec<&str> = tokens.collect();
                let text = rest.join(" ");
                if let Some((name, value)) = text
                    .strip_prefix("name ")
                    .and_then(|t| t.split_once(" value "))
                {
                    if name.eq_ignore_ascii_case("UCI_Variant") {
                        self.variant = value.to_string();
                    } else {
                        self.set_option(name, value);
                    }
                }
            }
            "ucinewgame" => self.reset(),
            "position" => {
                self.reset();
                let rest: Vec<&str> = tokens.collect();
                let (fen, moves) = match rest.iter().position(|t| *t == "moves") {
                    Some(i) => (&rest[..i], &rest[i + 1..]),
                    None => (&rest[..], &[][..]),
                };
                let Some(session) = self.session.as_mut() else {
                    return;
                };
                if fen.first() == Some(&"fen") {
                    let _ = session.set_fen(&fen[1..].join(" "), Dialect::Uci);
                }
                for mv in moves {
                    if session.play(mv, Dialect::Uci).is_err() {
                        out(&format!("info string bad move {mv}"));
                    }
                }
            }
            "go" => self.think(),
            "quit" => std::process::exit(0),
            _ => {}
        }
    }

    fn xboard_command(&mut self, line: &str) {
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        match command {
            "protover" => {
                let mut names: Vec<&str> = variants::names().collect();
                names.push("normal");
                out(&format!(
                    "feature ping=1 setboard=1 usermove=1 myname=\"FakeEngine\" variants=\"{}\" done=1",
                    names.join(",")
                ));
            }
            "new" => {
                self.variant = "chess".into();
                self.reset();
                self.forced = false;
                self.my_side = Some(kaleido::game::Side::Black);
            }
            "variant" => {
                self.variant = rest.trim().to_string();
                self.reset();
            }
            "option" => {
                if let Some((name, value)) = rest.split_once('=') {
                    self.set_option(name.trim(), value.trim());
                }
            }
            "setboard" => {
                if let Some(session) = self.session.as_mut() {
                    if session.set_fen(rest.trim(), Dialect::XBoard).is_err() {
                        out(&format!("tellusererror Illegal position: {rest}"));
                    }
                }
            }
            "force" => self.forced = true,
            "post" => self.post = true,
            "nopost" => self.post = false,
            "ping" => out(&format!("pong {}", rest.trim())),
            "go" => {
                self.forced = false;
                self.my_side = self.session.as_ref().map(|s| s.side_to_move());
                self.think();
            }
            "quit" => std::process::exit(0),
            "xboard" | "accepted" | "rejected" | "level" | "st" | "sd" | "time" | "otim"
            | "easy" | "hard" | "result" | "random" | "computer" => {}
            _ => {
                // `usermove X` or a bare move.
                let text = if command == "usermove" {
                    rest.trim()
                } else {
                    line.trim()
                };
                self.opponent_move(text);
            }
        }
    }

    fn opponent_move(&mut self, part: &str) {
        let Some(session) = self.session.as_mut() else {
            out(&format!("Error (no game): {part}"));
            return;
        };
        self.parts.push(part.to_string());
        let turn = self.parts.join(" ");
        match session.play(&turn, Dialect::XBoard) {
            Ok(()) => self.parts.clear(),
            Err(MoveError::Incomplete) => return,
            Err(_) => {
                self.parts.clear();
                out(&format!("Illegal move: {turn}"));
                return;
            }
        }
        let to_move = session.side_to_move();
        if !self.forced && self.my_side == Some(to_move) && session.outcome().is_none() {
            self.think();
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let mode = match value("--mode").as_deref().unwrap_or("legal") {
        "legal" => Mode::Legal,
        "illegal" => Mode::Illegal,
        "garbage" => Mode::Garbage,
        "crash" => Mode::Crash,
        "hang" => Mode::Hang,
        "false-claim" => Mode::FalseClaim,
        "resign" => Mode::Resign,
        other => {
            eprintln!("fake_engine: unknown mode {other}");
            std::process::exit(2);
        }
    };
    let mut fake = Fake {
        xboard: value("--proto").as_deref() == Some("xboard"),
        mode,
        after: value("--after").and_then(|n| n.parse().ok()).unwrap_or(1),
        seed: value("--seed").and_then(|n| n.parse().ok()).unwrap_or(0),
        log: value("--log").and_then(|path| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .ok()
        }),
        session: None,
        variant: "chess".into(),
        options: VariantOptions::default(),
        own_moves: 0,
        forced: false,
        my_side: None,
        parts: Vec::new(),
        post: false,
    };
    fake.reset();
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(log) = fake.log.as_mut() {
            let _ = writeln!(log, "{line}");
        }
        if fake.xboard {
            fake.xboard_command(line.trim());
        } else {
            fake.uci_command(line.trim());
        }
    }
}
