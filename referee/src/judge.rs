//! Judging one move and naming it in every dialect.

use crate::player::PlyText;
use crate::rules::{Dialect, Judge, MoveError};

/// Plays `text` (in `dialect`) if it is a legal move and returns its canonical text in the UCI,
/// XBoard and Record dialects. On error the position is unchanged; `MoveError::Incomplete` means a
/// valid beginning of a multi-part turn.
pub fn play_move(
    judge: &mut dyn Judge,
    text: &str,
    dialect: Dialect,
) -> Result<PlyText, MoveError> {
    let ply = PlyText {
        uci: judge.translate(text, dialect, Dialect::Uci)?,
        xboard: judge.translate(text, dialect, Dialect::XBoard)?,
        record: judge.translate(text, dialect, Dialect::Record)?,
    };
    judge.play(&ply.uci, Dialect::Uci)?;
    Ok(ply)
}
