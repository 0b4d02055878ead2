//! Game records as PGN, read and written, knowing no game: the command line (`kaleido replay`),
//! the browser board and the referee (`kaleido match`) share this one module.
//!
//! Reading strips what surrounds the moves (tags, comments, variations, move numbers,
//! annotation glyphs, results); each move token goes as it is to the variant's `Dialect::Record`
//! parser, check marks `+`/`#` included. The tags that say which game it is are read too:
//! `[Variant "..."]` (the registry name; XBoard's `normal` or no tag is chess), `[Options
//! "Name=value ..."]` (the rule options, space-separated) and `[FEN "..."]`.
//!
//! Writing takes tags, move texts (in whatever record notation the game uses) with optional
//! comments, a closing comment and the result.

use crate::Side;

/// A game record as read: what `read` found around and among the moves.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The `[FEN "..."]` tag, when present.
    pub fen: Option<String>,
    /// The `[Variant "..."]` tag as a registry name (`normal` read as `chess`), when present.
    pub variant: Option<String>,
    /// The `[Options "..."]` tag's rule options, in order.
    pub options: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), when present.
    pub result: Option<String>,
    /// How many tag lines (`[Name "value"]`) the text has.
    pub tags: usize,
    /// A `{` comment or `(` variation is never closed: the text was cut or is not PGN.
    pub unclosed: bool,
}

const RESULTS: &[&str] = &["1-0", "0-1", "1/2-1/2", "*"];

/// Reads PGN-like text; never fails (what it could not read shows in `unclosed`, or as moves the
/// variant then refuses).
pub fn read(text: &str) -> Record {
    let mut record = Record::default();
    let mut body = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && trimmed.ends_with(']') {
            record.tags += 1;
            if let Some(fen) = tag_value(trimmed, "FEN") {
                record.fen = Some(fen);
            }
            if let Some(variant) = tag_value(trimmed, "Variant") {
                record.variant = Some(match variant.as_str() {
                    "normal" => "chess".to_string(),
                    _ => variant,
                });
            }
            if let Some(options) = tag_value(trimmed, "Options") {
                record
                    .options
                    .extend(options.split_whitespace().map(|pair| {
                        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                        (name.to_string(), value.to_string())
                    }));
            }
            continue;
        }
        if trimmed.starts_with('%') {
            continue; // PGN escape line
        }
        // `;` starts a comment to the end of the line.
        body.push_str(line.split(';').next().unwrap_or(""));
        body.push('\n');
    }
    // Drop `{...}` comments and `(...)` variations (nested), character by character.
    let mut plain = String::with_capacity(body.len());
    let (mut in_comment, mut variation_depth) = (false, 0usize);
    for c in body.chars() {
        match c {
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => {
                in_comment = false;
                plain.push(' ');
            }
            _ if in_comment => {}
            '(' => variation_depth += 1,
            ')' if variation_depth > 0 => {
                variation_depth -= 1;
                plain.push(' ');
            }
            _ if variation_depth > 0 => {}
            _ => plain.push(c),
        }
    }
    record.unclosed = in_comment || variation_depth > 0;
    for token in plain.split_whitespace() {
        if RESULTS.contains(&token) {
            record.result = Some(token.to_string());
            continue;
        }
        if token.starts_with('$') {
            continue; // numeric annotation glyph
        }
        let token = strip_move_number(token).trim_end_matches(['!', '?']);
        if !token.is_empty() {
            record.moves.push(token.to_string());
        }
    }
    record
}

/// `12.`, `12...` and `12.e4` lose their move number.
fn strip_move_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}

/// The value of `[NAME "value"]`.
fn tag_value(line: &str, name: &str) -> Option<String> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (tag, value) = inner.split_once(char::is_whitespace)?;
    if !tag.eq_ignore_ascii_case(name) {
        return None;
    }
    Some(value.trim().trim_matches('"').to_string())
}

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

/// Today's date (UTC) as PGN writes it. Not in WebAssembly, where the system clock panics: the
/// engine's module dates its records with [`date_of_day`] and its host's clock.
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    date_of_day(days)
}

/// The date (UTC) `days` days after 1970-01-01, as PGN writes it.
pub fn date_of_day(days: i64) -> String {
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
    fn strips_everything_around_the_moves() {
        let text = "[Event \"test\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n\
                    1. e4 {best by test} e5 2.Nf3 (2. f4 exf4) 2... Nc6!? $1 3. Bb5+ ; Spanish\n\
                    a6 1-0\n";
        let record = read(text);
        assert_eq!(
            record.moves,
            vec!["e4", "e5", "Nf3", "Nc6", "Bb5+", "a6"],
            "{record:?}"
        );
        assert_eq!(record.fen.as_deref(), Some("8/8/8/8/8/8/8/K6k w - - 0 1"));
        assert_eq!(record.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn keeps_variant_notation_intact() {
        let record = read("1. d2d6,d6b6,b6b1 @f5 2. b1~ l10l6 *");
        assert_eq!(record.moves, vec!["d2d6,d6b6,b6b1", "@f5", "b1~", "l10l6"]);
        assert_eq!(record.result.as_deref(), Some("*"));
    }

    #[test]
    fn reads_the_tags_that_name_the_game() {
        let record =
            read("[Variant \"sonic-springs\"]\n[Options \"Crooked=true Other=x\"]\n\n1. e2e4 *");
        assert_eq!(record.variant.as_deref(), Some("sonic-springs"));
        assert_eq!(
            record.options,
            [
                ("Crooked".to_string(), "true".to_string()),
                ("Other".to_string(), "x".to_string())
            ]
        );
        assert_eq!(
            read("[Variant \"normal\"]\n1. e4").variant.as_deref(),
            Some("chess")
        );
    }

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
