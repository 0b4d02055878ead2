//! Move generation on the padded mailbox: pseudo-legal moves, then a make/attack test for legality.

use super::position::*;
use crate::game::{MoveList, Rules, Side};
use crate::mailbox::{self, Sq, EAST, NORTH, SOUTH, WEST};

/// The 64 squares, a1 first.
pub const SQUARES: [Sq; 64] = {
    let mut out = [0; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = sq(i % 8, i / 8);
        i += 1;
    }
    out
};

pub fn index64(s: Sq) -> u32 {
    (mailbox::file_of(s) + 8 * mailbox::rank_of(s)) as u32
}

pub const KNIGHT_STEPS: [isize; 8] = [
    2 * NORTH + EAST,
    2 * NORTH + WEST,
    2 * SOUTH + EAST,
    2 * SOUTH + WEST,
    NORTH + 2 * EAST,
    NORTH + 2 * WEST,
    SOUTH + 2 * EAST,
    SOUTH + 2 * WEST,
];
pub const KING_STEPS: [isize; 8] = [
    NORTH,
    SOUTH,
    EAST,
    WEST,
    NORTH + EAST,
    NORTH + WEST,
    SOUTH + EAST,
    SOUTH + WEST,
];
pub const ROOK_STEPS: [isize; 4] = [NORTH, SOUTH, EAST, WEST];
pub const BISHOP_STEPS: [isize; 4] = [NORTH + EAST, NORTH + WEST, SOUTH + EAST, SOUTH + WEST];

pub(super) fn forward(side: Side) -> isize {
    if side == Side::White {
        NORTH
    } else {
        SOUTH
    }
}

pub(super) type Board = [u8; mailbox::CELLS];

#[inline]
fn at(pos: &Chess, s: Sq, step: isize) -> (Sq, u8) {
    look(&pos.board, s, step)
}

#[inline]
fn look(board: &Board, s: Sq, step: isize) -> (Sq, u8) {
    let t = mailbox::offset(s, step);
    (t, board[t as usize])
}

/// Is `target` attacked by any piece of `by`?
pub fn attacked(pos: &Chess, target: Sq, by: Side) -> bool {
    attacked_on(&pos.board, target, by)
}

pub(super) fn attacked_on(board: &Board, target: Sq, by: Side) -> bool {
    visit_attackers(board, target, by, |_, _| true)
}

/// Calls `visit` with the square and kind of every piece of `by` that attacks `target` on
/// `board` (for sliders: the first piece on each ray), until `visit` returns true; returns
/// whether it did. The one place that knows how chess pieces attack a square.
#[inline(always)]
pub(super) fn visit_attackers(
    board: &Board,
    target: Sq,
    by: Side,
    mut visit: impl FnMut(Sq, u8) -> bool,
) -> bool {
    let pawn = make_piece(PAWN, by);
    // A pawn of `by` attacks from one rank behind (from its point of view).
    let back = -forward(by);
    for side_step in [EAST, WEST] {
        let (s, p) = look(board, target, back + side_step);
        if p == pawn && visit(s, PAWN) {
            return true;
        }
    }
    let knight = make_piece(KNIGHT, by);
    for &d in &KNIGHT_STEPS {
        let (s, p) = look(board, target, d);
        if p == knight && visit(s, KNIGHT) {
            return true;
        }
    }
    let king = make_piece(KING, by);
    for &d in &KING_STEPS {
        let (s, p) = look(board, target, d);
        if p == king && visit(s, KING) {
            return true;
        }
    }
    let (rook, bishop, queen) = (
        make_piece(ROOK, by),
        make_piece(BISHOP, by),
        make_piece(QUEEN, by),
    );
    for (steps, slider) in [(&ROOK_STEPS, rook), (&BISHOP_STEPS, bishop)] {
        for &d in steps {
            let mut s = target;
            loop {
                let (t, p) = look(board, s, d);
                if p == EMPTY {
                    s = t;
                    continue;
                }
                if (p == slider || p == queen) && visit(t, kind(p)) {
                    return true;
                }
                break;
            }
        }
    }
    false
}

/// Could a pawn of `by` capture onto `ep` (the square a double push just passed)?
pub fn ep_capture_possible(pos: &Chess, ep: Sq, by: Side) -> bool {
    let pawn = make_piece(PAWN, by);
    let back = -forward(by);
    at(pos, ep, back + EAST).1 == pawn || at(pos, ep, back + WEST).1 == pawn
}

fn push(moves: &mut MoveList<ChessMove>, from: Sq, to: Sq, kind: MoveKind) {
    moves.push(ChessMove {
        from,
        to,
        promotion: 0,
        kind,
    });
}

fn push_pawn(moves: &mut MoveList<ChessMove>, from: Sq, to: Sq, promotes: bool) {
    if promotes {
        for promotion in [QUEEN, KNIGHT, ROOK, BISHOP] {
            moves.push(ChessMove {
                from,
                to,
                promotion,
                kind: MoveKind::Normal,
            });
        }
    } else {
        push(moves, from, to, MoveKind::Normal);
    }
}

/// Pseudo-legal moves of the side to move; `noisy_only` keeps captures and promotions.
fn pseudo(pos: &Chess, moves: &mut MoveList<ChessMove>, noisy_only: bool) {
    let us = pos.side;
    let fwd = forward(us);
    let is_enemy = |p: u8| p != EMPTY && p != OFF && colour(p) != us;
    for from in SQUARES {
        let p = pos.board[from as usize];
        if p == EMPTY || colour(p) != us {
            continue;
        }
        match kind(p) {
            PAWN => {
                let rank = mailbox::rank_of(from);
                let (start_rank, last_rank) = if us == Side::White { (1, 6) } else { (6, 1) };
                let promotes = rank == last_rank;
                let (one, p1) = at(pos, from, fwd);
                if p1 == EMPTY && (!noisy_only || promotes) {
                    push_pawn(moves, from, one, promotes);
                    if rank == start_rank && !noisy_only {
                        let (two, p2) = at(pos, one, fwd);
                        if p2 == EMPTY {
                            push(moves, from, two, MoveKind::DoublePush);
                        }
                    }
                }
                for side_step in [EAST, WEST] {
                    let (t, q) = at(pos, from, fwd + side_step);
                    if is_enemy(q) {
                        push_pawn(moves, from, t, promotes);
                    } else if Some(t) == pos.ep {
                        push(moves, from, t, MoveKind::EnPassant);
                    }
                }
            }
            KNIGHT => piece_moves(pos, moves, from, &KNIGHT_STEPS, false, noisy_only),
            KING => {
                piece_moves(pos, moves, from, &KING_STEPS, false, noisy_only);
                if !noisy_only {
                    castling(pos, moves, from);
                }
            }
            BISHOP => piece_moves(pos, moves, from, &BISHOP_STEPS, true, noisy_only),
            ROOK => piece_moves(pos, moves, from, &ROOK_STEPS, true, noisy_only),
            QUEEN => {
                piece_moves(pos, moves, from, &BISHOP_STEPS, true, noisy_only);
                piece_moves(pos, moves, from, &ROOK_STEPS, true, noisy_only);
            }
            _ => {}
        }
    }
}

/// The moves of a piece along each of `steps`: one step for a leaper, on to the first piece
/// for a slider (`slides`). Inlined, so that each call is compiled for its own `slides`.
#[inline(always)]
fn piece_moves(
    pos: &Chess,
    moves: &mut MoveList<ChessMove>,
    from: Sq,
    steps: &[isize],
    slides: bool,
    noisy_only: bool,
) {
    for &d in steps {
        let mut s = from;
        loop {
            let (t, q) = at(pos, s, d);
            if q == EMPTY {
                if !noisy_only {
                    push(moves, from, t, MoveKind::Normal);
                }
                if slides {
                    s = t;
                    continue;
                }
            } else if q != OFF && colour(q) != pos.side {
                push(moves, from, t, MoveKind::Normal);
            }
            break;
        }
    }
}

fn castling(pos: &Chess, moves: &mut MoveList<ChessMove>, from: Sq) {
    let us = pos.side;
    let (short, long, rank) = if us == Side::White {
        (WHITE_SHORT, WHITE_LONG, 0)
    } else {
        (BLACK_SHORT, BLACK_LONG, 7)
    };
    if pos.castling & (short | long) == 0 || from != sq(4, rank) || pos.in_check() {
        return;
    }
    let empty = |f: usize| pos.board[sq(f, rank) as usize] == EMPTY;
    let safe = |f: usize| !attacked(pos, sq(f, rank), us.other());
    if pos.castling & short != 0 && empty(5) && empty(6) && safe(5) && safe(6) {
        push(moves, from, sq(6, rank), MoveKind::Castle);
    }
    if pos.castling & long != 0 && empty(1) && empty(2) && empty(3) && safe(3) && safe(2) {
        push(moves, from, sq(2, rank), MoveKind::Castle);
    }
}

/// Legal moves: pseudo-legal moves that do not leave the mover's king attacked.
pub fn legal(pos: &Chess, moves: &mut MoveList<ChessMove>, noisy_only: bool) {
    let mut candidates = MoveList::new();
    pseudo(pos, &mut candidates, noisy_only);
    let us = pos.side;
    let king_square = pos.kings[us.index()];
    // Out of check, a move other than the king's can only expose the king if its piece is
    // pinned (or it is en passant, which empties two squares): the rest need no test, which
    // saves most of the attack scans.
    let in_check = pos.in_check();
    let pinned = if in_check {
        Pinned::new()
    } else {
        pinned(&pos.board, king_square, us)
    };
    // Try each move on a scratch copy of the board only: cheaper than a full make/unmake.
    let mut board = pos.board;
    for &mv in &candidates {
        let moving = board[mv.from as usize];
        let is_king = kind(moving) == KING;
        let needs_test =
            in_check || is_king || mv.kind == MoveKind::EnPassant || pinned.contains(&mv.from);
        if !needs_test {
            moves.push(mv);
            continue;
        }
        let captured = board[mv.to as usize];
        board[mv.from as usize] = EMPTY;
        board[mv.to as usize] = moving;
        let victim = (mv.kind == MoveKind::EnPassant).then(|| mailbox::offset(mv.to, -forward(us)));
        if let Some(v) = victim {
            board[v as usize] = EMPTY;
        }
        let king = if is_king { mv.to } else { king_square };
        if !attacked_on(&board, king, us.other()) {
            moves.push(mv);
        }
        board[mv.from as usize] = moving;
        board[mv.to as usize] = captured;
        if let Some(v) = victim {
            board[v as usize] = make_piece(PAWN, us.other());
        }
    }
}

/// Squares of `us`'s pieces pinned to its king: at most one per ray.
type Pinned = arrayvec::ArrayVec<Sq, 8>;

/// The pieces of `us` that stand alone between their king and an enemy slider of the ray's kind.
fn pinned(board: &Board, king: Sq, us: Side) -> Pinned {
    let them = us.other();
    let queen = make_piece(QUEEN, them);
    let mut out = Pinned::new();
    for (steps, slider) in [
        (&ROOK_STEPS, make_piece(ROOK, them)),
        (&BISHOP_STEPS, make_piece(BISHOP, them)),
    ] {
        for &d in steps {
            let mut s = king;
            let mut own = None;
            loop {
                let (t, p) = look(board, s, d);
                s = t;
                if p == EMPTY {
                    continue;
                }
                if p == OFF {
                    break;
                }
                if colour(p) == us {
                    if own.is_some() {
                        break;
                    }
                    own = Some(t);
                    continue;
                }
                if let (Some(o), true) = (own, p == slider || p == queen) {
                    out.push(o);
                }
                break;
            }
        }
    }
    out
}
