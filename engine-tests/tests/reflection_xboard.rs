//! Reflection through XBoard's protocol against a program (`computer`), the way XBoard drives
//! it: the opponent's pair arrives as `usermove first`, `go` (XBoard believes the turn is over),
//! `usermove @@@@`, `usermove second`; the engine must answer only once the turn is complete,
//! with its own turn in three parts.

use engine_tests::binary::Transcript;

fn answer(t: &mut Transcript, line: &str) -> Vec<String> {
    t.exchange(line, "ping 7", "pong 7")
}

#[test]
fn engine_answers_a_pair_turn_that_arrives_in_parts() {
    let mut t = Transcript::start();
    t.send("xboard");
    t.send("protover 2");
    t.line_starting("feature ");
    answer(&mut t, "new");
    answer(&mut t, "computer");
    let setup = answer(&mut t, "variant reflection-mini");
    assert!(
        setup
            .iter()
            .any(|l| l.starts_with("setup (") && l.contains("8x8+0_lion **NBKR**")),
        "{setup:?}"
    );
    t.send("sd 2");
    // XBoard relays the first engine's `move c2c4`, then tells us to go.
    assert!(answer(&mut t, "usermove c2c4").is_empty());
    let early = answer(&mut t, "go");
    assert!(
        early.iter().all(|l| !l.starts_with("move ")),
        "moved (or passed) in the middle of the opponent's turn: {early:?}"
    );
    assert!(answer(&mut t, "usermove @@@@").is_empty());
    t.send("usermove f7f5");
    // f7f5 does not complete c2c4: the engine says so; XBoard takes back only f7f5, and the
    // parts before it stay pending in both.
    let refused = t.line_starting("Illegal move");
    assert!(refused.contains("f7f5"), "{refused}");
    // The right part completes the turn: the engine (Black) thinks and answers in three parts.
    t.send("usermove c7c5");
    let first = t.line_starting("move ");
    let null = t.line_starting("move ");
    let second = t.line_starting("move ");
    assert_eq!(null, "move @@@@");
    assert!(first.len() > 5 && second.len() > 5, "{first} / {second}");
    t.send("quit");
    assert!(t.finish());
}
