//! Limits and control: node and depth limits, stop, ponder and ponderhit, progress reports.

use super::*;

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
    let result = stopped_after(&game, &TranspositionTable::new(1), 50);
    assert!(result.best.is_some_and(|m| is_legal(&game, m)));
}

#[test]
fn ponder_search_waits_for_ponderhit_then_obeys_the_clock() {
    // A tiny game solved at once: while pondering the search must still not return.
    let game = Nim::new_pile(5, 3);
    let limits = Limits {
        ponder: true,
        wtime: Some(10_000),
        ..limits()
    };
    let result = ponder_then_hit(&game, &limits);
    assert_eq!(result.best, Some(1));
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
    let limits = Limits {
        ponder: true,
        nodes: Some(500),
        ..limits()
    };
    let result = ponder_then_hit(&game, &limits);
    assert!(result.best.is_some_and(|m| (1..=7).contains(&m)));
}
