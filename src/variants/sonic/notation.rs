//! Move notation (rules §3.9): `[form:]body[promo][~form]`, a body being legs `from to` joined by
//! commas (`d2d6,d6b6,b6b1`), castling written king-takes-own-rook (`e1h1`).
//!
//! In the XBoard dialect the legs of a chain travel as separate simple moves with the mover's null
//! move `@@@@` between them (`d2d6 @@@@ d6b6 @@@@ b6b1`): XBoard's board, its PGN and the other
//! engine stay in sync that way (shared/tools/README.md). Prefix and suffix stay attached to the
//! first and last part.

use super::board::{name, Position, Rules, BISHOP, KNIGHT, ROOK};
use super::forms::{from_letter, letter, FORM_A};
use super::movegen::{generate, is_chain, run_chain};
use super::moves::{Kind, SonicMove};
use crate::game::{Dialect, MoveError, MoveList};

/// The squares a move's legs run through: origin first, then every leg's end.
pub fn path(pos: &Position, rules: &Rules, mv: SonicMove) -> Vec<u8> {
    let mut squares = vec![mv.from()];
    if is_chain(pos, rules, mv) {
        let mut probe = pos.clone();
        if let Some(form) = mv.prefix() {
            let state = probe.kings[probe.side.index()].resolve(form);
            probe.kings[probe.side.index()] = state;
        }
        squares.extend(run_chain(&probe, rules, mv).legs);
    } else {
        squares.push(mv.to());
    }
    squares
}

/// The move in `dialect`.
pub fn text(pos: &Position, rules: &Rules, mv: SonicMove, dialect: Dialect) -> String {
    let separator = match dialect {
        Dialect::XBoard => " @@@@ ",
        Dialect::Uci | Dialect::Record => ",",
    };
    let squares = path(pos, rules, mv);
    let mut out = String::new();
    if let Some(form) = mv.prefix() {
        out.push(letter(form));
        out.push(':');
    }
    for (i, pair) in squares.windows(2).enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        out.push_str(&name(pair[0]));
        out.push_str(&name(pair[1]));
    }
    if let Some(p) = mv.promo() {
        out.push(match p {
            KNIGHT => 'n',
            BISHOP => 'b',
            ROOK => 'r',
            _ => 'q',
        });
    }
    if let Some(form) = mv.suffix() {
        out.push('~');
        out.push(letter(form));
    }
    out
}

/// Whether `text` has the shape of a move (so that an unknown one is illegal, not unparsable).
fn well_formed(text: &str) -> bool {
    let mut s = text;
    if s.len() > 2 && s.as_bytes()[1] == b':' {
        if from_letter(s.as_bytes()[0] as char).is_none() {
            return false;
        }
        s = &s[2..];
    }
    if let Some((body, form)) = s.rsplit_once('~') {
        if form.len() != 1 || from_letter(form.as_bytes()[0] as char).is_none() {
            return false;
        }
        s = body;
    }
    if matches!(s, "o-o" | "o-o-o" | "0-0" | "0-0-0") {
        return true;
    }
    let s = s.strip_suffix(['q', 'r', 'b', 'n']).unwrap_or(s);
    // XBoard parts: a turn in progress may end with the separator itself.
    let s = s.strip_suffix(" @@@@").unwrap_or(s).replace(" @@@@ ", ",");
    s.split(',').all(|leg| {
        let b = leg.as_bytes();
        b.len() == 4
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && (b'a'..=b'h').contains(&b[2])
            && (b'1'..=b'8').contains(&b[3])
    })
}

/// Rewrites the castling spellings `O-O`, `O-O-O` and (king not in Alibaba form) `e1g1`/`e1c1`
/// into king-takes-rook, keeping any prefix.
fn castling_alias(pos: &Position, text: &str) -> Option<String> {
    let (prefix, body) = match text.split_once(':') {
        Some((p, b)) => (format!("{p}:"), b),
        None => (String::new(), text),
    };
    let (king, rank) = match pos.side {
        crate::game::Side::White => ("e1", "1"),
        crate::game::Side::Black => ("e8", "8"),
    };
    let kingside = match body {
        "o-o" | "0-0" => true,
        "o-o-o" | "0-0-0" => false,
        _ => {
            let form = match prefix.chars().next() {
                Some(c) => from_letter(c)?,
                None => match pos.kings[pos.side.index()] {
                    super::forms::KingState::Normal { current, .. } => current,
                    _ => return None,
                },
            };
            if form == FORM_A || !body.starts_with(king) {
                return None;
            }
            match &body[2..] {
                b if b == format!("g{rank}") => true,
                b if b == format!("c{rank}") => false,
                _ => return None,
            }
        }
    };
    let rook = if kingside { "h" } else { "a" };
    Some(format!("{prefix}{king}{rook}{rank}"))
}

/// Reads a move and checks it is legal here.
pub fn parse(
    pos: &Position,
    rules: &Rules,
    input: &str,
    dialect: Dialect,
) -> Result<SonicMove, MoveError> {
    let text: String = input.trim().to_ascii_lowercase();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() || !well_formed(&text) {
        return Err(MoveError::Unparsable(input.to_string()));
    }
    let mut moves = MoveList::new();
    generate(pos, rules, false, &mut moves);
    let alias = castling_alias(pos, &text);
    let mut incomplete = false;
    for &mv in &moves {
        let candidate = super::notation::text(pos, rules, mv, dialect);
        if candidate == text
            || mv.kind() == Kind::Castle && alias.as_deref() == Some(candidate.as_str())
        {
            return Ok(mv);
        }
        if dialect == Dialect::XBoard && candidate.starts_with(&format!("{text} ")) {
            incomplete = true;
        }
    }
    if incomplete {
        return Err(MoveError::Incomplete);
    }
    if pos.king_lost().is_some() {
        return Err(MoveError::GameOver);
    }
    Err(MoveError::Illegal(input.to_string()))
}
