//! Unit tests of the pieces the engine-tests cannot see: key upkeep and move packing.

use super::*;

fn game(fen: &str) -> SonicHexagonal {
    let mut g = SonicHexagonal::new(NAME, &VariantOptions::default()).expect("variant");
    g.set_fen(fen, Dialect::Uci).expect("fen");
    g
}

#[test]
fn incremental_key_matches_a_fresh_one_along_a_playout() {
    let mut g = game("startpos");
    let mut rng = crate::rng::SplitMix64::new(7);
    for _ in 0..300 {
        let mut moves = MoveList::new();
        g.generate(&mut moves);
        if moves.is_empty() || g.rule_outcome(false).is_some() {
            break;
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        g.make(mv);
        assert_eq!(g.key(), g.compute_key(), "{}", g.fen(Dialect::Uci));
    }
}

#[test]
fn move_fields_round_trip() {
    let m = HexMove::new(200, 17).promoting(position::ROOK).counter();
    assert_eq!(
        (m.from(), m.to(), m.promo(), m.sense()),
        (200, 17, Some(position::ROOK), -1)
    );
    assert_eq!(HexMove::new(5, 6).sense(), 1);
}

/// The weight counts of a small position, counted by hand (independent of the weights' values):
/// White's knight on f6 reaches all 12 of its cells (11 empty, Black's pawn on e3 the 12th, a first
/// contact for the side to move); the pawn on e3 is 3 cells from f6, has 7 cells of its file above
/// it and 2 to go (e2, e1); the kings on a1 and f11 are both on the edge and cancel.
#[test]
fn trace_counts_are_the_hand_counted_terms() {
    use super::weights as w;
    use crate::eval::Traced as _;
    let g = game("k/3/5/7/9/5N5/11/11/4p6/11/K10 w - 0 1");
    let trace = g.eval_trace().expect("a weight file");
    let mut expected = vec![
        (w::MATERIAL, -1),
        (w::MATERIAL + 1, 1),
        (w::CENTRE_PAWN + 3, -1),
        (w::CENTRE_KNIGHT, 1),
        (w::PAWN_RANK + 7, -1),
        (w::PAWN_TOGO + 1, -1),
        (w::MOBILITY, 12),
        (w::THREAT_OURS, 1),
        (w::TEMPO, 1),
    ]
    .into_iter()
    .map(|(i, c)| (i as u32, c))
    .collect::<Vec<_>>();
    expected.sort_unstable();
    assert_eq!(trace.counts, expected);
}

/// The counts give back exactly `evaluate`'s score under every rule option (the engine-tests'
/// check of all variants only plays the default rules from the bench positions).
#[test]
fn trace_reproduces_evaluate_under_every_option() {
    use crate::eval::Traced as _;
    let mut rng = crate::rng::SplitMix64::new(11);
    for (name, value) in [("Turn60", "false"), ("Turn60", "true"), ("Crooked", "true")] {
        let mut options = VariantOptions::default();
        options.set(name, value);
        for _ in 0..4 {
            let mut g = SonicHexagonal::new(NAME, &options).expect("variant");
            for _ in 0..200 {
                let trace = g.eval_trace().expect("a weight file");
                assert_eq!(
                    trace.engine_score(),
                    g.evaluate(),
                    "{}",
                    g.fen(Dialect::Uci)
                );
                let mut moves = MoveList::new();
                g.generate(&mut moves);
                if moves.is_empty() || g.rule_outcome(false).is_some() {
                    break;
                }
                g.make(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            }
        }
    }
}
