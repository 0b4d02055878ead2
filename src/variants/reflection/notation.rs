//! Turn notation of §1.8 (`d2d4,d7d5`, `c4b4`, `a5a4q,a10a11q`, castling as the king
//! components) and its XBoard form: the components as separate protocol moves with the mover's
//! null move between them (`d2d4 @@@@ d7d5`), because XBoard has no two-piece move.

use super::board::{Board, Turn};
use super::layout::{offset, step, Layout};
use super::piece::*;
use crate::game::{Dialect, MoveError, Side};
use crate::mailbox::Sq;

/// The null move XBoard books as the opponent's ply between two components.
pub const XBOARD_NULL: &str = "@@@@";

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
/// mini array), since XBoard would otherwise leave the pawns unswapped on its board.
pub fn xboard_components(layout: &Layout, board: &Board, side: Side, turn: Turn) -> Vec<Component> {
    let mut comps = components(layout, side, turn);
    if turn.is_pair() && turn.promo == 0 && !layout.two_board && comps.len() == 2 {
        let kind = kind_of(board.at(comps[0].0));
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
        Dialect::XBoard => parts.join(&format!(" {XBOARD_NULL} ")),
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

/// What the text says: the components, and whether it stops after a first XBoard component
/// (`d2d4` or `d2d4 @@@@`), waiting for the second.
pub struct Parsed {
    pub comps: Vec<Component>,
    /// One component only, and the XBoard text may still continue.
    pub open: bool,
    /// The text ended with the null move: only a pair can follow.
    pub awaits_second: bool,
}

pub fn parse(layout: &Layout, text: &str, dialect: Dialect) -> Result<Parsed, MoveError> {
    let text = text.trim();
    let pieces: Vec<&str> = match dialect {
        Dialect::XBoard if !text.contains(',') => {
            let tokens: Vec<&str> = text.split_whitespace().collect();
            match tokens.as_slice() {
                [a] => vec![*a],
                [a, n] if *n == XBOARD_NULL => {
                    return Ok(Parsed {
                        comps: vec![parse_component(layout, a)?],
                        open: true,
                        awaits_second: true,
                    })
                }
                [a, n, b] if *n == XBOARD_NULL => vec![*a, *b],
                _ => return Err(MoveError::Unparsable(text.to_string())),
            }
        }
        _ => text.split(',').collect(),
    };
    if pieces.is_empty() || pieces.len() > 2 {
        return Err(MoveError::Unparsable(text.to_string()));
    }
    let comps = pieces
        .iter()
        .map(|p| parse_component(layout, p.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    if comps.len() == 2 && comps[0].2 != comps[1].2 {
        return Err(MoveError::Illegal(format!(
            "{text}: both components of a promoting pair name the same piece"
        )));
    }
    Ok(Parsed {
        open: dialect == Dialect::XBoard && comps.len() == 1,
        awaits_second: false,
        comps,
    })
}
