//! The palace games' network input: one feature per (piece kind, square) as each side sees it,
//! own pieces first, the board turned top to bottom for Black so that both sides read "my pieces,
//! from my back rank". Nine kind slots serve both games (xiangqi leaves bear and rhino empty). A
//! Sin-yeon-sang-gi guard's freedom follows from the pawns on the board, so it needs no feature.

use super::{colour_index, Cell, PalaceGame, Ruleset, EMPTY, KIND_MASK, RANKS};
use crate::eval::nnue::NetInput;
use crate::mailbox::{file_of, rank_of, Sq};

/// Kind slots per side (`Kind::ALL`).
const KINDS: usize = 9;

/// How many features a game of `R`'s width has.
pub const fn feature_count<R: Ruleset>() -> usize {
    2 * KINDS * R::FILES * RANKS
}

/// The feature of `cell` (a piece) on `sq` from the point of view of colour `perspective`.
#[inline]
pub fn feature<R: Ruleset>(perspective: usize, cell: Cell, sq: Sq) -> u32 {
    let rank = if perspective == 0 {
        rank_of(sq)
    } else {
        RANKS - 1 - rank_of(sq)
    };
    let relative = usize::from(colour_index(cell) != perspective);
    let kind = (cell & KIND_MASK) as usize - 1;
    (((relative * KINDS + kind) * RANKS + rank) * R::FILES + file_of(sq)) as u32
}

/// Every active feature of `game`, from both sides' points of view.
pub fn net_input<R: Ruleset>(game: &PalaceGame<R>) -> NetInput {
    let mut active = [Vec::with_capacity(32), Vec::with_capacity(32)];
    for sq in game.squares() {
        let cell = game.cells()[sq as usize];
        if cell != EMPTY {
            active[0].push(feature::<R>(0, cell, sq));
            active[1].push(feature::<R>(1, cell, sq));
        }
    }
    NetInput {
        feature_set: R::FEATURE_SET,
        features: feature_count::<R>(),
        side: game.side(),
        active,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::tests::{random_float_net, walk_checking_accumulators};
    use crate::eval::nnue::Network;
    use crate::game::Dialect;
    use crate::variants::sinyeon::SinYeon;
    use crate::variants::xiangqi::Xiangqi;
    use std::sync::Arc;

    /// Incremental accumulators equal a from-scratch network evaluation at every node of a
    /// depth-3 tree, captures and passes included, in both palace games.
    fn check<R: Ruleset>(fens: &[&str]) -> u64 {
        let net = Arc::new(Network::quantise(&random_float_net(
            4,
            feature_count::<R>(),
            8,
        )));
        let mut nodes = 0;
        for fen in fens {
            let mut game = PalaceGame::<R>::from_fen(fen, Dialect::Uci).expect("fen");
            game.use_network(Some(net.clone()));
            walk_checking_accumulators(&mut game, &net, net_input::<R>, 3, &mut nodes);
        }
        nodes
    }

    #[test]
    fn the_accumulators_follow_every_move() {
        let xiangqi = check::<Xiangqi>(&[
            "startpos",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
        ]);
        let sinyeon = check::<SinYeon>(&["startpos"]);
        assert!(xiangqi > 10_000 && sinyeon > 10_000, "{xiangqi} {sinyeon}");
    }

    #[test]
    fn black_sees_the_board_turned() {
        // Red's soldier on a4 (file 0, rank 3) is Black's enemy soldier on rank 6 of its view.
        let soldier = super::super::make_piece(super::super::Kind::Pawn, 0);
        let sq = crate::mailbox::square(0, 3);
        assert_eq!(feature::<Xiangqi>(0, soldier, sq), (3 * 9) as u32);
        assert_eq!(
            feature::<Xiangqi>(1, soldier, sq),
            ((9 * 10 + 6) * 9) as u32
        );
    }
}
