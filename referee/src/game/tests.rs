//! The move loop against scripted players and a toy game: multi-part turns, clocks, claims.

use super::*;
use crate::player::Thinking;
use crate::rules::Outcome;

/// A race to 6: each turn adds one (`one`) or two (`two`). Over XBoard `two` travels as two parts,
/// `half half`, the way a multi-part turn does; the side that reaches 6 wins.
#[derive(Clone, Default)]
struct RaceJudge {
    history: Vec<u32>,
}

impl RaceJudge {
    fn total(&self) -> u32 {
        self.history.iter().sum()
    }

    fn step(text: &str, dialect: Dialect) -> Result<u32, MoveError> {
        match (dialect, text) {
            (Dialect::XBoard, "half") => Err(MoveError::Incomplete),
            (Dialect::XBoard, "half half") | (Dialect::Uci, "two") | (Dialect::Record, "Two") => {
                Ok(2)
            }
            (Dialect::XBoard | Dialect::Uci, "one") | (Dialect::Record, "One") => Ok(1),
            (_, "three") => Err(MoveError::Illegal(text.into())),
            _ => Err(MoveError::Unparsable(text.into())),
        }
    }
}

struct RaceRules;

impl Rules for RaceRules {
    fn variants(&self) -> Vec<String> {
        vec!["race".into()]
    }
    fn rule_options(&self, _: &str, options: &RuleOptions) -> Result<RuleOptions, String> {
        Ok(options.clone())
    }
    fn new_game(&self, _: &str, _: &RuleOptions) -> Result<Box<dyn Judge>, String> {
        Ok(Box::new(RaceJudge::default()))
    }
}

impl Judge for RaceJudge {
    fn restart(&mut self) {
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
        let step = RaceJudge::step(text, dialect)?;
        self.history.push(step);
        Ok(())
    }
    fn legal_moves(&self, dialect: Dialect) -> Vec<String> {
        let texts: [&str; 2] = match dialect {
            Dialect::Uci => ["one", "two"],
            Dialect::XBoard => ["one", "half half"],
            Dialect::Record => ["One", "Two"],
        };
        texts.iter().map(|s| s.to_string()).collect()
    }
    fn translate(&self, text: &str, from: Dialect, to: Dialect) -> Result<String, MoveError> {
        let step = RaceJudge::step(text, from)?;
        Ok(self.legal_moves(to)[step as usize - 1].clone())
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.total() >= 6).then(|| Outcome {
            winner: Some(self.side_to_move().other()),
            reason: "reached 6".into(),
        })
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
    fn move_number(&self) -> u32 {
        self.history.len() as u32 / 2 + 1
    }
    fn xboard_variant(&self) -> String {
        "race".into()
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
    fn dialects(&self) -> &'static [Dialect] {
        match self.dialect {
            Dialect::Uci => &[Dialect::Uci],
            Dialect::XBoard => &[Dialect::XBoard, Dialect::Record],
            Dialect::Record => &[Dialect::Record],
        }
    }
    fn info(&self) -> crate::player::EngineInfo {
        crate::player::EngineInfo::default()
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
    fn recent(&self) -> String {
        String::new()
    }
}

fn race(white: Box<dyn Player>, black: Box<dyn Player>, limit: Limit) -> (Ending, GameRecord) {
    let config = RefereeConfig {
        rules: &RaceRules,
        variant: "race".into(),
        options: RuleOptions::new(),
        limit,
        margin: Duration::from_millis(20),
        move_timeout: Duration::from_millis(300),
        feature_timeout: Duration::from_secs(1),
        max_plies: Some(5),
        adjudication: Adjudication::default(),
        debug: false,
        cancel: crate::cancel::Cancel::new(),
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
    let mut judge = RaceJudge::default();
    let mut players: Vec<Box<dyn Player>> = vec![white, black];
    let mut plies = Vec::new();
    let ending = run_game(
        &config,
        &mut judge,
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
