//! The game-record notation of the rules page's sample game (docs/sin-yeon-sang-gi.md §2.6):
//! optional piece letter (R I B H U G K C; none for a pawn), optional origin file and/or rank, `x`
//! for a capture, the destination. Read tolerantly: `Q` and `P` are read as a pawn (the page's
//! crossed soldier), a `=Q` suffix is ignored (ruling 2.9 #10: no promotion), `+`, `#`, `!`, `?`
//! are ignored, superfluous origin letters are accepted, and a plain coordinate move (`e4e5`) is
//! accepted too. Written in the page's style without the `=Q`/`Q` artefacts: `Bi7`, `Ueg3`, `kxk5`,
//! `Rxi1`.

use super::{SinYeon, SinYeonGame};
use crate::game::{Dialect, MoveError};
use crate::mailbox::{file_of, rank_of};
use crate::variants::palace::{Kind, Move, Ruleset};

/// The piece a record letter names (`Q`/`P`: pawn).
fn kind_of_record_letter(c: char) -> Option<Kind> {
    match c {
        'Q' | 'P' => Some(Kind::Pawn),
        c => SinYeon::kind_of_letter(c, Dialect::Uci),
    }
}

pub fn parse(game: &SinYeonGame, text: &str) -> Result<Move, MoveError> {
    let original = text;
    let unparsable = || MoveError::Unparsable(original.to_string());
    let mut t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    t = t.strip_suffix("=Q").unwrap_or(t);
    let mut chars = t.chars();
    let (kind, rest) = match chars.next().ok_or_else(unparsable)? {
        c if c.is_ascii_uppercase() => (
            kind_of_record_letter(c).ok_or_else(unparsable)?,
            chars.as_str(),
        ),
        _ => (Kind::Pawn, t),
    };
    // The destination is the last square of the text; everything before it is disambiguation.
    let dest_at = rest
        .rfind(|c: char| c.is_ascii_lowercase() && c != 'x')
        .ok_or_else(unparsable)?;
    let (to, tail) = game
        .read_square(&rest[dest_at..], Dialect::Uci)
        .ok_or_else(unparsable)?;
    if !tail.is_empty() {
        return Err(unparsable());
    }
    let origin = rest[..dest_at].trim_end_matches(['x', ':']);
    let (origin_file, origin_rank) = parse_origin(origin).ok_or_else(unparsable)?;
    let candidates: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.to == to
                && game.kind_at(m.from) == Some(kind)
                && origin_file.is_none_or(|f| file_of(m.from) == f)
                && origin_rank.is_none_or(|r| rank_of(m.from) == r)
        })
        .collect();
    match candidates.as_slice() {
        [mv] => Ok(*mv),
        [] => {
            // A coordinate move is a valid record move too (`e4e5`).
            if kind == Kind::Pawn {
                if let Ok(mv) = game.parse_coordinate(t, Dialect::Uci) {
                    return Ok(mv);
                }
            }
            Err(MoveError::Illegal(original.to_string()))
        }
        _ => Err(MoveError::Illegal(format!("{original} (ambiguous)"))),
    }
}

/// Reads an origin hint: nothing, a file letter, a rank number, or both. `None` if malformed.
fn parse_origin(origin: &str) -> Option<(Option<usize>, Option<usize>)> {
    let mut file = None;
    let mut rest = origin;
    if let Some(c) = rest.chars().next() {
        if c.is_ascii_lowercase() {
            let f = (c as u8).checked_sub(b'a')? as usize;
            if f >= SinYeon::FILES {
                return None;
            }
            file = Some(f);
            rest = &rest[1..];
        }
    }
    let rank = if rest.is_empty() {
        None
    } else {
        let n: usize = rest.parse().ok()?;
        if !(1..=10).contains(&n) {
            return None;
        }
        Some(n - 1)
    };
    Some((file, rank))
}

pub fn text(game: &SinYeonGame, mv: Move) -> String {
    let Some(kind) = game.kind_at(mv.from) else {
        return game.coordinate_text(mv, Dialect::Uci);
    };
    let mut out = String::new();
    if kind != Kind::Pawn {
        out.push(SinYeon::letter(kind, Dialect::Uci).unwrap_or('?'));
    }
    let rivals: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|m| m.to == mv.to && m.from != mv.from && game.kind_at(m.from) == Some(kind))
        .collect();
    let from_name = game.square_text(mv.from, Dialect::Uci);
    let capture = game.kind_at(mv.to).is_some();
    if !rivals.is_empty() {
        if rivals.iter().all(|m| file_of(m.from) != file_of(mv.from)) {
            out.push_str(&from_name[..1]);
        } else if rivals.iter().all(|m| rank_of(m.from) != rank_of(mv.from)) {
            out.push_str(&from_name[1..]);
        } else {
            out.push_str(&from_name);
        }
    } else if kind == Kind::Pawn && capture {
        // Pawn captures name their file, as in the sample game (`kxk5`).
        out.push_str(&from_name[..1]);
    }
    if capture {
        out.push('x');
    }
    out.push_str(&game.square_text(mv.to, Dialect::Uci));
    out
}
