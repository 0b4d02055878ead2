//! The search reports a forced mate in three turns for White from the `reflection-14` start
//! (`g2g4,g13g11` first). Search prunes, so a mate score could be an artefact; this proves it with a
//! plain exhaustive AND/OR search over the legal turns. The mating line itself was checked by hand
//! against the rules (docs/reflection.md, "The 14x14 opening mate").

use kaleido::game::{MoveList, Notation, Rules, Side};
use kaleido::variants::reflection::Reflection;

/// Whether the side to move (White) mates within `turns` of its own turns, whatever Black does.
fn white_mates_within(game: &mut Reflection, turns: u32) -> bool {
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    moves.into_iter().any(|mv| {
        game.make(mv);
        let mated = black_is_lost(game, turns - 1);
        game.unmake();
        mated
    })
}

/// Black to move: lost now, or every turn leads to a White mate within `turns` more.
fn black_is_lost(game: &mut Reflection, turns: u32) -> bool {
    if let Some(outcome) = game.rule_outcome(false) {
        return outcome.winner == Some(Side::White);
    }
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    if moves.is_empty() {
        return game.no_moves_outcome().winner == Some(Side::White);
    }
    turns > 0
        && moves.into_iter().all(|mv| {
            game.make(mv);
            let lost = white_mates_within(game, turns);
            game.unmake();
            lost
        })
}

fn start() -> Reflection {
    Reflection::new("reflection-14", &Default::default()).expect("reflection-14 exists")
}

#[test]
fn the_mating_line_ends_in_checkmate() {
    let mut game = start();
    for text in [
        "g2g4,g13g11",
        "b6c6,m6l6",
        "h1c6,h14c9",
        "b8c9,m8l9",
        "c6a6",
    ] {
        let mv = game
            .parse_move(text, kaleido::game::Dialect::Uci)
            .expect(text);
        game.make(mv);
    }
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(game.no_moves_outcome().winner, Some(Side::White));
}

#[test]
fn white_forces_mate_in_three_turns_from_the_start() {
    let mut game = start();
    let first = game
        .parse_move("g2g4,g13g11", kaleido::game::Dialect::Uci)
        .expect("legal first turn");
    game.make(first);
    assert!(black_is_lost(&mut game, 2), "every Black defence loses");
}

#[test]
fn no_mate_in_two_turns() {
    let mut game = start();
    assert!(!white_mates_within(&mut game, 2));
}
