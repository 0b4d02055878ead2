//! Keeping a set-up position on XBoard's board in an engine-defined variant.
//!
//! XBoard 4.9.1 (`backend.c`, measured under Xvfb): a `setup` line from the first engine that
//! changes the board format or the parent variant makes XBoard re-initialise its board and put
//! the `setup` FEN on it; a `setup` that changes nothing is ignored once a position is set up,
//! and every `setup` is ignored after the first move. Loading a position with `-lpf` sends
//! `variant`, `ping`, `force`, `setboard FEN` in one go, then reads the engine's `setup` (the
//! start position, with a new format): XBoard showed the start position while the engine held
//! the loaded one. So after a `setboard` the engine sends its `setup` again with that FEN, twice:
//! first with another parent (a format change, so XBoard takes the FEN), then with its own parent
//! (another change, back to the real format, the same FEN). A second engine's `setup` is ignored
//! by XBoard, and so is this.
//!
//! And a `setboard` may lose state: XBoard writes back only what its own FEN holds (no Sonic king
//! forms, no Reflection castling rights), so the position is taken as a known one where XBoard's
//! board matches it (`Session::set_fen_keeping`), and a `#` line says what was kept or assumed.

use crate::game::Dialect;
use crate::session::{Kept, Known, Session};

/// The `#` line (XBoard ignores such lines; its debug file shows them) that says what a
/// `setboard` did beyond reading the FEN: the state the engine kept from a position it knows, or,
/// for a position it does not know in an engine-defined variant, that what XBoard's FEN cannot
/// carry was assumed. `None` when the position is exactly what the FEN says (or an XBoard
/// variant's own FEN, which carries everything).
pub fn note(
    kept: Kept,
    previous_game: bool,
    engine_defined: bool,
    session: &dyn Session,
) -> Option<String> {
    let full = session.fen(Dialect::Uci);
    let which = match kept.known {
        _ if previous_game => "a position of the game before `new` (XBoard's Edit Position)",
        Known::Current if kept.as_read => return None,
        Known::Current => "the current position",
        Known::Earlier(_) => "an earlier position of this game (later moves taken back)",
        Known::Start => "the start position",
        Known::No if engine_defined => {
            return Some(format!(
                "# setboard: a position this game has not had; state XBoard's FEN cannot \
                 carry is assumed: {full}"
            ))
        }
        Known::No => return None,
    };
    Some(format!(
        "# setboard: XBoard's board is {which}; kept its state: {full}"
    ))
}

/// A parent XBoard knows that none of our games uses, for the first of the two lines.
const OTHER_PARENT: &str = "fairy";

/// The `setup` lines that put `fen` on XBoard's board, from the variant's own `setup` lines
/// (`setup (TABLE) WxH+S_PARENT FEN`); empty when the variant has none.
pub fn resend(lines: &[String], fen: &str) -> Vec<String> {
    let Some(line) = lines.iter().find(|l| l.starts_with("setup ")) else {
        return Vec::new();
    };
    let mut words = line.splitn(4, ' ');
    let (Some(_), Some(table), Some(format)) = (words.next(), words.next(), words.next()) else {
        return Vec::new();
    };
    let Some((size, parent)) = format.split_once('_') else {
        return Vec::new();
    };
    let other = if parent == OTHER_PARENT {
        "normal"
    } else {
        OTHER_PARENT
    };
    vec![
        format!("setup {table} {size}_{other} {fen}"),
        format!("setup {table} {size}_{parent} {fen}"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fen_goes_out_with_another_parent_then_with_its_own() {
        let lines = vec![
            "setup (PNBRQ..Kpnbrq..k) 8x8+0_lion rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1"
                .to_string(),
        ];
        assert_eq!(
            resend(&lines, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
            [
                "setup (PNBRQ..Kpnbrq..k) 8x8+0_fairy 4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
                "setup (PNBRQ..Kpnbrq..k) 8x8+0_lion 4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            ]
        );
        assert!(resend(&[], "8/8 w").is_empty());
    }
}
