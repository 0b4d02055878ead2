//! The rules page's 52-move sample game (docs/sin-yeon-sang-gi.md §2.8, S10), replayed token by
//! token through the session exactly as `kaleido replay` does (move numbers stripped,
//! `Dialect::Record`). It must end in checkmate with the FEN the rules give.

use kaleido::game::{Dialect, Notation, Rules, Side, VariantOptions};
use kaleido::variants::sinyeon::SinYeonGame;

const FINAL_FEN: &str =
    "r5kg5/6g6/6u1h1u2/3Rp7p/1B4P1ph3/4P1c5P/8P1Ii1/6U6/6G1H3R/5GK1r1B2 w - - 0 53";

/// Move tokens of the game text, move numbers (`12.`) removed.
fn tokens() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/sinyeon-sample.txt"
    ))
    .expect("sample game file");
    text.split_whitespace()
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn sample_game_replays_through_the_session_and_ends_in_mate() {
    let info = kaleido::variants::find("sin-yeon-sang-gi").expect("registered");
    let mut session = info
        .new_session(&VariantOptions::default())
        .expect("session");
    let moves = tokens();
    assert_eq!(moves.len(), 104, "52 moves of each side");
    for (i, token) in moves.iter().enumerate() {
        session
            .play(token, Dialect::Record)
            .unwrap_or_else(|e| panic!("move {} ({token}): {e}", i / 2 + 1));
    }
    assert_eq!(session.fen(Dialect::Uci), FINAL_FEN);
    let outcome = session.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(Side::Black));
    assert_eq!(outcome.reason, "Black mates");
}

/// Our record printer writes the page's notation: the same text for every move except the
/// page's notational artefacts (`=Q`, `Q` for a crossed pawn) and its two superfluous origin
/// letters (`47.Ghg2`, `52.Uki1`; rules §2.8). `kxk5` and `Qxc4` are pawn captures, which we write
/// with the origin file as the page does for `kxk5`.
#[test]
fn record_printer_writes_the_page_notation() {
    let mut game = SinYeonGame::new("sin-yeon-sang-gi", &VariantOptions::default()).expect("start");
    for (ply, token) in tokens().into_iter().enumerate() {
        let move_number = ply / 2 + 1;
        let mv = game.parse_move(&token, Dialect::Record).expect(&token);
        let printed = game.move_text(mv, Dialect::Record);
        let expected = match (move_number, token.as_str()) {
            (47, "Ghg2") => "Gg2".to_string(),
            (52, "Uki1") => "Ui1".to_string(),
            (_, "Qxc4") => "cxc4".to_string(),
            (_, t) => t.trim_end_matches("=Q").trim_start_matches('Q').to_string(),
        };
        assert_eq!(printed, expected, "{token}");
        // What we print reads back as the same move.
        assert_eq!(game.parse_move(&printed, Dialect::Record), Ok(mv));
        game.make(mv);
    }
    assert_eq!(game.fen(Dialect::Uci), FINAL_FEN);
}
