//! Position of a Sonic game: an 8x8 board of piece codes, the two kings' form states, castling,
//! en passant, clocks and the incrementally kept Zobrist key.
//!
//! The board is a plain 64-cell array (square = rank * 8 + file): every Sonic rule walks single
//! steps with an explicit edge test, and a 64-byte board makes the per-chain scratch copy and the
//! snapshot undo cheap. Zobrist keys are taken from the shared mailbox table through
//! `mailbox::square`, so keys stay in the project's one key space.

use super::forms::KingState;
use crate::game::Side;
use crate::mailbox::{self, zobrist::ZOBRIST};

pub use crate::mailbox::chessmen::{
    colour, kind, make_piece, BISHOP, BLACK, BLACK_LONG, BLACK_SHORT, EMPTY, KING, KNIGHT, PAWN,
    QUEEN, ROOK, WHITE_LONG, WHITE_SHORT,
};

/// Misc Zobrist slots: castling bits 0..4, en-passant files 4..12, king states from 16.
const MISC_CASTLE: usize = 0;
const MISC_EP: usize = 4;
const MISC_KING: usize = 16;

pub fn file(sq: u8) -> i8 {
    (sq % 8) as i8
}
pub fn rank(sq: u8) -> i8 {
    (sq / 8) as i8
}
pub fn sq_at(file: i8, rank: i8) -> Option<u8> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as u8)
}
/// `sq` moved by (df, dr), or `None` off the board.
#[inline]
pub fn step(sq: u8, (df, dr): (i8, i8)) -> Option<u8> {
    sq_at(file(sq) + df, rank(sq) + dr)
}
pub fn name(sq: u8) -> String {
    mailbox::square_name(file(sq) as usize, rank(sq) as usize, 1)
}
/// The relative rank (0 = own back rank) of `sq` for `side`.
pub fn relative_rank(side: Side, sq: u8) -> i8 {
    match side {
        Side::White => rank(sq),
        Side::Black => 7 - rank(sq),
    }
}

pub fn zobrist_piece(p: u8, sq: u8) -> u64 {
    ZOBRIST.piece(
        p as usize,
        mailbox::square(file(sq) as usize, rank(sq) as usize),
    )
}
pub fn zobrist_castle(rights: u8) -> u64 {
    (0..4)
        .filter(|b| rights & (1 << b) != 0)
        .fold(0, |k, b| k ^ ZOBRIST.misc(MISC_CASTLE + b))
}
pub fn zobrist_ep(sq: u8) -> u64 {
    ZOBRIST.misc(MISC_EP + file(sq) as usize)
}
pub fn zobrist_king(side: Side, state: KingState) -> u64 {
    ZOBRIST.misc(MISC_KING + side.index() * 48 + state.code())
}

/// SonicRules that do not change during a game: which squares carry springs, and Crooked turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SonicRules {
    /// Bit `sq` set: a spring lies on `sq`.
    pub springs: u64,
    pub crooked: bool,
}

impl SonicRules {
    pub fn spring(&self, sq: u8) -> bool {
        self.springs & (1u64 << sq) != 0
    }
}

/// Everything a position is, apart from the game history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: [u8; 64],
    pub side: Side,
    /// `CASTLE_*` bits.
    pub castling: u8,
    /// The square a pawn skipped on the last move (recorded after every double step).
    pub ep: Option<u8>,
    /// Whether `ep` is in the key: only when an en-passant capture is actually possible (ruling 25).
    pub ep_in_key: bool,
    pub halfmove: u32,
    pub fullmove: u32,
    pub kings: [KingState; 2],
    /// Each side's king square; `None` once a king is taken off the board.
    pub king_sq: [Option<u8>; 2],
    pub key: u64,
}

impl Position {
    pub fn empty() -> Position {
        Position {
            board: [EMPTY; 64],
            side: Side::White,
            castling: 0,
            ep: None,
            ep_in_key: false,
            halfmove: 0,
            fullmove: 1,
            kings: [KingState::fresh(); 2],
            king_sq: [None; 2],
            key: 0,
        }
    }

    /// The Zobrist key from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in 0..64u8 {
            let p = self.board[sq as usize];
            if p != EMPTY {
                key ^= zobrist_piece(p, sq);
            }
        }
        if self.side == Side::Black {
            key ^= ZOBRIST.side;
        }
        key ^= zobrist_castle(self.castling);
        if let Some(ep) = self.ep.filter(|_| self.ep_capturable()) {
            key ^= zobrist_ep(ep);
        }
        key ^= zobrist_king(Side::White, self.kings[0]);
        key ^= zobrist_king(Side::Black, self.kings[1]);
        key
    }

    /// A pawn of the side to move stands beside the pawn that just double-stepped (pawns ignore
    /// springs and there is no check obligation, so that capture is then legal).
    pub fn ep_capturable(&self) -> bool {
        let behind = match self.side {
            Side::White => -1,
            Side::Black => 1,
        };
        let Some(victim) = self.ep.and_then(|ep| step(ep, (0, behind))) else {
            return false;
        };
        let own_pawn = make_piece(PAWN, self.side);
        [-1, 1]
            .iter()
            .any(|&df| step(victim, (df, 0)).is_some_and(|s| self.board[s as usize] == own_pawn))
    }

    /// Puts `p` on an empty `sq`, keeping key and king square up to date.
    pub fn put(&mut self, sq: u8, p: u8) {
        self.board[sq as usize] = p;
        self.key ^= zobrist_piece(p, sq);
        if kind(p) == KING {
            self.king_sq[colour(p).index()] = Some(sq);
        }
    }

    /// Empties `sq`; returns what stood there.
    pub fn take(&mut self, sq: u8) -> u8 {
        let p = self.board[sq as usize];
        if p != EMPTY {
            self.board[sq as usize] = EMPTY;
            self.key ^= zobrist_piece(p, sq);
            if kind(p) == KING && self.king_sq[colour(p).index()] == Some(sq) {
                self.king_sq[colour(p).index()] = None;
            }
        }
        p
    }

    pub fn set_king_state(&mut self, side: Side, state: KingState) {
        self.key ^= zobrist_king(side, self.kings[side.index()]);
        self.kings[side.index()] = state;
        self.key ^= zobrist_king(side, state);
    }

    pub fn set_castling(&mut self, rights: u8) {
        self.key ^= zobrist_castle(self.castling) ^ zobrist_castle(rights);
        self.castling = rights;
    }

    /// Sets the en-passant square (or none) after the side to move has been switched.
    pub fn set_ep(&mut self, sq: Option<u8>) {
        if let Some(old) = self.ep.filter(|_| self.ep_in_key) {
            self.key ^= zobrist_ep(old);
        }
        self.ep = sq;
        self.ep_in_key = self.ep_capturable();
        if let Some(new) = self.ep.filter(|_| self.ep_in_key) {
            self.key ^= zobrist_ep(new);
        }
    }

    /// The game has ended by a king's loss.
    pub fn king_lost(&self) -> Option<Side> {
        [Side::White, Side::Black]
            .into_iter()
            .find(|s| self.kings[s.index()] == KingState::Lost)
    }
}
