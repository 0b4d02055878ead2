//! FEN board-field helpers shared by every variant: ranks from the top, multi-digit empty runs,
//! `*` for squares that do not exist.

use crate::game::Side;

/// The side a FEN piece letter belongs to: upper case is White's.
pub fn letter_side(c: char) -> Side {
    if c.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    }
}

/// A piece letter in the case of `side`'s pieces.
pub fn side_letter(c: char, side: Side) -> char {
    match side {
        Side::White => c.to_ascii_uppercase(),
        Side::Black => c.to_ascii_lowercase(),
    }
}

/// FEN move counters above this are read as this, so that counting on from any FEN cannot
/// overflow (a billion plies: no game comes near it).
pub const COUNTER_LIMIT: u32 = 1 << 30;

/// A FEN move counter field: missing means `default`; `name` says which in the error. (A move
/// number of at least 1 is the caller's business.)
pub fn parse_counter(field: Option<&str>, default: u32, name: &str) -> Result<u32, String> {
    match field {
        None => Ok(default),
        Some(t) => t
            .parse::<u32>()
            .map(|n| n.min(COUNTER_LIMIT))
            .map_err(|_| format!("bad {name} '{t}'")),
    }
}

/// One cell of a FEN board field.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenCell {
    Empty,
    Hole,
    Piece(char),
}

/// Splits a board field into ranks (top rank first), each a list of cells.
/// `+X` / `X~`-style prefixes and suffixes are not ours: a variant that needs them reads the field
/// itself. Rejects anything but letters, digits, `*` and `/`.
pub fn parse_board(field: &str) -> Result<Vec<Vec<FenCell>>, String> {
    let mut ranks = Vec::new();
    for rank_text in field.split('/') {
        let mut cells = Vec::new();
        let mut run = 0usize;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                if run > 64 {
                    return Err(format!("empty run too long in '{rank_text}'"));
                }
                continue;
            }
            cells.extend(std::iter::repeat_n(FenCell::Empty, run));
            run = 0;
            match c {
                '*' => cells.push(FenCell::Hole),
                c if c.is_ascii_alphabetic() => cells.push(FenCell::Piece(c)),
                _ => return Err(format!("unexpected '{c}' in board field")),
            }
        }
        cells.extend(std::iter::repeat_n(FenCell::Empty, run));
        ranks.push(cells);
        if ranks.len() > 64 {
            return Err("too many ranks".into());
        }
    }
    Ok(ranks)
}

/// Writes one rank (left to right) with empty runs as numbers.
pub fn write_rank(cells: impl IntoIterator<Item = FenCell>, out: &mut String) {
    let mut run = 0;
    for cell in cells {
        match cell {
            FenCell::Empty => run += 1,
            other => {
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(match other {
                    FenCell::Hole => '*',
                    FenCell::Piece(c) => c,
                    FenCell::Empty => unreachable!(),
                });
            }
        }
    }
    if run > 0 {
        out.push_str(&run.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_digit_runs_and_holes() {
        let ranks = parse_board("r11r/13/**4**").unwrap();
        assert_eq!(ranks.len(), 3);
        assert_eq!(ranks[0].len(), 13);
        assert_eq!(ranks[1], vec![FenCell::Empty; 13]);
        assert_eq!(ranks[2][0], FenCell::Hole);
        assert_eq!(ranks[2].len(), 8);
        let mut out = String::new();
        write_rank(ranks[0].iter().copied(), &mut out);
        assert_eq!(out, "r11r");
    }

    #[test]
    fn rejects_garbage() {
        assert!(parse_board("rnb?/8").is_err());
        assert!(parse_board("999/8").is_err());
    }
}
