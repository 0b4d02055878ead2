//! XBoard / CECP protocol version 2.
//!
//! Moves and FENs travel in `Dialect::XBoard` (ranks from 0 on 10-rank boards is each variant's
//! job). A turn XBoard cannot carry as one move goes out as several `move` lines and comes in as
//! several `usermove`s, which are joined (space-separated) until the session accepts the turn.

use super::engine::{all_rule_options, default_variant, Engine, MAX_HASH_MB, MAX_THREADS};
use super::{echo, parse_count, split_command, Event, Output, Protocol};
use crate::game::{Dialect, MoveError, OptionKind, Side, VariantOptions};
use crate::search::Limits;
use crate::session::{BestMove, InfoLine, ScoreText};
use crate::variants;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// Registry name -> the name XBoard knows the variant by (`chess` is `normal`).
pub fn xboard_names() -> Vec<(&'static str, &'static str)> {
    variants::VARIANTS
        .iter()
        .map(|info| {
            let xboard = info
                .new_session(&VariantOptions::default())
                .map(|s| s.xboard_variant())
                .unwrap_or(info.name);
            (info.name, xboard)
        })
        .collect()
}

/// The registry name of the variant XBoard calls `name`.
pub fn registry_name(name: &str) -> Option<&'static str> {
    let names = xboard_names();
    names
        .iter()
        .find(|(_, x)| x.eq_ignore_ascii_case(name))
        .or_else(|| names.iter().find(|(r, _)| r.eq_ignore_ascii_case(name)))
        .map(|(r, _)| *r)
}

/// The `feature` line answering `protover 2`.
pub fn features() -> String {
    let mut list: Vec<&str> = Vec::new();
    for (_, x) in xboard_names() {
        if !list.contains(&x) {
            list.push(x);
        }
    }
    let mut line = format!(
        "feature ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 sigterm=0 san=0 \
         time=1 memory=1 smp=1 analyze=1 reuse=1 debug=1 myname=\"{}\" variants=\"{}\"",
        super::uci::ENGINE_NAME,
        list.join(",")
    );
    for spec in all_rule_options() {
        let option = match &spec.kind {
            OptionKind::Check { default } => {
                format!("{} -check {}", spec.name, u8::from(*default))
            }
            OptionKind::Combo { default, values } => {
                let values: Vec<String> = values
                    .iter()
                    .map(|v| {
                        if v == default {
                            format!("*{v}")
                        } else {
                            v.to_string()
                        }
                    })
                    .collect();
                format!("{} -combo {}", spec.name, values.join(" /// "))
            }
        };
        line.push_str(&format!(" option=\"{option}\""));
    }
    line.push_str(" done=1");
    line
}

/// A search report as XBoard thinking output: `depth score time(cs) nodes pv`; mate scores are
/// 100000 + moves, as XBoard expects.
pub fn thinking_text(info: &InfoLine) -> String {
    let score = match ScoreText::from_score(info.score) {
        ScoreText::Centipawns(cp) => cp,
        ScoreText::Mate(n) if n > 0 => 100_000 + n,
        ScoreText::Mate(n) => -100_000 + n,
    };
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time_ms / 10,
        info.nodes,
        info.pv.join(" ")
    )
    .trim_end()
    .to_string()
}

/// Time control as `level`, `st`, `sd`, `time` and `otim` set it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clock {
    /// Moves per session (0: the whole game).
    pub moves_per_session: u32,
    pub base_ms: u64,
    pub increment_ms: u64,
    /// Fixed time per move (`st`).
    pub per_move_ms: Option<u64>,
    /// Depth limit (`sd`).
    pub depth: Option<u32>,
    /// The engine's and the opponent's clocks (`time`, `otim`; XBoard sends centiseconds).
    pub own_ms: Option<u64>,
    pub other_ms: Option<u64>,
}

/// Parses `level MPS BASE INC`; BASE is minutes or `minutes:seconds`, INC seconds (may be
/// fractional).
pub fn parse_level(args: &str) -> Option<(u32, u64, u64)> {
    let parts: Vec<&str> = args.split_whitespace().collect();
    let [mps, base, inc] = parts[..] else {
        return None;
    };
    let mps = u32::try_from(parse_count(mps)?).unwrap_or(u32::MAX);
    let base_ms = match base.split_once(':') {
        Some((m, s)) => parse_count(m)?
            .saturating_mul(60_000)
            .saturating_add(parse_count(s)?.saturating_mul(1000)),
        None => seconds_ms(base)?.saturating_mul(60),
    };
    Some((mps, base_ms, seconds_ms(inc)?))
}

/// Seconds, possibly fractional and never negative, in milliseconds.
fn seconds_ms(text: &str) -> Option<u64> {
    let s: f64 = text.parse().ok()?;
    s.is_finite()
        .then(|| (s.max(0.0) * 1000.0).min(u64::MAX as f64) as u64)
}

impl Clock {
    /// Search limits for the engine playing `side` with `plies` played so far.
    pub fn limits(&self, mut limits: Limits, side: Side, plies: usize) -> Limits {
        limits.depth = self.depth;
        if let Some(ms) = self.per_move_ms {
            limits.movetime = Some(ms);
            return limits;
        }
        let own = self.own_ms.or((self.base_ms > 0).then_some(self.base_ms));
        let Some(own) = own else {
            if self.depth.is_none() {
                // No clock at all: think a fixed time rather than forever.
                limits.movetime = Some(DEFAULT_MOVE_MS);
            }
            return limits;
        };
        let other = self.other_ms.unwrap_or(own);
        let inc = Some(self.increment_ms);
        if side == Side::White {
            (limits.wtime, limits.btime, limits.winc, limits.binc) =
                (Some(own), Some(other), inc, inc);
        } else {
            (limits.wtime, limits.btime, limits.winc, limits.binc) =
                (Some(other), Some(own), inc, inc);
        }
        if self.moves_per_session > 0 {
            let own_moves_made = (plies / 2) as u32;
            limits.movestogo =
                Some(self.moves_per_session - own_moves_made % self.moves_per_session);
        }
        limits
    }
}

/// Think time per move when XBoard sent no time control at all.
const DEFAULT_MOVE_MS: u64 = 5000;

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
    analyzing: bool,
    post: Arc<AtomicBool>,
    ponder: bool,
    purpose: Option<Purpose>,
    clock: Clock,
    /// The parts received so far of a turn XBoard delivers in several `usermove`s.
    partial_turn: Vec<String>,
    /// `pong`s owed once the engine has moved (a ping while thinking waits for the move).
    pongs: Vec<String>,
    /// The latest report, for `.` in analyze mode.
    last_info: Arc<Mutex<Option<InfoLine>>>,
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
            analyzing: false,
            // Thinking output stays off until `post` (XBoard sends it when the user wants it).
            post: Arc::new(AtomicBool::new(false)),
            ponder: false,
            purpose: None,
            clock: Clock::default(),
            partial_turn: Vec::new(),
            pongs: Vec::new(),
            last_info: Arc::new(Mutex::new(None)),
        })
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

    fn side_to_move(&self) -> Side {
        self.engine.session().side_to_move()
    }

    /// The side on move as XBoard sees it. While part of a multi-part turn has arrived, XBoard
    /// already counts the turn as passed (it books each part as a ply), so a `go` then means
    /// "play the side after this turn": the engine waits for the rest and then thinks.
    fn side_after_partial_turn(&self) -> Side {
        let side = self.side_to_move();
        if self.partial_turn.is_empty() {
            side
        } else {
            side.other()
        }
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (command, args) = split_command(line);
        match command {
            "" | "xboard" | "accepted" | "rejected" | "computer" | "name" | "random" | "ics"
            | "bk" | "hint" | "white" | "black" | "nps" | "otherengine" => {}
            "protover" => self.out.line(&features()),
            "quit" => return false,
            "new" => {
                self.halt();
                match default_variant().and_then(|v| self.engine.set_variant(v.name)) {
                    Ok(()) => {}
                    Err(e) => self.error("new", &e),
                }
                self.engine.clear_hash();
                self.engine_side = Some(Side::Black);
                self.clock.depth = None;
                self.partial_turn.clear();
                self.restart_analysis();
            }
            "variant" => {
                self.halt();
                match registry_name(args).ok_or_else(|| format!("unsupported variant {args}")) {
                    Ok(name) => match self.engine.set_variant(name) {
                        Ok(()) => {
                            // XBoard must see `setup` before it gets the next pong.
                            for setup in self.engine.session().xboard_setup() {
                                self.out.line(&setup);
                            }
                        }
                        Err(e) => self.error(line, &e),
                    },
                    Err(_) => self
                        .out
                        .line(&format!("Error (unsupported variant): {}", echo(args))),
                }
                self.partial_turn.clear();
                self.restart_analysis();
            }
            "force" => {
                self.halt();
                self.engine_side = None;
            }
            "go" => {
                self.halt();
                self.engine_side = Some(self.side_after_partial_turn());
                // A finished game gets its result again instead of a silence XBoard would wait on.
                match self.engine.session().outcome() {
                    Some(outcome) => self.out.line(&outcome.to_string()),
                    None => self.think_if_our_turn(),
                }
            }
            "playother" => {
                self.halt();
                self.engine_side = Some(self.side_after_partial_turn().other());
                self.ponder_if_wanted();
            }
            "usermove" => self.user_move(args),
            "?" => {
                if self.thinking() {
                    if let Some(best) = self.engine.halt() {
                        self.purpose = None;
                        self.engine_moves(best);
                    }
                }
            }
            "ping" => {
                let pong = format!("pong {}", args.trim());
                if self.thinking() {
                    self.pongs.push(pong);
                } else {
                    self.out.line(&pong);
                }
            }
            "setboard" => {
                self.halt();
                match self.engine.session_mut().set_fen(args, Dialect::XBoard) {
                    Ok(()) => {
                        self.partial_turn.clear();
                        self.restart_analysis();
                    }
                    Err(e) => self.out.line(&format!("Error (bad FEN): {}", echo(&e))),
                }
            }
            "undo" | "remove" => {
                self.halt();
                let plies = if command == "undo" { 1 } else { 2 };
                self.partial_turn.clear();
                if self.engine.session().plies() < plies {
                    self.out
                        .line(&format!("Error (no move to undo): {command}"));
                } else {
                    for _ in 0..plies {
                        self.engine.session_mut().undo();
                    }
                    self.restart_analysis();
                }
            }
            "result" => {
                // Logged so that a match's final positions can be compared with the GUI's record.
                log::info!(
                    "game over ({args}); final position {}",
                    self.engine.session().fen(Dialect::Uci)
                );
                self.halt();
                self.engine_side = None;
                self.partial_turn.clear();
            }
            "analyze" => {
                self.halt();
                self.analyzing = true;
                self.restart_analysis();
            }
            "exit" => {
                self.halt();
                self.analyzing = false;
            }
            "." => self.status(),
            "post" => self.post.store(true, Ordering::Relaxed),
            "nopost" => self.post.store(false, Ordering::Relaxed),
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if self.purpose == Some(Purpose::Ponder) {
                    self.halt();
                }
            }
            "level" => match parse_level(args) {
                Some((mps, base, inc)) => {
                    self.clock.moves_per_session = mps;
                    self.clock.base_ms = base;
                    self.clock.increment_ms = inc;
                    self.clock.per_move_ms = None;
                    self.clock.own_ms = None;
                    self.clock.other_ms = None;
                }
                None => self.error(line, "level takes MPS BASE INC"),
            },
            "st" => match seconds_ms(args.trim()) {
                Some(ms) => self.clock.per_move_ms = Some(ms),
                None => self.error(line, "st takes seconds"),
            },
            "sd" => match parse_count(args) {
                Some(d) => self.clock.depth = Some(u32::try_from(d).unwrap_or(u32::MAX).max(1)),
                None => self.error(line, "sd takes a depth"),
            },
            "time" | "otim" => match parse_count(args) {
                Some(cs) => {
                    let ms = Some(cs.saturating_mul(10));
                    if command == "time" {
                        self.clock.own_ms = ms;
                    } else {
                        self.clock.other_ms = ms;
                    }
                }
                None => self.error(line, "takes centiseconds"),
            },
            "memory" => match parse_count(args) {
                Some(mb) => {
                    self.halt();
                    self.engine.set_hash((mb as usize).clamp(1, MAX_HASH_MB));
                }
                None => self.error(line, "memory takes megabytes"),
            },
            "cores" => match parse_count(args) {
                Some(n) => self.engine.threads = (n as usize).clamp(1, MAX_THREADS),
                None => self.error(line, "cores takes a number"),
            },
            "option" => self.option(line, args),
            "draw" => self
                .out
                .line("tellopponent Kaleido thanks you for the offer but plays on"),
            "d" => {
                let session = self.engine.session();
                for row in session.diagram().lines() {
                    self.out.line(&format!("# {row}"));
                }
                self.out.line(&format!("# Variant: {}", session.variant()));
                self.out.line(&format!("# Options: {}", session.options()));
                self.out
                    .line(&format!("# Fen: {}", session.fen(Dialect::XBoard)));
            }
            _ => self
                .out
                .line(&format!("Error (unknown command): {}", echo(line.trim()))),
        }
        true
    }

    fn error(&self, command: &str, why: &str) {
        self.out
            .line(&format!("Error ({}): {}", echo(why), echo(command.trim())));
    }

    /// `option NAME=VALUE`: the variants' rule options (checks as 0/1).
    fn option(&mut self, line: &str, args: &str) {
        let Some((name, value)) = args.split_once('=') else {
            self.error(line, "expected option NAME=VALUE");
            return;
        };
        let (name, value) = (name.trim(), value.trim());
        let value = match value {
            "0" => "false",
            "1" => "true",
            v => v,
        };
        self.halt();
        match self.engine.set_rule_option(name, value) {
            Ok(_) => {
                self.partial_turn.clear();
                self.restart_analysis();
            }
            Err(e) => self.error(line, &e),
        }
    }

    fn user_move(&mut self, text: &str) {
        let text = text.trim();
        if self.purpose != Some(Purpose::Analyze) {
            // Pondering (or, against the protocol, thinking): the opponent has moved.
            self.halt();
        }
        let mut turn = self.partial_turn.clone();
        turn.push(text.to_string());
        match self
            .engine
            .session_mut()
            .play(&turn.join(" "), Dialect::XBoard)
        {
            Ok(()) => {
                self.partial_turn.clear();
                self.after_move();
            }
            Err(MoveError::Incomplete) => self.partial_turn = turn,
            Err(MoveError::GameOver) => {
                self.partial_turn.clear();
                self.out
                    .line(&format!("Illegal move (game over): {}", echo(text)));
            }
            Err(e) => {
                log::info!("rejected usermove {}: {e}", echo(text));
                self.partial_turn.clear();
                self.out.line(&format!("Illegal move: {}", echo(text)));
            }
        }
    }

    /// After a move on the board: claim a result, or go on analysing, or think.
    fn after_move(&mut self) {
        if let Some(outcome) = self.engine.session().outcome() {
            self.out.line(&outcome.to_string());
        }
        if self.analyzing {
            self.restart_analysis();
        } else {
            self.think_if_our_turn();
        }
    }

    fn think_if_our_turn(&mut self) {
        if self.analyzing
            || self.engine_side != Some(self.side_to_move())
            || self.engine.session().outcome().is_some()
        {
            return;
        }
        let session = self.engine.session();
        let limits = self.clock.limits(
            self.engine.base_limits(),
            session.side_to_move(),
            session.plies(),
        );
        self.start(Purpose::Think, limits);
    }

    fn ponder_if_wanted(&mut self) {
        if !self.ponder
            || self.analyzing
            || self.engine_side != Some(self.side_to_move().other())
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
        let limits = Limits {
            infinite: true,
            ..self.engine.base_limits()
        };
        self.start(Purpose::Analyze, limits);
    }

    fn start(&mut self, purpose: Purpose, limits: Limits) {
        let out = self.out.clone();
        let post = Arc::clone(&self.post);
        let last = Arc::clone(&self.last_info);
        if let Ok(mut l) = last.lock() {
            *l = None;
        }
        let show = purpose != Purpose::Ponder;
        let always = purpose == Purpose::Analyze;
        self.purpose = Some(purpose);
        self.engine.start_search(
            limits,
            Dialect::XBoard,
            Box::new(move |info| {
                if show && (always || post.load(Ordering::Relaxed)) {
                    out.line(&thinking_text(&info));
                }
                if let Ok(mut l) = last.lock() {
                    *l = Some(info);
                }
            }),
        );
    }

    /// Plays and announces the engine's move (each protocol move of a multi-part turn on its own
    /// `move` line), then claims the result or starts pondering.
    fn engine_moves(&mut self, best: BestMove) {
        if self.engine_side != Some(self.side_to_move()) {
            return;
        }
        let Some(text) = best.best else {
            match self.engine.session().outcome() {
                Some(outcome) => self.out.line(&outcome.to_string()),
                None => self.out.line("resign"),
            }
            return;
        };
        if let Err(e) = self.engine.session_mut().play(&text, Dialect::XBoard) {
            log::error!("the engine's own move {text} was rejected: {e}");
            self.out.line("resign");
            return;
        }
        for part in text.split_whitespace() {
            self.out.line(&format!("move {part}"));
        }
        if let Some(outcome) = self.engine.session().outcome() {
            self.out.line(&outcome.to_string());
        } else {
            self.ponder_if_wanted();
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_parses_minutes_seconds_and_increments() {
        assert_eq!(parse_level("40 5 0"), Some((40, 300_000, 0)));
        assert_eq!(parse_level("0 2:30 1.5"), Some((0, 150_000, 1500)));
        assert_eq!(parse_level("0 0.5 0"), Some((0, 30_000, 0)));
        assert_eq!(parse_level("40 5"), None);
        assert_eq!(parse_level("x 5 0"), None);
    }

    #[test]
    fn clock_gives_search_limits() {
        let clock = Clock {
            moves_per_session: 40,
            base_ms: 300_000,
            increment_ms: 0,
            own_ms: Some(12_000),
            other_ms: Some(9_000),
            ..Clock::default()
        };
        let l = clock.limits(Limits::default(), Side::Black, 21);
        assert_eq!((l.wtime, l.btime), (Some(9_000), Some(12_000)));
        assert_eq!(l.movestogo, Some(30), "10 of 40 moves made");
        let st = Clock {
            per_move_ms: Some(2000),
            depth: Some(4),
            ..clock
        };
        let l = st.limits(Limits::default(), Side::White, 0);
        assert_eq!((l.movetime, l.depth, l.wtime), (Some(2000), Some(4), None));
        let l = Clock::default().limits(Limits::default(), Side::White, 0);
        assert_eq!(l.movetime, Some(DEFAULT_MOVE_MS));
    }

    #[test]
    fn thinking_output_uses_centiseconds_and_mate_convention() {
        let info = InfoLine {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score: crate::game::MATE - 1,
            nodes: 100,
            time_ms: 1234,
            hashfull: 0,
            pv: vec!["e2e4".into()],
        };
        assert_eq!(thinking_text(&info), "3 100001 123 100 e2e4");
        let info = InfoLine {
            score: -25,
            pv: vec![],
            ..info
        };
        assert_eq!(thinking_text(&info), "3 -25 123 100");
    }
}
