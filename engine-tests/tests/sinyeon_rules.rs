//! Sin-yeon-sang-gi: every worked example of docs/sin-yeon-sang-gi.md §2.10 (S1-S9) with its exact
//! destination set.

use kaleido::game::{Dialect, MoveList, Notation, Rules, VariantOptions};
use kaleido::variants::sinyeon::SinYeonGame;
use std::collections::BTreeSet;

fn game(board_and_side: &str) -> SinYeonGame {
    let mut g = SinYeonGame::new("sin-yeon-sang-gi", &VariantOptions::default()).expect("start");
    g.set_fen(&format!("{board_and_side} - - 0 1"), Dialect::Uci)
        .expect("valid FEN");
    g
}

/// Legal destinations of the piece on `from`.
fn destinations(g: &SinYeonGame, from: &str) -> BTreeSet<String> {
    let (sq, rest) = g.read_square(from, Dialect::Uci).expect("square");
    assert!(rest.is_empty());
    let mut moves = MoveList::new();
    g.generate(&mut moves);
    moves
        .iter()
        .filter(|m| m.from == sq)
        .map(|m| g.square_text(m.to, Dialect::Uci))
        .collect()
}

fn set(squares: &[&str]) -> BTreeSet<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

fn check(board_and_side: &str, from: &str, expected: &[&str]) {
    let g = game(board_and_side);
    assert_eq!(
        destinations(&g, from),
        set(expected),
        "{from} in {board_and_side}"
    );
}

#[test]
fn s1_rhino_second_orthogonal_step_blocks() {
    check(
        "7k5/13/13/p3Ph7/7p5/2p1I8/P12/13/13/5K7 w",
        "e5",
        &["d2", "f2", "h4", "h6"],
    );
}

#[test]
fn s1b_rhino_is_not_blocked_on_the_one_two_square() {
    check(
        "7k5/13/13/p4h7/7p5/2p1I8/P12/13/13/5K7 w",
        "e5",
        &["d2", "d8", "f2", "f8", "h4", "h6"],
    );
}

#[test]
fn s2_bear() {
    check(
        "7k5/13/13/p12/4P1h6/3pB8/P12/13/13/5K7 w",
        "e5",
        &["c2", "g2", "h3"],
    );
}

#[test]
fn s3_horse() {
    check(
        "7k5/13/13/p4p7/4P8/4H8/P2p9/13/13/5K7 w",
        "e5",
        &["c4", "c6", "d3", "f3", "g4", "g6"],
    );
}

#[test]
fn s4a_bull_is_river_bound() {
    check("7k5/13/13/p12/13/4U8/P4p7/13/13/5K7 w", "e5", &["c3"]);
}

#[test]
fn s4b_bull_freed_when_black_has_no_pawns() {
    check(
        "7k5/13/13/13/13/4U8/P4g7/13/13/5K7 w",
        "e5",
        &["c3", "c7", "g7"],
    );
}

#[test]
fn s5_cannon_over_a_cannon() {
    check(
        "7k5/13/4c8/p12/13/4C8/P12/4C8/13/5K7 w",
        "e3",
        &[
            "a3", "b3", "c3", "d3", "f3", "g3", "h3", "i3", "j3", "k3", "l3", "m3", "e1", "e2",
            "e4", "e8",
        ],
    );
}

#[test]
fn s6a_horse_pinned_by_the_flying_general() {
    let fen = "6k6/13/13/p12/13/6H6/P12/13/13/6K6 w";
    check(fen, "g5", &[]);
    check(fen, "g1", &["f1", "g2", "h1"]);
}

#[test]
fn s6b_king_may_not_face_the_other_king() {
    check("6k6/13/13/p12/13/13/P12/13/5K7/13 w", "f2", &["f1", "f3"]);
}

#[test]
fn s7a_pawn_on_its_ninth_rank_steps_back() {
    check(
        "7k5/2P10/13/p12/13/13/13/13/13/5K7 w",
        "c9",
        &["b9", "d9", "c10", "c8"],
    );
}

#[test]
fn s7b_pawn_on_its_eighth_rank_does_not() {
    check(
        "7k5/13/2P10/p12/13/13/13/13/13/5K7 w",
        "c8",
        &["b8", "d8", "c9"],
    );
}

#[test]
fn s7c_pawn_on_its_tenth_rank() {
    check(
        "2P4k5/13/13/p12/13/13/13/13/13/5K7 w",
        "c10",
        &["b10", "d10", "c9"],
    );
}

#[test]
fn s7d_black_pawn_on_its_ninth_rank() {
    check(
        "7k5/13/13/13/13/13/P12/13/4p8/5K7 b",
        "e2",
        &["e1", "d2", "f2", "e3"],
    );
}

#[test]
fn s8a_guard_in_its_palace() {
    check("7k5/13/13/p12/13/13/P12/7G5/13/5K7 w", "h3", &["g2"]);
}

#[test]
fn s8b_guard_freed() {
    check(
        "7k5/13/13/13/13/13/P12/7G5/13/5K7 w",
        "h3",
        &["g2", "g4", "i2", "i4"],
    );
}

#[test]
fn s9_initial_position() {
    let start = "ribhugkguhbir/13/1c9c1/p1p1p1p1p1p1p/13/13/P1P1P1P1P1P1P/1C9C1/13/RIBHUGKGUHBIR w";
    let g = game(start);
    let b3 = destinations(&g, "b3");
    assert_eq!(b3.len(), 16);
    assert!(
        b3.contains("b10"),
        "cannon takes the rhino over the b8 cannon"
    );
    assert_eq!(destinations(&g, "l3").len(), 16);
    assert_eq!(destinations(&g, "d1"), set(&["c3", "e3"]));
    assert_eq!(destinations(&g, "j1"), set(&["i3", "k3"]));
    assert_eq!(destinations(&g, "e1"), set(&["c3", "g3"]));
    assert_eq!(destinations(&g, "i1"), set(&["g3", "k3"]));
    assert_eq!(destinations(&g, "f1"), set(&["g2"]));
    assert_eq!(destinations(&g, "h1"), set(&["g2"]));
    assert_eq!(destinations(&g, "g1"), set(&["g2"]));
    assert_eq!(destinations(&g, "a1"), set(&["a2", "a3"]));
    assert_eq!(destinations(&g, "m1"), set(&["m2", "m3"]));
    for leaper in ["b1", "c1", "k1", "l1"] {
        assert!(destinations(&g, leaper).is_empty(), "{leaper}");
    }
    let pawn_moves: usize = ["a4", "c4", "e4", "g4", "i4", "k4", "m4"]
        .iter()
        .map(|p| destinations(&g, p).len())
        .sum();
    assert_eq!(pawn_moves, 7);
}
