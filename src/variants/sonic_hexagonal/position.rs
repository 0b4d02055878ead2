//! The position of a hexagonal Sonic game: the padded hex board of piece codes (`OFF` in the
//! padding), side to move, en-passant cell, clocks, king cells and the Zobrist key; the position
//! text (docs/sonic-hexagonal.md, "Position text") read and written here.

use crate::game::{Dialect, Side};
use crate::mailbox::fen::Fen;
use crate::mailbox::hex::{self, Cell, SLOTS};
use crate::mailbox::zobrist::ZOBRIST;

pub use crate::mailbox::chessmen::{
    colour, kind, make_piece, piece_char, piece_from_char, BISHOP, BLACK, EMPTY, KING, KNIGHT,
    PAWN, QUEEN, ROOK,
};

/// The padding around the hexagon: never a piece, never empty.
pub use crate::mailbox::OFF;

pub const START: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";

/// Misc Zobrist slots of this game: the en-passant cell by its dense index, 91 slots from 128
/// (keys of different games never meet in one table, so sharing slots with them is harmless).
const MISC_EP: usize = 128;

/// HexRules fixed for a game: the turn angle and Crooked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct HexRules {
    /// `Turn60`: turns of ±2 hours instead of ±4.
    pub turn60: bool,
    /// `Crooked`: the sense flips before every turn after the first.
    pub crooked: bool,
}

impl HexRules {
    /// The hours one turn adds in the clockwise sense.
    pub fn turn_hours(&self) -> usize {
        if self.turn60 {
            2
        } else {
            4
        }
    }
}

/// White's pawn start cells (Black's are their mirror images).
pub const WHITE_PAWN_START: [&str; 9] = ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"];

fn cell(name: &str) -> Cell {
    hex::parse_name(name).map_or(0, |(c, _)| c)
}

/// A pawn of `side` on `c` may double-step (whichever pawn it is: H.4).
pub fn pawn_start(side: Side, c: Cell) -> bool {
    let c = match side {
        Side::White => c,
        Side::Black => hex::mirror(c),
    };
    WHITE_PAWN_START.iter().any(|&n| cell(n) == c)
}

/// `c` is the last cell of its file for `side`'s pawns (White: the top of each file; Black: rank 1).
pub fn promotion_cell(side: Side, c: Cell) -> bool {
    let (q, r) = hex::coords(c);
    match side {
        Side::White => !hex::is_cell(q, r + 1),
        Side::Black => !hex::is_cell(q, r - 1),
    }
}

/// The pawn's forward hour: 12 for White, 6 for Black.
pub fn forward(side: Side) -> (i8, i8) {
    match side {
        Side::White => hex::HOURS[0],
        Side::Black => hex::HOURS[6],
    }
}

/// The pawn's two capture hours: 10 and 2 for White, 8 and 4 for Black.
pub fn pawn_captures(side: Side) -> [(i8, i8); 2] {
    match side {
        Side::White => [hex::HOURS[10], hex::HOURS[2]],
        Side::Black => [hex::HOURS[8], hex::HOURS[4]],
    }
}

pub fn zobrist_piece(p: u8, c: Cell) -> u64 {
    ZOBRIST.piece(p as usize, hex::mailbox_square(c))
}

fn zobrist_ep(c: Cell) -> u64 {
    ZOBRIST.misc(MISC_EP + hex::index(c))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: [u8; SLOTS],
    pub side: Side,
    /// The cell a pawn skipped with the last move's double step.
    pub ep: Option<Cell>,
    /// Whether `ep` is in the key: only when an en-passant capture is possible (H.3).
    pub ep_in_key: bool,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Each side's king cell; `None` once captured (the game is over).
    pub king: [Option<Cell>; 2],
    pub key: u64,
}

impl Position {
    pub fn empty() -> Position {
        let mut board = [OFF; SLOTS];
        for c in hex::cells() {
            board[c as usize] = EMPTY;
        }
        Position {
            board,
            side: Side::White,
            ep: None,
            ep_in_key: false,
            halfmove: 0,
            fullmove: 1,
            king: [None; 2],
            key: 0,
        }
    }

    #[inline]
    pub fn at(&self, c: Cell) -> u8 {
        self.board[c as usize]
    }

    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for c in hex::cells() {
            let p = self.at(c);
            if p != EMPTY {
                key ^= zobrist_piece(p, c);
            }
        }
        if self.side == Side::Black {
            key ^= ZOBRIST.side;
        }
        if let (true, Some(ep)) = (self.ep_capturable(), self.ep) {
            key ^= zobrist_ep(ep);
        }
        key
    }

    /// A pawn of the side to move attacks the skipped cell (no check rule: then e.p. is legal).
    pub fn ep_capturable(&self) -> bool {
        let Some(ep) = self.ep else {
            return false;
        };
        let own = make_piece(PAWN, self.side);
        pawn_captures(self.side)
            .iter()
            .any(|&d| self.at(hex::add(ep, -hex::offset(d))) == own)
    }

    pub fn put(&mut self, c: Cell, p: u8) {
        self.board[c as usize] = p;
        self.key ^= zobrist_piece(p, c);
        if kind(p) == KING {
            self.king[colour(p).index()] = Some(c);
        }
    }

    pub fn take(&mut self, c: Cell) -> u8 {
        let p = self.at(c);
        if p != EMPTY && p != OFF {
            self.board[c as usize] = EMPTY;
            self.key ^= zobrist_piece(p, c);
            if kind(p) == KING && self.king[colour(p).index()] == Some(c) {
                self.king[colour(p).index()] = None;
            }
        }
        p
    }

    /// Sets the en-passant cell after the side to move has been switched.
    pub fn set_ep(&mut self, ep: Option<Cell>) {
        if let (true, Some(old)) = (self.ep_in_key, self.ep) {
            self.key ^= zobrist_ep(old);
        }
        self.ep = ep;
        self.ep_in_key = self.ep_capturable();
        if let (true, Some(new)) = (self.ep_in_key, self.ep) {
            self.key ^= zobrist_ep(new);
        }
    }

    pub fn switch_side(&mut self) {
        self.side = self.side.other();
        self.key ^= ZOBRIST.side;
    }

    /// The side whose king has been captured, if any: the game is over.
    pub fn king_lost(&self) -> Option<Side> {
        [Side::White, Side::Black]
            .into_iter()
            .find(|s| self.king[s.index()].is_none())
    }
}

/// Reads a position text (H.3). `startpos` stands for the start.
pub fn parse(text: &str) -> Result<Position, String> {
    let mut fen = Fen::new(text, Dialect::Uci, START)?;
    let mut pos = Position::empty();
    read_board(fen.board_field(), &mut pos)?;
    pos.side = fen.side(None)?;
    let ep = fen.field().ok_or("missing en-passant field")?;
    let (halfmove, fullmove) = fen.counters()?;
    fen.finish()?;
    pos.halfmove = halfmove;
    pos.fullmove = fullmove;
    validate(&pos)?;
    pos.ep = read_ep(ep, &pos)?;
    pos.ep_in_key = pos.ep_capturable();
    pos.key = pos.compute_key();
    Ok(pos)
}

fn read_board(field: &str, pos: &mut Position) -> Result<(), String> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != 11 {
        return Err(format!(
            "the board has 11 ranks, the text has {}",
            rows.len()
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 11 - i as i8;
        let cells: Vec<Cell> = hex::rank_cells(rank).collect();
        let mut at = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                let mut run = d as usize;
                while let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run * 10 + next as usize;
                    chars.next();
                    if run > 11 {
                        break;
                    }
                }
                if run == 0 {
                    return Err(format!("rank {rank}: an empty run of 0 cells"));
                }
                at += run;
            } else {
                let p = piece_from_char(ch)
                    .ok_or_else(|| format!("rank {rank}: '{ch}' is no piece letter"))?;
                if let Some(&c) = cells.get(at) {
                    pos.put(c, p);
                }
                at += 1;
            }
            if at > cells.len() {
                break;
            }
        }
        if at != cells.len() {
            return Err(format!(
                "rank {rank} has {} cells, the text gives {at}",
                cells.len()
            ));
        }
    }
    Ok(())
}

/// Kings and pawns (H.3): at most one king a side, at least one on the board, no pawn on one of
/// its own promotion cells.
fn validate(pos: &Position) -> Result<(), String> {
    for side in [Side::White, Side::Black] {
        let kings = hex::cells()
            .filter(|&c| pos.at(c) == make_piece(KING, side))
            .count();
        if kings > 1 {
            return Err(format!("{} has {kings} kings", side.name()));
        }
        let pawn = make_piece(PAWN, side);
        if let Some(c) = hex::cells().find(|&c| pos.at(c) == pawn && promotion_cell(side, c)) {
            return Err(format!(
                "a {} pawn on its promotion cell {}",
                side.name(),
                hex::name(c)
            ));
        }
    }
    if pos.king == [None, None] {
        return Err("no king on the board".into());
    }
    Ok(())
}

/// The `ep` field: `-` or a cell the side that just moved can skip, empty, with that side's pawn
/// one step beyond it.
fn read_ep(field: &str, pos: &Position) -> Result<Option<Cell>, String> {
    if field == "-" {
        return Ok(None);
    }
    let c = match hex::parse_name(field) {
        Some((c, "")) => c,
        _ => return Err(format!("bad en-passant cell '{field}'")),
    };
    let mover = pos.side.other();
    let skippable = {
        // The skipped cell is one step ahead of a start cell.
        let back = hex::add(c, -hex::offset(forward(mover)));
        hex::slot_is_cell(back) && pawn_start(mover, back)
    };
    let beyond = hex::add(c, hex::offset(forward(mover)));
    if pos.at(c) != EMPTY {
        return Err(format!("en-passant cell {field} is occupied"));
    }
    if !skippable {
        return Err(format!(
            "en-passant cell {field} is not a cell a {} pawn skips",
            mover.name()
        ));
    }
    if pos.at(beyond) != make_piece(PAWN, mover) {
        return Err(format!(
            "no {} pawn beyond the en-passant cell {field}",
            mover.name()
        ));
    }
    Ok(Some(c))
}

/// Writes the position text with maximal digit runs.
pub fn write(pos: &Position) -> String {
    let mut board = String::new();
    for rank in (1..=11).rev() {
        let mut run = 0;
        for c in hex::rank_cells(rank) {
            let p = pos.at(c);
            if p == EMPTY {
                run += 1;
                continue;
            }
            if run > 0 {
                board.push_str(&run.to_string());
                run = 0;
            }
            board.push(piece_char(p));
        }
        if run > 0 {
            board.push_str(&run.to_string());
        }
        if rank > 1 {
            board.push('/');
        }
    }
    let side = if pos.side == Side::White { 'w' } else { 'b' };
    let ep = pos.ep.map_or("-".to_string(), hex::name);
    format!("{board} {side} {ep} {} {}", pos.halfmove, pos.fullmove)
}

/// A text picture: the board as the rules doc draws it, White below, a piece letter or `.` at
/// each cell's centre.
pub fn diagram(pos: &Position) -> String {
    // Line y = 2r − q + 10 (0 at f1, 20 at f11); column 4·(q + 5).
    let mut lines = vec![vec![b' '; 4 * 10 + 1]; 21];
    for c in hex::cells() {
        let (q, r) = hex::coords(c);
        let y = (2 * r - q + 10) as usize;
        let x = 4 * (q + 5) as usize;
        let p = pos.at(c);
        lines[y][x] = if p == EMPTY {
            b'.'
        } else {
            piece_char(p) as u8
        };
    }
    let mut out = String::new();
    for line in lines.iter().rev() {
        let text = String::from_utf8_lossy(line);
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out.push_str(&format!("{}\n", write(pos)));
    out
}
