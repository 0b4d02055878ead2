use super::*;
use crate::game::{Dialect, MoveError, Notation, Rules, Score, Side, VariantOptions};

fn at(fen: &str) -> Chess {
    let mut g = Chess::new("chess", &VariantOptions::default()).unwrap();
    g.set_fen(fen, Dialect::Uci).unwrap();
    g
}

fn play(g: &mut Chess, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = g
            .parse_move(m, Dialect::Uci)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        g.make(mv);
    }
}

#[test]
fn fools_mate_is_mate_for_black() {
    let mut g = at("startpos");
    play(&mut g, "f2f3 e7e5 g2g4 d8h4");
    let o = g.outcome().expect("game over");
    assert_eq!(o.winner, Some(Side::Black));
    assert_eq!(o.reason, "Black mates");
}

#[test]
fn stalemate_is_a_draw() {
    let g = at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.outcome().map(|o| o.reason), Some("stalemate".to_string()));
}

#[test]
fn threefold_repetition_and_twofold_in_search() {
    let mut g = at("startpos");
    play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    assert!(g.rule_outcome(false).is_none());
    assert!(
        g.rule_outcome(true).is_some(),
        "one repetition counts inside the search"
    );
    play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(
        g.outcome().map(|o| o.reason),
        Some("threefold repetition".to_string())
    );
}

#[test]
fn fifty_move_rule_but_mate_on_the_hundredth_ply_stands() {
    let g = at("7k/8/8/8/8/8/R7/K7 w - - 100 80");
    assert_eq!(
        g.outcome().map(|o| o.reason),
        Some("50-move rule".to_string())
    );
    let mut g = at("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(&mut g, "a1a8");
    assert_eq!(
        g.outcome().map(|o| o.reason),
        Some("White mates".to_string())
    );
}

#[test]
fn insufficient_material() {
    assert!(at("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").outcome().is_some());
    assert!(
        at("8/8/4k3/8/8/3BK3/8/3b4 w - - 0 1").outcome().is_some(),
        "bishops on one colour"
    );
    assert!(
        at("8/8/4k3/8/8/3BK3/8/2b5 w - - 0 1").outcome().is_none(),
        "bishops on both colours"
    );
    assert!(at("8/8/4k3/8/8/3PK3/8/8 w - - 0 1").outcome().is_none());
}

#[test]
fn san_round_trip_with_disambiguation_and_marks() {
    let g = at("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut moves = crate::game::MoveList::new();
    g.generate(&mut moves);
    for &m in &moves {
        let san = g.move_text(m, Dialect::Record);
        assert_eq!(g.parse_move(&san, Dialect::Record), Ok(m), "{san}");
    }
    let castle = g.parse_move("e1g1", Dialect::Uci).unwrap();
    assert_eq!(g.move_text(castle, Dialect::Record), "O-O");
    let g = at("6k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let m = g.parse_move("a1a8", Dialect::Uci).unwrap();
    assert_eq!(g.move_text(m, Dialect::Record), "Ra8+");
    let g = at("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let m = g.parse_move("a1a8", Dialect::Uci).unwrap();
    assert_eq!(g.move_text(m, Dialect::Record), "Ra8#");
    let g = at("8/8/8/1k6/8/8/4K3/R6R w - - 0 1");
    let m = g.parse_move("h1d1", Dialect::Uci).unwrap();
    assert_eq!(g.move_text(m, Dialect::Record), "Rhd1");
}

#[test]
fn bad_moves_are_errors_not_panics() {
    let g = at("startpos");
    assert!(matches!(
        g.parse_move("e2e5", Dialect::Uci),
        Err(MoveError::Illegal(_))
    ));
    assert!(matches!(
        g.parse_move("zz", Dialect::Uci),
        Err(MoveError::Unparsable(_))
    ));
    assert!(matches!(
        g.parse_move("a9a10", Dialect::Uci),
        Err(MoveError::Unparsable(_))
    ));
    assert!(matches!(
        g.parse_move("", Dialect::Uci),
        Err(MoveError::Unparsable(_))
    ));
    assert!(matches!(
        g.parse_move("e7e8q", Dialect::Uci),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn malformed_fens_are_rejected() {
    let mut g = at("startpos");
    for bad in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
    ] {
        assert!(g.set_fen(bad, Dialect::Uci).is_err(), "{bad}");
    }
    assert_eq!(
        g.fen(Dialect::Uci),
        super::fen::START,
        "a rejected FEN leaves the position as it was"
    );
}

#[test]
fn en_passant_square_kept_only_when_a_capture_is_possible() {
    let mut g = at("startpos");
    play(&mut g, "e2e4");
    assert!(g.fen(Dialect::Uci).contains(" b KQkq - "));
    play(&mut g, "d7d5 e4e5 f7f5");
    assert!(g.fen(Dialect::Uci).contains(" w KQkq f6 "));
    play(&mut g, "e5f6");
    assert!(g
        .fen(Dialect::Uci)
        .starts_with("rnbqkbnr/ppp1p1pp/5P2/3p4/"));
}

/// The position with colours exchanged (ranks mirrored, letters' case swapped).
fn colour_mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let ep = match f[3].as_bytes() {
        [file, rank] => format!("{}{}", *file as char, (b'9' - rank + b'0') as char),
        _ => "-".into(),
    };
    format!(
        "{} {side} {} {ep} {} {}",
        board.join("/"),
        swap(f[2]),
        f[4],
        f[5]
    )
}

#[test]
fn evaluation_is_colour_symmetric() {
    for fen in BENCH.iter().chain(&[
        "r1bq1rk1/pp3ppp/2n1pn2/3p4/1bPP4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 9",
        "8/5pk1/6p1/3P4/1P3K2/8/8/8 b - - 0 50",
    ]) {
        let g = at(fen);
        let mirrored = at(&colour_mirror(&g.fen(Dialect::Uci)));
        assert_eq!(g.evaluate(), mirrored.evaluate(), "{fen}");
    }
}

/// What both evaluations must know, whatever their figures: a passed pawn further up is worth
/// more, a pawn up is something, a rook up is at least `rook_up_floor`, a knight is better
/// centralised than in the corner.
fn assert_knows_basic_chess(eval: impl Fn(&str) -> Score, rook_up_floor: Score) {
    assert!(eval("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1"));
    let rook_up = eval("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(rook_up > rook_up_floor, "{rook_up}");
    assert!(eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + 50);
    assert!(eval("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"));
}

/// Regression guards of the tuned weights' judgement (our own figures, not an outside source):
/// the hand-written evaluation alone, which `UseNNUE false` plays and the net corrects.
#[test]
fn evaluation_knows_basic_chess() {
    assert_knows_basic_chess(|fen| super::eval::evaluate(&at(fen)), 300);
}

/// Regression guards of the built-in net's judgement, the evaluation the engine plays with (our
/// own figures). Bare-king endings are rare in its data (the teacher's mates are dropped), so it
/// values a rook up below the hand-written evaluation's 300: guarded here, not hidden.
#[test]
fn evaluation_with_the_net_knows_basic_chess() {
    let eval = |fen: &str| at(fen).evaluate();
    assert_knows_basic_chess(eval, 200);
    let pawn_up = eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
    let rook_up = eval("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let queen_up = eval("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    assert!(rook_up > pawn_up + 50, "{rook_up} {pawn_up}");
    assert!(queen_up > rook_up + 150, "{queen_up} {rook_up}");
}
