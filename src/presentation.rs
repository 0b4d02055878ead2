//! What a person sees of a game, above the core: the board as drawn (`board_view`) and how a turn
//! is entered part by part (`turn`), as the [`Presentation`] trait; and [`Game`], the one bound the
//! front ends (session, protocols, GUI, command line) use, which bundles the core's `Rules` and
//! `Notation` with `Presentation` and the tuner's `eval::Traced`. The search never sees this file.

use crate::board_view::BoardView;
use crate::eval::Traced;
use crate::game::{Dialect, MoveList, Notation, Rules};
use crate::turn::{self, Step, TurnOptions};

/// How a game shows itself to a person: the board a screen draws and the steps of each turn.
/// Both methods have defaults, so a game that is never shown may implement it empty.
pub trait Presentation: Notation {
    /// The board as a person must see it (`board_view`): shape, square kinds, pieces and state.
    /// Every registered variant describes its board (engine-tests checks it); the default, an
    /// empty board, serves games that are never shown (the search's test games).
    fn board_view(&self) -> BoardView {
        BoardView::rectangle(0, 0, self.side_to_move())
    }

    /// How a person enters `mv`, part by part, in `dialect`'s square names: every order the game
    /// accepts (a Reflection pair may start with either piece). Distinct legal moves must have
    /// distinct step sequences. The default reads the move's text (`turn::steps_from_text`).
    fn turn_steps(&self, mv: Self::Move, dialect: Dialect) -> Vec<Vec<Step>> {
        vec![turn::steps_from_text(&self.move_text(mv, dialect), dialect)]
    }
}

/// Everything a front end asks of a game: rules, texts, presentation and the tuner's trace. Never
/// implemented by hand: every type with the four traits is a `Game`.
pub trait Game: Rules + Notation + Presentation + Traced {}

impl<G: Rules + Notation + Presentation + Traced> Game for G {}

/// The options after `entered`, from every legal turn of `game` and the ways a person enters it.
pub fn turn_options<G: Presentation>(game: &G, entered: &[Step], dialect: Dialect) -> TurnOptions {
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    let mut options = TurnOptions::default();
    for &mv in &moves {
        for order in game.turn_steps(mv, dialect) {
            if order.len() < entered.len() || order[..entered.len()] != *entered {
                continue;
            }
            match order.get(entered.len()) {
                Some(next) => options.next.push(next.clone()),
                None => options.complete = Some(game.move_text(mv, dialect)),
            }
        }
    }
    options.next.sort();
    options.next.dedup();
    options
}

/// The legal turns of `game` that `entered` begins (in some order the game accepts), each once.
pub fn turns_begun<G: Presentation>(game: &G, entered: &[Step], dialect: Dialect) -> Vec<G::Move> {
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    moves
        .into_iter()
        .filter(|&mv| {
            game.turn_steps(mv, dialect)
                .iter()
                .any(|order| order.len() >= entered.len() && order[..entered.len()] == *entered)
        })
        .collect()
}
