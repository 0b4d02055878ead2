//! Learned evaluation: an efficiently updatable neural network (NNUE) in integers, shared by
//! every game and knowing none of them.
//!
//! The architecture is the small one a 2-core CPU trains in hours: each side's point of view has
//! an accumulator of `hidden` values, the bias plus one weight column per active input feature
//! ("feature transformer"); the side to move's accumulator and then the other's go through a
//! squared clipped ReLU into one output neuron. Inputs are sparse binary features that a game
//! defines (piece on square seen from one side, plus its extra state); because a move changes few
//! of them, a game keeps the accumulators in its position and adds and removes columns as it
//! makes and unmakes moves instead of recomputing them ([`Network::refresh`] is the full version
//! that debug builds compare against).
//!
//! Quantisation follows the common scheme of small NNUE engines: feature weights and biases are
//! scaled by [`QA`], output weights by [`QB`]; the activation `clamp(x, 0, QA)²` is divided by
//! `QA` once, so the output is `QA·QB` times the float network's, which [`SCALE`] turns into
//! centipawns. The trainer (`tuning train`) works in floats and quantises with [`Network::quantise`].

pub mod accumulator;
pub mod file;
pub mod registry;

pub use accumulator::Accumulators;

use crate::game::{Score, Side, MATE_BOUND};

/// Feature-transformer quantisation: float 1.0 is `QA`, the top of the clipped activation.
pub const QA: i32 = 255;
/// Output-layer quantisation: float 1.0 is `QB`.
pub const QB: i32 = 64;
/// Centipawns per unit of the float network's output.
pub const SCALE: i32 = 400;
/// The trainer clips float output weights to this, so that quantised they stay within
/// [`MAX_OUTPUT_WEIGHT`]: `1.98 · QB < 127`.
pub const OUTPUT_WEIGHT_LIMIT: f32 = 1.98;
/// The largest quantised output weight: what keeps the output's `i32` sums from overflowing
/// (`activated_dot`). Quantising clamps to it and a file with a larger one is refused.
pub const MAX_OUTPUT_WEIGHT: i16 = 127;
/// The widest hidden layer a file may declare (a bound for allocation, not a tuned size).
pub const MAX_HIDDEN: usize = 2048;

/// A position's network input, for the trainer and for full refreshes: the active features from
/// each side's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetInput {
    /// The name of the game's feature set; a net trained on another one does not load.
    pub feature_set: &'static str,
    /// How many input features the set has (indices are below it).
    pub features: usize,
    /// The side to move: its accumulator comes first.
    pub side: Side,
    /// Active features from White's (`[0]`) and Black's (`[1]`) point of view.
    pub active: [Vec<u32>; 2],
}

/// A quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub feature_set: String,
    pub features: usize,
    pub hidden: usize,
    /// `features × hidden`, one column of `hidden` values per feature.
    pub feature_weights: Vec<i16>,
    pub feature_bias: Vec<i16>,
    /// `2 × hidden`: for the side to move's accumulator, then the other side's.
    pub output_weights: Vec<i16>,
    pub output_bias: i32,
    /// Trained on top of the hand-written evaluation: the game's score is that evaluation plus
    /// the network's output (a correction), not the output alone. Small data sets teach a
    /// correction sooner than a whole evaluation (docs/nnue.md).
    pub on_hand: bool,
}

/// The float parameters the trainer fits, in the same layout as [`Network`].
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    pub feature_set: String,
    pub features: usize,
    pub hidden: usize,
    pub feature_weights: Vec<f32>,
    pub feature_bias: Vec<f32>,
    pub output_weights: Vec<f32>,
    pub output_bias: f32,
    /// See [`Network::on_hand`].
    pub on_hand: bool,
}

impl Network {
    /// The integer network closest to `net`; weights out of range are clipped.
    pub fn quantise(net: &FloatNetwork) -> Network {
        let q16 = |x: f32, scale: i32| (x * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        Network {
            feature_set: net.feature_set.clone(),
            features: net.features,
            hidden: net.hidden,
            feature_weights: net.feature_weights.iter().map(|&w| q16(w, QA)).collect(),
            feature_bias: net.feature_bias.iter().map(|&w| q16(w, QA)).collect(),
            output_weights: net
                .output_weights
                .iter()
                .map(|&w| q16(w, QB).clamp(-MAX_OUTPUT_WEIGHT, MAX_OUTPUT_WEIGHT))
                .collect(),
            output_bias: (net.output_bias * (QA * QB) as f32).round() as i32,
            on_hand: net.on_hand,
        }
    }

    /// The column of `feature`'s weights.
    #[inline]
    fn column(&self, feature: u32) -> &[i16] {
        let start = feature as usize * self.hidden;
        &self.feature_weights[start..start + self.hidden]
    }

    /// Sets `accumulator` (`hidden` values) to the bias plus every active feature's column.
    pub fn refresh(&self, active: &[u32], accumulator: &mut [i16]) {
        accumulator.copy_from_slice(&self.feature_bias);
        for &feature in active {
            self.add(feature, accumulator);
        }
    }

    /// Adds a feature that became active.
    #[inline]
    pub fn add(&self, feature: u32, accumulator: &mut [i16]) {
        for (a, &w) in accumulator.iter_mut().zip(self.column(feature)) {
            *a = a.wrapping_add(w);
        }
    }

    /// Removes a feature that is no longer active.
    #[inline]
    pub fn remove(&self, feature: u32, accumulator: &mut [i16]) {
        for (a, &w) in accumulator.iter_mut().zip(self.column(feature)) {
            *a = a.wrapping_sub(w);
        }
    }

    /// The score in centipawns for the side whose accumulator is `us`, kept clear of mate scores.
    pub fn output(&self, us: &[i16], them: &[i16]) -> Score {
        let (w_us, w_them) = self.output_weights.split_at(self.hidden);
        let sum = activated_dot(us, w_us) + activated_dot(them, w_them);
        let raw = (sum / QA as i64 + self.output_bias as i64) * SCALE as i64 / (QA * QB) as i64;
        raw.clamp(-(MATE_BOUND as i64 - 1), MATE_BOUND as i64 - 1) as Score
    }

    /// The score of `input` from its side to move's view, computed from scratch.
    pub fn evaluate(&self, input: &NetInput) -> Score {
        let mut acc = vec![0i16; 2 * self.hidden];
        let (white, black) = acc.split_at_mut(self.hidden);
        self.refresh(&input.active[0], white);
        self.refresh(&input.active[1], black);
        match input.side {
            Side::White => self.output(white, black),
            Side::Black => self.output(black, white),
        }
    }

    /// Whether this net reads `input`'s features.
    pub fn fits(&self, feature_set: &str, features: usize) -> bool {
        self.feature_set == feature_set && self.features == features
    }
}

/// Σ clamp(a, 0, QA)² · w. Summed in `i32` over blocks of 128: a term is at most
/// 255 · 255 · 127 (output weights are trained within ±1.98, so `|w| ≤ 127`), and 128 of them stay
/// below 2³¹; the blocks add up in `i64`. `v · w` fits `i16` arithmetic's range too, which lets the
/// compiler use 16-bit multiplies.
#[inline]
fn activated_dot(acc: &[i16], weights: &[i16]) -> i64 {
    acc.chunks(128)
        .zip(weights.chunks(128))
        .map(|(a, w)| {
            a.iter()
                .zip(w)
                .map(|(&a, &w)| {
                    let v = (a as i32).clamp(0, QA);
                    (v * w as i32) * v
                })
                .sum::<i32>() as i64
        })
        .sum()
}

impl FloatNetwork {
    /// The float output (in units of `SCALE` centipawns) of `input`: what the trainer fits.
    pub fn forward(&self, input: &NetInput) -> f32 {
        let h = self.hidden;
        let mut acc = [self.feature_bias.clone(), self.feature_bias.clone()];
        for (p, active) in input.active.iter().enumerate() {
            for &f in active {
                let column = &self.feature_weights[f as usize * h..(f as usize + 1) * h];
                for (a, w) in acc[p].iter_mut().zip(column) {
                    *a += w;
                }
            }
        }
        let (us, them) = match input.side {
            Side::White => (&acc[0], &acc[1]),
            Side::Black => (&acc[1], &acc[0]),
        };
        let screlu = |x: f32| {
            let c = x.clamp(0.0, 1.0);
            c * c
        };
        let mut out = self.output_bias;
        for i in 0..h {
            out += screlu(us[i]) * self.output_weights[i]
                + screlu(them[i]) * self.output_weights[h + i];
        }
        out
    }
}

#[cfg(test)]
pub(crate) mod tests;
