//! Symmetron! 112 through the registry and the object-safe `Session`, as protocols and the
//! command line see it.

use kaleido::game::{Dialect, MoveError, VariantOptions};
use kaleido::session::Session;

fn session() -> Box<dyn Session> {
    kaleido::variants::find("symmetron-112")
        .expect("registered")
        .new_session(&VariantOptions::default())
        .expect("creates")
}

#[test]
fn registered_with_bench_positions() {
    let info = kaleido::variants::find("Symmetron-112").expect("case-insensitive lookup");
    assert!((2..=4).contains(&info.bench.len()));
    let mut s = session();
    for fen in info.bench {
        s.set_fen(fen, Dialect::Uci).expect(fen);
        assert!(!s.legal_moves(Dialect::Uci).is_empty());
    }
}

#[test]
fn play_a_game_fragment_with_every_special_move() {
    let mut s = session();
    // Both Resurrectors enter (magic drops do not reset the clock), a Pawn becomes a Bawn
    // (no reset either), both Can(n)ons flip in place; then the Resurrectors explode (reset).
    for mv in ["@e6", "@e5", "i3=B", "b10~", "b1~"] {
        s.play(mv, Dialect::Uci)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert_eq!(
        s.fen(Dialect::Uci),
        "nv3k3cn/hd1a3a1dr/pppbbbbbppp/11/4U6/4u6/11/PPPBBBBBBPP/RD1A3A1DH/NV3K3CN -- b 5 3"
    );
    assert!(
        matches!(s.play("e5*e6", Dialect::Uci), Ok(())),
        "Resurrectors explode"
    );
    assert_eq!(
        s.fen(Dialect::Uci),
        "nv3k3cn/hd1a3a1dr/pppbbbbbppp/11/11/11/11/PPPBBBBBBPP/RD1A3A1DH/NV3K3CN -- w 0 4"
    );
    assert!(s.undo());
    assert!(matches!(
        s.play("k1k1", Dialect::Uci),
        Err(MoveError::Illegal(_))
    ));
    assert!(matches!(
        s.play("hello", Dialect::Uci),
        Err(MoveError::Unparsable(_))
    ));
}

#[test]
fn xboard_dialect_round_trips_fen_and_moves() {
    let mut s = session();
    let xfen = s.fen(Dialect::XBoard);
    let setup = s.xboard_setup();
    assert!(setup[0].starts_with("setup ("));
    assert!(setup[0].contains("12x10+9_"));
    assert!(setup[0].ends_with(&xfen));
    // What XBoard sends back after our setup must read back as the same position.
    s.set_fen(&xfen, Dialect::XBoard).unwrap();
    assert_eq!(s.fen(Dialect::XBoard), xfen);
    // A flip in place: out, the mover's null move, back with the new letter.
    assert_eq!(s.play("b0c0c", Dialect::XBoard), Err(MoveError::Incomplete));
    assert_eq!(
        s.play("b0c0c @@@@", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    s.play("b0c0c @@@@ c0b0v", Dialect::XBoard).unwrap();
    assert!(s
        .fen(Dialect::Uci)
        .starts_with("nc3k3cn/hd1a3a1dr/pppbbbbbppp/11/11/11/11/PPPBBBBBPPP/RD1A3A1DH/NV3K3CN"));
    // The Resurrector enters from l10 (l9 in XBoard's ranks).
    s.play("l9f5", Dialect::XBoard).unwrap();
    assert!(s.fen(Dialect::Uci).contains(" U- w "));
}

#[test]
fn hostile_input_never_panics() {
    let mut s = session();
    for fen in ["", "x", "11/11", "nc3k3cn/hd1a3a1dr/pppbbbbbppp/11/11/11/11/PPPBBBBBPPP/RD1A3A1DH/NC3K3CN Uu w 99999999999 1", "🙂"] {
        assert!(s.set_fen(fen, Dialect::Uci).is_err(), "{fen}");
        assert!(s.set_fen(fen, Dialect::XBoard).is_err(), "{fen}");
    }
    for mv in [
        "", "@", "@@@@", "a1a1a1a1", "l0l0", "a99b1", "~", "=B", "a3=", "k10k11x",
    ] {
        for d in [Dialect::Uci, Dialect::XBoard, Dialect::Record] {
            assert!(s.play(mv, d).is_err(), "{mv}");
        }
    }
}
