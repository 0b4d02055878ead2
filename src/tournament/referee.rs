//! One game between two engines, judged move by move by Kaleido's own rules.

use super::judge::play_move;
use super::openings::Opening;
use super::player::{start_player, GameStart, Limit, Player, PlyText, Reply, Thinking, Turn};
use super::process::Fault;
use super::spec::EngineSpec;
use crate::game::{Dialect, MoveError, Side, VariantOptions};
use crate::session::Session;
use crate::variants::VariantInfo;
use std::time::{Duration, Instant};

/// Optional adjudication by the engines' own scores; both are off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// (centipawns, moves): both engines agree that one side is at least this far behind for this
    /// many moves each.
    pub resign: Option<(i32, u32)>,
    /// (centipawns, moves, first ply): both engines' scores within +/- centipawns for this many
    /// moves each, counted from the given ply on.
    pub draw: Option<(i32, u32, usize)>,
}

/// Everything about a game that is the same for every game of a match.
#[derive(Clone)]
pub struct RefereeConfig {
    pub variant: &'static VariantInfo,
    pub options: VariantOptions,
    pub limit: Limit,
    /// Extra time an engine gets beyond its clock before it forfeits (process and pipe overhead).
    pub margin: Duration,
    /// For node- and depth-limited games: how long one move may take before it counts as a hang.
    pub move_timeout: Duration,
    pub max_plies: Option<usize>,
    pub adjudication: Adjudication,
    pub debug: bool,
}

/// A game to play: `number` counts from 1 (the PGN round), engines are indices into the match list.
#[derive(Clone, Debug)]
pub struct GameJob {
    pub number: usize,
    pub white: usize,
    pub black: usize,
    pub opening: Opening,
}

#[derive(Clone, Debug)]
pub struct MoveRecord {
    pub ply: PlyText,
    /// A move from the opening rather than from an engine.
    pub book: bool,
    pub thinking: Option<Thinking>,
    pub elapsed: Duration,
}

#[derive(Clone, Debug)]
pub struct GameRecord {
    pub number: usize,
    pub white: usize,
    pub black: usize,
    pub white_name: String,
    pub black_name: String,
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended, short: `illegal move`, `time forfeit`, `max plies`, or the rules' reason.
    pub termination: String,
    /// The full story: `Black plays an illegal move: e7e2`.
    pub comment: String,
    /// The start position in the Record dialect when it is not the variant's start.
    pub start_fen: Option<String>,
    pub first_side: Side,
    pub first_move_number: u32,
    pub moves: Vec<MoveRecord>,
}

impl GameRecord {
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// How a game ended, before it is written into the record.
struct Ending {
    winner: Option<Side>,
    termination: String,
    comment: String,
}

impl Ending {
    fn loss(side: Side, termination: &str, comment: String) -> Ending {
        Ending {
            winner: Some(side.other()),
            termination: termination.to_string(),
            comment,
        }
    }

    fn from_fault(side: Side, name: &str, fault: Fault) -> Ending {
        match fault {
            Fault::Timeout => Ending::loss(
                side,
                "time forfeit",
                format!("{} ({name}) loses on time", side.name()),
            ),
            Fault::Crashed(how) => Ending::loss(
                side,
                "crash",
                format!("{} ({name}) crashed: {how}", side.name()),
            ),
            Fault::Protocol(what) => Ending::loss(
                side,
                "protocol error",
                format!("{} ({name}) {what}", side.name()),
            ),
        }
    }
}

/// Counts consecutive plies in which both engines' scores agree (see `Adjudication`).
#[derive(Default)]
struct ScoreRuns {
    white_lost: u32,
    black_lost: u32,
    drawish: u32,
}

impl ScoreRuns {
    fn update(
        &mut self,
        rules: &Adjudication,
        mover: Side,
        thinking: Option<Thinking>,
        plies: usize,
    ) -> Option<Ending> {
        let Some(thinking) = thinking else {
            *self = ScoreRuns::default();
            return None;
        };
        let own = thinking.score.centipawns();
        let white_view = if mover == Side::White { own } else { -own };
        if let Some((threshold, moves)) = rules.resign {
            self.white_lost = if white_view <= -threshold {
                self.white_lost + 1
            } else {
                0
            };
            self.black_lost = if white_view >= threshold {
                self.black_lost + 1
            } else {
                0
            };
            for (loser, run) in [
                (Side::White, self.white_lost),
                (Side::Black, self.black_lost),
            ] {
                if run >= 2 * moves {
                    return Some(Ending::loss(
                        loser,
                        "adjudication",
                        format!(
                            "{} loses by adjudication: both engines scored it {threshold} cp or more behind for {moves} moves",
                            loser.name()
                        ),
                    ));
                }
            }
        }
        if let Some((threshold, moves, from_ply)) = rules.draw {
            self.drawish = if plies >= from_ply && white_view.abs() <= threshold {
                self.drawish + 1
            } else {
                0
            };
            if self.drawish >= 2 * moves {
                return Some(Ending {
                    winner: None,
                    termination: "adjudication".into(),
                    comment: format!(
                        "draw by adjudication: both engines scored within {threshold} cp for {moves} moves"
                    ),
                });
            }
        }
        None
    }
}

/// The fullmove number of a FEN (its sixth field), 1 when absent.
fn fullmove_number(fen: &str) -> u32 {
    fen.split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

/// Plays one game. An `Err` is a problem of the match itself (a bad opening, a variant that cannot
/// be created); everything an engine does wrong ends the game with a result instead.
pub fn play_game(
    config: &RefereeConfig,
    engines: &[EngineSpec],
    job: &GameJob,
) -> Result<GameRecord, String> {
    let mut session = config.variant.new_session(&config.options)?;
    if let Some(fen) = &job.opening.fen {
        session.set_fen(fen, Dialect::Uci)?;
    }
    let fen_uci = job.opening.fen.as_ref().map(|_| session.fen(Dialect::Uci));
    let fen_xboard = job
        .opening
        .fen
        .as_ref()
        .map(|_| session.fen(Dialect::XBoard));
    let mut record = GameRecord {
        number: job.number,
        white: job.white,
        black: job.black,
        white_name: engines[job.white].name.clone(),
        black_name: engines[job.black].name.clone(),
        winner: None,
        termination: String::new(),
        comment: String::new(),
        start_fen: job
            .opening
            .fen
            .as_ref()
            .map(|_| session.fen(Dialect::Record)),
        first_side: session.side_to_move(),
        first_move_number: fullmove_number(&session.fen(Dialect::Uci)),
        moves: Vec::new(),
    };
    let mut plies: Vec<PlyText> = Vec::new();
    for text in &job.opening.moves {
        let ply = play_move(session.as_mut(), text, Dialect::Uci)
            .map_err(|e| format!("opening move {text}: {e}"))?;
        plies.push(ply.clone());
        record.moves.push(MoveRecord {
            ply,
            book: true,
            thinking: None,
            elapsed: Duration::ZERO,
        });
    }

    let specs = [&engines[job.white], &engines[job.black]];
    let limits = specs.map(|spec| match (spec.nodes, &config.limit) {
        (Some(nodes), Limit::Nodes(_)) => Limit::Nodes(nodes),
        _ => config.limit.clone(),
    });
    let mut players: Vec<Box<dyn Player>> = Vec::new();
    let mut ending = None;
    for side in [Side::White, Side::Black] {
        let spec = specs[side.index()];
        let start = GameStart {
            variant: config.variant.name,
            xboard_variant: session.xboard_variant(),
            rule_options: &config.options,
            fen: fen_uci.clone().zip(fen_xboard.clone()),
            limit: &limits[side.index()],
            move_timeout: config.move_timeout,
        };
        let started = start_player(spec, &config.options, config.debug).and_then(|mut player| {
            player.new_game(&start)?;
            Ok(player)
        });
        match started {
            Ok(player) => players.push(player),
            Err(fault) => {
                ending = Some(Ending::from_fault(side, &spec.name, fault));
                break;
            }
        }
    }
    let ending = match ending {
        Some(ending) => ending,
        None => run_game(
            config,
            session.as_mut(),
            &mut players,
            &mut plies,
            &mut record,
            fen_uci.as_deref(),
            &limits,
        ),
    };
    record.winner = ending.winner;
    record.termination = ending.termination;
    record.comment = ending.comment;
    let result = record.result();
    for player in players {
        player.finish(result, &record.comment);
    }
    Ok(record)
}

/// The move loop: asks the side to move, judges, records, until the game ends.
fn run_game(
    config: &RefereeConfig,
    session: &mut dyn Session,
    players: &mut [Box<dyn Player>],
    plies: &mut Vec<PlyText>,
    record: &mut GameRecord,
    fen_uci: Option<&str>,
    limits: &[Limit; 2],
) -> Ending {
    let mut clocks = match config.limit {
        Limit::Clock { base, .. } => [base, base],
        _ => [config.move_timeout; 2],
    };
    let mut runs = ScoreRuns::default();
    loop {
        if let Some(outcome) = session.outcome() {
            return Ending {
                winner: outcome.winner,
                termination: outcome.reason.clone(),
                comment: outcome.reason,
            };
        }
        if config.max_plies.is_some_and(|max| session.plies() >= max) {
            return Ending {
                winner: None,
                termination: "max plies".into(),
                comment: format!("draw: {} plies played", session.plies()),
            };
        }
        let side = session.side_to_move();
        let player = &mut players[side.index()];
        let name = player.name().to_string();
        let turn = Turn {
            side,
            plies,
            fen_uci,
            clocks,
            limit: &limits[side.index()],
        };
        if let Err(fault) = player.start_turn(&turn) {
            return Ending::from_fault(side, &name, fault);
        }
        let started = Instant::now();
        let deadline = started
            + match config.limit {
                Limit::Clock { .. } => clocks[side.index()] + config.margin,
                _ => config.move_timeout,
            };
        let dialect = player.dialect();
        let mut parts: Vec<String> = Vec::new();
        let ply = loop {
            let reply = match player.read_reply(deadline) {
                Ok(reply) => reply,
                Err(Fault::Timeout) => {
                    let allowed = match config.limit {
                        Limit::Clock { .. } => format!(
                            "clock {:.3} s + margin {:.3} s",
                            clocks[side.index()].as_secs_f64(),
                            config.margin.as_secs_f64()
                        ),
                        _ => format!("move timeout {:.3} s", config.move_timeout.as_secs_f64()),
                    };
                    return Ending::loss(
                        side,
                        "time forfeit",
                        format!("{} ({name}) loses on time ({allowed})", side.name()),
                    );
                }
                Err(fault) => return Ending::from_fault(side, &name, fault),
            };
            match reply {
                Reply::Move(text) => {
                    parts.push(text);
                    let turn_text = parts.join(" ");
                    match play_move(session, &turn_text, dialect) {
                        Ok(ply) => break ply,
                        // A multi-part XBoard turn: wait for the rest.
                        Err(MoveError::Incomplete) if dialect != Dialect::Uci => continue,
                        Err(error) => {
                            let kind = match error {
                                MoveError::Unparsable(_) => "an unparsable move",
                                MoveError::Incomplete => "an incomplete move",
                                _ => "an illegal move",
                            };
                            return Ending::loss(
                                side,
                                "illegal move",
                                format!("{} ({name}) plays {kind}: {turn_text}", side.name()),
                            );
                        }
                    }
                }
                Reply::Resign => {
                    return Ending::loss(
                        side,
                        "resign",
                        format!("{} ({name}) resigns", side.name()),
                    )
                }
                Reply::Claim { result, comment } => {
                    let claimed_winner = match result.as_str() {
                        "1-0" => Some(Side::White),
                        "0-1" => Some(Side::Black),
                        _ => None,
                    };
                    // Claiming one's own loss is a resignation; anything else is false, because
                    // the rules (checked before every turn) say the game goes on.
                    if claimed_winner == Some(side.other()) && parts.is_empty() {
                        return Ending::loss(
                            side,
                            "resign",
                            format!("{} ({name}) resigns: {result} {{{comment}}}", side.name()),
                        );
                    }
                    return Ending::loss(
                        side,
                        "false result claim",
                        format!(
                            "{} ({name}) claims {result} {{{comment}}} but the game is not over",
                            side.name()
                        ),
                    );
                }
            }
        };
        let elapsed = player.reply_time().saturating_duration_since(started);
        if let Limit::Clock { inc, .. } = config.limit {
            let clock = &mut clocks[side.index()];
            *clock = clock.saturating_sub(elapsed) + inc;
        }
        plies.push(ply.clone());
        player.turn_accepted(plies.len());
        let thinking = player.take_thinking();
        record.moves.push(MoveRecord {
            ply,
            book: false,
            thinking,
            elapsed,
        });
        if let Some(ending) = runs.update(&config.adjudication, side, thinking, plies.len()) {
            return ending;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::player::EngineScore;

    fn scored(cp: i32) -> Option<Thinking> {
        Some(Thinking {
            score: EngineScore::Centipawns(cp),
            depth: 5,
        })
    }

    #[test]
    fn resign_adjudication_needs_both_engines_for_n_moves() {
        let rules = Adjudication {
            resign: Some((500, 2)),
            draw: None,
        };
        let mut runs = ScoreRuns::default();
        // White thinks it is lost (-600), Black agrees (+600 for Black).
        assert!(runs.update(&rules, Side::White, scored(-600), 10).is_none());
        assert!(runs.update(&rules, Side::Black, scored(600), 11).is_none());
        assert!(runs.update(&rules, Side::White, scored(-700), 12).is_none());
        let ending = runs.update(&rules, Side::Black, scored(650), 13).unwrap();
        assert_eq!(ending.winner, Some(Side::Black));
        assert_eq!(ending.termination, "adjudication");
        // A disagreeing engine resets the run.
        let mut runs = ScoreRuns::default();
        assert!(runs.update(&rules, Side::White, scored(-600), 10).is_none());
        assert!(runs.update(&rules, Side::Black, scored(100), 11).is_none());
        assert!(runs.update(&rules, Side::White, scored(-600), 12).is_none());
        assert!(runs.update(&rules, Side::Black, scored(600), 13).is_none());
    }

    #[test]
    fn draw_adjudication_waits_for_its_ply() {
        let rules = Adjudication {
            resign: None,
            draw: Some((10, 1, 40)),
        };
        let mut runs = ScoreRuns::default();
        assert!(runs.update(&rules, Side::White, scored(0), 38).is_none());
        assert!(runs.update(&rules, Side::Black, scored(5), 39).is_none());
        assert!(runs.update(&rules, Side::White, scored(-3), 40).is_none());
        let ending = runs.update(&rules, Side::Black, scored(2), 41).unwrap();
        assert_eq!(ending.winner, None);
        // Off by default.
        let mut runs = ScoreRuns::default();
        for ply in 0..100 {
            assert!(runs
                .update(&Adjudication::default(), Side::White, scored(-9000), ply)
                .is_none());
        }
    }

    /// A race to 6: each turn adds one (`one`) or two (`two`). Over XBoard `two` travels as two
    /// parts, `half half`, the way a multi-part turn does; the side that reaches 6 wins.
    #[derive(Clone, Default)]
    struct RaceSession {
        history: Vec<u32>,
    }

    impl RaceSession {
        fn total(&self) -> u32 {
            self.history.iter().sum()
        }
    }

    impl Session for RaceSession {
        fn variant(&self) -> &'static str {
            "race"
        }
        fn options(&self) -> &VariantOptions {
            static NONE: std::sync::OnceLock<VariantOptions> = std::sync::OnceLock::new();
            NONE.get_or_init(VariantOptions::default)
        }
        fn new_game(&mut self) {
            self.history.clear();
        }
        fn set_fen(&mut self, _: &str, _: Dialect) -> Result<(), String> {
            Err("no FEN".into())
        }
        fn fen(&self, _: Dialect) -> String {
            format!("race {}", self.total())
        }
        fn play(&mut self, text: &str, dialect: Dialect) -> Result<(), MoveError> {
            if self.outcome().is_some() {
                return Err(MoveError::GameOver);
            }
            let step = match (dialect, text) {
                (Dialect::XBoard, "half") => return Err(MoveError::Incomplete),
                (Dialect::XBoard, "half half")
                | (Dialect::Uci, "two")
                | (Dialect::Record, "Two") => 2,
                (Dialect::XBoard | Dialect::Uci, "one") | (Dialect::Record, "One") => 1,
                (_, "three") => return Err(MoveError::Illegal(text.into())),
                _ => return Err(MoveError::Unparsable(text.into())),
            };
            self.history.push(step);
            Ok(())
        }
        fn undo(&mut self) -> bool {
            self.history.pop().is_some()
        }
        fn legal_moves(&self, dialect: Dialect) -> Vec<String> {
            let texts: [&str; 2] = match dialect {
                Dialect::Uci => ["one", "two"],
                Dialect::XBoard => ["one", "half half"],
                Dialect::Record => ["One", "Two"],
            };
            texts.iter().map(|s| s.to_string()).collect()
        }
        fn outcome(&self) -> Option<crate::game::Outcome> {
            (self.total() >= 6)
                .then(|| crate::game::Outcome::win(self.side_to_move().other(), "reached 6"))
        }
        fn side_to_move(&self) -> Side {
            if self.history.len().is_multiple_of(2) {
                Side::White
            } else {
                Side::Black
            }
        }
        fn plies(&self) -> usize {
            self.history.len()
        }
        fn key(&self) -> u64 {
            (self.total() as u64) << 1 | self.history.len() as u64 & 1
        }
        fn turn_options(&self, _: &[crate::turn::Step], _: Dialect) -> crate::turn::TurnOptions {
            crate::turn::TurnOptions::default()
        }
        fn turn_steps(&self, text: &str, _: Dialect) -> Result<Vec<crate::turn::Step>, MoveError> {
            Err(MoveError::Unparsable(text.into()))
        }
        fn perft_divide(&self, _: u32, _: Dialect) -> Vec<(String, u64)> {
            Vec::new()
        }
        fn diagram(&self) -> String {
            self.fen(Dialect::Uci)
        }
        fn evaluate(&self) -> crate::game::Score {
            0
        }
        fn eval_trace(&self) -> Option<crate::eval::EvalTrace> {
            None
        }
        fn in_check(&self) -> bool {
            false
        }
        fn is_noisy(&self, _: &str, _: Dialect) -> Result<bool, MoveError> {
            Ok(false)
        }
        fn xboard_variant(&self) -> &'static str {
            "race"
        }
        fn xboard_setup(&self) -> Vec<String> {
            Vec::new()
        }
        fn search(
            &self,
            _: &crate::search::Limits,
            _: &crate::search::TranspositionTable,
            _: &crate::search::Control,
            _: Dialect,
            _: &mut dyn FnMut(crate::session::InfoLine),
        ) -> crate::session::BestMove {
            crate::session::BestMove::default()
        }
        fn clone_box(&self) -> Box<dyn Session> {
            Box::new(self.clone())
        }
        fn self_check(&self, _: u64, _: usize, _: usize) -> Result<(), String> {
            Ok(())
        }
    }

    /// Replies from a script, each after a delay; a reply due after the deadline is a timeout.
    struct ScriptedPlayer {
        dialect: Dialect,
        script: std::collections::VecDeque<(u64, Result<Reply, Fault>)>,
        accepted: Vec<usize>,
    }

    impl ScriptedPlayer {
        fn new(dialect: Dialect, script: Vec<(u64, Result<Reply, Fault>)>) -> Box<ScriptedPlayer> {
            Box::new(ScriptedPlayer {
                dialect,
                script: script.into(),
                accepted: Vec::new(),
            })
        }
    }

    impl Player for ScriptedPlayer {
        fn name(&self) -> &str {
            "scripted"
        }
        fn dialect(&self) -> Dialect {
            self.dialect
        }
        fn new_game(&mut self, _: &GameStart) -> Result<(), Fault> {
            Ok(())
        }
        fn start_turn(&mut self, _: &Turn) -> Result<(), Fault> {
            Ok(())
        }
        fn read_reply(&mut self, deadline: Instant) -> Result<Reply, Fault> {
            let Some((delay, reply)) = self.script.pop_front() else {
                std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
                return Err(Fault::Timeout);
            };
            std::thread::sleep(Duration::from_millis(delay));
            if Instant::now() > deadline {
                return Err(Fault::Timeout);
            }
            reply
        }
        fn reply_time(&self) -> Instant {
            Instant::now()
        }
        fn take_thinking(&mut self) -> Option<Thinking> {
            None
        }
        fn turn_accepted(&mut self, plies: usize) {
            self.accepted.push(plies);
        }
        fn finish(self: Box<Self>, _: &str, _: &str) {}
        fn quit(self: Box<Self>) {}
    }

    fn race(white: Box<dyn Player>, black: Box<dyn Player>, limit: Limit) -> (Ending, GameRecord) {
        let config = RefereeConfig {
            variant: crate::variants::VARIANTS
                .first()
                .expect("a registered variant"),
            options: VariantOptions::default(),
            limit,
            margin: Duration::from_millis(20),
            move_timeout: Duration::from_millis(300),
            max_plies: Some(5),
            adjudication: Adjudication::default(),
            debug: false,
        };
        let mut record = GameRecord {
            number: 1,
            white: 0,
            black: 1,
            white_name: "W".into(),
            black_name: "B".into(),
            winner: None,
            termination: String::new(),
            comment: String::new(),
            start_fen: None,
            first_side: Side::White,
            first_move_number: 1,
            moves: Vec::new(),
        };
        let mut session = RaceSession::default();
        let mut players: Vec<Box<dyn Player>> = vec![white, black];
        let mut plies = Vec::new();
        let ending = run_game(
            &config,
            &mut session,
            &mut players,
            &mut plies,
            &mut record,
            None,
            &[config.limit.clone(), config.limit.clone()],
        );
        (ending, record)
    }

    fn mv(text: &str) -> (u64, Result<Reply, Fault>) {
        (0, Ok(Reply::Move(text.into())))
    }

    const CLOCK: Limit = Limit::Clock {
        base: Duration::from_millis(400),
        inc: Duration::ZERO,
    };

    #[test]
    fn multi_part_xboard_turns_are_joined_and_named_in_every_dialect() {
        let white = ScriptedPlayer::new(
            Dialect::XBoard,
            vec![mv("half"), mv("half"), mv("half"), mv("half")],
        );
        let black = ScriptedPlayer::new(Dialect::Uci, vec![mv("one"), mv("one")]);
        let (ending, record) = race(white, black, CLOCK);
        // White two, Black one, White two: 5 after three plies; Black's `one` reaches 6 and wins.
        assert_eq!(ending.winner, Some(Side::Black), "{}", ending.comment);
        assert_eq!(ending.termination, "reached 6");
        let texts: Vec<(&str, &str, &str)> = record
            .moves
            .iter()
            .map(|m| {
                (
                    m.ply.uci.as_str(),
                    m.ply.xboard.as_str(),
                    m.ply.record.as_str(),
                )
            })
            .collect();
        assert_eq!(
            texts,
            vec![
                ("two", "half half", "Two"),
                ("one", "one", "One"),
                ("two", "half half", "Two"),
                ("one", "one", "One"),
            ]
        );
    }

    #[test]
    fn an_unfinished_turn_followed_by_garbage_is_an_illegal_move() {
        let white = ScriptedPlayer::new(Dialect::XBoard, vec![mv("half"), mv("zap")]);
        let black = ScriptedPlayer::new(Dialect::Uci, vec![]);
        let (ending, record) = race(white, black, CLOCK);
        assert_eq!(ending.winner, Some(Side::Black));
        assert_eq!(ending.termination, "illegal move");
        assert!(
            ending.comment.contains("unparsable move: half zap"),
            "{}",
            ending.comment
        );
        assert!(record.moves.is_empty());
        // A UCI engine has no multi-part turns: the XBoard form is unparsable there.
        let white = ScriptedPlayer::new(Dialect::Uci, vec![mv("half")]);
        let (ending, _) = race(white, ScriptedPlayer::new(Dialect::Uci, vec![]), CLOCK);
        assert_eq!(ending.termination, "illegal move");
        let white = ScriptedPlayer::new(Dialect::Uci, vec![mv("three")]);
        let (ending, _) = race(white, ScriptedPlayer::new(Dialect::Uci, vec![]), CLOCK);
        assert!(
            ending.comment.contains("plays an illegal move: three"),
            "{}",
            ending.comment
        );
    }

    #[test]
    fn clocks_margins_claims_and_max_plies() {
        // 400 ms clock: 150 + 150 ms fit, the third 150 ms move does not.
        let slow = |n: usize| {
            (0..n)
                .map(|_| (150, Ok(Reply::Move("one".into()))))
                .collect::<Vec<_>>()
        };
        let (ending, record) = race(
            ScriptedPlayer::new(Dialect::Uci, slow(3)),
            ScriptedPlayer::new(Dialect::Uci, vec![mv("one"), mv("one"), mv("one")]),
            CLOCK,
        );
        assert_eq!(ending.winner, Some(Side::Black));
        assert_eq!(ending.termination, "time forfeit");
        assert_eq!(record.moves.len(), 4);
        assert!(record.moves[0].elapsed >= Duration::from_millis(150));
        // Under a depth limit the clock is the per-move timeout (300 ms): 150 ms moves are fine
        // and the game reaches the 5-ply limit.
        let (ending, record) = race(
            ScriptedPlayer::new(Dialect::Uci, slow(3)),
            ScriptedPlayer::new(Dialect::Uci, vec![mv("one"), mv("one")]),
            Limit::Depth(1),
        );
        assert_eq!(
            (ending.winner, ending.termination.as_str()),
            (None, "max plies")
        );
        assert_eq!(record.moves.len(), 5);
        // A false claim loses; claiming one's own loss is resigning; a crash loses.
        let claim = |result: &str| {
            (
                0,
                Ok(Reply::Claim {
                    result: result.into(),
                    comment: "because".into(),
                }),
            )
        };
        let (ending, _) = race(
            ScriptedPlayer::new(Dialect::XBoard, vec![claim("1-0")]),
            ScriptedPlayer::new(Dialect::Uci, vec![]),
            CLOCK,
        );
        assert_eq!(
            (ending.winner, ending.termination.as_str()),
            (Some(Side::Black), "false result claim")
        );
        let (ending, _) = race(
            ScriptedPlayer::new(Dialect::XBoard, vec![mv("one")]),
            ScriptedPlayer::new(Dialect::XBoard, vec![claim("1-0")]),
            CLOCK,
        );
        assert_eq!(
            (ending.winner, ending.termination.as_str()),
            (Some(Side::White), "resign")
        );
        let (ending, _) = race(
            ScriptedPlayer::new(Dialect::Uci, vec![(0, Err(Fault::Crashed("gone".into())))]),
            ScriptedPlayer::new(Dialect::Uci, vec![]),
            CLOCK,
        );
        assert_eq!(
            (ending.winner, ending.termination.as_str()),
            (Some(Side::Black), "crash")
        );
    }

    #[test]
    fn fullmove_numbers() {
        assert_eq!(
            fullmove_number("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 12"),
            12
        );
        assert_eq!(fullmove_number("8/8/8 w"), 1);
        assert_eq!(fullmove_number("8/8/8 w - - 0 x"), 1);
    }
}
