//! The XBoard (CECP v2) client.

use super::{seconds_text, supports_variant, FEATURE_TIMEOUT, HANDSHAKE_TIMEOUT, READY_TIMEOUT};
use super::{EngineScore, GameStart, Limit, Player, PlyText, Reply, Thinking, Turn};
use crate::process::{EngineProcess, Fault};
use crate::rules::{Dialect, RuleOptions};
use crate::spec::EngineSpec;
use std::time::Instant;

/// The features the referee understands and accepts; the others are answered `rejected`.
const KNOWN_FEATURES: &[&str] = &[
    "ping",
    "setboard",
    "playother",
    "san",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "egt",
    "option",
    "exclude",
    "setscore",
    "highlight",
    "done",
];

pub(super) struct XBoardPlayer {
    process: EngineProcess,
    ping: bool,
    setboard: bool,
    usermove: bool,
    san: bool,
    variants: Option<Vec<String>>,
    /// Plies of the game the engine has been told about (or played itself).
    known_plies: usize,
    /// In force mode the engine only records moves; `go` makes it play the side to move.
    forced: bool,
    next_ping: u32,
    thinking: Option<Thinking>,
}

/// Splits `a=1 b="x y" c=2` into pairs.
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().to_string();
        let (value, remaining) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.split_once('"') {
                Some((value, remaining)) => (value.to_string(), remaining),
                None => (quoted.to_string(), ""),
            }
        } else {
            match after.split_once(char::is_whitespace) {
                Some((value, remaining)) => (value.to_string(), remaining),
                None => (after.to_string(), ""),
            }
        };
        out.push((key, value));
        rest = remaining.trim_start();
    }
    out
}

impl XBoardPlayer {
    pub(super) fn start(
        mut process: EngineProcess,
        spec: &EngineSpec,
        rule_options: &RuleOptions,
    ) -> Result<XBoardPlayer, Fault> {
        process.send("xboard")?;
        process.send("protover 2")?;
        let mut player = XBoardPlayer {
            process,
            ping: false,
            setboard: false,
            usermove: false,
            san: false,
            variants: None,
            known_plies: 0,
            forced: true,
            next_ping: 1,
            thinking: None,
        };
        let mut deadline = Instant::now() + FEATURE_TIMEOUT;
        let mut done = false;
        while !done {
            let line = match player.process.recv(deadline) {
                Ok(line) => line,
                // A v1 engine sends no features: play on with the defaults.
                Err(Fault::Timeout) => break,
                Err(fault) => return Err(fault),
            };
            let Some(features) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            for (key, value) in parse_features(features) {
                let on = value == "1";
                match key.as_str() {
                    "ping" => player.ping = on,
                    "setboard" => player.setboard = on,
                    "usermove" => player.usermove = on,
                    "san" => player.san = on,
                    "variants" => {
                        player.variants =
                            Some(value.split(',').map(|v| v.trim().to_string()).collect())
                    }
                    "done" if on => done = true,
                    // CECP: done=0 lifts the 2-second limit until done=1.
                    "done" => deadline = Instant::now() + HANDSHAKE_TIMEOUT,
                    _ => {}
                }
                let verdict = if KNOWN_FEATURES.contains(&key.as_str()) {
                    "accepted"
                } else {
                    "rejected"
                };
                player.process.send(&format!("{verdict} {key}"))?;
            }
        }
        for (name, value) in rule_options {
            player.process.send(&format!("option {name}={value}"))?;
        }
        for (name, value) in &spec.options {
            player.process.send(&format!("option {name}={value}"))?;
        }
        Ok(player)
    }

    fn send_ply(&mut self, ply: &PlyText) -> Result<(), Fault> {
        let text = if self.san { &ply.record } else { &ply.xboard };
        for part in text.split_whitespace() {
            let line = if self.usermove {
                format!("usermove {part}")
            } else {
                part.to_string()
            };
            self.process.send(&line)?;
        }
        Ok(())
    }

    /// `ping N` and wait for `pong N`, so that everything before it has been digested.
    fn sync(&mut self) -> Result<(), Fault> {
        if !self.ping {
            return Ok(());
        }
        let n = self.next_ping;
        self.next_ping += 1;
        self.process.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + READY_TIMEOUT;
        let expected = format!("pong {n}");
        loop {
            match self.process.recv(deadline) {
                Ok(line) if line.trim() == expected => return Ok(()),
                Ok(line) if line.starts_with("Error") || line.starts_with("tellusererror") => {
                    return Err(Fault::Protocol(format!("setup failed: {}", line.trim())))
                }
                Ok(_) => {}
                Err(Fault::Timeout) => return Err(Fault::Protocol(format!("no {expected}"))),
                Err(fault) => return Err(fault),
            }
        }
    }

    /// Thinking output: `ply score time nodes pv...` (score in centipawns, mates as 100000+N).
    fn parse_thinking(&mut self, line: &str) -> bool {
        let mut tokens = line.split_whitespace();
        let (Some(depth), Some(score)) = (tokens.next(), tokens.next()) else {
            return false;
        };
        let (Ok(depth), Ok(score)) = (
            depth.trim_end_matches(['.', '&']).parse::<u32>(),
            score.parse::<i32>(),
        ) else {
            return false;
        };
        let score = if score >= 100_000 {
            EngineScore::Mate(score - 100_000)
        } else if score <= -100_000 {
            EngineScore::Mate(score + 100_000)
        } else {
            EngineScore::Centipawns(score)
        };
        self.thinking = Some(Thinking { score, depth });
        true
    }
}

impl Player for XBoardPlayer {
    fn name(&self) -> &str {
        self.process.name()
    }

    fn dialect(&self) -> Dialect {
        if self.san {
            Dialect::Record
        } else {
            Dialect::XBoard
        }
    }

    fn new_game(&mut self, start: &GameStart) -> Result<(), Fault> {
        let normal = start.xboard_variant.eq_ignore_ascii_case("normal");
        if !normal && !supports_variant(&self.variants, start.xboard_variant) {
            return Err(Fault::Protocol(format!(
                "does not play variant {}",
                start.xboard_variant
            )));
        }
        self.process.send("new")?;
        if !normal {
            self.process
                .send(&format!("variant {}", start.xboard_variant))?;
        }
        self.process.send("force")?;
        // A variant's `setup` must be read before the position is set (see tools/README.md).
        self.sync()?;
        if let Some((_, fen)) = &start.fen {
            if !self.setboard {
                return Err(Fault::Protocol(
                    "cannot be given a start position (setboard=0)".into(),
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
        self.known_plies = 0;
        self.forced = true;
        self.sync()
    }

    fn start_turn(&mut self, turn: &Turn) -> Result<(), Fault> {
        self.thinking = None;
        let pending: Vec<PlyText> = turn.plies[self.known_plies.min(turn.plies.len())..].to_vec();
        let own = turn.side.index();
        let clock_lines = match turn.limit {
            Limit::Clock { .. } => vec![
                format!("time {}", turn.clocks[own].as_millis() / 10),
                format!("otim {}", turn.clocks[1 - own].as_millis() / 10),
            ],
            _ => Vec::new(),
        };
        if self.forced {
            for ply in &pending {
                self.send_ply(ply)?;
            }
            for line in &clock_lines {
                self.process.send(line)?;
            }
            self.process.send("go")?;
            self.forced = false;
        } else {
            // A playing engine starts thinking on the opponent's move: clocks go first.
            for line in &clock_lines {
                self.process.send(line)?;
            }
            for ply in &pending {
                self.send_ply(ply)?;
            }
        }
        self.known_plies = turn.plies.len();
        Ok(())
    }

    fn read_reply(&mut self, deadline: Instant) -> Result<Reply, Fault> {
        loop {
            let line = self.process.recv(deadline)?;
            let line = line.trim();
            if let Some(text) = line.strip_prefix("move ") {
                return Ok(Reply::Move(text.trim().to_string()));
            }
            if line == "resign" {
                return Ok(Reply::Resign);
            }
            for result in ["1-0", "0-1", "1/2-1/2"] {
                if let Some(rest) = line.strip_prefix(result) {
                    if rest.is_empty() || rest.starts_with(char::is_whitespace) {
                        let comment = rest.trim().trim_start_matches('{').trim_end_matches('}');
                        return Ok(Reply::Claim {
                            result: result.to_string(),
                            comment: comment.trim().to_string(),
                        });
                    }
                }
            }
            if line.starts_with("Illegal move") {
                return Err(Fault::Protocol(format!("rejected a legal move: {line}")));
            }
            if line.starts_with(|c: char| c.is_ascii_digit()) {
                self.parse_thinking(line);
            }
        }
    }

    fn reply_time(&self) -> Instant {
        self.process.last_arrival()
    }

    fn take_thinking(&mut self) -> Option<Thinking> {
        self.thinking.take()
    }

    fn turn_accepted(&mut self, plies: usize) {
        self.known_plies = plies;
    }

    fn finish(mut self: Box<Self>, result: &str, comment: &str) {
        let _ = self.process.send(&format!("result {result} {{{comment}}}"));
        self.process.shutdown("quit");
    }

    fn quit(self: Box<Self>) {
        self.process.shutdown("quit");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_with_quotes() {
        let features =
            parse_features(r#"myname="Fairy-Max 5.0b" ping=1 variants="normal,shatranj" done=0"#);
        assert_eq!(
            features,
            vec![
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("ping".to_string(), "1".to_string()),
                ("variants".to_string(), "normal,shatranj".to_string()),
                ("done".to_string(), "0".to_string()),
            ]
        );
        assert!(parse_features("").is_empty());
        // Garbage without '=' yields nothing rather than a panic.
        assert!(parse_features("garbage").is_empty());
    }
}
