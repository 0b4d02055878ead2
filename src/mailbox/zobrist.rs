//! Zobrist keys shared by every variant: one table, made once, from a fixed seed so that keys
//! (and therefore searches) are the same on every run.

use super::CELLS;
use once_cell::sync::Lazy;

/// Distinct piece codes a variant may use (colour included).
pub const PIECE_CODES: usize = 64;
/// Keys for variant state beyond piece placement (castling rights, e.p. files, forms, hands...).
pub const MISC_KEYS: usize = 1024;

pub struct Zobrist {
    pieces: Vec<u64>,
    pub side: u64,
    misc: Vec<u64>,
}

impl Zobrist {
    #[inline]
    pub fn piece(&self, code: usize, sq: super::Sq) -> u64 {
        self.pieces[code * CELLS + sq as usize]
    }
    #[inline]
    pub fn misc(&self, index: usize) -> u64 {
        self.misc[index]
    }
}

/// SplitMix64: small, fast and good enough for hashing keys.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub static ZOBRIST: Lazy<Zobrist> = Lazy::new(|| {
    let mut state = 0x4B41_4C45_4944_4F21; // "KALEIDO!"
    let pieces = (0..PIECE_CODES * CELLS)
        .map(|_| splitmix(&mut state))
        .collect();
    let side = splitmix(&mut state);
    let misc = (0..MISC_KEYS).map(|_| splitmix(&mut state)).collect();
    Zobrist { pieces, side, misc }
});
