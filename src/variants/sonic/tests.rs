//! Unit tests of the Sonic internals; the rules' worked examples live in
//! engine-tests/tests/sonic_rules.rs.

use super::*;
// `SonicRules` here is the game's own rule options: the trait goes by its module's name.
use crate::game::Rules as _;

fn game(variant: &str, crooked: bool) -> Sonic {
    let mut options = VariantOptions::default();
    if crooked {
        options.set("Crooked", "true");
    }
    Sonic::new(variant, &options).expect("variant")
}

#[test]
fn unknown_variant_and_bad_fens_are_errors_not_panics() {
    assert!(Sonic::new("sonic-hexagonal", &VariantOptions::default()).is_err());
    let mut g = game("sonic", false);
    for bad in [
        "",
        "8/8/8/8/8/8/8/8 w - - 0 1 Kna/Kna",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Kna",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Kna/?na2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Kna/-",
    ] {
        assert!(g.set_fen(bad, Dialect::Uci).is_err(), "{bad}");
    }
    // XBoard's six-field FEN reads with fresh kings.
    g.set_fen(fen::START_XBOARD, Dialect::XBoard)
        .expect("xboard fen");
    assert_eq!(g.fen(Dialect::Uci), fen::START);
    assert_eq!(g.fen(Dialect::XBoard), fen::START_XBOARD);
    assert!(g
        .set_fen("8/8/8/8/8/8/8/8 w - - 0 1", Dialect::XBoard)
        .is_err());
    assert!(g
        .set_fen("8/8/8/8/8/8/8/8 w - - 0 1 -/-", Dialect::Uci)
        .is_err());
}

/// Found by the FEN fuzz target: the XBoard FEN of a game ended by a king capture (no king
/// field, one king missing) was refused when read back.
#[test]
fn xboard_fen_of_a_captured_king_reads_back() {
    let mut g = game("sonic", false);
    let over = "6k1/2B5/2p5/8/8/3PpN2/8/1R6 w - - 0 56";
    g.set_fen(over, Dialect::XBoard)
        .expect("the engine's own XBoard FEN");
    assert_eq!(g.fen(Dialect::XBoard), over);
    assert_eq!(g.fen(Dialect::Uci), format!("{over} -/Kna"));
    assert_eq!(g.outcome().map(|o| o.result()), Some("0-1"));
}

#[test]
fn garbage_move_text_is_unparsable() {
    let g = game("sonic", false);
    for bad in ["", "e2", "z9z9", "e2e4~x", "q:e2e4", "e2e4,,"] {
        assert!(
            matches!(
                g.parse_move(bad, Dialect::Uci),
                Err(MoveError::Unparsable(_))
            ),
            "{bad}"
        );
    }
    assert!(matches!(
        g.parse_move("e2e5", Dialect::Uci),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn repetition_and_clock_draws() {
    let mut g = game("sonic", false);
    for _ in 0..2 {
        for m in ["g1h3", "g8h6", "h3g1", "h6g8"] {
            let mv = g.parse_move(m, Dialect::Uci).expect(m);
            g.make(mv);
        }
    }
    assert_eq!(
        g.rule_outcome(false).map(|o| o.reason),
        Some("threefold repetition".to_string())
    );
    g.set_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80 Kna/Kna", Dialect::Uci)
        .expect("fen");
    assert_eq!(g.rule_outcome(false).map(|o| o.result()), Some("1/2-1/2"));
}
