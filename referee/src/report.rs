//! What a match reports: the progress line after each game and the closing results table (their
//! form is an interface that scripts read: docs/match.md).

use crate::record::GameRecord;
use crate::results::PairLine;
use crate::rules::Side;
use crate::stats::{self, Penta, Sprt, SprtStatus, Tally};
use std::collections::BTreeMap;
use std::time::Duration;

/// What a finished match hands back (tests read it; `run` only prints).
#[derive(Debug)]
pub struct MatchSummary {
    pub engines: Vec<String>,
    /// In the order they finished.
    pub games: Vec<GameRecord>,
    /// Results of engine i against engine j, from i's side (key (i, j) with i < j).
    pub pairings: BTreeMap<(usize, usize), Tally>,
    /// Finished game pairs of each pairing by their score, from i's side.
    pub pentanomial: BTreeMap<(usize, usize), Penta>,
    /// Every opening is played with both colours (an even `--games`): the SPRT counts pairs.
    pub paired: bool,
    pub sprt: Option<SprtStatus>,
    /// True when the SPRT stopped the match before every game was played.
    pub stopped_early: bool,
}

impl MatchSummary {
    /// A match about to start between `engines`, its pairings `pairs`.
    pub fn new(engines: Vec<String>, pairs: &[(usize, usize)], paired: bool) -> MatchSummary {
        MatchSummary {
            engines,
            games: Vec::new(),
            pairings: pairs.iter().map(|&p| (p, Tally::default())).collect(),
            pentanomial: pairs.iter().map(|&p| (p, Penta::default())).collect(),
            paired,
            sprt: None,
            stopped_early: false,
        }
    }

    /// Brings the SPRT of the first pairing up to date (on pairs when the match is paired);
    /// true once it is decided.
    pub fn update_sprt(&mut self, sprt: &Sprt) -> bool {
        let key = (0, 1);
        let outcomes = match (
            self.paired,
            self.pentanomial.get(&key),
            self.pairings.get(&key),
        ) {
            (true, Some(penta), _) => penta.outcomes(),
            (_, _, Some(tally)) => tally.outcomes(),
            _ => return false,
        };
        let status = sprt.update(self.sprt, &outcomes);
        self.sprt = Some(status);
        status.decision.is_some()
    }

    /// Counts a finished game in its pairing's tally.
    pub fn add_game(&mut self, game: GameRecord) {
        let key = (game.white.min(game.black), game.white.max(game.black));
        if let Some(tally) = self.pairings.get_mut(&key) {
            // From the lower-numbered engine's side.
            let low_side = if game.white == key.0 {
                Side::White
            } else {
                Side::Black
            };
            match game.winner {
                None => tally.draws += 1,
                Some(w) if w == low_side => tally.wins += 1,
                Some(_) => tally.losses += 1,
            }
        }
        self.games.push(game);
    }

    /// Counts a finished pair of two games in its pairing's pentanomial counts.
    pub fn add_pair(&mut self, pair: &PairLine) {
        if let (Ok(Some(half_points)), Some(penta)) =
            (pair.half_points(), self.pentanomial.get_mut(&pair.engines))
        {
            penta.add_pair(half_points);
        }
    }
}

/// `Game 3 (A vs B): 1-0 {White mates} | 3/10 done, score 2-1-0 [0.667], Elo ... | ETA 0m12s`.
pub fn progress_line(
    summary: &MatchSummary,
    game: &GameRecord,
    total: usize,
    elapsed: Duration,
) -> String {
    let done = summary.games.len();
    let eta = elapsed.mul_f64(total.saturating_sub(done) as f64 / done.max(1) as f64);
    format!(
        "Game {} ({} vs {}): {} {{{}}} | {}/{} done, {} | ETA {}",
        game.number,
        game.white_name,
        game.black_name,
        game.result(),
        game.termination,
        done,
        total,
        progress_text(summary),
        format_duration(eta)
    )
}

fn format_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    } else {
        format!("{}m{:02}s", s / 60, s % 60)
    }
}

/// The running score of the first pairing (or the leader's points in a tournament).
fn progress_text(summary: &MatchSummary) -> String {
    if summary.pairings.len() == 1 {
        let tally = summary
            .pairings
            .values()
            .next()
            .copied()
            .unwrap_or_default();
        let elo = stats::elo_estimate(&tally)
            .map(|e| e.to_string())
            .unwrap_or_default();
        let sprt = summary.sprt.map(|s| format!(", {s}")).unwrap_or_default();
        let ptnml = match summary.pentanomial.values().next() {
            Some(penta) if summary.paired => format!(", ptnml(0-2) {penta}"),
            _ => String::new(),
        };
        format!(
            "score {}-{}-{} [{:.3}], Elo {elo}{ptnml}{sprt}",
            tally.wins,
            tally.losses,
            tally.draws,
            tally.score().unwrap_or(0.5)
        )
    } else {
        let standings = standings(summary);
        let leader = standings
            .first()
            .map(|(i, t)| format!("{} {:.1}/{}", summary.engines[*i], t.points(), t.games()))
            .unwrap_or_default();
        format!("leader {leader}")
    }
}

/// Each engine's combined results against everyone, best first.
fn standings(summary: &MatchSummary) -> Vec<(usize, Tally)> {
    let mut totals = vec![Tally::default(); summary.engines.len()];
    for (&(i, j), tally) in &summary.pairings {
        totals[i].add(tally);
        totals[j].add(&tally.flipped());
    }
    let mut list: Vec<(usize, Tally)> = totals.into_iter().enumerate().collect();
    list.sort_by(|a, b| {
        b.1.score()
            .unwrap_or(0.0)
            .total_cmp(&a.1.score().unwrap_or(0.0))
    });
    list
}

/// The closing table: every engine's score, Elo (against its opponents) with 95% interval, LOS and
/// draw rate; each pairing's line; the terminations; the SPRT verdict.
pub fn results_table(summary: &MatchSummary) -> String {
    let mut out = String::new();
    let width = summary
        .engines
        .iter()
        .map(|n| n.len())
        .max()
        .unwrap_or(4)
        .max(6);
    out.push_str(&format!(
        "\n{:<4} {:<width$} {:>6} {:>7} {:>7} {:>18} {:>7} {:>6}\n",
        "Rank", "Engine", "Games", "Points", "Score", "Elo (95%)", "LOS", "Draws"
    ));
    for (rank, (i, tally)) in standings(summary).iter().enumerate() {
        let elo = stats::elo_estimate(tally)
            .map(|e| e.to_string())
            .unwrap_or_else(|| "-".into());
        out.push_str(&format!(
            "{:<4} {:<width$} {:>6} {:>7.1} {:>6.1}% {:>18} {:>6.1}% {:>5.1}%\n",
            rank + 1,
            summary.engines[*i],
            tally.games(),
            tally.points(),
            100.0 * tally.score().unwrap_or(0.0),
            elo,
            100.0 * stats::los(tally),
            100.0 * tally.draw_rate().unwrap_or(0.0),
        ));
    }
    out.push('\n');
    for (&(i, j), tally) in &summary.pairings {
        let elo = stats::elo_estimate(tally)
            .map(|e| e.to_string())
            .unwrap_or_else(|| "-".into());
        out.push_str(&format!(
            "{} vs {}: +{} -{} ={} ({} games), score {:.1}%, Elo {}, LOS {:.1}%, draws {:.1}%\n",
            summary.engines[i],
            summary.engines[j],
            tally.wins,
            tally.losses,
            tally.draws,
            tally.games(),
            100.0 * tally.score().unwrap_or(0.0),
            elo,
            100.0 * stats::los(tally),
            100.0 * tally.draw_rate().unwrap_or(0.0),
        ));
    }
    if summary.paired {
        for (&(i, j), penta) in &summary.pentanomial {
            let elo = stats::elo_estimate_pairs(penta)
                .map(|e| e.to_string())
                .unwrap_or_else(|| "-".into());
            out.push_str(&format!(
                "{} vs {}: ptnml(0-2) {penta} ({} pairs), Elo {elo} (pairs)\n",
                summary.engines[i],
                summary.engines[j],
                penta.pairs(),
            ));
        }
    }
    let mut terminations: BTreeMap<&str, usize> = BTreeMap::new();
    for game in &summary.games {
        *terminations.entry(game.termination.as_str()).or_default() += 1;
    }
    let list: Vec<String> = terminations
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    out.push_str(&format!("Terminations: {}\n", list.join(", ")));
    if let Some(status) = summary.sprt {
        out.push_str(&format!(
            "SPRT: {status}{}\n",
            if summary.stopped_early {
                " (match stopped)"
            } else {
                ""
            }
        ));
    }
    out
}
