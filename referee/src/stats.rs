//! Match statistics: score, Elo difference with a 95% interval, likelihood of superiority, and the
//! sequential probability ratio test that stops a match once it is decided.
//!
//! All formulas use the trinomial model (win/draw/loss per game), as cutechess does.

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

    /// Variance of one game's score around the sample mean (the trinomial model).
    fn variance(&self) -> Option<f64> {
        let n = self.games() as f64;
        let s = self.score()?;
        Some(
            (self.wins as f64 * (1.0 - s).powi(2)
                + self.draws as f64 * (0.5 - s).powi(2)
                + self.losses as f64 * s.powi(2))
                / n,
        )
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

/// Elo difference and 95% interval from the normal approximation of the mean score.
pub fn elo_estimate(t: &Tally) -> Option<EloEstimate> {
    let s = t.score()?;
    let deviation = Z_95 * (t.variance()? / t.games() as f64).sqrt();
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
        write!(
            f,
            "LLR {:.2} ({:.2}, {:.2})",
            self.llr, self.lower, self.upper
        )?;
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

    /// Log-likelihood ratio of H1 against H0 for the first side's results:
    /// `N (s1 - s0) (2 s - s0 - s1) / (2 var)`, with s the mean score and var the per-game variance.
    /// (0 before the first game.)
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        // An outcome that has not happened yet counts as half a game: without it a perfect score
        // has zero variance and could never be decided (fastchess regularises the same way).
        let count = |c: u32| if c == 0 { 0.5 } else { c as f64 };
        let (w, d, l) = (count(t.wins), count(t.draws), count(t.losses));
        let n = w + d + l;
        let s = (w + 0.5 * d) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let (s0, s1) = match self.model {
            EloModel::Logistic => (score_from_elo(self.elo0), score_from_elo(self.elo1)),
            EloModel::Normalized => {
                let scale = var.sqrt() * std::f64::consts::LN_10 / 800.0;
                (0.5 + self.elo0 * scale, 0.5 + self.elo1 * scale)
            }
        };
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    pub fn status(&self, t: &Tally) -> SprtStatus {
        let llr = self.llr(t);
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
    pub fn update(&self, previous: Option<SprtStatus>, t: &Tally) -> SprtStatus {
        match previous {
            Some(decided) if decided.decision.is_some() => decided,
            _ => self.status(t),
        }
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
        let decided = sprt.update(None, &won);
        assert_eq!(decided.decision, Some(SprtDecision::H1));
        // A game still in flight ends in a loss: by itself that tally is undecided...
        let after = tally(30, 12, 0);
        assert_eq!(sprt.status(&after).decision, None);
        // ...but the verdict already reached stands.
        assert_eq!(sprt.update(Some(decided), &after), decided);
    }
}
