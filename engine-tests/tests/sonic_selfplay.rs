//! Sonic self-play through the real search: every game must end by a rule (a king lost, the
//! 100-ply rule, repetition, no legal move) and the search must only choose legal moves. The key
//! must stay equal to the key computed from scratch throughout, and a game over must be seen by
//! the search's terminal test.

use engine_tests::self_play_move;
use kaleido::game::{Dialect, MoveList, Notation, Rules, VariantOptions};
use kaleido::rng::SplitMix64;
use kaleido::search::{self, Control, Limits, TranspositionTable};
use kaleido::variants::sonic::Sonic;

fn play(variant: &str, crooked: bool, seed: u64, opening: usize, nodes: u64) -> (usize, String) {
    let mut options = VariantOptions::default();
    if crooked {
        options.set("Crooked", "true");
    }
    let mut game = Sonic::new(variant, &options).expect("start");
    let tt = TranspositionTable::new(16);
    let mut rng = SplitMix64::new(seed);
    // The 100-ply rule ends any game long before this.
    for ply in 0..3000 {
        assert_eq!(game.key(), game.compute_key(), "ply {ply}");
        if let Some(outcome) = game.outcome() {
            return (ply, outcome.reason);
        }
        let mut legal = MoveList::new();
        game.generate(&mut legal);
        let mv = self_play_move(&game, &legal, ply < opening, &mut rng, nodes, &tt);
        assert!(
            legal.contains(&mv),
            "search chose an illegal move {} in {}",
            game.move_text(mv, Dialect::Uci),
            game.fen(Dialect::Uci)
        );
        game.make(mv);
    }
    panic!("game did not end within 3000 plies");
}

#[test]
fn short_self_play_games_end_by_a_rule() {
    for (variant, crooked, seed) in [
        ("sonic", false, 1),
        ("sonic-springs", false, 2),
        ("sonic", true, 3),
    ] {
        let (plies, reason) = play(variant, crooked, seed, 6, 400);
        assert!(
            ["king lost", "100 plies", "repetition", "no legal move"]
                .iter()
                .any(|r| reason.contains(r)),
            "{variant}: {reason} after {plies} plies"
        );
    }
}

#[test]
fn the_search_takes_a_king_when_it_can() {
    // X9: the triple hit destroys the fresh black king at once.
    let mut g = Sonic::new("sonic-springs", &VariantOptions::default()).expect("variant");
    g.set_fen("4K3/8/8/8/2R5/2k5/8/8 w - - 0 1 Kna/Kna", Dialect::Uci)
        .expect("fen");
    let tt = TranspositionTable::new(1);
    let limits = Limits {
        depth: Some(3),
        multipv: 1,
        threads: 1,
        ..Limits::default()
    };
    let result = search::search(&g, &limits, &tt, &Control::new(false), &mut |_| {});
    let best = result.best.expect("a move");
    g.make(best);
    assert_eq!(g.rule_outcome(false).map(|o| o.result()), Some("1-0"));
    assert!(
        result.score >= kaleido::game::MATE_BOUND,
        "{}",
        result.score
    );
}
