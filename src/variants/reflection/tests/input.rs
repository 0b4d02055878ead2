//! What arrives from outside: XBoard's dialect and garbage input.

use super::*;

/// XBoard: a pair travels as `first @@@@ second`; a prefix is incomplete; the setup line carries
/// the start FEN with its holes; a FEN with XBoard's own castling letters reads back.
#[test]
fn xboard_dialect() {
    let g = game("reflection-mini", None);
    let mv = g.parse_move("d2d3,d7d6", Dialect::Uci).unwrap();
    assert_eq!(g.move_text(mv, Dialect::XBoard), "d2d3 @@@@ d7d6");
    assert_eq!(
        g.parse_move("d2d3", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    assert_eq!(
        g.parse_move("d7d6 @@@@", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    assert_eq!(g.parse_move("d7d6 @@@@ d2d3", Dialect::XBoard), Ok(mv));
    assert!(matches!(
        g.parse_move("d2e5", Dialect::XBoard),
        Err(MoveError::Illegal(_))
    ));
    assert!(matches!(
        g.parse_move("d2d3 @@@@ d7d5", Dialect::XBoard),
        Err(MoveError::Illegal(_))
    ));
    // A swapping pawn pair shows XBoard its post-swap destinations; both forms read back.
    let swap = g.parse_move("c2c4,c7c5", Dialect::Uci).unwrap();
    assert_eq!(g.move_text(swap, Dialect::XBoard), "c2c5 @@@@ c7c4");
    assert_eq!(g.parse_move("c2c5 @@@@ c7c4", Dialect::XBoard), Ok(swap));
    assert_eq!(g.parse_move("c2c4 @@@@ c7c5", Dialect::XBoard), Ok(swap));
    assert_eq!(
        g.parse_move("c2c5", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    assert!(g.parse_move("c2c5,c7c4", Dialect::Uci).is_err());
    // Black's castling along a file on the 12 board: the rook moves travel as parts too.
    let c12 = game(
        "reflection-12",
        Some("**4K3**/**8**/r10r/12/12/12/k10k/12/12/r10r/**8**/**4K3** b a3a10l3l10 - 0 1"),
    );
    let castle = c12.parse_move("a6a4,l6l4", Dialect::Uci).unwrap();
    assert_eq!(
        c12.move_text(castle, Dialect::XBoard),
        "a6a4 @@@@ l6l4 @@@@ a3a5 @@@@ l3l5"
    );
    assert_eq!(
        c12.parse_move("a6a4 @@@@ l6l4", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    assert_eq!(
        c12.parse_move("a6a4 @@@@ l6l4 @@@@ a3a5", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    assert_eq!(
        c12.parse_move("a6a4 @@@@ l6l4 @@@@ a3a5 @@@@ l3l5", Dialect::XBoard),
        Ok(castle)
    );
    // The same castling typed as UCI writes it is the whole turn in XBoard too, not a beginning
    // (a beginning would get `move @@@@` and then a refused `a6a4,l6l4 @@@@`: found by the fuzz).
    assert_eq!(c12.parse_move("a6a4,l6l4", Dialect::XBoard), Ok(castle));
    let setup = g.xboard_setup();
    assert_eq!(
        setup,
        ["setup (PNBRQ.E..W.........S.Kpnbrq.e..w.........s.k) 8x8+0_lion **NBKR**/**SSSS**/re4wr/ke4wk/be4wb/ne4wn/**PPPP**/**NBKR** w - - 0 1"]
    );
    let mut r8 = game("reflection-8", None);
    let start = r8.fen(Dialect::Uci);
    r8.set_fen(
        "RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr w KQkq - 0 1",
        Dialect::XBoard,
    )
    .unwrap();
    assert_eq!(r8.fen(Dialect::Uci), start);
    // XBoard's form says nothing of castling (it cannot hold our rights), and `-` from XBoard
    // means "not carried": the rights of kings and rooks at home are assumed; our own square
    // form is read exactly, and an e.p. field XBoard garbled (`d<`, measured) is ignored.
    assert_eq!(
        r8.fen(Dialect::XBoard),
        "RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr w - - 0 1"
    );
    r8.set_fen(
        "RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr w - a6 0 1",
        Dialect::XBoard,
    )
    .unwrap();
    assert_eq!(r8.fen(Dialect::Uci), start);
    r8.set_fen(
        "RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr w h1 - 0 1",
        Dialect::XBoard,
    )
    .unwrap();
    assert_eq!(
        r8.fen(Dialect::Uci),
        "RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr w h1 - 0 1"
    );
    assert!(r8
        .set_fen(
            "RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr w KQkq - 0 1",
            Dialect::Uci
        )
        .is_err());
}

/// Garbage from a user or GUI is refused, never a panic.
#[test]
fn bad_input_is_refused() {
    let mut g = game("reflection-14", None);
    for fen in [
        "",
        "w",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/14 w - - 0 1",
        "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBKQBNR*** x - - 0 1",
        "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBKQBNX*** w - - 0 1",
        "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBKQBNR*** w - - x 1",
    ] {
        assert!(g.set_fen(fen, Dialect::Uci).is_err(), "{fen}");
        assert!(g.set_fen(fen, Dialect::XBoard).is_err(), "{fen}");
    }
    // Our own dialect is strict about the rights fields; XBoard's is lenient (it rewrites them).
    for fen in [
        "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBKQBNR*** w e1 - 0 1",
        "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBKQBNR*** w - e3 0 1",
    ] {
        assert!(g.set_fen(fen, Dialect::Uci).is_err(), "{fen}");
    }
    assert_eq!(
        g.fen(Dialect::Uci),
        game("reflection-14", None).fen(Dialect::Uci)
    );
    for text in [
        "",
        ",",
        "e2",
        "e2e4,",
        "a1a2",
        "z9z9",
        "e2e4e5",
        "g2g4,g13g11x",
        "@@@@",
        "g2g3 @@@@ @@@@",
        "g2g3,g13g12,h2h3",
        "a15a16",
    ] {
        assert!(g.parse_move(text, Dialect::Uci).is_err(), "{text:?}");
        assert!(g.parse_move(text, Dialect::XBoard).is_err(), "{text:?}");
    }
}
