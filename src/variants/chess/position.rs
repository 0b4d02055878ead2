//! Chess position, make/unmake and the glue to the game traits.

use super::{eval, features, fen, movegen, notation, see};
use crate::eval::nnue::{registry, Accumulators};
use crate::eval::Traced;
use crate::game::{repeated, Dialect, MoveError, MoveList, Outcome, Score, Side, VariantOptions};
use crate::game::{Notation, Rules};
use crate::mailbox::{self, zobrist::ZOBRIST, Sq, CELLS};
use crate::presentation::Presentation;

pub use crate::mailbox::chessmen::{
    colour, kind, make_piece, BISHOP, BLACK, BLACK_LONG, BLACK_SHORT, EMPTY, KING, KNIGHT, PAWN,
    QUEEN, ROOK, WHITE_LONG, WHITE_SHORT,
};
pub use crate::mailbox::OFF;

/// Zobrist misc-key slots.
const KEY_CASTLING: usize = 0; // 16 entries
const KEY_EP_FILE: usize = 16; // 8 entries

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoveKind {
    #[default]
    Normal,
    DoublePush,
    EnPassant,
    Castle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessMove {
    pub from: Sq,
    pub to: Sq,
    /// Promotion piece kind, 0 for none.
    pub promotion: u8,
    pub kind: MoveKind,
}

#[derive(Clone, Debug)]
struct Undo {
    mv: Option<ChessMove>,
    captured: u8,
    castling: u8,
    ep: Option<Sq>,
    halfmove: u32,
    key: u64,
}

#[derive(Clone)]
pub struct Chess {
    pub(super) board: [u8; CELLS],
    pub(super) side: Side,
    pub(super) castling: u8,
    /// Square a pawn may capture onto en passant; set only when such a capture is possible.
    pub(super) ep: Option<Sq>,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) kings: [Sq; 2],
    key: u64,
    undo: Vec<Undo>,
    /// Keys of every position of the game so far, the current one last.
    keys: Vec<u64>,
    /// The network's accumulators, one frame per ply (empty without a network).
    nnue: Accumulators,
}

pub const fn sq(file: usize, rank: usize) -> Sq {
    mailbox::square(file, rank)
}

/// Where the rook of a castling move (king moves two files) stands and lands.
fn castling_rook(mv: ChessMove) -> (Sq, Sq) {
    let rank = mailbox::rank_of(mv.from);
    if mv.to > mv.from {
        (sq(7, rank), sq(5, rank))
    } else {
        (sq(0, rank), sq(3, rank))
    }
}

impl Chess {
    pub(super) fn empty() -> Chess {
        let mut board = [OFF; CELLS];
        for r in 0..8 {
            for f in 0..8 {
                board[sq(f, r) as usize] = EMPTY;
            }
        }
        Chess {
            board,
            side: Side::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            kings: [0; 2],
            key: 0,
            undo: Vec::new(),
            keys: Vec::new(),
            nnue: Accumulators::default(),
        }
    }

    /// Called after a position is set up: derives king squares and the key, clears history.
    pub(super) fn finish_setup(&mut self) {
        for s in movegen::SQUARES {
            let p = self.board[s as usize];
            if kind(p) == KING {
                self.kings[colour(p).index()] = s;
            }
        }
        self.key = self.compute_key();
        self.undo.clear();
        self.keys = vec![self.key];
        let net = registry::network(
            features::FEATURE_SET,
            features::FEATURES,
            Some(&features::NETWORK),
        );
        self.nnue = Accumulators::new(net, || features::net_input(self));
    }

    /// Evaluates with `net` (or by hand) from now on, whatever the registry says.
    #[cfg(test)]
    pub(super) fn use_network(&mut self, net: Option<std::sync::Arc<crate::eval::nnue::Network>>) {
        self.nnue = Accumulators::new(net, || features::net_input(self));
    }

    pub(super) fn castling_key(rights: u8) -> u64 {
        ZOBRIST.misc(KEY_CASTLING + rights as usize)
    }
    pub(super) fn ep_key(ep: Option<Sq>) -> u64 {
        ep.map_or(0, |s| ZOBRIST.misc(KEY_EP_FILE + mailbox::file_of(s)))
    }

    #[inline]
    fn put(&mut self, s: Sq, piece: u8) {
        self.board[s as usize] = piece;
        self.key ^= ZOBRIST.piece(piece as usize, s);
        if self.nnue.active() {
            self.nnue.add(
                features::feature(Side::White, piece, s),
                features::feature(Side::Black, piece, s),
            );
        }
    }
    #[inline]
    fn take(&mut self, s: Sq) -> u8 {
        let piece = self.board[s as usize];
        self.board[s as usize] = EMPTY;
        self.key ^= ZOBRIST.piece(piece as usize, s);
        if self.nnue.active() {
            self.nnue.remove(
                features::feature(Side::White, piece, s),
                features::feature(Side::Black, piece, s),
            );
        }
        piece
    }

    /// Rights lost when a piece leaves or arrives on `s`.
    fn rights_touching(s: Sq) -> u8 {
        match s {
            x if x == sq(4, 0) => WHITE_SHORT | WHITE_LONG,
            x if x == sq(7, 0) => WHITE_SHORT,
            x if x == sq(0, 0) => WHITE_LONG,
            x if x == sq(4, 7) => BLACK_SHORT | BLACK_LONG,
            x if x == sq(7, 7) => BLACK_SHORT,
            x if x == sq(0, 7) => BLACK_LONG,
            _ => 0,
        }
    }

    pub(super) fn king_attacked(&self, side: Side) -> bool {
        movegen::attacked(self, self.kings[side.index()], side.other())
    }

    fn insufficient_material(&self) -> bool {
        let mut minors = [0u32; 2];
        let mut bishop_colours = [0u32; 2];
        for s in movegen::SQUARES {
            let p = self.board[s as usize];
            match kind(p) {
                PAWN | ROOK | QUEEN => return false,
                KNIGHT => minors[colour(p).index()] += 1,
                BISHOP => {
                    minors[colour(p).index()] += 1;
                    bishop_colours[(mailbox::file_of(s) + mailbox::rank_of(s)) % 2] += 1;
                }
                _ => {}
            }
        }
        let total = minors[0] + minors[1];
        // K v K, K+minor v K, or only bishops all on one square colour.
        total <= 1
            || (total == bishop_colours[0] + bishop_colours[1]
                && (bishop_colours[0] == 0 || bishop_colours[1] == 0))
    }

    pub(super) fn has_legal_move(&self) -> bool {
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        !moves.is_empty()
    }
}

impl Rules for Chess {
    type Move = ChessMove;
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn key(&self) -> u64 {
        self.key
    }
    fn compute_key(&self) -> u64 {
        let mut key = 0;
        for s in movegen::SQUARES {
            let p = self.board[s as usize];
            if p != EMPTY {
                key ^= ZOBRIST.piece(p as usize, s);
            }
        }
        if self.side == Side::Black {
            key ^= ZOBRIST.side;
        }
        key ^ Self::castling_key(self.castling) ^ Self::ep_key(self.ep)
    }
    fn plies(&self) -> usize {
        self.undo.len()
    }

    fn generate(&self, moves: &mut MoveList<ChessMove>) {
        movegen::legal(self, moves, false);
    }
    fn generate_noisy(&self, moves: &mut MoveList<ChessMove>) {
        movegen::legal(self, moves, true);
    }

    fn make(&mut self, mv: ChessMove) {
        let us = self.side;
        let mut record = Undo {
            mv: Some(mv),
            captured: EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
        };
        self.key ^= Self::castling_key(self.castling) ^ Self::ep_key(self.ep);
        self.ep = None;
        self.nnue.push();
        let piece = self.take(mv.from);
        if mv.kind == MoveKind::EnPassant {
            let victim = if us == Side::White {
                mv.to - mailbox::NORTH as Sq
            } else {
                mv.to + mailbox::NORTH as Sq
            };
            record.captured = self.take(victim);
        } else if self.board[mv.to as usize] != EMPTY {
            record.captured = self.take(mv.to);
        }
        let placed = if mv.promotion != 0 {
            make_piece(mv.promotion, us)
        } else {
            piece
        };
        self.put(mv.to, placed);
        if mv.kind == MoveKind::Castle {
            let (rook_from, rook_to) = castling_rook(mv);
            let rook = self.take(rook_from);
            self.put(rook_to, rook);
        }
        if kind(piece) == KING {
            self.kings[us.index()] = mv.to;
        }
        if mv.kind == MoveKind::DoublePush {
            let ep = (mv.from + mv.to) / 2;
            if movegen::ep_capture_possible(self, ep, us.other()) {
                self.ep = Some(ep);
            }
        }
        self.castling &= !(Self::rights_touching(mv.from) | Self::rights_touching(mv.to));
        self.key ^= Self::castling_key(self.castling) ^ Self::ep_key(self.ep) ^ ZOBRIST.side;
        self.halfmove = if kind(piece) == PAWN || record.captured != EMPTY {
            0
        } else {
            self.halfmove + 1
        };
        if us == Side::Black {
            self.fullmove += 1;
        }
        self.side = us.other();
        self.undo.push(record);
        self.keys.push(self.key);
    }

    fn unmake(&mut self) {
        let Some(record) = self.undo.pop() else {
            return;
        };
        self.keys.pop();
        self.nnue.pop();
        self.side = self.side.other();
        if self.side == Side::Black {
            self.fullmove -= 1;
        }
        if let Some(mv) = record.mv {
            let us = self.side;
            let placed = self.board[mv.to as usize];
            self.board[mv.to as usize] = EMPTY;
            let piece = if mv.promotion != 0 {
                make_piece(PAWN, us)
            } else {
                placed
            };
            self.board[mv.from as usize] = piece;
            if mv.kind == MoveKind::EnPassant {
                let victim = if us == Side::White {
                    mv.to - mailbox::NORTH as Sq
                } else {
                    mv.to + mailbox::NORTH as Sq
                };
                self.board[victim as usize] = record.captured;
            } else {
                self.board[mv.to as usize] = record.captured;
            }
            if mv.kind == MoveKind::Castle {
                let (rook_from, rook_to) = castling_rook(mv);
                self.board[rook_from as usize] = self.board[rook_to as usize];
                self.board[rook_to as usize] = EMPTY;
            }
            if kind(piece) == KING {
                self.kings[us.index()] = mv.from;
            }
        }
        self.castling = record.castling;
        self.ep = record.ep;
        self.halfmove = record.halfmove;
        self.key = record.key;
    }

    fn null_move_allowed(&self) -> bool {
        // Zugzwang is common with only king and pawns: no null move then.
        !self.in_check()
            && movegen::SQUARES.iter().any(|&s| {
                let p = self.board[s as usize];
                p != EMPTY
                    && colour(p) == self.side
                    && matches!(kind(p), KNIGHT | BISHOP | ROOK | QUEEN)
            })
    }
    fn make_null(&mut self) {
        let record = Undo {
            mv: None,
            captured: EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
        };
        self.key ^= Self::ep_key(self.ep) ^ ZOBRIST.side;
        self.ep = None;
        self.nnue.push();
        self.halfmove += 1;
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.other();
        self.undo.push(record);
        self.keys.push(self.key);
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    fn rule_outcome(&self, in_search: bool) -> Option<Outcome> {
        if self.halfmove >= 4 && repeated(&self.keys, self.halfmove as usize, in_search) {
            return Some(Outcome::draw("threefold repetition"));
        }
        // A mate delivered on the 100th half-move still counts as mate.
        if self.halfmove >= 100 && (!self.in_check() || self.has_legal_move()) {
            return Some(Outcome::draw("50-move rule"));
        }
        if self.insufficient_material() {
            return Some(Outcome::draw("insufficient material"));
        }
        None
    }
    fn no_moves_outcome(&self) -> Outcome {
        if self.in_check() {
            let winner = self.side.other();
            Outcome::win(winner, format!("{} mates", winner.name()))
        } else {
            Outcome::draw("stalemate")
        }
    }
    fn prepare_evaluation(&mut self) {
        self.nnue.update();
    }
    fn evaluate(&self) -> Score {
        if let Some(score) = self.nnue.evaluate(self.side, || eval::evaluate(self)) {
            debug_assert!(
                self.nnue.matches(&features::net_input(self)),
                "incremental accumulators differ from a refresh at {}",
                self.fen(Dialect::Uci)
            );
            return score;
        }
        eval::evaluate(self)
    }

    fn is_noisy(&self, mv: ChessMove) -> bool {
        mv.promotion != 0 || mv.kind == MoveKind::EnPassant || self.board[mv.to as usize] != EMPTY
    }
    fn order_hint(&self, mv: ChessMove) -> i32 {
        let victim = if mv.kind == MoveKind::EnPassant {
            PAWN
        } else {
            kind(self.board[mv.to as usize])
        };
        let attacker = kind(self.board[mv.from as usize]);
        eval::ORDER_VALUE[victim as usize] * 16 - attacker as i32
            + eval::ORDER_VALUE[mv.promotion as usize] * 8
    }
    fn see_ge(&self, mv: ChessMove, threshold: Score) -> bool {
        see::see_ge(self, mv, threshold)
    }
    fn move_key(mv: ChessMove) -> u32 {
        movegen::index64(mv.from)
            | movegen::index64(mv.to) << 6
            | (mv.promotion as u32) << 12
            | 1 << 16
    }
    fn history_slot(&self, mv: ChessMove) -> usize {
        (self.side.index() << 12)
            | (movegen::index64(mv.from) << 6 | movegen::index64(mv.to)) as usize
    }
}

impl Notation for Chess {
    fn variant(&self) -> &'static str {
        "chess"
    }
    fn new(variant: &str, _options: &VariantOptions) -> Result<Self, String> {
        if variant != "chess" {
            return Err(format!("not a chess variant: {variant}"));
        }
        fen::parse(fen::START, Dialect::Uci)
    }
    fn set_fen(&mut self, text: &str, dialect: Dialect) -> Result<(), String> {
        *self = fen::parse(text, dialect)?;
        Ok(())
    }
    fn fen(&self, _dialect: Dialect) -> String {
        fen::write(self)
    }
    fn move_number(&self) -> u32 {
        self.fullmove
    }

    fn parse_move(&self, text: &str, dialect: Dialect) -> Result<ChessMove, MoveError> {
        notation::parse(self, text, dialect)
    }
    fn move_text(&self, mv: ChessMove, dialect: Dialect) -> String {
        notation::text(self, mv, dialect)
    }
    fn xboard_variant(&self) -> &'static str {
        "normal"
    }
    fn diagram(&self) -> String {
        fen::diagram(self)
    }
    fn choice_label(&self, choice: &str) -> String {
        crate::board_view::promotion_label(choice)
    }
}

impl Presentation for Chess {
    fn board_view(&self) -> crate::board_view::BoardView {
        let mut view = super::view::board_view(self);
        if self.in_check() {
            view.mark_check("king");
        }
        view
    }
}

impl Traced for Chess {
    fn eval_trace(&self) -> Option<crate::eval::EvalTrace> {
        Some(eval::trace(self))
    }
    fn net_input(&self) -> Option<crate::eval::nnue::NetInput> {
        Some(super::features::net_input(self))
    }
}
