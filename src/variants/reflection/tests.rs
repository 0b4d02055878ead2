//! Rules tests: the worked examples of docs/reflection.md §1.10 with their exact turn sets.

use super::*;
use crate::game::Game;
use crate::rng::SplitMix64;

fn game(variant: &str, fen: Option<&str>) -> Reflection {
    let mut g = Reflection::new(variant, &VariantOptions::default()).expect("variant exists");
    if let Some(f) = fen {
        g.set_fen(f, Dialect::Uci).expect("valid FEN");
    }
    g
}

fn turns(g: &Reflection) -> Vec<String> {
    let mut list = MoveList::new();
    g.generate(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| g.move_text(m, Dialect::Uci)).collect();
    v.sort();
    v
}

/// The generated set equals `expected` exactly (order-insensitive), and none of `illegal`.
fn assert_turns(g: &Reflection, expected: &[&str], illegal: &[&str]) {
    let got = turns(g);
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(got, want, "{}", g.fen(Dialect::Uci));
    for bad in illegal {
        assert!(
            g.parse_move(bad, Dialect::Uci).is_err(),
            "{bad} must be illegal in {}",
            g.fen(Dialect::Uci)
        );
    }
}

fn play(g: &mut Reflection, text: &str) {
    let mv = g
        .parse_move(text, Dialect::Uci)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    g.make(mv);
}

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

fn options(pairs: &[(&str, &str)]) -> VariantOptions {
    let mut o = VariantOptions::default();
    for (k, v) in pairs {
        o.set(k, v);
    }
    o
}

/// Random games: make/unmake restores FEN and key, the incremental key equals the recomputed one,
/// every printed turn parses back to itself (both component orders, both dialects), and every
/// position's FEN reads back to the same FEN.
fn playouts(variant: &str, opts: &VariantOptions, games: usize, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..games {
        let mut g = Reflection::new(variant, opts).unwrap();
        let mut trail = Vec::new();
        for _ in 0..160 {
            if g.rule_outcome(false).is_some() {
                break;
            }
            let mut list = MoveList::new();
            g.generate(&mut list);
            if list.is_empty() {
                break;
            }
            let keys: Vec<u32> = list.iter().map(|&m| Reflection::move_key(m)).collect();
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), keys.len(), "move keys collide");
            let mut slow = MoveList::new();
            movegen::legal_turns_slow(g.layout, &g.pos, g.rules, &mut slow);
            assert_eq!(list.as_slice(), slow.as_slice(), "{}", g.fen(Dialect::Uci));
            let mv = rng.pick(&list);
            let text = g.move_text(mv, Dialect::Uci);
            assert_eq!(g.parse_move(&text, Dialect::Uci), Ok(mv), "{text}");
            if let Some((a, b)) = text.split_once(',') {
                assert_eq!(g.parse_move(&format!("{b},{a}"), Dialect::Uci), Ok(mv));
                assert_eq!(
                    g.parse_move(a, Dialect::XBoard),
                    Err(MoveError::Incomplete),
                    "{a}"
                );
            }
            let xb = g.move_text(mv, Dialect::XBoard);
            assert_eq!(g.parse_move(&xb, Dialect::XBoard), Ok(mv), "{xb}");
            let before = (g.fen(Dialect::Uci), g.key());
            g.make(mv);
            assert_eq!(g.key(), g.compute_key(), "after {text}");
            let fen = g.fen(Dialect::Uci);
            let mut copy = g.clone();
            copy.set_fen(&fen, Dialect::Uci).unwrap();
            assert_eq!(copy.fen(Dialect::Uci), fen);
            assert_eq!(copy.key(), g.key());
            g.unmake();
            assert_eq!((g.fen(Dialect::Uci), g.key()), before, "unmake {text}");
            g.make(mv);
            trail.push(mv);
        }
        while g.plies() > 0 {
            g.unmake();
        }
        assert_eq!(g.key(), g.compute_key());
    }
}

#[test]
fn random_playouts_keep_fen_and_key_consistent() {
    for (i, name) in NAMES.iter().enumerate() {
        playouts(name, &VariantOptions::default(), 6, 0x5EED + i as u64);
    }
}

#[test]
fn random_playouts_under_every_option() {
    let all = options(&[
        ("CaptureTwin", "true"),
        ("WinCondition", "capture-kings"),
        ("QueenPromotion", "true"),
    ]);
    let twin = options(&[("CaptureTwin", "true")]);
    for (i, name) in NAMES.iter().enumerate() {
        playouts(name, &all, 4, 0xA11 + i as u64);
        playouts(name, &twin, 3, 0x7A1 + i as u64);
    }
}

fn game_with(variant: &str, fen: &str, opts: &[(&str, &str)]) -> Reflection {
    let mut g = Reflection::new(variant, &options(opts)).unwrap();
    g.set_fen(fen, Dialect::Uci).unwrap();
    g
}

/// Capture-twin (§1.6.5.3): capturing a paired piece removes its partner too. Black's map in the
/// normal mini is the vertical axis, so the rook on c4 is paired with the rook on f4.
#[test]
fn capture_twin_removes_the_partner() {
    let fen = "**2K1**/**4**/2R5/k6k/2r2r2/2R5/**4**/**2K1** w - - 0 1";
    let mut plain = game_with("reflection-mini", fen, &[]);
    play(&mut plain, "c3c4,c6c5");
    assert_eq!(
        plain.fen(Dialect::Uci),
        "**2K1**/**4**/8/k1R4k/2R2r2/8/**4**/**2K1** b - - 0 1"
    );
    let mut twin = game_with("reflection-mini", fen, &[("CaptureTwin", "true")]);
    play(&mut twin, "c3c4,c6c5");
    assert_eq!(
        twin.fen(Dialect::Uci),
        "**2K1**/**4**/8/k1R4k/2R5/8/**4**/**2K1** b - - 0 1"
    );
}

/// Capture-kings: a captured king leaves its partner unpaired; no king left = lost, no turns.
#[test]
fn capture_kings_mode() {
    let opts = [("WinCondition", "capture-kings")];
    let mut g = game_with(
        "reflection-mini",
        "**2K1**/**4**/8/kR5k/1R6/8/**4**/**2K1** w - - 0 1",
        &opts,
    );
    play(&mut g, "b4a4,b5a5");
    assert!(g.rule_outcome(false).is_none());
    let black = turns(&g);
    assert!(black.contains(&"h5h6".to_string()), "{black:?}");
    assert!(black.iter().all(|t| !t.contains(',')), "{black:?}");
    let over = game_with(
        "reflection-mini",
        "**2K1**/**4**/8/R7/8/8/**4**/**2K1** b - - 0 1",
        &opts,
    );
    assert!(turns(&over).is_empty(), "ruling 27");
    let outcome = over.outcome().expect("game over");
    assert_eq!(outcome.winner, Some(Side::White));
    // In checkmate mode a position whose side not to move is in check is refused.
    let mut checkmate = Reflection::new("reflection-mini", &VariantOptions::default()).unwrap();
    assert!(checkmate
        .set_fen(
            "**2K1**/**4**/8/kR5k/1R6/8/**4**/**2K1** w - - 0 1",
            Dialect::Uci
        )
        .is_err());
}

/// Promotion choices: R, B, N on the mini board; Q too with QueenPromotion.
#[test]
fn queen_promotion_option() {
    let fen = "**3K**/**1P2**/8/8/k6k/8/**1S2**/**3K** w - - 0 1";
    let promos = |g: &Reflection| -> Vec<String> {
        turns(g)
            .into_iter()
            .filter(|t| t.starts_with("d2d1"))
            .collect()
    };
    let g = game_with("reflection-mini", fen, &[]);
    assert_eq!(promos(&g), ["d2d1b,d7d8b", "d2d1n,d7d8n", "d2d1r,d7d8r"]);
    let q = game_with("reflection-mini", fen, &[("QueenPromotion", "true")]);
    assert_eq!(
        promos(&q),
        ["d2d1b,d7d8b", "d2d1n,d7d8n", "d2d1q,d7d8q", "d2d1r,d7d8r"]
    );
}

/// Two-board en passant: a paired pawn may take e.p. while its partner captures normally; an
/// unpaired pawn takes e.p. as a free move. The e.p. field lists both targets (ruling 23).
#[test]
fn two_board_en_passant() {
    let mut g = game_with(
        "reflection-twoboard",
        "4k7k3/5s7s2/10n5/4P6PP3/16/16/16/4K6K4 b - - 0 1",
        &[],
    );
    play(&mut g, "f7f5,n7n5");
    assert_eq!(
        g.fen(Dialect::Uci),
        "4k7k3/16/10n5/4Ps5PPs2/16/16/16/4K6K4 w - f6n6 0 2"
    );
    let white = turns(&g);
    assert!(white.contains(&"e5f6,l5k6".to_string()), "{white:?}");
    assert!(white.contains(&"m5n6".to_string()), "{white:?}");
    play(&mut g, "e5f6,l5k6");
    assert_eq!(
        g.fen(Dialect::Uci),
        "4k7k3/16/5P4P5/12Ps2/16/16/16/4K6K4 b - - 0 2"
    );
}

/// Castling needs both kings out of check and off attacked crossed squares.
#[test]
fn castling_through_an_attacked_square_is_illegal() {
    // A black rook pair on c5/c4 (black map is (f, 9-r) in reflection-8) covers c1 and c8.
    let g = game_with(
        "reflection-8",
        "R2Kk2r/8/8/2r5/2r5/8/8/R2Kk2r w a1a8h1h8 - 0 1",
        &[],
    );
    let white = turns(&g);
    assert!(!white.contains(&"d1b1,d8b8".to_string()), "{white:?}");
}

/// The influence shortcut of `legal_turns` against the full test on every turn, over many random
/// games that prefer captures (to reach checks, unpaired pieces and re-pairings).
#[test]
fn influence_shortcut_matches_the_full_check_test() {
    let mut rng = SplitMix64::new(0xC0FFEE);
    let mut checks = 0;
    for name in NAMES {
        for opts in [options(&[]), options(&[("CaptureTwin", "true")])] {
            for _ in 0..25 {
                let mut g = Reflection::new(name, &opts).unwrap();
                for _ in 0..200 {
                    let mut list = MoveList::new();
                    g.generate(&mut list);
                    let mut slow = MoveList::new();
                    movegen::legal_turns_slow(g.layout, &g.pos, g.rules, &mut slow);
                    assert_eq!(list.as_slice(), slow.as_slice(), "{}", g.fen(Dialect::Uci));
                    if list.is_empty() || g.rule_outcome(false).is_some() {
                        break;
                    }
                    checks += g.in_check() as usize;
                    let captures: Vec<Turn> =
                        list.iter().copied().filter(|m| g.is_noisy(*m)).collect();
                    let mv = if !captures.is_empty() && rng.below(3) > 0 {
                        rng.pick(&captures)
                    } else {
                        rng.pick(&list)
                    };
                    g.make(mv);
                }
            }
        }
    }
    assert!(checks > 50, "only {checks} positions in check were visited");
}

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
    assert_eq!(r8.fen(Dialect::XBoard), start);
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
