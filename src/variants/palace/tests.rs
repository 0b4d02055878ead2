//! Properties of the shared palace engine, checked for both games: seeded random playouts where
//! the incremental key always equals `compute_key()`, unmake restores FEN and key exactly, the
//! noisy moves are exactly the legal captures, the cached check flag is the attack test, and a
//! null move is undone exactly, and the evaluation is colour-symmetric.

use super::eval::NONE;
use super::{Kind, PalaceGame, Ruleset, EMPTY};
use crate::eval::weight_file::WeightFile;
use crate::game::{Dialect, MoveList, Notation, Rules};
use crate::rng::SplitMix64;
use crate::variants::sinyeon::SinYeon;
use crate::variants::xiangqi::Xiangqi;

/// XBoard's form of the start position (`sent`, captured under Xvfb) reads as the start
/// position `start_fen`: the same key, and each dialect's FEN written back as it came.
pub(crate) fn assert_xboard_start_reads_back<G: Notation>(g: &mut G, sent: &str, start_fen: &str) {
    g.set_fen(start_fen, Dialect::Uci).expect("the start FEN");
    let start_key = g.key();
    g.set_fen(sent, Dialect::XBoard).expect("XBoard's FEN");
    assert_eq!(g.key(), start_key);
    assert_eq!(g.fen(Dialect::XBoard), sent);
    assert_eq!(g.fen(Dialect::Uci), start_fen);
}

/// The same position seen from the other side: ranks in reverse order, colours and side to move
/// swapped, files kept. Both evaluations read ranks from each side's own back rank and files as
/// they stand (the hand-written one mirrors files, a net does not), so this is the flip under
/// which both must be colour-symmetric.
fn mirror_fen(fen: &str) -> String {
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap_or_default();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    format!("{} {side} - - 0 1", ranks.join("/"))
}

/// Legal moves the slow way: every pseudo-legal move made on a copy, kept when the mover's king
/// is not attacked afterwards. Checks the generator's shortcut for moves that cannot expose.
fn reference_moves<R: Ruleset>(g: &PalaceGame<R>) -> Vec<super::Move> {
    let us = g.side().index();
    let mut pseudo = MoveList::new();
    for sq in g.squares() {
        let c = g.cells()[sq as usize];
        if c != EMPTY && super::colour_index(c) == us {
            g.board().piece_moves(sq, us, false, &mut pseudo);
        }
    }
    pseudo
        .into_iter()
        .filter(|&mv| {
            let mut copy = g.clone();
            copy.make_move(mv);
            !copy.board().attacked(copy.king(us), us ^ 1)
        })
        .collect()
}

/// Returns how many visited positions had guards and bulls freed (rule 3).
fn random_playouts<R: Ruleset>(start: &str, seed: u64, games: usize, max_plies: usize) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut freed_positions = 0;
    for _ in 0..games {
        let mut g = PalaceGame::<R>::from_fen(start, Dialect::Uci).expect("start");
        let mut fens = vec![g.fen(Dialect::Uci)];
        let mut keys = vec![g.key()];
        for _ in 0..max_plies {
            let mut moves = MoveList::new();
            g.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            assert_eq!(
                moves.to_vec(),
                reference_moves(&g),
                "{}",
                g.fen(Dialect::Uci)
            );
            let mut noisy = MoveList::new();
            g.generate_noisy(&mut noisy);
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| g.cells()[m.to as usize] != EMPTY)
                .collect();
            assert_eq!(noisy.to_vec(), captures, "{}", g.fen(Dialect::Uci));
            if g.null_move_allowed() && rng.below(4) == 0 {
                let before = (g.fen(Dialect::Uci), g.key());
                g.make_null();
                assert_eq!(g.key(), g.compute_key());
                assert!(!g.in_check());
                assert!(g.rule_outcome(true).is_none(), "a pass never repeats");
                g.unmake();
                assert_eq!((g.fen(Dialect::Uci), g.key()), before);
            }
            let mv = rng.pick(&moves);
            g.make(mv);
            assert_eq!(g.key(), g.compute_key(), "{}", g.fen(Dialect::Uci));
            let mover = g.side_to_move().other().index();
            assert_eq!(
                g.in_check(),
                g.board().attacked(g.king(mover ^ 1), mover),
                "{}",
                g.fen(Dialect::Uci)
            );
            // The FEN alone rebuilds the same position.
            let rebuilt = PalaceGame::<R>::from_fen(&g.fen(Dialect::Uci), Dialect::Uci)
                .expect("own FEN reads back");
            assert_eq!(rebuilt.key(), g.key());
            // Incremental PST sums and piece counts match a fresh count.
            assert_eq!(rebuilt.evaluate(), g.evaluate());
            let mirrored =
                PalaceGame::<R>::from_fen(&mirror_fen(&g.fen(Dialect::Uci)), Dialect::Uci)
                    .expect("mirrored FEN");
            assert_eq!(
                mirrored.evaluate(),
                g.evaluate(),
                "evaluation is colour-symmetric: {}",
                g.fen(Dialect::Uci)
            );
            freed_positions += usize::from(g.freed());
            fens.push(g.fen(Dialect::Uci));
            keys.push(g.key());
        }
        while g.plies() > 0 {
            fens.pop();
            keys.pop();
            g.unmake();
            assert_eq!(Some(&g.fen(Dialect::Uci)), fens.last());
            assert_eq!(Some(&g.key()), keys.last());
        }
    }
    freed_positions
}

#[test]
fn xiangqi_playouts_keep_keys_and_unmake_exact() {
    assert_eq!(
        random_playouts::<Xiangqi>(Xiangqi::START_FEN, 0x5EED_0001, 40, 200),
        0
    );
}

#[test]
fn sinyeon_playouts_keep_keys_and_unmake_exact() {
    random_playouts::<SinYeon>(SinYeon::START_FEN, 0x5EED_0002, 40, 250);
}

/// One pawn each, Red's near its 9th rank, Black's across the river: the playouts reach the pawn
/// back-step and, once a pawn falls, the freeing of guards and bulls (rule 3).
#[test]
fn sinyeon_endgame_playouts_exercise_back_step_and_freeing() {
    let freed = random_playouts::<SinYeon>(
        "1r2b1kg3i1/6g6/2P4u5/4h8/13/13/8H4/5U4p2/13/2B2GK3IR1 w - - 0 1",
        0x5EED_0003,
        60,
        120,
    );
    assert!(freed > 100, "only {freed} freed positions visited");
}

/// Every piece-square table the layout points to is the weight file's group of that kind's name
/// (`pst.horse`...), and every kind with such a group has its table: `groups_in_order` and the
/// file agree on the order of the tables.
fn assert_pst_tables_by_name<R: Ruleset>() {
    let file = WeightFile::parse(R::LAYOUT.set.source).expect("the weight file");
    for kind in Kind::ALL {
        let name = format!("pst.{}", format!("{kind:?}").to_lowercase());
        let group = file.group(&name).map_or(NONE, |g| g.offset);
        assert_eq!(R::LAYOUT.pst[kind as usize], group, "{} {name}", R::NAME);
    }
}

#[test]
fn piece_square_tables_are_the_groups_of_their_names() {
    assert_pst_tables_by_name::<Xiangqi>();
    assert_pst_tables_by_name::<SinYeon>();
}
