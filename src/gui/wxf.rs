//! Xiangqi moves in the notation xiangqi players read: WXF (the World Xiangqi Federation's, after
//! the Asian Xiangqi Federation's 1980s system: wxf.org, "Official xiangqi piece names and
//! notation"). Written from the engine's board view before the move and the move's squares: the
//! piece's letter (K A E H R C P), its file counted from the mover's right (1–9), `+` forward,
//! `-` backward or `.` sideways, then the file it lands on, or for a straight move of a king,
//! chariot, cannon or pawn the number of ranks moved. Two or more like pieces on the mover's
//! file are told apart front (`+`) and rear (`-`) as the federation's tandem rules say.

use crate::board_view::{BoardView, PieceView};
use crate::game::Side;

fn letter(glyph: &str) -> Option<char> {
    Some(match glyph {
        "general" => 'K',
        "guard" => 'A',
        "elephant" => 'E',
        "horse" => 'H',
        "chariot" => 'R',
        "cannon" => 'C',
        "soldier" => 'P',
        _ => return None,
    })
}

/// The move from `from` to `to` in `view` (the position before it), if it is a xiangqi move.
pub fn notation(view: &BoardView, from: &str, to: &str) -> Option<String> {
    let place = |name: &str| {
        view.cells
            .iter()
            .find(|c| c.name == name)
            .map(|c| (c.file as i32, c.rank as i32))
    };
    let ((f1, r1), (f2, r2)) = (place(from)?, place(to)?);
    let mover = view.pieces.iter().find(|p| p.square == from)?;
    let piece = letter(mover.glyph)?;
    let side = mover.side;
    let files = view.files as i32;
    // Files from the mover's right; "forward" is up the board for Red, down for Black.
    let number = |f: i32| {
        if side == Side::White {
            files - f
        } else {
            f + 1
        }
    };
    let ahead = |r: i32| if side == Side::White { r } else { -r };
    let forward = ahead(r2) - ahead(r1);
    let operator = match forward.signum() {
        1 => '+',
        -1 => '-',
        _ => '.',
    };
    let last = if matches!(piece, 'A' | 'E' | 'H') || operator == '.' {
        number(f2)
    } else {
        forward.abs()
    };
    let like = |p: &&PieceView| p.side == side && p.glyph == mover.glyph;
    let on_file = |f: i32| -> Vec<i32> {
        let mut ranks: Vec<i32> = view
            .pieces
            .iter()
            .filter(like)
            .filter_map(|p| place(&p.square))
            .filter(|(pf, _)| *pf == f)
            .map(|(_, r)| ahead(r))
            .collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a)); // the front one first
        ranks
    };
    let column = on_file(f1);
    let index = column.iter().position(|&r| r == ahead(r1))?;
    let head = match column.len() {
        0 | 1 => format!("{piece}{}", number(f1)),
        n => {
            // Front and rear pieces get `+`/`-`; the middle pawn of three or five keeps its
            // file; of four or five pawns the outermost are `++`/`--` (no letter).
            let mark = match (n, index) {
                (_, 0) if n >= 4 => "++".to_string(),
                (_, i) if n >= 4 && i == n - 1 => "--".to_string(),
                (_, 0) => "+".to_string(),
                (_, i) if i == n - 1 => "-".to_string(),
                (4 | 5, 1) => "+".to_string(),
                (4, 2) | (5, 3) => "-".to_string(),
                _ => number(f1).to_string(),
            };
            // Pawns in tandem on two files: the file's number replaces the letter.
            let other_tandem = piece == 'P' && (0..files).any(|f| f != f1 && on_file(f).len() >= 2);
            match mark.as_str() {
                "++" | "--" => mark,
                _ if other_tandem => format!("{}{mark}", number(f1)),
                _ => format!("{piece}{mark}"),
            }
        }
    };
    Some(format!("{head}{operator}{last}"))
}
