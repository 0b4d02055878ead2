//! `fit-scale`: the scale of a data file's scores, fitted to its game results, for the trainer
//! to turn a teacher's centipawns into a win probability (no scale is written into the code:
//! engines count centipawns differently, and a deeper search of ours differs from a shallow one).
//!
//! The model is `tune`'s: `p = sigmoid(K * s) = 1 / (1 + 10^(-K * s / 400))` with `s` the score
//! from White's view and `p` White's expected result (1, 0.5, 0). `K` minimises the mean squared
//! error (least squares, as `tune` fits its `K`) on the training games (game numbers not
//! ending in 9, as `tune` splits them), by golden-section search; the held-out games give the
//! validation loss. The log-loss (cross-entropy, natural log) is printed too.

use crate::binary::read_any;
use crate::data::{Header, Shard};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;

/// White's expected result from a score, under scale `k`.
pub fn sigmoid(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// (score, result) pairs.
pub type Pairs = [(f64, f64)];

pub fn mse(pairs: &Pairs, k: f64) -> f64 {
    let sum: f64 = pairs
        .iter()
        .map(|&(s, r)| (sigmoid(k, s) - r).powi(2))
        .sum();
    sum / pairs.len().max(1) as f64
}

pub fn log_loss(pairs: &Pairs, k: f64) -> f64 {
    let sum: f64 = pairs
        .iter()
        .map(|&(s, r)| {
            let p = sigmoid(k, s).clamp(1e-12, 1.0 - 1e-12);
            -(r * p.ln() + (1.0 - r) * (1.0 - p).ln())
        })
        .sum();
    sum / pairs.len().max(1) as f64
}

/// The `K` of least squared error, by golden-section search on [0.01, 10] (the loss in `K` has
/// one minimum there for any data where higher scores win more often).
pub fn fit(pairs: &Pairs) -> f64 {
    golden_section_minimum(|k| mse(pairs, k), 0.01, 10.0, 1e-5)
}

/// The `x` in `[lo, hi]` that minimises `f`, which has one minimum there, by golden-section
/// search until the bracket is `tolerance` wide: how `fit` and `tune` fit their scales.
pub fn golden_section_minimum(f: impl Fn(f64) -> f64, lo: f64, hi: f64, tolerance: f64) -> f64 {
    let (mut a, mut b) = (lo, hi);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - ratio * (b - a), a + ratio * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    while b - a > tolerance {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + ratio * (b - a);
            fd = f(d);
        }
    }
    (a + b) / 2.0
}

/// One fit: `K` and the losses.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub k: f64,
    pub train: usize,
    pub validation: usize,
    pub mse_train: f64,
    pub mse_validation: f64,
    pub log_loss_train: f64,
    pub log_loss_validation: f64,
    /// The training games' mean result predicted for every position, for comparison.
    pub mse_constant_validation: f64,
}

/// Training and validation pairs of `(game, score, result)` positions.
fn split(positions: &[(u64, f64, f64)]) -> [Vec<(f64, f64)>; 2] {
    let (train, validation): (Vec<_>, Vec<_>) =
        positions.iter().partition(|(game, _, _)| game % 10 != 9);
    let pairs = |v: Vec<&(u64, f64, f64)>| v.into_iter().map(|&(_, s, r)| (s, r)).collect();
    [pairs(train), pairs(validation)]
}

pub fn fit_positions(positions: &[(u64, f64, f64)]) -> Result<Fit, String> {
    let [train, validation] = split(positions);
    if train.is_empty() {
        return Err("no training positions (games whose number does not end in 9)".into());
    }
    let k = fit(&train);
    let mean = train.iter().map(|&(_, r)| r).sum::<f64>() / train.len() as f64;
    let constant = validation
        .iter()
        .map(|&(_, r)| (mean - r).powi(2))
        .sum::<f64>()
        / validation.len().max(1) as f64;
    Ok(Fit {
        k,
        train: train.len(),
        validation: validation.len(),
        mse_train: mse(&train, k),
        mse_validation: mse(&validation, k),
        log_loss_train: log_loss(&train, k),
        log_loss_validation: log_loss(&validation, k),
        mse_constant_validation: constant,
    })
}

fn describe(fit: &Fit) -> String {
    // The same curve with a natural-log sigmoid: p = 1 / (1 + e^(-s / S)).
    let s = 400.0 / (fit.k * std::f64::consts::LN_10);
    let held_out = |v: f64| {
        if fit.validation == 0 {
            "none (no held-out game)".to_string()
        } else {
            format!("{v:.5}")
        }
    };
    format!(
        "  K {:.4} (p = 1/(1+10^(-K*s/400)); the same as 1/(1+e^(-s/S)) with S = {s:.1} cp)\n  \
         squared error: training {:.5} validation {} (a constant prediction: {})\n  \
         log-loss:      training {:.5} validation {}\n",
        fit.k,
        fit.mse_train,
        held_out(fit.mse_validation),
        held_out(fit.mse_constant_validation),
        fit.log_loss_train,
        held_out(fit.log_loss_validation)
    )
}

/// The data's settings without the shard: files of one run (and its shards) fit together.
fn group_of(h: &Header) -> Header {
    Header {
        shard: Shard::ALL,
        ..h.clone()
    }
}

/// What `tuning fit-scale` prints: a fit per set of scores (files of one header, shards
/// together), and, for two sets of the same games (a teacher's file and the datagen file it
/// relabelled), both fits again on the positions both hold.
pub fn run(paths: &[PathBuf]) -> Result<String, String> {
    /// Game, ply, FEN.
    type Position = (u64, u32, String);
    /// A set of scores: its header and (score, result) per position.
    type Group = (Header, BTreeMap<Position, (f64, f64)>);
    let mut groups: Vec<Group> = Vec::new();
    for path in paths {
        let (header, records, _) = read_any(path)?;
        let key = group_of(&header);
        let at = match groups.iter().position(|(h, _)| *h == key) {
            Some(i) => i,
            None => {
                groups.push((key, BTreeMap::new()));
                groups.len() - 1
            }
        };
        for r in records {
            groups[at].1.insert(
                (r.game, r.ply, r.fen),
                (f64::from(r.score), f64::from(r.result)),
            );
        }
    }
    let mut out = String::new();
    let list = |m: &BTreeMap<Position, (f64, f64)>| -> Vec<(u64, f64, f64)> {
        m.iter().map(|((g, _, _), &(s, r))| (*g, s, r)).collect()
    };
    let name = |h: &Header| match &h.teacher {
        Some(t) => format!("{} scored by {t}", h.variant),
        None => format!("{} scored by its datagen search ({})", h.variant, h.limit),
    };
    for (h, positions) in &groups {
        let fit = fit_positions(&list(positions))?;
        let _ = writeln!(
            out,
            "{}: {} training + {} validation positions",
            name(h),
            fit.train,
            fit.validation
        );
        out.push_str(&describe(&fit));
    }
    // The same games under two scorers: compare on the positions both kept (a teacher drops
    // the positions it scores as mates).
    for i in 0..groups.len() {
        for j in i + 1..groups.len() {
            let (a, b) = (&groups[i], &groups[j]);
            let same_games = Header {
                teacher: None,
                ..a.0.clone()
            } == Header {
                teacher: None,
                ..b.0.clone()
            };
            if !same_games {
                continue;
            }
            let common: Vec<&Position> = a.1.keys().filter(|p| b.1.contains_key(*p)).collect();
            let pick = |m: &BTreeMap<Position, (f64, f64)>| -> Vec<(u64, f64, f64)> {
                common
                    .iter()
                    .filter_map(|p| m.get(*p).map(|&(s, r)| (p.0, s, r)))
                    .collect()
            };
            let _ = writeln!(out, "on the {} positions both hold:", common.len());
            for (h, m) in [a, b] {
                let fit = fit_positions(&pick(m))?;
                let _ = writeln!(out, "{}:", name(h));
                out.push_str(&describe(&fit));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::Rng;

    /// Results drawn from a known curve: the fit finds its `K` back.
    #[test]
    fn the_fit_recovers_the_scale_results_were_drawn_with() {
        let mut rng = Rng::new(3);
        for true_k in [0.6, 1.3, 2.5] {
            let positions: Vec<(u64, f64, f64)> = (0..60_000)
                .map(|i| {
                    let s = rng.below(1601) as f64 - 800.0;
                    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                    let r = if u < sigmoid(true_k, s) { 1.0 } else { 0.0 };
                    (i / 30, s, r)
                })
                .collect();
            let fit = fit_positions(&positions).unwrap();
            assert!((fit.k - true_k).abs() < 0.05 * true_k, "{true_k}: {fit:?}");
            assert!(fit.mse_validation < fit.mse_constant_validation, "{fit:?}");
            assert!(fit.log_loss_train < std::f64::consts::LN_2, "{fit:?}");
            assert_eq!(fit.train + fit.validation, 60_000);
            assert_eq!(fit.validation, 6_000, "games ending in 9 are held out");
        }
    }

    #[test]
    fn losses_are_the_formulas() {
        // sigmoid(1, 400) = 1 / (1 + 1/10) = 10/11.
        assert!((sigmoid(1.0, 400.0) - 10.0 / 11.0).abs() < 1e-12);
        let pairs = [(400.0, 1.0), (0.0, 0.5)];
        let want = ((1.0 / 11.0f64).powi(2) + 0.0) / 2.0;
        assert!((mse(&pairs, 1.0) - want).abs() < 1e-12);
        let want = (-(10.0f64 / 11.0).ln() + 2f64.ln()) / 2.0;
        assert!((log_loss(&pairs, 1.0) - want).abs() < 1e-12);
    }
}
