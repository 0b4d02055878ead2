//! `kaleido match` against scripted fake engines: every way an engine can lose a game by breaking
//! the rules or the protocol, in one gauntlet per protocol so that the match visibly goes on.

use engine_tests::matches::match_args;
use kaleido::cli::match_rules::run_match;
use kaleido::game::Dialect;
use kaleido_referee::{MatchSummary, Side};

const FAKE: &str = env!("CARGO_BIN_EXE_fake_engine");

fn fake(name: &str, proto: &str, mode: &str, after: u32) -> String {
    format!("cmd={FAKE} --proto {proto} --mode {mode} --after {after} --seed 7 name={name} proto={proto}")
}

fn run(label: &str, extra: &[&str], engines: &[String]) -> (MatchSummary, String) {
    let pgn = engine_tests::matches::scratch("match-adjudication", &format!("{label}.pgn"));
    let path = pgn.display().to_string();
    let mut all = extra.to_vec();
    all.extend_from_slice(&["--pgn", &path]);
    let summary =
        run_match(&match_args("chess", engines, &all)).expect("the match runs to the end");
    let text = std::fs::read_to_string(&pgn).unwrap();
    (summary, text)
}

/// The PGN of game `round` (by its Round tag).
fn pgn_game(text: &str, round: usize) -> String {
    let tag = format!("[Round \"{round}\"]");
    let start = text.find(&tag).expect("game in PGN");
    let from = text[..start].rfind("[Event").unwrap();
    let end = text[start..]
        .find("[Event")
        .map(|e| start + e)
        .unwrap_or(text.len());
    text[from..end].to_string()
}

/// Every move of a PGN game replays legally in Kaleido's chess, in SAN.
fn replay_san(game: &str) -> usize {
    let variant = kaleido::variants::find("chess").unwrap();
    let mut session = variant.new_session(&Default::default()).unwrap();
    let movetext = game.split("\n\n").nth(1).unwrap();
    let mut depth = 0;
    let mut plies = 0;
    let mut cleaned = String::new();
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => cleaned.push(c),
            _ => {}
        }
    }
    for token in cleaned.split_whitespace() {
        if token.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            continue;
        }
        session
            .play(token, Dialect::Record)
            .unwrap_or_else(|e| panic!("{token}: {e}\n{game}"));
        plies += 1;
    }
    plies
}

/// The checks of one misbehaving engine's two games (one with each colour) in a gauntlet.
fn assert_loses_both(
    summary: &MatchSummary,
    pgn: &str,
    name: &str,
    termination: &str,
    detail: &str,
) {
    let games: Vec<_> = summary
        .games
        .iter()
        .filter(|g| g.white_name == name || g.black_name == name)
        .collect();
    assert_eq!(games.len(), 2, "{name} plays two games");
    for game in games {
        let loser = if game.white_name == name {
            Side::White
        } else {
            Side::Black
        };
        assert_eq!(game.winner, Some(loser.other()), "{name}: {game:?}");
        assert_eq!(game.termination, termination, "{name}: {}", game.comment);
        assert!(
            game.comment.contains(detail),
            "{name}: '{}' lacks '{detail}'",
            game.comment
        );
        let text = pgn_game(pgn, game.number);
        assert!(
            text.contains(&format!("[Result \"{}\"]", game.result())),
            "{text}"
        );
        assert!(
            text.contains(&format!("[Termination \"{termination}\"]")),
            "{text}"
        );
        assert!(text.trim_end().ends_with(game.result()), "{text}");
        // The misbehaviour comes on the engine's third move: two real moves each side first.
        assert!(game.moves.len() >= 4, "{text}");
        assert_eq!(replay_san(&text), game.moves.len());
    }
}

#[test]
fn uci_gauntlet_adjudicates_every_fault_and_goes_on() {
    let engines = vec![
        fake("Good", "uci", "legal", 1),
        fake("Illegal", "uci", "illegal", 3),
        fake("Garbage", "uci", "garbage", 3),
        fake("Crasher", "uci", "crash", 3),
        fake("Hanger", "uci", "hang", 3),
    ];
    let (summary, pgn) = run(
        "uci",
        &[
            "--gauntlet",
            "--games",
            "2",
            "--tc",
            "1+0.01",
            "--concurrency",
            "2",
            "--max-plies",
            "60",
        ],
        &engines,
    );
    assert_eq!(summary.games.len(), 8);
    assert_loses_both(
        &summary,
        &pgn,
        "Illegal",
        "illegal move",
        "plays an illegal move",
    );
    assert_loses_both(
        &summary,
        &pgn,
        "Garbage",
        "illegal move",
        "unparsable move: @#!zz9",
    );
    assert_loses_both(&summary, &pgn, "Crasher", "crash", "crashed");
    assert_loses_both(&summary, &pgn, "Hanger", "time forfeit", "loses on time");
    // Good scored 8/8 against the gauntlet.
    let good_points: u32 = summary.pairings.values().map(|t| t.wins).sum();
    assert_eq!(good_points, 8);
}

#[test]
fn xboard_gauntlet_adjudicates_every_fault_and_goes_on() {
    let engines = vec![
        fake("Good", "xboard", "legal", 1),
        fake("Illegal", "xboard", "illegal", 3),
        fake("Garbage", "xboard", "garbage", 3),
        fake("Crasher", "xboard", "crash", 3),
        fake("Hanger", "xboard", "hang", 3),
        fake("Claimer", "xboard", "false-claim", 3),
        fake("Resigner", "xboard", "resign", 3),
    ];
    let (summary, pgn) = run(
        "xboard",
        &[
            "--gauntlet",
            "--games",
            "2",
            "--tc",
            "1+0.01",
            "--concurrency",
            "2",
            "--max-plies",
            "60",
        ],
        &engines,
    );
    assert_eq!(summary.games.len(), 12);
    assert_loses_both(
        &summary,
        &pgn,
        "Illegal",
        "illegal move",
        "plays an illegal move",
    );
    assert_loses_both(
        &summary,
        &pgn,
        "Garbage",
        "illegal move",
        "unparsable move: @#!zz9",
    );
    assert_loses_both(&summary, &pgn, "Crasher", "crash", "crashed");
    assert_loses_both(&summary, &pgn, "Hanger", "time forfeit", "loses on time");
    assert_loses_both(
        &summary,
        &pgn,
        "Claimer",
        "false result claim",
        "claims 1/2-1/2 {Draw by repetition} but the game is not over",
    );
    assert_loses_both(&summary, &pgn, "Resigner", "resign", "resigns");
}

#[test]
fn legal_engines_play_to_max_plies_across_protocols() {
    let engines = vec![
        fake("UciFake", "uci", "legal", 1),
        fake("XBoardFake", "xboard", "legal", 1),
    ];
    let (summary, pgn) = run(
        "mixed",
        &["--games", "2", "--tc", "2+0.05", "--max-plies", "30"],
        &engines,
    );
    assert_eq!(summary.games.len(), 2);
    for game in &summary.games {
        assert!(game.moves.len() <= 30);
        if game.termination == "max plies" {
            assert_eq!(game.moves.len(), 30);
            assert_eq!(game.winner, None);
        }
        let text = pgn_game(&pgn, game.number);
        assert!(
            !text.contains("[Variant"),
            "chess has no Variant tag: {text}"
        );
        assert!(text.contains("[TimeControl \"2+0.05\"]"));
        // The fakes report `score cp` / thinking lines: every engine move carries `{score/depth time}`.
        assert!(text.contains("/1 0."), "{text}");
        assert_eq!(replay_san(&text), game.moves.len());
    }
    assert_eq!(summary.games[0].white_name, "UciFake");
    assert_eq!(summary.games[1].white_name, "XBoardFake");
}
