//! Static exchange evaluation for Symmetron. Captures here are by displacement, by approach
//! (the victim stands beyond the landing square) and by explosion, and a piece's worth depends on
//! its neighbours (SHS, Reducers), so the exchange is kept short: what the move takes, valued in
//! its current form (`Position::current_value`), less the mover's value where it lands if the
//! opponent can then capture it there (`Position::attacked`, on the board after the move; magic
//! pieces are never captured). An explosion trades our magic piece for theirs; flips, type
//! changes and trips to the launching square take nothing and risk nothing new. A retrieval by
//! the Resurrector is not counted, nor whether we could take back: the estimate errs on the
//! losing side, which is what pruning needs.

use super::board::{capturable, colour, EMPTY};
use super::make::{flipped, victim_square};
use super::moves::{Move, MoveKind};
use super::Symmetron;
use crate::game::Score;

fn exchange(game: &Symmetron, mv: Move) -> Score {
    let pos = game.position();
    let us = pos.side;
    let mover = pos.at(mv.from);
    match mv.kind {
        MoveKind::Explode => {
            return pos.current_value(mv.to, pos.at(mv.to)) - pos.current_value(mv.from, mover)
        }
        MoveKind::FlipInPlace | MoveKind::Change | MoveKind::ToLs => return 0,
        MoveKind::Normal
        | MoveKind::NormalFlip
        | MoveKind::Approach
        | MoveKind::Drop
        | MoveKind::DropFlip => {}
    }
    let victim = victim_square(mv).filter(|&v| {
        let p = pos.at(v);
        p != EMPTY && colour(p) != us
    });
    let gain = victim.map_or(0, |v| pos.current_value(v, pos.at(v)));
    let placed = if matches!(mv.kind, MoveKind::NormalFlip | MoveKind::DropFlip) {
        flipped(mover)
    } else {
        mover
    };
    let mut after = game.scratch();
    after.place_raw(mv.from, EMPTY, mover);
    if let Some(v) = victim {
        after.place_raw(v, EMPTY, after.at(v));
    }
    after.place_raw(mv.to, placed, after.at(mv.to));
    let them = us.other();
    let risk = if capturable(placed, them) && after.attacked(mv.to, them) {
        after.current_value(mv.to, placed)
    } else {
        0
    };
    gain - risk
}

pub fn see_ge(game: &Symmetron, mv: Move, threshold: Score) -> bool {
    exchange(game, mv) >= threshold
}

#[cfg(test)]
mod tests {
    use super::super::make::victim_square;
    use crate::game::{Dialect, Notation, Score};
    use crate::variants::symmetron::Symmetron;

    /// The exchange value of `mv` in `fen`, with the current values (tuned weights, so read
    /// here, not written) of its victim and of its mover.
    fn see(fen: &str, mv: &str) -> (Score, Score, Score) {
        let game = Symmetron::from_fen(fen).expect("fen");
        let mv = game.parse_move(mv, Dialect::Uci).expect("legal move");
        let pos = game.position();
        let victim = victim_square(mv).expect("a capture");
        let victim_value = pos.current_value(victim, pos.at(victim));
        let mover_value = pos.current_value(mv.from, pos.at(mv.from));
        let see = crate::game::exchange_value(&game, mv);
        (see, victim_value, mover_value)
    }

    // Hand-counted exchanges (what is taken, whether the mover is lost); lone pieces, so each
    // keeps its plain value where it lands.

    #[test]
    fn displacement_captures() {
        // The Dragon-Bishop takes a lone pawn; then the same pawn defended by a pawn.
        let (see_, pawn, _) = see("5k5/11/11/11/11/4p6/11/2D8/11/5K5 -- w 0 1", "c3e5");
        assert_eq!(see_, pawn);
        let fen = "5k5/11/11/11/5p5/4p6/11/2D8/11/5K5 -- w 0 1";
        let (see_, pawn, dragon) = see(fen, "c3e5");
        assert_eq!(see_, pawn - dragon);
    }

    #[test]
    fn approach_captures_take_beyond_the_landing_square() {
        // The Advancer slides a3-a5 and takes the pawn on a6; the pawn on b6 then takes it on
        // a5. Without that pawn it wins the pawn.
        let fen = "5k5/11/11/11/pp9/11/11/A10/11/5K5 -- w 0 1";
        let (see_, pawn, advancer) = see(fen, "a3a5x");
        assert_eq!(see_, pawn - advancer);
        let fen = "5k5/11/11/11/p10/11/11/A10/11/5K5 -- w 0 1";
        let (see_, pawn, _) = see(fen, "a3a5x");
        assert_eq!(see_, pawn);
    }
}
