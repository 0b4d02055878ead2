//! Search tests on chess positions with known answers. Mates, their lengths and the uniqueness of
//! the mating first move were confirmed with Fairy-Stockfish 11.1 (`go depth 14`, MultiPV 3), an
//! independent engine; the other answers are checked by hand in the comments.

use super::*;
use crate::game::{Dialect, MoveList, VariantOptions, MATE, MATE_BOUND};
use crate::variants::chess::Chess;

fn chess(fen: &str) -> Chess {
    let mut game = Chess::new("chess", &VariantOptions::default()).expect("chess");
    game.set_fen(fen, Dialect::Uci).expect("valid FEN");
    game
}

fn play(game: &mut Chess, moves: &[&str]) {
    for text in moves {
        let mv = game.parse_move(text, Dialect::Uci).expect("legal move");
        game.make(mv);
    }
}

struct Found {
    best: Option<String>,
    ponder: Option<String>,
    score: Score,
    nodes: u64,
    infos: Vec<Info<<Chess as Rules>::Move>>,
}

fn run(game: &Chess, limits: &Limits) -> Found {
    let tt = TranspositionTable::new(16);
    let control = Control::new(false);
    let mut infos = Vec::new();
    let result = search(game, limits, &tt, &control, &mut |i| infos.push(i.clone()));
    let text = |m| game.move_text(m, Dialect::Uci);
    Found {
        best: result.best.map(text),
        ponder: result.ponder.map(|p| {
            let mut g = game.clone();
            g.make(result.best.expect("a ponder move follows a best move"));
            g.move_text(p, Dialect::Uci)
        }),
        score: result.score,
        nodes: result.nodes,
        infos,
    }
}

/// Plays `line` from `game`, failing on any illegal move.
fn assert_legal_line(game: &Chess, line: &[<Chess as Rules>::Move]) {
    let mut g = game.clone();
    for &mv in line {
        let mut moves = MoveList::new();
        g.generate(&mut moves);
        assert!(moves.contains(&mv), "illegal {mv:?} in PV");
        g.make(mv);
    }
}

#[test]
fn mate_in_one_back_rank() {
    let game = chess("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let out = run(&game, &depth(4));
    assert_eq!(out.best.as_deref(), Some("d1d8"));
    assert_eq!(out.score, MATE - 1);
}

#[test]
fn mate_in_two_legal_pattern() {
    // 1. Nf6+ gxf6 2. Bxf7#.
    let game = chess("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    let out = run(&game, &depth(6));
    assert_eq!(out.best.as_deref(), Some("d5f6"));
    assert_eq!(out.ponder.as_deref(), Some("g7f6"));
    assert_eq!(out.score, MATE - 3);
    let pv = &out.infos.last().expect("reports").pv;
    assert_legal_line(&game, pv);
    assert_eq!(pv.len(), 3, "the PV runs to the mate");
}

#[test]
fn mate_in_two_for_black() {
    // 1... Rg1+ 2. Kxg1 Rf1#.
    let game = chess("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1");
    let out = run(&game, &depth(6));
    assert_eq!(out.best.as_deref(), Some("g2g1"));
    assert_eq!(out.score, MATE - 3);
}

#[test]
fn mate_in_three_rook_and_bishop() {
    // 1. Ra6 (discovered check) f6 2. Bxf6+ Rg7 3. Rxa8#.
    let game = chess("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
    let out = run(&game, &depth(8));
    assert_eq!(out.best.as_deref(), Some("f6a6"));
    assert_eq!(out.score, MATE - 5);
}

#[test]
fn mate_in_three_queen_hunt() {
    // 1... Qg6+ 2. Kg4 Qf5+ 3. Kh5 Qh3#.
    let game = chess("2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1");
    let out = run(&game, &depth(8));
    assert_eq!(out.best.as_deref(), Some("b1g6"));
    assert_eq!(out.score, MATE - 5);
}

#[test]
fn mate_limit_finds_the_mate_without_a_depth_limit() {
    let game = chess("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
    let out = run(
        &game,
        &Limits {
            mate: Some(3),
            ..limits()
        },
    );
    assert_eq!(out.best.as_deref(), Some("f6a6"));
    assert_eq!(out.score, MATE - 5);
}

#[test]
fn hanging_queen_is_taken() {
    // Only Rxd5 wins the queen; anything else lets it escape or take the rook.
    let game = chess("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    let out = run(&game, &depth(5));
    assert_eq!(out.best.as_deref(), Some("d2d5"));
    assert!(out.score > 300, "a rook up: {}", out.score);
}

#[test]
fn mates_rather_than_stalemates() {
    // Qc7 would stalemate the king on a8; Qc8 mates.
    let game = chess("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
    let out = run(&game, &depth(5));
    assert_eq!(out.best.as_deref(), Some("c1c8"));
    assert_eq!(out.score, MATE - 1);
    // After Qc7 Black has no move and is not in check: a draw, and no move to return.
    let mut stalemate = game.clone();
    play(&mut stalemate, &["c1c7"]);
    let out = run(&stalemate, &depth(5));
    assert_eq!(out.best, None);
    assert_eq!(out.score, 0);
}

#[test]
fn multipv_ranks_the_mates() {
    // Fairy-Stockfish: c1c8 mate in 1; c1a1 and c1h1 mate in 2.
    let game = chess("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
    let out = run(
        &game,
        &Limits {
            multipv: 3,
            ..depth(6)
        },
    );
    let last: Vec<_> = out.infos.iter().filter(|i| i.depth == 6).collect();
    assert_eq!(last.len(), 3);
    assert_eq!(
        last.iter().map(|i| i.score).collect::<Vec<_>>(),
        vec![MATE - 1, MATE - 3, MATE - 3]
    );
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert_eq!(game.move_text(last[0].pv[0], Dialect::Uci), "c1c8");
    for info in &last {
        assert_legal_line(&game, &info.pv);
    }
}

#[test]
fn repetition_is_a_draw_in_search() {
    // White has a lone king against two rooks. After Kh1 Kb8 Kg1 Ka8 the position is back;
    // Kh1 now repeats the position after the first Kh1 — a draw by the search convention —
    // while Kf1 loses to the rooks.
    let mut game = chess("k7/8/8/8/8/1r6/r7/6K1 w - - 0 1");
    play(&mut game, &["g1h1", "a8b8", "h1g1", "b8a8"]);
    let out = run(&game, &depth(6));
    assert_eq!(out.best.as_deref(), Some("g1h1"));
    assert_eq!(out.score, 0);
    // Without the history, the same position is lost.
    let fresh = chess("k7/8/8/8/8/1r6/r7/6K1 w - - 0 1");
    let out = run(&fresh, &depth(6));
    assert!(out.score <= -MATE_BOUND, "lost: {}", out.score);
}

#[test]
fn fixed_depth_node_count_is_deterministic() {
    for fen in crate::variants::chess::BENCH {
        let game = if *fen == "startpos" {
            Chess::new("chess", &VariantOptions::default()).expect("chess")
        } else {
            chess(fen)
        };
        let a = run(&game, &depth(6));
        let b = run(&game, &depth(6));
        assert_eq!(a.nodes, b.nodes, "{fen}");
        assert_eq!(a.best, b.best, "{fen}");
        assert!(a.best.is_some());
    }
}

#[test]
fn stop_returns_promptly_with_a_legal_move() {
    let game = Chess::new("chess", &VariantOptions::default()).expect("chess");
    let tt = TranspositionTable::new(16);
    let result = stopped_after(&game, &tt, 200);
    let best = result.best.expect("a move");
    assert!(game
        .parse_move(&game.move_text(best, Dialect::Uci), Dialect::Uci)
        .is_ok());
    assert!(result.depth >= 1);
}

#[test]
fn helper_threads_share_the_work() {
    let game = chess("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    let out = run(
        &game,
        &Limits {
            threads: 3,
            ..depth(6)
        },
    );
    assert_eq!(out.best.as_deref(), Some("d5f6"));
    assert_eq!(out.score, MATE - 3);
}

#[test]
fn movetime_search_returns_a_move() {
    let game = Chess::new("chess", &VariantOptions::default()).expect("chess");
    let out = run(
        &game,
        &Limits {
            movetime: Some(100),
            ..limits()
        },
    );
    assert!(out.best.is_some());
    assert!(
        out.ponder.is_some(),
        "the PV of a searched start position is long"
    );
}

/// Win At Chess positions whose key move Fairy-Stockfish 11.1 confirms at depth 16.
const WAC: &[(&str, &str)] = &[
    (
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "g3g6",
    ),
    (
        "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
        "e3g3",
    ),
    (
        "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
        "h6h7",
    ),
    ("5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", "c6c4"),
    ("7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - 0 1", "b6b7"),
    (
        "rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - 0 1",
        "g4e3",
    ),
    (
        "r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1",
        "e7f7",
    ),
    (
        "3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1",
        "d6h2",
    ),
    (
        "2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - 0 1",
        "h4h7",
    ),
];

#[test]
fn finds_win_at_chess_key_moves() {
    // Each key move is found within 5,000 nodes (the `tactics` probe): 100,000 leaves room.
    for (fen, key_move) in WAC {
        let out = run(
            &chess(fen),
            &Limits {
                nodes: Some(100_000),
                ..limits()
            },
        );
        assert_eq!(out.best.as_deref(), Some(*key_move), "{fen}");
    }
}

/// Tactical strength probe: nodes until each key move is found and kept (prints a table).
/// `cargo test --lib search::tests::chess::tactics -- --ignored --nocapture`.
#[test]
#[ignore]
fn tactics() {
    let mut total = 0;
    for (fen, key_move) in WAC {
        let game = chess(fen);
        let out = run(&game, &depth(14));
        // The node count of the first report from which the key move stayed the choice.
        let mut found_at = None;
        for info in &out.infos {
            let choice = game.move_text(info.pv[0], Dialect::Uci);
            if choice == *key_move {
                found_at.get_or_insert(info.nodes);
            } else {
                found_at = None;
            }
        }
        println!(
            "{key_move}: found at {found_at:?} nodes, depth 14 after {}",
            out.nodes
        );
        total += found_at.unwrap_or(out.nodes * 2);
    }
    println!("tactics total {total}");
}

#[test]
fn self_play_keeps_to_legal_moves_with_a_shared_table() {
    // Forty plies at depth 4 with one table across moves (entries of earlier searches age).
    let mut game = Chess::new("chess", &VariantOptions::default()).expect("chess");
    let tt = TranspositionTable::new(4);
    for _ in 0..40 {
        if game.outcome().is_some() {
            break;
        }
        let control = Control::new(false);
        let result = search(&game, &depth(4), &tt, &control, &mut |i| {
            assert_legal_line(&game, &i.pv)
        });
        let best = result.best.expect("a move while the game is on");
        let mut moves = MoveList::new();
        game.generate(&mut moves);
        assert!(moves.contains(&best));
        game.make(best);
    }
    assert!(game.plies() >= 20, "a real game was played");
}
