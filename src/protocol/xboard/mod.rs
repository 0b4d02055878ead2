//! XBoard / CECP protocol version 2.
//!
//! Moves and FENs travel in `Dialect::XBoard` (ranks from 0 on 10-rank boards is each variant's
//! job). A turn XBoard cannot carry as one move goes as several parts with null moves `@@@@`
//! between them, each booked by XBoard as a ply: the engine sends its own turn as several `move`
//! lines, and joins incoming `usermove`s (space-separated) until the session accepts the turn.
//!
//! Who sends the null moves between the parts of a turn depends on the opponent. A program
//! (`computer` since the last `new`) sends its own. A person cannot (XBoard refuses a user move
//! while it waits for the engine), so the engine answers each unfinished part with `move @@@@`:
//! XBoard books it and hands the move back to the person, who enters the next part.

mod analysis;
mod clock;
mod command;
mod entry;
mod features;
pub mod marks;
pub mod person;
mod plies;
mod setup;

pub use clock::{parse_level, thinking_text, Clock, ThinkingOutput};
pub use command::COMMANDS;
pub use features::{features, registry_name, xboard_names};

use super::engine::{default_variant, Engine, RuleOptionEffect};
use super::{echo, Event, Output, Protocol};
use crate::engine::options::{self, Sets};
use crate::game::{Dialect, Side};
use crate::search::Limits;
use crate::session::{InfoLine, Kept, Known, Session};
use crate::turn;
use command::Command;
use marks::Mark;
use plies::PlyLog;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The engine's own move.
    Think,
    /// Thinking on the opponent's time (result unused; it fills the TT).
    Ponder,
    Analyze,
}

pub struct XBoard {
    engine: Engine,
    out: Output,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Side>,
    /// `computer` since the last `new`: the opponent sends its own null moves.
    against_program: bool,
    analyzing: bool,
    post: Arc<AtomicBool>,
    ponder: bool,
    purpose: Option<Purpose>,
    clock: Clock,
    /// The game in XBoard's plies, with the parts received so far of the turn being entered.
    plies: PlyLog,
    /// The line just handled was a refused `usermove` (for the `go` XBoard may send after it).
    refused_part: bool,
    /// The kinds of continuation the person has been told about this game (`telluser`).
    noted: Vec<std::mem::Discriminant<turn::Continuation>>,
    /// The marks of the last `lift`, for the `put` that follows.
    lifted: Vec<(String, Mark)>,
    /// `pong`s owed once the engine has moved (a ping while thinking waits for the move).
    pongs: Vec<String>,
    /// The latest report of the best line, for `.` in analyze mode.
    last_info: Arc<Mutex<Option<InfoLine>>>,
    /// Root moves left out of the search (`exclude`), as the turns' XBoard texts; emptied when
    /// the position changes.
    excluded: Vec<String>,
    /// The game before the last `new`: XBoard's Edit Position sends `new`, `variant`, `setboard`
    /// (measured), and the board it sets may be one of that game's (see `setboard`).
    previous: Option<Box<dyn Session>>,
}

impl Protocol for XBoard {
    fn command(&mut self, line: &str) -> bool {
        XBoard::command(self, line)
    }
    fn search_done(&mut self, id: u64) {
        if let Some(best) = self.engine.finish(id) {
            // Only a search for our own move produces a move; pondering and analysis do not.
            if self.purpose.take() == Some(Purpose::Think) {
                self.engine_moves(best);
            }
        }
    }
    fn after_event(&mut self) {
        self.answer_pongs();
    }
    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }
}

impl XBoard {
    pub fn new(out: Output, events: Sender<Event>) -> Result<XBoard, String> {
        Ok(XBoard {
            engine: Engine::new(events)?,
            out,
            engine_side: Some(Side::Black),
            against_program: false,
            analyzing: false,
            // Thinking output stays off until `post` (XBoard sends it when the user wants it).
            post: Arc::new(AtomicBool::new(false)),
            ponder: false,
            purpose: None,
            clock: Clock::default(),
            plies: PlyLog::default(),
            refused_part: false,
            noted: Vec::new(),
            lifted: Vec::new(),
            pongs: Vec::new(),
            last_info: Arc::new(Mutex::new(None)),
            excluded: Vec::new(),
            previous: None,
        })
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let refused = std::mem::take(&mut self.refused_part);
        match Command::parse(line) {
            Command::Ignored => {}
            Command::Protover => self.out.line(&features()),
            Command::New => self.new_game(),
            Command::Variant(name) => self.variant(&name),
            Command::Force => {
                self.halt();
                self.engine_side = None;
            }
            Command::Go => self.go(refused),
            Command::Playother => {
                self.halt();
                self.engine_side = Some(self.xboard_on_move().other());
                self.ponder_if_wanted();
            }
            Command::Usermove(text) => self.user_move(&text),
            Command::Computer => self.against_program = true,
            Command::MoveNow => self.move_now(),
            Command::Ping(n) => self.ping(&n),
            Command::Setboard(fen) => self.setboard(&fen),
            Command::TakeBack(plies) => self.take_back(plies, line),
            Command::Result(result) => self.result(&result),
            Command::Analyze => {
                self.halt();
                self.analyzing = true;
                self.restart_analysis();
            }
            Command::Exit => {
                self.halt();
                self.analyzing = false;
            }
            Command::Status => self.status(),
            Command::Post(on) => self.post.store(on, Ordering::Relaxed),
            Command::Ponder(on) => {
                self.ponder = on;
                if !on && self.purpose == Some(Purpose::Ponder) {
                    self.halt();
                }
            }
            Command::Level(level) => self.clock.set_level(level),
            Command::St(ms) => self.clock.per_move_ms = Some(ms),
            Command::Sd(depth) => self.clock.depth = Some(depth),
            Command::Time { own: true, ms } => self.clock.own_ms = Some(ms),
            Command::Time { own: false, ms } => self.clock.other_ms = Some(ms),
            Command::Memory(mb) => {
                self.halt();
                self.engine.set_hash(mb);
            }
            Command::Cores(n) => self
                .engine
                .settings
                .set_number(Sets::Threads, u64::try_from(n).unwrap_or(u64::MAX)),
            Command::Option { name, value } => self.option(line, &name, &value),
            Command::MultiPv(lines) => self.set_multipv(lines),
            Command::Exclude { exclude, moves } => self.exclude(exclude, &moves, line),
            Command::Draw => self
                .out
                .line("tellopponent Kaleido thanks you for the offer but plays on"),
            Command::Lift(square) => self.lift(&square),
            Command::Put(square) => self.put(&square),
            // Nothing to show on hover (no square is marked red), and never an error.
            Command::Hover(_) => {}
            Command::Display => self.display(),
            Command::Quit => return false,
            Command::Bad(why) => self.error(line, why),
            Command::Unknown => self
                .out
                .line(&format!("Error (unknown command): {}", echo(line.trim()))),
        }
        true
    }

    fn error(&self, command: &str, why: &str) {
        self.out
            .line(&format!("Error ({}): {}", echo(why), echo(command.trim())));
    }

    fn thinking(&self) -> bool {
        self.purpose == Some(Purpose::Think) && self.engine.searching()
    }

    fn answer_pongs(&mut self) {
        if !self.thinking() {
            for pong in self.pongs.drain(..) {
                self.out.line(&pong);
            }
        }
    }

    /// Stops any search and drops its result (force, new, setboard, a move while pondering...).
    fn halt(&mut self) {
        let _ = self.engine.halt();
        self.purpose = None;
    }

    /// The side whose turn is being entered (or is next).
    fn mover(&self) -> Side {
        self.engine.session().side_to_move()
    }

    /// The side on move as XBoard sees it: it books every part and null move of a turn as a ply.
    fn xboard_on_move(&self) -> Side {
        if self.plies.other_side_on_move() {
            self.mover().other()
        } else {
            self.mover()
        }
    }

    /// Forgets the turn being entered, the marks and the excluded moves (a new game or position).
    fn reset_turns(&mut self) {
        self.plies.clear();
        self.lifted.clear();
        self.excluded.clear();
    }

    fn new_game(&mut self) {
        self.halt();
        self.previous = Some(self.engine.session().clone_box());
        if let Err(e) = default_variant().and_then(|v| self.engine.set_variant(v.name)) {
            self.error("new", &e);
        }
        self.engine.clear_hash();
        self.engine_side = Some(Side::Black);
        self.against_program = false;
        self.noted.clear();
        self.clock.depth = None;
        self.reset_turns();
        self.restart_analysis();
    }

    fn variant(&mut self, name: &str) {
        self.halt();
        match registry_name(name) {
            Some(registry) => match self.engine.set_variant(registry) {
                // XBoard must see `setup` before it gets the next pong.
                Ok(()) => {
                    for setup in self.engine.session().xboard_setup() {
                        self.out.line(&setup);
                    }
                    self.reset_turns();
                }
                Err(e) => self.error(&format!("variant {name}"), &e),
            },
            // A refused variant leaves the game as it was, its plies included (`undo` works).
            None => self
                .out
                .line(&format!("Error (unsupported variant): {}", echo(name))),
        }
        self.restart_analysis();
    }

    /// `go`. XBoard sends `go` right after the person's first move from a set-up position
    /// (force, setboard, usermove, go); when that move was refused, XBoard takes it back and the
    /// person moves again, so the engine plays the side it would have been on move with.
    fn go(&mut self, after_refused_part: bool) {
        self.halt();
        if after_refused_part {
            self.engine_side = Some(self.xboard_on_move().other());
            return;
        }
        self.engine_side = Some(self.xboard_on_move());
        // A finished game gets its result again instead of a silence XBoard would wait on.
        match self.engine.session().outcome() {
            Some(outcome) => self.out.line(&outcome.to_string()),
            None => self.play_if_our_turn(),
        }
    }

    fn move_now(&mut self) {
        if self.thinking() {
            if let Some(best) = self.engine.halt() {
                self.purpose = None;
                self.engine_moves(best);
            }
        }
    }

    fn ping(&mut self, n: &str) {
        let pong = format!("pong {}", n.trim());
        if self.thinking() {
            self.pongs.push(pong);
        } else {
            self.out.line(&pong);
        }
    }

    fn setboard(&mut self, fen: &str) {
        self.halt();
        match self
            .engine
            .session_mut()
            .set_fen_keeping(fen, Dialect::XBoard)
        {
            Ok(mut kept) => {
                let mut from_previous = false;
                if kept.known == Known::No {
                    if let Some(game) = self.previous_game_showing(fen) {
                        *self.engine.session_mut() = game.0;
                        kept = game.1;
                        from_previous = true;
                    }
                }
                let session = self.engine.session();
                let setup = session.xboard_setup();
                // Never silently: say which state the engine kept or had to assume.
                if let Some(note) = setup::note(kept, from_previous, !setup.is_empty(), session) {
                    self.out.line(&note);
                }
                // XBoard may have replaced this position by our `setup`'s (see `setup`).
                for line in setup::resend(&setup, &session.fen(Dialect::XBoard)) {
                    self.out.line(&line);
                }
                self.reset_turns();
                self.restart_analysis();
            }
            Err(e) => self.out.line(&format!("Error (bad FEN): {}", echo(&e))),
        }
    }

    /// The game before the last `new`, taken back to the position XBoard's `fen` shows, when it
    /// is the same variant with the same rule options and has such a position.
    fn previous_game_showing(&self, fen: &str) -> Option<(Box<dyn Session>, Kept)> {
        let previous = self.previous.as_ref()?;
        let current = self.engine.session();
        if previous.variant() != current.variant() || previous.options() != current.options() {
            return None;
        }
        let mut game = previous.clone_box();
        let kept = game.set_fen_keeping(fen, Dialect::XBoard).ok()?;
        matches!(kept.known, Known::Current | Known::Earlier(_)).then_some((game, kept))
    }

    fn result(&mut self, result: &str) {
        // Logged so that a match's final positions can be compared with the GUI's record.
        log::info!(
            "game over ({}); final position {}",
            echo(result),
            self.engine.session().fen(Dialect::Uci)
        );
        self.halt();
        self.engine_side = None;
        self.plies.abandon();
    }

    /// `option NAME=VALUE`: the engine options offered to XBoard (used from the next search on)
    /// and the variants' rule options.
    fn option(&mut self, line: &str, name: &str, value: &str) {
        if let Some(option) = options::find(name).filter(|o| o.xboard) {
            if let Err(e) = self.engine.set_option(option, value) {
                self.error(line, &e);
            }
            return;
        }
        self.halt();
        match self.engine.set_rule_option(name, value) {
            // A new game only when the rules changed: an option of another variant, or the value
            // it already had, keeps the game and its plies (`undo` still takes them back).
            Ok(RuleOptionEffect::Applied) => {
                self.reset_turns();
                self.restart_analysis();
            }
            // The halt above stopped any search: the engine thinks again if it was on move.
            Ok(RuleOptionEffect::Unchanged | RuleOptionEffect::NotInThisVariant) => {
                self.restart_analysis();
                self.play_if_our_turn();
            }
            Err(e) => self.error(line, &e),
        }
    }

    fn ponder_if_wanted(&mut self) {
        if !self.ponder
            || self.analyzing
            || self.engine_side != Some(self.xboard_on_move().other())
            || self.engine.session().outcome().is_some()
        {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..self.engine.base_limits()
        };
        self.start(Purpose::Ponder, limits);
    }

    fn restart_analysis(&mut self) {
        if !self.analyzing {
            return;
        }
        self.halt();
        if self.engine.session().outcome().is_some() {
            return;
        }
        // Analysis is for the person at the board: always full strength.
        let limits = Limits {
            infinite: true,
            strength: None,
            ..self.engine.base_limits()
        };
        self.start(Purpose::Analyze, limits);
    }

    fn start(&mut self, purpose: Purpose, mut limits: Limits) {
        let (root_moves, allowed) = self.root_moves();
        let allowed = if allowed > 0 {
            limits.root_moves = root_moves;
            allowed
        } else if purpose == Purpose::Analyze {
            // Every move excluded: nothing to analyse until one is included again (the protocol
            // lets the engine wait; XBoard follows `exclude all` with the moves it keeps).
            return;
        } else {
            // A move is owed: the exclusions give way.
            self.engine.session().legal_moves(Dialect::XBoard).len()
        };
        let out = self.out.clone();
        let post = Arc::clone(&self.post);
        let last = Arc::clone(&self.last_info);
        if let Ok(mut l) = last.lock() {
            *l = None;
        }
        let show = purpose != Purpose::Ponder;
        let always = purpose == Purpose::Analyze;
        let mut output = ThinkingOutput::new(limits.multipv.min(allowed));
        self.purpose = Some(purpose);
        self.engine.start_search(
            limits,
            Dialect::XBoard,
            Box::new(move |info| {
                if show && (always || post.load(Ordering::Relaxed)) {
                    for line in output.lines_for(&info) {
                        out.line(&line);
                    }
                }
                if info.multipv == 1 {
                    if let Ok(mut l) = last.lock() {
                        *l = Some(info);
                    }
                }
            }),
        );
    }

    fn display(&self) {
        let session = self.engine.session();
        for row in session.diagram().lines() {
            self.out.line(&format!("# {row}"));
        }
        self.out.line(&format!("# Variant: {}", session.variant()));
        self.out.line(&format!("# Options: {}", session.options()));
        self.out
            .line(&format!("# Fen: {}", session.fen(Dialect::XBoard)));
        if !self.plies.pending().is_empty() {
            self.out
                .line(&format!("# Pending: {}", self.plies.pending_text()));
        }
        // What XBoard's FEN cannot carry (castling rights, king forms...) shows here; after
        // `# Pending:`, which tools read as the line after `# Fen:`.
        self.out
            .line(&format!("# Engine FEN: {}", session.fen(Dialect::Uci)));
    }

    /// `.` in analyze mode: `stat01: time nodes depth movesleft totalmoves`.
    fn status(&self) {
        if !self.analyzing {
            return;
        }
        let info = self.last_info.lock().ok().and_then(|l| l.clone());
        let total = self.engine.session().legal_moves(Dialect::XBoard).len();
        match info {
            Some(i) => self.out.line(&format!(
                "stat01: {} {} {} 0 {} {}",
                i.time_ms / 10,
                i.nodes,
                i.depth,
                total,
                i.pv.first().map(String::as_str).unwrap_or("")
            )),
            None => self.out.line(&format!("stat01: 0 0 0 0 {total}")),
        }
    }
}
