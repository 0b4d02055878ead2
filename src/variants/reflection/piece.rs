//! Piece codes: kind in the low bits, colour as a flag. Directional pawns are kinds of their own
//! (the direction is part of the piece, §1.4).

use crate::game::Side;

pub const EMPTY: u8 = 0;
/// A cell that is not a square (hole, padding): no colour flag set, so `owned_by` is false.
pub use crate::mailbox::OFF;
pub const WHITE_FLAG: u8 = 0x10;
pub const BLACK_FLAG: u8 = 0x20;
pub const COLOR_MASK: u8 = WHITE_FLAG | BLACK_FLAG;

pub const KING: u8 = 1;
pub const QUEEN: u8 = 2;
pub const ROOK: u8 = 3;
pub const BISHOP: u8 = 4;
pub const KNIGHT: u8 = 5;
/// Pawns advancing north (P), south (S), east (E), west (W).
pub const PAWN_N: u8 = 6;
pub const PAWN_S: u8 = 7;
pub const PAWN_E: u8 = 8;
pub const PAWN_W: u8 = 9;
pub const KINDS: usize = 10;
pub const PAWN_KINDS: [u8; 4] = [PAWN_N, PAWN_S, PAWN_E, PAWN_W];

#[inline]
pub const fn flag(side: Side) -> u8 {
    match side {
        Side::White => WHITE_FLAG,
        Side::Black => BLACK_FLAG,
    }
}

#[inline]
pub const fn make_piece(kind: u8, side: Side) -> u8 {
    flag(side) | kind
}

#[inline]
pub const fn kind(piece: u8) -> u8 {
    piece & 0x0F
}

#[inline]
pub const fn is_pawn(kind: u8) -> bool {
    kind >= PAWN_N && kind <= PAWN_W
}

/// Whether the cell holds a piece of `side`.
#[inline]
pub const fn owned_by(piece: u8, side: Side) -> bool {
    piece & flag(side) != 0
}

pub fn colour(piece: u8) -> Side {
    if piece & WHITE_FLAG != 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// The (file, rank) step a pawn kind advances by.
pub const fn pawn_forward(kind: u8) -> (isize, isize) {
    match kind {
        PAWN_N => (0, 1),
        PAWN_S => (0, -1),
        PAWN_E => (1, 0),
        _ => (-1, 0),
    }
}

pub const fn pawn_of_direction(df: isize, dr: isize) -> u8 {
    match (df, dr) {
        (0, 1) => PAWN_N,
        (0, -1) => PAWN_S,
        (1, 0) => PAWN_E,
        _ => PAWN_W,
    }
}

pub const ORTH_DELTAS: [(isize, isize); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub const DIAG_DELTAS: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub const LINE_DELTAS: [(isize, isize); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
pub const KNIGHT_DELTAS: [(isize, isize); 8] =
    crate::mailbox::widened(crate::mailbox::KNIGHT_DELTAS);

/// Step directions of a non-pawn kind and whether it slides.
pub fn moves_of(kind: u8) -> (&'static [(isize, isize)], bool) {
    match kind {
        KING => (&LINE_DELTAS, false),
        QUEEN => (&LINE_DELTAS, true),
        ROOK => (&ORTH_DELTAS, true),
        BISHOP => (&DIAG_DELTAS, true),
        _ => (&KNIGHT_DELTAS, false),
    }
}

/// FEN letter of a piece.
pub fn letter(piece: u8) -> char {
    let c = match kind(piece) {
        KING => 'K',
        QUEEN => 'Q',
        ROOK => 'R',
        BISHOP => 'B',
        KNIGHT => 'N',
        PAWN_N => 'P',
        PAWN_S => 'S',
        PAWN_E => 'E',
        _ => 'W',
    };
    crate::mailbox::fen::side_letter(c, colour(piece))
}

pub fn from_letter(c: char) -> Option<u8> {
    let kind = match c.to_ascii_uppercase() {
        'K' => KING,
        'Q' => QUEEN,
        'R' => ROOK,
        'B' => BISHOP,
        'N' => KNIGHT,
        'P' => PAWN_N,
        'S' => PAWN_S,
        'E' => PAWN_E,
        'W' => PAWN_W,
        _ => return None,
    };
    Some(make_piece(kind, crate::mailbox::fen::letter_side(c)))
}

/// Material values in centipawns, by kind.
pub const VALUE: [i32; KINDS] = [0, 0, 950, 500, 330, 310, 100, 100, 100, 100];
