//! The worked examples of docs/sonic.md §3.11 (X1-X17, X9b, X17S) and its rulings 23-28, with
//! the exact move lists the page gives (move bodies of the named piece; the `~form` suffixed
//! strings are counted where the document counts them).

use engine_tests::all_moves;
use kaleido::game::{Dialect, MoveError, Notation, Rules, VariantOptions};
use kaleido::variants::sonic::Sonic;
use std::collections::BTreeSet;

fn game(variant: &str, crooked: bool, fen: &str) -> Sonic {
    let mut options = VariantOptions::default();
    if crooked {
        options.set("Crooked", "true");
    }
    let mut g = Sonic::new(variant, &options).expect("variant");
    g.set_fen(fen, Dialect::Uci).expect("fen");
    g
}

/// Move bodies (no prefix, no suffix) of the piece on `from`.
fn bodies_from(g: &Sonic, from: &str) -> BTreeSet<String> {
    all_moves(g)
        .into_iter()
        .filter(|m| !m.contains('~') && m.starts_with(from))
        .collect()
}

fn set(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(String::from).collect()
}

fn check_piece(variant: &str, crooked: bool, fen: &str, from: &str, expected: &str) {
    let g = game(variant, crooked, fen);
    let got = bodies_from(&g, from);
    let want = set(expected);
    assert_eq!(
        got,
        want,
        "{fen}: missing {:?}, extra {:?}",
        want.difference(&got).collect::<Vec<_>>(),
        got.difference(&want).collect::<Vec<_>>()
    );
}

const QUIET_D2: &str = "d2a2 d2b2 d2c2 d2d1 d2d3 d2d4 d2d5 d2e2 d2f2 d2g2 d2h2";

#[test]
fn x1_seed_rook() {
    check_piece(
        "sonic",
        false,
        "7k/8/1p1p2p1/8/8/6P1/3R4/7K w - - 0 1 Kna/Kna",
        "d2",
        &format!("{QUIET_D2} d2d6,d6b6,b6b1 d2d6,d6g6,g6g4"),
    );
}

#[test]
fn x2_seed_knight() {
    check_piece(
        "sonic",
        false,
        "7k/2P5/8/1n2n3/2n5/N7/2n5/4n2K w - - 0 1 Kna/Kna",
        "a3",
        "a3b1 a3b5 a3c2,c2e1 a3c4,c4e5,e5g6",
    );
}

#[test]
fn x3a_one_side_blocked() {
    check_piece(
        "sonic",
        false,
        "7k/8/2Pp4/8/8/8/3R4/7K w - - 0 1 Kna/Kna",
        "d2",
        &format!("{QUIET_D2} d2d6,d6h6"),
    );
}

#[test]
fn x3b_both_sides_blocked() {
    check_piece(
        "sonic",
        false,
        "7k/8/2PpP3/8/8/8/3R4/7K w - - 0 1 Kna/Kna",
        "d2",
        &format!("{QUIET_D2} d2d6"),
    );
    // The rook stays on d6.
    let mut g = game("sonic", false, "7k/8/2PpP3/8/8/8/3R4/7K w - - 0 1 Kna/Kna");
    play(&mut g, "d2d6");
    assert_eq!(
        g.fen(Dialect::Uci),
        "7k/8/2PRP3/8/8/8/8/7K b - - 0 1 Kna/Kna"
    );
}

#[test]
fn x3c_edge_blocks() {
    check_piece(
        "sonic",
        false,
        "7k/8/8/p7/8/8/8/R6K w - - 0 1 Kna/Kna",
        "a1",
        "a1a2 a1a3 a1a4 a1b1 a1c1 a1d1 a1e1 a1f1 a1g1 a1a5,a5h5",
    );
}

#[test]
fn x4_later_contact_blocked() {
    check_piece(
        "sonic",
        false,
        "7k/8/1p1p4/1P6/8/8/3R4/7K w - - 0 1 Kna/Kna",
        "d2",
        &format!("{QUIET_D2} d2d6,d6b6 d2d6,d6h6"),
    );
}

fn play(g: &mut Sonic, text: &str) {
    let mv = g
        .parse_move(text, Dialect::Uci)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    g.make(mv);
}

fn king_field(g: &Sonic) -> String {
    g.fen(Dialect::Uci)
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn x5a_king_hit() {
    let fen = "8/8/3k4/8/8/8/3R4/7K w - - 0 1 Kna/Kna";
    check_piece(
        "sonic",
        false,
        fen,
        "d2",
        &format!("{QUIET_D2} d2d6,d6a6 d2d6,d6h6"),
    );
    for chain in ["d2d6,d6a6", "d2d6,d6h6"] {
        let mut g = game("sonic", false, fen);
        play(&mut g, chain);
        assert_eq!(king_field(&g), "Kna/?na2", "{chain}");
        assert!(g.rule_outcome(false).is_none());
    }
}

#[test]
fn x5b_hitter_lost() {
    let fen = "8/8/2PkP3/8/8/8/3R4/7K w - - 0 1 Kna/Kna";
    check_piece("sonic", false, fen, "d2", &format!("{QUIET_D2} d2d6"));
    let mut g = game("sonic", false, fen);
    play(&mut g, "d2d6");
    assert_eq!(
        g.fen(Dialect::Uci),
        "8/8/2PkP3/8/8/8/8/7K b - - 0 1 Kna/?na2"
    );
}

#[test]
fn x5c_knight_lost() {
    let fen = "8/8/8/2P5/8/1k6/8/N6K w - - 0 1 Kna/Kna";
    check_piece("sonic", false, fen, "a1", "a1c2 a1b3");
    let mut g = game("sonic", false, fen);
    play(&mut g, "a1b3");
    assert_eq!(
        g.fen(Dialect::Uci),
        "8/8/8/2P5/8/1k6/8/7K b - - 0 1 Kna/?na2"
    );
}

#[test]
fn x6_endless_moves_are_illegal() {
    check_piece(
        "sonic-springs",
        false,
        "4k3/8/8/8/2R5/8/8/4K3 w - - 0 1 Kna/Kna",
        "c4",
        "c4a4 c4b4 c4c5 c4d4 c4e4 c4f4 c4g4 c4h4 c4c6,c6a6 c4c3,c3a3",
    );
}

#[test]
fn x7_crooked_turns_alternate() {
    check_piece(
        "sonic",
        true,
        "7k/8/1p1p2p1/8/8/6P1/3R4/7K w - - 0 1 Kna/Kna",
        "d2",
        &format!("{QUIET_D2} d2d6,d6b6,b6b8 d2d6,d6g6,g6g8"),
    );
}

#[test]
fn x8_double_hit() {
    let fen = "8/8/3k2p1/8/8/3R4/3p2p1/7K w - - 0 1 Kna/Kna";
    check_piece(
        "sonic",
        false,
        fen,
        "d3",
        "d3a3 d3b3 d3c3 d3d4 d3d5 d3e3 d3f3 d3g3 d3h3 d3d2,d2a2 d3d2,d2g2,g2g6,g6d6,d6d1 \
         d3d6,d6a6 d3d6,d6g6,g6g2,g2d2,d2d6,d6h6",
    );
    let mut g = game("sonic", false, fen);
    play(&mut g, "d3d6,d6g6,g6g2,g2d2,d2d6,d6h6");
    assert_eq!(king_field(&g), "Kna/?na1");
    let mut g = game("sonic", false, fen);
    play(&mut g, "d3d2,d2g2,g2g6,g6d6,d6d1");
    assert_eq!(king_field(&g), "Kna/?na2");
}

const X9_LONG_CCW: &str = "c4c3,c3f3,f3f6,f6c6,c6c3,c3f3,f3f6,f6c6,c6c3";
const X9_LONG_CW: &str = "c4c6,c6f6,f6f3,f3c3,c3c6,c6f6,f6f3,f3c3,c3c6,c6f6,f6f3,f3c3";

#[test]
fn x9_triple_hit() {
    let fen = "4K3/8/8/8/2R5/2k5/8/8 w - - 0 1 Kna/Kna";
    check_piece(
        "sonic-springs",
        false,
        fen,
        "c4",
        &format!(
            "c4a4 c4b4 c4c5 c4d4 c4e4 c4f4 c4g4 c4h4 c4c6,c6a6 c4c3,c3a3 {X9_LONG_CCW} {X9_LONG_CW}"
        ),
    );
    for chain in [X9_LONG_CCW, X9_LONG_CW] {
        let mut g = game("sonic-springs", false, fen);
        play(&mut g, chain);
        let outcome = g.rule_outcome(false).expect("game over");
        assert_eq!(outcome.result(), "1-0", "{chain}");
        assert_eq!(king_field(&g), "Kna/-");
    }
    let mut g = game("sonic-springs", false, fen);
    play(&mut g, "c4c3,c3a3");
    assert_eq!(king_field(&g), "Kna/?na2");
}

#[test]
fn x9b_one_form_king() {
    let fen = "4K3/8/8/8/2R5/2k5/8/8 w - - 0 1 Kna/N";
    check_piece(
        "sonic-springs",
        false,
        fen,
        "c4",
        "c4a4 c4b4 c4c5 c4d4 c4e4 c4f4 c4g4 c4h4 c4c6,c6a6 c4c3 c4c6,c6f6,f6f3,f3c3",
    );
    let mut g = game("sonic-springs", false, fen);
    play(&mut g, "c4c3");
    assert_eq!(g.fen(Dialect::Uci), "4K3/8/8/8/8/2R5/8/8 b - - 0 1 Kna/-");
}

#[test]
fn x10_bishop() {
    check_piece(
        "sonic",
        false,
        "7k/8/8/5p2/8/3B4/8/K7 w - - 0 1 Kna/Kna",
        "d3",
        "d3a6 d3b5 d3c4 d3b1 d3c2 d3e2 d3f1 d3e4 d3f5,f5c8 d3f5,f5h3",
    );
}

#[test]
fn x11_queen() {
    check_piece(
        "sonic",
        false,
        "k7/8/8/3p4/8/3Q4/8/K6r w - - 0 1 Kna/Kna",
        "d3",
        "d3a3 d3b3 d3c3 d3e3 d3f3 d3g3 d3h3 d3d1 d3d2 d3d4 d3a6 d3b5 d3c4 d3e4 d3f5 d3g6 d3h7 \
         d3b1 d3c2 d3e2 d3f1 d3d5,d5a5 d3d5,d5h5",
    );
}

#[test]
fn x12_alibaba_king() {
    check_piece(
        "sonic",
        false,
        "7k/8/5p2/3P4/3K4/8/1P6/8 w - - 0 1 Akn/Kna",
        "d4",
        "d4b4 d4b6 d4d2 d4d6 d4f2 d4f4 d4f6",
    );
}

#[test]
fn x13_castling_in_alibaba_form() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 Akn/Kna";
    check_piece("sonic", false, fen, "e1", "e1c1 e1c3 e1e3 e1g1 e1g3 e1h1");
    let mut g = game("sonic", false, fen);
    play(&mut g, "e1h1");
    assert_eq!(
        g.fen(Dialect::Uci),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1 Akn/Kna"
    );
    // `e1g1` is the Alibaba jump here, and `O-O` still names the castling.
    let g = game("sonic", false, fen);
    let jump = g.parse_move("e1g1", Dialect::Uci).expect("jump");
    assert_eq!(g.move_text(jump, Dialect::Uci), "e1g1");
    let castle = g.parse_move("O-O", Dialect::Uci).expect("castling");
    assert_eq!(g.move_text(castle, Dialect::Uci), "e1h1");
}

#[test]
fn castling_alias_in_usual_form() {
    let g = game("sonic", false, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 Kna/Kna");
    for (alias, canonical) in [("e1g1", "e1h1"), ("e1c1", "e1a1"), ("O-O-O", "e1a1")] {
        let mv = g.parse_move(alias, Dialect::Uci).expect(alias);
        assert_eq!(g.move_text(mv, Dialect::Uci), canonical);
    }
}

#[test]
fn x14_pawn_takes_king() {
    let fen = "8/8/8/4k3/3P4/8/8/4K3 w - - 0 1 Kna/Kna";
    check_piece("sonic", false, fen, "d4", "d4d5 d4e5");
    let mut g = game("sonic", false, fen);
    play(&mut g, "d4e5");
    assert_eq!(g.rule_outcome(false).map(|o| o.result()), Some("1-0"));
    // Ruling 27: the capturing piece on its square, no losing king, `-` in the king field.
    assert_eq!(g.fen(Dialect::Uci), "8/8/8/4P3/8/8/8/4K3 b - - 0 1 Kna/-");
    assert!(all_moves(&g).is_empty());
}

#[test]
fn x15_pending_choice() {
    let g = game("sonic", false, "8/8/3k3R/8/8/8/8/7K b - - 0 1 Kna/?na2");
    let got: BTreeSet<String> = all_moves(&g).into_iter().collect();
    assert_eq!(
        got,
        set("n:d6b5 n:d6b7 n:d6c4 n:d6c8 n:d6e4 n:d6e8 n:d6f5 n:d6f7 \
             a:d6b4 a:d6b6 a:d6b8 a:d6d4 a:d6d8 a:d6f4 a:d6f6 a:d6f8")
    );
    assert!(matches!(
        g.parse_move("d6d7", Dialect::Uci),
        Err(MoveError::Illegal(_))
    ));
    // Ruling 23: a prefix excludes a suffix.
    assert!(g.parse_move("n:d6b5~a", Dialect::Uci).is_err());
    let mut g = g;
    play(&mut g, "n:d6b5");
    assert_eq!(king_field(&g), "Kna/Na");
}

#[test]
fn x16a_form_change_rules() {
    let g = game("sonic", false, "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1 Kna/Kna");
    let legal = |m: &str| g.parse_move(m, Dialect::Uci).is_ok();
    assert!(legal("d2e2"));
    assert!(!legal("d2e2~n"), "the rook on e2 checks e8");
    assert!(legal("d2d3~n"));
    assert!(legal("d2d3~a"));
    assert!(!legal("e1f1~n"), "no change after a king move");
    assert!(
        !legal("d2d3~k"),
        "switching to the current form is not a move"
    );
}

#[test]
fn x16b_escaping_check_forbids_a_change() {
    let g = game("sonic", false, "4k3/8/8/8/2B5/8/8/4K2r w - - 0 1 Kna/Kna");
    let rules_check = kaleido::variants::sonic::check::in_check;
    assert!(rules_check(
        g.position(),
        g.rules(),
        kaleido::game::Side::White
    ));
    // For the search this is no check: one hit costs a form, not the king.
    assert!(!g.in_check());
    let legal = |m: &str| g.parse_move(m, Dialect::Uci).is_ok();
    assert!(legal("c4f1"));
    assert!(!legal("c4f1~n"), "c4f1 escapes the check");
    assert!(legal("c4d5~n"), "the check is ignored, none is given");
    assert!(legal("e1d2"));
    assert!(!legal("e1d2~n"));
}

#[test]
/// The total, 60, is in the perft data (engine-tests/data/perft/sonic*.txt).
fn x17_twenty_bodies_each_with_both_form_changes() {
    for variant in ["sonic", "sonic-springs"] {
        let g = game(variant, false, "startpos");
        let moves = all_moves(&g);
        let bodies = moves.iter().filter(|m| !m.contains('~')).count();
        assert_eq!(bodies, 20);
        assert_eq!(moves.iter().filter(|m| m.ends_with("~n")).count(), 20);
        assert_eq!(moves.iter().filter(|m| m.ends_with("~a")).count(), 20);
    }
}

#[test]
fn x17s_springs_relaunch_knights() {
    let g = game("sonic-springs", false, "startpos");
    let knights: BTreeSet<String> = ["b1", "g1"]
        .iter()
        .flat_map(|sq| bodies_from(&g, sq))
        .collect();
    assert_eq!(knights, set("b1a3 b1c3,c3d5 g1h3 g1f3,f3e5"));
}

#[test]
fn ruling24_pawn_takes_king_on_last_rank_names_a_piece() {
    let fen = "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 Kna/Kna";
    let g = game("sonic", false, fen);
    let takes: BTreeSet<String> = all_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("e7d8"))
        .collect();
    assert_eq!(takes, set("e7d8q e7d8r e7d8b e7d8n"));
    for m in &takes {
        let mut g = game("sonic", false, fen);
        play(&mut g, m);
        assert_eq!(
            g.rule_outcome(false).map(|o| o.result()),
            Some("1-0"),
            "{m}"
        );
    }
}

#[test]
fn ruling25_en_passant_square_recorded_but_keyed_only_when_capturable() {
    let mut g = game("sonic", false, "startpos");
    play(&mut g, "e2e4");
    assert_eq!(
        g.fen(Dialect::Uci),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 Kna/Kna"
    );
    let without = game(
        "sonic",
        false,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 Kna/Kna",
    );
    assert_eq!(g.key(), without.key(), "no black pawn can take e.p.");
    let with = game("sonic", false, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 Kna/Kna");
    let plain = game("sonic", false, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1 Kna/Kna");
    assert_ne!(with.key(), plain.key(), "d4xe3 e.p. is legal");
    assert!(all_moves(&with).iter().any(|m| m == "d4e3"));
}

#[test]
fn ruling26_an_endless_chain_gives_no_check() {
    let g = game(
        "sonic-springs",
        false,
        "8/8/1b6/2b4k/8/7R/8/7K w - - 0 1 Kna/Kna",
    );
    let black = kaleido::variants::sonic::check::in_check(
        g.position(),
        g.rules(),
        kaleido::game::Side::Black,
    );
    assert!(
        !black,
        "the only chain that hits the black king loops forever"
    );
    // The same board without springs: the rook's chain h3-h5 hits at once.
    let plain = game("sonic", false, "8/8/1b6/2b4k/8/7R/8/7K w - - 0 1 Kna/Kna");
    assert!(kaleido::variants::sonic::check::in_check(
        plain.position(),
        plain.rules(),
        kaleido::game::Side::Black
    ));
}

fn xboard_text(variant: &str, fen: &str, uci: &str) -> String {
    let g = game(variant, false, fen);
    let mv = g.parse_move(uci, Dialect::Uci).expect(uci);
    let text = g.move_text(mv, Dialect::XBoard);
    assert_eq!(g.parse_move(&text, Dialect::XBoard), Ok(mv), "{text}");
    // What the receiver holds after each part, with and without the separator that follows.
    let parts: Vec<&str> = text.split(" @@@@ ").collect();
    for cut in 1..parts.len() {
        let prefix = parts[..cut].join(" @@@@ ");
        for held in [prefix.clone(), format!("{prefix} @@@@")] {
            assert_eq!(
                g.parse_move(&held, Dialect::XBoard),
                Err(MoveError::Incomplete),
                "{held} of {text}"
            );
        }
    }
    text
}

#[test]
fn xboard_carries_chains_hits_and_forms() {
    let x1 = "7k/8/1p1p2p1/8/8/6P1/3R4/7K w - - 0 1 Kna/Kna";
    assert_eq!(
        xboard_text("sonic", x1, "d2d6,d6b6,b6b1"),
        "d2d6 @@@@ d6b6 @@@@ b6b1"
    );
    let g = game("sonic", false, x1);
    assert_eq!(
        g.parse_move("d2d6", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    assert_eq!(
        g.parse_move("d2d6 @@@@", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    // A hit leaves the king on its square: the leg onto the king is merged away.
    let x5a = "8/8/3k4/8/8/8/3R4/7K w - - 0 1 Kna/Kna";
    assert_eq!(xboard_text("sonic", x5a, "d2d6,d6a6"), "d2a6");
    // A lone leg onto a king the piece is lost on: XBoard sees the rook stop before the king.
    let x5b = "8/8/2PkP3/8/8/8/3R4/7K w - - 0 1 Kna/Kna";
    assert_eq!(xboard_text("sonic", x5b, "d2d6"), "d2d5r");
    // Merged, `g3g1` would read as the quiet queen move: the queen's own letter tells them apart.
    let beside = "7k/8/8/8/8/6q1/7K/8 b - - 0 1 Kna/Kna";
    assert_eq!(xboard_text("sonic", beside, "g3h2,h2g1"), "g3g1q");
    let x8 = "8/8/3k2p1/8/8/3R4/3p2p1/7K w - - 0 1 Kna/Kna";
    assert_eq!(
        xboard_text("sonic", x8, "d3d6,d6g6,g6g2,g2d2,d2d6,d6h6"),
        "d3g6 @@@@ g6g2 @@@@ g2d2 @@@@ d2h6"
    );
    // Form marks: `=` for the first other form, the piece's own letter for the second.
    assert_eq!(xboard_text("sonic", "startpos", "e2e4~n"), "e2e4=");
    assert_eq!(xboard_text("sonic", "startpos", "e2e4~a"), "e2e4p");
    assert_eq!(xboard_text("sonic", "startpos", "g1f3~a"), "g1f3n");
    let x15 = "8/8/3k3R/8/8/8/8/7K b - - 0 1 Kna/?na2";
    assert_eq!(xboard_text("sonic", x15, "n:d6b5"), "d6b5");
    assert_eq!(xboard_text("sonic", x15, "a:d6b4"), "d6b4=");
}

#[test]
fn xboard_promotion_with_a_form_mark_takes_a_detour() {
    // XBoard relays one letter after the squares: the pawn arrives as a pawn, steps back with the
    // mark and promotes on the last part.
    let white = "8/3P4/8/8/8/8/7k/K7 w - - 0 1 Kna/Kna";
    assert_eq!(
        xboard_text("sonic", white, "d7d8q~n"),
        "d7d8p @@@@ d8d7= @@@@ d7d8q"
    );
    assert_eq!(
        xboard_text("sonic", white, "d7d8r~a"),
        "d7d8p @@@@ d8d7p @@@@ d7d8r"
    );
    // Without a mark a promotion stays one part.
    assert_eq!(xboard_text("sonic", white, "d7d8q"), "d7d8q");
    let capture = "2r5/3P4/8/8/8/8/7k/K7 w - - 0 1 Kna/Kna";
    assert_eq!(
        xboard_text("sonic", capture, "d7c8b~n"),
        "d7c8p @@@@ c8d7= @@@@ d7c8b"
    );
    let black = "k7/8/8/8/8/8/3p4/7K b - - 0 1 Kna/Kna";
    assert_eq!(
        xboard_text("sonic", black, "d2d1n~a"),
        "d2d1p @@@@ d1d2p @@@@ d2d1n"
    );
    // A pending king's second candidate is the `=` mark; the first needs none.
    let pending = "8/3P4/8/8/8/8/7k/K7 w - - 0 1 ?na2/Kna";
    assert_eq!(
        xboard_text("sonic", pending, "a:d7d8q"),
        "d7d8p @@@@ d8d7= @@@@ d7d8q"
    );
    assert_eq!(xboard_text("sonic", pending, "n:d7d8q"), "d7d8q");
}

#[test]
fn xboard_never_shows_a_lost_hitter_taking_the_king() {
    // A piece lost on the king with its only leg goes to the empty square nearest the king that
    // it cannot move to (XBoard shows it there); a slider with a free square before the king
    // stops there with its own letter.
    let x5c = "8/8/8/2P5/8/1k6/8/N6K w - - 0 1 Kna/Kna";
    assert_eq!(xboard_text("sonic", x5c, "a1b3"), "a1a2");
    // Beside the king: c5 and e5 are quiet rook moves, c6 and e6 are taken, so c7.
    let beside = "8/8/2PkP3/3R4/8/8/8/7K w - - 0 1 Kna/Kna";
    assert_eq!(xboard_text("sonic", beside, "d5d6"), "d5c7");
    // A pending king's second candidate needs the `=` mark, so the own-letter stop is not free.
    let x5b_pending = "8/8/2PkP3/8/8/8/3R4/7K w - - 0 1 ?na2/Kna";
    assert_eq!(xboard_text("sonic", x5b_pending, "n:d2d6"), "d2d5r");
    assert_eq!(xboard_text("sonic", x5b_pending, "a:d2d6"), "d2c5=");
}

#[test]
fn form_change_forbidden_when_a_pawn_or_the_new_form_attacks_the_enemy_king() {
    let g = game("sonic", false, "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1 Kna/Kna");
    assert!(g.parse_move("d6d7", Dialect::Uci).is_ok());
    assert!(
        g.parse_move("d6d7~n", Dialect::Uci).is_err(),
        "the pawn on d7 checks e8"
    );
    // The knight-form king on e1 would attack d3; the Alibaba form would not.
    let g = game("sonic", false, "8/8/8/8/8/3k4/7P/4K3 w - - 0 1 Kna/Kna");
    assert!(g.parse_move("h2h3~a", Dialect::Uci).is_ok());
    assert!(g.parse_move("h2h3~n", Dialect::Uci).is_err());
}

#[test]
fn xboard_sideways_alibaba_jump_is_not_castling() {
    // XBoard castles on any two-file sideways king move: the jump goes in two steps,
    // while the real castling keeps its king-takes-rook form (XBoard reads that as castling).
    let x13 = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 Akn/Kna";
    assert_eq!(xboard_text("sonic", x13, "e1g1"), "e1f1k @@@@ f1g1");
    assert_eq!(xboard_text("sonic", x13, "e1c1"), "e1d1k @@@@ d1c1");
    assert_eq!(xboard_text("sonic", x13, "e1h1"), "e1h1");
    let g = game("sonic", false, x13);
    assert_eq!(
        g.parse_move("e1f1k", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    // With f1 occupied the king steps through f2.
    let blocked = "4k3/8/8/8/8/8/8/4KB1R w K - 0 1 Akn/Kna";
    assert_eq!(xboard_text("sonic", blocked, "e1g1"), "e1f2k @@@@ f2g1");
    // With both in the way the king walks around them.
    let walled = "3bk3/3p4/8/8/8/8/8/4K3 b - - 0 1 Kna/Akn";
    assert_eq!(
        xboard_text("sonic", walled, "e8c8"),
        "e8e7k @@@@ e7d6 @@@@ d6c7 @@@@ c7c8"
    );
    // No walk of four steps: out to the empty square nearest f8 off the back rank, and back;
    // e6 and g6 (nearer) are squares the king could jump to, so the first step would share its
    // square with a plain move and could not be entered by mouse: h6 (hand-checked).
    let shut = "rnbqkb1r/pp2pppp/2pp1n2/8/8/BP2PQ2/P1PP1PPP/RN2KBNR b KQkq - 1 4 Kna/Akn";
    assert_eq!(xboard_text("sonic", shut, "e8g8"), "e8h6k @@@@ h6g8");
    let g = game("sonic", false, shut);
    assert_eq!(
        g.parse_move("e8h6k", Dialect::XBoard),
        Err(MoveError::Incomplete)
    );
    // XBoard castles a two-file king move on any rank (a `sonic-springs` match forfeited).
    let mid = "8/8/R7/8/B1K3Pk/3P4/7b/8 w - - 0 1 Akn/Nka";
    assert_eq!(xboard_text("sonic", mid, "c4e4"), "c4d4k @@@@ d4e4");
}
