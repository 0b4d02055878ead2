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
