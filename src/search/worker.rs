//! One search thread's state: its copy of the game, node counter, PV table and move-ordering
//! heuristics, plus what all threads share (TT, control, limits, the internal abort flag).

use super::ordering::{score_moves, Heuristics, Scores};
use super::params::*;
use super::time::TimeManager;
use super::{Control, Limits, TranspositionTable};
use crate::game::{MoveList, Rules, Score, Side, MATE_BOUND};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// What every thread of one search shares.
pub struct Shared<'a> {
    pub limits: &'a Limits,
    pub tt: &'a TranspositionTable,
    pub control: &'a Control,
    /// Set by the main thread when the search is over, so that helpers stop too (the caller's
    /// `Control` is left alone).
    pub abort: AtomicBool,
    pub time: TimeManager,
    /// Deepest iteration to start.
    pub max_depth: u32,
    /// `control.nodes` when the search began (the counter may be reused by the caller).
    pub nodes_at_start: u64,
}

impl<'a> Shared<'a> {
    /// The state of a new search from a position where `side` is to move.
    pub fn new(
        limits: &'a Limits,
        tt: &'a TranspositionTable,
        control: &'a Control,
        side: Side,
    ) -> Shared<'a> {
        Shared {
            limits,
            tt,
            control,
            abort: AtomicBool::new(false),
            time: TimeManager::new(limits, side),
            // `go depth 0` still searches one ply (a move must come back); `depth 300` is clamped.
            max_depth: limits.depth.map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH)),
            nodes_at_start: control.nodes.load(Ordering::Relaxed),
        }
    }

    /// Nodes searched by all threads so far (counts not yet flushed by helpers excluded).
    pub fn nodes(&self) -> u64 {
        self.control
            .nodes
            .load(Ordering::Relaxed)
            .saturating_sub(self.nodes_at_start)
    }
}

pub type Line<M> = ArrayVec<M, { MAX_PLY + 1 }>;

/// What a node has found among the moves searched so far: the best score and the move that
/// raised `alpha`, the score a move must beat to enter the PV.
pub struct Found<M> {
    pub best: Score,
    pub best_move: Option<M>,
    pub alpha: Score,
}

pub struct Worker<'a, G: Rules> {
    pub game: G,
    pub shared: &'a Shared<'a>,
    /// 0 is the main thread: it alone watches the clock and the node limit, and reports.
    pub id: usize,
    pub heuristics: Heuristics<G::Move>,
    /// Triangular PV table: `pv[ply]` is the best line found from `ply` on.
    pub pv: Vec<Line<G::Move>>,
    /// Nodes counted by this thread in this search.
    pub nodes: u64,
    /// Nodes not yet added to `control.nodes`.
    unflushed: u64,
    /// Node count at which to look at the stop flag and limits again.
    next_poll: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    /// The main search's static evaluation at each ply of the current line (`NO_EVAL` in check).
    pub static_evals: Vec<Score>,
    /// Depth of the current iteration.
    pub root_depth: i32,
    /// The search must unwind now: results computed after this are garbage.
    pub aborted: bool,
    /// Static evaluations by position key: quiescence and the main search evaluate the same
    /// positions again and again (transpositions, re-searches, the next iteration).
    eval_cache: Vec<CachedEval>,
}

/// One `Worker::eval_cache` entry; `filled` tells a real entry from the zeroed start.
#[derive(Clone, Copy, Default)]
struct CachedEval {
    key: u64,
    score: Score,
    filled: bool,
}

/// Late move reductions by depth and move number (`LMR_BASE + ln d * ln m / LMR_DIVISOR`).
pub fn lmr_reduction(depth: i32, move_number: usize) -> i32 {
    static TABLE: OnceLock<Vec<[u8; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (m, r) in row.iter_mut().enumerate().skip(1) {
                    if d > 0 {
                        let value = LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR;
                        *r = value.max(0.0) as u8;
                    }
                }
                row
            })
            .collect()
    });
    table[depth.clamp(0, 63) as usize][move_number.min(63)] as i32
}

impl<'a, G: Rules> Worker<'a, G> {
    pub fn new(game: G, shared: &'a Shared<'a>, id: usize) -> Worker<'a, G> {
        Worker {
            game,
            shared,
            id,
            heuristics: Heuristics::new(),
            pv: vec![Line::new(); MAX_PLY + 1],
            nodes: 0,
            unflushed: 0,
            next_poll: CHECK_INTERVAL,
            seldepth: 0,
            static_evals: vec![super::alpha_beta::NO_EVAL; MAX_PLY + 1],
            root_depth: 0,
            aborted: false,
            eval_cache: vec![CachedEval::default(); EVAL_CACHE_ENTRIES],
        }
    }

    /// Ordering scores of `moves` at `ply` into `scores`: the table's move first, then by
    /// `score_moves`. Filled in place: returning the full-capacity list by value copies it.
    pub fn order(
        &self,
        moves: &MoveList<G::Move>,
        scores: &mut Scores,
        tt_move_key: u32,
        ply: usize,
    ) {
        score_moves(
            &self.game,
            moves,
            scores,
            tt_move_key,
            &self.heuristics,
            ply,
        );
    }

    pub fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Counts a node; every `CHECK_INTERVAL` nodes looks at the stop flag and the limits.
    #[inline]
    pub fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.unflushed += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + CHECK_INTERVAL;
            self.poll();
        }
    }

    /// Adds this thread's new nodes to the shared counter.
    pub fn flush_nodes(&mut self) {
        if self.unflushed > 0 {
            self.shared
                .control
                .nodes
                .fetch_add(self.unflushed, Ordering::Relaxed);
            self.unflushed = 0;
        }
    }

    fn poll(&mut self) {
        if self.is_main() || self.unflushed >= NODE_FLUSH_INTERVAL {
            self.flush_nodes();
        }
        let shared = self.shared;
        if shared.abort.load(Ordering::Relaxed) || shared.control.stopped() {
            self.aborted = true;
            return;
        }
        if self.is_main() {
            let out_of_nodes = shared.limits.nodes.is_some_and(|n| shared.nodes() >= n);
            if out_of_nodes || shared.time.hard_expired(shared.control) {
                self.aborted = true;
                shared.abort.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Static evaluation, kept clear of the mate range. The evaluation is a function of the
    /// position, which the key stands for (as in the TT), so a cached score is the same score.
    #[inline]
    pub fn evaluate(&mut self) -> Score {
        let key = self.game.key();
        let fresh = |game: &G| game.evaluate().clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        let slot = key as usize % EVAL_CACHE_ENTRIES;
        let entry = &mut self.eval_cache[slot];
        if entry.filled && entry.key == key {
            debug_assert_eq!(
                entry.score,
                fresh(&self.game),
                "a position's key must determine its evaluation"
            );
            return entry.score;
        }
        self.game.prepare_evaluation();
        let score = fresh(&self.game);
        self.eval_cache[slot] = CachedEval {
            key,
            score,
            filled: true,
        };
        score
    }

    /// Holds the `score` of `mv` (searched at `ply`) against what the node has `found`: a better
    /// score becomes the best; one above alpha raises it and puts the move at the head of the PV.
    /// True when the move refutes the node (`score >= beta`): the caller stops searching it.
    #[inline]
    pub fn take(
        &mut self,
        found: &mut Found<G::Move>,
        ply: usize,
        mv: G::Move,
        score: Score,
        beta: Score,
    ) -> bool {
        if score > found.best {
            found.best = score;
            if score > found.alpha {
                found.alpha = score;
                found.best_move = Some(mv);
                self.update_pv(ply, mv);
                return score >= beta;
            }
        }
        false
    }

    /// The score of a position the rules end at `ply` (a repetition, a rule draw, a captured
    /// king...), from the side to move's view.
    #[inline]
    pub fn rule_score(&self, ply: usize) -> Option<Score> {
        let side = self.game.side_to_move();
        self.game.rule_outcome(true).map(|o| o.score_for(side, ply))
    }

    /// `mv` followed by the child's line becomes the best line at `ply`.
    #[inline]
    pub fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(child) = tail.first() {
            let room = line.remaining_capacity().min(child.len());
            line.extend(child[..room].iter().copied());
        }
    }
}
