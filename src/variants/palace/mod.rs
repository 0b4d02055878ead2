//! Shared machinery of the palace games: xiangqi and Sin-yeon-sang-gi (its 13x10 Joseon-era
//! relative). Both have the same skeleton — a 10-rank board with a river between ranks 5 and 6, a
//! 3x3 palace on each back edge, palace-bound king and guards, river-bound elephants ("bulls"),
//! lame leapers, screen-jumping cannons, pawns that gain a sideways step on crossing, the flying
//! general, stalemate lost and perpetual check lost on repetition. They differ only in board width,
//! piece set and two extra pawn/freeing rules, so one generic engine (`PalaceGame<R>`) serves both
//! and each game's folder supplies a `Ruleset`: letters, start position, rule switches, evaluation
//! and record notation. One concept, one place: a fix to the cannon or the repetition ruling fixes
//! both games.

pub mod eval;
pub mod features;
mod game_impl;
pub mod movegen;
pub mod notation;
pub mod position;
mod see;
#[cfg(test)]
pub(crate) mod tests;
mod view;

use crate::eval::Pair;
use crate::game::{Dialect, MoveError};
use crate::mailbox::{square, Sq, CELLS};

pub use position::PalaceGame;

/// Ranks of every palace game.
pub const RANKS: usize = 10;

/// Piece kinds of both games. Xiangqi uses the first seven: its advisor is a `Guard`, its
/// elephant a `Bull` (the same river-bound, eye-blocked (2,2) leaper).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    Pawn = 1,
    Guard = 2,
    Bull = 3,
    Horse = 4,
    Cannon = 5,
    Rook = 6,
    King = 7,
    Bear = 8,
    Rhino = 9,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Pawn,
        Kind::Guard,
        Kind::Bull,
        Kind::Horse,
        Kind::Cannon,
        Kind::Rook,
        Kind::King,
        Kind::Bear,
        Kind::Rhino,
    ];
    pub fn from_code(code: u8) -> Option<Kind> {
        Kind::ALL
            .get((code & KIND_MASK).wrapping_sub(1) as usize)
            .copied()
    }
}

/// A board cell: `EMPTY`, `OFF` (outside the board) or a piece code `kind | colour << 4`.
/// Piece codes stay below 32, so they index Zobrist tables directly.
pub type Cell = u8;
pub const EMPTY: Cell = 0;
pub use crate::mailbox::OFF;
pub const KIND_MASK: u8 = 0x0F;
pub const BLACK_BIT: u8 = 0x10;

/// The piece code of `kind` for the colour of index `color` (`Side::index`: 0 = Red/White,
/// 1 = Black). The colour stays an index here, not a `Side`: the zone flags are kept per colour
/// as `PALACE << colour` and `HALF << colour`, so movement tests shift by it.
#[inline]
pub const fn make_piece(kind: Kind, color: usize) -> Cell {
    kind as u8 | ((color as u8) << 4)
}

/// Colour index (`Side::index`) of a piece code (not of EMPTY/OFF).
#[inline]
pub const fn colour_index(cell: Cell) -> usize {
    ((cell >> 4) & 1) as usize
}

/// A move of one piece; captures are read from the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
}

// Zone flags of each cell, per board width.
pub const ON_BOARD: u8 = 1;
/// `PALACE << colour`: inside that colour's palace.
pub const PALACE: u8 = 2;
/// `HALF << colour`: on that colour's side of the river.
pub const HALF: u8 = 8;
/// `TOP_RANKS << colour`: that colour's own 9th or 10th rank (the pawn back-step zone).
pub const TOP_RANKS: u8 = 32;

/// Zone flags of every mailbox cell of a board `files` wide (palaces on the middle three files).
pub const fn build_zones(files: usize) -> [u8; CELLS] {
    let mut zones = [0u8; CELLS];
    let palace_first = (files - 3) / 2;
    let mut rank = 0;
    while rank < RANKS {
        let mut file = 0;
        while file < files {
            let mut z = ON_BOARD;
            let in_palace_files = file >= palace_first && file < palace_first + 3;
            if in_palace_files && rank < 3 {
                z |= PALACE;
            }
            if in_palace_files && rank >= RANKS - 3 {
                z |= PALACE << 1;
            }
            z |= if rank < RANKS / 2 { HALF } else { HALF << 1 };
            if rank >= RANKS - 2 {
                z |= TOP_RANKS;
            }
            if rank < 2 {
                z |= TOP_RANKS << 1;
            }
            zones[square(file, rank) as usize] = z;
            file += 1;
        }
        rank += 1;
    }
    zones
}

/// The letter of `kind` in a `Ruleset::LETTERS` table; `None` for '?'.
pub fn letter_in(letters: &[char; 9], kind: Kind) -> Option<char> {
    Some(letters[kind as usize - 1]).filter(|&c| c != '?')
}

/// Everything that distinguishes one palace game from another.
pub trait Ruleset: Clone + Copy + Send + Sync + 'static {
    /// Registry name.
    const NAME: &'static str;
    const FILES: usize;
    const START_FEN: &'static str;
    // The rule switches: off is xiangqi's rule.
    /// Pawns on their own 9th/10th rank may step back (Sin-yeon-sang-gi rule 2).
    const PAWN_BACKSTEP: bool = false;
    /// Guards and bulls lose their confinement once a side has no pawns (Sin-yeon-sang-gi rule 3).
    const FREEING: bool = false;
    /// Bear and rhino are in the game (lets xiangqi skip their attack tests).
    const LONG_LEAPERS: bool = false;
    /// Upper-case FEN letter of each kind, in `Kind::ALL` order ('?' where the game lacks one).
    const LETTERS: [char; 9];
    /// What the game's players call each kind, in `Kind::ALL` order ("?" where it lacks one).
    const PIECE_NAMES: [&'static str; 9];
    /// The character written on Red's (`[0]`) and on Black's (`[1]`) piece of each kind, in
    /// `Kind::ALL` order (the board draws it).
    const HANZI: [[&'static str; 9]; 2];
    /// Where the game's weights lie in its weight file (`eval`).
    const LAYOUT: &'static eval::Layout;
    /// The name of the network input (`features`), which a net file must carry to load.
    const FEATURE_SET: &'static str;
    /// The network built into the binary, if the game has one.
    const NETWORK: Option<&'static crate::eval::nnue::registry::Embedded> = None;

    /// Zone flags of every cell, built at compile time for the board's width.
    #[inline]
    fn zones() -> &'static [u8; CELLS] {
        const { &build_zones(Self::FILES) }
    }
    /// Upper-case FEN letter of `kind` in `dialect`; `None` if the game lacks the piece. By
    /// default `LETTERS` in every dialect.
    fn letter(kind: Kind, _dialect: Dialect) -> Option<char> {
        letter_in(&Self::LETTERS, kind)
    }
    /// The kind an upper-case FEN letter stands for in `dialect`: by default the one `letter`
    /// gives it (a game with aliases says more).
    fn kind_of_letter(letter: char, dialect: Dialect) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|&k| Self::letter(k, dialect) == Some(letter))
    }
    /// What the game's players call `kind` (shown on the board).
    fn piece_name(kind: Kind) -> &'static str {
        Self::PIECE_NAMES[kind as usize - 1]
    }
    /// The character written on `side`'s piece of `kind`.
    fn hanzi(kind: Kind, side: crate::game::Side) -> &'static str {
        Self::HANZI[side.index()][kind as usize - 1]
    }
    /// Material + piece-square values of every piece code on every cell (`eval::psq_table`),
    /// built at compile time from the layout.
    #[inline]
    fn psq_table() -> &'static eval::PsqTable {
        const { &eval::psq_table(Self::LAYOUT, Self::FILES) }
    }
    /// Material + piece-square value (middlegame, endgame) of a piece code on a square, from its
    /// owner's view.
    #[inline]
    fn psq(code: Cell, sq: Sq) -> Pair {
        Self::psq_table()[code as usize][sq as usize]
    }
    /// Value used for capture ordering (MVV-LVA): the middlegame material weight.
    fn order_value(kind: Kind) -> i32 {
        Self::LAYOUT.value(kind)
    }
    /// `Rules::material_unit`: chess's pawn by default.
    fn material_unit() -> i32 {
        crate::game::PAWN_UNIT
    }
    /// The name XBoard knows the game by: by default the registry's.
    fn xboard_variant() -> &'static str {
        Self::NAME
    }
    fn xboard_setup() -> Vec<String> {
        Vec::new()
    }
    /// Reads a game-record move (`Dialect::Record`); the coordinate form by default.
    fn parse_record(game: &PalaceGame<Self>, text: &str) -> Result<Move, MoveError> {
        game.parse_coordinate(text, Dialect::Uci)
    }
    /// Writes a game-record move; the coordinate form by default.
    fn record_text(game: &PalaceGame<Self>, mv: Move) -> String {
        game.coordinate_text(mv, Dialect::Uci)
    }
}
