//! Static exchange evaluation for Reflection. A pair turn captures on two squares (and, with
//! CaptureTwin, the victims' twins), so there is no single square to swap on; what an exchange
//! means here is "what the turn wins, minus the most valuable of the movers the opponent can then
//! take": the material the turn changes (every victim, a promotion's gain, both components),
//! less the value of the most valuable piece of ours standing on a square the turn moved to that
//! the opponent can capture with some component of a pseudo-legal turn (`attack::capturable`,
//! with the en-passant targets the turn created). One recapture is counted even where a pair
//! could take two, and whether we could take back is not looked at: the estimate errs on the
//! losing side, which is what pruning needs. Values are `piece::VALUE`, the ordering values.

use super::attack::capturable;
use super::board::Turn;
use super::piece::{kind, owned_by, EMPTY, VALUE};
use super::Reflection;
use crate::game::{Score, Side};
use crate::mailbox::Sq;
use arrayvec::ArrayVec;

fn signed_value(piece: u8, us: Side) -> Score {
    if piece == EMPTY {
        0
    } else if owned_by(piece, us) {
        VALUE[kind(piece) as usize]
    } else {
        -VALUE[kind(piece) as usize]
    }
}

/// The turn's material gain less its most valuable mover that can be taken (module comment).
fn exchange(game: &Reflection, turn: Turn) -> Score {
    let (layout, us) = (game.layout, game.pos.side);
    let before = &game.pos.board;
    let mut after = before.clone();
    after.hashing = false;
    let mut key = 0;
    let applied = after.apply(layout, turn, us, game.rules.capture_twin, &mut key);
    // A cell may be set twice in one turn (the pawn swap): count each once.
    let mut changed: ArrayVec<Sq, 16> = ArrayVec::new();
    for sq in after.changed() {
        if !changed.contains(&sq) {
            changed.push(sq);
        }
    }
    let gain: Score = changed
        .iter()
        .map(|&sq| signed_value(after.at(sq), us) - signed_value(before.at(sq), us))
        .sum();
    let risk = turn
        .components(layout, us)
        .iter()
        .filter_map(|&(_, to, _)| {
            let piece = after.at(to);
            (owned_by(piece, us) && capturable(layout, &after.cells, to, us.other(), &applied.ep))
                .then(|| VALUE[kind(piece) as usize])
        })
        .max()
        .unwrap_or(0);
    gain - risk
}

pub fn see_ge(game: &Reflection, turn: Turn, threshold: Score) -> bool {
    exchange(game, turn) >= threshold
}

#[cfg(test)]
mod tests {
    use crate::game::{exchange_value_of, MoveList, Notation, Rules, Score, VariantOptions};
    use crate::variants::reflection::Reflection;

    /// The exchange value of `mv` in `fen` of reflection-mini under `options`.
    fn see(fen: &str, options: &[(&str, &str)], mv: &str) -> Score {
        let mut opts = VariantOptions::default();
        for (name, value) in options {
            opts.set(name, value);
        }
        exchange_value_of::<Reflection>("reflection-mini", &opts, fen, mv)
    }

    #[test]
    fn a_pair_turn_counts_its_victims_and_the_recapture() {
        // White's rooks c3 and c6 are a pair (the horizontal axis); c3 takes the rook on c4
        // while c6 steps to c5. Black's other rook, f4, then takes c4 back along the rank:
        // 500 - 500. With CaptureTwin the f4 rook, c4's partner, goes too and nothing can
        // recapture: 500 + 500.
        let fen = "**2K1**/**4**/2R5/k6k/2r2r2/2R5/**4**/**2K1** w - - 0 1";
        assert_eq!(see(fen, &[], "c3c4,c6c5"), 0);
        assert_eq!(see(fen, &[("CaptureTwin", "true")], "c3c4,c6c5"), 1000);
    }

    #[test]
    fn start_position_turns_win_and_lose_nothing() {
        let game = Reflection::new("reflection-8", &Default::default()).expect("variant");
        let mut moves = MoveList::new();
        game.generate(&mut moves);
        assert!(!moves.is_empty());
        for &mv in &moves {
            assert!(game.see_ge(mv, 0) && !game.see_ge(mv, 1), "{mv:?}");
        }
    }
}
