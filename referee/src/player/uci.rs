//! The UCI client.

use super::{millis, some_of, supports_variant};
use super::{
    EngineInfo, EngineScore, GameStart, Limit, Player, Reply, Thinking, Turn, HANDSHAKE_TIMEOUT,
    READY_TIMEOUT,
};
use crate::process::{EngineProcess, Fault};
use crate::rules::Dialect;
use crate::spec::EngineSpec;
use std::time::Instant;

pub(super) struct UciPlayer {
    process: EngineProcess,
    /// Names of the options the engine listed.
    options: Vec<String>,
    variants: Option<Vec<String>>,
    /// `id name`.
    id_name: Option<String>,
    engine_options: Vec<(String, String)>,
    thinking: Option<Thinking>,
}

impl UciPlayer {
    pub(super) fn start(mut process: EngineProcess, spec: &EngineSpec) -> Result<UciPlayer, Fault> {
        process.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut options = Vec::new();
        let mut variants = None;
        let mut id_name = None;
        loop {
            let line = match process.recv(deadline) {
                Ok(line) => line,
                Err(Fault::Timeout) => {
                    return Err(Fault::Protocol(format!(
                        "no uciok within {} s after uci (an XBoard engine needs proto=xboard); {}",
                        HANDSHAKE_TIMEOUT.as_secs(),
                        process.recent()
                    )))
                }
                Err(fault) => return Err(fault),
            };
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                id_name = Some(name.trim().to_string()).filter(|n| !n.is_empty());
            }
            if let Some(rest) = line.strip_prefix("option name ") {
                let (name, definition) = rest.split_once(" type ").unwrap_or((rest, ""));
                let name = name.trim().to_string();
                if name.eq_ignore_ascii_case("UCI_Variant") {
                    let values: Vec<String> = definition
                        .split(" var ")
                        .skip(1)
                        .map(|v| v.trim().to_string())
                        .collect();
                    variants = Some(values);
                }
                options.push(name);
            }
        }
        Ok(UciPlayer {
            process,
            options,
            variants,
            id_name,
            engine_options: spec.options.clone(),
            thinking: None,
        })
    }

    fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// Reads `info ... score ...`; other info lines leave the last evaluation as it was.
    fn parse_info(&mut self, line: &str) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let mut depth = None;
        let mut score = None;
        let mut i = 1;
        while i < tokens.len() {
            match tokens[i] {
                "string" => return,
                "depth" => depth = tokens.get(i + 1).and_then(|t| t.parse().ok()),
                "score" => {
                    let value = tokens.get(i + 2).and_then(|t| t.parse::<i32>().ok());
                    score = match (tokens.get(i + 1), value) {
                        (Some(&"cp"), Some(v)) => Some(EngineScore::Centipawns(v)),
                        (Some(&"mate"), Some(v)) => Some(EngineScore::Mate(v)),
                        _ => score,
                    };
                }
                // Everything after `pv` is moves.
                "pv" => break,
                _ => {}
            }
            i += 1;
        }
        if let Some(score) = score {
            self.thinking = Some(Thinking {
                score,
                depth: depth.unwrap_or(0),
            });
        }
    }
}

impl Player for UciPlayer {
    fn name(&self) -> &str {
        self.process.name()
    }

    fn dialects(&self) -> &'static [Dialect] {
        &[Dialect::Uci]
    }

    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: self.id_name.clone(),
            variants: self.variants.clone(),
            setboard: true,
            options: self.options.clone(),
        }
    }

    fn new_game(&mut self, start: &GameStart) -> Result<(), Fault> {
        let chess = start.variant.eq_ignore_ascii_case("chess");
        if !supports_variant(&self.variants, start.variant) {
            let listed = self.variants.as_deref().unwrap_or_default();
            return Err(Fault::Protocol(format!(
                "does not play variant {} (its UCI_Variant values: {})",
                start.variant,
                some_of(listed)
            )));
        }
        if !chess && !self.has_option("UCI_Variant") {
            return Err(Fault::Protocol(format!(
                "has no UCI_Variant option, so it plays only chess, not {}",
                start.variant
            )));
        }
        // Chess is every UCI engine's game: UCI_Variant goes only where another is played.
        if !chess {
            self.process.send(&format!(
                "setoption name UCI_Variant value {}",
                start.variant
            ))?;
        }
        for (name, value) in start.rule_options {
            self.process
                .send(&format!("setoption name {name} value {value}"))?;
        }
        for (name, value) in self.engine_options.clone() {
            self.process
                .send(&format!("setoption name {name} value {value}"))?;
        }
        self.process.send("ucinewgame")?;
        self.process.send("isready")?;
        let deadline = Instant::now() + READY_TIMEOUT;
        loop {
            match self.process.recv(deadline) {
                Ok(line) if line.trim() == "readyok" => return Ok(()),
                Ok(_) => {}
                Err(Fault::Timeout) => {
                    return Err(Fault::Protocol(format!(
                        "no readyok within {} s after isready; {}",
                        READY_TIMEOUT.as_secs(),
                        self.process.recent()
                    )))
                }
                Err(fault) => return Err(fault),
            }
        }
    }

    fn start_turn(&mut self, turn: &Turn) -> Result<(), Fault> {
        self.thinking = None;
        let mut position = match turn.fen_uci {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !turn.plies.is_empty() {
            position.push_str(" moves");
            for ply in turn.plies {
                position.push(' ');
                position.push_str(&ply.uci);
            }
        }
        self.process.send(&position)?;
        let go = match turn.limit {
            Limit::Clock { inc, .. } => format!(
                "go wtime {} btime {} winc {} binc {}",
                millis(turn.clocks[0]),
                millis(turn.clocks[1]),
                millis(*inc),
                millis(*inc)
            ),
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::Depth(d) => format!("go depth {d}"),
        };
        self.process.send(&go)
    }

    fn read_reply(&mut self, deadline: Instant) -> Result<Reply, Fault> {
        loop {
            let line = self.process.recv(deadline)?;
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("bestmove") {
                // `bestmove` alone or with nothing after it is no move at all.
                let text = rest.split_whitespace().next().unwrap_or("");
                return Ok(Reply::Move(text.to_string()));
            }
            if line.starts_with("info ") {
                self.parse_info(line);
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

    fn turn_accepted(&mut self, _plies: usize) {}

    fn finish(self: Box<Self>, _result: &str, _comment: &str) {
        self.quit();
    }

    fn quit(self: Box<Self>) {
        // A thinking engine is told to stop first; UCI knows no signals but SIGTERM after a grace.
        let mut process = self.process;
        let _ = process.send("stop");
        process.shutdown("quit", true);
    }
}
