//! What every front end shares about the engine itself, below the protocols, the board and the
//! command line (which sit in one layer and may not use each other): the table of engine
//! options, the one object that owns the search thread (`searcher`), and the way numbers and
//! echoes of what a person or GUI sent are read.

pub mod options;
#[cfg(not(target_arch = "wasm32"))]
pub mod searcher;

/// Longest part of a bad input line echoed back in an error answer (a GUI gains nothing from a
/// 10,000-character echo).
pub const ECHO_LIMIT: usize = 120;

/// `text` cut to [`ECHO_LIMIT`] characters, marked when cut.
pub fn echo(text: &str) -> String {
    if text.chars().count() <= ECHO_LIMIT {
        text.to_string()
    } else {
        let cut: String = text.chars().take(ECHO_LIMIT).collect();
        format!("{cut}...")
    }
}

/// A non-negative integer as GUIs send them: negative values (a clock already run out) count as
/// 0 and values beyond the type's range saturate, instead of being rejected.
pub fn parse_count(text: &str) -> Option<u64> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if negative {
        return Some(0);
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}
