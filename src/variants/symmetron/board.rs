//! Symmetron! 112 board: the 11x10 Arena in the shared padded mailbox, plus one Launching Square
//! (LS) per side as off-board slots. Piece codes, square sets (palaces, central ranks) and the
//! `near` relation (Chebyshev distance 1 or 2) live here.

use crate::game::Side;
use crate::mailbox::{file_of, rank_of, square, Sq, CELLS, GRID_CELLS, STRIDE};
use once_cell::sync::Lazy;

pub const FILES: usize = 11;
pub const RANKS: usize = 10;

/// Board cell contents: `EMPTY`, `OFF` (padding, not a square) or `kind | colour`.
pub type Piece = u8;
pub const EMPTY: Piece = 0;
pub use crate::mailbox::OFF;
/// Colour bit of a piece: set for Black.
pub const BLACK_BIT: Piece = 0x10;

pub const KING: u8 = 1;
pub const REDUCER: u8 = 2;
pub const SHS: u8 = 3;
pub const RESURRECTOR: u8 = 4;
pub const DRAGON: u8 = 5;
pub const ADVANCER: u8 = 6;
pub const NIGHTRIDER: u8 = 7;
/// Can(n)on in the orthogonal state (Cannon).
pub const CANNON: u8 = 8;
/// Can(n)on in the diagonal state (Canon, Vao).
pub const CANON: u8 = 9;
pub const PAWN: u8 = 10;
pub const BAWN: u8 = 11;
/// Number of kinds plus one (kind 0 is unused): size of per-kind tables.
pub const KINDS: usize = 12;

/// FEN letters by kind (upper case; Black uses lower case).
pub const LETTERS: [char; KINDS] = ['?', 'K', 'R', 'H', 'U', 'D', 'A', 'N', 'C', 'V', 'P', 'B'];

/// "No square": padding cell 0 lies three files and ranks away from a1, so it is `near` nothing.
pub use crate::mailbox::NO_SQ;

#[inline]
pub fn kind(p: Piece) -> u8 {
    p & 0x0F
}

#[inline]
pub fn colour(p: Piece) -> Side {
    if p & BLACK_BIT != 0 {
        Side::Black
    } else {
        Side::White
    }
}

#[inline]
pub fn make_piece(kind: u8, side: Side) -> Piece {
    match side {
        Side::White => kind,
        Side::Black => kind | BLACK_BIT,
    }
}

/// Reducer, SHS and Resurrector: never capture, never captured.
#[inline]
pub fn is_magic_kind(k: u8) -> bool {
    (REDUCER..=RESURRECTOR).contains(&k)
}

/// Index 0..3 of a magic kind in per-side magic tables.
#[inline]
pub fn magic_index(k: u8) -> usize {
    (k - REDUCER) as usize
}

/// Kinds a Resurrector can retrieve (every non-magic, non-King kind).
#[inline]
pub fn is_retrievable_kind(k: u8) -> bool {
    (DRAGON..=BAWN).contains(&k)
}

/// Kinds an enemy Reducer reduces.
#[inline]
pub fn is_reducible_kind(k: u8) -> bool {
    (DRAGON..=BAWN).contains(&k)
}

/// Whether `p` is a piece of `by`'s enemy that `by` may capture (enemy, not magic; Kings count).
#[inline]
pub fn capturable(p: Piece, by: Side) -> bool {
    p != EMPTY && p != OFF && colour(p) != by && !is_magic_kind(kind(p))
}

pub fn piece_letter(p: Piece) -> char {
    crate::mailbox::fen::side_letter(LETTERS[kind(p) as usize], colour(p))
}

pub fn piece_from_letter(c: char) -> Option<Piece> {
    let upper = c.to_ascii_uppercase();
    let k = LETTERS.iter().skip(1).position(|&l| l == upper)? as u8 + 1;
    Some(make_piece(k, crate::mailbox::fen::letter_side(c)))
}

/// Zobrist piece code (< 64).
#[inline]
pub fn zobrist_code(p: Piece) -> usize {
    kind(p) as usize + KINDS * colour(p).index()
}

pub const N: isize = STRIDE as isize;
pub const ORTH_STEPS: [isize; 4] = [N, -N, 1, -1];
pub const DIAG_STEPS: [isize; 4] = [N + 1, N - 1, -N + 1, -N - 1];
pub const KING_STEPS: [isize; 8] = [N, -N, 1, -1, N + 1, N - 1, -N + 1, -N - 1];
pub const KNIGHT_STEPS: [isize; 8] = [
    2 * N + 1,
    2 * N - 1,
    -2 * N + 1,
    -2 * N - 1,
    N + 2,
    N - 2,
    -N + 2,
    -N - 2,
];

/// One step forward for `side`.
#[inline]
pub fn forward(side: Side) -> isize {
    match side {
        Side::White => N,
        Side::Black => -N,
    }
}

/// Cells of the Arena, rank 1 first.
pub static ARENA: Lazy<Vec<Sq>> = Lazy::new(|| {
    let mut v = Vec::with_capacity(FILES * RANKS);
    for r in 0..RANKS {
        for f in 0..FILES {
            v.push(square(f, r));
        }
    }
    v
});

/// The Launching Square of `side`.
#[inline]
pub fn ls_square(side: Side) -> Sq {
    crate::mailbox::off_board_slot(side.index())
}

#[inline]
pub fn is_ls(sq: Sq) -> bool {
    sq as usize >= GRID_CELLS
}

/// The empty board: Arena squares and both LS empty, everything else `OFF`.
pub fn empty_board() -> [Piece; CELLS] {
    let mut b = [OFF; CELLS];
    for &sq in ARENA.iter() {
        b[sq as usize] = EMPTY;
    }
    b[ls_square(Side::White) as usize] = EMPTY;
    b[ls_square(Side::Black) as usize] = EMPTY;
    b
}

/// `near` by cell difference: the difference of two grid cells determines (dx, dy) uniquely
/// because STRIDE exceeds twice the widest file difference.
static NEAR_DELTA: Lazy<Vec<bool>> = Lazy::new(|| {
    let mut t = vec![false; 2 * GRID_CELLS + 1];
    for dy in -2isize..=2 {
        for dx in -2isize..=2 {
            if dx != 0 || dy != 0 {
                t[(GRID_CELLS as isize + dy * N + dx) as usize] = true;
            }
        }
    }
    t
});

/// Chebyshev distance 1 or 2 between two Arena cells. `NO_SQ` and LS cells are near nothing.
#[inline]
pub fn near(a: Sq, b: Sq) -> bool {
    if is_ls(a) || is_ls(b) {
        return false;
    }
    NEAR_DELTA[(GRID_CELLS as isize + b as isize - a as isize) as usize]
}

/// The 24 cell offsets of the 5x5 box minus its centre (the naive modifier scan walks these).
pub static NEAR_OFFSETS: Lazy<Vec<isize>> = Lazy::new(|| {
    let mut v = Vec::new();
    for dy in -2isize..=2 {
        for dx in -2isize..=2 {
            if dx != 0 || dy != 0 {
                v.push(dy * N + dx);
            }
        }
    }
    v
});

/// Nine-square palace: files e-g, the owner's first three ranks.
#[inline]
pub fn in_palace(sq: Sq, side: Side) -> bool {
    if is_ls(sq) {
        return false;
    }
    let (f, r) = (file_of(sq), rank_of(sq));
    (4..=6).contains(&f)
        && match side {
            Side::White => r <= 2,
            Side::Black => (7..=9).contains(&r),
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_is_the_five_by_five_box() {
        let c = square(5, 5);
        let count = ARENA.iter().filter(|&&s| near(c, s)).count();
        assert_eq!(count, 24);
        let corner = square(0, 0);
        assert_eq!(ARENA.iter().filter(|&&s| near(corner, s)).count(), 8);
        assert!(!near(c, c));
        assert!(near(square(3, 3), square(5, 5)));
        assert!(!near(square(3, 3), square(6, 5)));
        assert!(!near(square(0, 0), NO_SQ));
        assert!(!near(square(0, 0), ls_square(Side::White)));
        // Across the left edge: k1 and a2 differ by 11 cells only in the mailbox, never near.
        assert!(!near(square(10, 0), square(0, 1)));
    }

    #[test]
    fn letters_round_trip() {
        for k in 1..KINDS as u8 {
            for side in [Side::White, Side::Black] {
                let p = make_piece(k, side);
                assert_eq!(piece_from_letter(piece_letter(p)), Some(p));
            }
        }
        assert_eq!(piece_from_letter('x'), None);
    }
}
