//! Static exchange evaluation for chess: the swap algorithm on the move's target square. After
//! the move, each side in turn recaptures on that square with its least valuable attacker (pieces
//! that moved away uncover the sliders behind them); either side may stop when going on would
//! lose. Pins are ignored, a pawn that recaptures on the last rank counts as a pawn, and the king
//! recaptures only when nothing of the other side still attacks the square. The move itself is
//! exact: en passant takes the pawn beside the target, a promotion gains the new piece.

use super::movegen::{attacked_on, visit_attackers, Board};
use super::position::*;
use crate::game::{Score, Side};
use crate::mailbox::{self, Sq};

/// Exchange values by kind (0 = none): P N B R Q K. Kept apart from the evaluation's weights on
/// purpose: an exchange is judged in whole pieces, and tuning the evaluation must not move it.
/// The king's value only has to exceed every other piece's.
pub const SEE_VALUE: [Score; 7] = [0, 100, 320, 330, 500, 900, 20_000];

/// The least valuable piece of `by` attacking `target`: its square and kind.
fn least_valuable_attacker(board: &Board, target: Sq, by: Side) -> Option<(Sq, u8)> {
    let mut least: Option<(Sq, u8)> = None;
    visit_attackers(board, target, by, |s, k| {
        if least.is_none_or(|(_, best)| k < best) {
            least = Some((s, k));
        }
        // Kinds are numbered in value order: nothing beats a pawn.
        k == PAWN
    });
    least
}

/// Whether `mv` wins at least `threshold` once the exchange on its target square is played out.
pub fn see_ge(pos: &Chess, mv: ChessMove, threshold: Score) -> bool {
    if mv.kind == MoveKind::Castle {
        return threshold <= 0;
    }
    let mover = pos.board[mv.from as usize];
    let target = mv.to;
    let en_passant = mv.kind == MoveKind::EnPassant;
    let captured = if en_passant {
        PAWN
    } else {
        kind(pos.board[target as usize])
    };
    let (mut swap, on_target) = if mv.promotion != 0 {
        (
            SEE_VALUE[captured as usize] + SEE_VALUE[mv.promotion as usize]
                - SEE_VALUE[PAWN as usize],
            mv.promotion,
        )
    } else {
        (SEE_VALUE[captured as usize], kind(mover))
    };
    // `swap` is what the side that just captured stands to keep beyond `threshold`; `res`
    // whether the mover wins the exchange as far as it went. Most moves are decided here,
    // before the board is copied.
    swap -= threshold;
    if swap < 0 {
        return false;
    }
    swap = SEE_VALUE[on_target as usize] - swap;
    if swap <= 0 {
        return true;
    }
    let mut board = pos.board;
    if en_passant {
        let victim = if pos.side == Side::White {
            target - mailbox::NORTH as Sq
        } else {
            target + mailbox::NORTH as Sq
        };
        board[victim as usize] = EMPTY;
    }
    board[mv.from as usize] = EMPTY;
    board[target as usize] = mover;
    let mut side = pos.side.other();
    let mut res = true;
    while let Some((from, piece)) = least_valuable_attacker(&board, target, side) {
        board[from as usize] = EMPTY;
        if piece == KING {
            // Taking with the king is legal only when nothing of the other side attacks the
            // square any more; then it wins the exchange for `side`.
            return if attacked_on(&board, target, side.other()) {
                res
            } else {
                !res
            };
        }
        res = !res;
        swap = SEE_VALUE[piece as usize] - swap;
        if swap < res as Score {
            break;
        }
        side = side.other();
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::exchange_value_of;

    /// The exchange value of `mv` in `fen`.
    fn see(fen: &str, mv: &str) -> Score {
        exchange_value_of::<Chess>("chess", &Default::default(), fen, mv)
    }

    // Expected values are hand counts of the exchange with P=100 N=320 B=330 R=500 Q=900.

    #[test]
    fn undefended_and_defended_victims() {
        // Rook takes an undefended pawn: +100.
        assert_eq!(see("4k3/8/8/4p3/8/8/8/4R1K1 w - - 0 1", "e1e5"), 100);
        // Rook takes a pawn defended by a pawn: +100 - 500.
        assert_eq!(see("4k3/8/3p4/4p3/8/8/8/4R1K1 w - - 0 1", "e1e5"), -400);
        // Knight takes a knight defended by a pawn, no second attacker: 320 - 320 = 0.
        assert_eq!(see("4k3/8/3p4/4n3/8/5N2/8/6K1 w - - 0 1", "f3e5"), 0);
        // Pawn takes a defended knight: +320 - 100.
        assert_eq!(see("4k3/8/3p4/4n3/3P4/8/8/6K1 w - - 0 1", "d4e5"), 220);
    }

    #[test]
    fn xrays_and_stopping() {
        // Queen takes a pawn defended by a rook, with a rook of ours behind the queen on the
        // file: QxP RxQ RxR = 100 - 900 + 500 = -300; Black's rook takes, White must not stop
        // at -800, so White recaptures: -300.
        assert_eq!(see("3rk3/8/8/3p4/8/8/3Q4/3RK3 w - - 0 1", "d2d5"), -300);
        // Rook takes a pawn defended by a bishop and nothing of ours backs it up: 100 - 500.
        assert_eq!(see("4k3/8/2b5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -400);
        // Two rooks on the file against a rook defender: RxP RxR RxR = 100 - 500 + 500 = +100.
        assert_eq!(see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
    }

    #[test]
    fn king_recaptures_only_when_the_square_is_safe() {
        // Black's king is the only defender, but White's second rook still attacks: the king
        // may not take, so RxP wins the pawn: +100.
        assert_eq!(see("8/8/8/3pk3/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // With one rook the king takes back: 100 - 500.
        assert_eq!(see("8/8/8/3pk3/8/8/8/3RK3 w - - 0 1", "d1d5"), -400);
    }

    #[test]
    fn special_moves() {
        // En passant onto a square a pawn guards: 100 - 100 = 0.
        assert_eq!(see("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 0);
        // A quiet queen move onto a square a pawn attacks loses the queen.
        assert_eq!(see("4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", "d1d5"), -900);
        // A promotion nobody can answer gains queen minus pawn.
        assert_eq!(see("6k1/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 800);
        // Castling is never an exchange.
        assert_eq!(see("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), 0);
    }
}
