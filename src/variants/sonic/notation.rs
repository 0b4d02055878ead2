//! Move notation (docs/sonic.md §3.9): `[form:]body[promo][~form]`, a body being legs `from to`
//! joined by commas (`d2d6,d6b6,b6b1`), castling written king-takes-own-rook (`e1h1`).
//!
//! In the XBoard dialect the legs of a chain travel as separate simple moves with the mover's null
//! move `@@@@` between them (`d2d6 @@@@ d6b6 @@@@ b6b1`): XBoard's board, its PGN and the other
//! engine stay in sync that way (measured with XBoard 4.9.1; docs/sonic.md, XBoard). A pending
//! choice or form change travels as one mark after the last part (`form_mark`); a promotion with a
//! mark takes a detour (`marked_promotion`).

use super::board::{kind, step, EMPTY, KING};
use super::board::{name, Position, SonicRules, BISHOP, KNIGHT, ROOK};
use super::forms::{bit, from_letter, leaps, letter, KingState, FORM_A, FORM_K, FORM_N};
use super::movegen::{generate, is_chain, run_chain};
use super::moves::{MoveKind, SonicMove};
use crate::game::{Dialect, MoveError, MoveList};

/// The squares a move's legs run through: origin first, then every leg's end.
pub fn path(pos: &Position, rules: &SonicRules, mv: SonicMove) -> Vec<u8> {
    let mut squares = vec![mv.from()];
    if is_chain(pos, rules, mv) {
        let mut probe = pos.clone();
        if let Some(form) = mv.prefix() {
            let state = probe.kings[probe.side.index()].resolve(form);
            probe.kings[probe.side.index()] = state;
        }
        squares.extend(run_chain(&probe, rules, mv).legs);
    } else {
        squares.push(mv.to());
    }
    squares
}

/// The move in `dialect`.
pub fn text(pos: &Position, rules: &SonicRules, mv: SonicMove, dialect: Dialect) -> String {
    match dialect {
        Dialect::XBoard => xboard_text(pos, rules, mv),
        Dialect::Uci | Dialect::Record => uci_text(pos, rules, mv),
    }
}

fn promo_letter(mv: SonicMove) -> Option<char> {
    mv.promo().map(|p| match p {
        KNIGHT => 'n',
        BISHOP => 'b',
        ROOK => 'r',
        _ => 'q',
    })
}

fn join_legs(squares: &[u8], separator: &str) -> String {
    let mut out = String::new();
    for (i, pair) in squares.windows(2).enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        out.push_str(&name(pair[0]));
        out.push_str(&name(pair[1]));
    }
    out
}

/// §3.9 notation: `[form:]legs[promo][~form]`.
fn uci_text(pos: &Position, rules: &SonicRules, mv: SonicMove) -> String {
    let mut out = String::new();
    if let Some(form) = mv.prefix() {
        out.push(letter(form));
        out.push(':');
    }
    out.push_str(&join_legs(&path(pos, rules, mv), ","));
    out.extend(promo_letter(mv));
    if let Some(form) = mv.suffix() {
        out.push('~');
        out.push(letter(form));
    }
    out
}

/// The simple moves XBoard is sent for `mv`, before the form mark. With `merge_hits`, a leg that
/// ends on a king it hits is merged with the next one (XBoard would otherwise take the king off
/// its board), and the final leg of a piece lost on a king is dropped (the piece stays visible on
/// its last square in XBoard; the engines know better). Empty when every leg hit the king and the
/// piece was lost: in XBoard's eyes it never leaves (see `phantom_move`).
fn xboard_parts(
    pos: &Position,
    rules: &SonicRules,
    mv: SonicMove,
    merge_hits: bool,
) -> Vec<(u8, u8)> {
    let squares = path(pos, rules, mv);
    let plain: Vec<(u8, u8)> = squares.windows(2).map(|w| (w[0], w[1])).collect();
    if !merge_hits || !is_chain(pos, rules, mv) {
        return plain;
    }
    let chain = run_chain(pos, rules, mv);
    if chain.hit_legs.is_empty() {
        return plain;
    }
    let last = chain.legs.len() - 1;
    let mut parts = Vec::new();
    let mut start = squares[0];
    for (i, &end) in chain.legs.iter().enumerate() {
        let killing_blow = chain.king_lost && i == last;
        if chain.hit_legs.contains(&(i as u16)) && !killing_blow {
            continue;
        }
        parts.push((start, end));
        start = end;
    }
    parts
}

/// XBoard relays one letter after a move's squares and otherwise drops `~x`/`x:` decorations
/// (measured with XBoard 4.9.1): a form choice travels as a mark on the last part. `=` leaves
/// XBoard's piece unchanged, and so does the moving piece's own letter.
///   pending king: first candidate (order k, n, a) = no mark, second = `=`;
///   form change: to the first other form = `=`, to the second = the piece's own letter.
fn form_mark(pos: &Position, mv: SonicMove) -> Option<char> {
    let us = pos.side.index();
    match (pos.kings[us], mv.prefix(), mv.suffix()) {
        (KingState::Pending { candidates, .. }, Some(form), _) => {
            (form != candidates.trailing_zeros() as u8).then_some('=')
        }
        (KingState::Normal { current, avail }, None, Some(form)) => {
            let others = avail & !bit(current);
            if form == others.trailing_zeros() as u8 {
                Some('=')
            } else {
                // A promotion carries its mark on a part where XBoard still shows the pawn
                // (see `marked_promotion`).
                Some(own_letter(pos, mv.from()))
            }
        }
        _ => None,
    }
}

/// The letter of the piece on `sq`: as a mark it leaves XBoard's piece unchanged.
fn own_letter(pos: &Position, sq: u8) -> char {
    ['p', 'p', 'n', 'b', 'r', 'q', 'k', 'k'][kind(pos.board[sq as usize]) as usize & 7]
}

/// A promotion with a form mark needs two letters after the squares, and XBoard relays one. It
/// travels out and back through the pawn's (now empty) origin square:
/// `d7d8p @@@@ d8d7<mark> @@@@ d7d8q`. Measured with XBoard 4.9.1 (`-xlegal`): `d7d8p` keeps
/// XBoard's pawn (`d7d8=` makes it vanish, so `=` is never sent onto the last rank), the pawn's
/// step back keeps the mark and the piece (straight or diagonal: no en passant removal), and
/// the last part promotes. No complete move starts with a pawn reaching the last rank as a
/// pawn, so every beginning reads as incomplete.
fn marked_promotion(mv: SonicMove, promo: char, mark: char) -> String {
    let (from, to) = (name(mv.from()), name(mv.to()));
    format!("{from}{to}p @@@@ {to}{from}{mark} @@@@ {from}{to}{promo}")
}

fn render_parts(parts: &[(u8, u8)], promo: Option<char>, mark: Option<char>) -> String {
    let mut out = String::new();
    for (i, &(a, b)) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(" @@@@ ");
        }
        out.push_str(&name(a));
        out.push_str(&name(b));
    }
    out.extend(promo);
    out.extend(mark);
    out
}

/// XBoard castles whenever a king moves two files sideways, on any rank and with no castling
/// rights in its FEN (measured: `c4e4` moved a pawn from g4 to d4 on XBoard's board, and the
/// pawn's next move forfeited), so an Alibaba jump like `e1g1` walks there in one-square king
/// steps through empty squares (at most four; the shortest such walk, found breadth-first). When
/// no such walk exists it goes out to an empty square off its rank and back (XBoard accepts any
/// king move there with legality testing off). The squares of the route, `from` first and `to`
/// last; `None` for every other move.
fn sideways_jump_route(pos: &Position, mv: SonicMove) -> Option<Vec<u8>> {
    let (from, to) = (mv.from(), mv.to());
    let rank = from / 8;
    let sideways = mv.kind() == MoveKind::Normal
        && kind(pos.board[from as usize]) == KING
        && to / 8 == rank
        && (from % 8).abs_diff(to % 8) == 2;
    if !sideways {
        return None;
    }
    let between = (from + to) / 2;
    if pos.board[between as usize] == EMPTY {
        return Some(vec![from, between, to]);
    }
    const MAX_STEPS: usize = 4;
    let mut previous = [u8::MAX; 64];
    previous[from as usize] = from;
    let mut frontier = vec![from];
    for _ in 0..MAX_STEPS {
        let mut next = Vec::new();
        for &sq in &frontier {
            for &v in leaps(FORM_K) {
                let Some(t) = step(sq, v) else { continue };
                if previous[t as usize] != u8::MAX {
                    continue;
                }
                previous[t as usize] = sq;
                if t == to {
                    let mut walk = vec![to];
                    let mut at = to;
                    while at != from {
                        at = previous[at as usize];
                        walk.push(at);
                    }
                    walk.reverse();
                    return Some(walk);
                }
                if pos.board[t as usize] == EMPTY {
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    // Walled in (an earlier run forfeited after XBoard castled such a jump over a bishop): the
    // nearest empty square to the middle one, off the rank, so neither part is sideways. A square
    // the king could also jump to in some form comes last: there the marked first step would
    // share its square with a plain move, and a person could only type it (XBoard's mouse gives a
    // square one meaning); elsewhere it is a blue square and XBoard adds the `k` itself.
    let distance = |sq: u8| {
        (sq % 8)
            .abs_diff(between % 8)
            .max((sq / 8).abs_diff(between / 8))
    };
    let king_target = |sq: u8| {
        [FORM_K, FORM_N, FORM_A]
            .iter()
            .any(|&form| leaps(form).iter().any(|&v| step(from, v) == Some(sq)))
    };
    (0..64u8)
        .filter(|&sq| sq / 8 != rank && pos.board[sq as usize] == EMPTY)
        .min_by_key(|&sq| (king_target(sq), distance(sq), sq))
        .map(|via| vec![from, via, to])
}

/// A slider that hits a king with its only leg and is lost there: XBoard must not see it take the
/// king. It is sent sliding to the square before the king, marked with its own letter (a hit move
/// takes no suffix, so that mark is free); XBoard keeps showing it there. `None` when the king is
/// adjacent, for every other move, and when a pending-choice mark is needed too (then
/// `phantom_move`).
fn lone_lost_slide(
    pos: &Position,
    rules: &SonicRules,
    mv: SonicMove,
    mark: Option<char>,
) -> Option<String> {
    if mark.is_some() || !is_chain(pos, rules, mv) {
        return None;
    }
    let chain = run_chain(pos, rules, mv);
    if !(chain.piece_lost && chain.legs.len() == 1) {
        return None;
    }
    let (from, king) = (mv.from(), mv.to());
    let d = super::chains::Dir::between(from, king)?;
    let (df, dr) = d.vector();
    let before = step(king, (-df, -dr))?;
    if before == from {
        return None;
    }
    Some(format!(
        "{}{}{}",
        name(from),
        name(before),
        own_letter(pos, from)
    ))
}

/// Whether one of two XBoard turn texts equals or begins the other at a part boundary.
fn clash(a: &str, b: &str) -> bool {
    a == b || a.starts_with(&format!("{b} ")) || b.starts_with(&format!("{a} "))
}

/// A piece lost on a king that `lone_lost_slide` cannot send (a knight, a slider beside the
/// king, or a move that needs a form mark too): XBoard must not see it take the king, so it goes
/// to an empty square it cannot move to, the nearest one to the king (first by distance, then by
/// square), and XBoard shows it there. With legality testing off XBoard accepts any such move,
/// and a later move onto the phantom simply removes it (measured with XBoard 4.9.1).
fn phantom_move(
    pos: &Position,
    mv: SonicMove,
    mark: Option<char>,
    ambiguous: impl Fn(&str) -> bool,
) -> Option<String> {
    let (from, king) = (mv.from(), mv.to());
    let distance = |sq: u8| (sq % 8).abs_diff(king % 8).max((sq / 8).abs_diff(king / 8));
    let mut squares: Vec<u8> = (0..64)
        .filter(|&sq| sq != from && pos.board[sq as usize] == EMPTY)
        .collect();
    squares.sort_by_key(|&sq| (distance(sq), sq));
    squares.into_iter().find_map(|sq| {
        let mut text = format!("{}{}", name(from), name(sq));
        text.extend(mark);
        (!ambiguous(&text)).then_some(text)
    })
}

/// The XBoard text: legs as simple moves split by the mover's null move `@@@@`, hits merged away
/// unless that would make the text ambiguous among the legal moves, and the form mark.
fn xboard_text(pos: &Position, rules: &SonicRules, mv: SonicMove) -> String {
    let mark = form_mark(pos, mv);
    let promo = promo_letter(mv);
    if let (Some(promo), Some(mark)) = (promo, mark) {
        return marked_promotion(mv, promo, mark);
    }
    if let Some(walk) = sideways_jump_route(pos, mv) {
        // `k` (the king's own letter) marks the first step: no complete move starts that way.
        let parts: Vec<String> = walk
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                let mark = if i == 0 { "k" } else { "" };
                format!("{}{}{mark}", name(w[0]), name(w[1]))
            })
            .collect();
        let mut out = parts.join(" @@@@ ");
        out.extend(mark);
        return out;
    }
    let plain = render_parts(&xboard_parts(pos, rules, mv, false), promo, mark);
    let merged_parts = xboard_parts(pos, rules, mv, true);
    let lone = lone_lost_slide(pos, rules, mv, mark);
    let merged = render_parts(&merged_parts, promo, mark);
    if !merged_parts.is_empty() && merged == plain {
        return plain;
    }
    let mut moves = MoveList::new();
    generate(pos, rules, false, &mut moves);
    let ambiguous = |text: &str| {
        moves.iter().filter(|&&o| o != mv).any(|&o| {
            let (o_mark, o_promo) = (form_mark(pos, o), promo_letter(o));
            let o_merged = xboard_parts(pos, rules, o, true);
            clash(
                text,
                &render_parts(&xboard_parts(pos, rules, o, false), o_promo, o_mark),
            ) || !o_merged.is_empty() && clash(text, &render_parts(&o_merged, o_promo, o_mark))
                || lone_lost_slide(pos, rules, o, o_mark).is_some_and(|t| clash(text, &t))
        })
    };
    if merged_parts.is_empty() {
        // Lost on the king with its only legs: never shown taking the king if avoidable.
        if let Some(text) = lone.filter(|t| !ambiguous(t)) {
            return text;
        }
        return phantom_move(pos, mv, mark, ambiguous).unwrap_or(plain);
    }
    if !ambiguous(&merged) {
        return merged;
    }
    // A merged hit that reads like another move (`g3h2,h2g1` = `g3g1`, also a quiet queen move)
    // takes the mover's own letter: a hit move has no suffix, so the letter is free.
    if mark.is_none() && promo.is_none() {
        let marked = format!("{merged}{}", own_letter(pos, mv.from()));
        if !ambiguous(&marked) {
            return marked;
        }
    }
    plain
}

/// Whether `text` has the shape of a move (so that an unknown one is illegal, not unparsable).
fn well_formed(text: &str) -> bool {
    let mut s = text;
    if s.len() > 2 && s.as_bytes()[1] == b':' {
        if from_letter(s.as_bytes()[0] as char).is_none() {
            return false;
        }
        s = &s[2..];
    }
    if let Some((body, form)) = s.rsplit_once('~') {
        if form.len() != 1 || from_letter(form.as_bytes()[0] as char).is_none() {
            return false;
        }
        s = body;
    }
    if matches!(s, "o-o" | "o-o-o" | "0-0" | "0-0-0") {
        return true;
    }
    // XBoard parts: a turn in progress may end with the separator itself.
    let s = s.strip_suffix(" @@@@").unwrap_or(s);
    let parts: Vec<&str> = s.split(" @@@@ ").collect();
    let last = parts.len() - 1;
    parts.iter().enumerate().all(|(i, part)| {
        // Every XBoard part may carry one letter (promotion, form mark, or the marks of
        // `sideways_jump_route` and `marked_promotion`); the last one a promotion and a mark.
        let mut p = part
            .strip_suffix(['q', 'r', 'b', 'n', 'p', 'k', '='])
            .unwrap_or(part);
        if i == last {
            p = p.strip_suffix(['q', 'r', 'b', 'n']).unwrap_or(p);
        }
        p.split(',').all(|leg| {
            let b = leg.as_bytes();
            b.len() == 4
                && (b'a'..=b'h').contains(&b[0])
                && (b'1'..=b'8').contains(&b[1])
                && (b'a'..=b'h').contains(&b[2])
                && (b'1'..=b'8').contains(&b[3])
        })
    })
}

/// Rewrites the castling spellings `O-O`, `O-O-O` and (king not in Alibaba form) `e1g1`/`e1c1`
/// into king-takes-rook, keeping any prefix.
fn castling_alias(pos: &Position, text: &str) -> Option<String> {
    let (prefix, body) = match text.split_once(':') {
        Some((p, b)) => (format!("{p}:"), b),
        None => (String::new(), text),
    };
    let (king, rank) = match pos.side {
        crate::game::Side::White => ("e1", "1"),
        crate::game::Side::Black => ("e8", "8"),
    };
    let kingside = match body {
        "o-o" | "0-0" => true,
        "o-o-o" | "0-0-0" => false,
        _ => {
            let form = match prefix.chars().next() {
                Some(c) => from_letter(c)?,
                None => match pos.kings[pos.side.index()] {
                    super::forms::KingState::Normal { current, .. } => current,
                    _ => return None,
                },
            };
            if form == FORM_A || !body.starts_with(king) {
                return None;
            }
            match &body[2..] {
                b if b == format!("g{rank}") => true,
                b if b == format!("c{rank}") => false,
                _ => return None,
            }
        }
    };
    let rook = if kingside { "h" } else { "a" };
    Some(format!("{prefix}{king}{rook}{rank}"))
}

/// Reads a move and checks it is legal here.
pub fn parse(
    pos: &Position,
    rules: &SonicRules,
    input: &str,
    dialect: Dialect,
) -> Result<SonicMove, MoveError> {
    let text: String = input.trim().to_ascii_lowercase();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() || !well_formed(&text) {
        return Err(MoveError::Unparsable(input.to_string()));
    }
    let mut moves = MoveList::new();
    generate(pos, rules, false, &mut moves);
    let alias = castling_alias(pos, &text);
    let mut incomplete = false;
    for &mv in &moves {
        let candidate = super::notation::text(pos, rules, mv, dialect);
        if candidate == text
            || mv.kind() == MoveKind::Castle && alias.as_deref() == Some(candidate.as_str())
        {
            return Ok(mv);
        }
        if dialect == Dialect::XBoard && candidate.starts_with(&format!("{text} ")) {
            incomplete = true;
        }
    }
    if incomplete {
        return Err(MoveError::Incomplete);
    }
    if pos.king_lost().is_some() {
        return Err(MoveError::GameOver);
    }
    Err(MoveError::Illegal(input.to_string()))
}
