//! Properties every registered variant must have (this covers variants added later too).

use engine_tests::bench_sessions;
use kaleido::game::{Dialect, VariantOptions};
use kaleido::variants::VARIANTS;

/// Every bench position is read and is a game in progress; from each, seeded random games keep
/// make/unmake and the keys consistent (`Session::self_check`).
#[test]
fn make_unmake_restores_position_and_keys_stay_consistent() {
    for (info, fen, session) in bench_sessions() {
        // A bench position is a game in progress: a finished one would search nothing.
        assert!(
            session.outcome().is_none() && !session.legal_moves(Dialect::Uci).is_empty(),
            "{}: bench position {fen} is over",
            info.name
        );
        session
            .self_check(0xC0FFEE, 40, 200)
            .unwrap_or_else(|e| panic!("{} from {fen}: {e}", info.name));
    }
}

#[test]
fn every_variant_reads_back_its_own_fen() {
    for info in VARIANTS {
        let session = info
            .new_session(&VariantOptions::default())
            .expect("default options are valid");
        for dialect in [Dialect::Uci, Dialect::XBoard] {
            let fen = session.fen(dialect);
            let mut other = info.new_session(&VariantOptions::default()).expect("valid");
            other
                .set_fen(&fen, dialect)
                .unwrap_or_else(|e| panic!("{}: own FEN {fen} rejected: {e}", info.name));
            assert_eq!(other.fen(dialect), fen, "{}", info.name);
            assert_eq!(other.key(), session.key(), "{}", info.name);
        }
    }
}

/// A person building any legal turn step by step is offered each next step and, after the last,
/// the whole turn; no two legal turns are entered the same way (`kaleido::turn`).
#[test]
fn every_legal_turn_can_be_built_step_by_step() {
    use std::collections::HashMap;
    for (info, fen, session) in bench_sessions() {
        for dialect in [Dialect::Uci, Dialect::XBoard] {
            let mut seen = HashMap::new();
            for text in session.legal_moves(dialect) {
                let steps = session
                    .turn_steps(&text, dialect)
                    .unwrap_or_else(|e| panic!("{} {fen}: {text}: {e}", info.name));
                assert!(
                    !steps.is_empty(),
                    "{} {fen}: {text} has no steps",
                    info.name
                );
                if let Some(other) = seen.insert(steps.clone(), text.clone()) {
                    panic!(
                        "{} {fen} ({dialect:?}): {text} and {other} are entered alike: {steps:?}",
                        info.name
                    );
                }
                for (i, step) in steps.iter().enumerate() {
                    let options = session.turn_options(&steps[..i], dialect);
                    assert!(
                        options.next.contains(step),
                        "{} {fen} ({dialect:?}): {text}: step {i} {step:?} not offered",
                        info.name
                    );
                }
                assert_eq!(
                    session.turn_options(&steps, dialect).complete.as_deref(),
                    Some(text.as_str()),
                    "{} {fen} ({dialect:?}): {text}",
                    info.name
                );
            }
        }
    }
}

/// Game records number their moves from the position's move number, which each variant keeps in
/// its own FEN field (Symmetron's is the fifth): every start FEN ends its counters with `0 1`, and
/// with `0 12` the game is at move 12 until Black has moved.
#[test]
fn the_move_number_comes_from_the_fen_and_counts_black_moves() {
    for info in VARIANTS {
        let mut session = info
            .new_session(&VariantOptions::default())
            .expect("default options are valid");
        assert_eq!(session.move_number(), 1, "{}", info.name);
        let start = session.fen(Dialect::Uci);
        assert!(start.contains(" 0 1"), "{}: {start}", info.name);
        let fen = start.replacen(" 0 1", " 0 12", 1);
        session
            .set_fen(&fen, Dialect::Uci)
            .unwrap_or_else(|e| panic!("{}: {fen} rejected: {e}", info.name));
        assert_eq!(session.move_number(), 12, "{}: {fen}", info.name);
        for (ply, number) in [(1, 12), (2, 13)] {
            let first = session.legal_moves(Dialect::Uci)[0].clone();
            session.play(&first, Dialect::Uci).expect("a listed move");
            assert_eq!(
                session.move_number(),
                number,
                "{} after {ply} plies",
                info.name
            );
        }
    }
}

/// A game whose evaluation is written in weights (`kaleido::eval`) lists, for every position,
/// counts that give back exactly the score `evaluate` returns with networks off: the tuner fits
/// the hand-written evaluation the engine really plays with (alone, or under a correction net).
/// Checked along seeded random games from every bench position. Networks stay off for this test
/// binary: no other test here depends on the evaluation.
#[test]
fn evaluation_traces_reproduce_the_evaluation() {
    kaleido::eval::nnue::registry::set_enabled(false);
    let mut soup = kaleido::rng::SplitMix64::new(0x5EED_7ACE);
    for (info, _, mut session) in bench_sessions() {
        for _ in 0..60 {
            if let Some(trace) = session.eval_trace() {
                assert_eq!(
                    trace.engine_score(),
                    session.evaluate(),
                    "{}: {}",
                    info.name,
                    session.fen(Dialect::Uci)
                );
            }
            let moves = session.legal_moves(Dialect::Uci);
            if moves.is_empty() || session.outcome().is_some() {
                break;
            }
            let mv = &moves[soup.below(moves.len())];
            session.play(mv, Dialect::Uci).expect("legal move");
        }
    }
}

/// Every legal turn has a way in for a person at XBoard (`kaleido person`): drags, picks and
/// typed parts, with the engine handing the move back between parts.
#[test]
fn every_legal_turn_has_an_xboard_recipe() {
    use kaleido::protocol::xboard::person::{recipe, Action};
    for (info, fen, session) in bench_sessions() {
        for text in session.legal_moves(Dialect::Uci) {
            let actions = recipe(session.as_ref(), &text, Dialect::Uci)
                .unwrap_or_else(|e| panic!("{} {fen}: {text}: {e}", info.name));
            let parts = session
                .translate_move(&text, Dialect::Uci, Dialect::XBoard)
                .expect("legal")
                .split_whitespace()
                .filter(|p| *p != "@@@@")
                .count();
            let waits = actions.iter().filter(|a| **a == Action::Wait).count();
            assert_eq!(waits + 1, parts, "{} {fen}: {text}: {actions:?}", info.name);
        }
    }
}

/// Found by the FEN fuzz target under overflow checks: move counters near `u32::MAX` in a FEN
/// overflowed on the next move. Every variant reads them clamped to a billion plies.
#[test]
fn huge_move_counters_are_clamped() {
    use kaleido::mailbox::fen::COUNTER_LIMIT;
    for info in VARIANTS {
        let mut session = info
            .new_session(&VariantOptions::default())
            .expect("default options are valid");
        let mut fields: Vec<String> = session
            .fen(Dialect::Uci)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        // The counters are the last two numeric fields (Sonic writes its kings after them).
        let counters: Vec<usize> = (0..fields.len())
            .filter(|&i| fields[i].bytes().all(|b| b.is_ascii_digit()))
            .collect();
        let [.., halfmove, fullmove] = counters[..] else {
            panic!("{}: no move counters in {fields:?}", info.name);
        };
        fields[halfmove] = u32::MAX.to_string();
        fields[fullmove] = u32::MAX.to_string();
        let fen = fields.join(" ");
        session
            .set_fen(&fen, Dialect::Uci)
            .unwrap_or_else(|e| panic!("{}: {fen}: {e}", info.name));
        let read: Vec<String> = session
            .fen(Dialect::Uci)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let limit = COUNTER_LIMIT.to_string();
        assert_eq!(
            (&read[halfmove], &read[fullmove]),
            (&limit, &limit),
            "{}",
            info.name
        );
        session
            .self_check(7, 4, 20)
            .unwrap_or_else(|e| panic!("{}: {e}", info.name));
    }
}
