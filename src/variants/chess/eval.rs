//! Chess evaluation: material and piece-square tables from Tomasz Michniewski's "Simplified
//! Evaluation Function" (chessprogramming.org), with a middlegame/endgame blend for the king and a
//! small bishop-pair and tempo bonus. Tables are written as White sees the board, rank 8 first.

use super::movegen::SQUARES;
use super::position::*;
use crate::game::{Score, Side};
use crate::mailbox;

/// Piece values indexed by kind (0 = none): P N B R Q K.
pub const VALUE: [Score; 7] = [0, 100, 320, 330, 500, 900, 0];
/// Values for move ordering (MVV-LVA), the king highest so that captures of it sort first.
pub const ORDER_VALUE: [i32; 7] = [0, 1, 3, 3, 5, 9, 20];

const BISHOP_PAIR: Score = 30;
const TEMPO: Score = 10;

#[rustfmt::skip]
const PAWN_PST: [Score; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT_PST: [Score; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP_PST: [Score; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK_PST: [Score; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN_PST: [Score; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MIDDLE_PST: [Score; 64] = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];
#[rustfmt::skip]
const KING_END_PST: [Score; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

/// Non-pawn material (both sides) at which the game counts as a pure middlegame.
const FULL_PHASE: Score = 2 * (2 * 320 + 2 * 330 + 2 * 500 + 900);

pub fn evaluate(pos: &Chess) -> Score {
    let mut score = [0 as Score; 2];
    let mut king_mid = [0 as Score; 2];
    let mut king_end = [0 as Score; 2];
    let mut bishops = [0; 2];
    let mut phase = 0;
    for s in SQUARES {
        let p = pos.board[s as usize];
        if p == EMPTY {
            continue;
        }
        let side = colour(p);
        let (f, r) = (mailbox::file_of(s), mailbox::rank_of(s));
        // Tables are laid out from White's side, rank 8 first: mirror ranks for White.
        let index = if side == Side::White {
            (7 - r) * 8 + f
        } else {
            r * 8 + f
        };
        let k = kind(p);
        let i = side.index();
        score[i] += VALUE[k as usize];
        match k {
            PAWN => score[i] += PAWN_PST[index],
            KNIGHT => score[i] += KNIGHT_PST[index],
            BISHOP => {
                score[i] += BISHOP_PST[index];
                bishops[i] += 1;
            }
            ROOK => score[i] += ROOK_PST[index],
            QUEEN => score[i] += QUEEN_PST[index],
            KING => {
                king_mid[i] = KING_MIDDLE_PST[index];
                king_end[i] = KING_END_PST[index];
            }
            _ => {}
        }
        if k != PAWN && k != KING {
            phase += VALUE[k as usize];
        }
    }
    let phase = phase.min(FULL_PHASE);
    for i in 0..2 {
        score[i] += (king_mid[i] * phase + king_end[i] * (FULL_PHASE - phase)) / FULL_PHASE;
        if bishops[i] >= 2 {
            score[i] += BISHOP_PAIR;
        }
    }
    let us = pos.side.index();
    score[us] - score[1 - us] + TEMPO
}
