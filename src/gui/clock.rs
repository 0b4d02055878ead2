//! The game clock of the board: each side's time left, the side to move's running down, an
//! increment after each move. A side whose time runs out loses (our choice: whatever the
//! material, as most servers do not; docs/gui.md says so). Taking back a move does not give the
//! time back.

use crate::clock::Stamp;
use crate::game::Side;

#[derive(Clone, Debug)]
pub struct Clock {
    /// Time left at `since` for each side, in milliseconds.
    left_ms: [u64; 2],
    pub increment_ms: u64,
    since: Stamp,
}

impl Clock {
    pub fn new(base_ms: u64, increment_ms: u64) -> Clock {
        Clock {
            left_ms: [base_ms; 2],
            increment_ms,
            since: Stamp::now(),
        }
    }

    /// Time left now for each side, `to_move`'s clock running.
    pub fn left_ms(&self, to_move: Side) -> [u64; 2] {
        let mut left = self.left_ms;
        let used = self.since.elapsed_ms();
        left[to_move.index()] = left[to_move.index()].saturating_sub(used);
        left
    }

    /// The side whose time has run out, if `to_move`'s has.
    pub fn flag(&self, to_move: Side) -> Option<Side> {
        (self.left_ms(to_move)[to_move.index()] == 0).then_some(to_move)
    }

    /// `mover` has just moved: its time is used and the increment added; the other clock runs.
    pub fn moved(&mut self, mover: Side) {
        let left = self.left_ms(mover);
        self.left_ms = left;
        self.left_ms[mover.index()] += self.increment_ms;
        self.since = Stamp::now();
    }

    /// Starts counting again from now without charging anyone (after a take back or a pause).
    pub fn restart(&mut self, to_move: Side) {
        self.left_ms = self.left_ms(to_move);
        self.since = Stamp::now();
    }
}
