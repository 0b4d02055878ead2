//! `tune`: Texel (logistic) tuning of a game's weights against `datagen` data.
//!
//! Every position's evaluation is read once as weight counts (`Session::eval_trace`: the engine's
//! own evaluation code, run with a tracing accumulator), so the evaluation under any weights, and
//! its gradient, come from the counts alone. The predicted result of a position is
//! `sigmoid(K * eval)` with `sigmoid(x) = 1 / (1 + 10^(-x / 400))`; `K` is fitted first, with the
//! starting weights, then the weights minimise the mean squared error against the target (the
//! game's result, optionally blended with the search score's prediction) by full-batch Adam.
//! Every tenth game is held out as validation data; the weights with the best validation loss are
//! the ones written.

use crate::binary::read_any;
use crate::datagen::session_for;
use crate::scale::{golden_section_minimum, sigmoid};
use kaleido::eval::weight_file::{rewrite, WeightFile};
use kaleido::eval::{Pair, WeightSet};
use kaleido::game::Dialect;
use rayon::prelude::*;
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub struct TuneArgs {
    pub data: Vec<PathBuf>,
    /// Where to write the tuned weight file (none: only report).
    pub out: Option<PathBuf>,
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Share of the game result in the target; the rest is the search score's prediction.
    pub lambda: f64,
    /// Strength of the pull back to the starting weights: `l2 * sum(((w - start) / 100)^2)` is
    /// added to the training loss (0: none). With few games against many weights it keeps the
    /// fit from learning the games by heart.
    pub l2: f64,
    /// Groups (by name) whose weights stay as they are.
    pub freeze: Vec<String>,
    /// Use this K instead of fitting it.
    pub k: Option<f64>,
    /// The scale of the data's search scores in the target, `sigmoid(score_k * score)`: by
    /// default the evaluation's K. A teacher's centipawns are not ours (Stockfish's chess scores
    /// ran about 1.5 times larger than Kaleido's search scores on the README's sample), so its
    /// file needs its own K.
    pub score_k: ScoreK,
    /// Start from this weight file's values (same layout) instead of the built-in ones.
    pub start: Option<PathBuf>,
    /// Print the losses every this many epochs.
    pub report_every: usize,
}

/// How `tune` turns the data's scores into expected results.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum ScoreK {
    /// With the evaluation's K.
    #[default]
    Evaluation,
    /// With the K that best fits the scores to the game results on the training games (what
    /// `fit-scale` prints).
    Fit,
    Value(f64),
}

impl ScoreK {
    /// `fit` or a number.
    pub fn parse(text: &str) -> Result<ScoreK, String> {
        if text == "fit" {
            return Ok(ScoreK::Fit);
        }
        match text.parse::<f64>() {
            Ok(k) if k > 0.0 && k.is_finite() => Ok(ScoreK::Value(k)),
            _ => Err(format!("`{text}` is neither `fit` nor a positive number")),
        }
    }
}

/// One position: its counts (a range of `Dataset::counts`), phase share and targets.
struct Sample {
    start: u32,
    len: u32,
    /// Middlegame share of the blend.
    mg: f32,
    result: f32,
    score: f32,
}

/// Positions read as weight counts.
pub struct Dataset {
    pub weights: &'static WeightSet,
    /// `(element, count)`, White's view.
    counts: Vec<(u16, i16)>,
    train: Vec<Sample>,
    validation: Vec<Sample>,
    pub games: usize,
}

impl Dataset {
    pub fn train_len(&self) -> usize {
        self.train.len()
    }
    pub fn validation_len(&self) -> usize {
        self.validation.len()
    }
}

/// Validation games: every tenth, by game number (a game's positions stay together).
fn held_out(game: u64) -> bool {
    game % 10 == 9
}

pub fn load(paths: &[PathBuf]) -> Result<Dataset, String> {
    let mut weights: Option<&'static WeightSet> = None;
    let (mut counts, mut train, mut validation, mut games) =
        (Vec::new(), Vec::new(), Vec::new(), 0);
    for path in paths {
        // Text or binary: the scores may be a teacher's (`relabel`).
        let (header, records, done) = read_any(path)?;
        let mut session = session_for(&header.variant, &header.options)?;
        games += done;
        for r in &records {
            session
                .set_fen(&r.fen, Dialect::Uci)
                .map_err(|e| format!("{}: game {}: {e}", path.display(), r.game))?;
            let trace = session
                .eval_trace()
                .ok_or_else(|| format!("{} has no weight file to tune", header.variant))?;
            match weights {
                None => weights = Some(trace.weights),
                Some(w) if w.path != trace.weights.path => {
                    return Err(format!(
                        "{}: data for {} mixed with data for {}",
                        path.display(),
                        trace.weights.path,
                        w.path
                    ))
                }
                Some(_) => {}
            }
            let start = counts.len() as u32;
            for &(i, c) in &trace.counts {
                let count = i16::try_from(c).map_err(|_| format!("count {c} too large"))?;
                counts.push((i as u16, count));
            }
            let sample = Sample {
                start,
                len: counts.len() as u32 - start,
                mg: trace.phase.value as f32 / trace.phase.max as f32,
                result: r.result,
                score: r.score as f32,
            };
            if held_out(r.game) {
                validation.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    Ok(Dataset {
        weights: weights.ok_or("no positions in the data")?,
        counts,
        train,
        validation,
        games,
    })
}

/// The parameters: per element its middlegame and endgame parameter index (the same for an
/// element written with one value).
pub struct Params {
    pub values: Vec<f64>,
    index: Vec<[usize; 2]>,
    frozen: Vec<bool>,
}

impl Params {
    fn new(set: &WeightSet, freeze: &[String]) -> Result<Params, String> {
        let file = WeightFile::parse(set.source)?;
        for name in freeze {
            if file.group(name).is_none() {
                return Err(format!("no group '{name}' in {}", set.path));
            }
        }
        let mut p = Params {
            values: Vec::new(),
            index: Vec::new(),
            frozen: Vec::new(),
        };
        for g in &file.groups {
            let frozen = freeze.contains(&g.name);
            for (k, &[mg, eg]) in g.values.iter().enumerate() {
                let first = p.values.len();
                p.values.push(mg as f64);
                p.frozen.push(frozen);
                if g.tapered[k] {
                    p.values.push(eg as f64);
                    p.frozen.push(frozen);
                    p.index.push([first, first + 1]);
                } else {
                    p.index.push([first, first]);
                }
            }
        }
        Ok(p)
    }

    fn set(&mut self, values: &[Pair]) {
        for (&[m, e], &[mg, eg]) in self.index.iter().zip(values) {
            self.values[m] = mg as f64;
            self.values[e] = eg as f64;
        }
    }

    /// Element values, rounded to integers.
    pub fn rounded(&self) -> Vec<Pair> {
        self.index
            .iter()
            .map(|&[m, e]| [self.values[m].round() as i32, self.values[e].round() as i32])
            .collect()
    }

    fn rounded_params(&self) -> Params {
        Params {
            values: self.values.iter().map(|v| v.round()).collect(),
            index: self.index.clone(),
            frozen: self.frozen.clone(),
        }
    }

    fn eval(&self, set: &Dataset, s: &Sample) -> f64 {
        let (mg, eg) = (s.mg as f64, 1.0 - s.mg as f64);
        set.counts[s.start as usize..(s.start + s.len) as usize]
            .iter()
            .map(|&(i, c)| {
                let [m, e] = self.index[i as usize];
                c as f64 * (mg * self.values[m] + eg * self.values[e])
            })
            .sum()
    }
}

/// What a position's prediction is measured against: `lambda` of the game result, the rest the
/// data's score read with its scale `score_k`.
#[derive(Clone, Copy)]
struct Target {
    lambda: f64,
    score_k: f64,
}

impl Target {
    fn of(self, s: &Sample) -> f64 {
        self.lambda * s.result as f64 + (1.0 - self.lambda) * sigmoid(self.score_k, s.score as f64)
    }
}

/// Mean squared error of the predictions.
fn loss(set: &Dataset, samples: &[Sample], p: &Params, k: f64, target: Target) -> f64 {
    let sum: f64 = samples
        .par_iter()
        .map(|s| (sigmoid(k, p.eval(set, s)) - target.of(s)).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The loss and its gradient on the training positions.
fn gradient(set: &Dataset, p: &Params, k: f64, target: Target) -> (f64, Vec<f64>) {
    let n = p.values.len();
    let (sum, grad) = set
        .train
        .par_chunks(4096)
        .map(|chunk| {
            let mut grad = vec![0.0; n];
            let mut sum = 0.0;
            for s in chunk {
                let q = sigmoid(k, p.eval(set, s));
                let error = q - target.of(s);
                sum += error * error;
                let slope = 2.0 * error * q * (1.0 - q) * k * std::f64::consts::LN_10 / 400.0;
                let (mg, eg) = (s.mg as f64 * slope, (1.0 - s.mg as f64) * slope);
                for &(i, c) in &set.counts[s.start as usize..(s.start + s.len) as usize] {
                    let [m, e] = p.index[i as usize];
                    grad[m] += c as f64 * mg;
                    grad[e] += c as f64 * eg;
                }
            }
            (sum, grad)
        })
        .reduce(
            || (0.0, vec![0.0; n]),
            |(s1, mut g1), (s2, g2)| {
                g1.iter_mut().zip(g2).for_each(|(a, b)| *a += b);
                (s1 + s2, g1)
            },
        );
    let scale = 1.0 / set.train.len().max(1) as f64;
    (sum * scale, grad.into_iter().map(|g| g * scale).collect())
}

/// The K that fits the game results best under `p` (golden-section search).
fn fit_k(set: &Dataset, p: &Params) -> f64 {
    let results = Target {
        lambda: 1.0,
        score_k: 1.0,
    };
    fit_scale(|k| loss(set, &set.train, p, k, results))
}

/// The K that makes the data's scores predict the game results best: `fit-scale`'s fit.
fn fit_score_k(set: &Dataset) -> f64 {
    let pairs: Vec<(f64, f64)> = (set.train.iter())
        .map(|s| (s.score as f64, s.result as f64))
        .collect();
    crate::scale::fit(&pairs)
}

/// The K in `[0.05, 5]` that minimises `f(K)`, a loss of predictions `sigmoid(K * x)`, by
/// golden-section search: how `tune` fits its K, and how `train` fits the scales it needs.
pub fn fit_scale(f: impl Fn(f64) -> f64) -> f64 {
    golden_section_minimum(f, 0.05, 5.0, 1e-4)
}

/// What a run measured.
#[derive(Clone, Debug)]
pub struct Report {
    pub train_positions: usize,
    pub validation_positions: usize,
    pub games: usize,
    pub k: f64,
    /// The scale the data's scores were read with.
    pub score_k: f64,
    pub train_before: f64,
    pub validation_before: f64,
    /// After rounding the tuned weights to integers (what the written file holds).
    pub train_after: f64,
    pub validation_after: f64,
    pub best_epoch: usize,
    pub values: Vec<Pair>,
}

pub fn tune(set: &Dataset, args: &TuneArgs) -> Result<Report, String> {
    let mut p = Params::new(set.weights, &args.freeze)?;
    if p.index.len() != set.weights.values.len() {
        return Err("the weight file and the built-in weights differ in size".into());
    }
    if let Some(path) = &args.start {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let start = WeightFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let built_in = WeightFile::parse(set.weights.source)?;
        let shape = |f: &WeightFile| -> Vec<(String, usize)> {
            f.groups.iter().map(|g| (g.name.clone(), g.len())).collect()
        };
        if shape(&start) != shape(&built_in) || start.tapered() != built_in.tapered() {
            return Err(format!(
                "{} does not have the layout of {}",
                path.display(),
                set.weights.path
            ));
        }
        p.set(&start.values());
    }
    let k = match args.k {
        Some(k) => k,
        None => fit_k(set, &p),
    };
    let score_k = match args.score_k {
        ScoreK::Evaluation => k,
        ScoreK::Fit => fit_score_k(set),
        ScoreK::Value(v) => v,
    };
    let target = Target {
        lambda: args.lambda,
        score_k,
    };
    let train_before = loss(set, &set.train, &p, k, target);
    let validation_before = loss(set, &set.validation, &p, k, target);
    eprintln!(
        "tune {}: {} training and {} validation positions from {} games; K = {k:.4}",
        set.weights.path,
        set.train.len(),
        set.validation.len(),
        set.games
    );
    eprintln!("epoch 0: training {train_before:.6} validation {validation_before:.6}");
    let n = p.values.len();
    let prior = p.values.clone();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let mut best = (validation_before, 0usize, p.values.clone());
    for epoch in 1..=args.epochs {
        let (train, mut grad) = gradient(set, &p, k, target);
        for i in 0..n {
            if p.frozen[i] {
                continue;
            }
            grad[i] += 2.0 * args.l2 * (p.values[i] - prior[i]) / 1e4;
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - beta1.powi(epoch as i32));
            let vh = v[i] / (1.0 - beta2.powi(epoch as i32));
            p.values[i] -= args.rate * mh / (vh.sqrt() + 1e-12);
        }
        if epoch % args.report_every.max(1) == 0 || epoch == args.epochs {
            let validation = loss(set, &set.validation, &p, k, target);
            eprintln!("epoch {epoch}: training {train:.6} validation {validation:.6}");
            if validation < best.0 || set.validation.is_empty() {
                best = (validation, epoch, p.values.clone());
            }
        }
    }
    p.values = best.2;
    let p = p.rounded_params();
    let report = Report {
        train_positions: set.train.len(),
        validation_positions: set.validation.len(),
        games: set.games,
        k,
        score_k,
        train_before,
        validation_before,
        train_after: loss(set, &set.train, &p, k, target),
        validation_after: loss(set, &set.validation, &p, k, target),
        best_epoch: best.1,
        values: p.rounded(),
    };
    if let Some(out) = &args.out {
        let text = rewrite(set.weights.source, &report.values)?;
        std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    Ok(report)
}
