//! What a person must see of a position, with no protocol in it: the board's shape and the
//! squares' meaning (palaces, river, holes, launching squares, springs, the boundary of two
//! boards), every piece with the state a player has to know (a Sonic king's forms and hits, a
//! Can(n)on's state, a Reflection pawn's direction), and whatever stands beside the board. Each game
//! builds its own view (`Presentation::board_view`); the browser board only draws it.

use crate::game::Side;
use serde::Serialize;

/// How the pieces stand: in squares (chess), on the points where lines cross (xiangqi), or in
/// hexagons (Gliński's board: cells in columns, each half a cell above or below its neighbours in
/// the next column; the marks `hex-light`, `hex-medium`, `hex-dark` give the three colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    Squares,
    Points,
    Hexes,
}

/// One place a piece can stand, in the rules docs' square names. Grid squares have `file` and
/// `rank` from 0 (a1 is 0, 0); a place off the grid (a launching square) has coordinates outside
/// `0..files` × `0..ranks`, where it is drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellView {
    pub name: String,
    pub file: f32,
    pub rank: f32,
    /// What the square is besides a square, e.g. `palace-white`, `launch-black`, `spring`.
    pub marks: Vec<&'static str>,
}

/// A line drawn across the board between two files or two ranks.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Divider {
    /// `river` (between ranks) or `boards` (the gap between two boards, between files).
    pub kind: &'static str,
    /// The divider runs after this file (for `boards`) or rank (for `river`), counted from 0.
    pub after: usize,
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceView {
    pub square: String,
    pub side: Side,
    /// The drawing to use, one per kind of piece (`king`, `knight`, `cannon`, `reducer`...).
    pub glyph: &'static str,
    /// The piece's letter in the game's FEN, drawn on pieces that share a glyph family.
    pub letter: String,
    /// Small marks a player must see on the piece: a king's current form, a pawn's direction…
    pub badges: Vec<String>,
    /// The whole description, e.g. `White King, usual form (knight and Alibaba forms left)`.
    pub title: String,
    /// The character on a xiangqi-family piece (the page draws it from glyph outlines it
    /// carries, so no CJK font is needed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hanzi: Option<&'static str>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardView {
    pub files: usize,
    pub ranks: usize,
    pub style: Style,
    /// File letters and rank numbers printed along the edges (the rules docs' names).
    pub file_names: Vec<String>,
    pub rank_names: Vec<String>,
    /// Every place a piece may stand; grid squares that are holes are simply absent.
    pub cells: Vec<CellView>,
    pub dividers: Vec<Divider>,
    pub pieces: Vec<PieceView>,
    pub side_to_move: Side,
    /// How the game calls its two players (`White`/`Black`, `Red`/`Black`).
    pub side_names: [&'static str; 2],
    /// State beside the board a player must know, one line each (e.g. the kings' forms).
    pub notes: Vec<String>,
    /// The squares of the side to move's royal pieces that are in check, as the game defines
    /// check (a mated king too): the board draws a check mark there.
    pub check: Vec<String>,
}

impl BoardView {
    /// An empty board of `files` × `ranks` squares, every square present, named a1…, with the
    /// players called White and Black.
    /// Marks the side to move's pieces drawn as `royal` as in check (for games with one royal
    /// piece a side, whose own check test said so).
    pub fn mark_check(&mut self, royal: &str) {
        let side = self.side_to_move;
        self.check = self
            .pieces
            .iter()
            .filter(|p| p.side == side && p.glyph == royal)
            .map(|p| p.square.clone())
            .collect();
    }

    pub fn rectangle(files: usize, ranks: usize, side_to_move: Side) -> BoardView {
        let mut cells = Vec::with_capacity(files * ranks);
        for rank in 0..ranks {
            for file in 0..files {
                cells.push(CellView {
                    name: crate::mailbox::square_name(file, rank, 1),
                    file: file as f32,
                    rank: rank as f32,
                    marks: Vec::new(),
                });
            }
        }
        BoardView {
            files,
            ranks,
            style: Style::Squares,
            file_names: (0..files)
                .map(|f| ((b'a' + f as u8) as char).to_string())
                .collect(),
            rank_names: (1..=ranks).map(|r| r.to_string()).collect(),
            cells,
            dividers: Vec::new(),
            pieces: Vec::new(),
            side_to_move,
            side_names: ["White", "Black"],
            notes: Vec::new(),
            check: Vec::new(),
        }
    }

    /// Keeps only the cells `keep` accepts (a board with holes).
    pub fn retain_cells(&mut self, keep: impl Fn(&CellView) -> bool) {
        self.cells.retain(keep);
    }

    /// Adds `mark` to the grid square (file, rank).
    pub fn mark(&mut self, file: usize, rank: usize, mark: &'static str) {
        if let Some(cell) = self
            .cells
            .iter_mut()
            .find(|c| c.file == file as f32 && c.rank == rank as f32)
        {
            cell.marks.push(mark);
        }
    }

    pub fn side_name(&self, side: Side) -> &'static str {
        self.side_names[side.index()]
    }

    /// Adds a piece; its title starts with its owner's name.
    pub fn piece(
        &mut self,
        square: String,
        side: Side,
        glyph: &'static str,
        letter: char,
        name: &str,
    ) -> &mut PieceView {
        let title = format!("{} {name}", self.side_name(side));
        self.pieces.push(PieceView {
            square,
            side,
            glyph,
            letter: letter.to_string(),
            badges: Vec::new(),
            title,
            hanzi: None,
        });
        self.pieces.last_mut().expect("just pushed")
    }
}

/// `promote to Queen` for a choice that is one promotion letter (any case); the choice itself
/// otherwise. The choice label of games whose only choice is the promotion piece.
pub fn promotion_label(choice: &str) -> String {
    let mut letters = choice.chars();
    match (letters.next().and_then(promotion_name), letters.next()) {
        (Some(name), None) => format!("promote to {name}"),
        _ => choice.to_string(),
    }
}

/// The usual name of a promotion piece letter (any case), for choice labels.
pub fn promotion_name(letter: char) -> Option<&'static str> {
    Some(match letter.to_ascii_lowercase() {
        'q' => "Queen",
        'r' => "Rook",
        'b' => "Bishop",
        'n' => "Knight",
        _ => return None,
    })
}
