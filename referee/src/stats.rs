//! Match statistics: score, Elo difference with a 95% interval, likelihood of superiority, and the
//! sequential probability ratio test that stops a match once it is decided.
//!
//! Games counted one by one use the trinomial model (win/draw/loss per game), as cutechess does;
//! games played in pairs (one opening, colours swapped) use the pentanomial model (the pair's
//! score 0, 1/2, 1, 3/2 or 2), as fishtest and fastchess do: the two games of a pair are
//! correlated through their opening, which the trinomial model ignores. Both go through the same
//! interval and the same SPRT, over a score distribution (`Outcomes`).

use std::fmt;

/// Two-sided 95% quantile of the standard normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;

/// Wins, losses and draws of one side of a pairing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Mean score per game in [0, 1]; `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    /// The same games seen from the other side.
    pub fn flipped(&self) -> Tally {
        Tally {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
        }
    }

    pub fn add(&mut self, other: &Tally) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
    }

    pub fn draw_rate(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.draws as f64 / n as f64)
    }

    /// The games as a score distribution: one game a unit.
    pub fn outcomes(&self) -> Outcomes {
        Outcomes {
            classes: vec![(1.0, self.wins), (0.5, self.draws), (0.0, self.losses)],
            games_per_unit: 1.0,
        }
    }
}

/// Pentanomial counts of game pairs: `counts[k]` pairs scored `k / 2` points of 2 (0, 1/2, 1,
/// 3/2, 2) by the side they are counted for. Printed as fastchess and fishtest do, `Ptnml(0-2)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Penta {
    pub counts: [u32; 5],
}

impl Penta {
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Counts a pair by its points in half points (0..=4: two losses .. two wins).
    pub fn add_pair(&mut self, half_points: usize) {
        self.counts[half_points.min(4)] += 1;
    }

    pub fn add(&mut self, other: &Penta) {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts) {
            *mine += theirs;
        }
    }

    /// The pairs as a score distribution: a pair's score is its mean per game (0, 1/4, ... 1).
    pub fn outcomes(&self) -> Outcomes {
        Outcomes {
            classes: (0..5).map(|k| (k as f64 / 4.0, self.counts[k])).collect(),
            games_per_unit: 2.0,
        }
    }
}

impl fmt::Display for Penta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.counts;
        write!(f, "[{}, {}, {}, {}, {}]", c[0], c[1], c[2], c[3], c[4])
    }
}

/// Independent units (games, or pairs of games) by their mean score per game, with counts: what
/// the interval and the SPRT are computed from, whichever model counted them.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcomes {
    /// (score per game in [0, 1], how many units scored it).
    pub classes: Vec<(f64, u32)>,
    /// Games in one unit: 1 (trinomial) or 2 (pentanomial).
    pub games_per_unit: f64,
}

impl Outcomes {
    fn units(&self) -> u32 {
        self.classes.iter().map(|&(_, n)| n).sum()
    }

    /// Mean score and the variance of one unit's score around it, with counts as given.
    fn moments(classes: &[(f64, f64)]) -> (f64, f64, f64) {
        let n: f64 = classes.iter().map(|&(_, c)| c).sum();
        let mean = classes.iter().map(|&(x, c)| x * c).sum::<f64>() / n;
        let var = classes
            .iter()
            .map(|&(x, c)| c * (x - mean).powi(2))
            .sum::<f64>()
            / n;
        (n, mean, var)
    }
}

/// Logistic Elo difference that predicts the mean score `s`; infinite at 0 and 1.
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns -0.0 (an even score) into 0.0 for printing.
        -400.0 * (1.0 / s - 1.0).log10() + 0.0
    }
}

/// The expected score of a player `elo` points stronger (the logistic model).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

impl EloEstimate {
    /// Half the interval's width, the `+/-` cutechess prints.
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.elo.is_finite() && self.margin().is_finite() {
            write!(f, "{:+.1} +/- {:.1}", self.elo, self.margin())
        } else if self.elo.is_finite() {
            write!(f, "{:+.1} +/- inf", self.elo)
        } else if self.elo > 0.0 {
            write!(f, "+inf")
        } else {
            write!(f, "-inf")
        }
    }
}

/// Elo difference and 95% interval from the normal approximation of the mean score (trinomial).
pub fn elo_estimate(t: &Tally) -> Option<EloEstimate> {
    elo_interval(&t.outcomes())
}

/// The same from game pairs (pentanomial): the interval uses the variance of the pairs' scores.
pub fn elo_estimate_pairs(p: &Penta) -> Option<EloEstimate> {
    elo_interval(&p.outcomes())
}

/// Elo and 95% interval of a score distribution: mean score s, s +/- z * sd / sqrt(units).
fn elo_interval(o: &Outcomes) -> Option<EloEstimate> {
    if o.units() == 0 {
        return None;
    }
    let counted: Vec<(f64, f64)> = o.classes.iter().map(|&(x, c)| (x, c as f64)).collect();
    let (n, s, var) = Outcomes::moments(&counted);
    let deviation = Z_95 * (var / n).sqrt();
    Some(EloEstimate {
        elo: elo_from_score(s),
        low: elo_from_score(s - deviation),
        high: elo_from_score(s + deviation),
    })
}

/// Likelihood of superiority: the probability that the side is really the stronger one, from wins
/// and losses only (draws carry no information about which side is better).
pub fn los(t: &Tally) -> f64 {
    let decisive = (t.wins + t.losses) as f64;
    if decisive == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((t.wins as f64 - t.losses as f64) / (2.0 * decisive).sqrt()))
}

/// The error function, from the complementary error function's Chebyshev fit in Numerical
/// Recipes (fractional error below 1.2e-7 everywhere): std has no `erf`.
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}

/// How SPRT's elo0/elo1 are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EloModel {
    /// Logistic Elo: the expected score is 1 / (1 + 10^(-elo/400)).
    Logistic,
    /// Normalised Elo (fishtest, fastchess): Elo scaled by the observed per-game standard deviation,
    /// so the bounds mean the same thing whatever the draw rate.
    Normalized,
}

/// A generalised SPRT (Van den Bergh's GSPRT approximation, as fishtest and fastchess use it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: EloModel,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 accepted: the difference is at most elo0.
    H0,
    /// H1 accepted: the difference is at least elo1.
    H1,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub decision: Option<SprtDecision>,
}

impl fmt::Display for SprtStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Rounded first, so that a slightly negative LLR prints as 0.00 rather than -0.00.
        let llr = (self.llr * 100.0).round() / 100.0 + 0.0;
        write!(f, "LLR {llr:.2} ({:.2}, {:.2})", self.lower, self.upper)?;
        match self.decision {
            Some(SprtDecision::H0) => write!(f, " - H0 accepted"),
            Some(SprtDecision::H1) => write!(f, " - H1 accepted"),
            None => Ok(()),
        }
    }
}

impl Sprt {
    /// Reads `elo0=A elo1=B alpha=X beta=Y [model=normalized|logistic]` (whitespace-separated
    /// tokens; alpha and beta default to 0.05, the model to normalized).
    pub fn parse(tokens: &[String]) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Normalized,
        };
        for token in tokens.iter().flat_map(|t| t.split_whitespace()) {
            let (key, value) = token
                .split_once('=')
                .ok_or_else(|| format!("--sprt: expected KEY=VALUE, not '{token}'"))?;
            let number = || {
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("--sprt: {key} needs a number, not '{value}'"))
            };
            match key.to_ascii_lowercase().as_str() {
                "elo0" => sprt.elo0 = number()?,
                "elo1" => sprt.elo1 = number()?,
                "alpha" => sprt.alpha = number()?,
                "beta" => sprt.beta = number()?,
                "model" => {
                    sprt.model = match value.to_ascii_lowercase().as_str() {
                        "normalized" | "normalised" => EloModel::Normalized,
                        "logistic" => EloModel::Logistic,
                        _ => return Err(format!("--sprt: unknown model '{value}'")),
                    }
                }
                _ => return Err(format!("--sprt: unknown key '{key}'")),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt needs elo0=A and elo1=B".into());
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err("--sprt needs elo0 < elo1".into());
        }
        for (name, p) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("--sprt: {name} must be in (0, 0.5)"));
            }
        }
        Ok(sprt)
    }

    /// Wald's stopping bounds on the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio of H1 against H0 for the first side's games counted one by one.
    pub fn llr(&self, t: &Tally) -> f64 {
        self.llr_of(&t.outcomes())
    }

    /// The same for game pairs (the pentanomial model).
    pub fn llr_pairs(&self, p: &Penta) -> f64 {
        self.llr_of(&p.outcomes())
    }

    /// `N (s1 - s0) (2 s - s0 - s1) / (2 var)` over N units (games or pairs), with s the mean
    /// score per game and var the variance of one unit's score. Normalised Elo scales by the
    /// per-game deviation, which for a pair is sqrt(2 var) (fastchess's neloToScorePenta).
    /// (0 before the first unit.)
    pub fn llr_of(&self, o: &Outcomes) -> f64 {
        if o.units() == 0 {
            return 0.0;
        }
        // An outcome that has not happened yet counts as half a unit: without it a perfect score
        // has zero variance and could never be decided (fastchess regularises the same way).
        let counted: Vec<(f64, f64)> = o
            .classes
            .iter()
            .map(|&(x, c)| (x, if c == 0 { 0.5 } else { c as f64 }))
            .collect();
        let (n, s, var) = Outcomes::moments(&counted);
        let (s0, s1) = match self.model {
            EloModel::Logistic => (score_from_elo(self.elo0), score_from_elo(self.elo1)),
            EloModel::Normalized => {
                let scale = (o.games_per_unit * var).sqrt() * std::f64::consts::LN_10 / 800.0;
                (0.5 + self.elo0 * scale, 0.5 + self.elo1 * scale)
            }
        };
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    pub fn status(&self, t: &Tally) -> SprtStatus {
        self.status_of(&t.outcomes())
    }

    /// The status for a score distribution (games or pairs).
    pub fn status_of(&self, o: &Outcomes) -> SprtStatus {
        let llr = self.llr_of(o);
        let (lower, upper) = self.bounds();
        let decision = if llr >= upper {
            Some(SprtDecision::H1)
        } else if llr <= lower {
            Some(SprtDecision::H0)
        } else {
            None
        };
        SprtStatus {
            llr,
            lower,
            upper,
            decision,
        }
    }

    /// The status after another game: a test that has crossed a bound is decided, and games
    /// still in flight when the match stops do not reopen it.
    pub fn update(&self, previous: Option<SprtStatus>, o: &Outcomes) -> SprtStatus {
        match previous {
            Some(decided) if decided.decision.is_some() => decided,
            _ => self.status_of(o),
        }
    }

    /// The arguments that give this test back (`--sprt` tokens): how a results file records it.
    pub fn tokens(&self) -> String {
        let model = match self.model {
            EloModel::Logistic => "logistic",
            EloModel::Normalized => "normalized",
        };
        format!(
            "elo0={} elo1={} alpha={} beta={} model={model}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, losses: u32, draws: u32) -> Tally {
        Tally {
            wins,
            losses,
            draws,
        }
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn erf_matches_published_values() {
        // Abramowitz & Stegun, table 7.1.
        assert!(close(erf(0.5), 0.520_499_877_8, 2e-7));
        assert!(close(erf(1.0), 0.842_700_792_9, 2e-7));
        assert!(close(erf(2.0), 0.995_322_265_0, 2e-7));
        assert!(close(erf(-1.0), -0.842_700_792_9, 2e-7));
        assert!(close(erf(0.0), 0.0, 2e-7));
    }

    #[test]
    fn elo_of_known_scores() {
        // 75% is 3:1 odds: -400 log10(1/3) = 190.849 (hand computation).
        assert!(close(elo_from_score(0.75), 190.849, 1e-3));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        // 64% is the textbook "100 Elo" score: 1/(1+10^-0.25) = 0.640065.
        assert!(close(score_from_elo(100.0), 0.640_065, 1e-6));
        assert!(close(elo_from_score(0.640_065), 100.0, 1e-3));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
    }

    #[test]
    fn elo_interval_by_hand() {
        // 60 wins 40 losses: s = 0.6, var = 0.24, sd of the mean = sqrt(0.0024) = 0.0489898;
        // s +/- 1.959964 * 0.0489898 = 0.6 +/- 0.0960181 -> 0.5039819 .. 0.6960181
        // -> Elo 70.437 in [2.767, 143.909] (computed by hand with a calculator).
        let e = elo_estimate(&tally(60, 40, 0)).unwrap();
        assert!(close(e.elo, 70.437, 1e-3), "{e:?}");
        assert!(close(e.low, 2.767, 2e-3), "{e:?}");
        assert!(close(e.high, 143.909, 2e-3), "{e:?}");
        // An even score is 0 Elo with a symmetric interval.
        let even = elo_estimate(&tally(10, 10, 30)).unwrap();
        assert!(close(even.elo, 0.0, 1e-9));
        assert!(close(even.low, -even.high, 1e-9));
        assert!(elo_estimate(&Tally::default()).is_none());
    }

    #[test]
    fn los_is_the_normal_cdf_of_the_win_surplus() {
        // (60-40)/sqrt(100) = 2 standard deviations: Phi(2) = 0.977250 (normal table).
        assert!(close(los(&tally(60, 40, 25)), 0.977_250, 1e-6));
        // One standard deviation: Phi(1) = 0.841345.
        assert!(close(los(&tally(55, 45, 0)), 0.841_345, 1e-6));
        assert!(close(los(&tally(3, 3, 10)), 0.5, 1e-7));
        assert!(close(los(&tally(0, 0, 10)), 0.5, 1e-12));
    }

    #[test]
    fn sprt_bounds_are_walds() {
        let sprt = Sprt::parse(&["elo0=0 elo1=10 alpha=0.05 beta=0.05".to_string()]).unwrap();
        let (lower, upper) = sprt.bounds();
        // ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = 2.944439.
        assert!(close(lower, -2.944_439, 1e-6));
        assert!(close(upper, 2.944_439, 1e-6));
    }

    #[test]
    fn sprt_llr_by_hand() {
        // 100 wins, 80 losses, 120 draws: N = 300, s = 160/300 = 0.533333,
        // var = (100*0.466667^2 + 120*0.033333^2 + 80*0.533333^2)/300 = 0.148889.
        let t = tally(100, 80, 120);
        // Logistic, elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1/(1+10^-0.025) = 0.514387;
        // LLR = 300 * 0.014387 * (1.066667 - 0.5 - 0.514387) / (2 * 0.148889) = 0.7578 (by hand).
        let logistic = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Logistic,
        };
        assert!(
            close(logistic.llr(&t), 0.7578, 1e-3),
            "{}",
            logistic.llr(&t)
        );
        // Normalised, nelo1 = 10: s1 = 0.5 + 10 * sqrt(0.148889) * ln(10)/800 = 0.511106;
        // LLR = 300 * 0.011106 * (1.066667 - 0.5 - 0.511106) / (2 * 0.148889) = 0.6217 (by hand).
        let normalized = Sprt {
            model: EloModel::Normalized,
            ..logistic
        };
        assert!(
            close(normalized.llr(&t), 0.6217, 1e-3),
            "{}",
            normalized.llr(&t)
        );
        assert_eq!(normalized.status(&t).decision, None);
    }

    #[test]
    fn sprt_decides_both_ways() {
        let sprt = Sprt::parse(&[
            "elo0=0".to_string(),
            "elo1=10".to_string(),
            "model=logistic".to_string(),
        ])
        .unwrap();
        assert_eq!(
            sprt.status(&tally(700, 500, 800)).decision,
            Some(SprtDecision::H1)
        );
        assert_eq!(
            sprt.status(&tally(500, 700, 800)).decision,
            Some(SprtDecision::H0)
        );
        assert_eq!(sprt.llr(&tally(0, 0, 0)), 0.0);
        // A perfect score is decided after a handful of games, thanks to the regularisation:
        // 10 wins count as 10 / 0.5 / 0.5 -> s = 10.25/11, var = 0.05217, LLR = 1.288 (by hand).
        let perfect = sprt.llr(&tally(10, 0, 0));
        assert!(close(perfect, 1.288, 1e-3), "{perfect}");
        assert!(Sprt::parse(&["elo0=5 elo1=0".to_string()]).is_err());
        assert!(Sprt::parse(&["elo0=0".to_string()]).is_err());
        assert!(Sprt::parse(&["elo0=0 elo1=5 alpha=2".to_string()]).is_err());
    }

    #[test]
    fn a_decided_test_stays_decided() {
        let sprt = Sprt::parse(&["elo0=0 elo1=50".to_string()]).expect("valid");
        let won = tally(30, 0, 0);
        let decided = sprt.update(None, &won.outcomes());
        assert_eq!(decided.decision, Some(SprtDecision::H1));
        // A game still in flight ends in a loss: by itself that tally is undecided...
        let after = tally(30, 12, 0);
        assert_eq!(sprt.status(&after).decision, None);
        // ...but the verdict already reached stands.
        assert_eq!(sprt.update(Some(decided), &after.outcomes()), decided);
    }

    #[test]
    fn pentanomial_elo_matches_published_fastchess_figures() {
        // fastchess reports (Zeno engine README): "Elo: 19.83 +/- 6.77" for
        // Ptnml(0-2): [352, 579, 1264, 743, 464] (6804 games), and "Elo: 72.85 +/- 22.33" for
        // [1, 10, 78, 48, 13] (300 games, a Stockfish build's README).
        let zeno = Penta {
            counts: [352, 579, 1264, 743, 464],
        };
        let e = elo_estimate_pairs(&zeno).unwrap();
        assert!(
            close(e.elo, 19.83, 0.005) && close(e.margin(), 6.77, 0.005),
            "{e:?}"
        );
        let sf = Penta {
            counts: [1, 10, 78, 48, 13],
        };
        let e = elo_estimate_pairs(&sf).unwrap();
        assert!(
            close(e.elo, 72.85, 0.005) && close(e.margin(), 22.33, 0.005),
            "{e:?}"
        );
        // The same games counted one by one (W 2718 L 2330 D 1756) give the same Elo with the
        // wider trinomial interval: pairing is what narrows it.
        let trinomial = elo_estimate(&tally(2718, 2330, 1756)).unwrap();
        assert!(close(trinomial.elo, 19.834, 1e-3), "{trinomial:?}");
        assert!(close(trinomial.margin(), 7.119, 2e-3), "{trinomial:?}");
        assert_eq!(zeno.pairs(), 3402);
        assert_eq!(zeno.to_string(), "[352, 579, 1264, 743, 464]");
    }

    #[test]
    fn pentanomial_llr_by_hand_and_against_fastchess() {
        // By hand: Ptnml [5, 10, 20, 10, 5], 50 pairs, pair scores 0, 1/4, 1/2, 3/4, 1 per game:
        // s = 0.5, var = (5*0.25 + 10*0.0625 + 0 + 10*0.0625 + 5*0.25)/50 = 0.075.
        // Normalised elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 0.5 + 10 * sqrt(2 * 0.075) * ln(10)/800
        // = 0.5 + 10 * 0.387298 * 0.00287823 = 0.5111474;
        // LLR = 50 * 0.0111474 * (1 - 0.5 - 0.5111474) / (2 * 0.075) = -0.041421.
        let sprt = Sprt::parse(&["elo0=0 elo1=10".to_string()]).unwrap();
        let even = Penta {
            counts: [5, 10, 20, 10, 5],
        };
        assert!(
            close(sprt.llr_pairs(&even), -0.041_421, 1e-5),
            "{}",
            sprt.llr_pairs(&even)
        );
        // Logistic: s1 = 1/(1+10^-0.025) = 0.514387, the same formula:
        // 50 * 0.014387 * (-0.014387) / 0.15 = -0.068996.
        let logistic = Sprt {
            model: EloModel::Logistic,
            ..sprt
        };
        assert!(
            close(logistic.llr_pairs(&even), -0.068_996, 1e-5),
            "{}",
            logistic.llr_pairs(&even)
        );
        // Published: fastchess stopped the Zeno test above, SPRT [9, 16] normalised with alpha =
        // beta = 0.01, at "LLR: 4.60 (-4.60, 4.60)". fastchess computes the exact maximum-
        // likelihood LLR; this is its first-order form (Van den Bergh), here 4.636: within 1%.
        let zeno = Sprt::parse(&["elo0=9 elo1=16 alpha=0.01 beta=0.01".to_string()]).unwrap();
        let counts = Penta {
            counts: [352, 579, 1264, 743, 464],
        };
        let llr = zeno.llr_pairs(&counts);
        assert!(close(llr, 4.60, 0.05), "{llr}");
        assert!(close(zeno.bounds().1, 4.595, 1e-3));
        assert_eq!(
            zeno.status_of(&counts.outcomes()).decision,
            Some(SprtDecision::H1)
        );
        assert_eq!(sprt.llr_pairs(&Penta::default()), 0.0);
    }
}
