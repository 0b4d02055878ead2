//! Turns built by a person, part by part: what XBoard's highlights and the browser board ask.
//!
//! A program sends a whole turn; a person picks up a piece, puts it down, maybe continues (a Sonic
//! chain's next leg, a Reflection pair's mirror part, a choice such as a promotion). Each game says
//! how a person enters each of its legal turns — as [`Step`]s, in every order it accepts
//! (`presentation::Presentation::turn_steps`) — and the options at any point are found by filtering
//! the legal turns by the steps entered so far (`presentation::turn_options`): simple, and exact by
//! construction. This file holds the steps' words and text; nothing here knows a game.

use crate::game::Dialect;

/// One part of a turn as a person enters it. Square names are in the dialect asked for.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Step {
    /// Where the piece is picked up; `None` when nothing is picked up from the board: a piece
    /// entering from outside it (`to` set), or a choice made before any piece moves (`to` unset,
    /// e.g. a Sonic king's pending form).
    pub from: Option<String>,
    /// Where the piece is put; equal to `from` for a change in place (a flip, a type change).
    pub to: Option<String>,
    /// What the person picks besides the squares (a promotion piece, a king form, a flip…), in the
    /// game's own notation for that dialect; `None` when the squares say everything.
    pub choice: Option<String>,
}

impl Step {
    pub fn new(from: &str, to: &str, choice: Option<&str>) -> Step {
        Step {
            from: Some(from.to_string()),
            to: Some(to.to_string()),
            choice: choice.map(str::to_string),
        }
    }

    /// The same step without its choice: what a person has entered once both squares are chosen
    /// but the picker is still open.
    pub fn squares(&self) -> Step {
        Step {
            choice: None,
            ..self.clone()
        }
    }
}

/// Where a turn being built stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnOptions {
    /// The whole turn the entered steps make, if they make one, as move text in the dialect asked
    /// for: the person may end the turn here (it may also go on, see `next`).
    pub complete: Option<String>,
    /// Every distinct step that may come next, each continuing at least one legal turn. Empty with
    /// `complete` unset means the steps entered so far begin no legal turn.
    pub next: Vec<Step>,
}

impl TurnOptions {
    /// The steps entered so far begin (or are) a legal turn.
    pub fn is_valid(&self) -> bool {
        self.complete.is_some() || !self.next.is_empty()
    }

    /// The squares a piece picked up on `from` may be put on next (choices merged), sorted.
    pub fn targets_from(&self, from: &str) -> Vec<String> {
        let mut targets: Vec<String> = self
            .next
            .iter()
            .filter(|s| s.from.as_deref() == Some(from))
            .filter_map(|s| s.to.clone())
            .collect();
        targets.sort();
        targets.dedup();
        targets
    }
}

/// What a person does next in an unfinished turn, in the terms a hint to them uses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Continuation {
    /// The piece just moved goes on from this square (a chain's next leg, the way back of a
    /// change in place).
    SamePiece(String),
    /// The piece on this square moves next (a pair's partner).
    OtherPiece(String),
    /// Several pieces, a piece from outside the board, or a choice: the marks tell.
    Other,
}

impl TurnOptions {
    /// What comes next after `entered`; `None` when the turn may end here or nothing can follow.
    pub fn continuation(&self, entered: &[Step]) -> Option<Continuation> {
        if self.complete.is_some() || self.next.is_empty() {
            return None;
        }
        let mut froms: Vec<&Option<String>> = self.next.iter().map(|s| &s.from).collect();
        froms.dedup();
        let last_to = entered.last().and_then(|s| s.to.as_ref());
        Some(match froms[..] {
            [Some(from)] if Some(from) == last_to => Continuation::SamePiece(from.clone()),
            [Some(from)] => Continuation::OtherPiece(from.clone()),
            _ => Continuation::Other,
        })
    }
}

/// Every order of `steps`, the given order first: for a turn whose parts are independent of each
/// other (a pair's two pieces).
pub fn every_order(steps: &[Step]) -> Vec<Vec<Step>> {
    if steps.len() <= 1 {
        return vec![steps.to_vec()];
    }
    let mut orders = Vec::new();
    for (i, first) in steps.iter().enumerate() {
        let mut rest = steps.to_vec();
        rest.remove(i);
        for mut tail in every_order(&rest) {
            tail.insert(0, first.clone());
            orders.push(tail);
        }
    }
    orders
}

/// The steps of a move text in the common coordinate shape: `[F:]part[,part...]` (UCI, Record)
/// or space-separated parts with the mover's null moves `@@@@` between them (XBoard), each part
/// `from to [choice]`, `from choice` (in place), or `@to [choice]` (entering the board). What a
/// game writes otherwise it must decompose itself (`Presentation::turn_steps`).
pub fn steps_from_text(text: &str, dialect: Dialect) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut rest = text.trim();
    if let Some((prefix, tail)) = rest.split_once(':') {
        if !prefix.is_empty() && prefix.chars().all(|c| c.is_ascii_alphabetic()) {
            steps.push(Step {
                from: None,
                to: None,
                choice: Some(format!("{prefix}:")),
            });
            rest = tail;
        }
    }
    let parts: Vec<&str> = match dialect {
        Dialect::XBoard => rest
            .split_whitespace()
            .filter(|p| *p != crate::game::XBOARD_NULL_MOVE)
            .collect(),
        Dialect::Uci | Dialect::Record => rest.split(',').collect(),
    };
    steps.extend(parts.into_iter().map(part_step));
    steps
}

/// One `from to [choice]` part, or a drop `X@to` (the piece letter is its choice).
fn part_step(part: &str) -> Step {
    if let Some((letter, to)) = part.split_once('@') {
        if letter.len() == 1 && letter.chars().all(|c| c.is_ascii_uppercase()) {
            let (to, _) = split_square(to);
            return Step {
                from: None,
                to,
                choice: Some(letter.to_string()),
            };
        }
    }
    let (from, rest) = match part.strip_prefix('@') {
        Some(rest) => (None, rest),
        None => {
            let (sq, rest) = split_square(part);
            (sq, rest)
        }
    };
    let (to, rest) = split_square(rest);
    let to = to.or_else(|| from.clone());
    Step {
        from,
        to,
        choice: (!rest.is_empty()).then(|| rest.to_string()),
    }
}

/// A leading square name (a file letter and a rank number) and what follows it.
fn split_square(text: &str) -> (Option<String>, &str) {
    let bytes = text.as_bytes();
    if bytes.first().is_some_and(u8::is_ascii_lowercase) {
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 {
            return (Some(text[..1 + digits].to_string()), &text[1 + digits..]);
        }
    }
    (None, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(from: &str, to: &str, choice: Option<&str>) -> Step {
        Step::new(from, to, choice)
    }

    #[test]
    fn the_continuation_names_the_piece_that_moves_next() {
        let entered = [step("a1", "a4", None)];
        let options = |next: Vec<Step>| TurnOptions {
            complete: None,
            next,
        };
        assert_eq!(
            options(vec![step("a4", "d4", None)]).continuation(&entered),
            Some(Continuation::SamePiece("a4".into()))
        );
        assert_eq!(
            options(vec![step("a8", "a5", None)]).continuation(&entered),
            Some(Continuation::OtherPiece("a8".into()))
        );
        assert_eq!(
            options(vec![step("a8", "a5", None), step("b8", "b5", None)]).continuation(&entered),
            Some(Continuation::Other)
        );
        assert_eq!(options(vec![]).continuation(&entered), None);
    }

    #[test]
    fn every_order_keeps_the_given_one_first() {
        let (a, b, c) = (
            step("a1", "a2", None),
            step("b1", "b2", None),
            step("c1", "c2", None),
        );
        assert_eq!(every_order(std::slice::from_ref(&a)), [vec![a.clone()]]);
        let orders = every_order(&[a.clone(), b.clone(), c.clone()]);
        assert_eq!(orders.len(), 6);
        assert_eq!(orders[0], [a.clone(), b.clone(), c.clone()]);
        assert!(orders.contains(&vec![c, b, a]));
    }

    #[test]
    fn coordinate_parts_become_steps() {
        assert_eq!(
            steps_from_text("e7e8q", Dialect::Uci),
            [step("e7", "e8", Some("q"))]
        );
        assert_eq!(
            steps_from_text("d2d6,d6b6,b6b1~n", Dialect::Uci),
            [
                step("d2", "d6", None),
                step("d6", "b6", None),
                step("b6", "b1", Some("~n"))
            ]
        );
        assert_eq!(
            steps_from_text("n:a10a9", Dialect::Uci),
            [
                Step {
                    from: None,
                    to: None,
                    choice: Some("n:".into())
                },
                step("a10", "a9", None)
            ]
        );
        assert_eq!(
            steps_from_text("b1~", Dialect::Uci),
            [step("b1", "b1", Some("~"))]
        );
        assert_eq!(
            steps_from_text("@f5~", Dialect::Uci),
            [Step {
                from: None,
                to: Some("f5".into()),
                choice: Some("~".into())
            }]
        );
        assert_eq!(
            steps_from_text("c0c3 @@@@ P@l0", Dialect::XBoard),
            [
                step("c0", "c3", None),
                Step {
                    from: None,
                    to: Some("l0".into()),
                    choice: Some("P".into())
                }
            ]
        );
        assert_eq!(
            steps_from_text("d2d4 @@@@ d7d5", Dialect::XBoard),
            [step("d2", "d4", None), step("d7", "d5", None)]
        );
    }
}
