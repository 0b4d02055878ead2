//! Sin-yeon-sang-gi unit tests: notation, XBoard FEN round trip, evaluation inputs, repetition. The
//! rules' worked examples (docs/sin-yeon-sang-gi.md §2.10) and the sample game are in engine-tests.

use super::*;
use crate::game::{Dialect, MoveList, Notation, Rules, VariantOptions};
use crate::variants::palace::movegen::{BEAR_LEAPS, HORSE_LEAPS, RHINO_LEAPS};
use crate::variants::palace::tests::assert_xboard_start_reads_back;

fn game(fen: &str) -> SinYeonGame {
    let mut g = SinYeonGame::new("sin-yeon-sang-gi", &VariantOptions::default()).expect("start");
    g.set_fen(fen, Dialect::Uci).expect("fen");
    g
}

fn record(g: &SinYeonGame, text: &str) -> String {
    let mv = g.parse_move(text, Dialect::Record).expect(text);
    g.coordinate_text(mv, Dialect::Uci)
}

#[test]
fn record_notation_reads_the_page_forms() {
    let g = game(START_FEN);
    assert_eq!(record(&g, "e5"), "e4e5");
    let mut after = g.clone();
    for m in ["e5", "i6"] {
        let mv = after.parse_move(m, Dialect::Record).expect(m);
        after.make(mv);
    }
    assert_eq!(record(&after, "Be4"), "c1e4", "c2 and d3 empty");
    assert!(
        g.parse_move("Be4", Dialect::Record).is_err(),
        "e4 still holds Red's own pawn"
    );
    assert_eq!(record(&g, "He3"), "d1e3");
    assert_eq!(record(&g, "Ueg3"), "e1g3");
    assert_eq!(record(&g, "Ue1g3"), "e1g3", "superfluous rank accepted");
    assert_eq!(record(&g, "e5+"), "e4e5");
    assert_eq!(record(&g, "Pe5"), "e4e5");
    assert_eq!(record(&g, "e4e5"), "e4e5", "coordinates are accepted too");
    assert_eq!(record(&g, "Cxb10"), "b3b10");
    // Ambiguous without the origin file: both bulls reach g3.
    assert!(matches!(
        g.parse_move("Ug3", Dialect::Record),
        Err(MoveError::Illegal(_))
    ));
    assert!(matches!(
        g.parse_move("Zz9", Dialect::Record),
        Err(MoveError::Unparsable(_))
    ));
    for junk in ["", "x", "=Q", "Q", "e", "e11", "n4", "R1", "Ra0"] {
        assert!(g.parse_move(junk, Dialect::Record).is_err(), "{junk}");
    }
}

#[test]
fn record_notation_writes_minimal_disambiguation() {
    let g = game(START_FEN);
    let text = |uci: &str| {
        let mv = g.parse_move(uci, Dialect::Uci).expect(uci);
        g.move_text(mv, Dialect::Record)
    };
    assert_eq!(text("e4e5"), "e5");
    assert_eq!(text("d1e3"), "He3");
    assert_eq!(text("e1g3"), "Ueg3");
    assert_eq!(text("b3b10"), "Cxb10");
    assert_eq!(text("g1g2"), "Kg2");
}

#[test]
fn xboard_fen_round_trip() {
    // What XBoard 4.9.1 sent the second engine after our `setup` line (captured under Xvfb).
    let sent =
        "ribhugkguhbir/13/1c9c1/p1p1p1p1p1p1p/13/13/P1P1P1P1P1P1P/1C9C1/13/RIBHUGKGUHBIR w 0 1";
    let mut g = game(START_FEN);
    assert_xboard_start_reads_back(&mut g, sent, START_FEN);
    let setup = g.xboard_setup();
    assert_eq!(setup.len(), 1);
    assert!(setup[0].starts_with("setup ("));
    assert!(setup[0].ends_with(&format!(") 13x10+0_xiangqi {START_FEN}")));
}

#[test]
fn xboard_moves_count_ranks_from_zero() {
    let g = game(START_FEN);
    let mv = g
        .parse_move("b2b9", Dialect::XBoard)
        .expect("b3b10 in XBoard form");
    assert_eq!(g.move_text(mv, Dialect::Uci), "b3b10");
    assert_eq!(g.move_text(mv, Dialect::XBoard), "b2b9");
    assert!(g.parse_move("b3b10", Dialect::XBoard).is_err());
}

/// Average destinations on the empty 13x10 board: the figures the starting material values rested
/// on (docs/sin-yeon-sang-gi.md).
#[test]
fn empty_board_mobility() {
    let average = |table: &[crate::variants::palace::movegen::Leap]| {
        let mut total = 0;
        for file in 0..13isize {
            for rank in 0..10isize {
                total += table
                    .iter()
                    .filter(|l| {
                        // Mailbox offset back to (file, rank) steps: |step| < STRIDE / 2.
                        let stride = crate::mailbox::STRIDE as isize;
                        let dr = (l.to + stride / 2).div_euclid(stride);
                        let df = l.to - dr * stride;
                        (0..13).contains(&(file + df)) && (0..10).contains(&(rank + dr))
                    })
                    .count();
            }
        }
        total as f64 / 130.0
    };
    assert_eq!(format!("{:.2}", average(&HORSE_LEAPS)), "6.00");
    assert_eq!(format!("{:.2}", average(&RHINO_LEAPS)), "5.35");
    assert_eq!(format!("{:.2}", average(&BEAR_LEAPS)), "4.83");
}

#[test]
fn stalemate_loses() {
    // Black king f10 boxed in by rooks on e- and g-files, f9 covered by the f8 pawn.
    let g = game("5k7/13/5P7/13/13/13/13/13/4R1R6/6K6 b - - 0 1");
    let mut moves = MoveList::new();
    g.generate(&mut moves);
    assert!(moves.is_empty());
    assert!(!g.in_check());
    let outcome = g.outcome().expect("game over");
    assert_eq!(outcome.winner, Some(crate::game::Side::White));
}

#[test]
fn rule_three_frees_guards_when_the_last_pawn_is_taken() {
    // Black's guard on h8 may only step back into its palace (g9) while both sides have pawns.
    let before = "6k6/13/7g5/p12/13/R12/12P/13/13/5K7 b - - 0 1";
    let g = game(before);
    let guard_moves = |g: &SinYeonGame| {
        let mut moves = MoveList::new();
        g.generate(&mut moves);
        let h8 = g.read_square("h8", Dialect::Uci).expect("square").0;
        let mut out: Vec<String> = moves
            .iter()
            .filter(|m| m.from == h8)
            .map(|m| g.square_text(m.to, Dialect::Uci))
            .collect();
        out.sort();
        out
    };
    assert_eq!(guard_moves(&g), ["g9"]);
    // Red's rook takes Black's last pawn: all guards and bulls are free at once.
    let mut g = game(&before.replace(" b ", " w "));
    let mv = g.parse_move("a5a7", Dialect::Uci).expect("legal capture");
    g.make(mv);
    assert!(g.freed());
    assert_eq!(guard_moves(&g), ["g7", "g9", "i7", "i9"]);
    g.unmake();
    assert!(!g.freed());
}
