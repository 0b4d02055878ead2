//! Shared board geometry: a padded one-dimensional mailbox big enough for every board we play
//! (up to 16 files x 16 ranks), with holes (squares that do not exist) and off-board slots
//! (Symmetron's launching squares). Square names run a..p / 1..16.

pub mod chessmen;
pub mod diagram;
pub mod fen;
pub mod hex;
pub mod zobrist;

use crate::game::Dialect;

/// A cell index into the padded mailbox.
pub type Sq = u16;

/// Padding on every side: a leap of up to 3 files or ranks from any real square lands on padding,
/// never wraps around to the other edge.
pub const PAD: usize = 3;
pub const MAX_FILES: usize = 16;
pub const MAX_RANKS: usize = 16;
pub const STRIDE: usize = MAX_FILES + 2 * PAD;
/// Cells of the padded rectangle.
pub const GRID_CELLS: usize = STRIDE * (MAX_RANKS + 2 * PAD);
/// Extra slots after the grid for squares outside the rectangle (launching squares).
pub const OFF_BOARD_SLOTS: usize = 4;
pub const CELLS: usize = GRID_CELLS + OFF_BOARD_SLOTS;

/// The contents of a cell that is not a square (padding, holes), in every game's board: one bit
/// above every piece code (kind and colour bits stay below it), so that `cell & OFF` tells it from
/// any piece and `EMPTY` (0) in one test.
pub const OFF: u8 = 0x40;

/// "No square" where a game keeps a square in a bare `Sq`: cell 0 is padding in every board
/// (three files and ranks from a1), never a square and not within two steps of one.
pub const NO_SQ: Sq = 0;

/// Step vectors in mailbox units.
pub const NORTH: isize = STRIDE as isize;
pub const SOUTH: isize = -(STRIDE as isize);
pub const EAST: isize = 1;
pub const WEST: isize = -1;

/// The knight's eight leaps as (file, rank) deltas, clockwise from (1, 2): the one table of the
/// games that walk (file, rank) deltas (Sonic directly, Reflection through `widened`).
pub const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A table of (file, rank) deltas in `isize`, built at compile time.
pub const fn widened<const N: usize>(deltas: [(i8, i8); N]) -> [(isize, isize); N] {
    let mut out = [(0, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = (deltas[i].0 as isize, deltas[i].1 as isize);
        i += 1;
    }
    out
}

/// The cell of (file, rank), both counted from 0.
pub const fn square(file: usize, rank: usize) -> Sq {
    ((rank + PAD) * STRIDE + file + PAD) as Sq
}

/// The off-board slot `n` (0-based).
pub const fn off_board_slot(n: usize) -> Sq {
    (GRID_CELLS + n) as Sq
}

/// File (from 0) of a grid cell.
pub const fn file_of(sq: Sq) -> usize {
    (sq as usize % STRIDE).wrapping_sub(PAD)
}

/// Rank (from 0) of a grid cell.
pub const fn rank_of(sq: Sq) -> usize {
    (sq as usize / STRIDE).wrapping_sub(PAD)
}

/// `sq + step`, for steps that stay inside the padded grid from a real square.
#[inline]
pub fn offset(sq: Sq, step: isize) -> Sq {
    (sq as isize + step) as Sq
}

/// The rank number of rank index 0 in `dialect` on a board with `ranks` ranks:
/// XBoard counts from 0 on boards with exactly 10 ranks, everyone else from 1.
pub fn rank_base(dialect: Dialect, ranks: usize) -> usize {
    if dialect == Dialect::XBoard && ranks == 10 {
        0
    } else {
        1
    }
}

/// The board's shape: which grid cells are real squares.
#[derive(Clone)]
pub struct Geometry {
    pub files: usize,
    pub ranks: usize,
    exists: Box<[bool; CELLS]>,
    /// Name and cell of each off-board slot in use.
    pub extra: Vec<(String, Sq)>,
}

impl Geometry {
    /// A full rectangle of `files` x `ranks`.
    pub fn rectangle(files: usize, ranks: usize) -> Geometry {
        assert!(files <= MAX_FILES && ranks <= MAX_RANKS);
        let mut exists = Box::new([false; CELLS]);
        for r in 0..ranks {
            for f in 0..files {
                exists[square(f, r) as usize] = true;
            }
        }
        Geometry {
            files,
            ranks,
            exists,
            extra: Vec::new(),
        }
    }

    /// Removes (file, rank) from the board.
    pub fn remove(&mut self, file: usize, rank: usize) {
        self.exists[square(file, rank) as usize] = false;
    }

    /// Adds an off-board slot with the given name; returns its cell.
    pub fn add_slot(&mut self, name: &str) -> Sq {
        let sq = off_board_slot(self.extra.len());
        self.exists[sq as usize] = true;
        self.extra.push((name.to_string(), sq));
        sq
    }

    #[inline]
    pub fn contains(&self, sq: Sq) -> bool {
        self.exists[sq as usize]
    }

    /// Every real square, rank 1 first, then the off-board slots.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..CELLS as Sq).filter(move |&s| self.exists[s as usize])
    }

    /// `e4`, `m10`, or an off-board slot's own name.
    pub fn name(&self, sq: Sq, dialect: Dialect) -> String {
        if let Some((name, _)) = self.extra.iter().find(|(_, s)| *s == sq) {
            return name.clone();
        }
        square_name(file_of(sq), rank_of(sq), rank_base(dialect, self.ranks))
    }

    /// Reads one square name at the start of `text`; returns the square and the rest.
    /// Accepts only squares that exist on this board.
    pub fn parse_square<'a>(&self, text: &'a str, dialect: Dialect) -> Option<(Sq, &'a str)> {
        for (name, sq) in &self.extra {
            if let Some(rest) = text.strip_prefix(name.as_str()) {
                return Some((*sq, rest));
            }
        }
        let (file, rank, rest) = parse_coords(text, rank_base(dialect, self.ranks))?;
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        let sq = square(file, rank);
        self.contains(sq).then_some((sq, rest))
    }
}

/// `a1`-style name of (file, rank) counted from 0, with ranks numbered from `base`.
pub fn square_name(file: usize, rank: usize, base: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + base)
}

/// Parses a file letter a..p and a rank number of one or two digits at the start of `text`.
/// Returns 0-based (file, rank) and the rest of the text. Two digits are taken greedily only
/// when they form a rank up to 16 (so `a10b3` reads a10, `a1b3` reads a1).
pub fn parse_coords(text: &str, base: usize) -> Option<(usize, usize, &str)> {
    let bytes = text.as_bytes();
    let file = match bytes.first()? {
        c @ b'a'..=b'p' => (c - b'a') as usize,
        _ => return None,
    };
    let d1 = match bytes.get(1)? {
        d @ b'0'..=b'9' => (d - b'0') as usize,
        _ => return None,
    };
    let (number, used) = match bytes.get(2) {
        Some(d @ b'0'..=b'9') if d1 > 0 && d1 * 10 + ((d - b'0') as usize) <= MAX_RANKS => {
            (d1 * 10 + (d - b'0') as usize, 3)
        }
        _ => (d1, 2),
    };
    let rank = number.checked_sub(base)?;
    Some((file, rank, &text[used..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_through_names() {
        let g = Geometry::rectangle(13, 10);
        for sq in g.squares() {
            let name = g.name(sq, Dialect::Uci);
            assert_eq!(
                g.parse_square(&name, Dialect::Uci),
                Some((sq, "")),
                "{name}"
            );
            let xb = g.name(sq, Dialect::XBoard);
            assert_eq!(g.parse_square(&xb, Dialect::XBoard), Some((sq, "")), "{xb}");
        }
        assert_eq!(g.name(square(12, 9), Dialect::Uci), "m10");
        assert_eq!(g.name(square(12, 9), Dialect::XBoard), "m9");
    }

    #[test]
    fn two_digit_ranks_parse_greedily_but_not_past_sixteen() {
        assert_eq!(parse_coords("a10b3", 1), Some((0, 9, "b3")));
        assert_eq!(parse_coords("a1b3", 1), Some((0, 0, "b3")));
        assert_eq!(parse_coords("p16", 1), Some((15, 15, "")));
        assert_eq!(parse_coords("a0", 1), None);
        assert_eq!(parse_coords("a0", 0), Some((0, 0, "")));
        assert_eq!(parse_coords("q1", 1), None);
    }

    #[test]
    fn holes_and_slots() {
        let mut g = Geometry::rectangle(8, 8);
        g.remove(0, 0);
        assert!(!g.contains(square(0, 0)));
        assert_eq!(g.parse_square("a1", Dialect::Uci), None);
        let slot = g.add_slot("@w");
        assert!(g.contains(slot));
        assert_eq!(g.name(slot, Dialect::Uci), "@w");
        assert_eq!(g.squares().count(), 64);
    }

    #[test]
    fn padding_absorbs_three_square_leaps() {
        // From every corner of a 16x16 board a leap of 3 stays inside the padded grid.
        for &(f, r) in &[(0usize, 0usize), (15, 15), (0, 15), (15, 0)] {
            let s = square(f, r) as isize;
            for step in [3 * NORTH + 3, 3 * SOUTH - 3, 3 * NORTH - 3, 3 * SOUTH + 3] {
                let t = s + step;
                assert!(t >= 0 && (t as usize) < GRID_CELLS);
            }
        }
    }
}
