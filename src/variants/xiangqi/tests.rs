//! Unit tests of xiangqi rules (perft figures are in engine-tests).

use super::*;
use crate::game::{MoveList, Notation, Rules, VariantOptions};
use crate::variants::palace::tests::assert_xboard_start_reads_back;

fn game(fen: &str) -> XiangqiGame {
    let mut g = XiangqiGame::new("xiangqi", &VariantOptions::default()).expect("start");
    g.set_fen(fen, Dialect::Uci).expect("fen");
    g
}

fn play(g: &mut XiangqiGame, moves: &[&str]) {
    for m in moves {
        let mv = g.parse_move(m, Dialect::Uci).expect(m);
        g.make(mv);
    }
}

#[test]
fn perpetual_check_loses_on_the_third_occurrence() {
    // The red rook checks the black king along ranks 9 and 10, again and again.
    let mut g = game("9/R3k4/9/9/9/9/9/9/9/3K5 b - - 0 1");
    assert!(g.in_check());
    play(&mut g, &["e9e10", "a9a10", "e10e9", "a10a9"]);
    assert_eq!(g.rule_outcome(false), None, "second occurrence: play on");
    let in_search = g
        .rule_outcome(true)
        .expect("one repetition counts in search");
    assert_eq!(in_search.winner, Some(crate::game::Side::Black));
    play(&mut g, &["e9e10", "a9a10", "e10e9", "a10a9"]);
    let outcome = g.outcome().expect("third occurrence");
    assert_eq!(outcome.winner, Some(crate::game::Side::Black));
    assert_eq!(outcome.reason, "Red checks perpetually");
}

#[test]
fn repetition_without_perpetual_check_is_a_draw() {
    let mut g = game("9/4k4/9/9/9/9/9/9/R8/3K5 b - - 0 1");
    for _ in 0..2 {
        play(&mut g, &["e9e10", "a2a3", "e10e9", "a3a2"]);
    }
    let outcome = g.outcome().expect("third occurrence");
    assert_eq!(outcome.winner, None);
}

#[test]
fn a_capture_ends_the_repetition_window() {
    let mut g = game("9/4k4/9/9/9/9/9/9/R8/3K5 b - - 0 1");
    play(&mut g, &["e9e10", "a2a3", "e10e9", "a3a2"]);
    assert!(g.rule_outcome(true).is_some());
    // Same board, but reached through a capture: the earlier occurrences no longer count.
    let mut g = game("9/4k4/9/9/9/9/9/p8/R8/3K5 w - - 0 1");
    play(
        &mut g,
        &[
            "a2a3", "e9e10", "a3a2", "e10e9", "a2a3", "e9e10", "a3a2", "e10e9",
        ],
    );
    assert!(
        g.rule_outcome(false).is_none(),
        "a3 pawn capture at the start: only two occurrences since"
    );
}

#[test]
fn stalemate_loses() {
    // Black's king e10: d10 and f10 covered by the rooks, e9 by the soldier; not in check.
    let g = game("4k4/9/4P4/9/9/9/9/9/3R1R3/4K4 b - - 0 1");
    assert!(!g.in_check());
    let outcome = g.outcome().expect("no moves");
    assert_eq!(outcome.winner, Some(crate::game::Side::White));
    assert_eq!(outcome.reason, "Black is stalemated");
}

#[test]
fn checkmate_loses() {
    // Two rooks: one checks on rank 10, the other covers rank 9.
    let g = game("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    let mut g2 = g.clone();
    play(&mut g2, &["a1a10"]);
    let outcome = g2.outcome().expect("mate");
    assert_eq!(outcome.winner, Some(crate::game::Side::White));
    assert_eq!(outcome.reason, "Red mates");
}

#[test]
fn flying_general_pins_and_facing_kings_are_refused() {
    // The horse between the kings may not move: every move opens the e-file.
    let g = game("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
    let mut moves = MoveList::new();
    g.generate(&mut moves);
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| g.move_text(m, Dialect::Uci))
        .collect();
    assert!(texts.iter().all(|t| t.starts_with("e1")), "{texts:?}");
    assert_eq!(texts.len(), 3, "e1d1 e1f1 e1e2: {texts:?}");
    // Facing kings are an attack both ways, so such a FEN is refused whoever is to move.
    let mut g = g.clone();
    for side in ["w", "b"] {
        let fen = format!("4k4/9/9/9/9/9/9/9/9/4K4 {side} - - 0 1");
        assert!(g.set_fen(&fen, Dialect::Uci).is_err(), "{fen}");
    }
}

#[test]
fn xboard_dialect_fen_and_moves() {
    // XBoard 4.9.1 sends xiangqi FENs with H/E and no castling/e.p. fields (captured under Xvfb).
    let sent = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1";
    let mut g = game(START_FEN);
    assert_xboard_start_reads_back(&mut g, sent, START_FEN);
    // Ranks from 0: h2e2 (UCI h3e3) is the central cannon.
    let mv = g
        .parse_move("h2e2", Dialect::XBoard)
        .expect("central cannon");
    assert_eq!(g.move_text(mv, Dialect::Uci), "h3e3");
    assert_eq!(g.move_text(mv, Dialect::Record), "h3e3");
    assert_eq!(g.xboard_variant(), "xiangqi");
    assert!(g.xboard_setup().is_empty());
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let mut g = game(START_FEN);
    for fen in [
        "",
        "rnbakabnr/9 w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAQABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - z 1",
        "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/K8/RNBA1ABNR w - - 0 1",
    ] {
        assert!(g.set_fen(fen, Dialect::Uci).is_err(), "{fen}");
    }
    assert_eq!(g.fen(Dialect::Uci), START_FEN, "unchanged after errors");
    // Huge counters are clamped, never overflowed.
    g.set_fen(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 4294967295 4294967295",
        Dialect::Uci,
    )
    .expect("counters clamp");
    let mv = g.parse_move("h8e8", Dialect::Uci).expect("legal");
    g.make(mv);
    g.unmake();
    for text in [
        "", "h3", "h3e", "h3e3x", "z1a1", "a0a1", "a11a1", "a4a6", "e1e3",
    ] {
        assert!(g.parse_move(text, Dialect::Uci).is_err(), "{text}");
    }
}
