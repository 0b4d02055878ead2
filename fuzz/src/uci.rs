//! Whole UCI sessions through the protocol loop, in-process. An input is one command line, made
//! from the UCI grammar with arguments from the engine's current position (legal moves, FENs,
//! options) and often mutated; sessions last up to a few hundred inputs, then `stop` and `quit`
//! (sometimes `quit` comes as an input). After each input the harness sends `d` and `isready`.
//!
//! Checks: every `isready` is answered; every `go` gets exactly one answer, in order — a
//! `bestmove` that is legal in the position of that `go` (`(none)` only when it has no legal
//! move), or for `go perft N` the right count (N <= 2), a stop notice or a refusal (N > 128);
//! `position` leaves exactly the position the rules give (the moves up to the first bad one; a
//! bad FEN changes nothing); `ucinewgame` gives the start position; every other command leaves
//! the position alone (`setoption` may rebuild the start position); the loop ends on `quit` and
//! at the end of input; no thread panics.

use crate::conversation::{Conversation, DUE};
use crate::corpus::{parse_options, Reported};
use crate::mutate::{mutate, soup};
use crate::session_words::{tame, walk};
use crate::{count, panics, Counters, Failure, Fuzzer};
use kaleido::engine::options::OPTIONS;
use kaleido::game::{Dialect, OptionKind};
use kaleido::perft;
use kaleido::protocol::engine::all_rule_options;
use kaleido::protocol::split_command;
use kaleido::protocol::uci::{parse_go, COMMANDS, GO_KEYWORDS};
use kaleido::rng::SplitMix64;
use kaleido::search::Control;
use kaleido::session::Session;
use kaleido::variants;
use std::collections::VecDeque;
use std::sync::LazyLock;
use std::time::Duration;

/// How long a search bounded by the generator may take to answer.
const BOUNDED: Duration = Duration::from_secs(20);

/// Words of UCI besides the command words, `go`'s keywords and the engine options' names.
const OTHER_WORDS: &[&str] = &[
    "startpos",
    "fen",
    "moves",
    "name",
    "value",
    "UCI_Variant",
    "Clear",
    "true",
    "false",
    "on",
    "off",
    "w",
    "b",
    "-",
    "@@@@",
];

/// The words mutations and soup draw from: the protocol's own lists (`quit` comes on its own),
/// the words of the engine options' names, and the rest.
static WORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let option_words = OPTIONS.iter().flat_map(|o| o.name.split_whitespace());
    COMMANDS
        .iter()
        .copied()
        .filter(|w| *w != "quit")
        .chain(option_words)
        .chain(OTHER_WORDS.iter().copied())
        .chain(GO_KEYWORDS.iter().copied())
        .collect()
});

/// What a `go` owes.
enum Job {
    Search(Reported),
    Perft(Reported, u64),
}

pub struct UciFuzzer {
    rng: SplitMix64,
    talk: Conversation,
    /// The engine's position after the last input.
    now: Option<Reported>,
    pending: VecDeque<Job>,
    inputs_left: usize,
    counters: Counters,
}

impl UciFuzzer {
    pub fn new(seed: u64) -> UciFuzzer {
        UciFuzzer {
            rng: SplitMix64::new(seed),
            talk: Conversation::new(),
            now: None,
            pending: VecDeque::new(),
            inputs_left: 0,
            counters: Counters::new(),
        }
    }

    fn begin(&mut self) -> Result<(), Failure> {
        self.talk.start();
        count(&mut self.counters, "sessions");
        self.talk.send("uci");
        self.talk
            .until("uciok", DUE, |l| l == "uciok")
            .map_err(|e| self.talk.fail(e))?;
        self.inputs_left = 1 + self.rng.below(1000);
        self.now = Some(self.probe()?);
        Ok(())
    }

    /// `d` and `isready`: the engine's position, the other lines handled on the way.
    fn probe(&mut self) -> Result<Reported, Failure> {
        self.talk.send("d");
        self.talk.send("isready");
        let lines = self
            .talk
            .until("readyok after d", DUE, |l| l == "readyok")
            .map_err(|e| self.talk.fail(e))?;
        self.absorb(&lines)?
            .ok_or_else(|| self.talk.fail("d printed no Variant/Options/Fen"))
    }

    /// Settles the answers to earlier `go`s among `lines`; returns the last position `d` showed.
    fn absorb(&mut self, lines: &[String]) -> Result<Option<Reported>, Failure> {
        for line in lines {
            if line.starts_with("bestmove") {
                count(&mut self.counters, "bestmoves");
                match self.pending.pop_front() {
                    Some(Job::Search(at)) => {
                        check_bestmove(&at, line).map_err(|e| self.talk.fail(e))?
                    }
                    _ => return Err(self.talk.fail(format!("'{line}' answers no search"))),
                }
            } else if let Some(outcome) = perft_answer(line) {
                count(&mut self.counters, "perft answers");
                match self.pending.pop_front() {
                    Some(Job::Perft(at, depth)) => {
                        check_perft(&at, depth, outcome).map_err(|e| self.talk.fail(e))?
                    }
                    _ => return Err(self.talk.fail(format!("'{line}' answers no perft"))),
                }
            }
        }
        Ok(Reported::last_in(lines, ""))
    }

    /// Waits until every `go` so far is answered.
    fn settle(&mut self, timeout: Duration) -> Result<(), Failure> {
        while !self.pending.is_empty() {
            let lines = self
                .talk
                .until("the answer to a go", timeout, |l| {
                    l.starts_with("bestmove") || perft_answer(l).is_some()
                })
                .map_err(|e| self.talk.fail(e))?;
            self.absorb(&lines)?;
        }
        Ok(())
    }

    /// `stop`, every answer, `quit`: the loop must end cleanly.
    fn end(&mut self) -> Result<(), Failure> {
        self.talk.send("stop");
        self.settle(DUE)?;
        self.talk.send("quit");
        self.after_quit()
    }

    fn after_quit(&mut self) -> Result<(), Failure> {
        let lines = self.talk.drain(DUE).map_err(|e| self.talk.fail(e))?;
        self.absorb(&lines)?;
        // `quit` drops what a running search would have answered.
        self.pending.clear();
        self.talk.finish(DUE).map_err(|e| self.talk.fail(e))?;
        self.now = None;
        Ok(())
    }

    /// A command line from the grammar; true when it is unmutated and its search bounded.
    fn command(&mut self, now: &Reported, model: &dyn Session) -> (String, bool) {
        let rng = &mut self.rng;
        let legal = model.legal_moves(Dialect::Uci);
        let mut bounded = false;
        let line = match rng.below(100) {
            0..=13 => {
                let start = variants::find(&now.variant)
                    .and_then(|v| v.new_session(&parse_options(&now.options)).ok());
                match start {
                    Some(start) => {
                        let moves = walk(start, rng.below(8), Dialect::Uci, rng);
                        if moves.is_empty() && rng.chance(50) {
                            "position startpos".to_string()
                        } else {
                            format!("position startpos moves {}", moves.join(" "))
                        }
                    }
                    None => "position startpos".to_string(),
                }
            }
            14..=23 => {
                let moves = walk(model.clone_box(), rng.below(4), Dialect::Uci, rng);
                let mut line = format!("position fen {}", now.fen);
                if !moves.is_empty() {
                    line.push_str(&format!(" moves {}", moves.join(" ")));
                }
                line
            }
            24..=45 => {
                let (line, go_bounded) = go_line(&legal, rng);
                bounded = go_bounded;
                line
            }
            46..=53 => "stop".to_string(),
            54..=56 => "ponderhit".to_string(),
            57..=63 => "isready".to_string(),
            64..=67 => "d".to_string(),
            68..=71 => "ucinewgame".to_string(),
            72 => "uci".to_string(),
            73 => rng
                .pick(&["debug on", "debug off", "register later"])
                .to_string(),
            74..=87 => setoption(rng),
            88 => "quit".to_string(),
            89..=93 => format!("position startpos moves {}", some_move(&legal, rng)),
            _ => soup(&WORDS, 6, 25, rng),
        };
        if rng.chance(30) {
            let mutated = mutate(&line, &WORDS, rng);
            if tame(&mutated) {
                return (mutated, false);
            }
        }
        if !tame(&line) {
            // Token soup can name a costly setting too.
            return ("d".to_string(), false);
        }
        (line, bounded)
    }
}

/// A `go` line with small limits, and whether its search is bounded (`infinite`, `ponder` and
/// deep perfts wait for a `stop`).
fn go_line(legal: &[String], rng: &mut SplitMix64) -> (String, bool) {
    let which = rng.below(12);
    let line = match which {
        0 | 1 => format!("go nodes {}", 1 + rng.below(300)),
        2 => format!("go depth {}", 1 + rng.below(2)),
        3 => format!("go movetime {}", 1 + rng.below(5)),
        4 | 5 => {
            let mut line = format!("go wtime {} btime {}", rng.below(100), rng.below(100));
            if rng.chance(50) {
                line.push_str(&format!(" winc {} binc {}", rng.below(20), rng.below(20)));
            }
            if rng.chance(30) {
                line.push_str(&format!(" movestogo {}", 1 + rng.below(40)));
            }
            line
        }
        6 => format!("go mate {} nodes 300", 1 + rng.below(2)),
        7 => format!("go searchmoves {} nodes 100", some_move(legal, rng)),
        8 => {
            if rng.chance(50) {
                "go infinite".to_string()
            } else {
                format!(
                    "go ponder wtime {} btime {}",
                    rng.below(500),
                    rng.below(500)
                )
            }
        }
        // Depth 2 only now and then: a Reflection position has a million leaves.
        9 | 10 => format!("go perft {}", rng.below(2) + usize::from(rng.chance(10))),
        _ => {
            let depth = rng.pick(&["3", "128", "129", "200", "30000000000"]);
            format!("go perft {depth}")
        }
    };
    (line, !matches!(which, 8 | 11))
}

/// One of the `legal` moves, or a chess move where there is none.
fn some_move(legal: &[String], rng: &mut SplitMix64) -> String {
    match legal.len() {
        0 => "e2e4".to_string(),
        n => legal[rng.below(n)].clone(),
    }
}

/// A `setoption` line: engine options with small values, variants, rule options.
fn setoption(rng: &mut SplitMix64) -> String {
    let names: Vec<&str> = variants::names().collect();
    match rng.below(10) {
        0..=2 => format!(
            "setoption name UCI_Variant value {}",
            if rng.chance(90) {
                rng.pick(&names)
            } else {
                "tic-tac-toe"
            }
        ),
        3 => format!("setoption name Hash value {}", 1 + rng.below(32)),
        4 => format!("setoption name Threads value {}", 1 + rng.below(2)),
        5 => format!("setoption name MultiPV value {}", 1 + rng.below(4)),
        6 => format!("setoption name Move Overhead value {}", rng.below(100)),
        7 => rng
            .pick(&[
                "setoption name Ponder value true",
                "setoption name Clear Hash",
                "setoption name Frobnicate value 3",
            ])
            .to_string(),
        _ => {
            let options = all_rule_options();
            let Some(spec) = options.get(rng.below(options.len().max(1))) else {
                return "setoption name Crooked value true".to_string();
            };
            let value = match &spec.kind {
                OptionKind::Check { .. } => rng.pick(&["true", "false", "TRUE", "1"]),
                OptionKind::Combo { values, .. } if rng.chance(80) => rng.pick(values),
                OptionKind::Combo { .. } => "nonsense",
            };
            format!("setoption name {} value {value}", spec.name)
        }
    }
}

/// What a line says about a `go perft`: `Some(Some(n))` a count, `Some(None)` stopped or
/// refused (told apart by `check_perft` through the depth).
fn perft_answer(line: &str) -> Option<Option<u64>> {
    if let Some(n) = line.strip_prefix("Nodes searched: ") {
        return Some(n.trim().parse().ok());
    }
    let refused = line.starts_with("info string perft depth ") && line.contains(" refused");
    let stopped = line == "info string perft stopped before the count was complete";
    (refused || stopped).then_some(None)
}

fn check_perft(at: &Reported, depth: u64, count: Option<u64>) -> Result<(), String> {
    let too_deep = perft::check_depth(depth).is_err();
    match count {
        Some(_) if too_deep => Err(format!("perft {depth} should have been refused")),
        Some(n) if depth <= 2 => {
            let model = at.model(Dialect::Uci)?;
            let expected = model
                .perft(depth as u32, Dialect::Uci, &Control::default())
                .map_err(|e| e.to_string())?
                .nodes;
            if n == expected {
                Ok(())
            } else {
                Err(format!(
                    "perft {depth} of {} gave {n}, not {expected}",
                    at.fen
                ))
            }
        }
        // A deeper count is only checked for being a number; a missing one was stopped or
        // refused, which the depth must allow.
        _ => Ok(()),
    }
}

fn check_bestmove(at: &Reported, line: &str) -> Result<(), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let model = at.model(Dialect::Uci)?;
    let legal = model.legal_moves(Dialect::Uci);
    match words[..] {
        ["bestmove", "(none)"] if legal.is_empty() => Ok(()),
        ["bestmove", "(none)"] => Err(format!("bestmove (none) in {} with legal moves", at.fen)),
        ["bestmove", best] | ["bestmove", best, "ponder", _]
            if !legal.iter().any(|m| m == best) =>
        {
            Err(format!("bestmove {best} is not legal in {}", at.fen))
        }
        ["bestmove", _] => Ok(()),
        // Over by a rule already (a clock of 100 in the FEN): the engine still names a move, as
        // GUIs expect, and no move can follow it.
        ["bestmove", _, "ponder", _] if model.outcome().is_some() => Ok(()),
        ["bestmove", best, "ponder", ponder] => {
            let mut after = model.clone_box();
            after.play(best, Dialect::Uci).map_err(|e| {
                format!(
                    "'{line}': {best} is legal in {} but cannot be played: {e}",
                    at.fen
                )
            })?;
            if after.legal_moves(Dialect::Uci).iter().any(|m| m == ponder) {
                Ok(())
            } else {
                Err(format!(
                    "ponder move {ponder} is not legal after {best} in {}",
                    at.fen
                ))
            }
        }
        _ => Err(format!("malformed '{line}'")),
    }
}

/// The FEN `position ARGS` must leave: the rules applied to `now`'s variant and options.
fn expected_position(now: &Reported, args: &str) -> Result<String, String> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let (base, moves) = match tokens.iter().position(|t| *t == "moves") {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (&tokens[..], &[][..]),
    };
    let info = variants::find(&now.variant).ok_or("unknown variant")?;
    let mut session = info.new_session(&parse_options(&now.options))?;
    match base {
        ["startpos"] => {}
        ["fen", fen @ ..] if !fen.is_empty() => {
            if session.set_fen(&fen.join(" "), Dialect::Uci).is_err() {
                return Ok(now.fen.clone());
            }
        }
        _ => return Ok(now.fen.clone()),
    }
    for mv in moves {
        if session.play(mv, Dialect::Uci).is_err() {
            break;
        }
    }
    Ok(session.fen(Dialect::Uci))
}

impl Fuzzer for UciFuzzer {
    fn input(&mut self, _: u64) -> Result<(), Failure> {
        if !self.talk.running() {
            self.begin()?;
        }
        let Some(now) = self.now.clone() else {
            return Err(self.talk.fail("no position after the session start"));
        };
        let model = now.model(Dialect::Uci).map_err(|e| self.talk.fail(e))?;
        let (line, bounded) = self.command(&now, model.as_ref());
        let (command, args) = split_command(&line);
        let (command, args) = (command.to_string(), args.to_string());
        self.talk.send(&line);
        count(&mut self.counters, "inputs");
        if command == "quit" {
            return self.after_quit();
        }
        let mut readies = 1;
        match command.as_str() {
            "go" => match parse_go(&args).0.perft {
                Some(depth) => self.pending.push_back(Job::Perft(now.clone(), depth)),
                None => {
                    count(&mut self.counters, "searches");
                    self.pending.push_back(Job::Search(now.clone()))
                }
            },
            "isready" => readies += 1,
            _ => {}
        }
        if bounded && self.rng.chance(50) {
            self.settle(BOUNDED)?;
        }
        self.talk.send("d");
        self.talk.send("isready");
        let mut seen = 0;
        let lines = self
            .talk
            .until("readyok", DUE, |l| {
                seen += usize::from(l == "readyok");
                seen == readies
            })
            .map_err(|e| self.talk.fail(e))?;
        let after = self
            .absorb(&lines)?
            .ok_or_else(|| self.talk.fail("d printed no Variant/Options/Fen"))?;
        let panicked = panics::take();
        if !panicked.is_empty() {
            return Err(self.talk.fail(format!("panic: {}", panicked.join(" | "))));
        }
        let expected_fen = match command.as_str() {
            "position" => Some(expected_position(&now, &args).map_err(|e| self.talk.fail(e))?),
            "ucinewgame" => Some(now.start_fen(Dialect::Uci).map_err(|e| self.talk.fail(e))?),
            "setoption" => None,
            _ => Some(now.fen.clone()),
        };
        let same_game = after.variant == now.variant && after.options == now.options;
        let fine = match &expected_fen {
            Some(fen) => same_game && after.fen == *fen,
            None => after == now || after.start_fen(Dialect::Uci).ok() == Some(after.fen.clone()),
        };
        if !fine {
            return Err(self.talk.fail(format!(
                "'{line}' left {after:?}; from {now:?} the rules give {}",
                expected_fen.unwrap_or_else(|| "no change or a start position".to_string())
            )));
        }
        self.now = Some(after);
        self.inputs_left = self.inputs_left.saturating_sub(1);
        if self.inputs_left == 0 {
            self.end()?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Failure> {
        if self.talk.running() {
            self.end()?;
        }
        Ok(())
    }

    fn counters(&self) -> Counters {
        let mut counters = self.counters.clone();
        counters.insert("lines sent", self.talk.lines_sent);
        counters
    }
}
