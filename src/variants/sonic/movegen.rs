//! Legal move generation and move application.
//!
//! Every move the rules produce is legal except endless chains and illegal castlings (§3.7): there
//! is no obligation to leave check. A move *string* is a body plus, when the mover's king is
//! pending, a `form:` prefix, or, when §3.6 allows a voluntary form change, an optional `~form`
//! suffix; perft counts each string (ruling 28), so `generate` emits each as its own move.

use super::board::{
    colour, file, kind, make_piece, rank, relative_rank, step, Position, SonicRules, BISHOP,
    BLACK_LONG, BLACK_SHORT, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE_LONG, WHITE_SHORT,
};
use super::chains::{class, knight_chain, slider_chain, Chain, Class, Dir, KNIGHT_DELTAS};
use super::check::{chain_senses, in_check, king_form_reaches, pawn_captures};
use super::forms::{bit, forms_in, leaps, KingState};
use super::moves::{MoveKind, SonicMove};
use crate::game::{MoveList, Side};
use arrayvec::ArrayVec;

/// Bodies of one position before prefixes and suffixes are added.
type Bodies = ArrayVec<SonicMove, 512>;

/// Facts about an applied move that the form-change rules and the search need.
#[derive(Clone, Copy, Debug, Default)]
pub struct Applied {
    pub hits: u8,
    pub king_move: bool,
    /// A capture, a hit or a pawn move (resets the 100-ply clock).
    pub irreversible: bool,
}

fn forward(side: Side) -> i8 {
    match side {
        Side::White => 1,
        Side::Black => -1,
    }
}

/// Replays the chain a slider or knight move starts (its `to` is the first contact).
pub fn run_chain(pos: &Position, rules: &SonicRules, mv: SonicMove) -> Chain {
    let mut board = pos.board;
    let (from, to) = (mv.from(), mv.to());
    let forms = pos.kings[pos.side.other().index()].forms_left();
    if kind(board[from as usize]) == KNIGHT {
        let v = (file(to) - file(from), rank(to) - rank(from));
        knight_chain(&mut board, rules, from, to, v, forms)
    } else {
        let d = Dir::between(from, to).unwrap_or(Dir {
            diagonal: false,
            index: 0,
        });
        slider_chain(&mut board, rules, from, to, d, mv.sense(), forms)
    }
}

/// Whether `mv` (a legal move here) starts a chain rather than a plain slide or leap.
pub fn is_chain(pos: &Position, rules: &SonicRules, mv: SonicMove) -> bool {
    mv.kind() == MoveKind::Normal
        && matches!(
            kind(pos.board[mv.from() as usize]),
            KNIGHT | BISHOP | ROOK | QUEEN
        )
        && class(&pos.board, rules, pos.side, Some(mv.to())) != Class::Empty
}

/// Whether a chain that starts on a spring captures or hits something later: such a chain is as
/// loud as any capture (a lethal one must be seen by quiescence search).
pub fn spring_chain_is_noisy(pos: &Position, rules: &SonicRules, mv: SonicMove) -> bool {
    let chain = run_chain(pos, rules, mv);
    !chain.endless && (!chain.captured.is_empty() || chain.hits > 0)
}

/// Castling rights lost when a move touches `sq`.
fn rights_touched(sq: u8) -> u8 {
    match sq {
        4 => WHITE_SHORT | WHITE_LONG,
        7 => WHITE_SHORT,
        0 => WHITE_LONG,
        60 => BLACK_SHORT | BLACK_LONG,
        63 => BLACK_SHORT,
        56 => BLACK_LONG,
        _ => 0,
    }
}

/// Plays a move that is not castling: a pawn's, the King's, or another piece's (which may set
/// off a spring chain). Returns the new en-passant square and whether a King was taken.
#[inline]
fn move_piece(
    pos: &mut Position,
    rules: &SonicRules,
    mv: SonicMove,
    info: &mut Applied,
    lost_rights: &mut u8,
) -> (Option<u8>, bool) {
    let us = pos.side;
    let them = us.other();
    let (from, to) = (mv.from(), mv.to());
    let mut new_ep = None;
    let mut king_taken = false;
    let p = pos.board[from as usize];
    match kind(p) {
        PAWN => {
            pos.take(from);
            info.irreversible = true;
            if pos.board[to as usize] != EMPTY {
                king_taken = kind(pos.take(to)) == KING;
            } else if pos.ep == Some(to) && file(to) != file(from) {
                if let Some(victim) = step(to, (0, -forward(us))) {
                    pos.take(victim);
                }
            }
            if (rank(to) - rank(from)).abs() == 2 {
                new_ep = step(from, (0, forward(us)));
            }
            pos.put(to, mv.promo().map_or(p, |k| make_piece(k, us)));
        }
        KING => {
            pos.take(from);
            info.king_move = true;
            if pos.board[to as usize] != EMPTY {
                info.irreversible = true;
                king_taken = kind(pos.take(to)) == KING;
            }
            pos.put(to, p);
        }
        _ => {
            if class(&pos.board, rules, us, Some(to)) == Class::Empty {
                pos.take(from);
                pos.put(to, p);
            } else {
                let chain = run_chain(pos, rules, mv);
                pos.take(from);
                for &(sq, _) in &chain.captured {
                    pos.take(sq);
                    *lost_rights |= rights_touched(sq);
                    info.irreversible = true;
                }
                if chain.hits > 0 {
                    info.irreversible = true;
                    info.hits = chain.hits;
                    let state = pos.kings[them.index()].after_hits(chain.hits);
                    pos.set_king_state(them, state);
                }
                if !chain.piece_lost {
                    pos.put(chain.rest, p);
                    *lost_rights |= rights_touched(chain.rest);
                }
            }
        }
    }
    (new_ep, king_taken)
}

/// Plays `mv` on `pos` (no legality test).
pub fn apply(pos: &mut Position, rules: &SonicRules, mv: SonicMove) -> Applied {
    let us = pos.side;
    let them = us.other();
    let mut info = Applied::default();
    if let Some(form) = mv.prefix() {
        let state = pos.kings[us.index()].resolve(form);
        pos.set_king_state(us, state);
    }
    let (from, to) = (mv.from(), mv.to());
    let mut lost_rights = rights_touched(from) | rights_touched(to);
    let (new_ep, king_taken) = match mv.kind() {
        MoveKind::Castle => {
            let king = pos.take(from);
            let rook = pos.take(to);
            let (king_to, rook_to) = if to > from {
                (from + 2, from + 1)
            } else {
                (from - 2, from - 1)
            };
            pos.put(king_to, king);
            pos.put(rook_to, rook);
            info.king_move = true;
            (None, false)
        }
        MoveKind::Normal | MoveKind::Promotion => {
            move_piece(pos, rules, mv, &mut info, &mut lost_rights)
        }
    };
    if king_taken {
        pos.set_king_state(them, KingState::Lost);
    }
    if let Some(form) = mv.suffix() {
        if let KingState::Normal { avail, .. } = pos.kings[us.index()] {
            pos.set_king_state(
                us,
                KingState::Normal {
                    current: form,
                    avail,
                },
            );
        }
    }
    pos.set_castling(pos.castling & !lost_rights);
    pos.halfmove = if info.irreversible {
        0
    } else {
        pos.halfmove + 1
    };
    if us == Side::Black {
        pos.fullmove += 1;
    }
    pos.side = them;
    pos.key ^= crate::mailbox::zobrist::ZOBRIST.side;
    pos.set_ep(new_ep);
    info
}

/// Pawn moves of the side to move.
fn pawn_moves(pos: &Position, from: u8, noisy_only: bool, out: &mut Bodies) {
    let us = pos.side;
    let fwd = forward(us);
    let push = |to: u8, out: &mut Bodies| {
        if relative_rank(us, to) == 7 {
            for k in [QUEEN, ROOK, BISHOP, KNIGHT] {
                out.push(SonicMove::promotion(from, to, k));
            }
        } else {
            out.push(SonicMove::new(from, to, MoveKind::Normal));
        }
    };
    if let Some(one) = step(from, (0, fwd)) {
        if pos.board[one as usize] == EMPTY {
            if !noisy_only || relative_rank(us, one) == 7 {
                push(one, out);
            }
            if relative_rank(us, from) == 1 && !noisy_only {
                if let Some(two) = step(one, (0, fwd)) {
                    if pos.board[two as usize] == EMPTY {
                        push(two, out);
                    }
                }
            }
        }
    }
    for v in pawn_captures(us) {
        let Some(to) = step(from, v) else { continue };
        let target = pos.board[to as usize];
        if target != EMPTY && colour(target) != us || target == EMPTY && pos.ep == Some(to) {
            push(to, out);
        }
    }
}

/// Knight leaps and flights.
fn knight_moves(pos: &Position, rules: &SonicRules, from: u8, noisy_only: bool, out: &mut Bodies) {
    for v in KNIGHT_DELTAS {
        let t = step(from, v);
        let c = class(&pos.board, rules, pos.side, t);
        let Some(t) = t else { continue };
        let mv = SonicMove::new(from, t, MoveKind::Normal);
        let wanted = match c {
            Class::Off | Class::Friend => false,
            Class::Empty => !noisy_only,
            Class::Spring => !noisy_only || spring_chain_is_noisy(pos, rules, mv),
            Class::Enemy | Class::King => true,
        };
        if wanted {
            out.push(mv);
        }
    }
}

/// Slides and bounce chains of a slider in one family of directions.
fn slider_moves(
    pos: &Position,
    rules: &SonicRules,
    from: u8,
    diagonal: bool,
    noisy_only: bool,
    out: &mut Bodies,
) {
    let us = pos.side;
    let forms = pos.kings[us.other().index()].forms_left();
    for index in 0..4 {
        let d = Dir { diagonal, index };
        let mut p = step(from, d.vector());
        let mut c = class(&pos.board, rules, us, p);
        while c == Class::Empty {
            let to = p.unwrap_or(from);
            if !noisy_only {
                out.push(SonicMove::new(from, to, MoveKind::Normal));
            }
            p = step(to, d.vector());
            c = class(&pos.board, rules, us, p);
        }
        let Some(first) = p else { continue };
        if matches!(c, Class::Off | Class::Friend) {
            continue;
        }
        for sense in chain_senses(pos, rules, us, from, first, d) {
            let mv = SonicMove::new(from, first, MoveKind::Normal).with_sense(sense);
            if noisy_only && c == Class::Spring && !spring_chain_is_noisy(pos, rules, mv) {
                continue;
            }
            // Only spring contacts can make a chain loop: without springs every chain ends.
            if rules.springs != 0 {
                let mut board = pos.board;
                if slider_chain(&mut board, rules, from, first, d, sense, forms).endless {
                    continue;
                }
            }
            out.push(mv);
        }
    }
}

/// Moves of a king in `form` (plain leaps, springs ignored).
fn king_moves(pos: &Position, form: u8, noisy_only: bool, out: &mut Bodies) {
    let us = pos.side;
    let Some(from) = pos.king_sq[us.index()] else {
        return;
    };
    for &v in leaps(form) {
        let Some(to) = step(from, v) else { continue };
        let target = pos.board[to as usize];
        let wanted = if target == EMPTY {
            !noisy_only
        } else {
            colour(target) != us
        };
        if wanted {
            out.push(SonicMove::new(from, to, MoveKind::Normal));
        }
    }
}

/// Whether the side to move's king would be in check on `sq` (the king moved there).
fn attacked_if_king_on(pos: &Position, rules: &SonicRules, sq: u8) -> bool {
    let us = pos.side;
    let mut probe = pos.clone();
    if let Some(from) = probe.king_sq[us.index()] {
        let king = probe.take(from);
        probe.put(sq, king);
    }
    in_check(&probe, rules, us)
}

/// Legal castlings (any king form): king and rook unmoved, squares between empty, the king not
/// in check, crossed and destination squares not attacked.
fn castlings(
    pos: &Position,
    rules: &SonicRules,
    in_check_now: &mut dyn FnMut() -> bool,
    out: &mut Bodies,
) {
    let us = pos.side;
    let (home, rights) = match us {
        Side::White => (4u8, [(WHITE_SHORT, 7u8), (WHITE_LONG, 0u8)]),
        Side::Black => (60u8, [(BLACK_SHORT, 63u8), (BLACK_LONG, 56u8)]),
    };
    if pos.king_sq[us.index()] != Some(home) {
        return;
    }
    for (right, rook_sq) in rights {
        if pos.castling & right == 0 || pos.board[rook_sq as usize] != make_piece(ROOK, us) {
            continue;
        }
        let (lo, hi) = if rook_sq > home {
            (home + 1, rook_sq)
        } else {
            (rook_sq + 1, home)
        };
        if (lo..hi).any(|s| pos.board[s as usize] != EMPTY) {
            continue;
        }
        let (crossed, dest) = if rook_sq > home {
            (home + 1, home + 2)
        } else {
            (home - 1, home - 2)
        };
        if in_check_now()
            || attacked_if_king_on(pos, rules, crossed)
            || attacked_if_king_on(pos, rules, dest)
        {
            continue;
        }
        out.push(SonicMove::new(home, rook_sq, MoveKind::Castle));
    }
}

/// Bodies of every piece but the king.
fn piece_bodies(pos: &Position, rules: &SonicRules, noisy_only: bool, out: &mut Bodies) {
    let us = pos.side;
    for from in 0..64u8 {
        let p = pos.board[from as usize];
        if p == EMPTY || colour(p) != us {
            continue;
        }
        match kind(p) {
            PAWN => pawn_moves(pos, from, noisy_only, out),
            KNIGHT => knight_moves(pos, rules, from, noisy_only, out),
            BISHOP => slider_moves(pos, rules, from, true, noisy_only, out),
            ROOK => slider_moves(pos, rules, from, false, noisy_only, out),
            QUEEN => {
                slider_moves(pos, rules, from, false, noisy_only, out);
                slider_moves(pos, rules, from, true, noisy_only, out);
            }
            _ => {}
        }
    }
}

/// The forms (a mask) the mover may switch to after the non-king body `body` (§3.6).
fn permitted_suffixes(
    pos: &Position,
    rules: &SonicRules,
    body: SonicMove,
    others: u8,
    in_check_now: &mut dyn FnMut() -> bool,
) -> u8 {
    let us = pos.side;
    let mut after = pos.clone();
    let info = apply(&mut after, rules, body);
    if info.hits > 0 || after.king_lost().is_some() {
        return 0;
    }
    // Both kings stand on the board: neither is lost.
    let (Some(own), Some(enemy)) = (after.king_sq[us.index()], after.king_sq[us.other().index()])
    else {
        return 0;
    };
    if in_check(&after, rules, us.other()) {
        return 0; // the enemy king is in check after the move
    }
    if in_check_now() && !in_check(&after, rules, us) {
        return 0; // the move escaped check
    }
    forms_in(others)
        .filter(|&f| !king_form_reaches(own, f, enemy))
        .fold(0, |mask, f| mask | bit(f))
}

/// Every legal move (or, with `noisy_only`, the captures and promotions without suffixes).
pub fn generate(
    pos: &Position,
    rules: &SonicRules,
    noisy_only: bool,
    out: &mut MoveList<SonicMove>,
) {
    if pos.king_lost().is_some() {
        return;
    }
    let us = pos.side;
    let mut check_cache: Option<bool> = None;
    let mut in_check_now = || *check_cache.get_or_insert_with(|| in_check(pos, rules, us));
    let mut bodies = Bodies::new();
    piece_bodies(pos, rules, noisy_only, &mut bodies);
    let mut king_bodies = Bodies::new();
    if !noisy_only {
        castlings(pos, rules, &mut in_check_now, &mut king_bodies);
    }
    match pos.kings[us.index()] {
        KingState::Pending { candidates, .. } => {
            for form in forms_in(candidates) {
                let mut own = king_bodies.clone();
                king_moves(pos, form, noisy_only, &mut own);
                for mv in bodies.iter().chain(own.iter()) {
                    let _ = out.try_push(mv.with_prefix(form));
                }
            }
        }
        KingState::Normal { current, avail } => {
            king_moves(pos, current, noisy_only, &mut king_bodies);
            let others = avail & !bit(current);
            for &mv in &bodies {
                let _ = out.try_push(mv);
                if others != 0 && !noisy_only {
                    let mask = permitted_suffixes(pos, rules, mv, others, &mut in_check_now);
                    for form in forms_in(mask) {
                        let _ = out.try_push(mv.with_suffix(form));
                    }
                }
            }
            for &mv in &king_bodies {
                let _ = out.try_push(mv);
            }
        }
        KingState::Lost => {}
    }
}
