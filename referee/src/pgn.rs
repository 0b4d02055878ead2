//! A PGN writer that knows no game: tags, move texts (in whatever record notation the game uses)
//! with optional comments, a closing comment and the result. `kaleido match` writes its games with
//! it; anything else that writes game records can too.

use crate::rules::Side;

/// One game as PGN text presents it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// In the order they are written (the seven-tag roster first, by convention).
    pub tags: Vec<(String, String)>,
    /// The side that makes the first move of `moves`.
    pub first_side: Option<Side>,
    /// The move number of the first move.
    pub first_move_number: u32,
    pub moves: Vec<PgnMove>,
    /// A comment after the last move (how the game ended).
    pub final_comment: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move in the game's record notation (SAN for chess).
    pub text: String,
    pub comment: Option<String>,
}

/// PGN string escaping: backslash and quote.
fn tag(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{escaped}\"]\n")
}

/// A `{...}` comment; braces cannot nest in PGN comments.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace(['{', '}'], ""))
}

/// The game's PGN text, ending with a blank line (games can be appended to one file).
pub fn write(game: &PgnGame) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        out.push_str(&tag(name, value));
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut side = game.first_side.unwrap_or(Side::White);
    let mut number = game.first_move_number.max(1);
    for (i, m) in game.moves.iter().enumerate() {
        if side == Side::White {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.text.clone());
        if let Some(text) = &m.comment {
            tokens.push(comment(text));
        }
        if side == Side::Black {
            number += 1;
        }
        side = side.other();
    }
    if let Some(text) = game.final_comment.as_deref().filter(|t| !t.is_empty()) {
        tokens.push(comment(text));
    }
    tokens.push(game.result.clone());

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

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        // 2000-03-01 is day 11017 (hand count: 30 years with 7 leap days = 10957, + 60).
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn tags_moves_comments_and_line_length() {
        let mv = |text: &str, comment: Option<&str>| PgnMove {
            text: text.into(),
            comment: comment.map(str::to_string),
        };
        let game = PgnGame {
            tags: vec![
                ("White".into(), "A \"quoted\"".into()),
                ("Result".into(), "1-0".into()),
            ],
            first_side: Some(Side::Black),
            first_move_number: 7,
            moves: vec![
                mv("Kd7", Some("book")),
                mv("Rh7+", None),
                mv("Kc6", Some("{nested}")),
            ],
            final_comment: Some("Black resigns".into()),
            result: "1-0".into(),
        };
        let text = write(&game);
        assert!(text.starts_with("[White \"A \\\"quoted\\\"\"]\n[Result \"1-0\"]\n\n"));
        let movetext = text.split("\n\n").nth(1).unwrap();
        assert_eq!(
            movetext.split_whitespace().collect::<Vec<_>>().join(" "),
            "7... Kd7 {book} 8. Rh7+ Kc6 {nested} {Black resigns} 1-0"
        );
        assert!(text.ends_with("1-0\n\n"));
        let long = PgnGame {
            moves: (0..60).map(|_| mv("Nf3", Some("+0.25/10 1.234"))).collect(),
            result: "*".into(),
            ..PgnGame::default()
        };
        let text = write(&long);
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
        assert!(text.starts_with("\n1. Nf3 {+0.25/10 1.234} Nf3"), "{text}");
    }
}
