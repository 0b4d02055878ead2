//! Capturing moves of sliders (bounce chains, docs/sonic.md §3.4 and Crooked §3.8) and knights (the
//! "Tails" continuation, §3.5), simulated on a scratch board.
//!
//! A chain is fully determined by its origin, its first contact and (sliders only) the sense of
//! its first turn, which is all a `SonicMove` stores; everything else is replayed from here.

use super::board::{colour, kind, step, SonicRules, EMPTY, KING};
use crate::game::Side;
use arrayvec::ArrayVec;

/// Orthogonal directions in clockwise order as seen from White: north, east, south, west.
pub const ORTH_DELTAS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// Diagonal directions in clockwise order: NE, SE, SW, NW.
pub const DIAG_DELTAS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
pub use crate::mailbox::KNIGHT_DELTAS;

/// Sense of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sense {
    Clockwise,
    Counter,
}

impl Sense {
    pub fn flipped(self) -> Sense {
        match self {
            Sense::Clockwise => Sense::Counter,
            Sense::Counter => Sense::Clockwise,
        }
    }
}

/// A direction of a slider: which family (orthogonal or diagonal) and its index in that family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dir {
    pub diagonal: bool,
    pub index: u8,
}

impl Dir {
    pub fn vector(self) -> (i8, i8) {
        if self.diagonal {
            DIAG_DELTAS[self.index as usize]
        } else {
            ORTH_DELTAS[self.index as usize]
        }
    }
    pub fn turned(self, sense: Sense) -> Dir {
        let index = match sense {
            Sense::Clockwise => (self.index + 1) % 4,
            Sense::Counter => (self.index + 3) % 4,
        };
        Dir { index, ..self }
    }
    /// The direction from `from` to `to` if they share a line of this family.
    pub fn between(from: u8, to: u8) -> Option<Dir> {
        let df = (to % 8) as i8 - (from % 8) as i8;
        let dr = (to / 8) as i8 - (from / 8) as i8;
        if (df, dr) == (0, 0) {
            return None;
        }
        let unit = (df.signum(), dr.signum());
        let diagonal = df != 0 && dr != 0;
        if diagonal && df.abs() != dr.abs() {
            return None;
        }
        let table = if diagonal { &DIAG_DELTAS } else { &ORTH_DELTAS };
        let index = table.iter().position(|&v| v == unit)? as u8;
        Some(Dir { diagonal, index })
    }
}

/// What a square is for the moving piece (§3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Off,
    Friend,
    /// The enemy king.
    King,
    Enemy,
    /// An unoccupied spring square.
    Spring,
    Empty,
}

/// Class of `sq` for a slider or knight of `side` on `board`.
#[inline]
pub fn class(board: &[u8; 64], rules: &SonicRules, side: Side, sq: Option<u8>) -> Class {
    let Some(sq) = sq else {
        return Class::Off;
    };
    let p = board[sq as usize];
    if p == EMPTY {
        if rules.spring(sq) {
            Class::Spring
        } else {
            Class::Empty
        }
    } else if colour(p) == side {
        Class::Friend
    } else if kind(p) == KING {
        Class::King
    } else {
        Class::Enemy
    }
}

/// Room for the longest chain: at most 16 spring contacts between two captures or hits (four
/// springs, four directions) before a loop is detected, and at most 15 captures plus 3 hits.
pub const MAX_LEGS: usize = 19 * 17 + 2;

/// The result of one simulated chain.
#[derive(Clone, Debug, Default)]
pub struct Chain {
    /// Every leg's end: the contact squares in order, then the resting square if it differs
    /// from the last contact.
    pub legs: ArrayVec<u8, MAX_LEGS>,
    /// Squares emptied by captures, with what stood there (the killed king included).
    pub captured: ArrayVec<(u8, u8), 20>,
    pub hits: u8,
    /// Indices into `legs` of the contacts that hit the king.
    pub hit_legs: ArrayVec<u16, 4>,
    pub king_lost: bool,
    /// The moving piece was removed after a hit it could not continue from.
    pub piece_lost: bool,
    /// Where the moving piece stands at the end (meaningless when `piece_lost`).
    pub rest: u8,
    /// The move would never end (illegal).
    pub endless: bool,
}

/// Handles the contact at `c`: captures an enemy piece, hits the king, or touches a spring.
/// Returns true when the contact was a capture or hit (the loop detector restarts).
fn make_contact(
    board: &mut [u8; 64],
    chain: &mut Chain,
    contact: Class,
    c: u8,
    king_forms: u8,
) -> bool {
    match contact {
        Class::Enemy => {
            chain.captured.push((c, board[c as usize]));
            board[c as usize] = EMPTY;
            true
        }
        Class::King => {
            chain.hits += 1;
            let _ = chain.hit_legs.try_push(chain.legs.len() as u16 - 1);
            if chain.hits >= king_forms {
                chain.king_lost = true;
                chain.captured.push((c, board[c as usize]));
                board[c as usize] = EMPTY;
            }
            true
        }
        _ => false,
    }
}

/// Ends the chain with the piece stopped on its last contact `c`: lost there if that contact
/// hit the king (it cannot stand on the king's square), otherwise resting on `c`.
fn stop_on(board: &mut [u8; 64], chain: &mut Chain, contact: Class, c: u8, mover: u8) {
    if contact == Class::King {
        chain.piece_lost = true;
    } else {
        chain.rest = c;
        board[c as usize] = mover;
    }
}

/// Whether the first contact at `c`, reached going `d`, lets the piece turn with `sense`.
/// Returns `None` when both sides are blocked (the piece stops on `c`).
pub fn first_turn_options(
    board: &[u8; 64],
    rules: &SonicRules,
    side: Side,
    c: u8,
    d: Dir,
) -> Option<[bool; 2]> {
    let open = |s: Sense| {
        !matches!(
            class(board, rules, side, step(c, d.turned(s).vector())),
            Class::Off | Class::Friend
        )
    };
    let cw = open(Sense::Clockwise);
    let ccw = open(Sense::Counter);
    (cw || ccw).then_some([cw, ccw])
}

/// Simulates a slider's capturing chain from `from` whose first contact is `first` (reached going
/// `d`), turning first with `sense`. `board` is a scratch copy; `king_forms` is how many hits the
/// enemy king can take. The piece is lifted from `from` first (its origin then counts as empty).
pub fn slider_chain(
    board: &mut [u8; 64],
    rules: &SonicRules,
    from: u8,
    first: u8,
    d: Dir,
    sense: Sense,
    king_forms: u8,
) -> Chain {
    let (mover, side) = lift(board, from);
    let mut chain = Chain::default();
    // Loop detector: (contact square, new direction) pairs since the last capture or hit.
    let mut seen = [0u64; 4];
    let mut c = first;
    let mut d = d;
    let mut turn = sense;
    let mut first_contact = true;
    loop {
        chain.legs.push(c);
        let contact = class(board, rules, side, Some(c));
        if make_contact(board, &mut chain, contact, c, king_forms) {
            seen = [0; 4];
        }
        if chain.king_lost {
            chain.rest = c;
            board[c as usize] = mover;
            return chain;
        }
        let blocked = |dir: Dir| {
            matches!(
                class(board, rules, side, step(c, dir.vector())),
                Class::Off | Class::Friend
            )
        };
        let new = d.turned(turn);
        let stop = if first_contact {
            first_contact = false;
            blocked(d.turned(Sense::Clockwise)) && blocked(d.turned(Sense::Counter)) || blocked(new)
        } else {
            blocked(new)
        };
        if stop {
            stop_on(board, &mut chain, contact, c, mover);
            return chain;
        }
        if rules.crooked {
            turn = turn.flipped();
        }
        let pair = c as usize * 4 + new.index as usize;
        if seen[pair / 64] & (1 << (pair % 64)) != 0 {
            chain.endless = true;
            return chain;
        }
        seen[pair / 64] |= 1 << (pair % 64);
        // Travel: pass empty squares; stop before the edge or a friend, or meet the next contact.
        let v = new.vector();
        let mut last = c;
        loop {
            let next = step(last, v);
            match class(board, rules, side, next) {
                Class::Empty => last = next.unwrap_or(last),
                Class::Off | Class::Friend => {
                    chain.legs.push(last);
                    chain.rest = last;
                    board[last as usize] = mover;
                    return chain;
                }
                _ => break,
            }
        }
        match step(last, v) {
            Some(next) => c = next,
            None => return chain, // unreachable: Off was handled above
        }
        d = new;
    }
}

/// Takes the moving piece off `from` for its flight: its code and side.
fn lift(board: &mut [u8; 64], from: u8) -> (u8, Side) {
    let mover = board[from as usize];
    board[from as usize] = EMPTY;
    (mover, colour(mover))
}

/// Simulates a knight's capturing flight from `from` with leap `v` whose first landing square
/// `first` holds an enemy, the enemy king or a spring.
pub fn knight_chain(
    board: &mut [u8; 64],
    rules: &SonicRules,
    from: u8,
    first: u8,
    v: (i8, i8),
    king_forms: u8,
) -> Chain {
    let (mover, side) = lift(board, from);
    let mut chain = Chain::default();
    let mut t = first;
    loop {
        chain.legs.push(t);
        let contact = class(board, rules, side, Some(t));
        make_contact(board, &mut chain, contact, t, king_forms);
        if chain.king_lost {
            chain.rest = t;
            board[t as usize] = mover;
            return chain;
        }
        let u = step(t, v);
        match class(board, rules, side, u) {
            Class::Off | Class::Friend => {
                stop_on(board, &mut chain, contact, t, mover);
                return chain;
            }
            Class::Empty => {
                let u = u.unwrap_or(t);
                chain.legs.push(u);
                chain.rest = u;
                board[u as usize] = mover;
                return chain;
            }
            _ => t = u.unwrap_or(t),
        }
    }
}
