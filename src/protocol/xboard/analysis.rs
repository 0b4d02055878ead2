//! What XBoard's engine-output pane drives in analysis: the number of lines (`option MultiPV=N`,
//! its "more" / "fewer" buttons) and the root moves left out of the search (`exclude` /
//! `include`, `feature exclude=1`).
//!
//! Excluded moves are kept as the turns' own XBoard texts, and forgotten whenever the position
//! changes (`usermove`, the engine's move, `undo`/`remove`, `new`, `variant`, `setboard`), as
//! the protocol asks. A text that is only the beginning of a turn given in parts (the first part
//! of a Reflection pair, the first leg of a Sonic chain: what XBoard itself sends, since it knows
//! only single moves) names every turn it begins; a whole turn is named by its full text.

use super::command::RootSelection;
use super::XBoard;
use crate::engine::options::Sets;
use crate::game::{Dialect, MoveError};
use crate::search::RootMoves;

impl XBoard {
    /// `option MultiPV=N`. A running analysis starts again with N lines; a search for the
    /// engine's own move keeps its lines, and the next one has N.
    pub(super) fn set_multipv(&mut self, lines: usize) {
        let before = self.engine.settings.multipv;
        let lines = u64::try_from(lines).unwrap_or(u64::MAX);
        self.engine.settings.set_number(Sets::MultiPv, lines);
        if self.engine.settings.multipv != before {
            self.restart_analysis();
        }
    }

    /// `exclude MOVE`, `include MOVE`, `exclude all`, `include all`. A text that names no legal
    /// turn gets an error and changes nothing; a change restarts a running analysis.
    pub(super) fn exclude(&mut self, exclude: bool, moves: &RootSelection, line: &str) {
        let session = self.engine.session();
        let named = match moves {
            RootSelection::All => session.legal_moves(Dialect::XBoard),
            RootSelection::Move(text) => match session.turns_named(text, Dialect::XBoard) {
                Ok(turns) => turns,
                // Never the word XBoard reads as a refused move: it would take back a move.
                Err(MoveError::GameOver) => return self.error(line, "the game is over"),
                Err(_) => return self.error(line, "no such move here"),
            },
        };
        let before = self.excluded.clone();
        if exclude {
            for turn in named {
                if !self.excluded.contains(&turn) {
                    self.excluded.push(turn);
                }
            }
        } else {
            self.excluded.retain(|turn| !named.contains(turn));
        }
        if self.excluded != before {
            // For a GUI check to read (scripts/xboard/analysis.py): what the engine now leaves out.
            log::info!(
                "excluded root moves: {}",
                if self.excluded.is_empty() {
                    "none".to_string()
                } else {
                    self.excluded.join(", ")
                }
            );
            self.restart_analysis();
        }
    }

    /// The root moves a search of the current position may choose from, and how many there
    /// are (none when every legal move is excluded).
    pub(super) fn root_moves(&self) -> (RootMoves, usize) {
        let session = self.engine.session();
        let legal = session.legal_moves(Dialect::XBoard).len();
        if self.excluded.is_empty() {
            return (RootMoves::All, legal);
        }
        // Every excluded text is a legal turn of this position (they are forgotten when it
        // changes), so each has its key.
        let keys: Vec<u32> = self
            .excluded
            .iter()
            .filter_map(|turn| session.move_key(turn, Dialect::XBoard).ok())
            .collect();
        let allowed = legal.saturating_sub(keys.len());
        (RootMoves::Except(keys), allowed)
    }
}
