//! Search tests, one file a subject, on two tiny games (`games.rs`) whose solutions are known
//! independently of the search: take-away Nim (the side to move loses exactly when the pile is a
//! multiple of 4; the game length under best play follows from that) and tic-tac-toe (a draw;
//! scores checked against a plain minimax without pruning or tables).

use super::*;
use crate::game::{
    Dialect, MoveError, Notation, Outcome, Rules, Side, VariantOptions, MATE, MATE_BOUND,
};
use crate::game::{MoveList, INFINITY};
use std::sync::atomic::Ordering;

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
fn run<G: Notation>(game: &G, limits: &Limits) -> (SearchResult<G::Move>, Vec<Info<G::Move>>) {
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

fn is_legal<G: Notation>(game: &G, mv: G::Move) -> bool {
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    moves.contains(&mv)
}

/// Starts a pondering search on its own thread, checks that it is still running after 30 ms,
/// sends `ponderhit` and returns its result.
fn ponder_then_hit<G: Notation>(game: &G, limits: &Limits) -> SearchResult<G::Move> {
    let tt = TranspositionTable::new(1);
    let control = Control::new(true);
    std::thread::scope(|s| {
        let handle = s.spawn(|| search(game, limits, &tt, &control, &mut |_| {}));
        std::thread::sleep(std::time::Duration::from_millis(30));
        assert!(!handle.is_finished(), "returned while pondering");
        control.ponderhit();
        handle.join().expect("search thread")
    })
}

/// Starts an infinite search on its own thread, checks that it is still running after `ms`,
/// stops it and returns its result.
fn stopped_after<G: Notation>(game: &G, tt: &TranspositionTable, ms: u64) -> SearchResult<G::Move> {
    let control = Control::new(false);
    let limits = Limits {
        infinite: true,
        ..limits()
    };
    std::thread::scope(|s| {
        let handle = s.spawn(|| search(game, &limits, tt, &control, &mut |_| {}));
        std::thread::sleep(std::time::Duration::from_millis(ms));
        assert!(!handle.is_finished(), "infinite search ended by itself");
        control.stop();
        handle.join().expect("search thread")
    })
}

/// Checks that `line` is a sequence of legal moves from `game`.
fn assert_legal_line<G: Notation>(game: &G, line: &[G::Move]) {
    let mut g = game.clone();
    for &mv in line {
        assert!(is_legal(&g, mv), "illegal {mv:?} in {line:?}");
        g.make(mv);
    }
}

/// X centre, O edge: every X reply with its plain-minimax value, best first (the independent
/// figures the MultiPV tests compare the search with).
fn true_scores_after_centre_and_edge() -> Vec<(u8, Score)> {
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
    truth
}

mod chess;
mod games;
mod limits;
mod root_moves;
mod scores;
mod strength;

use games::{minimax, Nim, TicTacToe};
