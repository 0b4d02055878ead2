//! The FEN rules every variant shares (docs/conventions.md, "FEN"), checked through the object-safe
//! `Session` of every registered variant in both dialects: `startpos`, a field left over, the
//! counters' limits, and a bad FEN leaving the position as it was.

use kaleido::game::{Dialect, VariantOptions};
use kaleido::session::Session;
use kaleido::variants::VARIANTS;

const DIALECTS: [Dialect; 2] = [Dialect::Uci, Dialect::XBoard];

fn sessions() -> impl Iterator<Item = (&'static str, Box<dyn Session>)> {
    VARIANTS.iter().map(|info| {
        let session = info
            .new_session(&VariantOptions::default())
            .expect("every variant starts");
        (info.name, session)
    })
}

/// The start FEN with its two counters replaced.
fn with_counters(start: &str, halfmove: &str, fullmove: &str) -> String {
    let mut fields: Vec<&str> = start.split_whitespace().collect();
    // Sonic's king field follows the counters.
    let at = fields.len() - 2 - usize::from(fields.last().is_some_and(|f| f.contains('/')));
    fields[at] = halfmove;
    fields[at + 1] = fullmove;
    fields.join(" ")
}

#[test]
fn startpos_is_the_start_in_every_variant_and_dialect() {
    for (name, mut session) in sessions() {
        let start = session.fen(Dialect::Uci);
        for dialect in DIALECTS {
            for text in ["startpos", "  startpos  "] {
                session
                    .set_fen(&with_counters(&start, "3", "9"), Dialect::Uci)
                    .unwrap();
                session
                    .set_fen(text, dialect)
                    .unwrap_or_else(|e| panic!("{name} {dialect:?}: '{text}' refused: {e}"));
                assert_eq!(session.fen(Dialect::Uci), start, "{name} {dialect:?}");
            }
        }
    }
}

#[test]
fn a_field_after_the_last_is_refused_and_the_position_kept() {
    for (name, mut session) in sessions() {
        let start = session.fen(Dialect::Uci);
        let before = with_counters(&start, "3", "9");
        session.set_fen(&before, Dialect::Uci).unwrap();
        // (A `-` is no field at all in the palace games: they skip such fields anywhere.)
        for extra in ["0", "x"] {
            let text = format!("{start} {extra}");
            let error = session
                .set_fen(&text, Dialect::Uci)
                .expect_err(&format!("{name}: '{text}' accepted"));
            assert!(error.contains("unexpected"), "{name}: {error}");
            assert_eq!(session.fen(Dialect::Uci), before, "{name}: position kept");
        }
    }
}

#[test]
fn counters_are_clamped_and_the_move_number_is_at_least_one() {
    const LIMIT: &str = "1073741824"; // 2^30
    for (name, mut session) in sessions() {
        let start = session.fen(Dialect::Uci);
        for (given, wanted) in [
            (("4294967295", "4294967295"), (LIMIT, LIMIT)),
            (("1073741825", "7"), (LIMIT, "7")),
            (("5", "0"), ("5", "1")),
        ] {
            let text = with_counters(&start, given.0, given.1);
            session
                .set_fen(&text, Dialect::Uci)
                .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
            assert_eq!(
                session.fen(Dialect::Uci),
                with_counters(&start, wanted.0, wanted.1),
                "{name}"
            );
        }
        for bad in [("-1", "1"), ("0", "x"), ("4294967296", "1")] {
            let text = with_counters(&start, bad.0, bad.1);
            assert!(
                session.set_fen(&text, Dialect::Uci).is_err(),
                "{name}: {text}"
            );
        }
    }
}

#[test]
fn chess_castling_letters_are_kqkq_or_a_dash_alone() {
    let mut chess = kaleido::variants::find("chess")
        .unwrap()
        .new_session(&VariantOptions::default())
        .unwrap();
    let board = "r3k2r/8/8/8/8/8/8/R3K2R w";
    for bad in ["K-", "-K", "--", "KQkqx", "HAha"] {
        assert!(
            chess
                .set_fen(&format!("{board} {bad} - 0 1"), Dialect::Uci)
                .is_err(),
            "{bad}"
        );
    }
    chess
        .set_fen(&format!("{board} kKqQK - 0 1"), Dialect::Uci)
        .unwrap();
    assert_eq!(chess.fen(Dialect::Uci), format!("{board} KQkq - 0 1"));
}

#[test]
fn fields_a_game_may_leave_out() {
    let session = |name: &str| {
        kaleido::variants::find(name)
            .unwrap()
            .new_session(&VariantOptions::default())
            .unwrap()
    };
    // Sonic: everything after the board (docs/sonic.md: lenient where XBoard is).
    let mut sonic = session("sonic");
    sonic.set_fen("4k3/8/8/8/8/8/8/4K3", Dialect::Uci).unwrap();
    assert_eq!(
        sonic.fen(Dialect::Uci),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Kna/Kna"
    );
    sonic
        .set_fen("4k3/8/8/8/8/8/8/4K3 Kn/Ka", Dialect::Uci)
        .unwrap();
    assert_eq!(
        sonic.fen(Dialect::Uci),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Kn/Ka"
    );
    // The palace games: the side (also `r`), the `- -` fields anywhere, the counters.
    let mut xiangqi = session("xiangqi");
    let board = "3k5/9/9/9/9/9/9/9/9/4K4";
    for text in [
        board.to_string(),
        format!("{board} r"),
        format!("{board} w 0 - 1"),
        format!("{board} w - - 0 1"),
    ] {
        xiangqi.set_fen(&text, Dialect::Uci).unwrap();
        assert_eq!(
            xiangqi.fen(Dialect::Uci),
            format!("{board} w - - 0 1"),
            "{text}"
        );
    }
    // Chess and Reflection need the side to move; Symmetron also its launching-square field.
    assert!(session("chess")
        .set_fen("4k3/8/8/8/8/8/8/4K3", Dialect::Uci)
        .is_err());
    assert!(session("reflection-8")
        .set_fen("RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr", Dialect::Uci)
        .is_err());
    assert!(session("symmetron-112")
        .set_fen("5k5/11/11/11/11/11/11/11/11/5K5 w", Dialect::Uci)
        .is_err());
}
