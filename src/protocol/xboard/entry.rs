//! The turn being entered, part by part, and the engine's answers to it: the null move that
//! hands the move back to a person, the engine's own turn, take-backs counted in XBoard's plies,
//! and the marks for a lifted piece.

use super::{echo, marks, Mark, Purpose, XBoard};
use crate::game::{Dialect, MoveError, XBOARD_NULL_MOVE};
use crate::session::BestMove;
use crate::turn::{self, Continuation};

impl XBoard {
    /// `undo` / `remove`: XBoard takes back `plies` of its plies — parts and null moves — so the
    /// engine does too, reopening a finished turn when the take-back ends inside it.
    pub(super) fn take_back(&mut self, plies: usize, line: &str) {
        self.halt();
        match self.plies.take_back(plies) {
            None => self
                .out
                .line(&format!("Error (no move to undo): {}", echo(line.trim()))),
            Some(taken) => {
                for _ in 0..taken.turns {
                    self.engine.session_mut().undo();
                }
                self.lifted.clear();
                self.excluded.clear();
                // Retract Move takes back two plies; after a turn of the engine's in several
                // parts that leaves the engine's turn half on XBoard's board, with XBoard
                // handing the move to the person, who cannot go on from there.
                if self.engine_side == Some(self.mover()) && self.plies.other_side_on_move() {
                    self.out.line(
                        "telluser Kaleido: the take-back stopped inside Kaleido's turn, which \
                         has several parts; take back once more to reach your own move.",
                    );
                }
                self.restart_analysis();
            }
        }
    }

    /// One part (or the whole) of the opponent's turn. A part that begins a legal turn is kept;
    /// a wrong part is refused and the parts before it stay pending, as they do in XBoard, which
    /// takes back only the refused one.
    pub(super) fn user_move(&mut self, text: &str) {
        let text = text.trim();
        if self.purpose != Some(Purpose::Analyze) {
            // Pondering (or, against the protocol, thinking): the opponent has moved.
            self.halt();
        }
        self.lifted.clear();
        let turn = self.plies.with(text);
        match self.engine.session_mut().play(&turn, Dialect::XBoard) {
            Ok(()) => {
                self.plies.finish(text);
                self.excluded.clear();
                self.after_move();
            }
            Err(MoveError::Incomplete) => {
                self.plies.push(text);
                // A new position for XBoard, though not yet for the search.
                if !std::mem::take(&mut self.excluded).is_empty() {
                    self.restart_analysis();
                }
                self.play_if_our_turn();
            }
            Err(MoveError::GameOver) => self
                .out
                .line(&format!("Illegal move (game over): {}", echo(text))),
            Err(e) => {
                self.refused_part = true;
                log::info!(
                    "rejected usermove {} after '{}': {e}",
                    echo(text),
                    echo(&self.plies.pending_text())
                );
                self.out.line(&format!("Illegal move: {}", echo(text)));
            }
        }
    }

    /// After a move on the board: claim a result, or go on analysing, or think.
    pub(super) fn after_move(&mut self) {
        if let Some(outcome) = self.engine.session().outcome() {
            self.out.line(&outcome.to_string());
        }
        if self.analyzing {
            self.restart_analysis();
        } else {
            self.play_if_our_turn();
        }
    }

    /// Does what XBoard waits for when the engine is on move in XBoard's eyes: in the middle of
    /// the opponent's turn that is the null move that hands the move back (a program sends its
    /// own, so then nothing), otherwise a search for the engine's turn.
    pub(super) fn play_if_our_turn(&mut self) {
        if self.analyzing
            || self.engine_side != Some(self.xboard_on_move())
            || self.engine.session().outcome().is_some()
        {
            return;
        }
        if self.plies.other_side_on_move() {
            if !self.against_program {
                self.out.line(&format!("move {XBOARD_NULL_MOVE}"));
                self.plies.push(XBOARD_NULL_MOVE);
                self.note_continuation();
            }
            return;
        }
        let session = self.engine.session();
        let limits = self.clock.limits(
            self.engine.base_limits(),
            session.side_to_move(),
            session.plies(),
        );
        self.start(Purpose::Think, limits);
    }

    /// Tells the person, once per kind of continuation per game, that their turn goes on
    /// (XBoard shows the engine's null move only as `--` in the move list). `telluser` opens a
    /// dialog each time, hence only once.
    fn note_continuation(&mut self) {
        let entered = turn::steps_from_text(&self.plies.pending_text(), Dialect::XBoard);
        let session = self.engine.session();
        let Some(next) = session
            .turn_options(&entered, Dialect::XBoard)
            .continuation(&entered)
        else {
            return;
        };
        let kind = std::mem::discriminant(&next);
        if self.noted.contains(&kind) {
            return;
        }
        self.noted.push(kind);
        let what = match next {
            Continuation::SamePiece(square) => format!("move the piece on {square} again"),
            Continuation::OtherPiece(square) => format!("now move the piece on {square}"),
            Continuation::Other => "make its next part".to_string(),
        };
        self.out.line(&format!(
            "telluser Kaleido: your turn is not finished - {what}. Kaleido's '--' gave you the \
             move back; a lifted piece shows where it may go."
        ));
    }

    /// Plays and announces the engine's turn — the parts not yet on XBoard's board, each on its
    /// own `move` line — then claims the result or starts pondering.
    pub(super) fn engine_moves(&mut self, best: BestMove) {
        if self.engine_side != Some(self.xboard_on_move()) {
            return;
        }
        let Some(text) = self.completion(best.best) else {
            match self.engine.session().outcome() {
                Some(outcome) => self.out.line(&outcome.to_string()),
                None => self.out.line("resign"),
            }
            return;
        };
        if let Err(e) = self.engine.session_mut().play(&text, Dialect::XBoard) {
            log::error!("the engine's own move {text} was rejected: {e}");
            self.out.line("resign");
            return;
        }
        self.excluded.clear();
        let parts: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        for part in &parts[self.plies.pending().len()..] {
            self.out.line(&format!("move {part}"));
        }
        self.plies.record(parts);
        if let Some(outcome) = self.engine.session().outcome() {
            self.out.line(&outcome.to_string());
        } else {
            self.ponder_if_wanted();
        }
    }

    /// The engine's turn: the search's choice, or — when XBoard asked the engine to move in the
    /// middle of a turn of its own side (Edit Game, then a machine mode) — the search's choice if
    /// it begins with the parts on the board, else the first legal turn that does.
    pub(super) fn completion(&self, best: Option<String>) -> Option<String> {
        let pending = self.plies.pending();
        if pending.is_empty() {
            return best;
        }
        let continues = |text: &String| {
            let parts: Vec<&str> = text.split_whitespace().collect();
            parts.len() > pending.len() && parts[..pending.len()] == *pending
        };
        best.filter(continues).or_else(|| {
            self.engine
                .session()
                .legal_moves(Dialect::XBoard)
                .into_iter()
                .find(continues)
        })
    }

    /// `lift SQ`: the squares the piece may go to next, for XBoard to draw and to enforce. Nothing
    /// is marked when the person cannot move now (the engine is on move, or XBoard waits for a
    /// null move, or the game is over).
    pub(super) fn lift(&mut self, square: &str) {
        let session = self.engine.session();
        let person_on_move = self.engine_side != Some(self.xboard_on_move())
            && !self.plies.other_side_on_move()
            && session.outcome().is_none();
        self.lifted = if person_on_move {
            let entered = turn::steps_from_text(&self.plies.pending_text(), Dialect::XBoard);
            let options = session.turn_options(&entered, Dialect::XBoard);
            marks::target_marks(&options, square.trim())
        } else {
            Vec::new()
        };
        let size = marks::board_size(&session.fen(Dialect::XBoard));
        self.out.line(&format!(
            "highlight {}",
            marks::colour_fen(&self.lifted, size)
        ));
        // XBoard previews a promoting pawn's piece while it is dragged (with sweep selection):
        // name the pieces it may become, the first being what a plain drag gives.
        if let Some(letters) = marks::picker_letters(&self.lifted) {
            self.out.line(&format!("choice {letters}"));
        }
    }

    /// `put SQ`: on a blue square XBoard waits for the engine to name the choice; on a magenta
    /// one the engine names the pieces XBoard's sweep selection may offer.
    pub(super) fn put(&mut self, square: &str) {
        let choices = self.lifted.iter().find_map(|(to, mark)| match mark {
            _ if to != square.trim() => None,
            Mark::Forced(choice) => Some(choice.to_ascii_uppercase()),
            Mark::Picker(letters) => Some(letters.concat().to_ascii_uppercase()),
            Mark::Plain => None,
        });
        if let Some(choices) = choices {
            self.out.line(&format!("choice {choices}"));
        }
    }
}
