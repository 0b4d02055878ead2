//! The worked examples of docs/reflection.md §1.10 with their exact turn sets.

use super::*;

#[test]
fn r1_rook_pair_on_one_file() {
    let g = game(
        "reflection-mini",
        Some("**2K1**/**1R2**/8/k6k/8/8/**1R2**/**2K1** w - - 0 1"),
    );
    assert_turns(
        &g,
        &[
            "d2c2,d7c7",
            "d2e2,d7e7",
            "d2f2,d7f7",
            "d2d1,d7d8",
            "d2d3,d7d6",
            "d2d4,d7d5",
            "e1d1,e8d8",
            "e1e2,e8e7",
            "e1f1,e8f8",
            "e1f2,e8f7",
        ],
        &["d2d5,d7d4", "d2d6,d7d3"],
    );
}

#[test]
fn r2_pawn_relaxation() {
    let g = game(
        "reflection-mini",
        Some("**2K1**/**1S2**/4b3/k6k/8/3b4/**1P2**/**2K1** w - - 0 1"),
    );
    assert_turns(
        &g,
        &["d2d3,d7d6", "d2e3,d7e6", "e1d1,e8d8"],
        &[
            "d2c3,d7c6",
            "d2d4,d7d5",
            "e1e2,e8e7",
            "e1f1,e8f8",
            "e1f2,e8f7",
        ],
    );
}

#[test]
fn r3_swap() {
    let mut g = game(
        "reflection-mini",
        Some("**2K1**/**4**/3S4/k6k/8/3P4/**4**/**2K1** w - - 0 1"),
    );
    assert_turns(
        &g,
        &[
            "d3d4,d6d5",
            "e1d1,e8d8",
            "e1d2,e8d7",
            "e1e2,e8e7",
            "e1f1,e8f8",
            "e1f2,e8f7",
        ],
        &[],
    );
    play(&mut g, "d3d4,d6d5");
    assert_eq!(
        g.fen(Dialect::Uci),
        "**2K1**/**4**/8/k2P3k/3S4/8/**4**/**2K1** b - - 0 1"
    );
}

#[test]
fn r4_reverse_mini_start_and_zone_rule() {
    let mut g = game("reflection-mini-rev", None);
    assert_turns(
        &g,
        &[
            "c2c3,f7f6",
            "c2c4,f7f5",
            "d2d3,e7e6",
            "d2d4,e7e5",
            "e2e3,d7d6",
            "e2e4,d7d5",
            "f2f3,c7c6",
            "f2f4,c7c5",
            "f1e3,c8d6",
        ],
        &["f1g3,c8b6", "f1g3"],
    );
    let fen = g.fen(Dialect::Uci).replace(" w ", " b ");
    g.set_fen(&fen, Dialect::Uci).unwrap();
    let black = turns(&g);
    assert_eq!(black.len(), 9, "{black:?}");
    let knights: Vec<&String> = black
        .iter()
        .filter(|t| t.starts_with("h3") || t.starts_with("a6"))
        .collect();
    assert_eq!(knights, vec!["h3f4,a6c5"]);
}

#[test]
fn r5_de_capture_rule() {
    let g = game("reflection-8", Some("K6k/8/3Rn3/8/8/3Rn3/8/K6k w - - 0 1"));
    assert_turns(
        &g,
        &[
            "a1a2,a8a7",
            "a1b1,a8b8",
            "a1b2,a8b7",
            "d3a3,d6a6",
            "d3b3,d6b6",
            "d3c3,d6c6",
            "d3d4,d6d5",
            "d3d2,d6d7",
            "d3d1,d6d8",
        ],
        &["d3e3,d6e6", "d3d5,d6d4"],
    );
}

#[test]
fn r6_promotion_on_a_side_arm() {
    let g = game(
        "reflection-14",
        Some("***3K4***/***8***/***8***/14/P1P11/14/14/k12k/14/S1S11/14/***8***/***8***/***3K4*** w - - 0 1"),
    );
    assert_turns(
        &g,
        &[
            "a5a4q,a10a11q",
            "a5a4r,a10a11r",
            "a5a4b,a10a11b",
            "a5a4n,a10a11n",
            "c5c4,c10c11",
            "g1f1,g14f14",
            "g1f2,g14f13",
            "g1g2,g14g13",
            "g1h1,g14h14",
            "g1h2,g14h13",
        ],
        &["a5a4,a10a11", "a5a4q,a10a11r"],
    );
}

#[test]
fn r7_free_moves_and_repairing() {
    let mut g = game(
        "reflection-mini",
        Some("**2K1**/**4**/k6k/5R2/2R5/8/**4**/**2K1** w - - 0 1"),
    );
    let all = turns(&g);
    let mut rooks: Vec<String> = all
        .iter()
        .filter(|t| t.starts_with("c4") || t.starts_with("f5"))
        .cloned()
        .collect();
    rooks.sort();
    let mut want: Vec<String> = [
        "c4a4", "c4b4", "c4c1", "c4c2", "c4c3", "c4c5", "c4c6", "c4c7", "c4c8", "c4d4", "c4e4",
        "c4f4", "c4g4", "c4h4", "f5a5", "f5b5", "f5c5", "f5d5", "f5e5", "f5f1", "f5f2", "f5f3",
        "f5f4", "f5f6", "f5f7", "f5f8", "f5g5", "f5h5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    want.sort();
    assert_eq!(rooks, want);
    play(&mut g, "f5c5");
    let repaired = "**2K1**/**4**/k6k/2R5/2R5/8/**4**/**2K1** w - - 0 1";
    assert_eq!(
        g.fen(Dialect::Uci).split(' ').next(),
        repaired.split(' ').next()
    );
    let g = game("reflection-mini", Some(repaired));
    let rook_turns: Vec<String> = turns(&g)
        .into_iter()
        .filter(|t| t.starts_with("c4"))
        .collect();
    let mut want: Vec<String> = [
        "c4a4,c5a5",
        "c4b4,c5b5",
        "c4c3,c5c6",
        "c4c2,c5c7",
        "c4c1,c5c8",
        "c4d4,c5d5",
        "c4e4,c5e5",
        "c4f4,c5f5",
        "c4g4,c5g5",
        "c4h4,c5h5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    want.sort();
    assert_eq!(rook_turns, want);
    assert!(
        g.parse_move("c4b4", Dialect::Uci).is_err(),
        "paired rook alone"
    );
}

#[test]
fn r8_check_is_a_capturing_turn_not_an_attack() {
    let g = game("reflection-8", Some("k7/8/8/5Kpr/5K1r/8/8/k7 w - - 0 1"));
    assert!(!g.in_check(), "the h4 rook's partner is blocked by g5");
    assert_turns(
        &g,
        &["f4e3,f5e6", "f4e4,f5e5", "f4e5,f5e4", "f4g3,f5g6"],
        &["f4g4,f5g5", "f4g5,f5g4", "f4f3,f5f6"],
    );
}

#[test]
fn r9_two_board_start() {
    let mut g = game("reflection-twoboard", None);
    let white = turns(&g);
    assert_eq!(white.len(), 20);
    for t in ["e2e4,l2l4", "g1f3,j1k3", "b1c3,o1n3"] {
        assert!(white.contains(&t.to_string()), "{t} in {white:?}");
    }
    // Every White turn is a board-1 move plus its file mirror on board 2.
    for t in &white {
        let (a, b) = t.split_once(',').unwrap();
        let (a, b) = (a.as_bytes(), b.as_bytes());
        assert_eq!(b[0], b'a' + (b'p' - a[0]), "{t}");
        assert_eq!(b[2], b'a' + (b'p' - a[2]), "{t}");
    }
    play(&mut g, "e2e4,l2l4");
    let black = turns(&g);
    assert_eq!(black.len(), 20);
    for t in ["e7e5,m7m5", "g8f6,o8n6"] {
        assert!(black.contains(&t.to_string()), "{t} in {black:?}");
    }
    for t in &black {
        let (a, b) = t.split_once(',').unwrap();
        let (a, b) = (a.as_bytes(), b.as_bytes());
        assert_eq!(b[0], a[0] + 8, "{t}");
        assert_eq!(b[2], a[2] + 8, "{t}");
    }
}

#[test]
fn r10_castling_pair() {
    let g = game(
        "reflection-8",
        Some("R2Kk2r/8/8/8/8/8/8/R2Kk2r w a1a8h1h8 - 0 1"),
    );
    assert_turns(
        &g,
        &[
            "d1b1,d8b8",
            "a1a2,a8a7",
            "a1a3,a8a6",
            "a1a4,a8a5",
            "a1b1,a8b8",
            "a1c1,a8c8",
            "d1c1,d8c8",
            "d1c2,d8c7",
            "d1d2,d8d7",
        ],
        &["d1e2,d8e7"],
    );
    let mut g = g;
    play(&mut g, "d1b1,d8b8");
    assert_eq!(
        g.fen(Dialect::Uci),
        "1KR1k2r/8/8/8/8/8/8/1KR1k2r b h1h8 - 1 1"
    );
}

#[test]
fn r11_knight_zone_rule_normal_mini() {
    let mut g = game("reflection-mini", None);
    let fen = g.fen(Dialect::Uci).replace(" w ", " b ");
    g.set_fen(&fen, Dialect::Uci).unwrap();
    assert_turns(
        &g,
        &[
            "a3c4,h3f4",
            "b3c3,g3f3",
            "b3d3,g3e3",
            "b4c4,g4f4",
            "b4d4,g4e4",
            "b5c5,g5f5",
            "b5d5,g5e5",
            "b6c6,g6f6",
            "b6d6,g6e6",
        ],
        &["a3c2,h3f2"],
    );
}
