//! A scripted engine for testing `kaleido match`: speaks UCI or XBoard, keeps the real position
//! with Kaleido's rules, plays pseudo-random legal moves, and misbehaves on demand.
//!
//! `fake_engine [--proto uci|xboard] [--mode MODE] [--after N] [--seed S] [--log FILE] [OPTIONS]`
//! MODE (from the engine's N-th own move on, N = 1 by default):
//! - `legal`       plays legal moves (never misbehaves);
//! - `illegal`     plays a well-formed move that is not legal;
//! - `garbage`     sends noise lines (invalid UTF-8 too) and a garbage move;
//! - `crash`       exits with status 3 instead of moving;
//! - `hang`        never answers again (not even `quit`);
//! - `false-claim` (XBoard) claims a draw by repetition instead of moving;
//! - `resign`      (XBoard) resigns;
//! - `reject`      (XBoard) answers the opponent's (legal) move with `Illegal move: X`.
//!
//! `--log FILE` appends every line received, so tests can check what the referee sent.
//!
//! How an XBoard engine behaves (the ways real engines differ, each pinned by a test):
//! - `--features TEXT` the `feature` list sent after `protover`, `+` for a space (`none`: none, a protocol
//!   version 1 engine that stays silent; `error`: answers `Error (unknown command): protover`);
//! - `--feature-delay MS` waits before answering `protover` (reading nothing meanwhile);
//! - `--done0` sends `feature done=0` at once, the rest after the delay;
//! - `--stall` answers `protover` only once another line arrives (GNU Chess 6);
//! - `--double-pong` answers every `ping` twice and sends a stray `pong 0` first (GNU Chess 6);
//! - `--move-format coord|san|numbered|people` its own moves as `move e2e4`, `move Nf3`
//!   (Phalanx), `1. ... e2e4` (GNU Chess) or only `My move is : e2e4` (what GNU Chess prints
//!   for people, which no GUI reads);
//! - `--unknown-as-illegal` answers `computer` with `Illegal move: computer` (Phalanx).
//!
//! `--think MS` sleeps before every move (a match that is still running when a test stops it);
//! `--ignore-quit` neither leaves on `quit` nor when its input closes: only a signal ends it;
//! `--no-variant-option` (UCI) announces no UCI_Variant; `--option-names A,B` (UCI) announces
//! only these options besides it.

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
    Reject,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum MoveFormat {
    Coord,
    San,
    Numbered,
    People,
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
    features: String,
    feature_delay: std::time::Duration,
    done0: bool,
    stall: bool,
    /// `--stall`: `protover` was read and is not answered yet.
    stalled: bool,
    double_pong: bool,
    move_format: MoveFormat,
    think: std::time::Duration,
    variant_option: bool,
    option_names: Option<Vec<String>>,
    received_moves: u32,
    unknown_as_illegal: bool,
    ignore_quit: bool,
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
            // A rejecting engine still plays its own moves.
            Mode::Legal | Mode::Reject => {
                let legal = session.legal_moves(self.dialect());
                if legal.is_empty() {
                    out("Error (no legal move): go");
                    return;
                }
                legal[self.pick(legal.len(), session.plies())].clone()
            }
        };
        let score = session.evaluate();
        std::thread::sleep(self.think);
        if self.xboard {
            if self.post {
                out(&format!("1 {score} 0 1 {text}"));
            }
            let number = session.move_number();
            let record = session
                .translate_move(&text, Dialect::XBoard, Dialect::Record)
                .unwrap_or_else(|_| text.clone());
            match self.move_format {
                // Multi-part turns go out as one `move` line each; the own position follows.
                MoveFormat::Coord => {
                    for part in text.split_whitespace() {
                        out(&format!("move {part}"));
                    }
                }
                MoveFormat::San => out(&format!("move {record}")),
                MoveFormat::Numbered => out(&format!("{number}. ... {text}")),
                MoveFormat::People => out(&format!("My move is : {text}")),
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
                if self.variant_option {
                    let names: Vec<String> =
                        variants::names().map(|n| format!("var {n}")).collect();
                    out(&format!(
                        "option name UCI_Variant type combo default chess {}",
                        names.join(" ")
                    ));
                }
                let names = self.option_names.clone().unwrap_or_else(|| {
                    // By default every rule option of every variant, and Hash.
                    let mut all = vec!["Hash".to_string()];
                    for info in variants::VARIANTS {
                        for option in info.options {
                            if !all.iter().any(|a| a == option.name) {
                                all.push(option.name.to_string());
                            }
                        }
                    }
                    all
                });
                for name in names {
                    out(&format!("option name {name} type string default x"));
                }
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
            "quit" if self.ignore_quit => {}
            "quit" => std::process::exit(0),
            _ => {}
        }
    }

    fn xboard_command(&mut self, line: &str) {
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        match command {
            "protover" if self.stall => self.stalled = true,
            "protover" => self.answer_protover(),
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
            "computer" if self.unknown_as_illegal => out("Illegal move: computer"),
            "ping" => {
                out(&format!("pong {}", rest.trim()));
                if self.double_pong {
                    out(&format!("pong {}", rest.trim()));
                }
            }
            "go" => {
                self.forced = false;
                self.my_side = self.session.as_ref().map(|s| s.side_to_move());
                self.think();
            }
            "quit" if self.ignore_quit => {}
            "quit" => std::process::exit(0),
            "xboard" | "accepted" | "rejected" | "level" | "st" | "sd" | "time" | "otim"
            | "easy" | "hard" | "result" | "random" | "computer" | "white" | "black" | "" => {}
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

    /// The `feature` lines, as the options ask.
    fn answer_protover(&mut self) {
        if self.double_pong {
            out("pong 0");
        }
        match self.features.as_str() {
            "none" => return,
            "error" => {
                out("Error (unknown command): protover");
                return;
            }
            _ => {}
        }
        if self.done0 {
            out("feature done=0");
        }
        std::thread::sleep(self.feature_delay);
        out(&format!("feature {} done=1", self.features));
    }

    fn opponent_move(&mut self, part: &str) {
        self.received_moves += 1;
        if self.mode == Mode::Reject && self.received_moves >= self.after {
            out(&format!("Illegal move: {part}"));
            return;
        }
        let Some(session) = self.session.as_mut() else {
            out(&format!("Error (no game): {part}"));
            return;
        };
        self.parts.push(part.to_string());
        let turn = self.parts.join(" ");
        // With `san=1` among its features the engine is sent SAN.
        let dialect = if self.features.contains("san=1") {
            Dialect::Record
        } else {
            Dialect::XBoard
        };
        match session.play(&turn, dialect) {
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
    let flag = |name: &str| args.iter().any(|a| a == name);
    let millis = |name: &str| {
        std::time::Duration::from_millis(value(name).and_then(|n| n.parse().ok()).unwrap_or(0))
    };
    let mode = match value("--mode").as_deref().unwrap_or("legal") {
        "legal" => Mode::Legal,
        "illegal" => Mode::Illegal,
        "garbage" => Mode::Garbage,
        "crash" => Mode::Crash,
        "hang" => Mode::Hang,
        "false-claim" => Mode::FalseClaim,
        "resign" => Mode::Resign,
        "reject" => Mode::Reject,
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
        // One argument: `+` stands for a space.
        features: value("--features")
            .map(|f| f.replace('+', " "))
            .unwrap_or_else(|| {
                let mut names: Vec<&str> = variants::names().collect();
                names.push("normal");
                format!(
                    "ping=1 setboard=1 usermove=1 myname=\"FakeEngine\" variants=\"{}\"",
                    names.join(",")
                )
            }),
        feature_delay: millis("--feature-delay"),
        done0: flag("--done0"),
        stall: flag("--stall"),
        stalled: false,
        double_pong: flag("--double-pong"),
        move_format: match value("--move-format").as_deref() {
            Some("san") => MoveFormat::San,
            Some("numbered") => MoveFormat::Numbered,
            Some("people") => MoveFormat::People,
            _ => MoveFormat::Coord,
        },
        think: millis("--think"),
        variant_option: !flag("--no-variant-option"),
        option_names: value("--option-names")
            .map(|list| list.split(',').map(str::to_string).collect()),
        received_moves: 0,
        unknown_as_illegal: flag("--unknown-as-illegal"),
        ignore_quit: flag("--ignore-quit"),
    };
    fake.reset();
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(log) = fake.log.as_mut() {
            let _ = writeln!(log, "{line}");
        }
        if fake.xboard {
            if fake.stalled {
                // GNU Chess 6: `protover` is answered once the next line has arrived.
                fake.stalled = false;
                fake.answer_protover();
            }
            fake.xboard_command(line.trim());
        } else {
            fake.uci_command(line.trim());
        }
    }
    if fake.ignore_quit {
        // Input closed: a stuck engine stays until it is killed.
        loop {
            std::thread::sleep(std::time::Duration::from_secs(60));
        }
    }
}
