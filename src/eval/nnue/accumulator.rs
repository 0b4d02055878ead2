//! The accumulators a game keeps in its position: one frame per ply, each holding White's and
//! Black's view (`hidden` values each). `make` pushes a copy of the top frame and the game then
//! adds and removes the features its move changed; `unmake` pops. Without a network every call is
//! a no-op and the game evaluates by hand.

use super::{NetInput, Network};
use crate::game::{Score, Side, MATE_BOUND};
use std::sync::Arc;

#[derive(Clone, Default)]
pub struct Accumulators {
    net: Option<Arc<Network>>,
    /// Frames, oldest first: `2 × hidden` values each, White's view then Black's.
    frames: Vec<i16>,
}

impl Accumulators {
    /// Accumulators for `net` (or none), holding one frame refreshed from `input`.
    pub fn new(net: Option<Arc<Network>>, input: impl FnOnce() -> NetInput) -> Accumulators {
        let mut acc = Accumulators {
            net,
            frames: Vec::new(),
        };
        if let Some(net) = &acc.net {
            let input = input();
            acc.frames = vec![0; 2 * net.hidden];
            let (white, black) = acc.frames.split_at_mut(net.hidden);
            net.refresh(&input.active[0], white);
            net.refresh(&input.active[1], black);
        }
        acc
    }

    /// True when a network evaluates: the game must then report every feature change.
    #[inline(always)]
    pub fn active(&self) -> bool {
        self.net.is_some()
    }

    /// The network in use, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }

    /// A new ply: a copy of the current frame on top.
    #[inline]
    pub fn push(&mut self) {
        if let Some(net) = &self.net {
            let width = 2 * net.hidden;
            let start = self.frames.len() - width;
            self.frames.extend_from_within(start..);
        }
    }

    /// Back to the previous ply.
    #[inline]
    pub fn pop(&mut self) {
        if let Some(net) = &self.net {
            // Never below the set-up frame, whatever an unbalanced caller does.
            let keep = (self.frames.len().saturating_sub(2 * net.hidden)).max(2 * net.hidden);
            self.frames.truncate(keep);
        }
    }

    /// The top frame's two views.
    #[inline]
    fn top(frames: &mut [i16], hidden: usize) -> (&mut [i16], &mut [i16]) {
        let start = frames.len() - 2 * hidden;
        frames[start..].split_at_mut(hidden)
    }

    /// A feature became active: `white` and `black` are its indices from each side's view.
    #[inline]
    pub fn add(&mut self, white: u32, black: u32) {
        if let Some(net) = &self.net {
            let (w, b) = Self::top(&mut self.frames, net.hidden);
            net.add(white, w);
            net.add(black, b);
        }
    }

    /// A feature became inactive.
    #[inline]
    pub fn remove(&mut self, white: u32, black: u32) {
        if let Some(net) = &self.net {
            let (w, b) = Self::top(&mut self.frames, net.hidden);
            net.remove(white, w);
            net.remove(black, b);
        }
    }

    /// The network's score for `side` to move, or `None` without a network. A network trained
    /// on top of the hand-written evaluation (`Network::on_hand`) adds its output to `hand()`.
    #[inline]
    pub fn evaluate(&self, side: Side, hand: impl FnOnce() -> Score) -> Option<Score> {
        let net = self.net.as_ref()?;
        let start = self.frames.len() - 2 * net.hidden;
        let (white, black) = self.frames[start..].split_at(net.hidden);
        let score = match side {
            Side::White => net.output(white, black),
            Side::Black => net.output(black, white),
        };
        Some(if net.on_hand {
            (score + hand()).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
        } else {
            score
        })
    }

    /// Whether the top frame equals a full refresh from `input` (debug builds check this).
    pub fn matches(&self, input: &NetInput) -> bool {
        let Some(net) = &self.net else {
            return true;
        };
        let fresh = Accumulators::new(Some(net.clone()), || input.clone());
        self.frames[self.frames.len() - 2 * net.hidden..] == fresh.frames[..]
    }
}
