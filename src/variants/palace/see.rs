//! Static exchange evaluation for the palace games: the swap algorithm on the move's target
//! square. After the move, each side in turn recaptures there with its least valuable attacker,
//! found on a scratch board from which every piece that already took part is gone (so rooks and
//! cannons behind them join in, and a cannon whose screen left drops out); either side may stop
//! when going on would lose. Pins are ignored; the confinement of guards and bulls is the
//! position's (a pawn taken during the exchange does not free them); a king recaptures only
//! where nothing of the other side, the other king's flying-general file included, attacks.
//! Values are the game's ordering values (`Ruleset::order_value`); the king's exceeds them all.

use super::movegen::Board;
use super::{make_piece, Kind, Move, PalaceGame, Ruleset, EMPTY};
use crate::game::Score;
use crate::mailbox::Sq;

const KING_VALUE: Score = 20_000;

fn value<R: Ruleset>(kind: Kind) -> Score {
    if kind == Kind::King {
        KING_VALUE
    } else {
        R::order_value(kind)
    }
}

/// The least valuable piece of `by` that could capture on `target`: its square and kind.
fn least_valuable_attacker<R: Ruleset>(
    board: &Board<'_, R>,
    target: Sq,
    by: usize,
) -> Option<(Sq, Kind)> {
    let mut least: Option<(Sq, Kind, Score)> = None;
    board.visit_attackers::<false>(target, by, |sq, kind| {
        let v = value::<R>(kind);
        if least.is_none_or(|(_, _, best)| v < best) {
            least = Some((sq, kind, v));
        }
        false
    });
    least.map(|(sq, kind, _)| (sq, kind))
}

/// Whether `mv` wins at least `threshold` once the exchange on its target square is played out.
pub fn see_ge<R: Ruleset>(game: &PalaceGame<R>, mv: Move, threshold: Score) -> bool {
    let target = mv.to;
    let Some(mover) = Kind::from_code(game.cells()[mv.from as usize]) else {
        return threshold <= 0;
    };
    let captured = Kind::from_code(game.cells()[target as usize]).map_or(0, value::<R>);
    // `swap` is what the side that just captured stands to keep beyond `threshold`; `res`
    // whether the mover wins the exchange as far as it went. Most moves are decided here,
    // before the board is copied.
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    swap = value::<R>(mover) - swap;
    if swap <= 0 {
        return true;
    }
    let mut cells = *game.cells();
    let freed = game.freed();
    cells[target as usize] = cells[mv.from as usize];
    cells[mv.from as usize] = EMPTY;
    let mut side = game.side().index() ^ 1;
    let mut res = true;
    loop {
        let board = Board::<R>::new(&cells, freed);
        let Some((from, kind)) = least_valuable_attacker(&board, target, side) else {
            break;
        };
        cells[from as usize] = EMPTY;
        cells[target as usize] = make_piece(kind, side);
        if kind == Kind::King {
            // Taking with the king is legal only when the other side no longer attacks the
            // square; then it wins the exchange for `side`.
            let exposed = Board::<R>::new(&cells, freed).attacked(target, side ^ 1);
            return if exposed { res } else { !res };
        }
        res = !res;
        swap = value::<R>(kind) - swap;
        if swap < res as Score {
            break;
        }
        side ^= 1;
    }
    res
}

#[cfg(test)]
mod tests {
    use super::super::{Kind, Ruleset};
    use crate::game::{exchange_value_of, Notation, Score};
    use crate::variants::sinyeon::{SinYeon, SinYeonGame};
    use crate::variants::xiangqi::{Xiangqi, XiangqiGame};

    /// The exchange value of `mv` in `fen`.
    fn see<G: Notation>(variant: &str, fen: &str, mv: &str) -> Score {
        exchange_value_of::<G>(variant, &Default::default(), fen, mv)
    }

    fn xiangqi(fen: &str, mv: &str) -> Score {
        see::<XiangqiGame>("xiangqi", fen, mv)
    }

    /// A xiangqi piece's exchange value: the tuned material weight, so read, not written here.
    fn v(kind: Kind) -> Score {
        Xiangqi::order_value(kind)
    }

    // Hand-counted exchanges (who takes what, in which order, where a side stops); the values
    // are the game's tuned material. Squares are named from Red's side, rank 1 first.

    #[test]
    fn xiangqi_rook_cannon_and_horse_exchanges() {
        use Kind::*;
        // Rook takes an undefended soldier.
        assert_eq!(
            xiangqi("4k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1", "a1a7"),
            v(Pawn)
        );
        // Rook takes a horse that a cannon defends over a screen.
        let fen = "2c1k4/9/2p6/9/9/9/2n6/9/9/2RK5 w - - 0 1";
        assert_eq!(xiangqi(fen, "c1c4"), v(Horse) - v(Rook));
        // Cannon takes a horse over our own soldier, the rook retakes, and our rook behind the
        // cannon is blocked by that soldier.
        let fen = "2r1k4/9/9/2n6/9/9/2P6/9/2C6/2RK5 w - - 0 1";
        assert_eq!(xiangqi(fen, "c2c7"), v(Horse) - v(Cannon));
        // Horse takes a soldier that a rook defends.
        let fen = "4k4/4r4/9/9/9/4p4/9/3N5/9/3K5 w - - 0 1";
        assert_eq!(xiangqi(fen, "d3e5"), v(Pawn) - v(Horse));
    }

    #[test]
    fn xiangqi_cannons_need_a_screen() {
        use Kind::*;
        // The defending cannon has no screen: the rook wins the soldier.
        let fen = "2c1k4/9/9/2p6/9/9/9/9/9/2RK5 w - - 0 1";
        assert_eq!(xiangqi(fen, "c1c7"), v(Pawn));
        // Our rook was the screen of our cannon behind it: once the rook has taken and been
        // taken, the cannon cannot retake (counting the cannon would give the whole horse).
        let fen = "2r1k4/9/9/2n6/9/9/2R6/9/9/2CK5 w - - 0 1";
        assert_eq!(xiangqi(fen, "c4c7"), v(Horse) - v(Rook));
    }

    #[test]
    fn xiangqi_king_takes_only_when_safe() {
        // A soldier steps next to the black king: the king takes it; with our rook guarding the
        // square along the rank it may not, and nothing is lost.
        let fen = "4k4/3P5/9/9/9/9/9/9/9/5K3 w - - 0 1";
        assert_eq!(xiangqi(fen, "d9e9"), -v(Kind::Pawn));
        assert_eq!(xiangqi("4k4/R2P5/9/9/9/9/9/9/9/5K3 w - - 0 1", "d9e9"), 0);
    }

    #[test]
    fn xiangqi_material_unit_is_what_a_hung_soldier_loses() {
        // The search's SEE margins count in this unit: a soldier given away must cost one.
        use crate::game::Rules;
        let game = XiangqiGame::new("xiangqi", &Default::default()).expect("start position");
        let fen = "4k4/3P5/9/9/9/9/9/9/9/5K3 w - - 0 1";
        assert_eq!(xiangqi(fen, "d9e9"), -game.material_unit());
        assert!(game.material_unit() > crate::game::PAWN_UNIT);
    }

    #[test]
    fn sin_yeon_sang_gi_uses_its_own_values() {
        // Rook takes a pawn that the pawn behind it defends.
        let fen = "6k6/13/13/4p8/4p8/13/13/13/13/4RK7 w - - 0 1";
        let expected = SinYeon::order_value(Kind::Pawn) - SinYeon::order_value(Kind::Rook);
        assert_eq!(
            see::<SinYeonGame>("sin-yeon-sang-gi", fen, "e1e6"),
            expected
        );
        assert_ne!(SinYeon::order_value(Kind::Rook), v(Kind::Rook));
    }
}
