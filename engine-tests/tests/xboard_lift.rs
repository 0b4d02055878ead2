//! `lift SQ` is answered with `highlight COLOURFEN` marking exactly the squares the lifted piece
//! may go to next. Checked from the start positions against `kaleido moves` (the rules docs'
//! notation), translated here to XBoard's square names by the rules docs' own conventions: ranks
//! from 0 on 10-rank boards, a Reflection pair may start with either piece and a swapping pawn
//! pair goes to its squares after the swap (docs/reflection.md), Symmetron's launching squares
//! are l1/l10 and an explosion first steps onto the partner (docs/symmetron.md).

use engine_tests::binary::{run, stdout_lines, Transcript};
use std::collections::{BTreeMap, BTreeSet};

type Targets = BTreeMap<String, BTreeSet<String>>;

fn answer(t: &mut Transcript, line: &str) -> Vec<String> {
    t.exchange(line, "ping 5", "pong 5")
}

/// A square of the rules docs' notation (`e10`) as file index and rank index (0 = bottom).
fn cell(name: &str) -> (usize, usize) {
    let file = (name.as_bytes()[0] - b'a') as usize;
    let rank: usize = name[1..].parse().expect("rank number");
    (file, rank - 1)
}

/// XBoard's name of a cell on a board with `ranks` ranks.
fn xboard_name((file, rank): (usize, usize), ranks: usize) -> String {
    let base = usize::from(ranks != 10);
    format!("{}{}", (b'a' + file as u8) as char, rank + base)
}

/// `from` and `to` squares at the start of a coordinate move text (`e2e4`, `e7e8q`, `a1a4,...`).
fn squares(text: &str) -> (String, String) {
    let split = |t: &str| -> (String, String) {
        let digits = t[1..].chars().take_while(char::is_ascii_digit).count();
        (t[..1 + digits].to_string(), t[1 + digits..].to_string())
    };
    let (from, rest) = split(text);
    let (to, _) = split(&rest);
    (from, to)
}

/// The cells of one row of a FEN-like board, left to right: `None` for each square a digit run
/// counts, the character otherwise (a piece, a hole `*`, a colour).
fn row_cells(row: &str) -> Vec<Option<char>> {
    let mut cells = Vec::new();
    let mut number = 0;
    for c in row.chars() {
        match c.to_digit(10) {
            Some(d) => number = number * 10 + d as usize,
            None => {
                cells.extend(std::iter::repeat_n(None, number));
                number = 0;
                cells.push(Some(c));
            }
        }
    }
    cells.extend(std::iter::repeat_n(None, number));
    cells
}

/// The marked squares of a `highlight` line on a board of this size.
fn marked(line: &str, (files, ranks): (usize, usize)) -> BTreeSet<String> {
    let fen = line.strip_prefix("highlight ").expect("a highlight line");
    let rows: Vec<&str> = fen.split('/').collect();
    assert_eq!(rows.len(), ranks, "{line}");
    let mut out = BTreeSet::new();
    for (row, text) in rows.iter().enumerate() {
        let cells = row_cells(text);
        assert_eq!(cells.len(), files, "{line}");
        for (file, cell) in cells.iter().enumerate() {
            if let Some(c) = cell {
                assert!(
                    c.is_ascii_uppercase(),
                    "{line}: only legal targets are marked"
                );
                out.insert(xboard_name((file, ranks - 1 - row), ranks));
            }
        }
    }
    out
}

/// Lifts every square of the board in XBoard `variant` and compares the marks with `expected`.
fn check(variant: &str, size: (usize, usize), expected: &Targets, extra: &dyn Fn(&str) -> usize) {
    let mut t = Transcript::start();
    t.send("xboard");
    t.send("protover 2");
    t.line_starting("feature ");
    answer(&mut t, "new");
    if variant != "normal" {
        answer(&mut t, &format!("variant {variant}"));
    }
    answer(&mut t, "force");
    for file in 0..size.0 {
        for rank in 0..size.1 {
            let square = xboard_name((file, rank), size.1);
            let reply = answer(&mut t, &format!("lift {square}"));
            let [line] = &reply[..] else {
                t.fail(&format!("lift {square}: {reply:?}"));
            };
            let marks = marked(line, size);
            let want = expected.get(&square).cloned().unwrap_or_default();
            assert!(
                want.is_subset(&marks) && marks.len() == want.len() + extra(&square),
                "{variant} lift {square}: marked {marks:?}, expected {want:?} (+{})",
                extra(&square)
            );
        }
    }
    t.send("quit");
    assert!(t.finish());
}

fn moves(variant: &str) -> Vec<String> {
    stdout_lines(&run(&["moves", "--variant", variant]))
}

/// From-to of the first part of every move, for games whose moves are `from to [suffix]`.
fn plain_targets(variant: &str, ranks: usize) -> Targets {
    let mut targets = Targets::new();
    for mv in moves(variant) {
        let first = mv.split(',').next().expect("a part");
        let (from, to) = squares(first);
        targets
            .entry(xboard_name(cell(&from), ranks))
            .or_default()
            .insert(xboard_name(cell(&to), ranks));
    }
    targets
}

#[test]
fn chess_xiangqi_sinyeon_and_sonic_mark_the_moves_of_the_lifted_piece() {
    for (registry, xboard, size) in [
        ("chess", "normal", (8, 8)),
        ("xiangqi", "xiangqi", (9, 10)),
        ("sin-yeon-sang-gi", "sin-yeon-sang-gi", (13, 10)),
        ("sonic", "sonic", (8, 8)),
    ] {
        let expected = plain_targets(registry, size.1);
        assert!(!expected.is_empty());
        check(xboard, size, &expected, &|_| 0);
    }
}

/// The piece letter on a cell of a FEN board field.
fn piece_at(fen: &str, (file, rank): (usize, usize)) -> Option<char> {
    let rows: Vec<&str> = fen.split_whitespace().next()?.split('/').collect();
    let cell = *row_cells(rows.get(rows.len() - 1 - rank)?).get(file)?;
    cell.filter(char::is_ascii_alphabetic)
}

/// The square a pawn of this letter steps forward to: P north, S south, E east, W west.
fn forward(pawn: char, (file, rank): (usize, usize)) -> Option<(usize, usize)> {
    match pawn.to_ascii_uppercase() {
        'P' => Some((file, rank + 1)),
        'S' => Some((file, rank.checked_sub(1)?)),
        'E' => Some((file + 1, rank)),
        'W' => Some((file.checked_sub(1)?, rank)),
        _ => None,
    }
}

#[test]
fn reflection_marks_either_piece_of_a_pair_and_the_squares_after_a_swap() {
    for (variant, size) in [("reflection-mini", (8, 8)), ("reflection-14", (14, 14))] {
        let fen = stdout_lines(&run(&["play", "--variant", variant]))
            .pop()
            .expect("the start FEN");
        let mut expected = Targets::new();
        for mv in moves(variant) {
            let mut parts: Vec<((usize, usize), (usize, usize))> = mv
                .split(',')
                .map(|p| {
                    let (from, to) = squares(p);
                    (cell(&from), cell(&to))
                })
                .collect();
            if let [(f0, t0), (f1, t1)] = parts[..] {
                let pawns = (piece_at(&fen, f0), piece_at(&fen, f1));
                if let (Some(p0), Some(p1)) = pawns {
                    // Partner pawns that end facing each other swap (§1.6.5 of the rules).
                    if forward(p0, t0) == Some(t1) && forward(p1, t1) == Some(t0) {
                        parts = vec![(f0, t1), (f1, t0)];
                    }
                }
            }
            for (from, to) in parts {
                expected
                    .entry(xboard_name(from, size.1))
                    .or_default()
                    .insert(xboard_name(to, size.1));
            }
        }
        check(variant, size, &expected, &|_| 0);
    }
}

#[test]
fn symmetron_marks_entries_from_the_launching_square_and_one_square_for_an_in_place_change() {
    let ranks = 10;
    let ls = |side_white: bool| if side_white { (11, 0) } else { (11, 9) };
    let mut expected = Targets::new();
    let mut in_place = BTreeSet::new();
    for mv in moves("symmetron-112") {
        let (from, to) = if let Some(rest) = mv.strip_prefix('@') {
            let (_, to) = squares(&format!("a1{rest}"));
            (ls(true), cell(&to))
        } else if let Some((from, partner)) = mv.split_once('*') {
            (cell(from), cell(partner))
        } else if let Some(from) = mv.strip_suffix('@') {
            (cell(from), ls(true))
        } else if mv.ends_with('~') && mv.len() <= 4 || mv.contains('=') {
            let (from, _) = squares(&format!("{}a1", &mv[..mv.len() - 1]));
            in_place.insert(xboard_name(cell(&from), ranks));
            continue;
        } else {
            let (from, to) = squares(&mv);
            let (from, to) = (cell(&from), cell(&to));
            if mv.ends_with('x') {
                // An approach capture steps onto the victim beyond its landing square.
                let step = |a: usize, b: usize| (b as isize - a as isize).signum();
                let victim = (
                    (to.0 as isize + step(from.0, to.0)) as usize,
                    (to.1 as isize + step(from.1, to.1)) as usize,
                );
                (from, victim)
            } else {
                (from, to)
            }
        };
        expected
            .entry(xboard_name(from, ranks))
            .or_default()
            .insert(xboard_name(to, ranks));
    }
    assert!(
        in_place.contains("b0") && in_place.contains("i2"),
        "{in_place:?}"
    );
    // Each piece that may change in place gets exactly one more mark: the empty square its
    // change travels through (our choice, pinned by the engine's own traffic tests).
    check("symmetron-112", (12, ranks), &expected, &|square| {
        usize::from(in_place.contains(square))
    });
}
