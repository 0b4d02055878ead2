//! The rule options and the rulings around captures, promotion, en passant and castling.

use super::*;

/// Capture-twin (§1.6.5.3): capturing a paired piece removes its partner too. Black's map in the
/// normal mini is the vertical axis, so the rook on c4 is paired with the rook on f4.
#[test]
fn capture_twin_removes_the_partner() {
    let fen = "**2K1**/**4**/2R5/k6k/2r2r2/2R5/**4**/**2K1** w - - 0 1";
    let mut plain = game_with("reflection-mini", fen, &[]);
    play(&mut plain, "c3c4,c6c5");
    assert_eq!(
        plain.fen(Dialect::Uci),
        "**2K1**/**4**/8/k1R4k/2R2r2/8/**4**/**2K1** b - - 0 1"
    );
    let mut twin = game_with("reflection-mini", fen, &[("CaptureTwin", "true")]);
    play(&mut twin, "c3c4,c6c5");
    assert_eq!(
        twin.fen(Dialect::Uci),
        "**2K1**/**4**/8/k1R4k/2R5/8/**4**/**2K1** b - - 0 1"
    );
}

/// Capture-kings: a captured king leaves its partner unpaired; no king left = lost, no turns.
#[test]
fn capture_kings_mode() {
    let opts = [("WinCondition", "capture-kings")];
    let mut g = game_with(
        "reflection-mini",
        "**2K1**/**4**/8/kR5k/1R6/8/**4**/**2K1** w - - 0 1",
        &opts,
    );
    play(&mut g, "b4a4,b5a5");
    assert!(g.rule_outcome(false).is_none());
    let black = turns(&g);
    assert!(black.contains(&"h5h6".to_string()), "{black:?}");
    assert!(black.iter().all(|t| !t.contains(',')), "{black:?}");
    let over = game_with(
        "reflection-mini",
        "**2K1**/**4**/8/R7/8/8/**4**/**2K1** b - - 0 1",
        &opts,
    );
    assert!(turns(&over).is_empty(), "ruling 27");
    let outcome = over.outcome().expect("game over");
    assert_eq!(outcome.winner, Some(Side::White));
    // In checkmate mode a position whose side not to move is in check is refused.
    let mut checkmate = Reflection::new("reflection-mini", &VariantOptions::default()).unwrap();
    assert!(checkmate
        .set_fen(
            "**2K1**/**4**/8/kR5k/1R6/8/**4**/**2K1** w - - 0 1",
            Dialect::Uci
        )
        .is_err());
}

/// Promotion choices: R, B, N on the mini board; Q too with QueenPromotion.
#[test]
fn queen_promotion_option() {
    let fen = "**3K**/**1P2**/8/8/k6k/8/**1S2**/**3K** w - - 0 1";
    let promos = |g: &Reflection| -> Vec<String> {
        turns(g)
            .into_iter()
            .filter(|t| t.starts_with("d2d1"))
            .collect()
    };
    let g = game_with("reflection-mini", fen, &[]);
    assert_eq!(promos(&g), ["d2d1b,d7d8b", "d2d1n,d7d8n", "d2d1r,d7d8r"]);
    let q = game_with("reflection-mini", fen, &[("QueenPromotion", "true")]);
    assert_eq!(
        promos(&q),
        ["d2d1b,d7d8b", "d2d1n,d7d8n", "d2d1q,d7d8q", "d2d1r,d7d8r"]
    );
}

/// Two-board en passant: a paired pawn may take e.p. while its partner captures normally; an
/// unpaired pawn takes e.p. as a free move. The e.p. field lists both targets (ruling 23).
#[test]
fn two_board_en_passant() {
    let mut g = game_with(
        "reflection-twoboard",
        "4k7k3/5s7s2/10n5/4P6PP3/16/16/16/4K6K4 b - - 0 1",
        &[],
    );
    play(&mut g, "f7f5,n7n5");
    assert_eq!(
        g.fen(Dialect::Uci),
        "4k7k3/16/10n5/4Ps5PPs2/16/16/16/4K6K4 w - f6n6 0 2"
    );
    let white = turns(&g);
    assert!(white.contains(&"e5f6,l5k6".to_string()), "{white:?}");
    assert!(white.contains(&"m5n6".to_string()), "{white:?}");
    play(&mut g, "e5f6,l5k6");
    assert_eq!(
        g.fen(Dialect::Uci),
        "4k7k3/16/5P4P5/12Ps2/16/16/16/4K6K4 b - - 0 2"
    );
}

/// Castling needs both kings out of check and off attacked crossed squares.
#[test]
fn castling_through_an_attacked_square_is_illegal() {
    // A black rook pair on c5/c4 (black map is (f, 9-r) in reflection-8) covers c1 and c8.
    let g = game_with(
        "reflection-8",
        "R2Kk2r/8/8/2r5/2r5/8/8/R2Kk2r w a1a8h1h8 - 0 1",
        &[],
    );
    let white = turns(&g);
    assert!(!white.contains(&"d1b1,d8b8".to_string()), "{white:?}");
}
