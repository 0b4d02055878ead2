//! The XBoard (CECP v2) client, behaving the way XBoard 4.9 does with an engine in two-machine
//! mode (docs/match.md lists every command and why).

use super::cecp::{classify, Done, Features, Line};
use super::{seconds_text, some_of, supports_variant, READY_TIMEOUT};
use super::{EngineInfo, EngineScore, GameStart, Limit, Player, PlyText, Reply, Thinking, Turn};
use crate::process::{EngineProcess, Fault, Signal};
use crate::rules::{Dialect, RuleOptions, Side};
use crate::spec::EngineSpec;
use std::time::{Duration, Instant};

/// After `done=0` the wait lasts until `done=1`; XBoard allows an hour, the referee a minute.
const DONE0_TIMEOUT: Duration = Duration::from_secs(60);
/// Silence this long before the first `feature` line earns the engine an empty line. GNU Chess 6
/// answers `protover` only once more input arrives (its adapter thread waits for the stdin lock
/// that its input thread holds in a blocking read): measured, it needs one to seven such lines,
/// and starts in 0.3 s when they come every 100 ms, in 1-3.5 s at 500 ms. An empty line is no
/// command to any engine.
const NUDGE_AFTER: Duration = Duration::from_millis(200);

pub(super) struct XBoardPlayer {
    process: EngineProcess,
    features: Features,
    /// Plies of the game the engine has been told about (or played itself).
    known_plies: usize,
    /// In force mode the engine only records moves; `go` makes it play the side to move.
    forced: bool,
    /// Told to think and not yet answered: XBoard interrupts such an engine (SIGINT, when
    /// `sigint=1`) before it sends it anything else.
    maybe_thinking: bool,
    /// The last move the referee sent, for an `Illegal move` reply's message.
    last_sent: Option<String>,
    next_ping: u32,
    thinking: Option<Thinking>,
}

impl XBoardPlayer {
    pub(super) fn start(
        process: EngineProcess,
        spec: &EngineSpec,
        rule_options: &RuleOptions,
        feature_timeout: Duration,
    ) -> Result<XBoardPlayer, Fault> {
        let mut player = XBoardPlayer {
            process,
            features: Features::default(),
            known_plies: 0,
            forced: true,
            maybe_thinking: false,
            last_sent: None,
            next_ping: 1,
            thinking: None,
        };
        player.handshake(feature_timeout)?;
        for (name, value) in rule_options.iter().chain(&spec.options) {
            player.process.send(&format!("option {name}={value}"))?;
        }
        Ok(player)
    }

    /// `xboard`, `protover 2`, then features until `done=1`, or protocol version 1's defaults
    /// after the timeout (features that come later still count: `absorb`).
    fn handshake(&mut self, feature_timeout: Duration) -> Result<(), Fault> {
        self.process.send("xboard")?;
        self.process.send("protover 2")?;
        let mut deadline = Instant::now() + feature_timeout;
        while !self.features.done {
            let slice = deadline.min(Instant::now() + NUDGE_AFTER);
            match self.process.recv(slice) {
                Ok(line) => {
                    let wait_longer = match classify(&line) {
                        Line::Feature(text) => self.apply_features(&text)? == Some(Done::Later),
                        // XBoard's sign of a version 1 engine: it does not know `protover`.
                        Line::Error(text) if text.contains("protover") => break,
                        _ => false,
                    };
                    if wait_longer {
                        deadline = Instant::now() + DONE0_TIMEOUT;
                    }
                }
                Err(Fault::Timeout) if Instant::now() >= deadline => break,
                Err(Fault::Timeout) if !self.features.any => self.process.send("")?,
                Err(Fault::Timeout) => {}
                Err(fault) => return Err(fault),
            }
        }
        Ok(())
    }

    /// Applies a `feature` line whenever it comes and answers each feature.
    fn apply_features(&mut self, text: &str) -> Result<Option<Done>, Fault> {
        let (answers, done) = self.features.apply(text);
        for answer in answers {
            self.process.send(&answer)?;
        }
        Ok(done)
    }

    /// Reads whatever has already arrived (late features above all) before sending more.
    fn absorb(&mut self) -> Result<(), Fault> {
        while let Some(line) = self.process.try_recv() {
            self.digest(&line)?;
        }
        Ok(())
    }

    /// What every line means outside a wait for something particular; a reply to the referee's
    /// own move (`Illegal move`) is the engine's bug and ends its game.
    fn digest(&mut self, line: &str) -> Result<Option<Reply>, Fault> {
        match classify(line) {
            Line::Feature(text) => {
                self.apply_features(&text)?;
            }
            Line::Move(text) => return Ok(Some(Reply::Move(text))),
            Line::Resign => return Ok(Some(Reply::Resign)),
            Line::Claim { result, comment } => return Ok(Some(Reply::Claim { result, comment })),
            // Old engines answer every command they do not know with `Illegal move: COMMAND`
            // (Phalanx: `Illegal move: computer`); only one naming the referee's move counts.
            Line::Illegal(text) if self.rejects_last_move(&text) => {
                let sent = self.last_sent.as_deref().unwrap_or_default();
                return Err(Fault::Protocol(format!(
                    "answered the referee's legal move {sent} with '{text}' (a bug of the engine)"
                )));
            }
            Line::Thinking { depth, score } => {
                let score = if score >= 100_000 {
                    EngineScore::Mate(score - 100_000)
                } else if score <= -100_000 {
                    EngineScore::Mate(score + 100_000)
                } else {
                    EngineScore::Centipawns(score)
                };
                self.thinking = Some(Thinking { score, depth });
            }
            // Stray or repeated pongs (GNU Chess answers every ping twice), errors about commands
            // the engine does not know (`computer`), banners: nothing to act on.
            Line::Illegal(_) | Line::Pong(_) | Line::Error(_) | Line::Other => {}
        }
        Ok(None)
    }

    /// Whether `Illegal move...` refers to the last move sent: it names it (or one of its parts),
    /// or names nothing at all.
    fn rejects_last_move(&self, text: &str) -> bool {
        let Some(sent) = self.last_sent.as_deref() else {
            return false;
        };
        let named = text.rsplit_once(':').map(|(_, m)| m.trim()).unwrap_or("");
        named.is_empty() || sent.split_whitespace().any(|part| part == named)
    }

    fn send_ply(&mut self, ply: &PlyText) -> Result<(), Fault> {
        let text = if self.features.san {
            &ply.record
        } else {
            &ply.xboard
        };
        for part in text.split_whitespace() {
            let line = if self.features.usermove {
                format!("usermove {part}")
            } else {
                part.to_string()
            };
            self.process.send(&line)?;
        }
        self.last_sent = Some(text.clone());
        Ok(())
    }

    /// `ping N` and wait for `pong N`, so that everything before it has been digested (a
    /// `setup` the engine prints, a refused `setboard`). Without `ping=1` there is no way to know.
    fn sync(&mut self) -> Result<(), Fault> {
        if !self.features.ping {
            return Ok(());
        }
        let n = self.next_ping;
        self.next_ping += 1;
        self.process.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + READY_TIMEOUT;
        loop {
            let line = match self.process.recv(deadline) {
                Ok(line) => line,
                Err(Fault::Timeout) => {
                    return Err(Fault::Protocol(format!(
                        "no pong {n} within {} s after ping {n}; {}",
                        READY_TIMEOUT.as_secs(),
                        self.process.recent()
                    )))
                }
                Err(fault) => return Err(fault),
            };
            match classify(&line) {
                Line::Pong(m) if m == n.to_string() => return Ok(()),
                Line::Error(text) if text.contains("variant") || text.contains("setboard") => {
                    return Err(Fault::Protocol(format!("setup failed: {text}")))
                }
                _ if line.starts_with("tellusererror") => {
                    return Err(Fault::Protocol(format!("setup failed: {}", line.trim())))
                }
                _ => {
                    self.digest(&line)?;
                }
            }
        }
    }

    /// XBoard's SIGINT before a command to an engine that may be thinking (`sigint=1`).
    fn interrupt_if_thinking(&mut self) {
        if self.maybe_thinking && self.features.sigint {
            self.process.signal(Signal::Interrupt);
        }
        self.maybe_thinking = false;
    }
}

fn colour(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

impl Player for XBoardPlayer {
    fn name(&self) -> &str {
        self.process.name()
    }

    fn dialects(&self) -> &'static [Dialect] {
        // XBoard reads SAN and coordinates from any engine; so does the referee.
        &[Dialect::XBoard, Dialect::Record]
    }

    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: self.features.myname.clone(),
            variants: self.features.variants.clone(),
            setboard: self.features.setboard,
            options: self.features.options.clone(),
        }
    }

    fn new_game(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.absorb()?;
        if !supports_variant(&self.features.variants, start.xboard_variant) {
            let listed = self.features.variants.as_deref().unwrap_or_default();
            return Err(Fault::Protocol(format!(
                "does not play variant {} (its feature variants: {})",
                start.xboard_variant,
                some_of(listed)
            )));
        }
        self.process.send("new")?;
        if !start.xboard_variant.eq_ignore_ascii_case("normal") {
            self.process
                .send(&format!("variant {}", start.xboard_variant))?;
        }
        self.process.send("force")?;
        // A variant's `setup` must be read before the position is set (see docs/match.md).
        self.sync()?;
        if let Some((_, fen)) = &start.fen {
            if !self.features.setboard {
                return Err(Fault::Protocol(
                    "cannot be given a start position (feature setboard=0)".into(),
                ));
            }
            self.process.send(&format!("setboard {fen}"))?;
        }
        match start.limit {
            Limit::Clock { base, inc } => {
                let seconds = base.as_secs();
                let base_text = if seconds % 60 == 0 && seconds > 0 {
                    (seconds / 60).to_string()
                } else {
                    format!("{}:{:02}", seconds / 60, seconds % 60)
                };
                self.process
                    .send(&format!("level 0 {base_text} {}", seconds_text(*inc)))?;
            }
            Limit::Depth(depth) => {
                // Depth is the limit; the time per move only keeps the engine inside our timeout.
                let seconds = (start.move_timeout.as_secs() / 2).max(1);
                self.process.send(&format!("st {seconds}"))?;
                self.process.send(&format!("sd {depth}"))?;
            }
            Limit::Nodes(_) => {
                return Err(Fault::Protocol("XBoard has no node limit".into()));
            }
        }
        self.process.send("post")?;
        self.process.send("easy")?;
        // As XBoard in two-machine mode: the opponent is a program, not a person.
        self.process.send("computer")?;
        self.known_plies = 0;
        self.forced = true;
        self.maybe_thinking = false;
        self.sync()
    }

    fn start_turn(&mut self, turn: &Turn) -> Result<(), Fault> {
        self.absorb()?;
        self.thinking = None;
        let pending: Vec<PlyText> = turn.plies[self.known_plies.min(turn.plies.len())..].to_vec();
        let own = turn.side.index();
        let clocks = matches!(turn.limit, Limit::Clock { .. }) && self.features.time;
        let send_clocks = |player: &mut XBoardPlayer| -> Result<(), Fault> {
            if clocks {
                let centis = |d: Duration| d.as_millis() / 10;
                player
                    .process
                    .send(&format!("time {}", centis(turn.clocks[own])))?;
                player
                    .process
                    .send(&format!("otim {}", centis(turn.clocks[1 - own])))?;
            }
            Ok(())
        };
        // XBoard's idioms: the clocks go before the moves; an engine leaving force mode gets its
        // colour before `go` with colors=1, and the "GNU Chess 4 kludge" (the other colour before
        // the clocks) when it is to move with no move to digest first.
        if self.forced && self.features.colors && clocks && pending.is_empty() {
            self.process.send(colour(turn.side.other()))?;
        }
        send_clocks(self)?;
        for ply in &pending {
            self.send_ply(ply)?;
        }
        if self.forced {
            if self.features.colors {
                self.process.send(colour(turn.side))?;
            }
            self.process.send("go")?;
            self.forced = false;
        }
        self.maybe_thinking = true;
        self.known_plies = turn.plies.len();
        Ok(())
    }

    fn read_reply(&mut self, deadline: Instant) -> Result<Reply, Fault> {
        loop {
            let line = self.process.recv(deadline)?;
            if let Some(reply) = self.digest(&line)? {
                if matches!(reply, Reply::Move(_)) {
                    self.maybe_thinking = false;
                }
                return Ok(reply);
            }
        }
    }

    fn reply_time(&self) -> Instant {
        self.process.last_arrival()
    }

    fn recent(&self) -> String {
        self.process.recent()
    }

    fn take_thinking(&mut self) -> Option<Thinking> {
        self.thinking.take()
    }

    fn turn_accepted(&mut self, plies: usize) {
        self.known_plies = plies;
    }

    fn finish(mut self: Box<Self>, result: &str, comment: &str) {
        self.interrupt_if_thinking();
        let _ = self.process.send(&format!("result {result} {{{comment}}}"));
        let sigterm = self.features.sigterm;
        self.process.shutdown("quit", sigterm);
    }

    fn quit(mut self: Box<Self>) {
        self.interrupt_if_thinking();
        let sigterm = self.features.sigterm;
        self.process.shutdown("quit", sigterm);
    }
}
