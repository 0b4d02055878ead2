//! The game on the board as a PGN record, read and written with the shared `pgn` module: the
//! seven-tag roster, `Variant` (left out for chess, as chess programs expect), `Options` (the
//! rule options that differ from their defaults, `Name=value` separated by spaces), `FEN` and
//! `SetUp` when the game did not start from the start position; moves in the game's record
//! notation with the engine's score as a comment. `kaleido replay FILE` reads it back.

use super::game::{Eval, GuiGame, Player};
use crate::game::{Dialect, Side, VariantOptions};
use crate::variants;
use kaleido_vocab::pgn::{self, PgnGame, PgnMove};

/// `+0.35`, `-M3`: from the mover's point of view, as the referee writes scores.
fn score_comment(eval: &Eval, mover: Side) -> String {
    let sign = if mover == Side::White { 1 } else { -1 };
    match (eval.mate, eval.centipawns) {
        (Some(n), _) if n * sign >= 0 => format!("+M{}", (n * sign).abs()),
        (Some(n), _) => format!("-M{}", n.abs()),
        (None, cp) => format!("{:+.2}", f64::from(cp.unwrap_or(0) * sign) / 100.0),
    }
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::Human => "person",
        Player::Engine => "Kaleido",
    }
}

/// The record's rule options: those that differ from the variant's defaults.
fn options_tag(game: &GuiGame) -> Option<String> {
    let info = variants::find(game.variant())?;
    let set: Vec<String> = info
        .options
        .iter()
        .filter_map(|spec| {
            let value = game.session.options().get(spec.name)?;
            (value != spec.default_value()).then(|| format!("{}={value}", spec.name))
        })
        .collect();
    (!set.is_empty()).then(|| set.join(" "))
}

/// Reads a game record into a fresh game (players: person vs engine, default limits; the caller
/// keeps its own). Refused, with the reason, when the text holds no game: empty, no tag and no
/// move, a comment or variation never closed (a cut or mangled text), or a move that is not legal.
pub fn game_from_record(text: &str) -> Result<GuiGame, String> {
    if text.trim().is_empty() {
        return Err("the record is empty".into());
    }
    let record = pgn::read(text);
    if record.unclosed {
        return Err(
            "the record is cut or not PGN: a { comment or ( variation is never closed".into(),
        );
    }
    if record.tags == 0 && record.moves.is_empty() {
        return Err("no game record found: no tag and no move".into());
    }
    // A record without a Variant tag is chess, as PGN has it.
    let variant = record.variant.clone().unwrap_or_else(|| "chess".into());
    let mut options = VariantOptions::default();
    for (name, value) in &record.options {
        options.set(name, value);
    }
    let mut game = GuiGame::new(&variant, record.fen.as_deref(), &options)?;
    for (index, token) in record.moves.iter().enumerate() {
        game.play(token, Dialect::Record, None)
            .map_err(|e| format!("move {} ({token}): {e}", index + 1))?;
    }
    Ok(game)
}

pub fn pgn_text(game: &GuiGame) -> String {
    let outcome = game.outcome();
    let result = game.result_token().to_string();
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), "Kaleido board".into()),
        ("Site".into(), "kaleido gui".into()),
        ("Date".into(), crate::clock::today()),
        ("Round".into(), "-".into()),
        ("White".into(), player_name(game.players[0]).into()),
        ("Black".into(), player_name(game.players[1]).into()),
        ("Result".into(), result.clone()),
    ];
    if game.variant() != "chess" {
        tags.push(("Variant".into(), game.variant().into()));
    }
    if let Some(options) = options_tag(game) {
        tags.push(("Options".into(), options));
    }
    let standard_start = variants::find(game.variant())
        .and_then(|info| info.new_session(game.session.options()).ok())
        .map(|s| s.fen(Dialect::Uci));
    if standard_start.as_deref() != Some(game.start_fen.as_str()) {
        tags.push(("FEN".into(), game.start_fen.clone()));
        tags.push(("SetUp".into(), "1".into()));
    }
    let first = game.moves.first().map(|m| m.side);
    let first_move_number = game
        .start_fen
        .split_whitespace()
        .rev()
        .find_map(|f| f.parse::<u32>().ok())
        .unwrap_or(1);
    let record = PgnGame {
        tags,
        first_side: first,
        first_move_number,
        moves: game
            .moves
            .iter()
            .map(|m| PgnMove {
                text: m.record.clone(),
                comment: m.eval.as_ref().map(|e| score_comment(e, m.side)),
            })
            .collect(),
        final_comment: outcome.map(|o| o.reason),
        result,
    };
    pgn::write(&record)
}
