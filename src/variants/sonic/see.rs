//! Static exchange evaluation for Sonic. A chain takes many pieces on many squares, so there is
//! no single square to swap on; what a Sonic exchange means here is "what the move wins, minus
//! the mover if the opponent can take it where it ends": the value of every piece the move
//! captures (all of a chain's victims, each hit counted as a king form, a promotion as the new
//! piece less the pawn), less the mover's value when its resting square is attacked afterwards —
//! by an enemy pawn or king (a king standing there is captured), or as the first contact of an
//! enemy knight's leap or slider's line (an unoccupied spring on the line takes the contact
//! first). Whether our side could take back is not looked at: the estimate errs on the losing
//! side, which is what pruning needs.

use super::board::{
    colour, kind, make_piece, step, Position, SonicRules, BISHOP, EMPTY, KING, KNIGHT, PAWN, QUEEN,
    ROOK,
};
use super::chains::{DIAG_DELTAS, KNIGHT_DELTAS, ORTH_DELTAS};
use super::check::{king_form_reaches, pawn_captures};
use super::forms::forms_in;
use super::movegen::{is_chain, run_chain};
use super::moves::{MoveKind, SonicMove};
use crate::game::{Score, Side};

/// Exchange values by kind (0 = none): P N B R Q K. Kept apart from the evaluation's weights on
/// purpose (tuning the evaluation must not move pruning); the sliders' premium for their chains
/// is the evaluation's. A king's value is the game.
const VALUE: [Score; 7] = [0, 100, 360, 420, 620, 1200, 20_000];
/// A hit costs the king one of its forms.
const FORM_VALUE: Score = 320;

/// What taking on `sq` can cost a piece of `side` standing there: whether an enemy pawn or
/// king captures there outright, or an enemy knight or slider makes its first contact there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Threat {
    None,
    Contact,
    Capture,
}

fn threat(pos: &Position, board: &[u8; 64], rules: &SonicRules, sq: u8, side: Side) -> Threat {
    let them = side.other();
    let theirs =
        |s: Option<u8>, kind: u8| s.is_some_and(|s| board[s as usize] == make_piece(kind, them));
    let back = |v: (i8, i8)| (-v.0, -v.1);
    if pawn_captures(them)
        .iter()
        .any(|&v| theirs(step(sq, back(v)), PAWN))
    {
        return Threat::Capture;
    }
    if pos.king_sq[them.index()].is_some_and(|king_sq| {
        board[king_sq as usize] == make_piece(KING, them)
            && forms_in(pos.kings[them.index()].move_forms())
                .any(|form| king_form_reaches(king_sq, form, sq))
    }) {
        return Threat::Capture;
    }
    if KNIGHT_DELTAS
        .iter()
        .any(|&v| theirs(step(sq, back(v)), KNIGHT))
    {
        return Threat::Contact;
    }
    for (lines, slider) in [(&ORTH_DELTAS, ROOK), (&DIAG_DELTAS, BISHOP)] {
        for &v in lines {
            let mut s = step(sq, v);
            while let Some(t) = s {
                if board[t as usize] != EMPTY || rules.spring(t) {
                    break;
                }
                s = step(t, v);
            }
            if theirs(s, slider) || theirs(s, QUEEN) {
                return Threat::Contact;
            }
        }
    }
    Threat::None
}

/// The move's gain less the mover when it can be taken where it ends (see the module comment).
fn exchange(pos: &Position, rules: &SonicRules, mv: SonicMove) -> Score {
    let us = pos.side;
    let mut board = pos.board;
    let mover = board[mv.from() as usize];
    let mut placed = mover;
    let mut gain = 0;
    let rest = match mv.kind() {
        MoveKind::Castle => return 0,
        _ if is_chain(pos, rules, mv) => {
            let chain = run_chain(pos, rules, mv);
            board[mv.from() as usize] = EMPTY;
            for &(sq, victim) in &chain.captured {
                gain += VALUE[kind(victim) as usize];
                board[sq as usize] = EMPTY;
            }
            gain += FORM_VALUE * chain.hits as Score;
            if chain.piece_lost {
                return gain - VALUE[kind(mover) as usize];
            }
            chain.rest
        }
        _ => {
            let to = mv.to();
            let victim = board[to as usize];
            if victim != EMPTY && colour(victim) != us {
                gain += VALUE[kind(victim) as usize];
            } else if kind(mover) == PAWN && pos.ep == Some(to) {
                gain += VALUE[PAWN as usize];
            }
            if let Some(promo) = mv.promo() {
                gain += VALUE[promo as usize] - VALUE[PAWN as usize];
                placed = make_piece(promo, us);
            }
            board[mv.from() as usize] = EMPTY;
            to
        }
    };
    board[rest as usize] = placed;
    let loss = match (threat(pos, &board, rules, rest, us), kind(placed)) {
        (Threat::None, _) => 0,
        (Threat::Contact, KING) => FORM_VALUE,
        (_, kind) => VALUE[kind as usize],
    };
    gain - loss
}

pub fn see_ge(pos: &Position, rules: &SonicRules, mv: SonicMove, threshold: Score) -> bool {
    exchange(pos, rules, mv) >= threshold
}

#[cfg(test)]
mod tests {
    use crate::game::{exchange_value_of, Score};
    use crate::variants::sonic::Sonic;

    /// The exchange value of `mv` in `fen`.
    fn see(fen: &str, mv: &str) -> Score {
        exchange_value_of::<Sonic>("sonic", &Default::default(), fen, mv)
    }

    // Hand counts with P=100 N=360 B=420 R=620 Q=1200, a king form 320.

    #[test]
    fn plain_captures_and_threatened_squares() {
        // A pawn takes an undefended knight: +360.
        assert_eq!(
            see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1 Kna/Kna", "e4d5"),
            360
        );
        // A knight going to b3 is safe from a pawn on c6 or c5 and lost to one on c4.
        assert_eq!(see("4k3/8/2p5/8/8/8/8/2N1K3 w - - 0 1 Kna/Kna", "c1b3"), 0);
        assert_eq!(see("4k3/8/8/2p5/8/8/8/2N1K3 w - - 0 1 Kna/Kna", "c1b3"), 0);
        assert_eq!(
            see("4k3/8/8/8/2p5/8/8/2N1K3 w - - 0 1 Kna/Kna", "c1b3"),
            -360
        );
    }

    #[test]
    fn chains_count_every_victim() {
        // The rook on a1 slides to a5 (first contact, a pawn), turns east to the knight on h5,
        // turns south and rests on h1: two victims, 100 + 360; the black rook on h8 now meets
        // h1 first along the emptied file: -620.
        let fen = "4k2r/8/8/p6n/8/8/8/R3K3 w - - 0 1 Kna/Kna";
        assert_eq!(see(fen, "a1a5,a5h5,h5h1"), 100 + 360 - 620);
        // Without the black rook the chain simply wins both.
        let fen = "4k3/8/8/p6n/8/8/8/R3K3 w - - 0 1 Kna/Kna";
        assert_eq!(see(fen, "a1a5,a5h5,h5h1"), 100 + 360);
    }
}
