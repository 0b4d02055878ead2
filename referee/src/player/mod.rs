//! The two engine protocols as seen by the referee: UCI and XBoard (CECP v2). A `Player` turns the
//! referee's game state into protocol commands and the engine's output into replies; it never
//! judges a move (the referee's `Judge` does).

mod cecp;
mod uci;
mod xboard;

use crate::game::RefereeConfig;
use crate::process::{EngineProcess, Fault};
use crate::rules::{Dialect, RuleOptions, Side};
use crate::spec::{EngineSpec, Protocol};
use std::time::{Duration, Instant};
use uci::UciPlayer;
use xboard::XBoardPlayer;

/// How long an engine may take to answer `uci` (`uciok`).
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long `isready` / `ping` may take (hash allocation, `variant` setup).
const READY_TIMEOUT: Duration = Duration::from_secs(30);

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
    pub rule_options: &'a RuleOptions,
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

/// What the handshake told about an engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineInfo {
    /// The name the engine gives itself (UCI `id name`, CECP `myname`).
    pub name: Option<String>,
    /// The variants it lists (UCI_Variant's values, CECP `variants`); `None` when it lists none.
    pub variants: Option<Vec<String>>,
    /// Whether it can be given a start position (UCI always; CECP `setboard=1`).
    pub setboard: bool,
    /// The names of the options it announced.
    pub options: Vec<String>,
}

pub trait Player: Send {
    fn name(&self) -> &str;
    /// The dialects this engine's moves are read in, the first for multi-part turns (an XBoard
    /// engine may send SAN whatever `san=` says, as XBoard accepts both).
    fn dialects(&self) -> &'static [Dialect];
    fn info(&self) -> EngineInfo;
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
    /// The latest lines exchanged with the engine, for error messages.
    fn recent(&self) -> String;
}

/// Starts an engine and completes the protocol handshake. A command that cannot be run at all is
/// reported as `Fault::Crashed` with the reason.
pub fn start_player(spec: &EngineSpec, config: &RefereeConfig) -> Result<Box<dyn Player>, Fault> {
    let process =
        EngineProcess::spawn(spec, config.debug, &config.cancel).map_err(Fault::Crashed)?;
    Ok(match spec.protocol {
        Protocol::Uci => Box::new(UciPlayer::start(process, spec)?),
        Protocol::XBoard => Box::new(XBoardPlayer::start(
            process,
            spec,
            &config.options,
            config.feature_timeout,
        )?),
    })
}

/// Whether `variant` is among the names an engine says it plays (UCI_Variant combo values or
/// XBoard's `variants`); an engine that lists none is taken at its word for any.
pub fn supports_variant(list: &Option<Vec<String>>, variant: &str) -> bool {
    match list {
        None => true,
        Some(names) => names.iter().any(|n| n.eq_ignore_ascii_case(variant)),
    }
}

fn millis(d: Duration) -> u128 {
    d.as_millis()
}

/// The first names of a list, for messages: `a, b, c ... (40 in all)`.
fn some_of(names: &[String]) -> String {
    let shown: Vec<&str> = names.iter().take(12).map(String::as_str).collect();
    if names.len() > shown.len() {
        format!("{} ... ({} in all)", shown.join(", "), names.len())
    } else {
        shown.join(", ")
    }
}

/// Names the user forwards (`--option`, `option.NAME=`) that the engine did not announce: a
/// warning each, since the engine will most likely ignore them.
pub fn unknown_options<'a>(
    announced: &[String],
    sent: impl Iterator<Item = &'a str>,
) -> Vec<String> {
    sent.filter(|name| !announced.iter().any(|a| a.eq_ignore_ascii_case(name)))
        .map(str::to_string)
        .collect()
}

/// Seconds as the shortest decimal text (`5`, `0.05`).
fn seconds_text(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

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
