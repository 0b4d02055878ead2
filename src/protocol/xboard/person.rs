//! How a person enters a turn in XBoard, as a list of actions (`kaleido person`): what to drag,
//! where the engine hands the move back, what to pick in XBoard's piece picker, and what to type
//! where no mouse form exists. Built from the same steps and marks the engine answers `lift` with,
//! so the recipe and the engine's traffic agree.

use super::marks::{target_marks, Mark};
use crate::game::{Dialect, XBOARD_NULL_MOVE};
use crate::session::Session;
use std::fmt;

/// One thing the person does, in XBoard's square names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Press on the first square, move, release on the second.
    Drag(String, String),
    /// Pick this piece (upper case) in the picker XBoard opens.
    Choose(String),
    /// The engine answers `move @@@@` here and the move comes back to the person.
    Wait,
    /// Type this into XBoard's move type-in box (no mouse form exists for the part).
    Type(String),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Drag(from, to) => write!(f, "drag {from} {to}"),
            Action::Choose(letter) => write!(f, "choose {letter}"),
            Action::Wait => write!(f, "wait"),
            Action::Type(text) => write!(f, "type {text}"),
        }
    }
}

/// The actions for the legal move `text` (in `dialect`) of the side to move in `session`.
pub fn recipe(session: &dyn Session, text: &str, dialect: Dialect) -> Result<Vec<Action>, String> {
    let xboard = session
        .translate_move(text, dialect, Dialect::XBoard)
        .map_err(|e| format!("'{text}' is no legal move here ({e})"))?;
    let steps = session
        .turn_steps(&xboard, Dialect::XBoard)
        .map_err(|e| format!("'{text}' ({xboard}) has no steps: {e}"))?;
    // The parts as XBoard gets them, for typing: the text's parts in order. A game whose first
    // entry order differs from its text's order types whole (it never needs typing so far).
    let parts: Vec<&str> = xboard
        .split_whitespace()
        .filter(|p| *p != XBOARD_NULL_MOVE)
        .collect();
    let mut actions = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        if i > 0 {
            actions.push(Action::Wait);
        }
        let typed = || match parts.get(i) {
            Some(part) if parts.len() == steps.len() => Ok(Action::Type(part.to_string())),
            _ => Err(format!("no part text for step {i} of {xboard}")),
        };
        let (Some(from), Some(to)) = (&step.from, &step.to) else {
            actions.push(typed()?);
            continue;
        };
        if from == to {
            // XBoard reads a release on the square a piece was lifted from as "no move".
            actions.push(typed()?);
            continue;
        }
        let options = session.turn_options(&steps[..i], Dialect::XBoard);
        let mark = target_marks(&options, from)
            .into_iter()
            .find(|(square, _)| square == to)
            .map(|(_, mark)| mark);
        let drag = Action::Drag(from.clone(), to.clone());
        match (mark, step.choice.as_deref()) {
            (Some(Mark::Plain), None) => actions.push(drag),
            (Some(Mark::Forced(forced)), Some(choice)) if forced == choice => actions.push(drag),
            (Some(Mark::Picker(letters)), Some(choice)) if letters.iter().any(|l| l == choice) => {
                actions.push(drag);
                actions.push(Action::Choose(choice.to_ascii_uppercase()));
            }
            (None, _) => return Err(format!("step {step:?} of {xboard} is not offered")),
            _ => actions.push(typed()?),
        }
    }
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::VariantOptions;

    fn session(variant: &str, fen: &str) -> Box<dyn Session> {
        let mut s = crate::variants::find(variant)
            .and_then(|info| info.new_session(&VariantOptions::default()).ok())
            .expect("variant");
        if fen != "startpos" {
            s.set_fen(fen, Dialect::Uci).expect("FEN");
        }
        s
    }

    fn lines(variant: &str, fen: &str, mv: &str) -> Vec<String> {
        recipe(session(variant, fen).as_ref(), mv, Dialect::Uci)
            .expect("a recipe")
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_chain_is_dragged_leg_by_leg() {
        // Legs listed by `kaleido moves` for this position: a1a4,a4d4,d4d1.
        let fen = "4k3/8/8/8/p2p4/8/8/R3K3 w - - 0 1";
        assert_eq!(
            lines("sonic", fen, "a1a4,a4d4,d4d1"),
            ["drag a1 a4", "wait", "drag a4 d4", "wait", "drag d4 d1"]
        );
        assert_eq!(lines("sonic", fen, "a1a2~n"), ["type a1a2="]);
    }

    #[test]
    fn a_promotion_picks_its_piece() {
        assert_eq!(
            lines("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n"),
            ["drag a7 a8", "choose N"]
        );
    }

    #[test]
    fn a_swapping_pawn_pair_goes_to_the_squares_after_the_swap() {
        assert_eq!(
            lines("reflection-mini", "startpos", "c2c4,c7c5"),
            ["drag c2 c5", "wait", "drag c7 c4"]
        );
    }

    #[test]
    fn symmetron_turns_go_by_the_marked_squares() {
        // b1~: out to an empty neighbour the Cannon cannot move to (XBoard adds the letters).
        assert_eq!(
            lines("symmetron-112", "startpos", "b1~"),
            ["drag b0 c1", "wait", "drag c1 b0"]
        );
        // An approach capture that retrieves the victim: onto the victim, back to the landing
        // square, then the Pawn from XBoard's holdings onto the launching square (measured).
        let t8c = "5k5/11/11/11/4U6/11/2p8/11/11/2A2K5 -- w";
        assert_eq!(
            lines("symmetron-112", t8c, "c1c3x"),
            ["drag c0 c3", "wait", "drag c3 c2", "wait", "drag n5 l0"]
        );
        // A Canon or Cannon entering from the launching square names its state: typed.
        let canon_on_ls = "5k5/11/11/11/11/11/11/11/11/5K5 C- w";
        assert_eq!(lines("symmetron-112", canon_on_ls, "@f5~"), ["type l0f4v"]);
    }

    #[test]
    fn an_illegal_move_has_no_recipe() {
        assert!(recipe(session("chess", "startpos").as_ref(), "e2e5", Dialect::Uci).is_err());
    }
}
