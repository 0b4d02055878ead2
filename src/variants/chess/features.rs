//! The chess network's input ("chess-768"): one feature per (piece, square) as each side sees it.
//! From a side's point of view its own pieces come first, then the opponent's, six kinds each,
//! and squares are flipped top to bottom for Black, so that both sides' accumulators read "my
//! pieces, from my first rank". Chess needs no extra state: castling rights and en passant are
//! left to the search.

use super::movegen::SQUARES;
use super::position::{colour, kind, Chess, EMPTY};
use crate::eval::nnue::registry::Embedded;
use crate::eval::nnue::NetInput;
use crate::game::Side;
use crate::mailbox::{self, Sq};

pub const FEATURE_SET: &str = "chess-768";
pub const FEATURES: usize = 768;

/// The network built into the binary: a correction to the hand-written evaluation (hidden 128,
/// 2.3 M positions scored by Stockfish 15.1 at depth 6; it won its SPRT, docs/nnue.md).
pub static NETWORK: Embedded = Embedded::new(include_bytes!("network.knnue"));

/// The feature of `piece` on `square` from `perspective`'s point of view.
#[inline]
pub fn feature(perspective: Side, piece: u8, square: Sq) -> u32 {
    let index = mailbox::rank_of(square) * 8 + mailbox::file_of(square);
    let (relative, index) = if perspective == Side::White {
        (colour(piece) != Side::White, index)
    } else {
        (colour(piece) != Side::Black, index ^ 56)
    };
    ((relative as usize * 6 + kind(piece) as usize - 1) * 64 + index) as u32
}

/// Every active feature of `position`, from both sides' points of view.
pub fn net_input(position: &Chess) -> NetInput {
    let mut active = [Vec::with_capacity(32), Vec::with_capacity(32)];
    for s in SQUARES {
        let piece = position.board[s as usize];
        if piece != EMPTY {
            active[0].push(feature(Side::White, piece, s));
            active[1].push(feature(Side::Black, piece, s));
        }
    }
    NetInput {
        feature_set: FEATURE_SET,
        features: FEATURES,
        side: position.side,
        active,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Dialect, Notation};
    use crate::mailbox::chessmen::{make_piece, KING, PAWN};
    use crate::mailbox::square;

    #[test]
    fn features_are_what_the_layout_says() {
        // White's e2 pawn: White sees its own pawn (block 0) on e2 = 12; Black sees an enemy pawn
        // (block 6) on the square it calls e7 after the flip: 6·64 + 52.
        let e2 = square(4, 1);
        let white_pawn = make_piece(PAWN, Side::White);
        assert_eq!(feature(Side::White, white_pawn, e2), 12);
        assert_eq!(feature(Side::Black, white_pawn, e2), 6 * 64 + 52);
        // Black's king on e8: its own king (block 5) on its e1 = 4; White sees block 11, e8 = 60.
        let black_king = make_piece(KING, Side::Black);
        let e8 = square(4, 7);
        assert_eq!(feature(Side::Black, black_king, e8), 5 * 64 + 4);
        assert_eq!(feature(Side::White, black_king, e8), 11 * 64 + 60);
    }

    #[test]
    fn the_start_position_looks_the_same_from_both_sides() {
        let game = Chess::new("chess", &Default::default()).expect("chess");
        let mut input = net_input(&game);
        assert_eq!(input.active[0].len(), 32);
        input.active[0].sort_unstable();
        input.active[1].sort_unstable();
        assert_eq!(input.active[0], input.active[1]);
        // A mirrored position (colours swapped, board flipped) swaps the two lists.
        let mut a = Chess::new("chess", &Default::default()).expect("chess");
        a.set_fen("4k3/8/8/8/8/8/1P6/4K2R w K - 0 1", Dialect::Uci)
            .expect("fen");
        let mut b = Chess::new("chess", &Default::default()).expect("chess");
        b.set_fen("4k2r/1p6/8/8/8/8/8/4K3 b k - 0 1", Dialect::Uci)
            .expect("fen");
        let (mut x, mut y) = (net_input(&a), net_input(&b));
        for list in x.active.iter_mut().chain(y.active.iter_mut()) {
            list.sort_unstable();
        }
        assert_eq!(x.active[0], y.active[1]);
        assert_eq!(x.active[1], y.active[0]);
    }

    /// The accumulators against full refreshes.
    mod incremental {
        use super::*;
        use crate::eval::nnue::tests::{random_float_net, walk_checking_accumulators};
        use crate::eval::nnue::Network;
        use crate::game::{Dialect, Notation, Rules};
        use std::sync::Arc;

        #[test]
        fn the_accumulators_follow_every_kind_of_move() {
            let net = Arc::new(Network::quantise(&random_float_net(9, FEATURES, 16)));
            // Castling both ways, en passant, promotions with and without capture.
            let fens = [
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1",
                "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            ];
            let mut nodes = 0;
            for fen in fens {
                let mut game = Chess::new("chess", &Default::default()).expect("chess");
                game.set_fen(fen, Dialect::Uci).expect("fen");
                game.use_network(Some(net.clone()));
                walk_checking_accumulators(&mut game, &net, net_input, 3, &mut nodes);
            }
            assert!(nodes > 10_000, "{nodes}");
        }

        /// A network trained on top of the hand-written evaluation adds its output to it: with
        /// every weight zero but the output bias (one `SCALE` = 400 centipawns), every position scores
        /// the hand-written evaluation plus 400 for the side to move.
        #[test]
        fn a_net_on_the_hand_evaluation_adds_to_it() {
            let mut float = random_float_net(9, FEATURES, 8);
            for w in [
                &mut float.feature_weights,
                &mut float.feature_bias,
                &mut float.output_weights,
            ] {
                w.iter_mut().for_each(|w| *w = 0.0);
            }
            float.output_bias = 1.0;
            float.on_hand = true;
            let net = Arc::new(Network::quantise(&float));
            for fen in [
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            ] {
                let mut game = Chess::new("chess", &Default::default()).expect("chess");
                game.set_fen(fen, Dialect::Uci).expect("fen");
                game.use_network(None);
                let hand = game.evaluate();
                game.use_network(Some(net.clone()));
                assert_eq!(game.evaluate(), hand + 400, "{fen}");
            }
        }
    }
}
