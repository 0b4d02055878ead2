//! UCI, with the `UCI_Variant` extension for our games: each line is parsed into a [`Command`]
//! (`command.rs`), then handled by the one method for it. vampirc-uci serialises the
//! `id`/`option`/`uciok`/`readyok` lines.

mod command;

pub use command::{parse_go, parse_setoption, Command, Go, Position, Start, COMMANDS, GO_KEYWORDS};

use super::engine::{all_rule_options, Engine, RuleOptionEffect};
use super::{echo, Event, Output, Protocol};
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
            Kind::File => UciOptionConfig::String {
                name,
                default: Some("<default>".to_string()),
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

    /// Handles one line; false on `quit`. Every command that changes the engine's state stops
    /// the search first.
    fn command(&mut self, line: &str) -> bool {
        match Command::parse(line) {
            Command::Ignored => {}
            Command::Uci => self.identify(),
            Command::IsReady => self.out.line(&UciMessage::ReadyOk.serialize()),
            Command::UciNewGame => {
                self.halt();
                self.engine.new_game();
                self.engine.clear_hash();
            }
            Command::SetOption(option) => {
                self.halt();
                match option {
                    Ok((name, value)) => self.setoption(&name, &value),
                    Err(e) => self.info(&e),
                }
            }
            Command::Position(position) => {
                self.halt();
                match position {
                    Ok(position) => self.position(position),
                    Err(e) => self.info(&e),
                }
            }
            Command::Go { go, warnings } => {
                self.halt();
                for w in &warnings {
                    self.info(w);
                }
                self.go(*go);
            }
            Command::Stop => {
                if !self.release_held() {
                    self.engine.stop();
                }
            }
            Command::PonderHit => {
                if !self.release_held() {
                    self.engine.ponderhit();
                }
            }
            Command::Display => self.display(),
            Command::Quit => return false,
            Command::Unknown => self.info(&format!("unknown command: {}", echo(line.trim()))),
        }
        true
    }

    /// `uci`: the engine's name, author and options, then `uciok`.
    fn identify(&self) {
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

    /// `stop` and `ponderhit` end the hold of `go infinite` / `go ponder`: a result that came in
    /// meanwhile is sent now (true); else the running search is told (false).
    fn release_held(&mut self) -> bool {
        self.hold = false;
        match self.held.take() {
            Some(best) => {
                self.out.line(&bestmove_text(&best));
                true
            }
            None => false,
        }
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
        // The static evaluation, side to move's view: the network's when one is in use.
        self.out.line(&format!("Eval: {}", session.evaluate()));
    }

    /// `setoption`: the engine options (the options table), `UCI_Variant`, `Clear Hash` and the
    /// variants' rule options.
    fn setoption(&mut self, name: &str, value: &str) {
        if let Some(option) = options::find(name) {
            if let Err(e) = self.engine.set_option(option, value) {
                self.info(&e);
            }
            return;
        }
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => self.engine.set_variant(value),
            "clear hash" => {
                self.engine.clear_hash();
                Ok(())
            }
            _ if Engine::is_rule_option(name) => match self.engine.set_rule_option(name, value) {
                Ok(RuleOptionEffect::NotInThisVariant) => {
                    self.info(&format!(
                        "option {name} does not apply to {}; kept for the variants that have it",
                        self.engine.variant().name
                    ));
                    Ok(())
                }
                Ok(_) => Ok(()),
                Err(e) => Err(e),
            },
            _ => Err(format!("unknown option '{}'", echo(name))),
        };
        if let Err(e) = result {
            self.info(&e);
        }
    }

    /// `position (startpos | fen F) [moves M...]`, built on a copy so that a bad FEN leaves the
    /// position as it was; moves are played up to the first bad one.
    fn position(&mut self, position: Position) {
        let mut session = self.engine.session().clone_box();
        match &position.start {
            Start::StartPos => session.new_game(),
            Start::Fen(fen) => {
                if let Err(e) = session.set_fen(fen, Dialect::Uci) {
                    self.info(&format!("bad FEN, position unchanged: {}", echo(&e)));
                    return;
                }
            }
        }
        let moves = &position.moves;
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

    /// `go`: a search on its own thread, or `go perft N`.
    fn go(&mut self, go: Go) {
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
    fn score_and_bestmove_lines() {
        let info = InfoLine {
            seldepth: 9,
            hashfull: 7,
            ..InfoLine::sample(5, crate::game::MATE - 3, 2000, 1000, &["a10a9", "b1c3"])
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
