//! Quiescence search: at the horizon, keep searching the variant's noisy moves (captures and the
//! like) until the position is quiet, so that the static evaluation is never taken in the middle
//! of an exchange. Noisy moves that lose material by the variant's static exchange evaluation are
//! not searched. In check every evasion is searched, since standing pat is not an option
//! (within `QSEARCH_EVASION_PLIES` of the horizon).

use super::ordering::{is_losing_noisy, pick, Scores};
use super::params::*;
use super::tt::Bound;
use super::worker::{Found, Worker};
use crate::game::{MoveList, Rules, Score, INFINITY};

impl<G: Rules> Worker<'_, G> {
    /// `depth` counts the plies of quiescence from the horizon: 0, -1, -2...
    pub fn qsearch(&mut self, mut alpha: Score, beta: Score, ply: usize, depth: i32) -> Score {
        self.pv[ply].clear();
        let key = self.game.key();
        self.shared.tt.prefetch(key);
        self.count_node(ply);
        if self.aborted {
            return 0;
        }
        if let Some(score) = self.rule_score(ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 || depth <= -QSEARCH_MAX_PLIES {
            return self.evaluate();
        }
        let pv_node = beta - alpha > 1;
        let hit = self.shared.tt.probe(key, ply);
        if let Some(h) = hit {
            if !pv_node && h.settles(alpha, beta) {
                return h.score;
            }
        }
        let tt_move_key = hit.map_or(0, |h| h.move_key);

        // Evasions only near the horizon: in games where checks are common, searching every
        // move of every checked position would make quiescence a full-width search.
        let evading = depth > -QSEARCH_EVASION_PLIES && self.game.in_check();
        let mut moves = MoveList::new();
        let best;
        if evading {
            self.game.generate(&mut moves);
            if moves.is_empty() {
                let side = self.game.side_to_move();
                return self.game.no_moves_outcome().score_for(side, ply);
            }
            best = -INFINITY;
        } else {
            // Stand pat: the side to move is not obliged to capture.
            best = self.evaluate();
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
            self.game.generate_noisy(&mut moves);
        }
        let mut found = Found {
            best,
            best_move: None,
            alpha,
        };
        let mut scores = Scores::new();
        self.order(&moves, &mut scores, tt_move_key, ply);
        // Deep in an exchange only the most promising captures (by the variant's MVV-LVA hint)
        // are followed: in games where captures never run out, following all of them at every
        // ply makes quiescence larger than the main search.
        let breadth = if evading || depth > -QSEARCH_FULL_WIDTH_PLIES {
            moves.len()
        } else {
            moves.len().min(QSEARCH_NARROW_MOVES)
        };
        for i in 0..breadth {
            let mv = pick(&mut moves, &mut scores, i);
            // Captures that lose material (by SEE) are left out when standing pat is allowed;
            // they come last in the order, so none follows.
            if !evading && is_losing_noisy(scores[i]) {
                break;
            }
            self.game.make(mv);
            let score = -self.qsearch(-beta, -found.alpha, ply + 1, depth - 1);
            self.game.unmake();
            if self.aborted {
                return 0;
            }
            if self.take(&mut found, ply, mv, score, beta) {
                break;
            }
        }
        let bound = Bound::of(found.best, beta, found.best_move.is_some());
        let move_key = found.best_move.map_or(0, G::move_key);
        self.shared
            .tt
            .store(key, ply, move_key, found.best, 0, bound);
        found.best
    }
}
