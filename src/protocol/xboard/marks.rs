//! Target squares as XBoard marks them (`feature highlight=1`): the engine answers `lift SQ` with
//! `highlight COLOURFEN`, upper-case colours on every square the lifted piece may go to next.
//! With legality testing off XBoard then refuses every unmarked square, and some colours have an
//! effect (read from XBoard 4.9.1's `backend.c` and measured):
//! - `Y` (yellow) a plain target;
//! - `M` (magenta) a target that needs a choice: XBoard lets the person pick a piece and adds
//!   its letter — in a popup (Queen, Rook, Bishop, Knight, King with legality testing off), or,
//!   with `-sweepPromotions` (Debian's default), by pulling the piece back while dragging, the
//!   pieces then restricted to the ones the engine names in `choice` when XBoard reports `put`;
//! - `B` (blue) a target with exactly one choice: XBoard asks the engine (`put SQ`), the engine
//!   answers `choice X`, and XBoard adds `x` to the move without asking the person.
//!
//! Cyan (XBoard builds a comma move and removes victims itself) and red (XBoard sends `hover`) are
//! not used: a multi-part turn goes as separate moves, and there is nothing to show on hover.
//! What the marks mean for a person is the same knowledge `kaleido person` prints as a recipe.

use crate::turn::TurnOptions;

/// The letters XBoard's promotion picker offers with legality testing off (`PromotionPopUp`).
pub const PICKER_LETTERS: &[&str] = &["q", "r", "b", "n", "k"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Moving there is the whole part (or one of its forms: others with a mark are typed).
    Plain,
    /// Every part to this square names one of these choices, each a piece XBoard's promotion
    /// picker offers (in the picker's order, the first its default).
    Picker(Vec<String>),
    /// Exactly one part goes to this square, with this choice letter, added by XBoard.
    Forced(String),
}

impl Mark {
    fn colour(&self) -> char {
        match self {
            Mark::Plain => 'Y',
            Mark::Picker(_) => 'M',
            Mark::Forced(_) => 'B',
        }
    }
}

/// The squares a piece picked up on `from` may be put on next, with their marks, sorted.
pub fn target_marks(options: &TurnOptions, from: &str) -> Vec<(String, Mark)> {
    let mut marks = Vec::new();
    for to in options.targets_from(from) {
        let mut choices: Vec<Option<&str>> = options
            .next
            .iter()
            .filter(|s| s.from.as_deref() == Some(from) && s.to.as_deref() == Some(to.as_str()))
            .map(|s| s.choice.as_deref())
            .collect();
        choices.sort();
        choices.dedup();
        let mark = match choices[..] {
            [Some(only)] if only.chars().count() == 1 => Mark::Forced(only.to_string()),
            // A plain move among marked ones: the squares mean the plain move, the others
            // are typed.
            _ if choices.contains(&None) => Mark::Plain,
            // Choices the picker offers are picked, any others typed (a Sonic promotion's
            // detour begins with the pawn's own letter).
            _ => {
                let letters: Vec<String> = PICKER_LETTERS
                    .iter()
                    .filter(|l| choices.contains(&Some(**l)))
                    .map(|l| l.to_string())
                    .collect();
                if letters.is_empty() {
                    Mark::Plain
                } else {
                    Mark::Picker(letters)
                }
            }
        };
        marks.push((to, mark));
    }
    marks
}

/// Every piece the marked squares let the person pick, in the picker's order, as one `choice`
/// argument (upper case); `None` when no square has a picker.
pub fn picker_letters(marks: &[(String, Mark)]) -> Option<String> {
    let picked: Vec<&str> = PICKER_LETTERS
        .iter()
        .copied()
        .filter(|l| {
            marks
                .iter()
                .any(|(_, m)| matches!(m, Mark::Picker(ls) if ls.iter().any(|x| x == l)))
        })
        .collect();
    (!picked.is_empty()).then(|| picked.concat().to_ascii_uppercase())
}

/// Files and ranks of the board XBoard shows, read from the board field of an XBoard FEN (`*`
/// holes count as squares; `~`/`+` markers and holdings `[...]` do not).
pub fn board_size(fen: &str) -> (usize, usize) {
    let board = fen.split_whitespace().next().unwrap_or("");
    let board = board.split('[').next().unwrap_or("");
    let mut files = 0;
    let mut ranks = 0;
    for row in board.split('/') {
        ranks += 1;
        let mut count = 0;
        let mut number = 0;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(d) => number = number * 10 + d as usize,
                None => {
                    count += number;
                    number = 0;
                    if c.is_ascii_alphabetic() || c == '*' {
                        count += 1;
                    }
                }
            }
        }
        files = files.max(count + number);
    }
    (files, ranks)
}

/// Column and row (row 0 at the bottom) of an XBoard square name on a board of this size: ranks
/// count from 0 on boards of exactly 10 ranks, from 1 otherwise. `None` for names off the board
/// (XBoard names its holdings with letters beside it).
pub fn square_cell(name: &str, (files, ranks): (usize, usize)) -> Option<(usize, usize)> {
    let mut chars = name.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let number: usize = chars.as_str().parse().ok()?;
    let base = usize::from(ranks != 10);
    let (file, rank) = ((file as u8 - b'a') as usize, number.checked_sub(base)?);
    (file < files && rank < ranks).then_some((file, rank))
}

/// The `highlight` argument: a FEN-like board of colour letters, top rank first.
pub fn colour_fen(marks: &[(String, Mark)], size: (usize, usize)) -> String {
    let (files, ranks) = size;
    let mut grid = vec![vec![None; files]; ranks];
    for (square, mark) in marks {
        if let Some((file, rank)) = square_cell(square, size) {
            grid[rank][file] = Some(mark.colour());
        }
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    Some(c) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    rows.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::Step;

    #[test]
    fn board_size_counts_holes_and_skips_holdings() {
        assert_eq!(
            board_size("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            (8, 8)
        );
        assert_eq!(
            board_size("**NBKR**/8/8/8/8/8/8/**RKBN** w - - 0 1"),
            (8, 8)
        );
        assert_eq!(board_size("12/12/12/12/12/12/12/12/12/12[] w"), (12, 10));
        assert_eq!(board_size("r+b~3/5 w"), (5, 2));
    }

    #[test]
    fn ten_rank_boards_count_from_zero() {
        assert_eq!(square_cell("e0", (9, 10)), Some((4, 0)));
        assert_eq!(square_cell("e9", (9, 10)), Some((4, 9)));
        assert_eq!(square_cell("e10", (9, 10)), None);
        assert_eq!(square_cell("e1", (8, 8)), Some((4, 0)));
        assert_eq!(square_cell("e0", (8, 8)), None);
        assert_eq!(
            square_cell("n3", (12, 10)),
            None,
            "holdings are off the board"
        );
        assert_eq!(square_cell("E2", (8, 8)), None);
    }

    #[test]
    fn the_colour_fen_marks_squares_from_the_top_rank() {
        let marks = vec![
            ("e3".to_string(), Mark::Plain),
            ("e4".to_string(), Mark::Plain),
            ("f3".to_string(), Mark::Picker(vec!["q".into()])),
        ];
        assert_eq!(colour_fen(&marks, (8, 8)), "8/8/8/8/4Y3/4YM2/8/8");
        assert_eq!(colour_fen(&[], (8, 8)), "8/8/8/8/8/8/8/8");
    }

    #[test]
    fn the_picker_letters_of_all_targets_in_the_pickers_order() {
        let marks = vec![
            ("c8".to_string(), Mark::Picker(vec!["r".into(), "n".into()])),
            ("b8".to_string(), Mark::Picker(vec!["b".into()])),
            ("c6".to_string(), Mark::Plain),
        ];
        assert_eq!(picker_letters(&marks).as_deref(), Some("RBN"));
        assert_eq!(picker_letters(&marks[2..]), None);
    }

    #[test]
    fn choices_decide_the_colour() {
        let step = |to: &str, choice: Option<&str>| Step::new("e7", to, choice);
        let options = TurnOptions {
            complete: None,
            next: vec![
                step("e8", Some("q")),
                step("e8", Some("r")),
                step("d8", Some("c")),
                step("e6", None),
                step("e6", Some("=")),
                step("f8", Some("~n")),
                step("g8", Some("q")),
                step("g8", Some("p")),
            ],
        };
        assert_eq!(
            target_marks(&options, "e7"),
            [
                ("d8".to_string(), Mark::Forced("c".into())),
                ("e6".to_string(), Mark::Plain),
                ("e8".to_string(), Mark::Picker(vec!["q".into(), "r".into()])),
                ("f8".to_string(), Mark::Plain),
                ("g8".to_string(), Mark::Picker(vec!["q".into()])),
            ]
        );
    }
}
