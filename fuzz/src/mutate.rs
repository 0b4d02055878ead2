//! Mutations of text: token-level (drop, repeat, swap, replace by a word or a number that sits
//! on some boundary) and character-level (insert, delete, replace, truncate, case), always valid
//! UTF-8 and never a line break (each protocol input is one line).

use kaleido::rng::SplitMix64;

/// Numbers on the boundaries parsers get wrong: zero, signs, board sizes, depth bounds, integer
/// widths, and beyond every width.
pub const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "+3",
    "2",
    "8",
    "9",
    "10",
    "11",
    "12",
    "13",
    "14",
    "99",
    "127",
    "128",
    "129",
    "200",
    "255",
    "256",
    "1000",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "30000000000",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "-99999999999999999999",
    "1e9",
    "0.5",
    "1:30",
    "NaN",
    "inf",
];

/// Characters worth inserting: FEN and move syntax, separators, and some that are not ASCII.
const CHARACTERS: &[char] = &[
    '/',
    ' ',
    '\t',
    '-',
    '+',
    '=',
    '@',
    '~',
    ',',
    ':',
    ';',
    '*',
    '#',
    '!',
    '?',
    '[',
    ']',
    '(',
    ')',
    '{',
    '}',
    '"',
    '\'',
    '\\',
    '0',
    '1',
    '2',
    '9',
    'a',
    'k',
    'K',
    'p',
    'P',
    'w',
    'b',
    'x',
    'z',
    '\u{0}',
    '\r',
    '\u{7f}',
    '\u{e9}',
    '\u{4e2d}',
    '\u{1f600}',
    '\u{feff}',
    '\u{202e}',
];

/// One to `longest` tokens, each a number from [`NUMBERS`] `numbers_percent` times in a hundred,
/// else one of `words`.
pub fn soup(words: &[&str], longest: usize, numbers_percent: u64, rng: &mut SplitMix64) -> String {
    let tokens: Vec<&str> = (0..1 + rng.below(longest))
        .map(|_| {
            if rng.chance(numbers_percent) {
                rng.pick(NUMBERS)
            } else {
                rng.pick(words)
            }
        })
        .collect();
    tokens.join(" ")
}

/// `text` changed by one to three random mutations; `words` are tokens of the text's language.
pub fn mutate(text: &str, words: &[&str], rng: &mut SplitMix64) -> String {
    let mut out = text.to_string();
    for _ in 0..1 + rng.below(3) {
        out = if rng.chance(50) {
            mutate_tokens(&out, words, rng)
        } else {
            mutate_chars(&out, rng)
        };
    }
    out
}

fn mutate_tokens(text: &str, words: &[&str], rng: &mut SplitMix64) -> String {
    let mut tokens: Vec<String> = text.split(' ').map(str::to_string).collect();
    let at = rng.below(tokens.len());
    match rng.below(6) {
        0 if tokens.len() > 1 => {
            tokens.remove(at);
        }
        1 => {
            let copy = tokens[at].clone();
            tokens.insert(at, copy);
        }
        2 => {
            let other = rng.below(tokens.len());
            tokens.swap(at, other);
        }
        3 => tokens[at] = rng.pick(NUMBERS).to_string(),
        4 if !words.is_empty() => tokens.insert(at, rng.pick(words).to_string()),
        _ if !words.is_empty() => tokens[at] = rng.pick(words).to_string(),
        _ => tokens[at].clear(),
    }
    tokens.join(" ")
}

fn mutate_chars(text: &str, rng: &mut SplitMix64) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = rng.below(chars.len() + 1);
    let random_char = |rng: &mut SplitMix64| {
        if rng.chance(70) {
            CHARACTERS[rng.below(CHARACTERS.len())]
        } else {
            // Any printable ASCII.
            char::from(b' ' + rng.below(95) as u8)
        }
    };
    match rng.below(7) {
        0 => chars.insert(at, random_char(rng)),
        1 if at < chars.len() => {
            chars.remove(at);
        }
        2 if at < chars.len() => chars[at] = random_char(rng),
        3 => chars.truncate(at),
        4 if at < chars.len() => {
            let c = chars[at];
            chars[at] = if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            };
        }
        5 => {
            // Repeat a stretch (long runs, doubled separators).
            let end = (at + 1 + rng.below(8)).min(chars.len());
            let stretch: Vec<char> = chars[at.min(end)..end].to_vec();
            for _ in 0..1 + rng.below(3) {
                for (i, &c) in stretch.iter().enumerate() {
                    chars.insert(at + i, c);
                }
            }
        }
        _ => {
            for _ in 0..1 + rng.below(4) {
                chars.insert(at.min(chars.len()), random_char(rng));
            }
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_stay_on_one_line_and_vary() {
        let mut rng = SplitMix64::new(7);
        let mut distinct = std::collections::BTreeSet::new();
        for _ in 0..2000 {
            let out = mutate("position startpos moves e2e4", &["go", "fen"], &mut rng);
            assert!(!out.contains('\n'), "{out:?}");
            distinct.insert(out);
        }
        assert!(distinct.len() > 1000, "{}", distinct.len());
    }
}
