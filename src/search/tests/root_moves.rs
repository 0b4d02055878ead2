//! Root-move restrictions (`Limits::root_moves`: UCI `searchmoves`, CECP `exclude`), against the
//! games' known solutions.

use super::*;

fn restricted(root_moves: RootMoves, base: Limits) -> Limits {
    Limits { root_moves, ..base }
}

#[test]
fn excluding_the_winning_take_leaves_the_best_of_the_rest() {
    // Pile 9, take 1..3: taking 1 wins (leaves 8, a multiple of 4). Taking 2 or 3 leaves 7 or 6,
    // from which the opponent wins in 3 plies (nim_score): mated 4 plies from the root.
    let game = Nim::new_pile(9, 3);
    let (full, _) = run(&game, &depth(12));
    assert_eq!(full.best, Some(1));
    let (result, infos) = run(&game, &restricted(RootMoves::Except(vec![1]), depth(12)));
    assert!(matches!(result.best, Some(2 | 3)), "{:?}", result.best);
    assert_eq!(result.score, -MATE + 4);
    assert!(
        infos.iter().all(|i| i.pv[0] != 1),
        "an excluded move reported"
    );
    let (only, _) = run(&game, &restricted(RootMoves::Only(vec![3]), depth(12)));
    assert_eq!((only.best, only.score), (Some(3), -MATE + 4));
}

#[test]
fn every_thread_keeps_to_the_restriction() {
    let game = Nim::new_pile(9, 3);
    let limits = Limits {
        threads: 3,
        ..restricted(RootMoves::Only(vec![2]), depth(12))
    };
    let (result, _) = run(&game, &limits);
    assert_eq!(result.best, Some(2));
}

#[test]
fn multipv_lists_the_best_allowed_moves_with_their_true_scores() {
    // As `multipv_lines_carry_each_moves_true_score`, with the best move excluded: the three
    // lines are the next three moves by minimax value.
    let game = TicTacToe::after(&[4, 1]);
    let truth = true_scores_after_centre_and_edge();
    let best_key = TicTacToe::move_key(truth[0].0);
    let limits = Limits {
        multipv: 3,
        ..restricted(RootMoves::Except(vec![best_key]), depth(8))
    };
    let (_, infos) = run(&game, &limits);
    let last: Vec<_> = infos.iter().filter(|i| i.depth == 8).collect();
    assert_eq!(last.len(), 3);
    for (k, info) in last.iter().enumerate() {
        assert_ne!(info.pv[0], truth[0].0, "the excluded move");
        assert_eq!(info.score, truth[k + 1].1, "line {}", k + 1);
    }
}

#[test]
fn nothing_allowed_returns_no_move_and_no_report() {
    let game = Nim::new_pile(9, 3);
    for root_moves in [RootMoves::Only(vec![]), RootMoves::Except(vec![1, 2, 3])] {
        let (result, infos) = run(&game, &restricted(root_moves, depth(6)));
        assert_eq!((result.best, result.score, result.depth), (None, 0, 0));
        assert!(infos.is_empty());
    }
}

#[test]
fn a_restricted_root_is_not_stored_in_the_table() {
    // The best of some moves is not the position's value; a later search (a transposition, or
    // the next analysis once the moves are included again) must not take it for one.
    let game = Nim::new_pile(9, 3);
    let tt = TranspositionTable::new(1);
    let limits = restricted(RootMoves::Except(vec![1]), depth(6));
    search(&game, &limits, &tt, &Control::new(false), &mut |_| {});
    assert!(tt.probe(game.key(), 0).is_none());
    search(&game, &depth(6), &tt, &Control::new(false), &mut |_| {});
    assert!(tt.probe(game.key(), 0).is_some());
}
