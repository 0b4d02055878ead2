//! The root: iterative deepening, aspiration windows, MultiPV and the search of the root moves.
//! Root moves keep their scores and lines between iterations; after each line they are re-sorted
//! (stably), so that the best move of the last completed work is always first.

use super::ordering::{history_index, pick, Scores};
use super::params::*;
use super::time::TimeManager;
use super::tt::Bound;
use super::worker::Worker;
use super::{Info, RootMoves, SearchResult};
use crate::game::{MoveList, Rules, Score, INFINITY, MATE, MATE_BOUND};
use std::sync::atomic::Ordering;

pub struct RootMove<M> {
    pub mv: M,
    /// Score of the current iteration (`-INFINITY` until searched, or when it failed low).
    pub score: Score,
    /// Score of the last completed iteration (the aspiration window's centre).
    pub previous_score: Score,
    pub pv: Vec<M>,
    pub seldepth: usize,
}

impl<G: Rules> Worker<'_, G> {
    /// Runs iterative deepening until a limit ends it; the main thread reports each completed
    /// iteration through `report`.
    pub fn iterate(&mut self, report: &mut dyn FnMut(Info<G::Move>)) -> SearchResult<G::Move> {
        let (mut root_moves, legal) = self.root_moves();
        if root_moves.is_empty() {
            return self.no_move_result(legal);
        }
        let limits = self.shared.limits;
        let lines = if self.is_main() {
            limits.multipv.clamp(1, root_moves.len())
        } else {
            1
        };
        let mut completed_depth = 0;
        // Best move and score of the last completed iteration, and for how many iterations in a
        // row the best move stayed the same: the time manager's view of the search.
        let mut settled: Option<(G::Move, Score)> = None;
        let mut stable_iterations = 0;
        // Helpers start one ply deeper every other thread, so that Lazy SMP threads spread over
        // two depths and fill the shared TT with different subtrees.
        let first_depth = 1 + (self.id % 2) as u32;
        for depth in first_depth..=self.shared.max_depth {
            for rm in root_moves.iter_mut() {
                rm.previous_score = if rm.score == -INFINITY {
                    rm.previous_score
                } else {
                    rm.score
                };
                rm.score = -INFINITY;
            }
            self.root_depth = depth as i32;
            for line in 0..lines {
                self.seldepth = 0;
                self.search_line(&mut root_moves, depth as i32, line);
                if self.aborted {
                    break;
                }
                // Lines found later may (through search instability) outscore earlier ones.
                root_moves[..=line].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if self.aborted {
                break;
            }
            completed_depth = depth;
            if self.is_main() {
                self.flush_nodes();
                for (index, rm) in root_moves.iter().take(lines).enumerate() {
                    report(self.info(depth, index + 1, rm));
                }
                let (best, score) = (root_moves[0].mv, root_moves[0].score);
                let mut score_drop = 0;
                if let Some((previous, previous_score)) = settled {
                    stable_iterations = if previous == best {
                        stable_iterations + 1
                    } else {
                        0
                    };
                    score_drop = previous_score - score;
                }
                settled = Some((best, score));
                let scale = if depth >= STABILITY_DEPTH {
                    TimeManager::soft_scale_permille(stable_iterations, score_drop)
                } else {
                    1000
                };
                if self.should_stop_after(depth, &root_moves, scale) {
                    break;
                }
            }
        }
        if self.is_main() {
            self.wait_while_infinite_or_pondering();
        }
        self.flush_nodes();
        self.result(&root_moves, completed_depth)
    }

    /// The result when there is no root move to search: with no legal move, the game's
    /// verdict; with legal moves all excluded (`searchmoves`), nothing to say.
    fn no_move_result(&self, legal: usize) -> SearchResult<G::Move> {
        let score = if legal == 0 {
            self.game
                .no_moves_outcome()
                .score_for(self.game.side_to_move(), 0)
        } else {
            0
        };
        SearchResult {
            best: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
        }
    }

    /// The result of the search: the best root move, its line extended from the TT, its score.
    fn result(
        &mut self,
        root_moves: &[RootMove<G::Move>],
        completed_depth: u32,
    ) -> SearchResult<G::Move> {
        // After an abort the partial iteration's results count only where they are complete:
        // moves searched this iteration hold real scores, the others keep their order.
        let best = &root_moves[0];
        let score = if best.score == -INFINITY {
            best.previous_score
        } else {
            best.score
        };
        let pv = if best.pv.is_empty() {
            vec![best.mv]
        } else {
            best.pv.clone()
        };
        let pv = self.extend_from_tt(pv, 2);
        SearchResult {
            best: Some(pv[0]),
            ponder: pv.get(1).copied(),
            score,
            depth: completed_depth.max(1),
            nodes: self.shared.nodes(),
        }
    }

    /// The root moves `Limits::root_moves` allows, ordered as an interior node would order
    /// them, and the number of legal moves.
    fn root_moves(&mut self) -> (Vec<RootMove<G::Move>>, usize) {
        let mut moves = MoveList::new();
        self.game.generate(&mut moves);
        let legal = moves.len();
        let allowed = &self.shared.limits.root_moves;
        moves.retain(|&mut mv| allowed.allows(G::move_key(mv)));
        let tt_move_key = self
            .shared
            .tt
            .probe(self.game.key(), 0)
            .map_or(0, |h| h.move_key);
        let mut scores = Scores::new();
        self.order(&moves, &mut scores, tt_move_key, 0);
        let root_moves = (0..moves.len())
            .map(|i| RootMove {
                mv: pick(&mut moves, &mut scores, i),
                score: -INFINITY,
                previous_score: -INFINITY,
                pv: Vec::new(),
                seldepth: 0,
            })
            .collect();
        (root_moves, legal)
    }

    /// Finds the best move outside the first `line` root moves, within an aspiration window
    /// around its previous score that widens on every failure.
    fn search_line(&mut self, root_moves: &mut [RootMove<G::Move>], depth: i32, line: usize) {
        let previous = root_moves[line].previous_score;
        let mut margin = ASPIRATION_MARGIN;
        let (mut alpha, mut beta) =
            if depth as u32 >= ASPIRATION_DEPTH && previous.abs() < MATE_BOUND {
                (previous - margin, previous + margin)
            } else {
                (-INFINITY, INFINITY)
            };
        loop {
            let score = self.search_root(root_moves, depth, alpha, beta, line);
            if self.aborted {
                return;
            }
            if score <= alpha && alpha > -INFINITY {
                beta = (alpha + beta) / 2;
                alpha = (score - margin).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + margin).min(INFINITY);
            } else {
                return;
            }
            margin = margin.saturating_mul(ASPIRATION_GROWTH);
        }
    }

    /// PVS over the root moves from index `line` on (earlier ones are lines already reported).
    fn search_root(
        &mut self,
        root_moves: &mut [RootMove<G::Move>],
        depth: i32,
        mut alpha: Score,
        beta: Score,
        line: usize,
    ) -> Score {
        self.pv[0].clear();
        self.count_node(0);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_index = None;
        for (i, rm) in root_moves.iter_mut().enumerate().skip(line) {
            let mv = rm.mv;
            let played = history_index(&self.game, mv);
            self.heuristics.set_played(0, Some(played));
            self.game.make(mv);
            let score = if i == line {
                -self.alpha_beta(depth - 1, -beta, -alpha, 1, true)
            } else {
                let score = -self.alpha_beta(depth - 1, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta {
                    -self.alpha_beta(depth - 1, -beta, -alpha, 1, true)
                } else {
                    score
                }
            };
            self.game.unmake();
            if self.aborted {
                break;
            }
            if i == line || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend(self.pv[1].iter().copied());
            } else {
                // Only known to be worse than the line's best: sorts after it.
                rm.score = -INFINITY;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                best_index = Some(i);
                if score >= beta {
                    break;
                }
            }
        }
        root_moves[line..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        // The best of some root moves is not the position's value: only a full root is stored.
        let full_root = self.shared.limits.root_moves == RootMoves::All;
        if !self.aborted && line == 0 && full_root {
            let bound = Bound::of(best, beta, alpha > original_alpha);
            let move_key = best_index.map_or(0, |_| G::move_key(root_moves[0].mv));
            let key = self.game.key();
            self.shared.tt.store(key, 0, move_key, best, depth, bound);
        }
        best
    }

    fn info(&self, depth: u32, multipv: usize, rm: &RootMove<G::Move>) -> Info<G::Move> {
        let pv = if rm.pv.is_empty() {
            vec![rm.mv]
        } else {
            rm.pv.clone()
        };
        Info {
            depth,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv,
            score: rm.score,
            nodes: self.shared.nodes(),
            time_ms: self.shared.control.elapsed_ms(),
            hashfull: self.shared.tt.hashfull(),
            pv: self.extend_from_tt(pv, depth as usize),
        }
    }

    /// Whether the main thread should stop after completing `depth`, the soft time limit
    /// scaled by `scale_permille`.
    fn should_stop_after(
        &self,
        depth: u32,
        root_moves: &[RootMove<G::Move>],
        scale_permille: u64,
    ) -> bool {
        let shared = self.shared;
        let control = shared.control;
        let limits = shared.limits;
        if control.stopped() || shared.abort.load(Ordering::Relaxed) {
            return true;
        }
        if limits.nodes.is_some_and(|n| shared.nodes() >= n) {
            return true;
        }
        let score = root_moves[0].score;
        if let Some(mate) = limits.mate {
            // `mate N`: a mate in at most N moves (2N - 1 plies) is what was asked for; no line
            // is longer than MAX_PLY, so a larger N (up to u32::MAX from the GUI) means any mate.
            let plies = mate.saturating_mul(2).saturating_sub(1).min(MAX_PLY as u32);
            if score >= MATE - plies as Score {
                return true;
            }
        }
        if shared.time.soft_expired(control, scale_permille) {
            return true;
        }
        // With one legal move, or a forced mate already seen from both ends, a clock-limited
        // search has nothing left to learn.
        let idle = limits.infinite || control.pondering();
        if shared.time.is_limited() && !idle {
            let mate_plies = MATE - score.abs();
            if root_moves.len() == 1 || (score.abs() >= MATE_BOUND && depth as Score > mate_plies) {
                return true;
            }
        }
        depth >= shared.max_depth
    }

    /// UCI: after `go infinite` or `go ponder` the best move is only sent after `stop` (or, when
    /// pondering, after `ponderhit`), even when the search itself has nothing left to do or a
    /// node limit ended it.
    fn wait_while_infinite_or_pondering(&self) {
        let shared = self.shared;
        let control = shared.control;
        while !control.stopped() && (shared.limits.infinite || control.pondering()) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// Follows TT moves (checked against the legal moves) after `line` until it is `length` long,
    /// the game ends or a position repeats.
    pub fn extend_from_tt(&self, mut line: Vec<G::Move>, length: usize) -> Vec<G::Move> {
        if line.len() >= length {
            return line;
        }
        let mut game = self.game.clone();
        for &mv in &line {
            game.make(mv);
        }
        let mut seen = vec![game.key()];
        while line.len() < length.min(MAX_PLY) {
            if game.outcome().is_some() {
                break;
            }
            let Some(hit) = self.shared.tt.probe(game.key(), 0) else {
                break;
            };
            let mut moves = MoveList::new();
            game.generate(&mut moves);
            let Some(&mv) = moves.iter().find(|&&m| G::move_key(m) == hit.move_key) else {
                break;
            };
            game.make(mv);
            line.push(mv);
            if seen.contains(&game.key()) {
                break;
            }
            seen.push(game.key());
        }
        line
    }
}
