//! PGN of a refereed game: the seven-tag roster, `[Variant]` (none for chess), `[FEN]`/`[SetUp]`
//! for a non-standard start, `[Termination]`, `[TimeControl]`; moves in the Record dialect with
//! `{score/depth time}` comments from the engines' last evaluation.

use super::player::EngineScore;
use super::referee::{GameRecord, MoveRecord};
use crate::game::Side;

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

/// PGN string escaping: backslash and quote.
fn tag(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{escaped}\"]\n")
}

/// `{+0.35/12 1.234}`: score from the mover's point of view, depth, seconds. XBoard reads
/// `score/depth seconds` and would show a unit suffix (`1.2s`, as cutechess writes) as a comment.
fn move_comment(m: &MoveRecord) -> String {
    if m.book {
        return "{book}".into();
    }
    let time = format!("{:.3}", m.elapsed.as_secs_f64());
    match m.thinking {
        None => format!("{{{time}}}"),
        Some(thinking) => {
            let score = match thinking.score {
                EngineScore::Centipawns(cp) => format!("{:+.2}", cp as f64 / 100.0),
                EngineScore::Mate(n) if n >= 0 => format!("+M{n}"),
                EngineScore::Mate(n) => format!("-M{}", -n),
            };
            format!("{{{score}/{} {time}}}", thinking.depth)
        }
    }
}

/// Braces cannot nest in PGN comments.
fn comment_text(text: &str) -> String {
    text.replace(['{', '}'], "")
}

pub fn write_game(header: &PgnHeader, game: &GameRecord) -> String {
    let mut out = String::new();
    out.push_str(&tag("Event", &header.event));
    out.push_str(&tag("Site", &header.site));
    out.push_str(&tag("Date", &header.date));
    out.push_str(&tag("Round", &game.number.to_string()));
    out.push_str(&tag("White", &game.white_name));
    out.push_str(&tag("Black", &game.black_name));
    out.push_str(&tag("Result", game.result()));
    if let Some(variant) = &header.variant {
        out.push_str(&tag("Variant", variant));
    }
    if let Some(fen) = &game.start_fen {
        out.push_str(&tag("FEN", fen));
        out.push_str(&tag("SetUp", "1"));
    }
    out.push_str(&tag("Termination", &game.termination));
    out.push_str(&tag("TimeControl", &header.time_control));
    out.push_str(&tag("PlyCount", &game.moves.len().to_string()));
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut side = game.first_side;
    let mut number = game.first_move_number;
    for (i, m) in game.moves.iter().enumerate() {
        if side == Side::White {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.ply.record.clone());
        tokens.push(move_comment(m));
        if side == Side::Black {
            number += 1;
        }
        side = side.other();
    }
    if !game.comment.is_empty() {
        tokens.push(format!("{{{}}}", comment_text(&game.comment)));
    }
    tokens.push(game.result().to_string());

    // Lines of at most 79 characters, breaking between tokens (a comment may hold spaces, so
    // tokens are kept whole; PGN allows a line break anywhere there is a space).
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// Today's date (UTC) as PGN writes it.
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a Gregorian date (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::player::{PlyText, Thinking};
    use std::time::Duration;

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
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        // 2000-03-01 is day 11017 (hand count: 30 years with 7 leap days = 10957, + 60).
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
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
