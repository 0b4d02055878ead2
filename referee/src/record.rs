//! What a refereed game leaves behind, and its PGN: the seven-tag roster, `[Variant]` (none for
//! chess), `[FEN]`/`[SetUp]` for a non-standard start, `[Termination]`, `[TimeControl]`; moves in
//! the Record dialect with `{score/depth time}` comments from the engines' last evaluation.

use crate::player::{EngineScore, PlyText, Thinking};
use crate::rules::Side;
use kaleido_vocab::pgn::{self, PgnGame, PgnMove};
use std::time::Duration;

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

/// What the match says about every game.
#[derive(Clone, Debug)]
pub struct PgnHeader {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    /// The variant's registry name; `None` for chess (XBoard expects no tag there).
    pub variant: Option<String>,
    /// `300+5` (seconds), or `-` for node and depth limits.
    pub time_control: String,
}

/// `+0.35/12 1.234`: score from the mover's point of view, depth, seconds. XBoard reads
/// `score/depth seconds` and would show a unit suffix (`1.2s`, as cutechess writes) as a comment.
fn move_comment(m: &MoveRecord) -> String {
    if m.book {
        return "book".into();
    }
    let time = format!("{:.3}", m.elapsed.as_secs_f64());
    match m.thinking {
        None => time,
        Some(thinking) => {
            let score = match thinking.score {
                EngineScore::Centipawns(cp) => format!("{:+.2}", cp as f64 / 100.0),
                EngineScore::Mate(n) if n >= 0 => format!("+M{n}"),
                EngineScore::Mate(n) => format!("-M{}", -n),
            };
            format!("{score}/{} {time}", thinking.depth)
        }
    }
}

/// The game as the PGN writer takes it.
pub fn pgn_game(header: &PgnHeader, game: &GameRecord) -> PgnGame {
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), header.event.clone()),
        ("Site".into(), header.site.clone()),
        ("Date".into(), header.date.clone()),
        ("Round".into(), game.number.to_string()),
        ("White".into(), game.white_name.clone()),
        ("Black".into(), game.black_name.clone()),
        ("Result".into(), game.result().into()),
    ];
    if let Some(variant) = &header.variant {
        tags.push(("Variant".into(), variant.clone()));
    }
    if let Some(fen) = &game.start_fen {
        tags.push(("FEN".into(), fen.clone()));
        tags.push(("SetUp".into(), "1".into()));
    }
    tags.push(("Termination".into(), game.termination.clone()));
    tags.push(("TimeControl".into(), header.time_control.clone()));
    tags.push(("PlyCount".into(), game.moves.len().to_string()));
    PgnGame {
        tags,
        first_side: Some(game.first_side),
        first_move_number: game.first_move_number,
        moves: game
            .moves
            .iter()
            .map(|m| PgnMove {
                text: m.ply.record.clone(),
                comment: Some(move_comment(m)),
            })
            .collect(),
        final_comment: Some(game.comment.clone()),
        result: game.result().into(),
    }
}

/// The game's PGN text.
pub fn write_game(header: &PgnHeader, game: &GameRecord) -> String {
    pgn::write(&pgn_game(header, game))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(record: &str, thinking: Option<Thinking>, book: bool) -> MoveRecord {
        MoveRecord {
            ply: PlyText {
                uci: String::new(),
                xboard: String::new(),
                record: record.to_string(),
            },
            book,
            thinking,
            elapsed: Duration::from_millis(1234),
        }
    }

    #[test]
    fn game_text() {
        let game = GameRecord {
            number: 3,
            white: 0,
            black: 1,
            white_name: "A \"quoted\"".into(),
            black_name: "B".into(),
            winner: Some(Side::White),
            termination: "illegal move".into(),
            comment: "Black (B) plays an illegal move: e7e2 {x}".into(),
            start_fen: Some("4k3/8/8/8/8/8/8/4K2R b K - 0 7".into()),
            first_side: Side::Black,
            first_move_number: 7,
            moves: vec![
                ply("Kd7", None, true),
                ply(
                    "Rh7+",
                    Some(Thinking {
                        score: EngineScore::Centipawns(512),
                        depth: 9,
                    }),
                    false,
                ),
                ply(
                    "Kc6",
                    Some(Thinking {
                        score: EngineScore::Mate(-3),
                        depth: 12,
                    }),
                    false,
                ),
            ],
        };
        let header = PgnHeader {
            event: "Test".into(),
            site: "here".into(),
            date: "2026.11.30".into(),
            variant: None,
            time_control: "1+0.01".into(),
        };
        let text = write_game(&header, &game);
        assert!(text.starts_with(
            "[Event \"Test\"]\n[Site \"here\"]\n[Date \"2026.11.30\"]\n[Round \"3\"]\n"
        ));
        assert!(text.contains("[White \"A \\\"quoted\\\"\"]\n"));
        assert!(text.contains("[Result \"1-0\"]\n"));
        assert!(text.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 7\"]\n[SetUp \"1\"]\n"));
        assert!(!text.contains("[Variant"));
        assert!(text.contains("[Termination \"illegal move\"]"));
        let movetext: Vec<&str> = text
            .split("\n\n")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .collect();
        assert_eq!(
            movetext.join(" "),
            "7... Kd7 {book} 8. Rh7+ {+5.12/9 1.234} Kc6 {-M3/12 1.234} \
             {Black (B) plays an illegal move: e7e2 x} 1-0"
        );
        assert!(text.trim_end().ends_with("1-0"));
        assert!(text.lines().all(|l| l.len() <= 79 || l.starts_with('[')));
    }
}
