//! Whole XBoard sessions through the protocol loop, in-process. An input is one command line
//! from the CECP grammar (moves as XBoard sends them: a multi-part turn as one `usermove` per
//! part, its later parts as the next inputs), often mutated. After each input the harness sends
//! `ping N`; when no `pong N` comes within 100 ms the engine is thinking, and `?` makes it move.
//! Then `d` and another ping show the position.
//!
//! The harness keeps its own session of the game (history included, so repetitions count as
//! in the engine) and plays on it what the rules say each command does. Checks: every `ping` is
//! answered (after `?` at the latest); `usermove` does what docs/protocol.md says — the parts of
//! a turn are joined until the session accepts the turn, a legal turn is played, a wrong part is
//! answered `Illegal move` and the parts before it stay pending (as in XBoard); the engine's
//! `move` lines are legal where it moved: the rest of the pending turn, a whole turn, or the null
//! move `@@@@` that hands an unfinished turn back to a person; `setboard` accepts exactly the FENs
//! the rules accept; `undo`/`remove` answer `Error` only when there are too few plies and
//! otherwise take back whole turns or parts of one; a `setboard` whose board is a known position
//! (the game's, or the game's before `new`) takes it back whole (docs/protocol.md, "What
//! XBoard's FEN cannot carry"); `new`, `variant` and a rule `option` give a
//! start position; `lift` is answered with one `highlight`; after every input the engine's
//! position (`d`: variant, options, FEN, pending parts) is the harness's; the engine never
//! resigns (it does only when its own move is refused); the loop ends on `quit` and at the end of
//! input; no thread panics.

use crate::conversation::{Conversation, DUE};
use crate::corpus::{parse_options, random_options, Reported};
use crate::mutate::{mutate, soup};
use crate::session_words::{tame, walk};
use crate::{count, panics, Counters, Failure, Fuzzer};
use kaleido::game::{Dialect, MoveError, OptionKind, XBOARD_NULL_MOVE};
use kaleido::protocol::engine::all_rule_options;
use kaleido::protocol::split_command;
use kaleido::protocol::xboard::{registry_name, xboard_names, COMMANDS};
use kaleido::rng::SplitMix64;
use kaleido::session::{Known, Session};
use kaleido::variants;
use std::collections::VecDeque;
use std::sync::LazyLock;
use std::time::Duration;

/// How long a pong may wait before the harness takes the engine to be thinking.
const THINKING: Duration = Duration::from_millis(20);

/// Words besides the commands (`quit` is left out of those: it comes on its own, at the end).
const OTHER_WORDS: &[&str] = &[
    "all", "name", "random", "@@@@", "1-0", "0-1", "1/2-1/2", "*", "{", "}", "=", "normal",
    "xiangqi",
];

/// The words mutations and soup draw from: the protocol's own command list, and the rest.
static WORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    COMMANDS
        .iter()
        .copied()
        .filter(|w| *w != "quit")
        .chain(OTHER_WORDS.iter().copied())
        .collect()
});

pub struct XBoardFuzzer {
    rng: SplitMix64,
    talk: Conversation,
    /// The engine's position after the last input, as `d` showed it ...
    now: Option<Reported>,
    /// ... and as the rules give it.
    model: Option<Box<dyn Session>>,
    /// The parts of a turn sent so far.
    partial: Vec<String>,
    /// The game before the last `new` (a `setboard` may take a position of it).
    previous: Option<Box<dyn Session>>,
    /// The model's plies before the last `setboard` (kept with a known position): XBoard's
    /// take-backs count only what it booked since, and the engine refuses the rest.
    floor: usize,
    /// The remaining parts of a multi-part turn, sent as the next inputs.
    plan: VecDeque<String>,
    pings: u64,
    inputs_left: usize,
    counters: Counters,
}

impl XBoardFuzzer {
    pub fn new(seed: u64) -> XBoardFuzzer {
        XBoardFuzzer {
            rng: SplitMix64::new(seed),
            talk: Conversation::new(),
            now: None,
            model: None,
            partial: Vec::new(),
            previous: None,
            floor: 0,
            plan: VecDeque::new(),
            pings: 0,
            inputs_left: 0,
            counters: Counters::new(),
        }
    }

    fn begin(&mut self) -> Result<(), Failure> {
        self.talk.start();
        count(&mut self.counters, "sessions");
        self.talk.send("xboard");
        self.talk.send("protover 2");
        self.talk
            .until("the feature line", DUE, |l| l.starts_with("feature "))
            .map_err(|e| self.talk.fail(e))?;
        let clock = self.rng.pick(&[
            "sd 1",
            "sd 1",
            "sd 2",
            "st 0.002",
            "st 0.01",
            "level 0 0:01 0",
        ]);
        self.talk.send(clock);
        self.partial.clear();
        self.previous = None;
        self.floor = 0;
        self.plan.clear();
        self.inputs_left = 1 + self.rng.below(1000);
        let (lines, _) = self.ping(false)?;
        let now =
            Reported::last_in(&lines, "# ").ok_or_else(|| self.talk.fail("no position from d"))?;
        self.model = Some(start(&now.variant, &now.options).map_err(|e| self.talk.fail(e))?);
        self.now = Some(now);
        Ok(())
    }

    /// `ping N` (with `?` when the engine seems to think), then `d` and `ping N+1`: every line
    /// up to the last pong, and whether `?` was needed.
    fn ping(&mut self, may_think: bool) -> Result<(Vec<String>, bool), Failure> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.talk.send(&format!("ping {}", self.pings));
        let wait = if may_think { THINKING } else { DUE };
        let (mut lines, answered) = self
            .talk
            .within(wait, |l| l == pong)
            .map_err(|e| self.talk.fail(e))?;
        let forced = !answered;
        if forced {
            count(&mut self.counters, "moves forced with ?");
            self.talk.send("?");
            let more = self
                .talk
                .until(&pong, DUE, |l| l == pong)
                .map_err(|e| self.talk.fail(e))?;
            lines.extend(more);
        }
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.talk.send("d");
        self.talk.send(&format!("ping {}", self.pings));
        let more = self
            .talk
            .until(&pong, DUE, |l| l == pong)
            .map_err(|e| self.talk.fail(e))?;
        lines.extend(more);
        Ok((lines, forced))
    }

    fn after_quit(&mut self) -> Result<(), Failure> {
        self.talk.drain(DUE).map_err(|e| self.talk.fail(e))?;
        self.talk.finish(DUE).map_err(|e| self.talk.fail(e))?;
        self.now = None;
        self.model = None;
        Ok(())
    }

    /// A command line; the later parts of a multi-part turn go to `plan`.
    fn command(&mut self, now: &Reported, model: &dyn Session) -> String {
        if let Some(part) = self.plan.pop_front() {
            return format!("usermove {part}");
        }
        let rng = &mut self.rng;
        let legal = model.legal_moves(Dialect::XBoard);
        let line = match rng.below(100) {
            0..=17 if !legal.is_empty() => {
                let turn = &legal[rng.below(legal.len())];
                let mut parts = turn.split(' ');
                let first = parts.next().unwrap_or_default().to_string();
                self.plan.extend(parts.map(str::to_string));
                format!("usermove {first}")
            }
            18..=23 => {
                let other = model.legal_moves(if rng.chance(50) {
                    Dialect::Uci
                } else {
                    Dialect::Record
                });
                match other.len() {
                    0 => "usermove e2e4".to_string(),
                    n => format!("usermove {}", other[rng.below(n)]),
                }
            }
            24..=29 => "go".to_string(),
            30..=32 => "force".to_string(),
            33..=35 => "new".to_string(),
            36..=40 => {
                let names = xboard_names();
                let (registry, xboard) = names[rng.below(names.len())];
                format!("variant {}", if rng.chance(50) { registry } else { xboard })
            }
            41..=46 => {
                let moves = walk(model.clone_box(), rng.below(6), Dialect::XBoard, rng);
                let mut session = model.clone_box();
                for mv in &moves {
                    let _ = session.play(mv, Dialect::XBoard);
                }
                format!("setboard {}", session.fen(Dialect::XBoard))
            }
            47..=49 => rng.pick(&["undo", "remove"]).to_string(),
            50..=51 => "?".to_string(),
            52 => format!("ping {}", rng.below(1000)),
            53..=55 => format!("sd {}", 1 + rng.below(2)),
            56..=57 => format!("st 0.00{}", 1 + rng.below(9)),
            58 => format!("level {} 0:0{} 0", rng.below(40), 1 + rng.below(5)),
            59..=61 => format!("{} {}", rng.pick(&["time", "otim"]), rng.below(100)),
            62..=64 => rng.pick(&["post", "nopost", "hard", "easy"]).to_string(),
            65..=67 => rng.pick(&["analyze", "exit", "."]).to_string(),
            68 => format!("memory {}", 1 + rng.below(32)),
            69 => format!("cores {}", 1 + rng.below(2)),
            70..=73 => option(now, rng),
            74..=75 => rng
                .pick(&[
                    "result 1-0 {White wins}",
                    "result * {aborted}",
                    "draw",
                    "playother",
                ])
                .to_string(),
            76..=77 => "d".to_string(),
            78 => rng
                .pick(&[
                    "protover 2",
                    "accepted usermove",
                    "computer",
                    "random",
                    "name x",
                ])
                .to_string(),
            79 => "quit".to_string(),
            80..=82 if !legal.is_empty() => {
                // A square a piece may be lifted from or put on (XBoard's highlight traffic).
                let turn = &legal[rng.below(legal.len())];
                let square: String = turn
                    .split(' ')
                    .next()
                    .unwrap_or_default()
                    .chars()
                    .take(if rng.chance(50) { 2 } else { 3 })
                    .collect();
                format!("{} {square}", rng.pick(&["lift", "put", "hover"]))
            }
            _ => soup(&WORDS, 6, 25, rng),
        };
        if rng.chance(30) {
            let mutated = mutate(&line, &WORDS, rng);
            if tame(&mutated) {
                self.plan.clear();
                return mutated;
            }
        }
        if !tame(&line) {
            // Token soup can name a costly setting too.
            return "d".to_string();
        }
        line
    }
}

/// `option NAME=VALUE` for a rule option of the current or another variant.
fn option(now: &Reported, rng: &mut SplitMix64) -> String {
    let options = all_rule_options();
    let Some(spec) = options.get(rng.below(options.len().max(1))) else {
        return "option Crooked=1".to_string();
    };
    let value = match &spec.kind {
        OptionKind::Check { .. } => rng.pick(&["0", "1", "true", "2"]).to_string(),
        OptionKind::Combo { values, .. } if rng.chance(80) => rng.pick(values).to_string(),
        OptionKind::Combo { .. } => "nonsense".to_string(),
    };
    // Sometimes a whole random option set of the current variant, one option a line.
    if rng.chance(10) {
        if let Some(info) = variants::find(&now.variant) {
            if let Some((name, value)) = random_options(info, rng).iter().next() {
                return format!("option {name}={value}");
            }
        }
    }
    format!("option {}={value}", spec.name)
}

/// The start position of `variant` under the options `d` showed.
/// `previous` taken back to the position XBoard's `fen` shows, when it is `current`'s variant
/// and options and has such a position.
fn previous_showing(
    previous: &dyn Session,
    current: &dyn Session,
    fen: &str,
) -> Option<Box<dyn Session>> {
    if previous.variant() != current.variant() || previous.options() != current.options() {
        return None;
    }
    let mut game = previous.clone_box();
    let kept = game.set_fen_keeping(fen, Dialect::XBoard).ok()?;
    matches!(kept.known, Known::Current | Known::Earlier(_)).then_some(game)
}

fn start(variant: &str, options: &str) -> Result<Box<dyn Session>, String> {
    variants::find(variant)
        .ok_or_else(|| format!("unknown variant '{variant}'"))?
        .new_session(&parse_options(options))
}

/// The engine's position as the harness's session shows it.
fn reported(session: &dyn Session) -> Reported {
    Reported {
        variant: session.variant().to_string(),
        options: session.options().to_string(),
        fen: session.fen(Dialect::XBoard),
    }
}

/// What the rules say a `usermove` does, given the parts of the turn sent before it.
enum UserMove {
    /// The turn is whole: the position after it.
    Played(Box<dyn Session>),
    Incomplete(Vec<String>),
    Refused,
}

fn user_move(model: &dyn Session, before: &[String], part: &str) -> UserMove {
    // A `usermove` holding several parts (`k5j4 @@@@`) pends as those parts, as the engine
    // keeps them.
    let mut turn = before.to_vec();
    turn.extend(part.split_whitespace().map(str::to_string));
    let mut session = model.clone_box();
    match session.play(&turn.join(" "), Dialect::XBoard) {
        Ok(()) => UserMove::Played(session),
        Err(MoveError::Incomplete) => UserMove::Incomplete(turn),
        Err(_) => UserMove::Refused,
    }
}

/// The parts of an unfinished turn the last `d` among `lines` showed (`# Pending:` after its FEN).
fn pending_in(lines: &[String]) -> Vec<String> {
    let Some(fen) = lines.iter().rposition(|l| l.starts_with("# Fen: ")) else {
        return Vec::new();
    };
    // The engine's own output (a search's last thinking line) may come between `d`'s lines.
    lines[fen + 1..]
        .iter()
        .find(|l| l.starts_with("# "))
        .and_then(|l| l.strip_prefix("# Pending: "))
        .map(|parts| parts.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The model after an accepted take-back of `plies` XBoard plies, which the engine reports as
/// `after` with `pending` parts: at most `plies` whole turns unmade, and the pending parts the
/// beginning of a turn there.
fn taken_back(
    model: Box<dyn Session>,
    plies: usize,
    after: &Reported,
    pending: &[String],
) -> Result<Box<dyn Session>, String> {
    let mut session = model;
    for _ in 0..=plies {
        if reported(session.as_ref()) == *after {
            if pending.is_empty() {
                return Ok(session);
            }
            return match user_move(
                session.as_ref(),
                &pending[..pending.len() - 1],
                &pending[pending.len() - 1],
            ) {
                UserMove::Incomplete(_) => Ok(session),
                _ => Err(format!("the pending parts {pending:?} do not begin a turn")),
            };
        }
        if session.plies() == 0 {
            break;
        }
        session.undo();
    }
    Err(format!(
        "left {after:?}, not a position at most {plies} turns back"
    ))
}

/// What the engine showed after one command: its lines up to the ping, and what they say.
struct Reply {
    lines: Vec<String>,
    /// The position `d` reported.
    after: Reported,
    /// The parts of an unfinished turn `d` reported.
    pending: Vec<String>,
    /// Whether the engine refused the command (`Error ...`, `Illegal move ...`).
    refused: bool,
}

/// What the rules say of one command: the model after it, whether it must be refused (`None`:
/// either may be right) and whether the engine may move after it.
struct Ruling {
    model: Box<dyn Session>,
    must_refuse: Option<bool>,
    may_move: bool,
}

impl XBoardFuzzer {
    /// The engine's answer to the command just sent: a ping's lines, checked for panics and a
    /// resignation (its own move refused), with the position and pending parts `d` reported.
    fn reply(&mut self) -> Result<Reply, Failure> {
        let (lines, _) = self.ping(true)?;
        let panicked = panics::take();
        if !panicked.is_empty() {
            return Err(self.talk.fail(format!("panic: {}", panicked.join(" | "))));
        }
        let after =
            Reported::last_in(&lines, "# ").ok_or_else(|| self.talk.fail("no position from d"))?;
        let pending = pending_in(&lines);
        let refused = lines
            .iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal move"));
        if lines.iter().any(|l| l == "resign") {
            return Err(self
                .talk
                .fail("the engine resigned: its own move was refused"));
        }
        Ok(Reply {
            lines,
            after,
            pending,
            refused,
        })
    }

    /// What the rules (the model) say of `line`, split as `command` and `args`, given the
    /// engine's `reply`; `now` is what the engine showed before it.
    fn ruling(
        &mut self,
        line: &str,
        (command, args): (&str, &str),
        mut model: Box<dyn Session>,
        reply: &Reply,
        now: &Reported,
    ) -> Result<Ruling, Failure> {
        let mut may_move = false;
        let must_refuse: Option<bool> = match command {
            // Found by this target: an empty `usermove` was kept as a part of the turn.
            "usermove" if args.trim().is_empty() => Some(true),
            "usermove" => match user_move(model.as_ref(), &self.partial, args) {
                UserMove::Played(session) => {
                    self.partial.clear();
                    model = session;
                    may_move = true;
                    Some(false)
                }
                UserMove::Incomplete(turn) => {
                    // The engine may answer with the null move (a person's turn goes on) or,
                    // on move for that side, with the rest of the turn.
                    self.partial = turn;
                    may_move = true;
                    Some(false)
                }
                UserMove::Refused => Some(true),
            },
            "go" | "?" => {
                may_move = true;
                None
            }
            "new" => {
                self.partial.clear();
                self.previous = Some(model.clone_box());
                self.floor = 0;
                model = start("chess", "").map_err(|e| self.talk.fail(e))?;
                Some(false)
            }
            "variant" => {
                // A refused variant keeps the game, the turn being entered included.
                let name = registry_name(args);
                if let (Some(name), false) = (name, reply.refused) {
                    self.partial.clear();
                    self.floor = 0;
                    model = start(name, &reply.after.options).map_err(|e| self.talk.fail(e))?;
                }
                Some(name.is_none())
            }
            "setboard" => {
                let (session, refused) = self.set_board(args, model);
                model = session;
                Some(refused)
            }
            "undo" | "remove" if !reply.refused => {
                // XBoard counts plies, parts and null moves of a turn included: the engine takes
                // back that many, which unmakes at most that many whole turns and may reopen one.
                let plies = if command == "undo" { 1 } else { 2 };
                model = taken_back(model, plies, &reply.after, &reply.pending)
                    .map_err(|e| self.talk.fail(format!("'{line}': {e}")))?;
                self.partial = reply.pending.clone();
                Some(false)
            }
            "undo" | "remove" => {
                // Refused: fewer plies than asked, so fewer whole turns too.
                let plies = if command == "undo" { 1 } else { 2 };
                if model.plies().saturating_sub(self.floor) + self.partial.len() >= plies {
                    Some(false)
                } else {
                    None
                }
            }
            "result" => {
                self.partial.clear();
                None
            }
            "option" => {
                // Only a changed rule starts a new game; the same value keeps the game, and the
                // engine thinks again when it is on move.
                if !reply.refused
                    && (reply.after.options != now.options || reply.after.variant != now.variant)
                {
                    self.partial.clear();
                    self.floor = 0;
                    model = start(&reply.after.variant, &reply.after.options)
                        .map_err(|e| self.talk.fail(e))?;
                } else {
                    may_move = true;
                }
                None
            }
            _ => None,
        };
        Ok(Ruling {
            model,
            must_refuse,
            may_move,
        })
    }

    /// The model after `setboard` with FEN `args`, and whether the rules refuse it.
    fn set_board(&mut self, args: &str, model: Box<dyn Session>) -> (Box<dyn Session>, bool) {
        // A board of a known position takes that position whole (this game's, else the
        // game's before `new` in the same variant and options); else the FEN as read.
        let mut session = model.clone_box();
        match session.set_fen_keeping(args, Dialect::XBoard) {
            Ok(kept) => {
                if kept.known == Known::No {
                    if let Some(game) = self.previous.as_ref().and_then(|previous| {
                        previous_showing(previous.as_ref(), session.as_ref(), args)
                    }) {
                        session = game;
                    }
                }
                self.partial.clear();
                self.floor = session.plies();
                (session, false)
            }
            Err(_) => (model, true),
        }
    }

    /// Checks the engine's `moves` after `line` against the rules and plays them on `model`.
    fn engine_moves(
        &mut self,
        line: &str,
        moves: &[&str],
        may_move: bool,
        model: &mut Box<dyn Session>,
    ) -> Result<(), Failure> {
        if !may_move {
            return Err(self.talk.fail(format!("the engine moved after '{line}'")));
        }
        if moves == [XBOARD_NULL_MOVE] {
            // The person's turn goes on: only after a part that left it unfinished.
            match user_move(model.as_ref(), &self.partial, XBOARD_NULL_MOVE) {
                UserMove::Incomplete(turn) if !self.partial.is_empty() => {
                    self.partial = turn;
                    if self.plan.front().map(String::as_str) == Some(XBOARD_NULL_MOVE) {
                        self.plan.pop_front();
                    }
                    count(&mut self.counters, "null moves handed back");
                }
                _ => {
                    return Err(self.talk.fail(format!(
                        "the engine answered '{line}' with {XBOARD_NULL_MOVE} after '{}'",
                        self.partial.join(" ")
                    )))
                }
            }
        } else {
            let mut turn = std::mem::take(&mut self.partial);
            turn.extend(moves.iter().map(|m| m.to_string()));
            let turn = turn.join(" ");
            if let Err(e) = model.play(&turn, Dialect::XBoard) {
                return Err(self.talk.fail(format!("the engine played '{turn}': {e}")));
            }
            self.plan.clear();
            count(&mut self.counters, "engine moves");
        }
        Ok(())
    }
}

impl Fuzzer for XBoardFuzzer {
    fn input(&mut self, _: u64) -> Result<(), Failure> {
        if !self.talk.running() {
            self.begin()?;
        }
        let (Some(now), Some(model)) = (self.now.clone(), self.model.take()) else {
            return Err(self.talk.fail("no position after the session start"));
        };
        let line = self.command(&now, model.as_ref());
        let (command, args) = split_command(&line);
        let (command, args) = (command.to_string(), args.to_string());
        self.talk.send(&line);
        count(&mut self.counters, "inputs");
        if command == "quit" {
            return self.after_quit();
        }
        let reply = self.reply()?;
        let Ruling {
            mut model,
            must_refuse,
            may_move,
        } = self.ruling(&line, (&command, &args), model, &reply, &now)?;
        if let Some(must) = must_refuse {
            if must != reply.refused {
                return Err(self.talk.fail(format!(
                    "'{line}' was {}refused; the rules say it {}",
                    if reply.refused { "" } else { "not " },
                    if must { "is wrong" } else { "is fine" }
                )));
            }
        }
        let moves: Vec<&str> = reply
            .lines
            .iter()
            .filter_map(|l| l.strip_prefix("move "))
            .collect();
        if !moves.is_empty() {
            self.engine_moves(&line, &moves, may_move, &mut model)?;
        }
        let highlights = reply.lines.iter().filter(|l| l.starts_with("highlight "));
        if command == "lift" && highlights.count() != 1 {
            return Err(self.talk.fail(format!("'{line}' got no single highlight")));
        }
        if reply.pending != self.partial {
            return Err(self.talk.fail(format!(
                "'{line}' left the parts {:?} pending, the rules give {:?}",
                reply.pending, self.partial
            )));
        }
        let expected = reported(model.as_ref());
        if reply.after != expected {
            return Err(self.talk.fail(format!(
                "'{line}' left {:?}, the rules give {expected:?}",
                reply.after
            )));
        }
        self.now = Some(reply.after);
        self.model = Some(model);
        self.inputs_left = self.inputs_left.saturating_sub(1);
        if self.inputs_left == 0 && self.plan.is_empty() {
            self.talk.send("quit");
            self.after_quit()?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Failure> {
        if self.talk.running() {
            self.talk.send("quit");
            self.after_quit()?;
        }
        Ok(())
    }

    fn counters(&self) -> Counters {
        let mut counters = self.counters.clone();
        counters.insert("lines sent", self.talk.lines_sent);
        counters
    }
}
