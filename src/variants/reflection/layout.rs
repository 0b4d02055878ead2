//! The nine boards of Reflection teammate: holes, mirror maps, zones, castlings, promotion and
//! double-step squares. Everything here is fixed per variant and built once (`LAYOUTS`).

use super::piece::*;
use crate::game::Side;
use crate::mailbox::{file_of, rank_of, square, Geometry, Sq, CELLS, STRIDE};
use once_cell::sync::Lazy;

/// One castling component: the king's two-square move and the rook jump it implies.
#[derive(Clone, Debug)]
pub struct Castling {
    pub side: Side,
    pub king_from: Sq,
    pub king_to: Sq,
    pub rook_from: Sq,
    pub rook_to: Sq,
    /// Squares strictly between king and rook: all must be empty.
    pub between: Vec<Sq>,
    /// Bit of the rook's castling right.
    pub right: u32,
}

pub struct Layout {
    pub name: &'static str,
    /// The network input's name (`features.rs`): the setup's name and its feature count, as a
    /// net of one setup fits no other board.
    pub feature_set: String,
    pub start_fen: &'static str,
    pub files: usize,
    pub ranks: usize,
    pub geometry: Geometry,
    /// Real squares in cell order (rank 1 first, then by file).
    pub squares: Vec<Sq>,
    /// `OFF` where no square exists, `EMPTY` elsewhere: the empty board.
    pub empty_board: Box<[u8; CELLS]>,
    /// Mirror square per side (index = side), by cell; 0 for cells that do not exist.
    pub mirror: [Vec<Sq>; 2],
    /// Direction transform of each side's mirror map: (file sign, rank sign).
    pub flip: [(isize, isize); 2],
    /// Mirror kind per side, indexed by kind.
    pub mirror_kind: [[u8; KINDS]; 2],
    /// Zone / board tag: a component may not go between two different non-zero tags.
    pub area: Vec<u8>,
    /// The d|e capture rule of the 8x8 arrays.
    pub de_rule: bool,
    /// Two-board game: orthodox pawns with en passant, no relaxation and no swap.
    pub two_board: bool,
    /// Queens are in the array (14, 12, two-board): promotion to Q is always allowed.
    pub queens_always: bool,
    pub castlings: Vec<Castling>,
    /// Rook squares of the castling rights, in the order of the start FEN (bit i = entry i).
    pub castle_rooks: Vec<Sq>,
    /// Rights lost when a piece leaves or enters this cell (rook squares, king origins).
    pub rights_clear: Vec<u32>,
    /// Promotion squares per pawn kind, by cell.
    pub promotion: [Vec<bool>; KINDS],
    /// Double-step start squares per pawn kind, by cell (ruling 28).
    pub double_start: [Vec<bool>; KINDS],
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// Four-player style cross: a board of `size` with `arm`-deep corners cut.
    Cross {
        size: usize,
        arm: usize,
    },
    Square8,
    TwoBoard,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MirrorMap {
    /// (f, R+1-r)
    Horizontal,
    /// (F+1-f, r)
    Vertical,
    /// 180 degree rotation.
    Rotation,
    /// (17-f, r) over the 16-wide two-board array.
    TwoBoardWhite,
    /// f+8 / f-8: the same move on the other board.
    TwoBoardBlack,
}

struct Spec {
    name: &'static str,
    start_fen: &'static str,
    shape: Shape,
    maps: [MirrorMap; 2],
    zones: bool,
    /// (king_from, king_to, rook_from, rook_to, side)
    castlings: &'static [(&'static str, &'static str, &'static str, &'static str, Side)],
}

use MirrorMap::*;
use Side::{Black as B, White as W};

const SPECS: [Spec; 9] = [
    Spec {
        name: "reflection-14",
        start_fen: "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBKQBNR*** w d1k1d14k14a4a11n4n11 - 0 1",
        shape: Shape::Cross { size: 14, arm: 3 },
        maps: [Horizontal, Vertical],
        zones: false,
        castlings: &[
            ("g1", "e1", "d1", "f1", W),
            ("g14", "e14", "d14", "f14", W),
            ("g1", "i1", "k1", "h1", W),
            ("g14", "i14", "k14", "h14", W),
            ("a7", "a5", "a4", "a6", B),
            ("n7", "n5", "n4", "n6", B),
            ("a7", "a9", "a11", "a8", B),
            ("n7", "n9", "n11", "n8", B),
        ],
    },
    Spec {
        name: "reflection-14-rev",
        start_fen: "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/ke10wq/qe10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBQKBNR*** w d1k1d14k14a4a11n4n11 - 0 1",
        shape: Shape::Cross { size: 14, arm: 3 },
        maps: [Rotation, Rotation],
        zones: false,
        castlings: &[
            ("h1", "j1", "k1", "i1", W),
            ("g14", "e14", "d14", "f14", W),
            ("h1", "f1", "d1", "g1", W),
            ("g14", "i14", "k14", "h14", W),
            ("n7", "n5", "n4", "n6", B),
            ("a8", "a10", "a11", "a9", B),
            ("n7", "n9", "n11", "n8", B),
            ("a8", "a6", "a4", "a7", B),
        ],
    },
    Spec {
        name: "reflection-12",
        start_fen: "**RNBQKBNR**/**SSSSSSSS**/re8wr/ne8wn/be8wb/qe8wq/ke8wk/be8wb/ne8wn/re8wr/**PPPPPPPP**/**RNBQKBNR** w c1j1c12j12a3a10l3l10 - 0 1",
        shape: Shape::Cross { size: 12, arm: 2 },
        maps: [Horizontal, Vertical],
        zones: true,
        castlings: &[
            ("g1", "e1", "c1", "f1", W),
            ("g12", "e12", "c12", "f12", W),
            ("g1", "i1", "j1", "h1", W),
            ("g12", "i12", "j12", "h12", W),
            ("a6", "a4", "a3", "a5", B),
            ("l6", "l4", "l3", "l5", B),
            ("a6", "a8", "a10", "a7", B),
            ("l6", "l8", "l10", "l7", B),
        ],
    },
    Spec {
        name: "reflection-12-rev",
        start_fen: "**RNBQKBNR**/**SSSSSSSS**/re8wr/ne8wn/be8wb/ke8wq/qe8wk/be8wb/ne8wn/re8wr/**PPPPPPPP**/**RNBKQBNR** w c1j1c12j12a3a10l3l10 - 0 1",
        shape: Shape::Cross { size: 12, arm: 2 },
        maps: [Rotation, Rotation],
        zones: true,
        castlings: &[
            ("f1", "d1", "c1", "e1", W),
            ("g12", "i12", "j12", "h12", W),
            ("f1", "h1", "j1", "g1", W),
            ("g12", "e12", "c12", "f12", W),
            ("l6", "l4", "l3", "l5", B),
            ("a7", "a9", "a10", "a8", B),
            ("l6", "l8", "l10", "l7", B),
            ("a7", "a5", "a3", "a6", B),
        ],
    },
    Spec {
        name: "reflection-mini",
        start_fen: "**NBKR**/**SSSS**/re4wr/ke4wk/be4wb/ne4wn/**PPPP**/**NBKR** w - - 0 1",
        shape: Shape::Cross { size: 8, arm: 2 },
        maps: [Horizontal, Vertical],
        zones: true,
        castlings: &[],
    },
    Spec {
        name: "reflection-mini-rev",
        start_fen: "**NBKR**/**SSSS**/ne4wr/be4wk/ke4wb/re4wn/**PPPP**/**RKBN** w - - 0 1",
        shape: Shape::Cross { size: 8, arm: 2 },
        maps: [Rotation, Rotation],
        zones: true,
        castlings: &[],
    },
    Spec {
        name: "reflection-8",
        start_fen: "RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr w a1h1a8h8 - 0 1",
        shape: Shape::Square8,
        maps: [Horizontal, Horizontal],
        zones: false,
        castlings: &[
            ("d1", "b1", "a1", "c1", W),
            ("d8", "b8", "a8", "c8", W),
            ("e1", "g1", "h1", "f1", B),
            ("e8", "g8", "h8", "f8", B),
        ],
    },
    Spec {
        name: "reflection-8-rev",
        start_fen: "RNBKkbnr/SSSSssss/8/8/8/8/ppppPPPP/rnbkKBNR w a1h1a8h8 - 0 1",
        shape: Shape::Square8,
        maps: [Rotation, Rotation],
        zones: false,
        castlings: &[
            ("e1", "g1", "h1", "f1", W),
            ("d8", "b8", "a8", "c8", W),
            ("d1", "b1", "a1", "c1", B),
            ("e8", "g8", "h8", "f8", B),
        ],
    },
    Spec {
        name: "reflection-twoboard",
        start_fen: "rnbqkbnrrnbqkbnr/ssssssssssssssss/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBKQBNR w a1h1i1p1a8h8i8p8 - 0 1",
        shape: Shape::TwoBoard,
        maps: [TwoBoardWhite, TwoBoardBlack],
        zones: false,
        castlings: &[
            ("e1", "g1", "h1", "f1", W),
            ("l1", "j1", "i1", "k1", W),
            ("e1", "c1", "a1", "d1", W),
            ("l1", "n1", "p1", "m1", W),
            ("e8", "g8", "h8", "f8", B),
            ("m8", "o8", "p8", "n8", B),
            ("e8", "c8", "a8", "d8", B),
            ("m8", "k8", "i8", "l8", B),
        ],
    },
];

/// Every variant name, in registry order (read off `SPECS`, so the two cannot disagree).
pub const NAMES: [&str; 9] = {
    let mut names = [""; 9];
    let mut i = 0;
    while i < names.len() {
        names[i] = SPECS[i].name;
        i += 1;
    }
    names
};

pub static LAYOUTS: Lazy<Vec<Layout>> = Lazy::new(|| SPECS.iter().map(build).collect());

pub fn layout(name: &str) -> Option<&'static Layout> {
    LAYOUTS.iter().find(|l| l.name.eq_ignore_ascii_case(name))
}

/// Mailbox offset of a (file, rank) step.
pub const fn step(df: isize, dr: isize) -> isize {
    dr * STRIDE as isize + df
}

fn map_square(map: MirrorMap, files: usize, ranks: usize, f: usize, r: usize) -> (usize, usize) {
    match map {
        Horizontal => (f, ranks - 1 - r),
        Vertical => (files - 1 - f, r),
        Rotation => (files - 1 - f, ranks - 1 - r),
        TwoBoardWhite => (15 - f, r),
        TwoBoardBlack => (if f < 8 { f + 8 } else { f - 8 }, r),
    }
}

fn flip_of(map: MirrorMap) -> (isize, isize) {
    match map {
        Horizontal => (1, -1),
        Vertical => (-1, 1),
        Rotation => (-1, -1),
        TwoBoardWhite => (-1, 1),
        TwoBoardBlack => (1, 1),
    }
}

/// The board of `spec`: its files and ranks, its squares (a cross's corners cut away) and the area
/// of each square (`1`/`2`: a side's home zone or, on two boards, White's and Black's board).
fn board(spec: &Spec) -> (usize, usize, Geometry, Vec<u8>) {
    let (files, ranks) = match spec.shape {
        Shape::Cross { size, .. } => (size, size),
        Shape::Square8 => (8, 8),
        Shape::TwoBoard => (16, 8),
    };
    let mut geometry = Geometry::rectangle(files, ranks);
    let mut area = vec![0u8; CELLS];
    for r in 0..ranks {
        for f in 0..files {
            let sq = square(f, r) as usize;
            match spec.shape {
                Shape::Cross { size, arm } => {
                    let file_arm = f < arm || f >= size - arm;
                    let rank_arm = r < arm || r >= size - arm;
                    if file_arm && rank_arm {
                        geometry.remove(f, r);
                    } else if spec.zones && rank_arm {
                        area[sq] = 1; // White's home zone: the top and bottom arms
                    } else if spec.zones && file_arm {
                        area[sq] = 2; // Black's home zone: the side arms
                    }
                }
                Shape::Square8 => {}
                Shape::TwoBoard => area[sq] = 1 + (f / 8) as u8,
            }
        }
    }
    (files, ranks, geometry, area)
}

/// Each side's mirror map: the mirrored square of every square, the flip of a step, and the
/// mirrored kind of every piece kind (pawns turn with the board).
type Mirrors = ([Vec<Sq>; 2], [(isize, isize); 2], [[u8; KINDS]; 2]);

/// The mirror maps of `spec`'s two sides.
fn mirrors(spec: &Spec, files: usize, ranks: usize, squares: &[Sq]) -> Mirrors {
    let mut mirror = [vec![0 as Sq; CELLS], vec![0 as Sq; CELLS]];
    let mut flip = [(1, 1); 2];
    let mut mirror_kind = [[0u8; KINDS]; 2];
    for side in 0..2 {
        let map = spec.maps[side];
        for &s in squares {
            let (f, r) = map_square(map, files, ranks, file_of(s), rank_of(s));
            mirror[side][s as usize] = square(f, r);
        }
        flip[side] = flip_of(map);
        for kind in 1..KINDS as u8 {
            mirror_kind[side][kind as usize] = if is_pawn(kind) {
                let (df, dr) = pawn_forward(kind);
                pawn_of_direction(df * flip[side].0, dr * flip[side].1)
            } else {
                kind
            };
        }
    }
    (mirror, flip, mirror_kind)
}

/// The castlings of `spec`, the rooks with rights in the order of the start FEN's castling
/// field, and the rights a move from or to each square clears.
fn castlings(spec: &Spec, geometry: &Geometry) -> (Vec<Castling>, Vec<Sq>, Vec<u32>) {
    let parse = |name: &str| -> Sq {
        geometry
            .parse_square(name, crate::game::Dialect::Uci)
            .map(|(s, _)| s)
            .expect("castling squares of the built-in tables exist")
    };
    let castle_field = spec.start_fen.split(' ').nth(2).unwrap_or("-");
    let mut castle_rooks = Vec::new();
    let mut rest = castle_field;
    while let Some((sq, tail)) = geometry.parse_square(rest, crate::game::Dialect::Uci) {
        castle_rooks.push(sq);
        rest = tail;
    }
    let mut castlings = Vec::new();
    let mut rights_clear = vec![0u32; CELLS];
    for &(kf, kt, rf, rt, side) in spec.castlings {
        let (king_from, king_to, rook_from, rook_to) = (parse(kf), parse(kt), parse(rf), parse(rt));
        let index = castle_rooks
            .iter()
            .position(|&s| s == rook_from)
            .expect("every castling rook is in the start FEN's rights");
        let right = 1u32 << index;
        let dir = line_step(king_from, rook_from);
        let mut between = Vec::new();
        let mut s = offset(king_from, dir);
        while s != rook_from {
            between.push(s);
            s = offset(s, dir);
        }
        rights_clear[king_from as usize] |= right;
        rights_clear[rook_from as usize] |= right;
        castlings.push(Castling {
            side,
            king_from,
            king_to,
            rook_from,
            rook_to,
            between,
            right,
        });
    }
    (castlings, castle_rooks, rights_clear)
}

fn build(spec: &Spec) -> Layout {
    let (files, ranks, geometry, area) = board(spec);
    let squares: Vec<Sq> = geometry.squares().collect();
    let mut empty_board = Box::new([OFF; CELLS]);
    for &s in &squares {
        empty_board[s as usize] = EMPTY;
    }
    let (mirror, flip, mirror_kind) = mirrors(spec, files, ranks, &squares);
    let (castlings, castle_rooks, rights_clear) = castlings(spec, &geometry);
    let mut layout = Layout {
        name: spec.name,
        feature_set: format!("{}-{}", spec.name, super::features::count(files, ranks)),
        start_fen: spec.start_fen,
        files,
        ranks,
        geometry,
        squares,
        empty_board,
        mirror,
        flip,
        mirror_kind,
        area,
        de_rule: spec.shape == Shape::Square8,
        two_board: spec.shape == Shape::TwoBoard,
        queens_always: !matches!(spec.shape, Shape::Square8 | Shape::Cross { size: 8, .. }),
        castlings,
        castle_rooks,
        rights_clear,
        promotion: std::array::from_fn(|_| vec![false; CELLS]),
        double_start: std::array::from_fn(|_| vec![false; CELLS]),
    };
    layout.fill_pawn_tables();
    layout
}

impl Layout {
    /// Where each pawn kind promotes and where it may step two squares.
    fn fill_pawn_tables(&mut self) {
        let (files, ranks) = (self.files, self.ranks);
        for kind in PAWN_KINDS {
            let (df, dr) = pawn_forward(kind);
            let (lf, lr) = (dr, df); // a perpendicular step
            for i in 0..self.squares.len() {
                let s = self.squares[i];
                let fwd = step(df, dr);
                let targets = [fwd, fwd + step(lf, lr), fwd - step(lf, lr)];
                // Promotion: no forward target exists or can be reached under the zone/board rule.
                let stuck = targets.iter().all(|&d| {
                    let t = offset(s, d);
                    self.empty_board[t as usize] == OFF || self.area_conflict(s, t)
                });
                self.promotion[kind as usize][s as usize] = stuck;
                let start = match kind {
                    PAWN_N => rank_of(s) == 1,
                    PAWN_S => rank_of(s) == ranks - 2,
                    PAWN_E => file_of(s) == 1,
                    _ => file_of(s) == files - 2,
                };
                self.double_start[kind as usize][s as usize] = start;
            }
        }
    }
}

/// `sq + d` for steps that stay inside the padded grid.
#[inline]
pub fn offset(sq: Sq, d: isize) -> Sq {
    (sq as isize + d) as Sq
}

/// The unit step from `a` toward `b` on a common line.
fn line_step(a: Sq, b: Sq) -> isize {
    let df = (file_of(b) as isize - file_of(a) as isize).signum();
    let dr = (rank_of(b) as isize - rank_of(a) as isize).signum();
    step(df, dr)
}

impl Layout {
    /// The zone rule (variants 3-6) and the board rule (two-board) in one test.
    #[inline]
    pub fn area_conflict(&self, from: Sq, to: Sq) -> bool {
        let (a, b) = (self.area[from as usize], self.area[to as usize]);
        a != 0 && b != 0 && a != b
    }

    /// The d|e capture rule: a capture may not cross the line between files d and e.
    #[inline]
    pub fn crosses_de(&self, from: Sq, to: Sq) -> bool {
        self.de_rule && ((file_of(from) < 4) != (file_of(to) < 4))
    }

    #[inline]
    pub fn mirror(&self, side: Side, sq: Sq) -> Sq {
        self.mirror[side.index()][sq as usize]
    }

    /// A direction under `side`'s mirror map.
    #[inline]
    pub fn mirror_step(&self, side: Side, df: isize, dr: isize) -> (isize, isize) {
        let (sx, sy) = self.flip[side.index()];
        (df * sx, dr * sy)
    }

    /// The piece that pairs with `piece` (same colour, mirror kind).
    #[inline]
    pub fn mirror_piece(&self, side: Side, piece: u8) -> u8 {
        (piece & COLOR_MASK) | self.mirror_kind[side.index()][kind(piece) as usize]
    }

    /// The castling component of `side` from `king_from` to `king_to`, if the variant has it.
    pub fn castling(&self, side: Side, king_from: Sq, king_to: Sq) -> Option<&Castling> {
        self.castlings
            .iter()
            .find(|c| c.side == side && c.king_from == king_from && c.king_to == king_to)
    }

    pub fn name_of(&self, sq: Sq) -> String {
        self.geometry.name(sq, crate::game::Dialect::Uci)
    }
}
