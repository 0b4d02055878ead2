//! The two engine protocols as seen by the referee: UCI and XBoard (CECP v2). A `Player` turns the
//! referee's game state into protocol commands and the engine's output into replies; it never
//! judges a move (the referee's `Session` does).

use super::process::{EngineProcess, Fault};
use super::spec::{EngineSpec, Protocol};
use crate::game::{Dialect, Side, VariantOptions};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` / `protover 2` (the feature list).
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long `isready` / `ping` may take (hash allocation, `variant` setup).
const READY_TIMEOUT: Duration = Duration::from_secs(30);
/// CECP: without `feature done=0` an engine has 2 seconds to finish its feature list.
const FEATURE_TIMEOUT: Duration = Duration::from_secs(2);

/// How much thinking each move gets.
#[derive(Clone, Debug, PartialEq)]
pub enum Limit {
    /// A clock per side: base time plus an increment after each move.
    Clock {
        base: Duration,
        inc: Duration,
    },
    Nodes(u64),
    Depth(u32),
}

/// One ply as every party needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyText {
    pub uci: String,
    /// Space-separated protocol moves of the turn (one part for most games).
    pub xboard: String,
    pub record: String,
}

/// What every engine is told before a game.
pub struct GameStart<'a> {
    /// Kaleido's registry name (`UCI_Variant`).
    pub variant: &'a str,
    /// XBoard's name for the game (`normal` sends no `variant` command).
    pub xboard_variant: &'a str,
    pub rule_options: &'a VariantOptions,
    /// The start position when it is not the variant's start: (UCI dialect, XBoard dialect).
    pub fen: Option<(String, String)>,
    pub limit: &'a Limit,
    pub move_timeout: Duration,
}

/// The state of the game when an engine is asked to move.
pub struct Turn<'a> {
    pub side: Side,
    /// Every ply since the start position (book moves included).
    pub plies: &'a [PlyText],
    pub fen_uci: Option<&'a str>,
    /// Remaining clock time of White and Black (ignored unless the limit is a clock).
    pub clocks: [Duration; 2],
    pub limit: &'a Limit,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move, or one part of a multi-part XBoard turn.
    Move(String),
    /// An XBoard result claim: `1-0`, `0-1` or `1/2-1/2` with the engine's comment.
    Claim {
        result: String,
        comment: String,
    },
    Resign,
}

/// An engine's evaluation from its own (the mover's) point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    Centipawns(i32),
    /// Mate in this many moves; negative when the engine is being mated.
    Mate(i32),
}

impl EngineScore {
    /// Centipawns, mates as +/- 100000 (for adjudication thresholds).
    pub fn centipawns(self) -> i32 {
        match self {
            EngineScore::Centipawns(cp) => cp,
            EngineScore::Mate(n) if n >= 0 => 100_000,
            EngineScore::Mate(_) => -100_000,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub score: EngineScore,
    pub depth: u32,
}

pub trait Player: Send {
    fn name(&self) -> &str;
    /// The dialect this engine's moves are read in.
    fn dialect(&self) -> Dialect;
    fn new_game(&mut self, start: &GameStart) -> Result<(), Fault>;
    /// Tells the engine what happened since it last moved and starts its clock-limited search.
    fn start_turn(&mut self, turn: &Turn) -> Result<(), Fault>;
    /// The next move (part), claim or resignation, waiting at most until `deadline`.
    fn read_reply(&mut self, deadline: Instant) -> Result<Reply, Fault>;
    /// When the engine's last reply arrived (the referee's clocks stop here).
    fn reply_time(&self) -> Instant;
    /// The last evaluation seen while the engine thought about its latest move.
    fn take_thinking(&mut self) -> Option<Thinking>;
    /// The referee accepted the engine's turn: the game now has `plies` plies the engine knows.
    fn turn_accepted(&mut self, plies: usize);
    /// The game is over: tell the engine (XBoard `result`) and end its process.
    fn finish(self: Box<Self>, result: &str, comment: &str);
    /// Ends the engine's process outside a game.
    fn quit(self: Box<Self>);
}

/// Starts an engine and completes the protocol handshake. A command that cannot be run at all is
/// reported as `Fault::Crashed` with the reason.
pub fn start_player(
    spec: &EngineSpec,
    rule_options: &VariantOptions,
    debug: bool,
) -> Result<Box<dyn Player>, Fault> {
    let process = EngineProcess::spawn(spec, debug).map_err(Fault::Crashed)?;
    Ok(match spec.protocol {
        Protocol::Uci => Box::new(UciPlayer::start(process, spec, rule_options)?),
        Protocol::XBoard => Box::new(XBoardPlayer::start(process, spec, rule_options)?),
    })
}

/// The variant names an engine says it plays (UCI_Variant combo values or XBoard's `variants`);
/// `None` when it does not say.
pub fn supports_variant(list: &Option<Vec<String>>, variant: &str) -> bool {
    match list {
        None => true,
        Some(names) => names.iter().any(|n| n.eq_ignore_ascii_case(variant)),
    }
}

fn millis(d: Duration) -> u128 {
    d.as_millis()
}

/// Seconds as the shortest decimal text (`5`, `0.05`).
fn seconds_text(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

// ------------------------------------------------------------------------------------------------
// UCI

struct UciPlayer {
    process: EngineProcess,
    /// Names of the options the engine listed.
    options: Vec<String>,
    variants: Option<Vec<String>>,
    engine_options: Vec<(String, String)>,
    thinking: Option<Thinking>,
}

impl UciPlayer {
    fn start(
        mut process: EngineProcess,
        spec: &EngineSpec,
        _rule_options: &VariantOptions,
    ) -> Result<UciPlayer, Fault> {
        process.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut options = Vec::new();
        let mut variants = None;
        loop {
            let line = process.recv(deadline).map_err(|f| match f {
                Fault::Timeout => {
                    Fault::Protocol("no uciok (an XBoard engine needs proto=xboard)".into())
                }
                other => other,
            })?;
            let line = line.trim();
            if line == "uciok" {
                break;
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

    fn dialect(&self) -> Dialect {
        Dialect::Uci
    }

    fn new_game(&mut self, start: &GameStart) -> Result<(), Fault> {
        if !supports_variant(&self.variants, start.variant) {
            return Err(Fault::Protocol(format!(
                "does not play variant {}",
                start.variant
            )));
        }
        if !start.variant.eq_ignore_ascii_case("chess") && self.has_option("UCI_Variant") {
            self.process.send(&format!(
                "setoption name UCI_Variant value {}",
                start.variant
            ))?;
        }
        for (name, value) in start.rule_options.iter() {
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
                Err(Fault::Timeout) => return Err(Fault::Protocol("no readyok".into())),
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

    fn take_thinking(&mut self) -> Option<Thinking> {
        self.thinking.take()
    }

    fn turn_accepted(&mut self, _plies: usize) {}

    fn finish(self: Box<Self>, _result: &str, _comment: &str) {
        self.process.shutdown("quit");
    }

    fn quit(self: Box<Self>) {
        self.process.shutdown("quit");
    }
}

// ------------------------------------------------------------------------------------------------
// XBoard (CECP v2)

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

struct XBoardPlayer {
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
    fn start(
        mut process: EngineProcess,
        spec: &EngineSpec,
        rule_options: &VariantOptions,
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
        for (name, value) in rule_options.iter() {
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
        // As XBoard does in two-machine mode: the opponent is a program, so a multi-part turn's
        // parts come with the mover's own null moves (an engine volunteers none).
        self.process.send("computer")?;
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

    #[test]
    fn seconds_print_short() {
        assert_eq!(seconds_text(Duration::from_millis(50)), "0.05");
        assert_eq!(seconds_text(Duration::from_secs(2)), "2");
        assert_eq!(seconds_text(Duration::from_millis(10)), "0.01");
    }

    #[test]
    fn mate_scores_count_as_decisive() {
        assert_eq!(EngineScore::Mate(3).centipawns(), 100_000);
        assert_eq!(EngineScore::Mate(-2).centipawns(), -100_000);
        assert_eq!(EngineScore::Centipawns(-40).centipawns(), -40);
    }
}
