//! Reflection's network input: one feature per (piece kind, square) as each side sees it, own
//! pieces first. One feature set per setup (`Layout::feature_set`), the board's cells as they
//! stand: the setups are not all symmetric under a turn of the board (the `-rev` arrays, the
//! directional pawns), so each side's view keeps the squares and the net learns both colours.
//! A piece's pairing follows from the board (its mirror square's occupant), so it needs no
//! feature of its own.

use super::layout::Layout;
use super::piece::{colour, kind, EMPTY, KINDS};
use super::Position;
use crate::eval::nnue::registry::Embedded;
use crate::eval::nnue::NetInput;
use crate::game::Side;
use crate::mailbox::{file_of, rank_of, Sq};

/// The networks built into the native binary for the two 8x8 setups, whose self-play yields
/// enough positions to train on: corrections to the hand-written evaluation (hidden 128, trained
/// on Kaleido's own 400-node games of the setup scored by that search; each won its SPRT,
/// docs/nnue.md). Left out of the browser build, as the palace games' nets (docs/web.md).
#[cfg(not(target_family = "wasm"))]
static REFLECTION_8: Embedded = Embedded::new(include_bytes!("reflection-8.knnue"));
#[cfg(not(target_family = "wasm"))]
static REFLECTION_8_REV: Embedded = Embedded::new(include_bytes!("reflection-8-rev.knnue"));

/// The built-in network of the setup `layout`, if it has one.
pub fn built_in(layout: &Layout) -> Option<&'static Embedded> {
    #[cfg(not(target_family = "wasm"))]
    match layout.name {
        "reflection-8" => return Some(&REFLECTION_8),
        "reflection-8-rev" => return Some(&REFLECTION_8_REV),
        _ => {}
    }
    let _ = layout;
    None
}

/// Kind slots per side: king to west pawn (`piece.rs`; kind 0 is no piece).
const KIND_SLOTS: usize = KINDS - 1;

/// How many features a board of `files` x `ranks` has.
pub const fn count(files: usize, ranks: usize) -> usize {
    2 * KIND_SLOTS * files * ranks
}

/// The feature of `piece` on `sq` from the point of view of `perspective`.
#[inline]
pub fn feature(layout: &Layout, perspective: Side, piece: u8, sq: Sq) -> u32 {
    let relative = usize::from(colour(piece) != perspective);
    let slot = kind(piece) as usize - 1;
    (((relative * KIND_SLOTS + slot) * layout.ranks + rank_of(sq)) * layout.files + file_of(sq))
        as u32
}

/// Every active feature of `pos`, from both sides' points of view.
pub fn net_input(layout: &'static Layout, pos: &Position) -> NetInput {
    let mut active = [Vec::with_capacity(64), Vec::with_capacity(64)];
    for &sq in &layout.squares {
        let piece = pos.board.at(sq);
        if piece != EMPTY {
            active[0].push(feature(layout, Side::White, piece, sq));
            active[1].push(feature(layout, Side::Black, piece, sq));
        }
    }
    NetInput {
        feature_set: &layout.feature_set,
        features: count(layout.files, layout.ranks),
        side: pos.side,
        active,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::tests::{random_float_net, walk_checking_accumulators};
    use crate::eval::nnue::Network;
    use crate::game::{Dialect, Notation, VariantOptions};
    use crate::variants::reflection::layout::LAYOUTS;
    use crate::variants::reflection::{Reflection, BENCH};
    use std::sync::Arc;

    #[test]
    fn every_square_of_every_setup_has_its_own_features() {
        for layout in LAYOUTS.iter() {
            let total = count(layout.files, layout.ranks);
            let mut seen = std::collections::HashSet::new();
            for &sq in &layout.squares {
                for piece in [0x11, 0x29] {
                    let f = feature(layout, Side::White, piece, sq);
                    assert!((f as usize) < total, "{} {sq}", layout.name);
                    assert!(seen.insert(f), "{} {sq}: feature {f} twice", layout.name);
                }
            }
        }
    }

    /// The built-in nets read and fit their setups' feature sets (a net of another board would be
    /// refused at start-up and the setup would silently play by hand); the other setups have none.
    #[test]
    fn the_8x8_setups_have_built_in_nets_that_fit() {
        let with_nets = ["reflection-8", "reflection-8-rev"];
        for layout in LAYOUTS.iter() {
            match built_in(layout) {
                Some(embedded) => {
                    assert!(with_nets.contains(&layout.name), "{}", layout.name);
                    let net = Network::from_bytes(embedded.bytes).expect("the net reads");
                    let total = count(layout.files, layout.ranks);
                    assert!(
                        net.fits(&layout.feature_set, total),
                        "{}",
                        layout.feature_set
                    );
                }
                None => assert!(!with_nets.contains(&layout.name), "{}", layout.name),
            }
        }
    }

    /// Incremental accumulators equal a from-scratch network evaluation at every node of a
    /// depth-2 tree (3 on boards of 64 squares or fewer) (pair turns, free moves, castling, promotions, captures and passes) from
    /// each setup's start and its bench position.
    #[test]
    fn the_accumulators_follow_every_turn() {
        for (layout, bench) in LAYOUTS.iter().zip(BENCH) {
            let net = Arc::new(Network::quantise(&random_float_net(
                5,
                count(layout.files, layout.ranks),
                8,
            )));
            let mut nodes = 0;
            for fen in bench {
                let mut game =
                    Reflection::new(layout.name, &VariantOptions::default()).expect("a setup");
                if *fen != "startpos" {
                    game.set_fen(fen, Dialect::Uci).expect("its bench FEN");
                }
                game.use_network(Some(net.clone()));
                // A ply deeper on the small boards, whose trees are narrow.
                let depth = if layout.squares.len() <= 64 { 3 } else { 2 };
                walk_checking_accumulators(&mut game, &net, Reflection::input, depth, &mut nodes);
            }
            assert!(nodes > 200, "{}: {nodes}", layout.name);
        }
    }
}
