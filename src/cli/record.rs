//! Reads a game record for `kaleido replay`: PGN-like text whose move tokens go to the variant's
//! `Dialect::Record` parser. Only what surrounds the moves is stripped here (tags, comments,
//! variations, move numbers, annotation glyphs, results); check marks `+`/`#` stay for the
//! variant to accept. The tags that say which game it is are read too: `[Variant "..."]` (the
//! registry name; XBoard's `normal` or no tag is chess), `[Options "Name=value ..."]` (the rule
//! options, space-separated) and `[FEN "..."]`.

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
}
