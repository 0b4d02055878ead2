//! The position: board cells, trackers for Kings and magic pieces (so that `sym` and `red` are
//! O(1) look-ups), the incremental key, the undo stack and the key history of the whole game.

use super::board::*;
use crate::game::Side;
use crate::mailbox::zobrist::ZOBRIST;
use crate::mailbox::{Sq, CELLS};
use arrayvec::ArrayVec;

/// How `sym` and `red` are computed: `Tracked` reads the squares of the (at most one per side)
/// Reducer and SHS; `Naive` scans the 24 squares within distance 2. Both exist so that tests can
/// check they agree and the speed difference can be measured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ModifierMode {
    Tracked,
    Naive,
}

/// What `unmake` needs: the previous contents of every cell the move changed, in order.
#[derive(Clone, Debug)]
pub struct Undo {
    pub changes: ArrayVec<(Sq, Piece), 4>,
    pub key: u64,
    pub halfmove: u32,
    pub fullmove: u32,
    /// The move captured something (for the record; eval and reporting).
    pub captured: Piece,
    /// A captured piece went to the capturer's LS.
    pub resurrected: bool,
}

#[derive(Clone)]
pub struct Position {
    pub board: [Piece; CELLS],
    pub side: Side,
    pub halfmove: u32,
    pub fullmove: u32,
    pub key: u64,
    /// Arena square of each side's King (`NO_SQ` when missing; FEN validation prevents that).
    pub kings: [Sq; 2],
    /// Pieces of each side and kind on the Arena (the attack test skips absent attackers).
    pub counts: [[u8; KINDS]; 2],
    /// Arena square of each side's Reducer, SHS and Resurrector; `NO_SQ` when on the LS or gone.
    pub magic: [[Sq; 3]; 2],
    pub undo: Vec<Undo>,
    /// Keys of every position of the game so far, the current one last.
    pub keys: Vec<u64>,
    pub mode: ModifierMode,
}

impl Position {
    pub fn empty() -> Position {
        Position {
            board: empty_board(),
            side: Side::White,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            kings: [NO_SQ; 2],
            counts: [[0; KINDS]; 2],
            magic: [[NO_SQ; 3]; 2],
            undo: Vec::new(),
            keys: Vec::new(),
            mode: ModifierMode::Tracked,
        }
    }

    #[inline]
    pub fn at(&self, sq: Sq) -> Piece {
        self.board[sq as usize]
    }

    /// Puts `p` on `sq` keeping key and trackers up to date; returns what was there.
    #[inline]
    pub fn put(&mut self, sq: Sq, p: Piece) -> Piece {
        let old = self.board[sq as usize];
        if old != EMPTY {
            self.key ^= ZOBRIST.piece(zobrist_code(old), sq);
        }
        if p != EMPTY {
            self.key ^= ZOBRIST.piece(zobrist_code(p), sq);
        }
        self.place_raw(sq, p, old);
        old
    }

    /// Board and trackers only (unmake restores the key wholesale).
    #[inline]
    pub fn place_raw(&mut self, sq: Sq, p: Piece, old: Piece) {
        self.board[sq as usize] = p;
        let on_arena = !is_ls(sq);
        if old != EMPTY {
            let k = kind(old);
            let c = colour(old).index();
            if on_arena {
                self.counts[c][k as usize] -= 1;
            }
            if k == KING && self.kings[c] == sq {
                self.kings[c] = NO_SQ;
            } else if is_magic_kind(k) && self.magic[c][magic_index(k)] == sq {
                self.magic[c][magic_index(k)] = NO_SQ;
            }
        }
        if p != EMPTY && on_arena {
            let k = kind(p);
            let c = colour(p).index();
            self.counts[c][k as usize] += 1;
            if k == KING {
                self.kings[c] = sq;
            } else if is_magic_kind(k) {
                self.magic[c][magic_index(k)] = sq;
            }
        }
    }

    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for (sq, &p) in self.board.iter().enumerate() {
            if p != EMPTY && p != OFF {
                k ^= ZOBRIST.piece(zobrist_code(p), sq as Sq);
            }
        }
        if self.side == Side::Black {
            k ^= ZOBRIST.side;
        }
        k
    }

    /// Rebuilds trackers and key from the board (after FEN parsing).
    pub fn refresh(&mut self) {
        self.kings = [NO_SQ; 2];
        self.counts = [[0; KINDS]; 2];
        self.magic = [[NO_SQ; 3]; 2];
        for &sq in ARENA.iter() {
            let p = self.at(sq);
            if p != EMPTY {
                self.place_raw(sq, p, EMPTY);
            }
        }
        self.key = self.compute_key();
        self.keys = vec![self.key];
        self.undo.clear();
    }

    /// `sym`: a friendly SHS on the Arena within distance 2 of `sq`.
    #[inline]
    pub fn symmetrized(&self, sq: Sq, side: Side) -> bool {
        match self.mode {
            ModifierMode::Tracked => near(sq, self.magic[side.index()][magic_index(SHS)]),
            ModifierMode::Naive => self.scan_near(sq, make_piece(SHS, side)),
        }
    }

    /// `red` for a reducible piece of `side` on `sq`: an enemy Reducer within distance 2 and no
    /// friendly Reducer within distance 2 (neutralisation, R-4).
    #[inline]
    pub fn reduced(&self, sq: Sq, side: Side) -> bool {
        match self.mode {
            ModifierMode::Tracked => {
                near(sq, self.magic[side.other().index()][magic_index(REDUCER)])
                    && !near(sq, self.magic[side.index()][magic_index(REDUCER)])
            }
            ModifierMode::Naive => {
                self.scan_near(sq, make_piece(REDUCER, side.other()))
                    && !self.scan_near(sq, make_piece(REDUCER, side))
            }
        }
    }

    /// The naive form: look at the 24 squares of the 5x5 box.
    fn scan_near(&self, sq: Sq, wanted: Piece) -> bool {
        NEAR_OFFSETS
            .iter()
            .any(|&d| self.board[(sq as isize + d) as usize] == wanted)
    }
}
