//! Turns built step by step (`kaleido::turn`), as a person enters them on a board: the options
//! offered at each point, checked against the rules docs' move lists.

use kaleido::game::{Dialect, VariantOptions};
use kaleido::session::Session;
use kaleido::turn::Step;
use kaleido::variants;

fn session(variant: &str, fen: &str) -> Box<dyn Session> {
    let mut s = variants::find(variant)
        .and_then(|info| info.new_session(&VariantOptions::default()).ok())
        .expect("variant");
    if fen != "startpos" {
        s.set_fen(fen, Dialect::Uci).expect("FEN");
    }
    s
}

fn step(from: &str, to: &str, choice: Option<&str>) -> Step {
    Step::new(from, to, choice)
}

#[test]
fn a_chess_promotion_offers_the_four_pieces_on_one_square() {
    let s = session("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let options = s.turn_options(&[], Dialect::Uci);
    assert_eq!(options.targets_from("a7"), ["a8"]);
    let mut choices: Vec<_> = options
        .next
        .iter()
        .filter(|n| n.from.as_deref() == Some("a7"))
        .filter_map(|n| n.choice.clone())
        .collect();
    choices.sort();
    assert_eq!(choices, ["b", "n", "q", "r"]);
    let done = s.turn_options(&[step("a7", "a8", Some("q"))], Dialect::Uci);
    assert_eq!(done.complete.as_deref(), Some("a7a8q"));
    assert!(done.next.is_empty());
    assert!(!s
        .turn_options(&[step("a7", "a6", None)], Dialect::Uci)
        .is_valid());
}

#[test]
fn a_reflection_pair_may_start_with_either_piece() {
    // reflection-mini start: the pair turns are c1d3,c8d6 c2c3,c7c6 ... (docs/reflection.md).
    let s = session("reflection-mini", "startpos");
    for first in [step("c1", "d3", None), step("c8", "d6", None)] {
        let options = s.turn_options(std::slice::from_ref(&first), Dialect::Uci);
        assert_eq!(options.complete, None, "a pair turn needs both parts");
        assert_eq!(options.next.len(), 1, "{first:?}: only the mirror part");
        let both = [first.clone(), options.next[0].clone()];
        assert_eq!(
            s.turn_options(&both, Dialect::Uci).complete.as_deref(),
            Some("c1d3,c8d6")
        );
    }
}

#[test]
fn symmetron_changes_in_place_and_entries_from_the_launching_square() {
    let s = session("symmetron-112", "startpos");
    let options = s.turn_options(&[], Dialect::Uci);
    // The start position's move list (kaleido moves): b1~ flips the Canon in place, i3=B makes
    // the Pawn a Bawn, @a4 .. @k7 enter from White's launching square.
    assert!(options.next.contains(&step("b1", "b1", Some("~"))));
    assert!(options.next.contains(&step("i3", "i3", Some("=B"))));
    assert!(options.targets_from("l1").contains(&"f5".to_string()));
    assert_eq!(
        s.turn_options(&[step("l1", "f5", None)], Dialect::Uci)
            .complete
            .as_deref(),
        Some("@f5")
    );
}

#[test]
fn steps_of_the_last_move_are_read_from_its_text() {
    let s = session("reflection-mini", "startpos");
    assert_eq!(
        s.turn_steps("d2d4,d7d5", Dialect::Uci).expect("legal"),
        [step("d2", "d4", None), step("d7", "d5", None)]
    );
    assert!(s.turn_steps("d2d5,d7d4", Dialect::Uci).is_err());
}
