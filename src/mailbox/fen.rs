//! The FEN frame every variant reads and writes through (shakmaty's `fen -> Setup -> from_setup`
//! is the model): `Fen::new` resolves `startpos` and splits the fields, `Fen::board` reads the
//! board field checked against the board's size (ranks from the top, multi-digit empty runs, `*`
//! for squares that do not exist), and the shared fields (side to move, the orthodox castling
//! and en-passant fields, the two counters) are read here, once. A variant takes its fields in
//! its own order and reads only its own extra fields (Symmetron's launching squares, Sonic's
//! king forms, Reflection's castling rook squares) and validates the position.

use super::square_name;
use crate::game::{Dialect, Side};

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

/// One cell of a FEN board field.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenCell {
    Empty,
    Hole,
    Piece(char),
}

/// FEN move counters above this are read as this, so that counting on from any FEN cannot
/// overflow (a billion plies: no game comes near it).
pub const COUNTER_LIMIT: u32 = 1 << 30;

/// The fields of one FEN, taken in order by the variant that reads it.
pub struct Fen<'a> {
    board: &'a str,
    rest: Vec<&'a str>,
    next: usize,
    /// The dialect the fields are written in: the `startpos` text is always in the rules docs'
    /// form, whatever dialect the caller named.
    pub dialect: Dialect,
}

impl<'a> Fen<'a> {
    /// Splits `text` into its fields; `startpos` (blanks around it allowed) stands for `start`.
    pub fn new(text: &'a str, dialect: Dialect, start: &'a str) -> Result<Fen<'a>, String> {
        let (text, dialect) = if text.trim() == "startpos" {
            (start, Dialect::Uci)
        } else {
            (text, dialect)
        };
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or("empty FEN")?;
        Ok(Fen {
            board,
            rest: fields.collect(),
            next: 0,
            dialect,
        })
    }

    /// The board field as written (for a variant that cleans it before `read_board`).
    pub fn board_field(&self) -> &'a str {
        self.board
    }

    /// The board field, which must have `ranks` ranks of `files` cells each.
    pub fn board(&self, files: usize, ranks: usize, game: &str) -> Result<Board, String> {
        read_board(self.board, files, ranks, game)
    }

    /// The next field, if any is left.
    pub fn field(&mut self) -> Option<&'a str> {
        let field = self.peek()?;
        self.next += 1;
        Some(field)
    }

    pub fn peek(&self) -> Option<&'a str> {
        self.rest.get(self.next).copied()
    }

    /// Takes the last field away if `wanted` says it is one (a trailing field of the variant's
    /// own that the fields before it may leave out).
    pub fn last_field_if(&mut self, wanted: impl Fn(&str) -> bool) -> Option<&'a str> {
        let last = *self.rest.last()?;
        if self.rest.len() > self.next && wanted(last) {
            self.rest.pop();
            Some(last)
        } else {
            None
        }
    }

    /// Drops every field left that `unwanted` says carries nothing for this game.
    pub fn drop_fields(&mut self, unwanted: impl Fn(&str) -> bool) {
        let next = self.next;
        let mut index = 0;
        self.rest.retain(|f| {
            index += 1;
            index <= next || !unwanted(f)
        });
    }

    /// The side to move, `w` or `b`; `default` is used when the field is missing (an error
    /// where it is `None`).
    pub fn side(&mut self, default: Option<Side>) -> Result<Side, String> {
        match self.field() {
            Some("w") => Ok(Side::White),
            Some("b") => Ok(Side::Black),
            Some(other) => Err(format!("side to move must be w or b, not '{other}'")),
            None => default.ok_or_else(|| "missing side to move".into()),
        }
    }

    /// The half-move clock (default 0) and the move number (default 1, at least 1), both
    /// optional, both at most `COUNTER_LIMIT`.
    pub fn counters(&mut self) -> Result<(u32, u32), String> {
        let mut number = |default: u32, name: &str| match self.field() {
            None => Ok(default),
            Some(t) => t
                .parse::<u32>()
                .map(|n| n.min(COUNTER_LIMIT))
                .map_err(|_| format!("bad {name} '{t}'")),
        };
        let halfmove = number(0, "half-move clock")?;
        let fullmove = number(1, "move number")?.max(1);
        Ok((halfmove, fullmove))
    }

    /// Every field has been read: anything left over is an error.
    pub fn finish(&self) -> Result<(), String> {
        match self.peek() {
            Some(extra) => Err(format!("unexpected '{extra}' after the FEN")),
            None => Ok(()),
        }
    }
}

/// A board field read into cells and checked against the board's size.
pub struct Board {
    /// Top rank first, as written.
    rows: Vec<Vec<FenCell>>,
    game: String,
}

/// Reads a board field of `ranks` ranks with `files` cells each. `+X` / `X~`-style prefixes and
/// suffixes are not ours: a variant that needs them cleans the field first. Rejects anything but
/// letters, digits, `*` and `/`.
pub fn read_board(field: &str, files: usize, ranks: usize, game: &str) -> Result<Board, String> {
    let rows = parse_board(field)?;
    if rows.len() != ranks {
        return Err(format!(
            "{game} has {ranks} ranks, the FEN has {}",
            rows.len()
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        if row.len() != files {
            return Err(format!(
                "rank {} has {} squares, {game} has {files}",
                ranks - i,
                row.len()
            ));
        }
    }
    Ok(Board {
        rows,
        game: game.to_string(),
    })
}

impl Board {
    /// Every cell with its file and rank (from 0; rank 0 is White's first rank), top rank first.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, FenCell)> + '_ {
        let ranks = self.rows.len();
        self.rows.iter().enumerate().flat_map(move |(i, row)| {
            row.iter()
                .enumerate()
                .map(move |(file, &cell)| (file, ranks - 1 - i, cell))
        })
    }

    /// Every square's contents (`None` empty, `Some(letter)`), checking that `*` stands exactly
    /// where `exists(file, rank)` says there is no square.
    pub fn squares(
        &self,
        exists: impl Fn(usize, usize) -> bool,
    ) -> Result<Vec<(usize, usize, Option<char>)>, String> {
        let mut out = Vec::new();
        for (file, rank, cell) in self.cells() {
            let name = square_name(file, rank, 1);
            match (exists(file, rank), cell) {
                (true, FenCell::Hole) => {
                    return Err(format!("{name} is a square of {}, not a hole", self.game))
                }
                (false, FenCell::Hole) => {}
                (false, _) => return Err(format!("{} has no square {name}: '*' there", self.game)),
                (true, FenCell::Empty) => out.push((file, rank, None)),
                (true, FenCell::Piece(c)) => out.push((file, rank, Some(c))),
            }
        }
        Ok(out)
    }
}

/// Splits a board field into ranks (top rank first), each a list of cells.
fn parse_board(field: &str) -> Result<Vec<Vec<FenCell>>, String> {
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

/// The orthodox castling field: `-`, or some of the letters `KQkq` (repeats allowed). Returns
/// the rights it names as (side, kingside).
pub fn castling_letters(field: &str) -> Result<Vec<(Side, bool)>, String> {
    if field == "-" {
        return Ok(Vec::new());
    }
    field
        .chars()
        .map(|c| match c {
            'K' => Ok((Side::White, true)),
            'Q' => Ok((Side::White, false)),
            'k' => Ok((Side::Black, true)),
            'q' => Ok((Side::Black, false)),
            _ => Err(format!("bad castling field '{field}'")),
        })
        .collect()
}

/// The orthodox en-passant field of a board `files` wide with `ranks` ranks: `-`, or the square
/// a pawn of the side not to move has just passed over (the third rank from that side's edge).
/// Returns (file, rank) from 0.
pub fn ep_square(
    field: &str,
    side_to_move: Side,
    files: usize,
    ranks: usize,
) -> Result<Option<(usize, usize)>, String> {
    if field == "-" {
        return Ok(None);
    }
    let wanted = match side_to_move {
        Side::White => ranks - 3,
        Side::Black => 2,
    };
    match super::parse_coords(field, 1) {
        Some((file, rank, "")) if file < files && rank == wanted => Ok(Some((file, rank))),
        _ => Err(format!("bad en-passant square '{field}'")),
    }
}

/// Writes a board field: `ranks` ranks top first, each `files` cells of `cell(file, rank)`.
pub fn write_board(files: usize, ranks: usize, cell: impl Fn(usize, usize) -> FenCell) -> String {
    let mut out = String::new();
    for rank in (0..ranks).rev() {
        write_rank((0..files).map(|file| cell(file, rank)), &mut out);
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The side-to-move field.
pub fn side_field(side: Side) -> char {
    match side {
        Side::White => 'w',
        Side::Black => 'b',
    }
}

/// Writes one rank (left to right) with empty runs as numbers.
fn write_rank(cells: impl IntoIterator<Item = FenCell>, out: &mut String) {
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
mod tests;
