//! Seeded random games: make/unmake, keys, notation and FEN stay consistent; the legality
//! shortcut agrees with the full test.

use super::*;
use crate::rng::SplitMix64;

/// Random games: make/unmake restores FEN and key, the incremental key equals the recomputed one,
/// every printed turn parses back to itself (both component orders, both dialects), and every
/// position's FEN reads back to the same FEN.
fn playouts(variant: &str, opts: &VariantOptions, games: usize, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..games {
        let mut g = Reflection::new(variant, opts).unwrap();
        let mut trail = Vec::new();
        for _ in 0..160 {
            if g.rule_outcome(false).is_some() {
                break;
            }
            let mut list = MoveList::new();
            g.generate(&mut list);
            if list.is_empty() {
                break;
            }
            let keys: Vec<u32> = list.iter().map(|&m| Reflection::move_key(m)).collect();
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), keys.len(), "move keys collide");
            let mut slow = MoveList::new();
            movegen::legal_turns_slow(g.layout, &g.pos, g.rules, &mut slow);
            assert_eq!(list.as_slice(), slow.as_slice(), "{}", g.fen(Dialect::Uci));
            let mv = rng.pick(&list);
            let text = g.move_text(mv, Dialect::Uci);
            assert_eq!(g.parse_move(&text, Dialect::Uci), Ok(mv), "{text}");
            if let Some((a, b)) = text.split_once(',') {
                assert_eq!(g.parse_move(&format!("{b},{a}"), Dialect::Uci), Ok(mv));
                assert_eq!(
                    g.parse_move(a, Dialect::XBoard),
                    Err(MoveError::Incomplete),
                    "{a}"
                );
            }
            let xb = g.move_text(mv, Dialect::XBoard);
            assert_eq!(g.parse_move(&xb, Dialect::XBoard), Ok(mv), "{xb}");
            let before = (g.fen(Dialect::Uci), g.key());
            g.make(mv);
            assert_eq!(g.key(), g.compute_key(), "after {text}");
            let fen = g.fen(Dialect::Uci);
            let mut copy = g.clone();
            copy.set_fen(&fen, Dialect::Uci).unwrap();
            assert_eq!(copy.fen(Dialect::Uci), fen);
            assert_eq!(copy.key(), g.key());
            g.unmake();
            assert_eq!((g.fen(Dialect::Uci), g.key()), before, "unmake {text}");
            g.make(mv);
            trail.push(mv);
        }
        while g.plies() > 0 {
            g.unmake();
        }
        assert_eq!(g.key(), g.compute_key());
    }
}

#[test]
fn random_playouts_keep_fen_and_key_consistent() {
    for (i, name) in NAMES.iter().enumerate() {
        playouts(name, &VariantOptions::default(), 6, 0x5EED + i as u64);
    }
}

#[test]
fn random_playouts_under_every_option() {
    let all = options(&[
        ("CaptureTwin", "true"),
        ("WinCondition", "capture-kings"),
        ("QueenPromotion", "true"),
    ]);
    let twin = options(&[("CaptureTwin", "true")]);
    for (i, name) in NAMES.iter().enumerate() {
        playouts(name, &all, 4, 0xA11 + i as u64);
        playouts(name, &twin, 3, 0x7A1 + i as u64);
    }
}

/// The influence shortcut of `legal_turns` against the full test on every turn, over many random
/// games that prefer captures (to reach checks, unpaired pieces and re-pairings).
#[test]
fn influence_shortcut_matches_the_full_check_test() {
    let mut rng = SplitMix64::new(0xC0FFEE);
    let mut checks = 0;
    for name in NAMES {
        for opts in [options(&[]), options(&[("CaptureTwin", "true")])] {
            for _ in 0..25 {
                let mut g = Reflection::new(name, &opts).unwrap();
                for _ in 0..200 {
                    let mut list = MoveList::new();
                    g.generate(&mut list);
                    let mut slow = MoveList::new();
                    movegen::legal_turns_slow(g.layout, &g.pos, g.rules, &mut slow);
                    assert_eq!(list.as_slice(), slow.as_slice(), "{}", g.fen(Dialect::Uci));
                    if list.is_empty() || g.rule_outcome(false).is_some() {
                        break;
                    }
                    checks += g.in_check() as usize;
                    let captures: Vec<Turn> =
                        list.iter().copied().filter(|m| g.is_noisy(*m)).collect();
                    let mv = if !captures.is_empty() && rng.below(3) > 0 {
                        rng.pick(&captures)
                    } else {
                        rng.pick(&list)
                    };
                    g.make(mv);
                }
            }
        }
    }
    assert!(checks > 50, "only {checks} positions in check were visited");
}
