//! Judging one move with the referee's `Session` and naming it in every dialect.

use super::player::PlyText;
use crate::game::{Dialect, MoveError};
use crate::session::Session;

/// Plays `text` (in `dialect`) if it is a legal move and returns its canonical text in the UCI,
/// XBoard and Record dialects. On error the position is unchanged; `MoveError::Incomplete` means a
/// valid beginning of a multi-part turn.
pub fn play_move(
    session: &mut dyn Session,
    text: &str,
    dialect: Dialect,
) -> Result<PlyText, MoveError> {
    // The three lists come from one move generation each, in the same order.
    let uci = session.legal_moves(Dialect::Uci);
    let xboard = session.legal_moves(Dialect::XBoard);
    let record = session.legal_moves(Dialect::Record);
    session.play(text, dialect)?;
    let key_after = session.key();
    session.undo();
    let listed = match dialect {
        Dialect::Uci => &uci,
        Dialect::XBoard => &xboard,
        Dialect::Record => &record,
    };
    // The engine's text is usually canonical already; otherwise find the move with the same result.
    let index = listed.iter().position(|m| m == text).or_else(|| {
        uci.iter().position(|candidate| {
            if session.play(candidate, Dialect::Uci).is_err() {
                return false;
            }
            let same = session.key() == key_after;
            session.undo();
            same
        })
    });
    match index {
        Some(i) if i < xboard.len() && i < record.len() => {
            session.play(&uci[i], Dialect::Uci)?;
            Ok(PlyText {
                uci: uci[i].clone(),
                xboard: xboard[i].clone(),
                record: record[i].clone(),
            })
        }
        // The session accepted a move it does not list: keep the engine's text everywhere rather
        // than lose the game's thread (a variant bug, reported by its own tests).
        _ => {
            session.play(text, dialect)?;
            Ok(PlyText {
                uci: text.to_string(),
                xboard: text.to_string(),
                record: text.to_string(),
            })
        }
    }
}
