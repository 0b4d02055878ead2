//! Property tests over seeded random playouts of Sonic: make/unmake restores FEN and key, the
//! incremental key equals the key computed from scratch, FENs and move strings round-trip, and
//! move keys are unique among the legal moves of a position.

use kaleido::game::{Dialect, MoveError, MoveList, Notation, Rules, VariantOptions};
use kaleido::rng::SplitMix64;
use kaleido::variants::sonic::Sonic;
use std::collections::HashSet;

fn check_position(g: &Sonic, context: &str) {
    assert_eq!(g.key(), g.compute_key(), "incremental key, {context}");
    let fen = g.fen(Dialect::Uci);
    let mut copy = g.clone();
    copy.set_fen(&fen, Dialect::Uci)
        .expect("own FEN reads back");
    assert_eq!(copy.fen(Dialect::Uci), fen, "FEN round trip, {context}");
    assert_eq!(copy.key(), g.key(), "key after FEN round trip, {context}");

    let mut moves = MoveList::new();
    g.generate(&mut moves);
    let mut keys = HashSet::new();
    for &mv in &moves {
        assert!(
            keys.insert(Sonic::move_key(mv)),
            "duplicate move key, {context}"
        );
        for dialect in [Dialect::Uci, Dialect::XBoard] {
            let text = g.move_text(mv, dialect);
            assert_eq!(
                g.parse_move(&text, dialect),
                Ok(mv),
                "{text} ({dialect:?}) does not read back, {context}"
            );
            // Every proper beginning of a split XBoard chain is reported incomplete.
            if dialect == Dialect::XBoard {
                let parts: Vec<&str> = text.split(' ').collect();
                for cut in 1..parts.len() {
                    let prefix = parts[..cut].join(" ");
                    assert_eq!(
                        g.parse_move(&prefix, dialect),
                        Err(MoveError::Incomplete),
                        "{prefix} of {text}, {context}"
                    );
                }
            }
        }
        let mut probe = g.clone();
        probe.make(mv);
        assert_eq!(
            probe.key(),
            probe.compute_key(),
            "key after {}, {context}",
            g.move_text(mv, Dialect::Uci)
        );
        probe.unmake();
        assert_eq!(probe.fen(Dialect::Uci), fen, "unmake restores the FEN");
        assert_eq!(probe.key(), g.key(), "unmake restores the key");
    }
}

fn playouts(variant: &str, crooked: bool, seed: u64, games: usize, max_plies: usize) {
    let mut options = VariantOptions::default();
    if crooked {
        options.set("Crooked", "true");
    }
    let mut rng = SplitMix64::new(seed);
    let mut finished = 0;
    for game_no in 0..games {
        let mut g = Sonic::new(variant, &options).expect("variant");
        let mut line = Vec::new();
        for _ in 0..max_plies {
            let context = format!("{variant} crooked={crooked} game {game_no} after {line:?}");
            check_position(&g, &context);
            if g.outcome().is_some() {
                finished += 1;
                break;
            }
            let mut moves = MoveList::new();
            g.generate(&mut moves);
            let mv = rng.pick(&moves);
            line.push(g.move_text(mv, Dialect::Uci));
            g.make(mv);
        }
        // Unwinding the whole game returns to the start.
        while g.plies() > 0 {
            g.unmake();
        }
        assert_eq!(
            g.fen(Dialect::Uci),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Kna/Kna"
        );
    }
    // Random play captures kings quickly in this game; the walk must reach game ends.
    assert!(finished > 0, "no playout of {variant} reached a result");
}

#[test]
fn random_playouts_sonic() {
    playouts("sonic", false, 0x5EED_0001, 8, 160);
}

#[test]
fn random_playouts_springs() {
    playouts("sonic-springs", false, 0x5EED_0002, 8, 160);
}

#[test]
fn random_playouts_crooked() {
    playouts("sonic", true, 0x5EED_0003, 4, 160);
    playouts("sonic-springs", true, 0x5EED_0004, 4, 160);
}
