//! The main search below the root: principal variation search (PVS) with a transposition table,
//! null-move pruning, reverse futility pruning (trusting a static evaluation that is improving
//! more), futility, late move and SEE pruning, late move reductions (by history and continuation
//! history, more where the evaluation is not improving), check extension and mate-distance
//! pruning. Scores are from the side to move's point of view (negamax).

use super::ordering::{history_index, pick, Scores};
use super::params::*;
use super::tt::Bound;
use super::worker::{lmr_reduction, Found, Worker};
use crate::game::{MoveList, Rules, Score, INFINITY, MATE, MATE_BOUND, PAWN_UNIT};
use arrayvec::ArrayVec;

/// `Worker::static_evals` of a position in check (it has no static evaluation).
pub const NO_EVAL: Score = Score::MIN;

/// Quiet moves remembered per node to punish in the history table when another move cuts off.
const QUIETS_TRACKED: usize = 64;

impl<G: Rules> Worker<'_, G> {
    /// Searches the current position (at `ply` > 0 from the root) to `depth` within `alpha..beta`.
    /// A window wider than one point marks a PV node. `null_allowed` is false right after a null
    /// move (two passes in a row prove nothing).
    // One piece: the hot path; every pruning step reads and narrows the same window, depth and
    // static evaluation, and split into calls the node count must stay and the speed measured.
    pub fn alpha_beta(
        &mut self,
        mut depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        null_allowed: bool,
    ) -> Score {
        self.pv[ply].clear();
        let key = self.game.key();
        self.shared.tt.prefetch(key);
        let in_check = self.game.in_check();
        // Check extension: a position in check is searched one ply deeper, so that forcing lines
        // are not cut at the horizon. Lines stop growing at twice the iteration depth, or games
        // where checks are common would extend without end.
        if in_check && ply < 2 * self.root_depth as usize {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, 0);
        }
        self.count_node(ply);
        if self.aborted {
            return 0;
        }
        if let Some(score) = self.rule_score(ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let pv_node = beta - alpha > 1;

        // Mate-distance pruning: no line from here can beat a mate found closer to the root.
        alpha = alpha.max(-MATE + ply as Score);
        beta = beta.min(MATE - ply as Score - 1);
        if alpha >= beta {
            return alpha;
        }

        let hit = self.shared.tt.probe(key, ply);
        let tt_move_key = hit.map_or(0, |h| h.move_key);
        if let Some(h) = hit {
            if !pv_node && h.depth >= depth && h.settles(alpha, beta) {
                return h.score;
            }
        }

        // The static evaluation, and whether it rose since this side's last turn ("improving"):
        // where it did, reverse futility trusts it more, and late moves are reduced less.
        let static_eval = if in_check { NO_EVAL } else { self.evaluate() };
        self.static_evals[ply] = static_eval;
        let improving = !in_check
            && ply >= 2
            && self.static_evals[ply - 2] != NO_EVAL
            && static_eval > self.static_evals[ply - 2];

        // Set when this node is so far below alpha that quiet moves cannot help at this depth.
        let mut futile = false;
        if !pv_node && !in_check {
            // Reverse futility: far enough above beta, a quiet position will not fall below it.
            if depth <= REVERSE_FUTILITY_DEPTH
                && beta.abs() < MATE_BOUND
                && static_eval - REVERSE_FUTILITY_MARGIN * (depth - improving as i32) >= beta
            {
                return static_eval;
            }
            // Null move: if passing still fails high, a real move would too (where the variant
            // says passing is a sound assumption).
            if null_allowed
                && depth >= NULL_MOVE_DEPTH
                && static_eval >= beta
                && beta.abs() < MATE_BOUND
                && self.game.null_move_allowed()
            {
                let reduction = NULL_MOVE_REDUCTION_BASE + depth / NULL_MOVE_REDUCTION_DIVISOR;
                self.heuristics.set_played(ply, None);
                self.game.make_null();
                let score =
                    -self.alpha_beta(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
                self.game.unmake();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    // A mate found after a pass is no proof of a mate.
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
            futile = depth <= FUTILITY_DEPTH
                && alpha.abs() < MATE_BOUND
                && static_eval + FUTILITY_MARGIN * depth <= alpha;
        }
        // Internal iterative reduction: without a TT move this node was never searched well;
        // a shallower search is cheaper and fills the TT for the next iteration.
        if tt_move_key == 0 && depth >= IIR_DEPTH {
            depth -= 1;
        }

        let mut moves = MoveList::new();
        self.game.generate(&mut moves);
        if moves.is_empty() {
            let side = self.game.side_to_move();
            return self.game.no_moves_outcome().score_for(side, ply);
        }
        let mut scores = Scores::new();
        self.order(&moves, &mut scores, tt_move_key, ply);

        let mut found = Found {
            best: -INFINITY,
            best_move: None,
            alpha,
        };
        let mut quiets_tried: ArrayVec<usize, QUIETS_TRACKED> = ArrayVec::new();
        // The margins are chess's, in pawns of the game (`Rules::material_unit`).
        let unit = self.game.material_unit();
        let see_quiet_margin = SEE_QUIET_MARGIN * unit / PAWN_UNIT;
        let see_noisy_margin = SEE_NOISY_MARGIN * unit / PAWN_UNIT;
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut scores, i);
            let quiet = !self.game.is_noisy(mv);
            let history = history_index(&self.game, mv);
            let killer = quiet && self.heuristics.is_killer(ply, mv);
            let prunable = !pv_node && !in_check && i > 0 && found.best > -MATE_BOUND;
            // Quiet moves that neither check nor escape check are skipped at shallow depth when
            // the node is hopeless (futility) or when many were tried already (late move
            // pruning); never the first move, and not while every move so far loses to mate.
            let skipped_unless_check = quiet
                && prunable
                && (futile
                    || depth <= LATE_MOVE_DEPTH
                        && quiets_tried.len() >= LATE_MOVE_BASE + (depth * depth) as usize);
            // SEE pruning: near the horizon a move that loses material in the exchange it starts
            // is left out (a quiet move by a little, a capture by more: it may yet win back what
            // the exchange says it loses). A move skipped above unless it checks is asked only
            // once it is seen to check: the exchange costs more than the check test.
            let see_prunes = |game: &G| {
                let threshold = if quiet {
                    -see_quiet_margin * depth
                } else {
                    -see_noisy_margin * depth * depth
                };
                prunable && depth <= SEE_PRUNING_DEPTH && !game.see_ge(mv, threshold)
            };
            if !skipped_unless_check && see_prunes(&self.game) {
                continue;
            }
            self.game.make(mv);
            let gives_check = self.game.in_check();
            if skipped_unless_check {
                self.game.unmake();
                if !gives_check || see_prunes(&self.game) {
                    continue;
                }
                self.game.make(mv);
            }
            self.heuristics.set_played(ply, Some(history));
            let new_depth = depth - 1;
            let alpha = found.alpha;
            let score = if i == 0 {
                -self.alpha_beta(new_depth, -beta, -alpha, ply + 1, true)
            } else {
                // Late quiet moves of a well-ordered list rarely matter: search them shallower
                // first and in full only if they surprise.
                let mut reduction = 0;
                if depth >= LMR_DEPTH && i >= LMR_MOVES && quiet && !in_check && !gives_check {
                    let record = self.heuristics.quiet_score(ply, history);
                    reduction = lmr_reduction(depth, i)
                        - pv_node as i32
                        - killer as i32
                        - record / LMR_HISTORY_DIVISOR
                        + !improving as i32;
                    reduction = reduction.min(new_depth - 1).max(0);
                }
                let mut score =
                    -self.alpha_beta(new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.alpha_beta(new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.alpha_beta(new_depth, -beta, -alpha, ply + 1, true);
                }
                score
            };
            self.game.unmake();
            if self.aborted {
                return 0;
            }
            if self.take(&mut found, ply, mv, score, beta) {
                if quiet {
                    self.heuristics.add_killer(ply, mv);
                    self.heuristics.update_quiet(ply, history, depth, true);
                    for &other in &quiets_tried {
                        self.heuristics.update_quiet(ply, other, depth, false);
                    }
                }
                break;
            }
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(history);
            }
        }

        let bound = Bound::of(found.best, beta, found.best_move.is_some());
        let move_key = found.best_move.map_or(0, G::move_key);
        self.shared
            .tt
            .store(key, ply, move_key, found.best, depth, bound);
        found.best
    }
}
