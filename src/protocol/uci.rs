//! UCI, with the `UCI_Variant` extension for our games.
//!
//! vampirc-uci serialises the `id`/`option`/`uciok`/`readyok` lines and parses `setoption`, where
//! it is faithful. It is NOT used for `position` or `go` (measured defects in 0.11.1: it truncates
//! `moves` at the first move outside a1-h8, rejects every non-8x8 FEN, panics on `go depth 300`
//! and `go movestogo 300`, drops `ponder` when times follow): those are read here.

use super::engine::{all_rule_options, Engine, RuleOptionEffect};
use super::{echo, parse_count, split_command, Event, Output, Protocol};
use crate::engine::options::{self, Kind, OPTIONS};
use crate::game::{Dialect, OptionKind};
use crate::perft;
use crate::search::{Limits, RootMoves};

use crate::session::{BestMove, InfoLine, ScoreText};
use crate::variants;
use std::sync::mpsc::Sender;
use vampirc_uci::{Serializable, UciMessage, UciOptionConfig};

pub const ENGINE_NAME: &str = concat!("Kaleido ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the Kaleido developers";

/// What `go` asked for, read by our own parser.
#[derive(Debug, Default)]
pub struct Go {
    pub limits: Limits,
    /// `go perft N`: count leaves instead of searching (the depth as sent; checked later).
    pub perft: Option<u64>,
    /// Moves after `searchmoves`: the root moves the search may choose from (`Uci::go` checks
    /// them against the position).
    pub searchmoves: Vec<String>,
}

/// Every keyword `go` reads (the fuzz harness builds its vocabulary from these too).
pub const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// Reads the arguments of `go`. Never fails: problems come back as warnings for `info string`,
/// and the rest of the command still counts.
pub fn parse_go(args: &str) -> (Go, Vec<String>) {
    let mut go = Go::default();
    let mut warnings = Vec::new();
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let mut i = 0;
    while i < tokens.len() {
        let keyword = tokens[i];
        i += 1;
        match keyword {
            "infinite" => go.limits.infinite = true,
            "ponder" => go.limits.ponder = true,
            "searchmoves" => {
                while i < tokens.len() && !GO_KEYWORDS.contains(&tokens[i]) {
                    go.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "movetime"
            | "mate" | "perft" => {
                let Some(value) = tokens.get(i).and_then(|t| parse_count(t)) else {
                    warnings.push(format!("go: '{keyword}' needs a number; ignored"));
                    // A bad value is skipped with its keyword; a following keyword is kept.
                    if tokens.get(i).is_some_and(|t| !GO_KEYWORDS.contains(t)) {
                        i += 1;
                    }
                    continue;
                };
                i += 1;
                let small = u32::try_from(value).unwrap_or(u32::MAX);
                let l = &mut go.limits;
                match keyword {
                    "wtime" => l.wtime = Some(value),
                    "btime" => l.btime = Some(value),
                    "winc" => l.winc = Some(value),
                    "binc" => l.binc = Some(value),
                    "movestogo" => l.movestogo = Some(small),
                    "depth" => l.depth = Some(small),
                    "nodes" => l.nodes = Some(value),
                    "movetime" => l.movetime = Some(value),
                    "mate" => l.mate = Some(small),
                    _ => go.perft = Some(value),
                }
            }
            other => warnings.push(format!("go: unknown parameter '{}' ignored", echo(other))),
        }
    }
    (go, warnings)
}

/// The `info` line of one search report.
pub fn info_text(info: &InfoLine) -> String {
    let score = match ScoreText::from_score(info.score) {
        ScoreText::Centipawns(cp) => format!("cp {cp}"),
        ScoreText::Mate(n) => format!("mate {n}"),
    };
    let mut text = format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.time_ms
    );
    if !info.pv.is_empty() {
        text.push_str(" pv ");
        text.push_str(&info.pv.join(" "));
    }
    text
}

/// The `bestmove` line.
pub fn bestmove_text(best: &BestMove) -> String {
    match (&best.best, &best.ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

/// The `option` lines `uci` answers with.
pub fn option_lines() -> Vec<String> {
    let default_variant = super::engine::default_variant()
        .map(|v| v.name.to_string())
        .ok();
    let mut options = vec![UciOptionConfig::Combo {
        name: "UCI_Variant".to_string(),
        default: default_variant,
        var: variants::names().map(str::to_string).collect(),
    }];
    for option in OPTIONS {
        let name = option.name.to_string();
        options.push(match option.kind {
            Kind::Spin {
                default, min, max, ..
            } => UciOptionConfig::Spin {
                name,
                default: Some(default),
                min: Some(min),
                max: Some(max),
            },
            Kind::Check { default } => UciOptionConfig::Check {
                name,
                default: Some(default),
            },
        });
    }
    for spec in all_rule_options() {
        options.push(match &spec.kind {
            OptionKind::Check { default } => UciOptionConfig::Check {
                name: spec.name.to_string(),
                default: Some(*default),
            },
            OptionKind::Combo { default, values } => UciOptionConfig::Combo {
                name: spec.name.to_string(),
                default: Some(default.to_string()),
                var: values.iter().map(|v| v.to_string()).collect(),
            },
        });
    }
    options
        .into_iter()
        .map(|o| UciMessage::Option(o).serialize())
        .collect()
}

/// `setoption name N [value V]` -> (N, V). vampirc-uci reads names and values with spaces
/// faithfully; a line it cannot read falls back to our own split.
pub fn parse_setoption(line: &str) -> Option<(String, String)> {
    if let UciMessage::SetOption { name, value } = vampirc_uci::parse_one(line) {
        if !name.trim().is_empty() {
            return Some((name.trim().to_string(), value.unwrap_or_default()));
        }
    }
    let (_, rest) = split_command(line);
    let rest = rest.strip_prefix("name")?.trim();
    let (name, value) = match rest.find(" value") {
        Some(i) => (&rest[..i], rest[i + " value".len()..].trim()),
        None => (rest, ""),
    };
    let name = name.trim();
    (!name.is_empty()).then(|| (name.to_string(), value.to_string()))
}

pub struct Uci {
    engine: Engine,
    out: Output,
    /// The running search is `go infinite` or `go ponder`: its bestmove waits for stop/ponderhit.
    hold: bool,
    /// A result that finished while held.
    held: Option<BestMove>,
}

impl Protocol for Uci {
    fn command(&mut self, line: &str) -> bool {
        Uci::command(self, line)
    }
    fn search_done(&mut self, id: u64) {
        if let Some(best) = self.engine.finish(id) {
            // After `go ponder` or `go infinite` the answer waits for `stop` or `ponderhit`.
            if self.hold {
                self.held = Some(best);
            } else {
                self.out.line(&bestmove_text(&best));
            }
        }
    }
    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }
}

impl Uci {
    pub fn new(out: Output, events: Sender<Event>) -> Result<Uci, String> {
        Ok(Uci {
            engine: Engine::new(events)?,
            out,
            hold: false,
            held: None,
        })
    }

    fn info(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// Stops any search before a command that changes the engine's state. Every `go` owes the
    /// GUI a bestmove, so the stopped search's answer is sent.
    fn halt(&mut self) {
        self.hold = false;
        if let Some(best) = self.held.take().or_else(|| self.engine.halt()) {
            self.out.line(&bestmove_text(&best));
        }
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (command, args) = split_command(line);
        match command {
            "" => {}
            "uci" => {
                self.out.line(
                    &UciMessage::Id {
                        name: Some(ENGINE_NAME.to_string()),
                        author: None,
                    }
                    .serialize(),
                );
                self.out.line(
                    &UciMessage::Id {
                        name: None,
                        author: Some(ENGINE_AUTHOR.to_string()),
                    }
                    .serialize(),
                );
                for option in option_lines() {
                    self.out.line(&option);
                }
                self.out.line(&UciMessage::UciOk.serialize());
            }
            "isready" => self.out.line(&UciMessage::ReadyOk.serialize()),
            "ucinewgame" => {
                self.halt();
                self.engine.new_game();
                self.engine.clear_hash();
            }
            "setoption" => {
                self.halt();
                self.setoption(line);
            }
            "position" => {
                self.halt();
                self.position(args);
            }
            "go" => {
                self.halt();
                self.go(args);
            }
            "stop" => {
                self.hold = false;
                if let Some(best) = self.held.take() {
                    self.out.line(&bestmove_text(&best));
                } else {
                    self.engine.stop();
                }
            }
            "ponderhit" => {
                self.hold = false;
                if let Some(best) = self.held.take() {
                    self.out.line(&bestmove_text(&best));
                } else {
                    self.engine.ponderhit();
                }
            }
            "quit" => return false,
            "d" => self.display(),
            "debug" | "register" => {}
            _ => self.info(&format!("unknown command: {}", echo(line.trim()))),
        }
        true
    }

    fn display(&self) {
        let session = self.engine.session();
        for row in session.diagram().lines() {
            self.out.line(row);
        }
        self.out.line(&format!("Variant: {}", session.variant()));
        self.out.line(&format!("Options: {}", session.options()));
        self.out
            .line(&format!("Fen: {}", session.fen(Dialect::Uci)));
        self.out.line(&format!("Key: {:016x}", session.key()));
    }

    fn setoption(&mut self, line: &str) {
        let Some((name, value)) = parse_setoption(line) else {
            self.info(&format!(
                "setoption: expected 'name <id> [value <x>]': {}",
                echo(line)
            ));
            return;
        };
        if let Some(option) = options::find(&name) {
            if let Err(e) = self.engine.set_option(option, &value) {
                self.info(&e);
            }
            return;
        }
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => self.engine.set_variant(&value),
            "clear hash" => {
                self.engine.clear_hash();
                Ok(())
            }
            _ if Engine::is_rule_option(&name) => {
                match self.engine.set_rule_option(&name, &value) {
                    Ok(RuleOptionEffect::NotInThisVariant) => {
                        self.info(&format!(
                            "option {name} does not apply to {}; kept for the variants that have it",
                            self.engine.variant().name
                        ));
                        Ok(())
                    }
                    Ok(_) => Ok(()),
                    Err(e) => Err(e),
                }
            }
            _ => Err(format!("unknown option '{}'", echo(&name))),
        };
        if let Err(e) = result {
            self.info(&e);
        }
    }

    /// `position (startpos | fen F) [moves M...]`, built on a copy so that a bad FEN leaves the
    /// position as it was; moves are played up to the first bad one.
    fn position(&mut self, args: &str) {
        let tokens: Vec<&str> = args.split_whitespace().collect();
        let moves_at = tokens.iter().position(|t| *t == "moves");
        let (base, moves) = match moves_at {
            Some(i) => (&tokens[..i], &tokens[i + 1..]),
            None => (&tokens[..], &[][..]),
        };
        let mut session = self.engine.session().clone_box();
        match base {
            ["startpos"] => session.new_game(),
            ["fen", fen @ ..] if !fen.is_empty() => {
                if let Err(e) = session.set_fen(&fen.join(" "), Dialect::Uci) {
                    self.info(&format!("bad FEN, position unchanged: {}", echo(&e)));
                    return;
                }
            }
            _ => {
                self.info(&format!(
                    "position: expected 'startpos' or 'fen <fen>', position unchanged: {}",
                    echo(args)
                ));
                return;
            }
        }
        for (index, text) in moves.iter().enumerate() {
            if let Err(e) = session.play(text, Dialect::Uci) {
                self.info(&format!(
                    "move {} '{}' rejected ({}); it and the {} moves after it are ignored",
                    index + 1,
                    echo(text),
                    e,
                    moves.len() - index - 1
                ));
                break;
            }
        }
        *self.engine.session_mut() = session;
    }

    fn go(&mut self, args: &str) {
        let (go, warnings) = parse_go(args);
        for w in &warnings {
            self.info(w);
        }
        if let Some(depth) = go.perft {
            self.perft(depth);
            return;
        }
        let base = self.engine.base_limits();
        let limits = Limits {
            multipv: base.multipv,
            threads: base.threads,
            move_overhead: base.move_overhead,
            root_moves: self.search_moves(&go.searchmoves),
            strength: base.strength,
            ..go.limits
        };
        self.hold = limits.infinite || limits.ponder;
        let out = self.out.clone();
        self.engine.start_search(
            limits,
            Dialect::Uci,
            Box::new(move |info| out.line(&info_text(&info))),
        );
    }

    /// The root moves `go searchmoves` allows. A move that is not legal here is reported and
    /// left out; when none is left the search considers every move, since `bestmove` is owed.
    fn search_moves(&self, texts: &[String]) -> RootMoves {
        if texts.is_empty() {
            return RootMoves::All;
        }
        let mut keys = Vec::new();
        for text in texts {
            match self.engine.session().move_key(text, Dialect::Uci) {
                Ok(key) => keys.push(key),
                Err(e) => self.info(&format!("searchmoves: '{}' left out ({e})", echo(text))),
            }
        }
        if keys.is_empty() {
            self.info("searchmoves: no legal move given; searching every move");
            return RootMoves::All;
        }
        RootMoves::Only(keys)
    }

    /// `go perft N` runs on the search thread: divide lines, a blank line and `Nodes searched:
    /// N` (Stockfish's form), or an `info string` when refused or stopped.
    fn perft(&mut self, depth: u64) {
        let depth = match perft::check_depth(depth) {
            Ok(depth) => depth,
            Err(e) => return self.info(&e),
        };
        let out = self.out.clone();
        let done = move |result: Result<perft::Counts, perft::Refusal>| match result {
            Ok(counts) => {
                for (mv, count) in &counts.divide {
                    out.line(&format!("{mv}: {count}"));
                }
                let ms = counts.elapsed.as_millis() as u64;
                out.line("");
                out.line(&format!("Nodes searched: {}", counts.nodes));
                out.line(&format!(
                    "info string perft {depth}: {} nodes in {ms} ms, {} nps",
                    counts.nodes,
                    counts.nodes.saturating_mul(1000) / ms.max(1)
                ));
            }
            Err(refusal) => out.line(&format!("info string {refusal}")),
        };
        self.engine.start_perft(depth, Dialect::Uci, Box::new(done));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_what_vampirc_cannot() {
        // vampirc-uci 0.11.1 panics on these two and drops `ponder` when times follow.
        let (go, w) = parse_go("depth 300");
        assert!(w.is_empty());
        assert_eq!(go.limits.depth, Some(300));
        let (go, _) = parse_go("movestogo 300 wtime 1000 btime 1000");
        assert_eq!(go.limits.movestogo, Some(300));
        let (go, _) = parse_go("ponder wtime 1000 btime 2000 winc 10 binc 20");
        assert!(go.limits.ponder);
        assert_eq!(
            (
                go.limits.wtime,
                go.limits.btime,
                go.limits.winc,
                go.limits.binc
            ),
            (Some(1000), Some(2000), Some(10), Some(20))
        );
    }

    #[test]
    fn go_survives_junk() {
        let (go, w) = parse_go("wtime -20 depth banana nodes 99999999999999999999999 frobnicate");
        assert_eq!(go.limits.wtime, Some(0));
        assert_eq!(go.limits.depth, None);
        assert_eq!(go.limits.nodes, Some(u64::MAX));
        assert_eq!(w.len(), 2, "{w:?}");
        let (go, _) = parse_go("searchmoves e2e4 a10a9 infinite perft 3");
        assert_eq!(go.searchmoves, vec!["e2e4", "a10a9"]);
        assert!(go.limits.infinite);
        assert_eq!(go.perft, Some(3));
    }

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(
            parse_setoption("setoption name Move Overhead value 100"),
            Some(("Move Overhead".into(), "100".into()))
        );
        assert_eq!(
            parse_setoption("setoption name UCI_Variant value sin-yeon-sang-gi"),
            Some(("UCI_Variant".into(), "sin-yeon-sang-gi".into()))
        );
        assert_eq!(
            parse_setoption("setoption name Clear Hash"),
            Some(("Clear Hash".into(), "".into()))
        );
        assert_eq!(parse_setoption("setoption"), None);
        assert_eq!(parse_setoption("setoption value 3"), None);
    }

    #[test]
    fn score_and_bestmove_lines() {
        let info = InfoLine {
            depth: 5,
            seldepth: 9,
            multipv: 1,
            score: crate::game::MATE - 3,
            nodes: 2000,
            time_ms: 1000,
            hashfull: 7,
            pv: vec!["a10a9".into(), "b1c3".into()],
        };
        assert_eq!(
            info_text(&info),
            "info depth 5 seldepth 9 multipv 1 score mate 2 nodes 2000 nps 2000 hashfull 7 time 1000 pv a10a9 b1c3"
        );
        assert_eq!(bestmove_text(&BestMove::default()), "bestmove (none)");
        let best = BestMove {
            best: Some("e2e4".into()),
            ponder: Some("e7e5".into()),
            ..BestMove::default()
        };
        assert_eq!(bestmove_text(&best), "bestmove e2e4 ponder e7e5");
    }

    #[test]
    fn option_lines_are_uci() {
        let lines = option_lines();
        assert!(lines
            .iter()
            .any(|l| l == "option name Hash type spin default 16 min 1 max 4096"));
        assert!(lines
            .iter()
            .any(|l| l == "option name Ponder type check default false"));
        assert!(lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo")));
    }
}
