//! Coordinate notation of the palace games: `<from><to>`, files a.., ranks from 1 (UCI, command
//! line) or from 0 (XBoard, which counts from 0 on 10-rank boards).

use super::{Move, PalaceGame, Ruleset, RANKS};
use crate::game::{Dialect, MoveError, MoveList};
use crate::mailbox::{file_of, parse_coords, rank_base, rank_of, square, square_name, Sq};

impl<R: Ruleset> PalaceGame<R> {
    pub fn square_text(&self, sq: Sq, dialect: Dialect) -> String {
        square_name(file_of(sq), rank_of(sq), rank_base(dialect, RANKS))
    }

    /// Reads one square at the start of `text`; `None` if it is not a square of this board.
    pub fn read_square<'a>(&self, text: &'a str, dialect: Dialect) -> Option<(Sq, &'a str)> {
        let (file, rank, rest) = parse_coords(text, rank_base(dialect, RANKS))?;
        (file < R::FILES && rank < RANKS).then(|| (square(file, rank), rest))
    }

    pub fn coordinate_text(&self, mv: Move, dialect: Dialect) -> String {
        format!(
            "{}{}",
            self.square_text(mv.from, dialect),
            self.square_text(mv.to, dialect)
        )
    }

    /// Parses `<from><to>` and checks that it is a legal move here.
    pub fn parse_coordinate(&self, text: &str, dialect: Dialect) -> Result<Move, MoveError> {
        let text = text.trim();
        let unparsable = || MoveError::Unparsable(text.to_string());
        let (from, rest) = self.read_square(text, dialect).ok_or_else(unparsable)?;
        let (to, rest) = self.read_square(rest, dialect).ok_or_else(unparsable)?;
        if !rest.is_empty() {
            return Err(unparsable());
        }
        let mv = Move { from, to };
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(text.to_string()))
        }
    }

    pub fn legal_moves(&self) -> MoveList<Move> {
        let mut moves = MoveList::new();
        self.generate_moves(false, &mut moves);
        moves
    }
}
