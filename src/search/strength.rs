//! Playing strength below full: levels a person can beat (docs/levels.md).
//!
//! A weakened engine plays the way weaker players do: it looks less far (a node budget and a depth
//! cap, so it misses the deeper tactics) and chooses among its top root moves with a noise that
//! prefers the better ones (a softmax over MultiPV scores at a level-dependent temperature). Level
//! 1 plays a random legal turn. Everything is in nodes and plies, so a level plays the same on any
//! machine at any clock that leaves it time for its budget. Search knows no variant here either;
//! a variant's Elo offset is applied by whoever turns `UCI_Elo` into a `Strength`.
//!
//! The full-strength search does not pass through here: `Limits::strength` is `None` by default
//! and `search` then is `threads::run` itself.

use super::worker::Shared;
use super::{threads, Control, Info, Limits, SearchResult, TranspositionTable};
use crate::game::{MoveList, Rules, Score, MATE_BOUND};
use crate::rng::{mix, SplitMix64};
use std::sync::atomic::{AtomicU64, Ordering};

/// The weakest and the strongest level; `LEVELS + 1` is full strength where a protocol needs a
/// number for it (UCI `Skill Level`).
pub const MIN_LEVEL: u8 = 1;
pub const LEVELS: u8 = 8;
pub const FULL_STRENGTH_SKILL: u8 = LEVELS + 1;

/// What a level does. Integer levels are the rows of `LEVEL_KNOBS`; a fractional skill (from
/// `UCI_Elo`) interpolates between its two neighbours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Knobs {
    /// Node budget of the search (the smaller of this and the caller's limit).
    pub nodes: u64,
    /// Deepest iteration.
    pub depth: u32,
    /// Root moves scored (MultiPV) to choose among.
    pub lines: usize,
    /// Softmax temperature in score units (centipawns): a move `t` worse than the best is
    /// `e` times less likely.
    pub temperature: f64,
    /// Share of turns played at random (level 1: all of them).
    pub random_share: f64,
}

const fn knobs(nodes: u64, depth: u32, lines: usize, temperature: f64) -> Knobs {
    Knobs {
        nodes,
        depth,
        lines,
        temperature,
        random_share: 0.0,
    }
}

/// Levels 1 to 8. Budgets double from level 4 on; depth caps decide the lower levels (depth 1:
/// only captures are looked at beyond the move). Chosen so that each level scores about 65-80%
/// against the one below at fixed nodes (the ladder in docs/levels.md measures it).
pub const LEVEL_KNOBS: [Knobs; LEVELS as usize] = [
    Knobs {
        random_share: 1.0,
        ..knobs(1, 1, 1, 0.0)
    },
    knobs(300, 1, 6, 150.0),
    knobs(1_000, 2, 5, 100.0),
    knobs(2_500, 3, 4, 60.0),
    knobs(5_000, 4, 4, 40.0),
    knobs(10_000, 5, 3, 25.0),
    knobs(20_000, 6, 3, 15.0),
    knobs(40_000, 8, 2, 8.0),
];

/// Where `UCI_Elo` above level 8 leads: the full-strength search (one line, no noise, no depth
/// cap) at the budget of the ladder's "full" player (docs/levels.md). A skill between 8 and 9
/// interpolates between level 8 and this.
pub const TOP_KNOBS: Knobs = knobs(80_000, super::params::MAX_DEPTH, 1, 0.0);

/// Elo of each level in chess, the `UCI_Elo` scale (docs/levels.md: how it was fitted and the
/// anchor games that checked it). Other variants add their offset
/// (`variants::level_elo_offset`).
pub const LEVEL_ELO: [i32; LEVELS as usize] = [400, 711, 842, 1153, 1400, 1686, 1933, 2244];
/// Elo of `TOP_KNOBS`, the top of the `UCI_Elo` range: fitted to the anchor games of `UCI_Elo`
/// above level 8 against Phalanx (docs/levels.md, "Fitting the top").
pub const TOP_ELO: i32 = 2452;
pub const MIN_ELO: i32 = LEVEL_ELO[0];
pub const MAX_ELO: i32 = TOP_ELO;

/// A strength below full: a skill from 1.0 (random) to 8.0, and the seed of its choices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    pub skill: f64,
    pub seed: u64,
}

impl Strength {
    /// Lichess-style level 1..=8; anything else (full strength, 9, or nonsense) is `None`.
    pub fn level(level: u8, seed: u64) -> Option<Strength> {
        (MIN_LEVEL..=LEVELS).contains(&level).then_some(Strength {
            skill: f64::from(level),
            seed,
        })
    }

    /// The skill whose Elo (`LEVEL_ELO`, then `TOP_ELO` as skill 9; chess scale) is
    /// `elo`, interpolated linearly and clamped to that range.
    pub fn from_elo(elo: i32, seed: u64) -> Strength {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        let scale: Vec<i32> = LEVEL_ELO.iter().copied().chain([TOP_ELO]).collect();
        let upper = scale.iter().position(|&e| e >= elo).unwrap_or(0).max(1);
        let (low, high) = (scale[upper - 1], scale[upper]);
        let fraction = f64::from(elo - low) / f64::from((high - low).max(1));
        Strength {
            skill: upper as f64 + fraction,
            seed,
        }
    }

    /// The knobs of this skill: a level's own row, or between two rows the node budget
    /// interpolated geometrically and the rest linearly.
    pub fn knobs(&self) -> Knobs {
        let skill = self
            .skill
            .clamp(f64::from(MIN_LEVEL), f64::from(FULL_STRENGTH_SKILL));
        let row = |i: usize| LEVEL_KNOBS.get(i - 1).copied().unwrap_or(TOP_KNOBS);
        let low = (skill.floor() as usize).clamp(1, FULL_STRENGTH_SKILL as usize);
        let high = (low + 1).min(FULL_STRENGTH_SKILL as usize);
        let t = skill - low as f64;
        let (a, b) = (row(low), row(high));
        if t <= 0.0 || low == high {
            return a;
        }
        // Between level 1 and 2: level 2's search, with the rest of the turns played at random.
        let base = if low == 1 { b } else { a };
        let lerp = |x: f64, y: f64| x + (y - x) * t;
        Knobs {
            nodes: ((base.nodes as f64).ln()
                + ((b.nodes as f64).ln() - (base.nodes as f64).ln()) * t)
                .exp()
                .round() as u64,
            depth: lerp(f64::from(base.depth), f64::from(b.depth)).round() as u32,
            lines: lerp(base.lines as f64, b.lines as f64).round() as usize,
            temperature: lerp(base.temperature, b.temperature),
            random_share: lerp(a.random_share, b.random_share),
        }
    }
}

/// A seed for a strength's choices that differs between searches and processes (games against
/// a level should not repeat), unless a caller sets one to reproduce.
pub fn fresh_seed() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    mix(crate::clock::entropy()) ^ mix(COUNTER.fetch_add(1, Ordering::Relaxed))
}

/// The search behind `search::search`: full strength when `limits.strength` is `None`, else the
/// limited search of that strength (see the module comment).
pub fn search<G: Rules>(
    root: &G,
    limits: &Limits,
    tt: &TranspositionTable,
    control: &Control,
    report: &mut dyn FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    let side = root.side_to_move();
    let Some(strength) = limits.strength else {
        return threads::run(root, &Shared::new(limits, tt, control, side), report);
    };
    let knobs = strength.knobs();
    let mut rng = SplitMix64::new(strength.seed ^ root.key());
    let random = rng.next_u64() as f64 / (u64::MAX as f64 + 1.0) < knobs.random_share;
    let weak = Limits {
        strength: None,
        nodes: Some(limits.nodes.map_or(knobs.nodes, |n| n.min(knobs.nodes))),
        // A random turn still goes through a (1-ply) search, so that `go infinite`, `ponder`
        // and `stop` behave as they always do.
        depth: Some(limits.depth.map_or(knobs.depth, |d| d.min(knobs.depth))),
        multipv: if random {
            1
        } else {
            limits.multipv.max(knobs.lines).max(1)
        },
        // One thread: the same budget gives the same tree on any machine.
        threads: 1,
        ..limits.clone()
    };
    let shown = limits.multipv.max(1);
    // The lines of the deepest completed iteration: (depth, multipv index, score, pv).
    let mut lines: Vec<(u32, usize, Score, Vec<G::Move>)> = Vec::new();
    let shared = Shared::new(&weak, tt, control, side);
    let mut result = threads::run(root, &shared, &mut |info| {
        if lines.first().is_some_and(|l| l.0 != info.depth) {
            lines.clear();
        }
        lines.retain(|l| l.1 != info.multipv);
        lines.push((info.depth, info.multipv, info.score, info.pv.clone()));
        if info.multipv <= shown {
            report(info);
        }
    });
    let Some(best) = result.best else {
        return result;
    };
    if random {
        let mut moves = MoveList::new();
        root.generate(&mut moves);
        // The same root moves the search may choose from (`searchmoves`, `exclude`).
        let mut allowed = moves.clone();
        allowed.retain(|&mut mv| limits.root_moves.allows(G::move_key(mv)));
        if !allowed.is_empty() {
            moves = allowed;
        }
        if !moves.is_empty() {
            result.best = Some(rng.pick(&moves));
            result.ponder = None;
        }
        return result;
    }
    // Only a completed iteration's lines are compared; before the first one the search's own
    // move stands.
    let candidates: Vec<&(u32, usize, Score, Vec<G::Move>)> = lines
        .iter()
        .filter(|l| l.1 <= knobs.lines && !l.3.is_empty())
        .collect();
    if candidates.len() < 2 || !candidates.iter().any(|l| l.3[0] == best) {
        return result;
    }
    let scores: Vec<Score> = candidates.iter().map(|l| l.2).collect();
    let index = choose(&scores, knobs.temperature, &mut rng);
    let chosen = candidates[index];
    result.best = Some(chosen.3[0]);
    result.ponder = chosen.3.get(1).copied();
    result.score = chosen.2;
    result
}

/// Index into `scores` drawn with weights `exp((score - best) / temperature)`. A mate found or
/// a temperature of 0 takes the best; a line losing to a mate the best avoids is never taken.
pub fn choose(scores: &[Score], temperature: f64, rng: &mut SplitMix64) -> usize {
    let Some((best_index, &best)) = scores
        .iter()
        .enumerate()
        .max_by_key(|(i, &s)| (s, -(*i as i64)))
    else {
        return 0;
    };
    if temperature <= 0.0 || best >= MATE_BOUND {
        return best_index;
    }
    let weights: Vec<f64> = scores
        .iter()
        .map(|&s| {
            if s <= -MATE_BOUND && best > -MATE_BOUND {
                0.0
            } else {
                (f64::from(s - best) / temperature).max(-50.0).exp()
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = rng.next_u64() as f64 / (u64::MAX as f64 + 1.0) * total;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    best_index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_ordered_and_elo_round_trips() {
        for pair in LEVEL_KNOBS.windows(2).skip(1) {
            assert!(pair[0].nodes < pair[1].nodes);
            assert!(pair[0].depth <= pair[1].depth);
            assert!(pair[0].temperature > pair[1].temperature);
        }
        for level in MIN_LEVEL..=LEVELS {
            let elo = LEVEL_ELO[level as usize - 1];
            let strength = Strength::from_elo(elo, 0);
            assert!((strength.skill - f64::from(level)).abs() < 1e-9, "{level}");
            assert_eq!(strength.knobs(), LEVEL_KNOBS[level as usize - 1]);
        }
        assert_eq!(Strength::from_elo(-5, 0).skill, 1.0);
        // Above level 8 the scale leads to the full-strength search at the top budget.
        let top = Strength::from_elo(9999, 0);
        assert_eq!(top.skill, f64::from(FULL_STRENGTH_SKILL));
        assert_eq!(top.knobs(), TOP_KNOBS);
        let between = Strength::from_elo((LEVEL_ELO[7] + TOP_ELO) / 2, 0).knobs();
        assert!(LEVEL_KNOBS[7].nodes < between.nodes && between.nodes < TOP_KNOBS.nodes);
        assert!(Strength::level(0, 0).is_none());
        assert!(Strength::level(FULL_STRENGTH_SKILL, 0).is_none());
    }

    #[test]
    fn between_levels_the_knobs_are_between() {
        let mid = Strength {
            skill: 5.5,
            seed: 0,
        }
        .knobs();
        let (a, b) = (LEVEL_KNOBS[4], LEVEL_KNOBS[5]);
        assert!(a.nodes < mid.nodes && mid.nodes < b.nodes);
        assert!(b.temperature < mid.temperature && mid.temperature < a.temperature);
        let low = Strength {
            skill: 1.25,
            seed: 0,
        }
        .knobs();
        assert!((low.random_share - 0.75).abs() < 1e-9);
        assert_eq!(low.depth, LEVEL_KNOBS[1].depth);
    }

    #[test]
    fn choice_prefers_better_moves_and_never_walks_into_a_mate() {
        let mut rng = SplitMix64::new(7);
        let scores = [50, 20, -100, -MATE_BOUND - 3];
        let mut counts = [0; 4];
        for _ in 0..10_000 {
            counts[choose(&scores, 60.0, &mut rng)] += 1;
        }
        assert!(counts[0] > counts[1] && counts[1] > counts[2], "{counts:?}");
        assert!(counts[2] > 0, "{counts:?}");
        assert_eq!(counts[3], 0);
        assert_eq!(choose(&scores, 0.0, &mut rng), 0);
        assert_eq!(choose(&[MATE_BOUND + 5, 0], 500.0, &mut rng), 0);
        assert_eq!(choose(&[], 10.0, &mut rng), 0);
    }
}
