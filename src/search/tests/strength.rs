//! The playing levels (`search::strength`) on chess: the default limits are the full-strength
//! search itself, and a level stays within its knobs, plays legal moves, varies them, and stops
//! when told.

use super::*;
use crate::game::{Dialect, MoveList, VariantOptions};
use crate::search::strength::{Strength, LEVEL_KNOBS};
use crate::variants::chess::Chess;

fn start() -> Chess {
    Chess::new("chess", &VariantOptions::default()).expect("chess")
}

fn legal(game: &Chess) -> Vec<<Chess as Rules>::Move> {
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    moves.to_vec()
}

#[test]
fn default_limits_are_the_full_strength_search() {
    // `search::search` with default options must be `threads::run` untouched: the same tree
    // (node count), move and score, so that `kaleido bench` and full strength stay as they were.
    assert!(Limits::default().strength.is_none());
    let game = start();
    let limits = depth(7);
    let (result, _) = run(&game, &limits);
    let tt = TranspositionTable::new(1);
    let control = Control::new(false);
    let shared = super::super::worker::Shared::new(&limits, &tt, &control, game.side_to_move());
    let direct = super::super::threads::run(&game, &shared, &mut |_| {});
    assert_eq!(result.nodes, direct.nodes);
    assert_eq!(result.best, direct.best);
    assert_eq!(result.score, direct.score);
}

#[test]
fn a_level_keeps_to_its_budget_and_depth_and_plays_legal_moves() {
    let game = start();
    for level in 2..=8u8 {
        let knobs = LEVEL_KNOBS[level as usize - 1];
        let limits = Limits {
            nodes: Some(10_000_000),
            strength: Strength::level(level, 11),
            ..limits()
        };
        let (result, infos) = run(&game, &limits);
        let best = result.best.expect("a move");
        assert!(is_legal(&game, best), "level {level}");
        assert!(
            infos.iter().all(|i| i.depth <= knobs.depth),
            "level {level}"
        );
        // The node limit is looked at every CHECK_INTERVAL nodes.
        assert!(
            result.nodes <= knobs.nodes + params::CHECK_INTERVAL,
            "level {level}: {} nodes",
            result.nodes
        );
        // Only the lines the caller asked for are reported.
        assert!(infos.iter().all(|i| i.multipv == 1), "level {level}");
    }
}

#[test]
fn weak_levels_vary_their_moves_and_level_one_plays_at_random() {
    let game = start();
    let moves_with = |level: u8| {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..60 {
            let limits = Limits {
                strength: Strength::level(level, seed),
                ..limits()
            };
            let (result, _) = run(&game, &limits);
            let best = result.best.expect("a move");
            assert!(is_legal(&game, best));
            seen.insert(game.move_text(best, Dialect::Uci));
        }
        seen.len()
    };
    // 20 legal moves: 60 uniform draws miss a given move with probability 0.95^60 < 5%, so
    // well over half of them show up; level 4 chooses among its top 4 lines at most.
    assert!(moves_with(1) >= 12, "level 1 saw {} moves", moves_with(1));
    let level4 = moves_with(4);
    assert!((2..=4).contains(&level4), "level 4 saw {level4} moves");
    assert_eq!(legal(&game).len(), 20);
}

#[test]
fn a_level_searching_without_end_stops_when_told() {
    let game = start();
    let limits = Limits {
        infinite: true,
        strength: Strength::level(5, 3),
        ..limits()
    };
    let tt = TranspositionTable::new(1);
    let control = Control::new(false);
    std::thread::scope(|s| {
        let handle = s.spawn(|| search(&game, &limits, &tt, &control, &mut |_| {}));
        std::thread::sleep(std::time::Duration::from_millis(50));
        // `go infinite` waits for `stop` even after the level's budget is spent.
        assert!(!handle.is_finished(), "returned before stop");
        let asked = std::time::Instant::now();
        control.stop();
        let result = handle.join().expect("no panic");
        assert!(asked.elapsed() < std::time::Duration::from_millis(500));
        assert!(result.best.is_some_and(|m| is_legal(&game, m)));
    });
}
