//! A person at XBoard, as XBoard drives the engine (no `computer`): each unfinished part of a
//! multi-part turn is answered with `move @@@@` so that XBoard hands the move back, the engine
//! plays its own turn after the last part, a wrong part is refused while the parts before it stay
//! pending, and `undo`/`remove` count XBoard's plies. With `computer` the opponent sends its own
//! null moves and the engine volunteers none.

use engine_tests::binary::Transcript;
use kaleido::game::{Dialect, VariantOptions};
use kaleido::session::Session;
use kaleido::variants;

fn answer(t: &mut Transcript, line: &str) -> Vec<String> {
    t.exchange(line, "ping 9", "pong 9")
}

/// An XBoard session in `variant` (XBoard's name), the engine Black since `new`.
fn start(variant: &str) -> Transcript {
    let mut t = Transcript::start();
    t.send("xboard");
    t.send("protover 2");
    let features = t.line_starting("feature ");
    assert!(features.contains("highlight=1"), "{features}");
    answer(&mut t, "new");
    if variant != "normal" {
        answer(&mut t, &format!("variant {variant}"));
    }
    t.send("sd 2");
    t
}

/// The session the engine should hold: `variant` (registry name) at `fen` (XBoard form) after
/// `parts` (XBoard text).
fn expected(variant: &str, fen: &str, turn: &str) -> Box<dyn Session> {
    let mut s = variants::find(variant)
        .and_then(|info| info.new_session(&VariantOptions::default()).ok())
        .expect("variant");
    s.set_fen(fen, Dialect::XBoard).expect("FEN");
    s.play(turn, Dialect::XBoard)
        .unwrap_or_else(|e| panic!("{turn}: {e}"));
    s
}

/// The start position of `variant` (registry name) in XBoard's form.
fn start_fen(variant: &str) -> String {
    variants::find(variant)
        .and_then(|info| info.new_session(&VariantOptions::default()).ok())
        .expect("variant")
        .fen(Dialect::XBoard)
}

fn fen(t: &mut Transcript) -> String {
    answer(t, "d")
        .into_iter()
        .find_map(|l| l.strip_prefix("# Fen: ").map(str::to_string))
        .unwrap_or_else(|| t.fail("no Fen line"))
}

/// Whether `reply` is the null move that hands the move back, maybe with a note to the person
/// (`telluser`, the first time per kind of continuation in a game).
fn gives_back(reply: &[String]) -> bool {
    reply.first().map(String::as_str) == Some("move @@@@")
        && reply[1..].iter().all(|l| l.starts_with("telluser "))
}

/// Sends each part; every part but the last must be answered with the null move.
fn enter(t: &mut Transcript, parts: &[&str]) {
    for part in &parts[..parts.len() - 1] {
        let reply = answer(t, &format!("usermove {part}"));
        if !gives_back(&reply) {
            t.fail(&format!("{part}: expected the null move, got {reply:?}"));
        }
    }
    t.send(&format!("usermove {}", parts[parts.len() - 1]));
}

/// The engine's turn after the person's: its parts, read until the pong that follows it.
fn engine_turn(t: &mut Transcript) -> Vec<String> {
    let first = t.line_starting("move ");
    let mut parts = vec![first["move ".len()..].to_string()];
    for line in answer(t, "ping 10") {
        if let Some(part) = line.strip_prefix("move ") {
            parts.push(part.to_string());
        }
    }
    if parts[0] == "@@@@" {
        t.fail("the engine passed instead of playing its turn");
    }
    parts
}

/// The person's turn `turn` from `fen`, in the flow where the engine plays Black since `new`:
/// the null move after each unfinished part, then the engine's own legal turn.
fn person_turn(variant: &str, xboard_variant: &str, fen_text: &str, turn: &str) {
    let mut t = start(xboard_variant);
    answer(&mut t, &format!("setboard {fen_text}"));
    let parts: Vec<&str> = turn.split(" @@@@ ").collect();
    enter(&mut t, &parts);
    let reply = engine_turn(&mut t);
    let after = expected(variant, fen_text, turn);
    assert!(
        after
            .legal_moves(Dialect::XBoard)
            .contains(&reply.join(" ")),
        "{variant}: {reply:?} is no turn after {turn}"
    );
    let mut both = after.clone_box();
    both.play(&reply.join(" "), Dialect::XBoard).expect("legal");
    assert_eq!(fen(&mut t), both.fen(Dialect::XBoard), "{variant}: {turn}");
}

/// A Sonic rook chain of three legs (`kaleido moves` lists a1a4,a4d4,d4d1 here).
const CHAIN_FEN: &str = "4k3/8/8/8/p2p4/8/8/R3K3 w - - 0 1";
const CHAIN: &str = "a1a4 @@@@ a4d4 @@@@ d4d1";

#[test]
fn a_sonic_chain_of_three_legs_is_entered_leg_by_leg() {
    person_turn("sonic", "sonic", CHAIN_FEN, CHAIN);
}

/// XBoard with a loaded position: `force`, `setboard`, the person's first part, then `go` (it
/// believes the engine is on move). The engine answers that `go` with the null move, and goes on
/// as Black.
#[test]
fn a_sonic_chain_from_a_set_up_position_starts_with_go() {
    let mut t = start("sonic");
    t.send("force");
    let setup = answer(&mut t, &format!("setboard {CHAIN_FEN}"));
    // A position the game has not had: the engine says it assumed fresh kings (XBoard's FEN has
    // no king field), then the position goes back to XBoard in two `setup` lines.
    assert!(
        setup.len() == 3
            && setup[0].starts_with("# setboard: a position this game has not had")
            && setup[0].ends_with(" Kna/Kna")
            && setup[1..].iter().all(|l| l.starts_with("setup (")),
        "{setup:?}"
    );
    assert!(answer(&mut t, "usermove a1a4").is_empty(), "force mode");
    assert!(gives_back(&answer(&mut t, "go")));
    enter(&mut t, &["a4d4", "d4d1"]);
    let reply = engine_turn(&mut t);
    let after = expected("sonic", CHAIN_FEN, CHAIN);
    assert!(after
        .legal_moves(Dialect::XBoard)
        .contains(&reply.join(" ")));
}

#[test]
fn a_wrong_leg_is_refused_and_the_right_one_still_completes_the_chain() {
    let mut t = start("sonic");
    answer(&mut t, &format!("setboard {CHAIN_FEN}"));
    assert!(gives_back(&answer(&mut t, "usermove a1a4")));
    // Mid-turn only the chain's continuation is marked: d4 for the rook, nothing for the king.
    assert_eq!(answer(&mut t, "lift a4"), ["highlight 8/8/8/8/3Y4/8/8/8"]);
    assert_eq!(answer(&mut t, "lift e1"), ["highlight 8/8/8/8/8/8/8/8"]);
    assert!(answer(&mut t, "put e2").is_empty() && answer(&mut t, "hover e2").is_empty());
    // From a4 the chain turns toward d4; a4e4 is no leg of it, nor is another piece's move.
    for wrong in ["a4e4", "e1e2"] {
        let refused = answer(&mut t, &format!("usermove {wrong}"));
        assert_eq!(refused, [format!("Illegal move: {wrong}")]);
    }
    enter(&mut t, &["a4d4", "d4d1"]);
    let reply = engine_turn(&mut t);
    assert!(expected("sonic", CHAIN_FEN, CHAIN)
        .legal_moves(Dialect::XBoard)
        .contains(&reply.join(" ")));
}

#[test]
fn a_reflection_pair_is_entered_piece_by_piece() {
    let start_mini = start_fen("reflection-mini");
    // Either piece first; the swapping pawn pair goes to its squares after the swap.
    for turn in ["c1d3 @@@@ c8d6", "c8d6 @@@@ c1d3", "c2c5 @@@@ c7c4"] {
        person_turn("reflection-mini", "reflection-mini", &start_mini, turn);
    }
    let fourteen = start_fen("reflection-14");
    person_turn(
        "reflection-14",
        "reflection-14",
        &fourteen,
        "e1f3 @@@@ e14f12",
    );
}

#[test]
fn a_symmetron_flip_in_place_and_an_entry_from_the_launching_square() {
    let start = start_fen("symmetron-112");
    // b1~: out to c2 (c1 in XBoard's ranks) with the piece's own letter, back with the new one.
    person_turn("symmetron-112", "symmetron-112", &start, "b0c1c @@@@ c1b0v");
    // @f5: the Resurrector enters from l1 (l0), one part, answered by the engine's turn.
    person_turn("symmetron-112", "symmetron-112", &start, "l0f4");
}

#[test]
fn take_backs_count_the_parts_and_null_moves_xboard_booked() {
    let mut t = start("sonic");
    answer(&mut t, &format!("setboard {CHAIN_FEN}"));
    enter(&mut t, &["a1a4", "a4d4", "d4d1"]);
    let reply = engine_turn(&mut t);
    assert_eq!(
        reply.len(),
        1,
        "the engine's reply here is one part: {reply:?}"
    );
    // `remove` (Retract Move) takes back the engine's reply and the chain's last leg: the chain
    // is open again after its second leg, and its last leg completes it once more.
    assert!(answer(&mut t, "remove").is_empty());
    let open = answer(&mut t, "d");
    assert!(
        open.iter().any(|l| l == "# Pending: a1a4 @@@@ a4d4 @@@@"),
        "{open:?}"
    );
    // `undo` takes back single plies: the null move, then the second leg.
    assert!(answer(&mut t, "force").is_empty());
    assert!(answer(&mut t, "undo").is_empty());
    assert!(answer(&mut t, "undo").is_empty());
    assert!(answer(&mut t, "d")
        .iter()
        .any(|l| l == "# Pending: a1a4 @@@@"));
    assert!(
        answer(&mut t, "usermove a4d4").is_empty(),
        "force mode: no reply"
    );
    assert!(answer(&mut t, "usermove @@@@").is_empty());
    assert!(answer(&mut t, "usermove d4d1").is_empty());
    assert_eq!(
        fen(&mut t),
        expected("sonic", CHAIN_FEN, CHAIN).fen(Dialect::XBoard)
    );
    // Back to the set-up position: 5 plies of the chain.
    for _ in 0..5 {
        assert!(answer(&mut t, "undo").is_empty());
    }
    assert_eq!(fen(&mut t), CHAIN_FEN);
    assert_eq!(answer(&mut t, "undo"), ["Error (no move to undo): undo"]);
}

#[test]
fn against_a_program_the_engine_volunteers_no_null_move() {
    let mut t = start("sonic");
    answer(&mut t, "computer");
    answer(&mut t, &format!("setboard {CHAIN_FEN}"));
    for part in ["a1a4", "@@@@", "a4d4", "@@@@"] {
        assert!(
            answer(&mut t, &format!("usermove {part}")).is_empty(),
            "{part}: the program sends its own null moves"
        );
    }
    t.send("usermove d4d1");
    let reply = engine_turn(&mut t);
    assert!(expected("sonic", CHAIN_FEN, CHAIN)
        .legal_moves(Dialect::XBoard)
        .contains(&reply.join(" ")));
    // `new` forgets the program: a person again.
    answer(&mut t, "new");
    answer(&mut t, "variant sonic");
    answer(&mut t, &format!("setboard {CHAIN_FEN}"));
    assert!(gives_back(&answer(&mut t, "usermove a1a4")));
}

#[test]
fn a_wrong_partner_move_is_refused_and_the_mirror_part_completes_the_pair() {
    let start_mini = start_fen("reflection-mini");
    let mut t = start("reflection-mini");
    answer(&mut t, &format!("setboard {start_mini}"));
    assert!(gives_back(&answer(&mut t, "usermove c1d3")));
    // c7c6 moves a piece, but not c1's partner (c8) and not the mirror image of c1d3.
    assert_eq!(answer(&mut t, "usermove c7c6"), ["Illegal move: c7c6"]);
    t.send("usermove c8d6");
    let reply = engine_turn(&mut t);
    assert!(expected("reflection-mini", &start_mini, "c1d3 @@@@ c8d6")
        .legal_moves(Dialect::XBoard)
        .contains(&reply.join(" ")));
}

/// Retract Move (`remove`, two plies) after the engine's pair turn (three plies) stops inside it:
/// the engine says so once, and the next `remove` reopens the person's own pair.
#[test]
fn a_take_back_into_the_engines_pair_turn_is_announced() {
    let start_mini = start_fen("reflection-mini");
    let mut t = start("reflection-mini");
    answer(&mut t, &format!("setboard {start_mini}"));
    enter(&mut t, &["c1d3", "c8d6"]);
    let reply = engine_turn(&mut t);
    assert_eq!(
        reply.len(),
        3,
        "every turn of the start is a pair: {reply:?}"
    );
    let note = answer(&mut t, "remove");
    assert!(
        note.len() == 1 && note[0].starts_with("telluser "),
        "{note:?}"
    );
    assert!(answer(&mut t, "remove").is_empty());
    assert!(answer(&mut t, "d")
        .iter()
        .any(|l| l == "# Pending: c1d3 @@@@"));
    t.send("usermove c8d6");
    engine_turn(&mut t);
}

/// `telluser` opens a dialog in XBoard each time: the person is told once per kind of
/// continuation in a game, not at every part.
#[test]
fn the_person_is_told_once_that_a_turn_goes_on() {
    let mut t = start("sonic");
    answer(&mut t, &format!("setboard {CHAIN_FEN}"));
    let first = answer(&mut t, "usermove a1a4");
    assert!(gives_back(&first) && first.len() == 2, "{first:?}");
    assert!(first[1].contains("a4"), "{first:?}");
    assert_eq!(answer(&mut t, "usermove a4d4"), ["move @@@@"]);
}

/// From a set-up position XBoard sends `go` right after the person's first move; when that move is
/// refused XBoard takes it back and the person moves again: the engine must not play the person's
/// side, and must answer the move that follows.
#[test]
fn a_refused_first_move_from_a_set_up_position_is_not_followed_by_the_engines() {
    let mut t = start("sonic");
    t.send("force");
    answer(&mut t, &format!("setboard {CHAIN_FEN}"));
    // As XBoard sends them: the move, then `go` at once.
    t.send("usermove a1a5");
    assert_eq!(
        answer(&mut t, "go"),
        ["Illegal move: a1a5"],
        "refused, and the person is still on move"
    );
    enter(&mut t, &["a1a4", "a4d4", "d4d1"]);
    let reply = engine_turn(&mut t);
    assert!(expected("sonic", CHAIN_FEN, CHAIN)
        .legal_moves(Dialect::XBoard)
        .contains(&reply.join(" ")));
}

/// XBoard's *Machine White*: the engine plays White from the start (`go`), the person Black; the
/// person's pair is answered part by part the same way.
#[test]
fn the_engine_playing_white_hands_back_the_persons_black_pair() {
    let start_mini = start_fen("reflection-mini");
    let mut t = start("reflection-mini");
    t.send("go");
    let white = engine_turn(&mut t);
    let after_white = expected("reflection-mini", &start_mini, &white.join(" "));
    let black = after_white
        .legal_moves(Dialect::XBoard)
        .into_iter()
        .find(|m| m.contains(" @@@@ "))
        .expect("Black has a pair turn");
    let parts: Vec<&str> = black.split(" @@@@ ").collect();
    enter(&mut t, &parts);
    let reply = engine_turn(&mut t);
    let mut after_black = after_white.clone_box();
    after_black.play(&black, Dialect::XBoard).expect("legal");
    assert!(after_black
        .legal_moves(Dialect::XBoard)
        .contains(&reply.join(" ")));
}

/// Parts sent together in one `usermove` (`a1a4 @@@@`, as the engine's `d` prints a pending
/// turn) are booked as XBoard would book them one by one: after the null move the person is on
/// move again, so the engine waits instead of handing back a second null move (found by the
/// XBoard fuzz target in Reflection: `usermove b7d7 @@@@` got `move @@@@`).
#[test]
fn parts_sent_together_with_their_null_move_leave_the_person_on_move() {
    let mut t = start("sonic");
    answer(&mut t, &format!("setboard {CHAIN_FEN}"));
    assert!(answer(&mut t, "usermove a1a4 @@@@").is_empty());
    assert!(answer(&mut t, "d")
        .iter()
        .any(|l| l == "# Pending: a1a4 @@@@"));
    enter(&mut t, &["a4d4", "d4d1"]);
    let reply = engine_turn(&mut t);
    let after = expected("sonic", CHAIN_FEN, CHAIN);
    assert!(
        after
            .legal_moves(Dialect::XBoard)
            .contains(&reply.join(" ")),
        "{reply:?}"
    );
    // The chain is 5 XBoard plies, the reply 1: six `undo`s reach the set-up position.
    answer(&mut t, "force");
    for _ in 0..6 {
        assert!(answer(&mut t, "undo").is_empty());
    }
    assert_eq!(fen(&mut t), CHAIN_FEN);
}
