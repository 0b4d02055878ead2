//! The one pseudo-random generator of the project: SplitMix64 (Steele, Lea and Flood, 2014, in
//! the form of Vigna's reference `splitmix64.c`). Small, fast, seeded and the same on every
//! machine, so that whatever uses it reproduces exactly: the Zobrist keys, seeded random
//! playouts (`Session::self_check`), random test inputs and random openings. Not for
//! cryptography.

/// A seeded SplitMix64 stream: each `next_u64` adds the golden-ratio increment to the state and
/// returns the state mixed by `mix`.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

/// Weyl increment of SplitMix64 (2^64 divided by the golden ratio, made odd).
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        mix(self.0)
    }

    /// Skips `steps` outputs at once: the state is a counter, so the stream can jump ahead.
    pub fn advance(&mut self, steps: u64) {
        self.0 = self.0.wrapping_add(steps.wrapping_mul(GOLDEN_GAMMA));
    }

    /// A number below `n` (`n` > 0). Taken modulo `n`: the bias is below `n / 2^64`, nothing for
    /// the move counts and list lengths we draw from.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "SplitMix64::below(0)");
        (self.next_u64() % n as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// SplitMix64's output function: a bijection of `u64` that spreads every input bit over the
/// whole output. Also a good stand-alone hash of a small number.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_reference_sequence() {
        // Published: Rosetta Code, "Pseudo-random numbers/Splitmix64", the first five outputs
        // of the reference generator seeded with 1234567.
        let mut rng = SplitMix64::new(1234567);
        let first: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423,
                4593380528125082431,
                16408922859458223821,
            ]
        );
    }

    #[test]
    fn same_seed_same_stream_and_draws_spread() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
        let mut counts = [0; 4];
        let mut rng = SplitMix64::new(1);
        for _ in 0..4000 {
            counts[rng.below(4)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
        assert_eq!(SplitMix64::new(3).pick(&[42]), 42);
        let mut skipped = SplitMix64::new(9);
        skipped.advance(3);
        let mut stepped = SplitMix64::new(9);
        (0..3).for_each(|_| _ = stepped.next_u64());
        assert_eq!(skipped.next_u64(), stepped.next_u64());
    }
}
