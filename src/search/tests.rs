//! Search tests on two tiny games whose solutions are known independently of the search:
//! take-away Nim (the side to move loses exactly when the pile is a multiple of 4; the game length
//! under best play follows from that) and tic-tac-toe (a draw; scores checked against a plain
//! minimax written here, without pruning or tables).

use super::*;
use crate::game::{Dialect, MoveError, Outcome, Side, VariantOptions, MATE, MATE_BOUND};
use crate::game::{MoveList, INFINITY};
use std::sync::atomic::Ordering;

/// A well-spread key for a small number.
fn mix(z: u64) -> u64 {
    crate::rng::SplitMix64::new(z).next_u64()
}

/// Take 1 to `max_take` stones from one pile; whoever takes the last stone wins (the side to move
/// at an empty pile has no move and has lost). Taking the most allowed counts as "noisy".
#[derive(Clone, Debug)]
pub struct Nim {
    pile: u32,
    max_take: u32,
    taken: Vec<u32>,
    start_side: Side,
}

impl Nim {
    pub fn new_pile(pile: u32, max_take: u32) -> Nim {
        Nim {
            pile,
            max_take,
            taken: Vec::new(),
            start_side: Side::White,
        }
    }
}

impl Game for Nim {
    type Move = u32;
    fn new(_: &str, _: &VariantOptions) -> Result<Self, String> {
        Ok(Nim::new_pile(21, 3))
    }
    fn variant(&self) -> &'static str {
        "nim"
    }
    fn set_fen(&mut self, fen: &str, _: Dialect) -> Result<(), String> {
        self.pile = fen.trim().parse().map_err(|_| "bad pile".to_string())?;
        self.taken.clear();
        Ok(())
    }
    fn fen(&self, _: Dialect) -> String {
        self.pile.to_string()
    }
    fn side_to_move(&self) -> Side {
        if self.taken.len().is_multiple_of(2) {
            self.start_side
        } else {
            self.start_side.other()
        }
    }
    fn key(&self) -> u64 {
        mix(self.pile as u64 * 2 + self.side_to_move().index() as u64)
    }
    fn compute_key(&self) -> u64 {
        self.key()
    }
    fn plies(&self) -> usize {
        self.taken.len()
    }
    fn generate(&self, moves: &mut MoveList<u32>) {
        for take in 1..=self.max_take.min(self.pile) {
            moves.push(take);
        }
    }
    fn generate_noisy(&self, moves: &mut MoveList<u32>) {
        if self.pile >= self.max_take {
            moves.push(self.max_take);
        }
    }
    fn make(&mut self, mv: u32) {
        self.pile -= mv;
        self.taken.push(mv);
    }
    fn unmake(&mut self) {
        if let Some(mv) = self.taken.pop() {
            self.pile += mv;
        }
    }
    fn in_check(&self) -> bool {
        false
    }
    fn rule_outcome(&self, _: bool) -> Option<Outcome> {
        None
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::win(self.side_to_move().other(), "took the last stone")
    }
    fn evaluate(&self) -> Score {
        0
    }
    fn is_noisy(&self, mv: u32) -> bool {
        mv == self.max_take
    }
    fn order_hint(&self, mv: u32) -> i32 {
        mv as i32
    }
    fn move_key(mv: u32) -> u32 {
        mv
    }
    fn history_slot(&self, mv: u32) -> usize {
        mv as usize
    }
    fn parse_move(&self, text: &str, _: Dialect) -> Result<u32, MoveError> {
        text.parse().map_err(|_| MoveError::Unparsable(text.into()))
    }
    fn move_text(&self, mv: u32, _: Dialect) -> String {
        mv.to_string()
    }
    fn xboard_variant(&self) -> &'static str {
        "nim"
    }
    fn diagram(&self) -> String {
        self.pile.to_string()
    }
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe on cells 0..9 (row by row); X (White) moves first. A move is the cell index.
#[derive(Clone, Debug)]
pub struct TicTacToe {
    cells: [u8; 9],
    played: Vec<u8>,
    /// A deliberately bad evaluation (favours the side to move by 7) to check that real scores
    /// come from the game's end, not from the evaluation.
    eval_bias: Score,
}

impl TicTacToe {
    /// Plays `cells` in order from the empty board.
    pub fn after(cells: &[u8]) -> TicTacToe {
        let mut game = TicTacToe {
            cells: [0; 9],
            played: Vec::new(),
            eval_bias: 7,
        };
        for &c in cells {
            game.make(c);
        }
        game
    }
    fn line_of(&self, mark: u8) -> bool {
        LINES
            .iter()
            .any(|line| line.iter().all(|&c| self.cells[c] == mark))
    }
}

impl Game for TicTacToe {
    type Move = u8;
    fn new(_: &str, _: &VariantOptions) -> Result<Self, String> {
        Ok(TicTacToe::after(&[]))
    }
    fn variant(&self) -> &'static str {
        "tictactoe"
    }
    fn set_fen(&mut self, _: &str, _: Dialect) -> Result<(), String> {
        Err("no FEN".into())
    }
    fn fen(&self, _: Dialect) -> String {
        format!("{:?}", self.cells)
    }
    fn side_to_move(&self) -> Side {
        if self.played.len().is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        }
    }
    fn key(&self) -> u64 {
        self.compute_key()
    }
    fn compute_key(&self) -> u64 {
        self.cells
            .iter()
            .fold(0u64, |k, &c| k * 3 + c as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ mix(self.side_to_move().index() as u64)
    }
    fn plies(&self) -> usize {
        self.played.len()
    }
    fn generate(&self, moves: &mut MoveList<u8>) {
        for (i, &c) in self.cells.iter().enumerate() {
            if c == 0 {
                moves.push(i as u8);
            }
        }
    }
    fn generate_noisy(&self, _: &mut MoveList<u8>) {}
    fn make(&mut self, mv: u8) {
        self.cells[mv as usize] = 1 + self.side_to_move().index() as u8;
        self.played.push(mv);
    }
    fn unmake(&mut self) {
        if let Some(mv) = self.played.pop() {
            self.cells[mv as usize] = 0;
        }
    }
    fn in_check(&self) -> bool {
        false
    }
    fn rule_outcome(&self, _: bool) -> Option<Outcome> {
        let last = self.side_to_move().other();
        if self.line_of(1 + last.index() as u8) {
            Some(Outcome::win(last, "three in a row"))
        } else if self.played.len() == 9 {
            Some(Outcome::draw("board full"))
        } else {
            None
        }
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::draw("board full")
    }
    fn evaluate(&self) -> Score {
        self.eval_bias
    }
    fn is_noisy(&self, _: u8) -> bool {
        false
    }
    fn order_hint(&self, _: u8) -> i32 {
        0
    }
    fn move_key(mv: u8) -> u32 {
        mv as u32 + 1
    }
    fn history_slot(&self, mv: u8) -> usize {
        mv as usize
    }
    fn parse_move(&self, text: &str, _: Dialect) -> Result<u8, MoveError> {
        text.parse().map_err(|_| MoveError::Unparsable(text.into()))
    }
    fn move_text(&self, mv: u8, _: Dialect) -> String {
        mv.to_string()
    }
    fn xboard_variant(&self) -> &'static str {
        "tictactoe"
    }
    fn diagram(&self) -> String {
        self.fen(Dialect::Uci)
    }
}

/// Plain negamax over the whole game tree: the independent reference for game-theoretic scores.
fn minimax<G: Game>(game: &mut G, ply: usize) -> Score {
    let side = game.side_to_move();
    if ply > 0 {
        if let Some(o) = game.rule_outcome(true) {
            return o.score_for(side, ply);
        }
    }
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    if moves.is_empty() {
        return game.no_moves_outcome().score_for(side, ply);
    }
    let mut best = -INFINITY;
    for &mv in &moves {
        game.make(mv);
        best = best.max(-minimax(game, ply + 1));
        game.unmake();
    }
    best
}

fn limits() -> Limits {
    Limits {
        multipv: 1,
        threads: 1,
        ..Limits::default()
    }
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..limits()
    }
}

/// Runs a search with a fresh 1 MB table; returns the result and every report.
fn run<G: Game>(game: &G, limits: &Limits) -> (SearchResult<G::Move>, Vec<Info<G::Move>>) {
    let tt = TranspositionTable::new(1);
    let control = Control::new(limits.ponder);
    let mut infos = Vec::new();
    let result = search(game, limits, &tt, &control, &mut |i| infos.push(i.clone()));
    (result, infos)
}

fn nim_score(pile: u32) -> Score {
    // Losing piles (multiples of 4) last pile/2 plies; from 4k + r the winner takes r, then
    // answers every take t with 4 - t: 1 + 2k plies.
    if pile.is_multiple_of(4) {
        -MATE + (pile / 2) as Score
    } else {
        MATE - (1 + 2 * (pile / 4)) as Score
    }
}

fn is_legal<G: Game>(game: &G, mv: G::Move) -> bool {
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    moves.contains(&mv)
}

/// Checks that `line` is a sequence of legal moves from `game`.
fn assert_legal_line<G: Game>(game: &G, line: &[G::Move]) {
    let mut g = game.clone();
    for &mv in line {
        assert!(is_legal(&g, mv), "illegal {mv:?} in {line:?}");
        g.make(mv);
    }
}

#[test]
fn nim_mate_distances_are_exact() {
    for pile in 1..=14 {
        let game = Nim::new_pile(pile, 3);
        let (result, infos) = run(&game, &depth(pile + 1));
        assert_eq!(result.score, nim_score(pile), "pile {pile}");
        if !pile.is_multiple_of(4) {
            assert_eq!(result.best, Some(pile % 4), "pile {pile}: the winning take");
        } else {
            assert!(result.best.is_some_and(|m| (1..=3).contains(&m)));
        }
        let last = infos.last().expect("a report per iteration");
        assert_eq!(last.score, result.score);
        assert_legal_line(&game, &last.pv);
    }
}

#[test]
fn nim_with_larger_takes() {
    // Take 1..=5: the side to move loses on multiples of 6.
    for pile in [6, 12, 13, 17] {
        let (result, _) = run(&Nim::new_pile(pile, 5), &depth(20));
        if pile.is_multiple_of(6) {
            assert!(result.score <= -MATE_BOUND, "pile {pile}: {}", result.score);
        } else {
            assert!(result.score >= MATE_BOUND, "pile {pile}: {}", result.score);
            assert_eq!(result.best, Some(pile % 6));
        }
    }
}

#[test]
fn tic_tac_toe_scores_match_plain_minimax() {
    let positions: &[&[u8]] = &[
        &[],
        &[4],
        &[4, 1],    // X centre, O edge: X wins
        &[0, 4, 8], // O to move, must not lose
        &[4, 0],
        &[0, 1],
        &[0, 4, 1, 8],
        &[1, 3, 5],
    ];
    for cells in positions {
        let mut game = TicTacToe::after(cells);
        let expected = minimax(&mut game, 0);
        let (result, infos) = run(&game, &depth(10));
        assert_eq!(result.score, expected, "after {cells:?}");
        let best = result.best.expect("a move");
        game.make(best);
        assert_eq!(-minimax(&mut game, 1), expected, "after {cells:?}: {best}");
        game.unmake();
        assert_legal_line(&game, &infos.last().expect("reports").pv);
    }
    assert_eq!(
        minimax(&mut TicTacToe::after(&[]), 0),
        0,
        "tic-tac-toe is a draw"
    );
    assert!(minimax(&mut TicTacToe::after(&[4, 1]), 0) >= MATE_BOUND);
}

#[test]
fn multipv_lines_carry_each_moves_true_score() {
    // X centre, O edge: every X reply has a known minimax value; MultiPV must list the best
    // four moves with those values, best first, indexed from 1.
    let mut game = TicTacToe::after(&[4, 1]);
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    let mut truth: Vec<(u8, Score)> = moves
        .iter()
        .map(|&m| {
            game.make(m);
            let s = -minimax(&mut game, 1);
            game.unmake();
            (m, s)
        })
        .collect();
    truth.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    let limits = Limits {
        multipv: 4,
        ..depth(8)
    };
    let (result, infos) = run(&game, &limits);
    let last_depth: Vec<_> = infos.iter().filter(|i| i.depth == 8).collect();
    assert_eq!(last_depth.len(), 4);
    for (k, info) in last_depth.iter().enumerate() {
        assert_eq!(info.multipv, k + 1);
        assert_eq!(info.score, truth[k].1, "line {}", k + 1);
        let (_, true_score) = truth
            .iter()
            .find(|&&(m, _)| m == info.pv[0])
            .expect("a root move");
        assert_eq!(
            info.score,
            *true_score,
            "line {} move {}",
            k + 1,
            info.pv[0]
        );
    }
    let firsts: std::collections::HashSet<u8> = last_depth.iter().map(|i| i.pv[0]).collect();
    assert_eq!(firsts.len(), 4, "four different moves");
    assert_eq!(result.best, Some(last_depth[0].pv[0]));
    // More lines than moves: one line per move.
    let all = Limits {
        multipv: 50,
        ..depth(3)
    };
    let (_, infos) = run(&TicTacToe::after(&[0, 1, 2, 3, 4]), &all);
    assert_eq!(infos.iter().filter(|i| i.depth == 3).count(), 4);
}

#[test]
fn single_thread_depth_search_is_deterministic() {
    let game = TicTacToe::after(&[4]);
    let (a, _) = run(&game, &depth(7));
    let (b, _) = run(&game, &depth(7));
    assert_eq!(a.nodes, b.nodes);
    assert!(a.nodes > 100);
    assert_eq!(a.best, b.best);
}

#[test]
fn nodes_accumulate_in_control_and_match_the_result() {
    let game = TicTacToe::after(&[]);
    let tt = TranspositionTable::new(1);
    let control = Control::new(false);
    control.nodes.store(1000, Ordering::Relaxed);
    let mut last = None;
    let result = search(&game, &depth(6), &tt, &control, &mut |i| {
        last = Some(i.nodes)
    });
    assert_eq!(control.nodes.load(Ordering::Relaxed), 1000 + result.nodes);
    assert!(last.is_some_and(|n| n <= result.nodes && n > 0));
}

#[test]
fn node_limit_stops_the_search() {
    let game = Nim::new_pile(1000, 7);
    let limits = Limits {
        nodes: Some(5_000),
        ..limits()
    };
    let (result, _) = run(&game, &limits);
    assert!(result.best.is_some());
    assert!(result.nodes >= 5_000 && result.nodes < 5_000 + 2 * params::CHECK_INTERVAL);
}

#[test]
fn stopped_before_start_still_returns_a_legal_move() {
    let game = TicTacToe::after(&[0, 4]);
    let tt = TranspositionTable::new(1);
    let control = Control::new(false);
    control.stop();
    let result = search(&game, &limits(), &tt, &control, &mut |_| {});
    assert!(result.best.is_some_and(|m| is_legal(&game, m)));
}

#[test]
fn stop_ends_an_infinite_search() {
    let game = Nim::new_pile(100_000, 9);
    let tt = TranspositionTable::new(1);
    let control = Control::new(false);
    let limits = Limits {
        infinite: true,
        ..limits()
    };
    let result = std::thread::scope(|s| {
        let handle = s.spawn(|| search(&game, &limits, &tt, &control, &mut |_| {}));
        std::thread::sleep(std::time::Duration::from_millis(50));
        assert!(!handle.is_finished(), "infinite search ended by itself");
        control.stop();
        handle.join().expect("search thread")
    });
    assert!(result.best.is_some_and(|m| is_legal(&game, m)));
}

#[test]
fn ponder_search_waits_for_ponderhit_then_obeys_the_clock() {
    // A tiny game solved at once: while pondering the search must still not return.
    let game = Nim::new_pile(5, 3);
    let tt = TranspositionTable::new(1);
    let control = Control::new(true);
    let limits = Limits {
        ponder: true,
        wtime: Some(10_000),
        ..limits()
    };
    let result = std::thread::scope(|s| {
        let handle = s.spawn(|| search(&game, &limits, &tt, &control, &mut |_| {}));
        std::thread::sleep(std::time::Duration::from_millis(30));
        assert!(!handle.is_finished(), "returned while pondering");
        control.ponderhit();
        handle.join().expect("search thread")
    });
    assert_eq!(result.best, Some(1));
}

#[test]
fn no_legal_move_returns_none_with_the_rules_score() {
    let (result, infos) = run(&Nim::new_pile(0, 3), &depth(4));
    assert_eq!(result.best, None);
    assert_eq!(result.score, -MATE);
    assert!(infos.is_empty());
}

#[test]
fn depth_limits_are_clamped() {
    let (result, _) = run(&Nim::new_pile(3, 3), &depth(300));
    assert_eq!(result.best, Some(3));
    assert!(result.depth <= params::MAX_DEPTH);
    let (result, infos) = run(&Nim::new_pile(7, 3), &depth(0));
    assert_eq!(result.depth, 1);
    assert!(result.best.is_some());
    assert_eq!(infos.len(), 1);
}

#[test]
fn mate_limit_stops_once_a_short_enough_mate_is_found() {
    // Pile 9 (take 1..3) is a win in 5 plies = mate in 3.
    let limits = Limits {
        mate: Some(3),
        ..limits()
    };
    let (result, infos) = run(&Nim::new_pile(9, 3), &limits);
    assert_eq!(result.score, MATE - 5);
    assert_eq!(result.best, Some(1));
    // Found at depth 6 (the empty pile is seen as lost by a full-width node, not by qsearch),
    // long before the depth limit.
    assert!(infos.last().is_some_and(|i| i.depth < 10));
}

#[test]
fn pv_and_ponder_move_are_legal_and_follow_the_best_move() {
    let game = TicTacToe::after(&[4, 1]);
    let (result, infos) = run(&game, &depth(7));
    let pv = &infos.last().expect("reports").pv;
    assert_eq!(Some(pv[0]), result.best);
    assert_legal_line(&game, pv);
    assert!(pv.len() >= 2);
    assert_eq!(result.ponder, Some(pv[1]));
}

#[test]
fn bogus_tt_moves_are_never_played() {
    // Every position's TT entry points at a move key that no legal move has.
    let game = TicTacToe::after(&[0]);
    let tt = TranspositionTable::new(1);
    let mut g = game.clone();
    let mut moves = MoveList::new();
    g.generate(&mut moves);
    tt.store(g.key(), 0, 999, 500, 50, tt::Bound::Exact);
    for &m in &moves {
        g.make(m);
        tt.store(g.key(), 1, 77, 0, 1, tt::Bound::Upper);
        g.unmake();
    }
    let control = Control::new(false);
    let mut infos = Vec::new();
    let result = search(&game, &depth(4), &tt, &control, &mut |i| {
        infos.push(i.clone())
    });
    assert!(result.best.is_some_and(|m| is_legal(&game, m)));
    for info in &infos {
        assert_legal_line(&game, &info.pv);
    }
}

#[test]
fn threads_agree_on_solved_positions() {
    for threads in [2, 3] {
        let limits = Limits {
            threads,
            ..depth(10)
        };
        let (result, _) = run(&TicTacToe::after(&[]), &limits);
        assert_eq!(result.score, 0);
        let (result, _) = run(&Nim::new_pile(13, 3), &limits);
        assert_eq!(result.score, nim_score(13));
        assert_eq!(result.best, Some(1));
    }
}

#[test]
fn reports_carry_progress_figures() {
    let tt = TranspositionTable::new(1);
    let control = Control::new(false);
    let mut infos = Vec::new();
    search(&TicTacToe::after(&[]), &depth(6), &tt, &control, &mut |i| {
        infos.push(i.clone())
    });
    assert_eq!(
        infos.iter().map(|i| i.depth).collect::<Vec<_>>(),
        (1..=6).collect::<Vec<_>>()
    );
    for pair in infos.windows(2) {
        assert!(pair[0].nodes <= pair[1].nodes);
    }
    let last = infos.last().expect("reports");
    assert!(last.seldepth >= last.depth);
    assert!(
        last.hashfull > 0,
        "a 1 MB table sampled after thousands of stores"
    );
}

#[test]
fn ponder_search_ended_by_a_node_limit_still_waits_for_ponderhit() {
    let game = Nim::new_pile(1000, 7);
    let tt = TranspositionTable::new(1);
    let control = Control::new(true);
    let limits = Limits {
        ponder: true,
        nodes: Some(500),
        ..limits()
    };
    let result = std::thread::scope(|s| {
        let handle = s.spawn(|| search(&game, &limits, &tt, &control, &mut |_| {}));
        std::thread::sleep(std::time::Duration::from_millis(30));
        assert!(!handle.is_finished(), "returned while pondering");
        control.ponderhit();
        handle.join().expect("search thread")
    });
    assert!(result.best.is_some_and(|m| (1..=7).contains(&m)));
}
