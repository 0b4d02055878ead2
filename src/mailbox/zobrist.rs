//! Zobrist keys shared by every variant: one table, made once, from a fixed seed so that keys
//! (and therefore searches) are the same on every run.

use super::CELLS;
use crate::rng::SplitMix64;
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

pub static ZOBRIST: Lazy<Zobrist> = Lazy::new(|| {
    let mut rng = SplitMix64::new(0x4B41_4C45_4944_4F21); // "KALEIDO!"
    let pieces = (0..PIECE_CODES * CELLS).map(|_| rng.next_u64()).collect();
    let side = rng.next_u64();
    let misc = (0..MISC_KEYS).map(|_| rng.next_u64()).collect();
    Zobrist { pieces, side, misc }
});
