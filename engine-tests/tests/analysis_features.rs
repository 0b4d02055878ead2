//! MultiPV and root-move restrictions against the real binary: CECP `option MultiPV`,
//! `exclude` / `include` (`feature exclude=1`) in analysis, and UCI `go searchmoves`.
//!
//! The positions are chosen so that what is asserted does not depend on the search's judgement:
//! a free queen (the capture is the best move at every depth from 2 on, by a queen's worth), the
//! ten turns of the `reflection-8` start (listed by `kaleido moves`), and the counts the
//! protocols promise (one line per PV per depth).

use engine_tests::binary::Transcript;
use engine_tests::binary::{xboard, xboard_answer as answer};
use std::time::Duration;

/// White's rook takes the undefended black queen on d5 (`d1d5`).
const FREE_QUEEN: &str = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";

/// One line of XBoard thinking output: `depth score time nodes pv`.
#[derive(Debug)]
struct Thought {
    depth: u32,
    score: i64,
    pv: String,
}

fn thought(line: &str) -> Option<Thought> {
    let mut fields = line.splitn(5, ' ');
    let depth = fields.next()?.parse().ok()?;
    let score = fields.next()?.parse().ok()?;
    fields.next()?.parse::<u64>().ok()?;
    fields.next()?.parse::<u64>().ok()?;
    Some(Thought {
        depth,
        score,
        pv: fields.next().unwrap_or("").to_string(),
    })
}

/// Thinking lines until one of depth `depth` + 1 arrives; returns those of depths up to `depth`.
fn thoughts_through(t: &mut Transcript, depth: u32) -> Vec<Thought> {
    let lines = t.until(&format!("thinking at depth {}", depth + 1), |l| {
        thought(l).is_some_and(|th| th.depth > depth)
    });
    lines
        .iter()
        .filter_map(|l| thought(l))
        .filter(|th| th.depth <= depth)
        .collect()
}

/// After a command that restarts a running analysis which had gone deeper than `depth`: the
/// thinking lines of the new search (from its depth-1 line on) through `depth`.
fn restarted_through(t: &mut Transcript, command: &str, depth: u32) -> Vec<Thought> {
    t.send(command);
    t.until("the restarted analysis", |l| {
        thought(l).is_some_and(|th| th.depth == 1)
    });
    thoughts_through(t, depth)
}

/// The lines of one depth, in the order sent.
fn at_depth(thoughts: &[Thought], depth: u32) -> Vec<&Thought> {
    thoughts.iter().filter(|th| th.depth == depth).collect()
}

/// The first move (turn) of an XBoard PV: parts with the mover's null moves between them form
/// one turn, so `d2d3 @@@@ d7d6 e2e3 ...` begins with `d2d3 @@@@ d7d6`.
fn first_turn(pv: &str) -> String {
    let tokens: Vec<&str> = pv.split_whitespace().collect();
    let mut end = 1;
    while end + 1 < tokens.len() && tokens[end] == "@@@@" {
        end += 2;
    }
    tokens[..end.min(tokens.len())].join(" ")
}

#[test]
fn features_offer_multipv_and_exclude() {
    let (t, features) = xboard();
    assert!(features.contains(" exclude=1 "), "{features}");
    assert!(
        features.contains("option=\"MultiPV -spin 1 1 "),
        "{features}"
    );
    assert!(t.finish());
}

#[test]
fn analysis_sends_one_line_per_pv_the_best_last() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "force");
    answer(&mut t, "post");
    answer(&mut t, "option MultiPV=3");
    t.send("analyze");
    let thoughts = thoughts_through(&mut t, 4);
    for depth in 2..=4 {
        let lines = at_depth(&thoughts, depth);
        assert_eq!(lines.len(), 3, "depth {depth}: {lines:?}");
        let mut firsts: Vec<String> = lines.iter().map(|th| first_turn(&th.pv)).collect();
        firsts.dedup();
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "three different moves at depth {depth}");
        let best = lines.iter().map(|th| th.score).max();
        assert_eq!(
            lines.last().map(|th| th.score),
            best,
            "the best line comes last (XBoard takes the last one for the PV): {lines:?}"
        );
    }
    // Back to one line: "fewer" in XBoard's engine-output pane sends exactly this.
    let thoughts = restarted_through(&mut t, "option MultiPV=1", 4);
    for depth in 2..=4 {
        assert_eq!(at_depth(&thoughts, depth).len(), 1, "depth {depth}");
    }
    answer(&mut t, "exit");
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn thinking_with_post_sends_every_pv() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "post");
    answer(&mut t, "option MultiPV=2");
    answer(&mut t, "sd 3");
    t.send("usermove e2e4");
    let lines = t.until("the engine's move", |l| l.starts_with("move "));
    let thoughts: Vec<Thought> = lines.iter().filter_map(|l| thought(l)).collect();
    for depth in 2..=3 {
        assert_eq!(
            at_depth(&thoughts, depth).len(),
            2,
            "depth {depth}: {lines:?}"
        );
    }
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn excluded_moves_leave_the_analysis_until_the_position_changes() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "force");
    answer(&mut t, &format!("setboard {FREE_QUEEN}"));
    answer(&mut t, "post");
    t.send("analyze");
    let best = |thoughts: &[Thought], depth| {
        first_turn(&at_depth(thoughts, depth).last().expect("a line").pv)
    };
    assert_eq!(best(&thoughts_through(&mut t, 3), 3), "d1d5");
    // The analysis starts again without the capture.
    let without = restarted_through(&mut t, "exclude d1d5", 4);
    assert!(
        without.iter().all(|th| first_turn(&th.pv) != "d1d5"),
        "{without:?}"
    );
    assert!(
        at_depth(&without, 4)[0].score < 0,
        "the queen stays: {without:?}"
    );
    assert_eq!(
        best(&restarted_through(&mut t, "include d1d5", 3), 3),
        "d1d5"
    );
    // A move and its take-back reach the same position again, with every move back in (the
    // analysis stopped meanwhile, so that every line read comes from the last start).
    answer(&mut t, "exit");
    answer(&mut t, "exclude d1d5");
    answer(&mut t, "usermove e1e2");
    answer(&mut t, "undo");
    t.send("analyze");
    assert_eq!(best(&thoughts_through(&mut t, 3), 3), "d1d5");
    answer(&mut t, "exit");
    answer(&mut t, "exclude d1d5");
    answer(&mut t, "include all");
    t.send("analyze");
    assert_eq!(best(&thoughts_through(&mut t, 3), 3), "d1d5");
    answer(&mut t, "exit");
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn a_multi_part_turn_is_excluded_by_its_full_text_or_its_first_part() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "variant reflection-8");
    answer(&mut t, "force");
    answer(&mut t, "post");
    answer(&mut t, "option MultiPV=10");
    t.send("analyze");
    // Ten turns at the start (`kaleido moves --variant reflection-8`): ten lines a depth.
    assert_eq!(at_depth(&thoughts_through(&mut t, 2), 2).len(), 10);
    // `exclude all`, then nothing to analyse: no thinking output until a move is included.
    answer(&mut t, "exclude all");
    std::thread::sleep(Duration::from_millis(300));
    t.send("ping 5");
    let quiet = t.until("pong 5", |l| l == "pong 5");
    assert!(
        quiet.iter().all(|l| thought(l).is_none()),
        "thinking output with every move excluded: {quiet:?}"
    );
    // The full text, parts and the null move between them, as XBoard relays a pair. The pawns
    // of this pair end facing each other and swap: Kaleido writes the turn to XBoard in the
    // form after the swap (docs/reflection.md), and either form names it.
    t.send("include d2d4 @@@@ d7d5");
    let lines = at_depth(&thoughts_through(&mut t, 3), 3)
        .iter()
        .map(|th| first_turn(&th.pv))
        .collect::<Vec<_>>();
    assert_eq!(lines, ["d2d5 @@@@ d7d4"]);
    // A first part alone (what XBoard's own exclusion clicks send) names the turns it begins.
    let thoughts = restarted_through(&mut t, "include c2c3", 3);
    let mut lines: Vec<String> = at_depth(&thoughts, 3)
        .iter()
        .map(|th| first_turn(&th.pv))
        .collect();
    lines.sort();
    assert_eq!(lines, ["c2c3 @@@@ c7c6", "d2d5 @@@@ d7d4"]);
    // The comma form of a turn (UCI's) names it too.
    let lines: Vec<String> = at_depth(&restarted_through(&mut t, "exclude d2d4,d7d5", 3), 3)
        .iter()
        .map(|th| first_turn(&th.pv))
        .collect();
    assert_eq!(lines, ["c2c3 @@@@ c7c6"]);
    answer(&mut t, "exit");
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn a_sonic_chain_is_named_by_its_legs() {
    // After 1.e4 e5 2.Nf3 Nc6 the knight's capture on e5 must bounce on to d7: `kaleido moves`
    // lists `f3e5,e5d7` with its two king-form variants `~n` and `~a`, and no plain `f3e5`.
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "variant sonic");
    answer(&mut t, "force");
    answer(
        &mut t,
        "setboard r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    );
    answer(&mut t, "option MultiPV=5");
    answer(&mut t, "post");
    // Set while no analysis runs, so that every line read comes from the next `analyze`.
    answer(&mut t, "exclude all");
    answer(&mut t, "include f3e5 @@@@ e5d7");
    answer(&mut t, "include f3e5");
    let firsts = |thoughts: &[Thought]| {
        let mut firsts: Vec<String> = at_depth(thoughts, 2)
            .iter()
            .map(|th| first_turn(&th.pv))
            .collect();
        firsts.sort();
        firsts
    };
    t.send("analyze");
    let all_three = firsts(&thoughts_through(&mut t, 2));
    assert_eq!(
        all_three,
        ["f3e5 @@@@ e5d7", "f3e5 @@@@ e5d7=", "f3e5 @@@@ e5d7n"],
        "the first leg names the three chains it begins"
    );
    let two = firsts(&restarted_through(&mut t, "exclude f3e5 @@@@ e5d7", 2));
    assert_eq!(two, ["f3e5 @@@@ e5d7=", "f3e5 @@@@ e5d7n"]);
    answer(&mut t, "exit");
    t.send("quit");
    assert!(t.finish());
}

#[test]
fn bad_exclusions_get_an_error_and_change_nothing() {
    let (mut t, _) = xboard();
    answer(&mut t, "new");
    answer(&mut t, "force");
    answer(&mut t, &format!("setboard {FREE_QUEEN}"));
    answer(&mut t, "exclude d1d5");
    for (line, error) in [
        ("exclude d1d9", "Error (no such move here): exclude d1d9"),
        ("include e2e4", "Error (no such move here): include e2e4"),
        (
            "exclude @@@@ zz",
            "Error (no such move here): exclude @@@@ zz",
        ),
        ("exclude", "Error (takes a move or all): exclude"),
        (
            "option MultiPV=x",
            "Error (MultiPV takes a number): option MultiPV=x",
        ),
    ] {
        let reply = answer(&mut t, line);
        assert_eq!(reply, [error], "{line}");
        // XBoard takes an error naming an illegal move for a refused move and takes one back.
        assert!(!reply[0].contains("llegal"), "{line}");
    }
    let reply = answer(&mut t, "d");
    assert!(
        reply.iter().any(|l| l == &format!("# Fen: {FREE_QUEEN}")),
        "{reply:?}"
    );
    // d1d5 is still excluded.
    answer(&mut t, "post");
    t.send("analyze");
    let thoughts = thoughts_through(&mut t, 3);
    assert!(thoughts.iter().all(|th| first_turn(&th.pv) != "d1d5"));
    answer(&mut t, "exit");
    t.send("quit");
    assert!(t.finish());
}

fn uci() -> Transcript {
    let mut t = Transcript::start();
    t.send("uci");
    t.until("uciok", |l| l == "uciok");
    t
}

/// `go ...` to its `bestmove`; returns the lines before it and the move.
fn go(t: &mut Transcript, command: &str) -> (Vec<String>, String) {
    t.send(command);
    let mut lines = t.until("bestmove", |l| l.starts_with("bestmove "));
    let best = lines.pop().unwrap_or_default();
    let mv = best.split_whitespace().nth(1).unwrap_or("").to_string();
    (lines, mv)
}

fn pv_first(line: &str) -> Option<&str> {
    line.split(" pv ").nth(1)?.split_whitespace().next()
}

#[test]
fn uci_searchmoves_restricts_the_root() {
    let mut t = uci();
    t.send(&format!("position fen {FREE_QUEEN}"));
    assert_eq!(go(&mut t, "go depth 4").1, "d1d5");
    let (lines, best) = go(&mut t, "go depth 4 searchmoves e1e2 e1f2");
    assert!(["e1e2", "e1f2"].contains(&best.as_str()), "{best}");
    for line in lines.iter().filter(|l| l.contains(" pv ")) {
        assert!(matches!(pv_first(line), Some("e1e2" | "e1f2")), "{line}");
    }
    // Keywords after the moves still count; MultiPV lists only the moves given.
    t.send("setoption name MultiPV value 5");
    let (lines, _) = go(&mut t, "go searchmoves e1e2 e1f2 d1d2 depth 3");
    let deepest: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    assert_eq!(deepest.len(), 3, "{lines:?}");
    t.send("setoption name MultiPV value 1");
    // Moves that are not legal here are reported and left out; with none left, every move.
    let (lines, best) = go(&mut t, "go depth 4 searchmoves d1d9 e2e4");
    assert_eq!(best, "d1d5");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string searchmoves: 'd1d9' left out")),
        "{lines:?}"
    );
    // A multi-part turn is one move: its whole text.
    t.send("setoption name UCI_Variant value reflection-8");
    t.send("position startpos");
    let (lines, best) = go(&mut t, "go depth 3 searchmoves c2c4,c7c5");
    assert_eq!(best, "c2c4,c7c5");
    assert!(lines
        .iter()
        .filter(|l| l.contains(" pv "))
        .all(|l| pv_first(l) == Some("c2c4,c7c5")));
    t.send("quit");
    assert!(t.finish());
}
