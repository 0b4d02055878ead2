//! Helpers shared by Kaleido's integration tests.

pub mod binary;

/// A tiny deterministic generator (xorshift) for random-input tests, so that failures reproduce.
pub struct Soup(pub u64);

impl Soup {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn pick<'a>(&mut self, words: &[&'a str]) -> &'a str {
        words[(self.next_u64() % words.len() as u64) as usize]
    }
}
