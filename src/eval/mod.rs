//! Evaluation as named, tunable weights, shared by every game.
//!
//! Each game keeps its weights in a plain-text file (`src/variants/GAME/weights.txt`, format in
//! `weight_file`), which `build.rs` turns into constants: one offset per named group and a flat
//! `VALUES` table of `[middlegame, endgame]` pairs. A game writes its evaluation once, generic over
//! [`Terms`]: every term says "`count` times weight `index`". Scoring a position runs that code
//! with a [`Scorer`], which multiplies as it goes; the tuner runs the same code with a [`Tracer`],
//! which only lists the counts. The evaluation is therefore linear in its weights within each
//! phase, which is what Texel tuning needs: the gradient comes from the counts alone.

pub mod nnue;
pub mod weight_file;

use crate::game::{Score, Side};
pub use weight_file::Pair;

/// A game's weights as built into the engine.
#[derive(Debug)]
pub struct WeightSet {
    /// The weight file, relative to the crate root (`src/variants/chess/weights.txt`).
    pub path: &'static str,
    /// The file's text at build time (names, layout and comments, for the tuner).
    pub source: &'static str,
    /// Every element's value in file order.
    pub values: &'static [Pair],
}

/// Where an evaluation's terms go.
pub trait Terms {
    /// True when every term must be listed; false lets a game add sums it keeps incrementally
    /// (`add_sums`) instead of recounting the pieces they come from.
    const TRACING: bool;
    /// Adds `count` times the weight at `index`, from White's point of view (Black's terms
    /// count negative).
    fn add(&mut self, index: usize, count: i32);
    /// Adds already weighted sums (White's view), the incrementally kept equivalent of a run of
    /// `add` calls. Only called when `TRACING` is false.
    fn add_sums(&mut self, sums: Pair);
}

/// How far the game is from its endgame: `value / max` is the middlegame share of the blend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    pub value: i32,
    pub max: i32,
}

impl Phase {
    /// For a game without phases: always the middlegame value.
    pub const FLAT: Phase = Phase { value: 1, max: 1 };

    /// `value` clamped into `0..=max`.
    pub fn new(value: i32, max: i32) -> Phase {
        Phase {
            value: value.clamp(0, max),
            max: max.max(1),
        }
    }

    /// The blend of a middlegame and an endgame score.
    #[inline]
    pub fn taper(self, [mg, eg]: Pair) -> Score {
        (mg * self.value + eg * (self.max - self.value)) / self.max
    }
}

/// The scoring accumulator: weighted sums per phase.
pub struct Scorer {
    values: &'static [Pair],
    sums: Pair,
}

impl Scorer {
    pub fn new(values: &'static [Pair]) -> Scorer {
        Scorer {
            values,
            sums: [0, 0],
        }
    }
    /// The blended score from the side to move's point of view.
    #[inline]
    pub fn finish(&self, phase: Phase, side: Side) -> Score {
        let white = phase.taper(self.sums);
        if side == Side::White {
            white
        } else {
            -white
        }
    }
}

impl Terms for Scorer {
    const TRACING: bool = false;
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        let [mg, eg] = self.values[index];
        self.sums[0] += count * mg;
        self.sums[1] += count * eg;
    }
    #[inline(always)]
    fn add_sums(&mut self, [mg, eg]: Pair) {
        self.sums[0] += mg;
        self.sums[1] += eg;
    }
}

/// The tracing accumulator: the count of every weight.
#[derive(Default)]
pub struct Tracer {
    counts: Vec<(u32, i32)>,
}

impl Terms for Tracer {
    const TRACING: bool = true;
    fn add(&mut self, index: usize, count: i32) {
        if count != 0 {
            self.counts.push((index as u32, count));
        }
    }
    fn add_sums(&mut self, _sums: Pair) {
        unreachable!("a tracer lists every term")
    }
}

impl Tracer {
    /// The trace of a position: counts merged per weight.
    pub fn finish(mut self, weights: &'static WeightSet, phase: Phase, side: Side) -> EvalTrace {
        self.counts.sort_unstable_by_key(|&(i, _)| i);
        let mut counts: Vec<(u32, i32)> = Vec::with_capacity(self.counts.len());
        for (i, c) in self.counts {
            match counts.last_mut() {
                Some(last) if last.0 == i => last.1 += c,
                _ => counts.push((i, c)),
            }
        }
        counts.retain(|&(_, c)| c != 0);
        EvalTrace {
            weights,
            counts,
            phase,
            side,
        }
    }
}

/// A game whose evaluation the tuner can read as weight counts. Apart from `Rules` because only
/// the tuner (through `Session`) asks for it; the search only needs `Rules::evaluate`.
pub trait Traced {
    /// The hand-written evaluation (`Rules::evaluate` with networks off) as counts of the game's
    /// named weights: what the tuner fits. `None` for a game whose evaluation has no weight file.
    fn eval_trace(&self) -> Option<EvalTrace> {
        None
    }
    /// The position's input to the game's network (`nnue`): what the trainer fits. `None` for a
    /// game without a feature set.
    fn net_input(&self) -> Option<nnue::NetInput> {
        None
    }
}

/// A position's evaluation as counts of its game's weights (what the tuner fits).
#[derive(Clone, Debug)]
pub struct EvalTrace {
    pub weights: &'static WeightSet,
    /// `(weight index, count)`, White's view, sorted by index, no zero counts.
    pub counts: Vec<(u32, i32)>,
    pub phase: Phase,
    pub side: Side,
}

impl EvalTrace {
    /// White's score under `values` (file order), unrounded.
    pub fn white_score(&self, values: &[[f64; 2]]) -> f64 {
        let mg_share = self.phase.value as f64 / self.phase.max as f64;
        self.counts
            .iter()
            .map(|&(i, c)| {
                let [mg, eg] = values[i as usize];
                c as f64 * (mg * mg_share + eg * (1.0 - mg_share))
            })
            .sum()
    }

    /// The score the engine's evaluation gives under the built-in weights, recomputed from the
    /// counts (integer arithmetic, as `Scorer` does it), from the side to move's view.
    pub fn engine_score(&self) -> Score {
        let mut sums = [0, 0];
        for &(i, c) in &self.counts {
            let [mg, eg] = self.weights.values[i as usize];
            sums[0] += c * mg;
            sums[1] += c * eg;
        }
        let white = self.phase.taper(sums);
        if self.side == Side::White {
            white
        } else {
            -white
        }
    }
}

/// `+1` for White, `-1` for Black: the sign of a side's terms in White's view.
#[inline(always)]
pub fn sign(side: Side) -> i32 {
    1 - 2 * side.index() as i32
}
