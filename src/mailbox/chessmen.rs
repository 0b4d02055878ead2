//! The orthodox chessmen's codes, one convention for the games built on them (chess, Sonic): a
//! kind in the low three bits, `BLACK` added for Black's pieces, `EMPTY` for an empty square;
//! `make_piece(kind, side)` builds one, `kind` and `colour` take it apart. The codes also index
//! the shared Zobrist table, so both games hash their pieces alike.

use super::fen::{letter_side, side_letter};
use crate::game::{Score, Side};

pub const EMPTY: u8 = 0;
pub const PAWN: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const ROOK: u8 = 4;
pub const QUEEN: u8 = 5;
pub const KING: u8 = 6;
/// Added to a kind for Black's pieces.
pub const BLACK: u8 = 8;

/// Piece values by kind (index = kind: none, pawn to queen, king) from a weight table whose five
/// material weights, pawn to queen, start at `material`: their middlegame halves, what move
/// ordering ranks captures by. No piece and the king are worth 0.
pub const fn middlegame_values(values: &[[Score; 2]], material: usize) -> [Score; 7] {
    let mut by_kind = [0; 7];
    let mut kind = PAWN as usize;
    while kind <= QUEEN as usize {
        by_kind[kind] = values[material + kind - 1][0];
        kind += 1;
    }
    by_kind
}

/// The move-ordering hint (`Rules::order_hint`) of the Sonic games, whose sliders and knights
/// move in chains: MVV-LVA by `values` (as `middlegame_values` gives them), the king the most
/// valuable victim, a promotion adding its piece, and a bonus for a slider or knight, whose
/// chain may take more than the first victim.
pub fn chain_order_hint(victim: u8, attacker: u8, promo: Option<u8>, values: &[Score; 7]) -> i32 {
    let victim_value = if victim == KING {
        10_000
    } else {
        values[victim as usize]
    };
    let promo = promo.map_or(0, |k| values[k as usize]);
    let chain_bonus = if attacker == PAWN || attacker == KING {
        0
    } else {
        50
    };
    victim_value * 8 + promo + chain_bonus - values[attacker as usize] / 16
}

/// Castling right bits: the king with its rook on the h-file (short) or the a-file (long).
pub const WHITE_SHORT: u8 = 1;
pub const WHITE_LONG: u8 = 2;
pub const BLACK_SHORT: u8 = 4;
pub const BLACK_LONG: u8 = 8;
/// Each right with its FEN letter, in the order a FEN writes them (`KQkq`).
pub const CASTLING_LETTERS: [(u8, char); 4] = [
    (WHITE_SHORT, 'K'),
    (WHITE_LONG, 'Q'),
    (BLACK_SHORT, 'k'),
    (BLACK_LONG, 'q'),
];

/// The tapered evaluation's phase units of N B R Q, by kind code; `FULL_PHASE` with every piece
/// on the board.
pub const PHASE_UNITS: [i32; 7] = [0, 0, 1, 1, 2, 4, 0];
pub const FULL_PHASE: i32 = 24;

pub fn kind(piece: u8) -> u8 {
    piece & 7
}

pub fn colour(piece: u8) -> Side {
    if piece & BLACK != 0 {
        Side::Black
    } else {
        Side::White
    }
}

pub fn make_piece(kind: u8, side: Side) -> u8 {
    kind | if side == Side::Black { BLACK } else { 0 }
}

/// A FEN letter's piece (upper case White), if it names a chessman.
pub fn piece_from_char(c: char) -> Option<u8> {
    let kind = match c.to_ascii_lowercase() {
        'p' => PAWN,
        'n' => KNIGHT,
        'b' => BISHOP,
        'r' => ROOK,
        'q' => QUEEN,
        'k' => KING,
        _ => return None,
    };
    Some(make_piece(kind, letter_side(c)))
}

/// A piece's FEN letter.
pub fn piece_char(piece: u8) -> char {
    side_letter(b"?pnbrqk?"[kind(piece) as usize] as char, colour(piece))
}

/// Each kind's drawing and name on a board, `VIEW_NAMES[kind - 1]`: the board views of the games
/// that use these piece codes as they are.
pub const VIEW_NAMES: [(&str, &str); 6] = [
    ("pawn", "Pawn"),
    ("knight", "Knight"),
    ("bishop", "Bishop"),
    ("rook", "Rook"),
    ("queen", "Queen"),
    ("king", "King"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_order_hint_counts_by_hand() {
        let values = [0, 100, 300, 320, 500, 900, 0];
        // Pawn takes queen: 900 * 8 - 100 / 16.
        assert_eq!(chain_order_hint(QUEEN, PAWN, None, &values), 7194);
        // Knight takes pawn: 100 * 8 + 50 (a chain may go on) - 300 / 16.
        assert_eq!(chain_order_hint(PAWN, KNIGHT, None, &values), 832);
        // Pawn takes the king while promoting to a queen: 10000 * 8 + 900 - 100 / 16.
        assert_eq!(chain_order_hint(KING, PAWN, Some(QUEEN), &values), 80894);
        // A quiet king move: no victim, no bonus, the king worth 0.
        assert_eq!(chain_order_hint(EMPTY, KING, None, &values), 0);
    }
}
