//! Ending a game by the engines' own scores (`--resign`, `--draw`); both are off by default.

use super::Ending;
use crate::player::Thinking;
use crate::rules::Side;

/// Optional adjudication by the engines' own scores; both are off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// (centipawns, moves): both engines agree that one side is at least this far behind for this
    /// many moves each.
    pub resign: Option<(i32, u32)>,
    /// (centipawns, moves, first ply): both engines' scores within +/- centipawns for this many
    /// moves each, counted from the given ply on.
    pub draw: Option<(i32, u32, usize)>,
}

/// Counts consecutive plies in which both engines' scores agree (see `Adjudication`).
#[derive(Default)]
pub(super) struct ScoreRuns {
    white_lost: u32,
    black_lost: u32,
    drawish: u32,
}

impl ScoreRuns {
    pub(super) fn update(
        &mut self,
        rules: &Adjudication,
        mover: Side,
        thinking: Option<Thinking>,
        plies: usize,
    ) -> Option<Ending> {
        let Some(thinking) = thinking else {
            *self = ScoreRuns::default();
            return None;
        };
        let own = thinking.score.centipawns();
        let white_view = if mover == Side::White { own } else { -own };
        if let Some((threshold, moves)) = rules.resign {
            self.white_lost = if white_view <= -threshold {
                self.white_lost + 1
            } else {
                0
            };
            self.black_lost = if white_view >= threshold {
                self.black_lost + 1
            } else {
                0
            };
            for (loser, run) in [
                (Side::White, self.white_lost),
                (Side::Black, self.black_lost),
            ] {
                if run >= 2 * moves {
                    return Some(Ending::loss(
                        loser,
                        "adjudication",
                        format!(
                            "{} loses by adjudication: both engines scored it {threshold} cp or more behind for {moves} moves",
                            loser.name()
                        ),
                    ));
                }
            }
        }
        if let Some((threshold, moves, from_ply)) = rules.draw {
            self.drawish = if plies >= from_ply && white_view.abs() <= threshold {
                self.drawish + 1
            } else {
                0
            };
            if self.drawish >= 2 * moves {
                return Some(Ending::draw(
                    "adjudication",
                    format!(
                        "draw by adjudication: both engines scored within {threshold} cp for {moves} moves"
                    ),
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::EngineScore;

    fn scored(cp: i32) -> Option<Thinking> {
        Some(Thinking {
            score: EngineScore::Centipawns(cp),
            depth: 5,
        })
    }

    #[test]
    fn resign_adjudication_needs_both_engines_for_n_moves() {
        let rules = Adjudication {
            resign: Some((500, 2)),
            draw: None,
        };
        let mut runs = ScoreRuns::default();
        // White thinks it is lost (-600), Black agrees (+600 for Black).
        assert!(runs.update(&rules, Side::White, scored(-600), 10).is_none());
        assert!(runs.update(&rules, Side::Black, scored(600), 11).is_none());
        assert!(runs.update(&rules, Side::White, scored(-700), 12).is_none());
        let ending = runs.update(&rules, Side::Black, scored(650), 13).unwrap();
        assert_eq!(ending.winner, Some(Side::Black));
        assert_eq!(ending.termination, "adjudication");
        // A disagreeing engine resets the run.
        let mut runs = ScoreRuns::default();
        assert!(runs.update(&rules, Side::White, scored(-600), 10).is_none());
        assert!(runs.update(&rules, Side::Black, scored(100), 11).is_none());
        assert!(runs.update(&rules, Side::White, scored(-600), 12).is_none());
        assert!(runs.update(&rules, Side::Black, scored(600), 13).is_none());
    }

    #[test]
    fn draw_adjudication_waits_for_its_ply() {
        let rules = Adjudication {
            resign: None,
            draw: Some((10, 1, 40)),
        };
        let mut runs = ScoreRuns::default();
        assert!(runs.update(&rules, Side::White, scored(0), 38).is_none());
        assert!(runs.update(&rules, Side::Black, scored(5), 39).is_none());
        assert!(runs.update(&rules, Side::White, scored(-3), 40).is_none());
        let ending = runs.update(&rules, Side::Black, scored(2), 41).unwrap();
        assert_eq!(ending.winner, None);
        // Off by default.
        let mut runs = ScoreRuns::default();
        for ply in 0..100 {
            assert!(runs
                .update(&Adjudication::default(), Side::White, scored(-9000), ply)
                .is_none());
        }
    }
}
