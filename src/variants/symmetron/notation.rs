//! Move text. §1.6 notation for `Uci` and `Record`; for `XBoard` every turn becomes from-to
//! moves XBoard can relay (launching squares are l1/l10, i.e. `l0`/`l9` in its 0-based ranks):
//! in-place changes go out to an empty square and back with the mover's null move `@@@@`
//! between, approach captures go onto the victim and back, explosions capture the partner and
//! park the mover on an inaccessible l-file square, and a retrieval is a drop on the mover's LS
//! from the holdings XBoard fills with every captured piece.

use super::board::*;
use super::make::{changed, direction, flipped, victim_square};
use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::game::{Dialect, MoveError, MoveList, Side};
use crate::mailbox::{file_of, rank_of, square, square_name, Sq};
use crate::turn::{steps_from_text, Step};

/// XBoard's piece-to-char table for this game (see `xboard_setup`): our letters in the slots of
/// XBoard's piece types, white half then black half.
pub const XBOARD_PIECES: &str = ".NBR...ACP..H...DV..UK.nbr...acp..h...dv..uk";

/// XBoard's name of the holdings square where it keeps `side`'s captured pieces with this
/// letter: White's holdings are the column right of the board (`n`, past the l-file and a gap),
/// Black's the column left of it (XBoard names it `_`); each used piece type has a row, counted
/// from White's side in the order of the table (measured: a retrieved Pawn was dragged from
/// `n5` onto l1).
fn xboard_holdings(letter: char, side: Side) -> Option<String> {
    let slot = XBOARD_PIECES[..XBOARD_PIECES.len() / 2]
        .chars()
        .take_while(|&c| c != letter.to_ascii_uppercase())
        .filter(|&c| c != '.')
        .count();
    (slot < 9 && XBOARD_PIECES.contains(letter.to_ascii_uppercase())).then(|| match side {
        Side::White => format!("n{slot}"),
        Side::Black => format!("_{}", RANKS - 1 - slot),
    })
}

/// Name of an Arena square (`e5`; XBoard: `e4`).
pub fn square_text(sq: Sq, dialect: Dialect) -> String {
    let base = if dialect == Dialect::XBoard { 0 } else { 1 };
    square_name(file_of(sq), rank_of(sq), base)
}

/// XBoard's name of a launching square: l1 / l10 in 0-based ranks.
fn xboard_ls(side: Side) -> String {
    match side {
        Side::White => "l0".into(),
        Side::Black => "l9".into(),
    }
}

/// XBoard name of a cell (Arena square or LS).
fn xb(sq: Sq) -> String {
    if sq == ls_square(Side::White) {
        xboard_ls(Side::White)
    } else if sq == ls_square(Side::Black) {
        xboard_ls(Side::Black)
    } else {
        square_text(sq, Dialect::XBoard)
    }
}

fn lower_letter(p: Piece) -> char {
    LETTERS[kind(p) as usize].to_ascii_lowercase()
}

impl Position {
    /// §1.6 text of a move (also the `Record` form).
    pub fn uci_text(&self, mv: Move) -> String {
        let s = |sq| square_text(sq, Dialect::Uci);
        match mv.kind {
            MoveKind::Normal => format!("{}{}", s(mv.from), s(mv.to)),
            MoveKind::NormalFlip => format!("{}{}~", s(mv.from), s(mv.to)),
            MoveKind::Approach => format!("{}{}x", s(mv.from), s(mv.to)),
            MoveKind::FlipInPlace => format!("{}~", s(mv.from)),
            MoveKind::Change => {
                let target = changed(self.at(mv.from));
                format!("{}={}", s(mv.from), LETTERS[kind(target) as usize])
            }
            MoveKind::ToLs => format!("{}@", s(mv.from)),
            MoveKind::Drop => format!("@{}", s(mv.to)),
            MoveKind::DropFlip => format!("@{}~", s(mv.to)),
            MoveKind::Explode => format!("{}*{}", s(mv.from), s(mv.to)),
        }
    }

    /// The empty Arena square an in-place change travels through in XBoard: the first empty
    /// square in a fixed order around the piece that the piece cannot move to, so that a person
    /// dragging it there (led by the marks) can only mean "the turn continues"; failing that the
    /// first empty square in that order (the Arena always has one).
    fn via_square(&self, sq: Sq) -> Sq {
        let mut moves = MoveList::new();
        self.pseudo_moves(&mut moves, super::movegen::Wanted::All);
        let reachable = |t: Sq| moves.iter().any(|m| m.from == sq && m.to == t);
        let near_first: Vec<Sq> = KING_STEPS
            .iter()
            .map(|&d| (sq as isize + d) as Sq)
            .chain(ARENA.iter().copied())
            .filter(|&t| self.at(t) == EMPTY)
            .collect();
        near_first
            .iter()
            .copied()
            .find(|&t| !reachable(t))
            .or(near_first.first().copied())
            .unwrap_or(sq)
    }

    /// XBoard parts of a move, space-separated.
    pub fn xboard_text(&self, mv: Move) -> String {
        let us = self.side;
        let mover = self.at(mv.from);
        let mut parts: Vec<String> = match mv.kind {
            // XBoard may hold a retrieved Canon as `V` on the LS (see below): a Can(n)on
            // entering from the LS always names its state.
            MoveKind::Drop if kind(mover) == CANNON => {
                vec![format!(
                    "{}{}{}",
                    xb(mv.from),
                    xb(mv.to),
                    lower_letter(mover)
                )]
            }
            MoveKind::Normal | MoveKind::ToLs | MoveKind::Drop => {
                vec![format!("{}{}", xb(mv.from), xb(mv.to))]
            }
            MoveKind::NormalFlip | MoveKind::DropFlip => {
                vec![format!(
                    "{}{}{}",
                    xb(mv.from),
                    xb(mv.to),
                    lower_letter(flipped(mover))
                )]
            }
            MoveKind::FlipInPlace | MoveKind::Change => {
                let via = self.via_square(mv.from);
                let after = if mv.kind == MoveKind::FlipInPlace {
                    flipped(mover)
                } else {
                    changed(mover)
                };
                vec![
                    format!("{}{}{}", xb(mv.from), xb(via), lower_letter(mover)),
                    "@@@@".into(),
                    format!("{}{}{}", xb(via), xb(mv.from), lower_letter(after)),
                ]
            }
            MoveKind::Approach => {
                let v = (mv.to as isize + direction(mv.from, mv.to)) as Sq;
                vec![
                    format!("{}{}", xb(mv.from), xb(v)),
                    "@@@@".into(),
                    format!("{}{}", xb(v), xb(mv.to)),
                ]
            }
            MoveKind::Explode => {
                // Park the exploded mover on the inaccessible l-file square of the partner's
                // rank (l2..l9 only: l1/l10 are the launching squares).
                let park = square(FILES, rank_of(mv.to).clamp(1, RANKS - 2));
                vec![
                    format!("{}{}", xb(mv.from), xb(mv.to)),
                    "@@@@".into(),
                    format!(
                        "{}{}",
                        xb(mv.to),
                        square_name(file_of(park), rank_of(park), 0)
                    ),
                ]
            }
        };
        if let Some(v) = victim_square(mv) {
            let victim = self.at(v);
            if victim != EMPTY && self.retrieves(v, victim) {
                // XBoard put the victim in the mover's holdings under the same letter (a Canon
                // stays `V` there): drop exactly that.
                parts.push("@@@@".into());
                parts.push(format!(
                    "{}@{}",
                    LETTERS[kind(victim) as usize],
                    xboard_ls(us)
                ));
            }
        }
        parts.join(" ")
    }

    /// Whether capturing `victim` on `v` now sends it to the mover's LS (§5.1).
    pub fn retrieves(&self, v: Sq, victim: Piece) -> bool {
        let us = self.side;
        is_retrievable_kind(kind(victim))
            && self.at(ls_square(us)) == EMPTY
            && near(v, self.magic[us.index()][magic_index(RESURRECTOR)])
    }

    pub fn move_text(&self, mv: Move, dialect: Dialect) -> String {
        match dialect {
            Dialect::Uci | Dialect::Record => self.uci_text(mv),
            Dialect::XBoard => self.xboard_text(mv),
        }
    }

    /// How a person enters `mv` in §1.6 terms: the launching squares are cells of their own
    /// (`l1` = WLS, `l10` = BLS, beside the Arena as XBoard draws them), an in-place change is a
    /// step onto the piece's own square, an explosion a step onto the partner marked `*`.
    pub fn turn_steps(&self, mv: Move, dialect: Dialect) -> Vec<Step> {
        if dialect == Dialect::XBoard {
            // A retrieved piece is dragged from XBoard's holdings onto the launching square.
            let mut steps = steps_from_text(&self.xboard_text(mv), dialect);
            for step in &mut steps {
                if let (None, Some(letter)) = (&step.from, step.choice.as_deref()) {
                    let letter = letter.chars().next().unwrap_or('.');
                    if let Some(square) = xboard_holdings(letter, self.side) {
                        step.from = Some(square);
                        step.choice = None;
                    }
                }
            }
            return steps;
        }
        let cell = |sq: Sq| {
            if sq == ls_square(Side::White) {
                "l1".to_string()
            } else if sq == ls_square(Side::Black) {
                "l10".to_string()
            } else {
                square_text(sq, dialect)
            }
        };
        let (from, to) = (cell(mv.from), cell(mv.to));
        let choice = match mv.kind {
            MoveKind::Normal | MoveKind::ToLs | MoveKind::Drop => None,
            MoveKind::NormalFlip | MoveKind::DropFlip | MoveKind::FlipInPlace => Some("~".into()),
            MoveKind::Approach => Some("x".into()),
            MoveKind::Change => Some(format!(
                "={}",
                LETTERS[kind(changed(self.at(mv.from))) as usize]
            )),
            MoveKind::Explode => Some("*".into()),
        };
        vec![Step {
            from: Some(from),
            to: Some(to),
            choice,
        }]
    }

    /// Parses move text and checks legality against the legal move list.
    pub fn parse(&mut self, text: &str, dialect: Dialect) -> Result<Move, MoveError> {
        let text = text.trim();
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal, super::movegen::Wanted::All);
        match dialect {
            Dialect::Uci | Dialect::Record => {
                if let Some(&m) = legal.iter().find(|&&m| self.uci_text(m) == text) {
                    return Ok(m);
                }
                if well_formed(text) {
                    Err(MoveError::Illegal(text.to_string()))
                } else {
                    Err(MoveError::Unparsable(text.to_string()))
                }
            }
            Dialect::XBoard => self.parse_xboard(text, &legal),
        }
    }

    fn parse_xboard(&self, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        let given: Vec<String> = text
            .split_whitespace()
            .map(|t| t.to_ascii_lowercase())
            .collect();
        if given.is_empty() {
            return Err(MoveError::Unparsable(text.to_string()));
        }
        let mut prefix = false;
        for &m in legal {
            let mut expected: Vec<String> = self
                .xboard_text(m)
                .split_whitespace()
                .map(|t| t.to_ascii_lowercase())
                .collect();
            // An in-place change may travel through any empty square the sender chose.
            if matches!(m.kind, MoveKind::FlipInPlace | MoveKind::Change) && given[0].len() > 3 {
                if let Some(via) = self.given_via(m, &given[0]) {
                    let mover = self.at(m.from);
                    let after = if m.kind == MoveKind::FlipInPlace {
                        flipped(mover)
                    } else {
                        changed(mover)
                    };
                    expected[0] = format!("{}{}{}", xb(m.from), xb(via), lower_letter(mover));
                    expected[2] = format!("{}{}{}", xb(via), xb(m.from), lower_letter(after));
                }
            }
            if expected == given {
                return Ok(m);
            }
            if given.len() < expected.len() && expected[..given.len()] == given[..] {
                prefix = true;
            }
        }
        if prefix {
            Err(MoveError::Incomplete)
        } else {
            Err(MoveError::Illegal(text.to_string()))
        }
    }

    /// The via square named in `first` (`b0c0c`) if it is an empty Arena square.
    fn given_via(&self, m: Move, first: &str) -> Option<Sq> {
        let rest = first.strip_prefix(&xb(m.from))?;
        let (f, r, _) = crate::mailbox::parse_coords(rest, 0)?;
        if f >= FILES || r >= RANKS {
            return None;
        }
        let sq = square(f, r);
        (self.at(sq) == EMPTY).then_some(sq)
    }
}

/// Whether `text` has the shape of a §1.6 move (so that a refusal says "illegal", not
/// "unparsable").
fn well_formed(text: &str) -> bool {
    let sq = |t: &str| -> Option<usize> {
        let b = t.as_bytes();
        if b.is_empty() || !(b'a'..=b'k').contains(&b[0]) {
            return None;
        }
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let n: usize = t.get(1..1 + digits)?.parse().ok()?;
        ((1..=10).contains(&n)).then_some(1 + digits)
    };
    if let Some(rest) = text.strip_prefix('@') {
        return sq(rest).is_some_and(|n| matches!(&rest[n..], "" | "~"));
    }
    let Some(n) = sq(text) else {
        return false;
    };
    let rest = &text[n..];
    if matches!(rest, "~" | "@" | "=B" | "=P") {
        return true;
    }
    let rest = rest.strip_prefix('*').unwrap_or(rest);
    sq(rest).is_some_and(|m| matches!(&rest[m..], "" | "~" | "x"))
}
