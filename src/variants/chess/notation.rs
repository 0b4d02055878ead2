//! Move text: UCI coordinates (`e2e4`, `e7e8q`) for UCI, XBoard and the command line; SAN for
//! game records (PGN). Parsing always ends in a legal move or an error.

use super::fen::piece_char;
use super::position::*;
use crate::game::{Dialect, MoveError, MoveList, Rules};
use crate::mailbox::{self, Sq};

fn square_text(s: Sq) -> String {
    mailbox::square_name(mailbox::file_of(s), mailbox::rank_of(s), 1)
}

fn promotion_char(kind: u8) -> char {
    b" pnbrqk"[kind as usize] as char
}

pub fn coordinate(mv: ChessMove) -> String {
    let mut s = format!("{}{}", square_text(mv.from), square_text(mv.to));
    if mv.promotion != 0 {
        s.push(promotion_char(mv.promotion));
    }
    s
}

pub fn text(pos: &Chess, mv: ChessMove, dialect: Dialect) -> String {
    match dialect {
        Dialect::Uci | Dialect::XBoard => coordinate(mv),
        Dialect::Record => san(pos, mv),
    }
}

/// Standard algebraic notation with check (`+`) and mate (`#`) marks.
pub fn san(pos: &Chess, mv: ChessMove) -> String {
    let piece = pos.board[mv.from as usize];
    let mut out = if mv.kind == MoveKind::Castle {
        if mv.to > mv.from {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        }
    } else if kind(piece) == PAWN {
        let mut s = String::new();
        if mailbox::file_of(mv.from) != mailbox::file_of(mv.to) {
            s.push((b'a' + mailbox::file_of(mv.from) as u8) as char);
            s.push('x');
        }
        s.push_str(&square_text(mv.to));
        if mv.promotion != 0 {
            s.push('=');
            s.push(promotion_char(mv.promotion).to_ascii_uppercase());
        }
        s
    } else {
        let mut s = String::new();
        s.push(piece_char(piece).to_ascii_uppercase());
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        let rivals: Vec<&ChessMove> = moves
            .iter()
            .filter(|m| m.to == mv.to && m.from != mv.from && pos.board[m.from as usize] == piece)
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals
                .iter()
                .any(|m| mailbox::file_of(m.from) == mailbox::file_of(mv.from));
            let same_rank = rivals
                .iter()
                .any(|m| mailbox::rank_of(m.from) == mailbox::rank_of(mv.from));
            if !same_file {
                s.push((b'a' + mailbox::file_of(mv.from) as u8) as char);
            } else if !same_rank {
                s.push_str(&(mailbox::rank_of(mv.from) + 1).to_string());
            } else {
                s.push_str(&square_text(mv.from));
            }
        }
        if pos.board[mv.to as usize] != EMPTY {
            s.push('x');
        }
        s.push_str(&square_text(mv.to));
        s
    };
    let mut after = pos.clone();
    after.make(mv);
    if after.in_check() {
        out.push(if after.has_legal_move() { '+' } else { '#' });
    }
    out
}

pub fn parse(pos: &Chess, text: &str, dialect: Dialect) -> Result<ChessMove, MoveError> {
    let text = text.trim();
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    if let Some(mv) = parse_coordinate(text) {
        return moves
            .iter()
            .copied()
            .find(|m| m.from == mv.0 && m.to == mv.1 && m.promotion == mv.2)
            .ok_or_else(|| MoveError::Illegal(text.to_string()));
    }
    if dialect == Dialect::Record {
        let wanted = strip_marks(text).replace('0', "O");
        if let Some(m) = moves
            .iter()
            .copied()
            .find(|&m| strip_marks(&san(pos, m)) == wanted)
        {
            return Ok(m);
        }
        // SAN that names a square but matches no legal move is an illegal move, not garbage.
        if wanted.len() >= 2 && wanted.chars().any(|c| c.is_ascii_digit()) {
            return Err(MoveError::Illegal(text.to_string()));
        }
    }
    Err(MoveError::Unparsable(text.to_string()))
}

fn strip_marks(s: &str) -> String {
    s.trim_end_matches(['+', '#', '!', '?']).to_string()
}

/// `e2e4` / `e7e8q` on an 8x8 board: (from, to, promotion kind).
fn parse_coordinate(text: &str) -> Option<(Sq, Sq, u8)> {
    let (f1, r1, rest) = mailbox::parse_coords(text, 1)?;
    let (f2, r2, rest) = mailbox::parse_coords(rest, 1)?;
    if f1 >= 8 || r1 >= 8 || f2 >= 8 || r2 >= 8 {
        return None;
    }
    let promotion = match rest {
        "" => 0,
        "q" | "Q" => QUEEN,
        "r" | "R" => ROOK,
        "b" | "B" => BISHOP,
        "n" | "N" => KNIGHT,
        _ => return None,
    };
    Some((sq(f1, r1), sq(f2, r2), promotion))
}
