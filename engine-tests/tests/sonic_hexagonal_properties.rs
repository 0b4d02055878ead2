//! Property tests over seeded random playouts of hexagonal Sonic under every option: every
//! generated move's text parses back to the same move (in every dialect), every position text
//! round-trips, make/unmake restores text and key, the incremental key equals the key computed
//! from scratch, and move keys are unique among the legal moves of a position.

use kaleido::game::{Dialect, MoveList, Notation, Rules, VariantOptions};
use kaleido::rng::SplitMix64;
use kaleido::variants::sonic_hexagonal::{SonicHexagonal, NAME};
use std::collections::HashSet;

fn check_position(g: &SonicHexagonal, context: &str) {
    assert_eq!(g.key(), g.compute_key(), "incremental key, {context}");
    let fen = g.fen(Dialect::Uci);
    let mut copy = g.clone();
    copy.set_fen(&fen, Dialect::Uci)
        .unwrap_or_else(|e| panic!("own text {fen} does not read back: {e}"));
    assert_eq!(copy.fen(Dialect::Uci), fen, "text round trip, {context}");
    assert_eq!(copy.key(), g.key(), "key after the round trip, {context}");

    let mut moves = MoveList::new();
    g.generate(&mut moves);
    let mut keys = HashSet::new();
    let mut texts = HashSet::new();
    for &mv in &moves {
        assert!(
            keys.insert(SonicHexagonal::move_key(mv)),
            "duplicate move key, {context}"
        );
        for dialect in [Dialect::Uci, Dialect::XBoard, Dialect::Record] {
            let text = g.move_text(mv, dialect);
            assert_eq!(
                g.parse_move(&text, dialect),
                Ok(mv),
                "{text} ({dialect:?}) does not read back, {context}"
            );
        }
        assert!(
            texts.insert(g.move_text(mv, Dialect::Uci)),
            "duplicate text, {context}"
        );
        let mut probe = g.clone();
        probe.make(mv);
        assert_eq!(
            probe.key(),
            probe.compute_key(),
            "key after a move, {context}"
        );
        probe.unmake();
        assert_eq!(probe.fen(Dialect::Uci), fen, "unmake restores the text");
        assert_eq!(probe.key(), g.key(), "unmake restores the key");
    }
}

fn playouts(options: &VariantOptions, seed: u64, games: usize) -> (usize, usize) {
    let mut rng = SplitMix64::new(seed);
    let (mut plies, mut chains) = (0, 0);
    for game_index in 0..games {
        let mut g = SonicHexagonal::new(NAME, options).expect("variant");
        for ply in 0..300 {
            let context = format!("game {game_index} ply {ply}: {}", g.fen(Dialect::Uci));
            check_position(&g, &context);
            if g.outcome().is_some() {
                break;
            }
            let mut moves = MoveList::new();
            g.generate(&mut moves);
            // Prefer captures half of the time so that chains and king captures happen.
            let noisy: Vec<_> = moves.iter().copied().filter(|&m| g.is_noisy(m)).collect();
            let pool: Vec<_> = if !noisy.is_empty() && rng.next_u64().is_multiple_of(2) {
                noisy
            } else {
                moves.to_vec()
            };
            let mv = pool[(rng.next_u64() % pool.len() as u64) as usize];
            chains += usize::from(g.move_text(mv, Dialect::Uci).contains(','));
            g.make(mv);
            plies += 1;
        }
    }
    (plies, chains)
}

#[test]
fn random_playouts_round_trip_under_every_option() {
    for (i, (turn60, crooked)) in [(false, false), (true, false), (false, true), (true, true)]
        .into_iter()
        .enumerate()
    {
        let mut options = VariantOptions::default();
        options.set("Turn60", if turn60 { "true" } else { "false" });
        options.set("Crooked", if crooked { "true" } else { "false" });
        let (plies, chains) = playouts(&options, 0x4E58 + i as u64, 12);
        assert!(plies > 200, "{plies} plies");
        assert!(chains > 5, "only {chains} chains were played");
    }
}
