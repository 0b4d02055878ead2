//! The accumulators a game keeps in its position: one frame per ply, each holding White's and
//! Black's view (`hidden` values each). `make` pushes a frame and the game reports the features
//! its move changed; `unmake` pops. Without a network every call is a no-op and the game
//! evaluates by hand.
//!
//! Updates are lazy: a new frame only records its feature changes, and [`Accumulators::update`]
//! computes the frames up to the top when the search is about to evaluate. Many positions are
//! made and never evaluated (moves pruned once they are seen to give no check, nodes cut by the
//! transposition table or answered by the evaluation cache), and they then cost no column
//! arithmetic at all; a computed frame is its parent plus its changes in one pass, with no
//! separate copy.

use super::{NetInput, Network};
use crate::game::{Score, Side, MATE_BOUND};
use std::sync::Arc;

/// A feature that became active (`add`) or inactive, by its index from each side's view.
#[derive(Clone, Copy, Debug)]
struct Change {
    white: u32,
    black: u32,
    add: bool,
}

#[derive(Clone, Default)]
pub struct Accumulators {
    net: Option<Arc<Network>>,
    /// Frames by ply, the set-up position's first: `2 × hidden` values each, White's view then
    /// Black's. It only grows (a frame above `depth` is scratch space kept for the next push).
    frames: Vec<i16>,
    /// The frame of the current position.
    depth: usize,
    /// Frames `0..computed` hold their position's values; the others (up to `depth`) are
    /// pending: their parent plus their changes. At least 1: the set-up frame is always computed.
    computed: usize,
    /// Where each frame's changes start in `changes` (frame 0 has none: entry 0 is 0).
    starts: Vec<usize>,
    /// The pending frames' changes, in order.
    changes: Vec<Change>,
}

impl Accumulators {
    /// Accumulators for `net` (or none), holding one frame refreshed from `input`.
    pub fn new(net: Option<Arc<Network>>, input: impl FnOnce() -> NetInput) -> Accumulators {
        let mut acc = Accumulators {
            net,
            frames: Vec::new(),
            depth: 0,
            computed: 1,
            starts: vec![0],
            changes: Vec::new(),
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

    /// A new ply: a frame of no changes yet on top.
    #[inline]
    pub fn push(&mut self) {
        if let Some(net) = &self.net {
            self.depth += 1;
            self.starts.push(self.changes.len());
            let needed = (self.depth + 1) * 2 * net.hidden;
            if self.frames.len() < needed {
                self.frames.resize(needed, 0);
            }
        }
    }

    /// Back to the previous ply.
    #[inline]
    pub fn pop(&mut self) {
        // Never below the set-up frame, whatever an unbalanced caller does.
        if self.net.is_some() && self.depth > 0 {
            if let Some(start) = self.starts.pop() {
                self.changes.truncate(start);
            }
            self.depth -= 1;
            self.computed = self.computed.min(self.depth + 1);
        }
    }

    /// Records a change to the top frame, or applies it there when that frame is already
    /// computed (a change made without a push, or after an update on the same ply).
    #[inline]
    fn change(&mut self, change: Change) {
        let Some(net) = &self.net else {
            return;
        };
        if self.computed > self.depth {
            let start = self.depth * 2 * net.hidden;
            apply_in_place(net, &mut self.frames[start..start + 2 * net.hidden], change);
        } else {
            self.changes.push(change);
        }
    }

    /// A feature became active: `white` and `black` are its indices from each side's view.
    #[inline]
    pub fn add(&mut self, white: u32, black: u32) {
        self.change(Change {
            white,
            black,
            add: true,
        });
    }

    /// A feature became inactive.
    #[inline]
    pub fn remove(&mut self, white: u32, black: u32) {
        self.change(Change {
            white,
            black,
            add: false,
        });
    }

    /// Computes the pending frames up to the current position's, so that `evaluate` reads it
    /// directly. The search calls it before it evaluates (`Rules::prepare_evaluation`).
    #[inline]
    pub fn update(&mut self) {
        let Some(net) = &self.net else {
            return;
        };
        let width = 2 * net.hidden;
        while self.computed <= self.depth {
            let frame = self.computed;
            let start = self.starts[frame];
            let end = self
                .starts
                .get(frame + 1)
                .copied()
                .unwrap_or(self.changes.len());
            let (below, above) = self.frames.split_at_mut(frame * width);
            apply(
                net,
                &below[(frame - 1) * width..],
                &mut above[..width],
                &self.changes[start..end],
            );
            self.computed += 1;
        }
    }

    /// The current position's two views: the top frame when it is computed, otherwise computed
    /// into `scratch` from the last computed frame (for callers outside the search, which do not
    /// `update`; the frames stay as they are).
    fn current<'a>(&'a self, net: &Network, scratch: &'a mut Vec<i16>) -> &'a [i16] {
        let width = 2 * net.hidden;
        if self.computed > self.depth {
            let start = self.depth * width;
            return &self.frames[start..start + width];
        }
        // The pending frames' changes follow one another in `changes`: replay them all on a
        // copy of the last computed frame.
        let from = (self.computed - 1) * width;
        scratch.clear();
        scratch.extend_from_slice(&self.frames[from..from + width]);
        for &change in &self.changes[self.starts[self.computed]..] {
            apply_in_place(net, scratch, change);
        }
        scratch
    }

    /// The network's score for `side` to move, or `None` without a network. A network trained
    /// on top of the hand-written evaluation (`Network::on_hand`) adds its output to `hand()`.
    #[inline]
    pub fn evaluate(&self, side: Side, hand: impl FnOnce() -> Score) -> Option<Score> {
        let net = self.net.as_ref()?;
        let mut scratch = Vec::new();
        let (white, black) = self.current(net, &mut scratch).split_at(net.hidden);
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

    /// Whether the current position's values equal a full refresh from `input` (debug builds
    /// check this).
    pub fn matches(&self, input: &NetInput) -> bool {
        let Some(net) = &self.net else {
            return true;
        };
        let fresh = Accumulators::new(Some(net.clone()), || input.clone());
        let mut scratch = Vec::new();
        self.current(net, &mut scratch) == &fresh.frames[..]
    }
}

/// `frame` (both views) = `parent` plus `changes`. The first two changes are folded into the
/// pass that copies the parent (a quiet move is one addition and one removal: a single pass per
/// view); a lone change and any beyond the first two are applied in place after the copy.
fn apply(net: &Network, parent: &[i16], frame: &mut [i16], changes: &[Change]) {
    let h = net.hidden;
    let (parent_white, parent_black) = parent.split_at(h);
    let (white, black) = frame.split_at_mut(h);
    for (view, (from, to)) in [(parent_white, white), (parent_black, black)]
        .into_iter()
        .enumerate()
    {
        let feature = |c: &Change| if view == 0 { c.white } else { c.black };
        match changes {
            [] | [_] => to.copy_from_slice(from),
            [a, b, ..] => {
                let (ca, cb) = (net.column(feature(a)), net.column(feature(b)));
                match (a.add, b.add) {
                    (true, false) => combine::<true, false>(from, ca, cb, to),
                    (false, true) => combine::<true, false>(from, cb, ca, to),
                    (true, true) => combine::<true, true>(from, ca, cb, to),
                    (false, false) => combine::<false, false>(from, ca, cb, to),
                }
            }
        }
    }
    let folded = if changes.len() >= 2 { 2 } else { 0 };
    for &change in &changes[folded..] {
        apply_in_place(net, frame, change);
    }
}

/// `frame` (both views) plus one change, in place.
#[inline]
fn apply_in_place(net: &Network, frame: &mut [i16], change: Change) {
    let (white, black) = frame.split_at_mut(net.hidden);
    if change.add {
        net.add(change.white, white);
        net.add(change.black, black);
    } else {
        net.remove(change.white, white);
        net.remove(change.black, black);
    }
}

/// `to = from ± a ± b` (`+` where `ADD_A`, `ADD_B`), in one pass the compiler vectorises.
#[inline]
fn combine<const ADD_A: bool, const ADD_B: bool>(
    from: &[i16],
    a: &[i16],
    b: &[i16],
    to: &mut [i16],
) {
    for (((t, &f), &x), &y) in to.iter_mut().zip(from).zip(a).zip(b) {
        let v = if ADD_A {
            f.wrapping_add(x)
        } else {
            f.wrapping_sub(x)
        };
        *t = if ADD_B {
            v.wrapping_add(y)
        } else {
            v.wrapping_sub(y)
        };
    }
}
