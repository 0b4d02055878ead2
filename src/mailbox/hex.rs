//! Hexagonal geometry: Gliński's 91-cell board (a hexagon of radius 5) in axial coordinates
//! `(q, r)`, the 12 clock-hour directions, distance, cell names, and a padded layout.
//!
//! Axial coordinates: `q` is the file (a = −5 … f = 0 … l = 5, no `j`), `r` runs up the file and
//! is 0 on the centre row, so that f6 = (0, 0); a pair is a cell iff max(|q|, |r|, |q − r|) ≤ 5.
//! The padded layout stores the hexagon inside a square of side 11 + 2·PAD: every step or leap
//! of up to three cells from a real cell lands on a slot of the layout, so a game keeps an `OFF`
//! marker in the padding and its slides stop at the edge without bounds checks.

/// The board's radius: cells at distance up to 5 from the centre.
pub const RADIUS: i8 = 5;
/// Padding on every side: the longest vector component (a knight's 3) never leaves the layout.
pub const PAD: i8 = 3;
/// Side of the padded square.
pub const SIDE: usize = (2 * RADIUS + 1 + 2 * PAD) as usize;
/// Slots of the padded layout.
pub const SLOTS: usize = SIDE * SIDE;
/// Real cells.
pub const CELL_COUNT: usize = 91;

/// A slot of the padded layout.
pub type Cell = u16;

/// File letters, q = −5 … 5.
pub const FILES: &[u8; 11] = b"abcdefghikl";

/// The 12 directions as (dq, dr), index = clock hour mod 12 (0 = 12 o'clock, toward Black).
/// Even hours go through an edge (orthogonal), odd hours through a vertex (diagonal);
/// clockwise is increasing hour.
pub const HOURS: [(i8, i8); 12] = [
    (0, 1),
    (1, 2),
    (1, 1),
    (2, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -2),
    (-1, -1),
    (-2, -1),
    (-1, 0),
    (-1, 1),
];

/// The 12 knight vectors: two orthogonal steps then one 60° aside (the cells at distance 3 off
/// the queen lines).
pub const KNIGHT_VECTORS: [(i8, i8); 12] = [
    (1, 3),
    (3, 2),
    (2, -1),
    (-1, -3),
    (-3, -2),
    (-2, 1),
    (-1, 2),
    (2, 3),
    (3, 1),
    (1, -2),
    (-2, -3),
    (-3, -1),
];

/// Whether (q, r) is one of the 91 cells.
pub const fn is_cell(q: i8, r: i8) -> bool {
    q.abs() <= RADIUS && r.abs() <= RADIUS && (q - r).abs() <= RADIUS
}

/// The slot of (q, r); (q, r) must lie within the padded square.
pub const fn slot(q: i8, r: i8) -> Cell {
    ((r + RADIUS + PAD) as usize * SIDE + (q + RADIUS + PAD) as usize) as Cell
}

/// (q, r) of a slot.
pub const fn coords(c: Cell) -> (i8, i8) {
    (
        (c as usize % SIDE) as i8 - RADIUS - PAD,
        (c as usize / SIDE) as i8 - RADIUS - PAD,
    )
}

/// The slot offset of a (dq, dr) vector.
pub const fn offset(d: (i8, i8)) -> isize {
    d.0 as isize + d.1 as isize * SIDE as isize
}

/// `c` moved by `step` (a slot offset); `c` must be a real cell and `step` at most 3 cells.
#[inline]
pub fn add(c: Cell, step: isize) -> Cell {
    (c as isize + step) as Cell
}

/// Whether a slot is a real cell.
pub const fn slot_is_cell(c: Cell) -> bool {
    let (q, r) = coords(c);
    (c as usize) < SLOTS && is_cell(q, r)
}

/// Hex distance between two cells.
pub fn distance(a: Cell, b: Cell) -> i8 {
    let ((q1, r1), (q2, r2)) = (coords(a), coords(b));
    let (dq, dr) = (q2 - q1, r2 - r1);
    dq.abs().max(dr.abs()).max((dq - dr).abs())
}

/// Gliński's three cell colours: 0 medium (f6), 1 light (f1), 2 dark (f11).
pub fn colour(c: Cell) -> u8 {
    let (q, r) = coords(c);
    (q + r).rem_euclid(3) as u8
}

/// The rank number (1 … 11) of a cell: ranks bend 120° at file f.
pub fn rank(c: Cell) -> i8 {
    let (q, r) = coords(c);
    r + 6 - q.max(0)
}

/// The cell of file index `q` (−5 … 5) and rank number `rank`, if it exists.
pub fn from_file_rank(q: i8, rank: i8) -> Option<Cell> {
    let r = rank - 6 + q.max(0);
    ((-RADIUS..=RADIUS).contains(&q) && is_cell(q, r)).then(|| slot(q, r))
}

/// `f6`, `a1`, `l6`…
pub fn name(c: Cell) -> String {
    let (q, _) = coords(c);
    format!("{}{}", FILES[(q + RADIUS) as usize] as char, rank(c))
}

/// Reads one cell name at the start of `text` (ranks with two digits greedily, no leading zero);
/// returns the cell and the rest.
pub fn parse_name(text: &str) -> Option<(Cell, &str)> {
    let bytes = text.as_bytes();
    let q = FILES.iter().position(|&f| Some(&f) == bytes.first())? as i8 - RADIUS;
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || bytes[1] == b'0' {
        return None;
    }
    let rank: i8 = text[1..1 + digits].parse().ok()?;
    Some((from_file_rank(q, rank)?, &text[1 + digits..]))
}

/// The cell mirrored top–bottom (White's side onto Black's): (q, r) → (q, q − r).
pub fn mirror(c: Cell) -> Cell {
    let (q, r) = coords(c);
    slot(q, q - r)
}

/// Every cell, file by file (a1…a6, b1…b7, …, l1…l6).
pub fn cells() -> impl Iterator<Item = Cell> {
    (-RADIUS..=RADIUS).flat_map(|q| {
        (-RADIUS..=RADIUS)
            .filter(move |&r| is_cell(q, r))
            .map(move |r| slot(q, r))
    })
}

/// The cells of rank `rank` (1 … 11) in file order a → l, as the position text lists them.
pub fn rank_cells(rank: i8) -> impl Iterator<Item = Cell> {
    (-RADIUS..=RADIUS).filter_map(move |q| from_file_rank(q, rank))
}

/// A dense index 0 … 90 of a cell (file by file), for tables sized by the real cells.
pub fn index(c: Cell) -> usize {
    let (q, r) = coords(c);
    // Cells before file q: files of 6, 7, …, 11, 10, …, 6 cells.
    let before: i32 = (-RADIUS..q).map(|f| 11 - f.abs() as i32).sum();
    let low = -RADIUS + q.max(0);
    (before + (r - low) as i32) as usize
}

/// The cell in the shared mailbox grid whose Zobrist keys this cell uses: (q + 5, r + 5) fits the
/// 16 × 16 grid, so hexagonal keys stay in the project's one key space.
pub fn mailbox_square(c: Cell) -> super::Sq {
    let (q, r) = coords(c);
    super::square((q + RADIUS) as usize, (r + RADIUS) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> Cell {
        parse_name(text).expect("cell").0
    }

    #[test]
    fn the_docs_worked_coordinates() {
        for (text, q, r) in [
            ("f6", 0, 0),
            ("f1", 0, -5),
            ("f11", 0, 5),
            ("a1", -5, -5),
            ("a6", -5, 0),
            ("l1", 5, 0),
            ("l6", 5, 5),
            ("e4", -1, -2),
            ("g4", 1, -1),
            ("c8", -3, 2),
            ("h9", 2, 5),
            ("k3", 4, 1),
        ] {
            assert_eq!(coords(cell(text)), (q, r), "{text}");
            assert_eq!(name(slot(q, r)), text);
        }
    }

    #[test]
    fn ninety_one_cells_in_files_of_6_to_11() {
        assert_eq!(cells().count(), CELL_COUNT);
        let per_file: Vec<usize> = (-5..=5)
            .map(|q| cells().filter(|&c| coords(c).0 == q).count())
            .collect();
        assert_eq!(per_file, [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
        let per_rank: Vec<usize> = (1..=11).map(|r| rank_cells(r).count()).collect();
        assert_eq!(per_rank, [11, 11, 11, 11, 11, 11, 9, 7, 5, 3, 1]);
        for (i, c) in cells().enumerate() {
            assert_eq!(index(c), i);
            assert!(slot_is_cell(c));
        }
    }

    #[test]
    fn names_reject_j_zero_and_off_board() {
        for bad in ["j1", "a7", "f12", "a0", "f01", "l7", "m1", "f", ""] {
            assert!(parse_name(bad).is_none(), "{bad}");
        }
        assert_eq!(
            parse_name("f10f11q").map(|(c, r)| (name(c), r)),
            Some(("f10".into(), "f11q"))
        );
    }

    #[test]
    fn colours_count_31_30_30_and_neighbours_differ() {
        let count = |k| cells().filter(|&c| colour(c) == k).count();
        assert_eq!((count(0), count(1), count(2)), (31, 30, 30));
        assert_eq!(colour(cell("f6")), 0);
        assert_eq!(colour(cell("f1")), 1);
        assert_eq!(colour(cell("f11")), 2);
        for c in cells() {
            for (h, &d) in HOURS.iter().enumerate() {
                let n = add(c, offset(d));
                if slot_is_cell(n) {
                    assert_eq!(colour(n) == colour(c), h % 2 == 1, "{} hour {h}", name(c));
                }
            }
        }
    }

    #[test]
    fn hours_neighbours_distance() {
        // A diagonal hour is the sum of its two orthogonal neighbours.
        for h in (1..12).step_by(2) {
            let (a, b) = (HOURS[h - 1], HOURS[(h + 1) % 12]);
            assert_eq!(HOURS[h], (a.0 + b.0, a.1 + b.1));
        }
        let centre = cell("f6");
        for (h, &d) in HOURS.iter().enumerate() {
            assert_eq!(distance(centre, add(centre, offset(d))), 1 + (h % 2) as i8);
        }
        for &v in &KNIGHT_VECTORS {
            assert_eq!(distance(centre, add(centre, offset(v))), 3);
        }
        assert_eq!(distance(cell("a1"), cell("l6")), 10);
        assert_eq!(distance(cell("f1"), cell("f11")), 10);
        // Every leap from every cell stays inside the padded layout.
        for c in cells() {
            for &v in HOURS.iter().chain(KNIGHT_VECTORS.iter()) {
                let (q, r) = coords(c);
                let (q2, r2) = (q + v.0, r + v.1);
                assert!(q2.abs() <= RADIUS + PAD && r2.abs() <= RADIUS + PAD);
            }
        }
    }

    #[test]
    fn mirror_swaps_the_two_armies_cells() {
        assert_eq!(name(mirror(cell("g1"))), "g10");
        assert_eq!(name(mirror(cell("c1"))), "c8");
        assert_eq!(name(mirror(cell("f5"))), "f7");
        assert_eq!(name(mirror(cell("k1"))), "k7");
        for c in cells() {
            assert_eq!(mirror(mirror(c)), c);
        }
    }
}
