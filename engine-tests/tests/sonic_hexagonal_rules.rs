//! The worked examples of docs/sonic-hexagonal.md (HX1-HX11) with the exact move lists the page
//! gives, and the rulings the examples do not show: position text rejections, pawns, the
//! one-form king, the draws. The lists are the rules doc's hand derivations, not our output.

use engine_tests::all_moves;
use kaleido::game::{Dialect, MoveError, Notation, Outcome, Rules, Side, VariantOptions};
use kaleido::presentation::Presentation;
use kaleido::variants::sonic_hexagonal::{SonicHexagonal, NAME};
use std::collections::BTreeSet;

/// `T60` = Turn60, `C` = Crooked, as the doc abbreviates them.
fn game_with(options: &str, fen: &str) -> SonicHexagonal {
    let mut o = VariantOptions::default();
    if options.contains("T60") {
        o.set("Turn60", "true");
    }
    if options.contains('C') {
        o.set("Crooked", "true");
    }
    let mut g = SonicHexagonal::new(NAME, &o).expect("variant");
    g.set_fen(fen, Dialect::Uci)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    g
}

/// The moves of the piece on `from` (a move's first cell name, not a longer one: `f1` is not
/// `f10`).
fn moves_from(g: &SonicHexagonal, from: &str) -> BTreeSet<String> {
    all_moves(g)
        .into_iter()
        .filter(|m| {
            m.strip_prefix(from)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
        })
        .collect()
}

fn set(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(String::from).collect()
}

fn check_piece(options: &str, fen: &str, from: &str, expected: &str) {
    let g = game_with(options, fen);
    let got = moves_from(&g, from);
    let want = set(expected);
    assert_eq!(
        got,
        want,
        "{fen} [{options}]: missing {:?}, extra {:?}",
        want.difference(&got).collect::<Vec<_>>(),
        got.difference(&want).collect::<Vec<_>>()
    );
    // No two generated moves share a text.
    let all = all_moves(&g);
    let distinct: BTreeSet<&String> = all.iter().collect();
    assert_eq!(distinct.len(), all.len(), "{fen}: duplicate move texts");
}

/// The rook on f2's 16 quiet moves in HX1 and its relatives.
const ROOK_F2_QUIET: &str =
    "f2f3 f2f4 f2f5 f2g2 f2h2 f2i2 f2k2 f2l2 f2g1 f2f1 f2e1 f2e2 f2d2 f2c2 f2b2 f2a2";

const HX1: &str = "k/3/5/7/9/5p5/11/7p3/11/5R5/10K w - 0 1";

#[test]
fn hx1_rook_chain_two_captures_clockwise() {
    check_piece(
        "",
        HX1,
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6,f6h4,h4c1 f2f6,f6a1"),
    );
    let g = game_with("", HX1);
    assert_eq!(all_moves(&g).len(), 23, "whole-position perft(1)");
    check_piece("", HX1, "l1", "l1l2 l1k1 l1k2 l1i2 l1k3");
}

#[test]
fn hx1b_later_contact_blocked_stops_there() {
    check_piece(
        "",
        "k/3/5/7/9/5p5/11/6Np3/11/5R5/10K w - 0 1",
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6,f6h4 f2f6,f6a1"),
    );
}

#[test]
fn hx2_one_side_blocked_forces_the_other_sense() {
    check_piece(
        "",
        "k/3/5/7/9/5p5/6N4/7p3/11/5R5/10K w - 0 1",
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6,f6a1"),
    );
}

#[test]
fn hx2b_both_sides_blocked_stops_on_the_capture() {
    check_piece(
        "",
        "k/3/5/7/9/5p5/4N1N4/7p3/11/5R5/10K w - 0 1",
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6"),
    );
}

#[test]
fn hx3_bishop_chain() {
    check_piece(
        "",
        "k/3/5/7/9/7p3/11/5B2p2/11/11/10K w - 0 1",
        "f4",
        "f4g5 f4h3 f4k2 f4g2 f4e2 f4d3 f4b2 f4e5 f4d6 f4c7 f4h6,h6i4,i4a3 f4h6,h6b5",
    );
}

#[test]
fn hx4_queen_chains_ending_on_their_origin() {
    check_piece(
        "",
        "k/3/5/7/9/11/11/11/3p3p3/5P5/4NQK4 w - 0 1",
        "f1",
        "f1g2 f1e2 f1h3,h3i1 f1h3,h3d3,d3f1 f1d3,d3h3,h3f1 f1d3,d3c1",
    );
}

#[test]
fn hx4_a_chain_back_to_its_origin_is_a_real_move() {
    let mut g = game_with("", "k/3/5/7/9/11/11/11/3p3p3/5P5/4NQK4 w - 0 1");
    let mv = g.parse_move("f1h3,h3d3,d3f1", Dialect::Uci).expect("legal");
    g.make(mv);
    assert_eq!(
        g.fen(Dialect::Uci),
        "k/3/5/7/9/11/11/11/11/5P5/4NQK4 b - 0 1",
        "both pawns gone, the queen back on f1, the clock reset"
    );
}

#[test]
fn hx5_knight_flight_two_captures() {
    check_piece(
        "",
        "k/3/5/7/9/11/7p3/11/1P4p4/3p7/5N4K w - 0 1",
        "f1",
        "f1g3,g3h5,h5i7 f1d2 f1e3 f1h2",
    );
}

#[test]
fn hx6_en_passant_by_both_neighbours() {
    let fen = "k/3/5/7/9/3P7/1Pp8/11/11/11/10K w c6 0 2";
    check_piece("", fen, "b5", "b5b6 b5c6");
    check_piece("", fen, "d6", "d6d7 d6c6");
    let without = "k/3/5/7/9/3P7/1Pp8/11/11/11/10K w - 0 2";
    check_piece("", without, "b5", "b5b6");
    check_piece("", without, "d6", "d6d7");
    // The capture removes the pawn that double-stepped.
    let mut g = game_with("", fen);
    let mv = g.parse_move("b5c6", Dialect::Uci).expect("legal");
    g.make(mv);
    assert_eq!(
        g.fen(Dialect::Uci),
        "k/3/5/7/9/2PP7/11/11/11/11/10K b - 0 2"
    );
}

#[test]
fn hx6_the_double_step_records_the_skipped_cell() {
    let mut g = game_with("", "k/3/5/7/1p7/3P7/1P9/11/11/11/10K b - 0 1");
    let mv = g.parse_move("c7c5", Dialect::Uci).expect("double step");
    g.make(mv);
    assert_eq!(
        g.fen(Dialect::Uci),
        "k/3/5/7/9/3P7/1Pp8/11/11/11/10K w c6 0 2"
    );
}

#[test]
fn hx7_promotion_by_step_and_capture() {
    check_piece(
        "",
        "1/1n1/rP3/7/9/k10/11/11/11/11/10K w - 0 1",
        "e9",
        "e9e10q e9e10r e9e10b e9e10n e9d9q e9d9r e9d9b e9d9n e9f10",
    );
}

#[test]
fn hx7b_black_promotes_on_rank_one() {
    check_piece(
        "",
        "k/3/5/7/9/11/11/11/11/6p4/7N2K b - 0 1",
        "g2",
        "g2g1q g2g1r g2g1b g2g1n g2h1q g2h1r g2h1b g2h1n",
    );
}

const HX8: &str = "k/3/5/7/9/5p2p2/11/7p3/11/5R5/10K w - 0 1";

#[test]
fn hx8_the_60_degree_option() {
    check_piece(
        "",
        HX8,
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6,f6h4,h4c1 f2f6,f6a1"),
    );
    check_piece(
        "T60",
        HX8,
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6,f6i6,i6l4 f2f6,f6a6"),
    );
}

#[test]
fn hx9_a_chain_captures_the_king_and_stops() {
    let fen = "1/3/5/7/9/5p5/11/7k3/11/5R5/10K w - 0 1";
    check_piece(
        "",
        fen,
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6,f6h4 f2f6,f6a1"),
    );
    let mut g = game_with("", fen);
    let mv = g.parse_move("f2f6,f6h4", Dialect::Uci).expect("legal");
    g.make(mv);
    let outcome = g.outcome().expect("game over");
    assert_eq!(outcome.winner, Some(Side::White), "{outcome}");
    assert!(g.fen(Dialect::Uci).starts_with("1/3/5/7/9/11/11/7R3/"));
    assert_eq!(
        g.parse_move("g10g9", Dialect::Uci),
        Err(MoveError::GameOver)
    );
}

#[test]
fn hx9b_knight_flight_into_the_king() {
    check_piece(
        "",
        "1/3/5/7/9/11/7k3/11/6p4/11/5N4K w - 0 1",
        "f1",
        "f1g3,g3h5 f1d2 f1e3 f1h2",
    );
}

#[test]
fn hx9c_the_king_as_first_contact() {
    check_piece(
        "",
        "1/3/5/7/9/5k5/11/11/11/5R5/10K w - 0 1",
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6"),
    );
}

#[test]
fn hx10_crooked_alternates_the_sense() {
    check_piece(
        "C",
        HX1,
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6,f6h4,h4h9 f2f6,f6a1"),
    );
    check_piece(
        "T60 C",
        HX8,
        "f2",
        &format!("{ROOK_F2_QUIET} f2f6,f6i6,i6i8 f2f6,f6a6"),
    );
}

#[test]
fn hx11_start_position_perft_1_is_51_by_hand_count() {
    let pieces = [
        // (cell, the doc's list)
        ("b1", "b1b2 b1b3"),
        ("c2", "c2c3 c2c4"),
        ("d3", "d3d4 d3d5"),
        ("e4", "e4e5 e4e6"),
        ("f5", "f5f6"),
        ("g4", "g4g5 g4g6"),
        ("h3", "h3h4 h3h5"),
        ("i2", "i2i3 i2i4"),
        ("k1", "k1k2 k1k3"),
        ("f1", "f1g2 f1e2"),
        ("f2", "f2g3 f2h4 f2i5 f2k6 f2e3 f2d4 f2c5 f2b6"),
        ("f3", "f3h2 f3d2"),
        ("c1", "c1d2 c1e3 c1f4"),
        ("i1", "i1h2 i1g3 i1f4"),
        ("d1", "d1b2 d1c3 d1f4 d1g2"),
        ("h1", "h1e2 h1f4 h1i3 h1k2"),
        ("e1", "e1e2 e1e3 e1d2 e1c3 e1b4 e1a5"),
        ("g1", "g1g2 g1h2"),
    ];
    for options in ["", "T60", "C", "T60 C"] {
        let mut total = 0;
        for (from, list) in pieces {
            check_piece(options, "startpos", from, list);
            total += list.split_whitespace().count();
        }
        assert_eq!(total, 51);
        assert_eq!(all_moves(&game_with(options, "startpos")).len(), 51);
    }
}

#[test]
fn start_position_text() {
    let g = SonicHexagonal::new(NAME, &VariantOptions::default()).unwrap();
    assert_eq!(
        g.fen(Dialect::Uci),
        "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"
    );
    assert_eq!(g.side_to_move(), Side::White);
}

#[test]
fn position_text_rejections() {
    let mut g = game_with("", "startpos");
    let before = g.fen(Dialect::Uci);
    for bad in [
        // Wrong rank count or length.
        "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2 w - 0 1",
        "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1/11 w - 0 1",
        "b/qbk/n1b1n/r5r/ppppppppp/10/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
        "b/qbk/n1b1n/r6r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
        "1b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
        "b/qbk/n1b1n/r5r/ppppppppp/65/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
        // A bad letter, side, e.p. with j or off the board.
        "b/qbk/n1b1n/r5r/ppppppppx/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
        "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 x - 0 1",
        "k/3/5/7/9/3P7/1Pp8/11/11/11/10K w j6 0 2",
        "k/3/5/7/9/3P7/1Pp8/11/11/11/10K w a7 0 2",
        // An e.p. cell that is occupied, not skippable by the side that just moved, or with no
        // pawn of that side beyond it.
        "k/3/5/7/9/2PP7/1Pp8/11/11/11/10K w c6 0 2",
        "k/3/5/7/9/3P7/1Pp8/11/11/11/10K w c5 0 2",
        "k/3/5/7/9/3P7/1Pp8/11/11/11/10K w c3 0 2",
        "k/3/5/7/9/3P7/1P9/11/11/11/10K w c6 0 2",
        "k/3/5/7/9/3P7/1Pp8/11/11/11/10K b c6 0 2",
        // Two kings of one colour; no king at all.
        "k/3/5/7/9/11/11/11/11/11/9KK w - 0 1",
        "1/3/5/7/9/11/11/11/11/11/11 w - 0 1",
        // A pawn on its own promotion cell.
        "k/3/5/7/9/P10/11/11/11/11/10K w - 0 1",
        "k/3/5/7/9/11/11/11/11/11/p9K w - 0 1",
        // A field left over.
        "k/3/5/7/9/11/11/11/11/11/10K w - 0 1 x",
    ] {
        assert!(g.set_fen(bad, Dialect::Uci).is_err(), "{bad} accepted");
        assert_eq!(g.fen(Dialect::Uci), before, "{bad}: position kept");
    }
}

#[test]
fn position_text_accepts_what_the_doc_allows() {
    // White pawns on a1 or l1 (a capture from b1 or k1); the empty-board ranks read back.
    for fen in [
        "k/3/5/7/9/11/11/11/11/11/P9K w - 0 1",
        "k/3/5/7/9/11/11/11/11/11/9PK w - 0 1",
        "k/3/5/7/9/3P7/1Pp8/11/11/11/10K w c6 0 2",
        "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
    ] {
        assert_eq!(game_with("", fen).fen(Dialect::Uci), fen);
    }
    // Exactly one king missing: a finished game won by the side that has its king.
    let g = game_with("", "1/3/5/7/9/11/11/11/11/11/10K b - 0 1");
    assert!(all_moves(&g).is_empty());
    let outcome: Outcome = g.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Side::White));
}

#[test]
fn no_castling_and_any_contact_kills_the_king() {
    // A pawn and a king capture the king by displacement.
    let mut g = game_with("", "1/3/5/7/9/11/11/11/11/11/4kP4K w - 0 1");
    // Rank 1 bends at f: a pawn on f1 takes at 10 o'clock on e1.
    let mv = g
        .parse_move("f1e1", Dialect::Uci)
        .expect("f1 pawn takes the king on e1");
    g.make(mv);
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(Side::White));
    let mut g = game_with("", "1/3/5/7/9/11/11/11/11/11/9kK w - 0 1");
    let mv = g.parse_move("l1k1", Dialect::Uci).expect("king takes king");
    g.make(mv);
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(Side::White));
    // A king may step into an attack (H10): no legality filter.
    let g = game_with("", "k/3/5/7/9/11/11/11/11/11/r9K w - 0 1");
    assert!(moves_from(&g, "l1").contains("l1k1"));
}

#[test]
fn no_legal_move_is_a_draw() {
    // A board full of White's pieces around Black's lone king on f11: every pawn is blocked by
    // its own men, the top cells hold rooks and bishops that touch the king only where they
    // cannot capture (a bishop orthogonally, a rook diagonally), and no pawn attacks f11.
    let g = game_with(
        "",
        "k/BPB/RRPRR/RPPPPPR/RPPPPPPPR/RPPPPPPPPPR/11P/11P/11P/11P/PPPPPKPPPPP w - 0 1"
            .replace("11P", "PPPPPPPPPPP")
            .as_str(),
    );
    let moves = all_moves(&g);
    assert!(moves.is_empty(), "{moves:?}");
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome.winner, None, "{outcome}");
}

#[test]
fn hundred_plies_and_threefold_repetition_draw() {
    let g = game_with("", "k/3/5/7/9/11/11/11/11/11/10K w - 100 80");
    assert_eq!(g.outcome().map(|o| o.winner), Some(None));
    let g = game_with("", "k/3/5/7/9/11/11/11/11/11/10K w - 99 80");
    assert!(g.outcome().is_none());
    let mut g = game_with("", "k/3/5/7/9/11/11/11/11/11/10K w - 0 1");
    for _ in 0..2 {
        for text in ["l1l2", "f11e10", "l2l1", "e10f11"] {
            assert!(g.outcome().is_none(), "over before {text}");
            let mv = g.parse_move(text, Dialect::Uci).expect(text);
            g.make(mv);
        }
    }
    let outcome = g.outcome().expect("threefold");
    assert!(outcome.to_string().contains("repetition"), "{outcome}");
}

#[test]
fn the_parser_accepts_exactly_the_generated_strings() {
    let g = game_with("", HX1);
    for good in all_moves(&g) {
        assert!(g.parse_move(&good, Dialect::Uci).is_ok(), "{good}");
    }
    for bad in [
        "f2f6,f6h4",
        "f2f6",
        "f2f6,f6a1,a1a2",
        "f2j6",
        "f2f6,g6h4",
        "F2F3",
        "f2f3q",
    ] {
        assert!(g.parse_move(bad, Dialect::Uci).is_err(), "{bad} accepted");
    }
    assert!(matches!(
        g.parse_move("hello", Dialect::Uci),
        Err(MoveError::Unparsable(_))
    ));
    assert!(matches!(
        g.parse_move("f2f7", Dialect::Uci),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn a_pawn_that_captured_onto_a_start_cell_may_double_step() {
    // The c2 pawn takes on d3 (2 o'clock) and stands on the d-pawn's start cell (H.4).
    let mut g = game_with("", "k/3/5/7/9/11/11/11/3p7/2P8/10K w - 0 1");
    let mv = g.parse_move("c2d3", Dialect::Uci).expect("capture");
    g.make(mv);
    let mv = g.parse_move("f11e10", Dialect::Uci).expect("king step");
    g.make(mv);
    assert!(
        moves_from(&g, "d3").contains("d3d5"),
        "{:?}",
        moves_from(&g, "d3")
    );
    let mv = g.parse_move("d3d5", Dialect::Uci).expect("double step");
    g.make(mv);
    assert!(
        g.fen(Dialect::Uci).ends_with(" b d4 0 2"),
        "{}",
        g.fen(Dialect::Uci)
    );
}

#[test]
fn check_is_any_leg_of_any_chain_and_only_informational() {
    // HX9 with Black to move: White's rook reaches h4 only as the second leg of a chain.
    let g = game_with("", "1/3/5/7/9/5p5/11/7k3/11/5R5/10K b - 0 1");
    assert_eq!(g.board_view().check, vec!["h4".to_string()]);
    // Black may ignore it (H10): every king step is generated, the attacked ones included.
    assert_eq!(moves_from(&g, "h4").len(), 12);
    let quiet = game_with("", "1/3/5/7/9/11/11/7k3/11/5R5/10K b - 0 1");
    assert!(quiet.board_view().check.is_empty());
}
