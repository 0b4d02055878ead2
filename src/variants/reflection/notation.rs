//! Turn notation of §1.8 (`d2d4,d7d5`, `c4b4`, `a5a4q,a10a11q`, castling as the king
//! components) and its XBoard form: the components as separate protocol moves with the mover's
//! null move between them (`d2d4 @@@@ d7d5`), because XBoard has no two-piece move.

use super::board::{Board, Turn};
use super::layout::{offset, step, Layout};
use super::piece::*;
use crate::game::{Dialect, MoveError, Side, XBOARD_NULL_MOVE};
use crate::mailbox::Sq;

/// One component: origin, destination, promotion kind (0 for none).
pub type Component = (Sq, Sq, u8);

fn promo_letter(kind: u8) -> &'static str {
    match kind {
        QUEEN => "q",
        ROOK => "r",
        BISHOP => "b",
        KNIGHT => "n",
        _ => "",
    }
}

/// The components in canonical order: lower origin rank first, ties lower file first (cell order
/// is exactly that order).
pub fn components(layout: &Layout, side: Side, turn: Turn) -> Vec<Component> {
    let mut comps: Vec<Component> = turn
        .components(layout, side)
        .iter()
        .map(|&(f, t, _)| (f, t, turn.promo))
        .collect();
    comps.sort_unstable();
    comps
}

fn component_text(layout: &Layout, c: Component) -> String {
    format!(
        "{}{}{}",
        layout.name_of(c.0),
        layout.name_of(c.1),
        promo_letter(c.2)
    )
}

/// The components as XBoard must see them to draw the right position: a pawn pair that swaps
/// (§1.6.5) is shown with its post-swap destinations (`c2c5 @@@@ c7c4` for `c2c4,c7c5` in the
/// mini array), since XBoard would otherwise leave the pawns unswapped on its board; a castling
/// along a file carries its rook moves as further parts (`a7a5 @@@@ n7n5 @@@@ a4a6 @@@@ n4n6`).
pub fn xboard_components(layout: &Layout, board: &Board, side: Side, turn: Turn) -> Vec<Component> {
    let mut comps = components(layout, side, turn);
    if is_file_castling(turn) {
        // XBoard moves no rook for a king stepping along a file: the rook moves travel as parts.
        let rooks: Vec<Component> = comps
            .iter()
            .filter_map(|&(from, to, _)| layout.castling(side, from, to))
            .map(|c| (c.rook_from, c.rook_to, 0))
            .collect();
        comps.extend(rooks);
        return comps;
    }
    if turn.is_pair() && turn.promo == 0 && !layout.two_board && comps.len() == 2 {
        let kind = kind(board.at(comps[0].0));
        if is_pawn(kind) {
            let (df, dr) = pawn_forward(kind);
            if offset(comps[0].1, step(df, dr)) == comps[1].1 {
                let (a, b) = (comps[0].1, comps[1].1);
                comps[0].1 = b;
                comps[1].1 = a;
            }
        }
    }
    comps
}

/// A castling whose king moves along a file (Black's castlings on the 14 and 12 boards).
pub fn is_file_castling(turn: Turn) -> bool {
    turn.flags & super::board::CASTLE != 0
        && crate::mailbox::file_of(turn.from) == crate::mailbox::file_of(turn.to)
}

pub fn text(layout: &Layout, board: &Board, side: Side, turn: Turn, dialect: Dialect) -> String {
    let comps = match dialect {
        Dialect::XBoard => xboard_components(layout, board, side, turn),
        Dialect::Uci | Dialect::Record => components(layout, side, turn),
    };
    let parts: Vec<String> = comps
        .into_iter()
        .map(|c| component_text(layout, c))
        .collect();
    match dialect {
        Dialect::XBoard => parts.join(&format!(" {XBOARD_NULL_MOVE} ")),
        Dialect::Uci | Dialect::Record => parts.join(","),
    }
}

fn parse_component(layout: &Layout, text: &str) -> Result<Component, MoveError> {
    let bad = || MoveError::Unparsable(text.to_string());
    let (from, rest) = layout
        .geometry
        .parse_square(text, Dialect::Uci)
        .ok_or_else(bad)?;
    let (to, rest) = layout
        .geometry
        .parse_square(rest, Dialect::Uci)
        .ok_or_else(bad)?;
    let promo = match rest {
        "" => 0,
        "q" | "Q" => QUEEN,
        "r" | "R" => ROOK,
        "b" | "B" => BISHOP,
        "n" | "N" => KNIGHT,
        _ => return Err(bad()),
    };
    Ok((from, to, promo))
}

/// What the text says: the components, and (XBoard) whether more parts may follow.
pub struct Parsed {
    pub comps: Vec<Component>,
    /// XBoard text in parts: it may be the beginning of a turn. A comma text is a whole turn
    /// written as UCI writes it, in either dialect.
    pub open: bool,
    /// The text ended with the null move: more parts must follow.
    pub awaits_more: bool,
}

/// XBoard parts are components separated by the null move; at most four components (a castling
/// along a file with its two rook moves).
const MAX_XBOARD_COMPONENTS: usize = 4;

pub fn parse(layout: &Layout, text: &str, dialect: Dialect) -> Result<Parsed, MoveError> {
    let text = text.trim();
    let unparsable = || MoveError::Unparsable(text.to_string());
    let mut awaits_more = false;
    let pieces: Vec<&str> = match dialect {
        Dialect::XBoard if !text.contains(',') => {
            let tokens: Vec<&str> = text.split_whitespace().collect();
            let mut pieces = Vec::new();
            for (i, token) in tokens.iter().enumerate() {
                let is_null = *token == XBOARD_NULL_MOVE;
                if is_null != (i % 2 == 1) {
                    return Err(unparsable());
                }
                if !is_null {
                    pieces.push(*token);
                }
            }
            awaits_more = tokens.len().is_multiple_of(2);
            if pieces.len() > MAX_XBOARD_COMPONENTS {
                return Err(unparsable());
            }
            pieces
        }
        _ => {
            let pieces: Vec<&str> = text.split(',').collect();
            if pieces.len() > 2 {
                return Err(unparsable());
            }
            pieces
        }
    };
    if pieces.is_empty() {
        return Err(unparsable());
    }
    let comps = pieces
        .iter()
        .map(|p| parse_component(layout, p.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    if comps.iter().any(|c| c.2 != comps[0].2) {
        return Err(MoveError::Illegal(format!(
            "{text}: both components of a promoting pair name the same piece"
        )));
    }
    Ok(Parsed {
        open: dialect == Dialect::XBoard && !text.contains(','),
        awaits_more,
        comps,
    })
}
