//! Helpers shared by Kaleido's integration tests.

pub mod binary;
pub mod gui;
pub mod http;
pub mod matches;
pub mod webdriver;

use kaleido::game::{Game, MoveList};
use kaleido::search::{self, Control, Limits, TranspositionTable};

/// A tiny deterministic generator (xorshift) for random-input tests, so that failures reproduce.
pub struct Soup(pub u64);

impl Soup {
    /// A generator for `seed` (any value: the state is mixed and never zero, where xorshift
    /// would stay).
    pub fn seeded(seed: u64) -> Soup {
        Soup(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// Uniform-enough below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
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

/// The move a self-play test plays: a seeded random legal move while `random` (to vary the
/// openings), otherwise the search's choice at a fixed node count (deterministic, one thread).
pub fn self_play_move<G: Game>(
    game: &G,
    legal: &MoveList<G::Move>,
    random: bool,
    rng: &mut Soup,
    nodes: u64,
    tt: &TranspositionTable,
) -> G::Move {
    if random {
        return legal[(rng.next_u64() % legal.len() as u64) as usize];
    }
    let limits = Limits {
        nodes: Some(nodes),
        multipv: 1,
        threads: 1,
        ..Limits::default()
    };
    let control = Control::new(false);
    let result = search::search(game, &limits, tt, &control, &mut |_| {});
    result.best.expect("a move when the game is not over")
}
