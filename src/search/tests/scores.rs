//! Scores, lines and moves the search returns, against the games' known solutions.

use super::*;

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
    let game = TicTacToe::after(&[4, 1]);
    let truth = true_scores_after_centre_and_edge();
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
fn no_legal_move_returns_none_with_the_rules_score() {
    let (result, infos) = run(&Nim::new_pile(0, 3), &depth(4));
    assert_eq!(result.best, None);
    assert_eq!(result.score, -MATE);
    assert!(infos.is_empty());
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

/// Found by the UCI fuzz target under overflow checks: `go mate 2147483647` overflowed the
/// plies of the mate asked for; wrapped (release build), no mate was ever short enough and the
/// search ran on to its depth limit.
#[test]
fn the_largest_mate_limit_means_any_mate() {
    for mate in [u32::MAX, 2_147_483_647] {
        let limits = Limits {
            mate: Some(mate),
            ..limits()
        };
        let (result, infos) = run(&Nim::new_pile(9, 3), &limits);
        assert_eq!(result.score, MATE - 5, "mate {mate}");
        assert!(infos.last().is_some_and(|i| i.depth < 10), "mate {mate}");
    }
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
