//! Time management: turns the clock values of a `go` into a soft limit (start no new iteration
//! after it) and a hard limit (abort the search at it). On a clock the soft limit is a plan that
//! the search scales by how settled it is (`soft_scale_permille`), and no iteration starts late
//! in it (the next one would likely run past it). Times are measured with
//! `Control::elapsed_ms`, which restarts on `ponderhit`; while pondering nothing stops on time.

use super::params::*;
use super::{Control, Limits};
use crate::game::{Score, Side};

/// `share` per thousand of `ms`, exact for every clock a GUI can send (`go wtime` saturates at
/// `u64::MAX`, where `ms * share` would overflow).
fn permille(ms: u64, share: u64) -> u64 {
    (u128::from(ms) * u128::from(share) / 1000) as u64
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeManager {
    /// Milliseconds after which no new iteration starts; `None`: no time limit.
    pub soft_ms: Option<u64>,
    /// Milliseconds after which the search is aborted.
    pub hard_ms: Option<u64>,
    /// The limits come from a clock (not `movetime`): the soft limit may be scaled.
    pub from_clock: bool,
}

impl TimeManager {
    pub fn new(limits: &Limits, side: Side) -> TimeManager {
        if limits.infinite {
            return TimeManager {
                soft_ms: None,
                hard_ms: None,
                from_clock: false,
            };
        }
        if let Some(movetime) = limits.movetime {
            let budget = movetime
                .saturating_sub(limits.move_overhead)
                .max(MIN_THINK_MS);
            return TimeManager {
                soft_ms: Some(budget),
                hard_ms: Some(budget),
                from_clock: false,
            };
        }
        let (clock, increment) = match side {
            Side::White => (limits.wtime, limits.winc),
            Side::Black => (limits.btime, limits.binc),
        };
        let Some(clock) = clock else {
            return TimeManager {
                soft_ms: None,
                hard_ms: None,
                from_clock: false,
            };
        };
        let increment = increment.unwrap_or(0);
        let available = clock.saturating_sub(limits.move_overhead);
        let moves_to_go = limits.movestogo.map_or(DEFAULT_MOVES_TO_GO, |m| {
            (m as u64).clamp(1, MAX_MOVES_TO_GO)
        });
        let planned =
            (available / moves_to_go).saturating_add(permille(increment, INCREMENT_SHARE_PERMILLE));
        let (soft, hard) = if moves_to_go == 1 {
            // The whole clock is for this move: keep a reserve, plan to use half of the rest.
            let budget = available - permille(available, LAST_MOVE_RESERVE_PERMILLE);
            (budget / 2, budget)
        } else {
            let soft = planned.min(permille(available, SOFT_MAX_PERMILLE));
            let hard = planned
                .saturating_mul(HARD_FACTOR)
                .min(permille(available, HARD_MAX_PERMILLE));
            (soft, hard)
        };
        let hard = hard.max(MIN_THINK_MS);
        TimeManager {
            soft_ms: Some(soft.clamp(MIN_THINK_MS, hard)),
            hard_ms: Some(hard),
            from_clock: true,
        }
    }

    /// Whether the clock limits this search at all.
    pub fn is_limited(&self) -> bool {
        self.hard_ms.is_some()
    }

    /// No new iteration should start. On a clock, `scale_permille` scales the soft limit and
    /// an iteration must begin within `ITERATION_START_PERMILLE` of it; `movetime` is used whole.
    pub fn soft_expired(&self, control: &Control, scale_permille: u64) -> bool {
        let limit = |soft: u64| {
            if self.from_clock {
                permille(permille(soft, scale_permille), ITERATION_START_PERMILLE)
            } else {
                soft
            }
        };
        !control.pondering()
            && self
                .soft_ms
                .is_some_and(|soft| control.elapsed_ms() >= limit(soft))
    }

    /// How much of the soft limit (per thousand) the search may use, given how many iterations
    /// in a row ended with the same best move and how far the score fell in the last one: an
    /// unsettled search gets more time, a settled one less.
    pub fn soft_scale_permille(stable_iterations: u32, score_drop: Score) -> u64 {
        let last = STABILITY_SCALE_PERMILLE.len() - 1;
        let stability = STABILITY_SCALE_PERMILLE[(stable_iterations as usize).min(last)];
        if score_drop >= SCORE_DROP_MARGIN {
            stability * SCORE_DROP_SCALE_PERMILLE / 1000
        } else {
            stability
        }
    }

    /// The running iteration must be abandoned.
    pub fn hard_expired(&self, control: &Control) -> bool {
        !control.pondering()
            && self
                .hard_ms
                .is_some_and(|hard| control.elapsed_ms() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            multipv: 1,
            threads: 1,
            ..Limits::default()
        }
    }

    #[test]
    fn no_clock_means_no_time_limit() {
        let tm = TimeManager::new(&limits(), Side::White);
        assert!(!tm.is_limited());
        let depth_only = Limits {
            depth: Some(5),
            ..limits()
        };
        assert!(!TimeManager::new(&depth_only, Side::Black).is_limited());
    }

    #[test]
    fn movetime_subtracts_overhead() {
        let l = Limits {
            movetime: Some(1000),
            move_overhead: 30,
            ..limits()
        };
        let tm = TimeManager::new(&l, Side::White);
        assert_eq!(tm.hard_ms, Some(970));
        assert_eq!(tm.soft_ms, Some(970));
        let tiny = Limits {
            movetime: Some(10),
            move_overhead: 30,
            ..limits()
        };
        assert_eq!(
            TimeManager::new(&tiny, Side::White).hard_ms,
            Some(MIN_THINK_MS)
        );
    }

    #[test]
    fn clock_of_the_side_to_move_is_used() {
        let l = Limits {
            wtime: Some(60_000),
            btime: Some(6_000),
            ..limits()
        };
        let white = TimeManager::new(&l, Side::White);
        let black = TimeManager::new(&l, Side::Black);
        assert_eq!(white.soft_ms, Some(60_000 / DEFAULT_MOVES_TO_GO));
        assert_eq!(black.soft_ms, Some(6_000 / DEFAULT_MOVES_TO_GO));
        for tm in [white, black] {
            assert!(tm.soft_ms <= tm.hard_ms);
        }
        assert!(black.hard_ms.is_some_and(|h| h <= 3_000));
    }

    #[test]
    fn increment_adds_and_limits_stay_within_the_clock() {
        let l = Limits {
            btime: Some(1_000),
            binc: Some(2_000),
            ..limits()
        };
        let tm = TimeManager::new(&l, Side::Black);
        // The increment alone would suggest 1.5 s; the clock holds 1 s.
        assert!(tm.soft_ms.is_some_and(|s| s <= 200));
        assert!(tm.hard_ms.is_some_and(|h| h <= 500));
    }

    #[test]
    fn movestogo_is_clamped_and_one_move_left_keeps_a_reserve() {
        let many = Limits {
            wtime: Some(100_000),
            movestogo: Some(300),
            ..limits()
        };
        assert_eq!(
            TimeManager::new(&many, Side::White).soft_ms,
            Some(100_000 / MAX_MOVES_TO_GO)
        );
        let last = Limits {
            wtime: Some(10_000),
            movestogo: Some(1),
            move_overhead: 100,
            ..limits()
        };
        let tm = TimeManager::new(&last, Side::White);
        assert_eq!(tm.hard_ms, Some(9_900 - 990));
        assert_eq!(tm.soft_ms, Some((9_900 - 990) / 2));
        let zero = Limits {
            movestogo: Some(0),
            ..last
        };
        assert_eq!(
            TimeManager::new(&zero, Side::White),
            tm,
            "movestogo 0 read as 1"
        );
    }

    #[test]
    fn empty_clock_still_allows_a_move() {
        let l = Limits {
            wtime: Some(0),
            move_overhead: 50,
            ..limits()
        };
        let tm = TimeManager::new(&l, Side::White);
        assert_eq!(tm.hard_ms, Some(MIN_THINK_MS));
        assert_eq!(tm.soft_ms, Some(MIN_THINK_MS));
    }

    /// Found by the UCI fuzz target under overflow checks: `go wtime 18446744073709551615`
    /// (what any larger number saturates to) overflowed the shares of the clock; in a release
    /// build they wrapped to a few milliseconds.
    #[test]
    fn the_largest_clock_plans_a_long_think() {
        for (movestogo, winc) in [(None, None), (Some(1), None), (None, Some(u64::MAX))] {
            let l = Limits {
                wtime: Some(u64::MAX),
                winc,
                movestogo,
                ..limits()
            };
            let tm = TimeManager::new(&l, Side::White);
            let (soft, hard) = (tm.soft_ms.unwrap_or(0), tm.hard_ms.unwrap_or(0));
            assert!(
                soft > u64::MAX / 100 && soft <= hard,
                "{movestogo:?}: {tm:?}"
            );
        }
    }

    /// Found by the XBoard fuzz target under overflow checks: with the largest clock, the soft
    /// limit times the stability scale overflowed (wrapped, a release build stopped at once).
    #[test]
    fn the_largest_clock_scales_its_soft_limit_without_overflow() {
        let tm = TimeManager::new(
            &Limits {
                wtime: Some(u64::MAX),
                ..limits()
            },
            Side::White,
        );
        let control = Control::new(false);
        for stable in 0..6 {
            let scale = TimeManager::soft_scale_permille(stable, 0);
            assert!(!tm.soft_expired(&control, scale), "stable {stable}");
        }
    }

    #[test]
    fn infinite_and_pondering_ignore_the_clock() {
        let l = Limits {
            wtime: Some(1),
            infinite: true,
            ..limits()
        };
        assert!(!TimeManager::new(&l, Side::White).is_limited());
        let ponder = Limits {
            wtime: Some(1),
            ..limits()
        };
        let tm = TimeManager::new(&ponder, Side::White);
        let control = Control::new(true);
        std::thread::sleep(std::time::Duration::from_millis(3));
        assert!(!tm.hard_expired(&control));
        control.ponderhit();
        std::thread::sleep(std::time::Duration::from_millis(3));
        assert!(tm.hard_expired(&control));
    }

    #[test]
    fn settled_searches_stop_sooner_and_movetime_is_used_whole() {
        let unsettled = TimeManager::soft_scale_permille(0, 0);
        let settled = TimeManager::soft_scale_permille(10, 0);
        assert!(settled < 1000 && 1000 < unsettled);
        assert!(TimeManager::soft_scale_permille(2, SCORE_DROP_MARGIN) > 1000);
        let clock = TimeManager {
            soft_ms: Some(1_000_000),
            hard_ms: Some(1_000_000),
            from_clock: true,
        };
        let movetime = TimeManager {
            from_clock: false,
            ..clock
        };
        let control = Control::new(false);
        assert!(!clock.soft_expired(&control, 1000));
        // A zero scale ends a clock search at once; a movetime search ignores the scale.
        assert!(clock.soft_expired(&control, 0));
        assert!(!movetime.soft_expired(&control, 0));
    }
}
