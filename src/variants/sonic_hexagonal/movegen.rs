//! Moves of hexagonal Sonic: Gliński's quiet moves and pawns, the sliders' bounce chains and the
//! knight's flight (H.4-H.5). A move is stored as (origin, destination or first contact, sense,
//! promotion); a chain is replayed from that (`trace`), which gives both its text and its effect.

use super::position::{
    colour, forward, kind, make_piece, pawn_captures, pawn_start, promotion_cell, HexRules,
    Position, BISHOP, EMPTY, KING, KNIGHT, OFF, PAWN, QUEEN, ROOK,
};
use crate::game::{MoveList, Side};
use crate::mailbox::hex::{self, Cell, HOURS, KNIGHT_VECTORS};
use arrayvec::ArrayVec;

/// Origin (9 bits), destination or first contact (9 bits), promotion kind (3 bits), sense (1 bit:
/// 0 clockwise, 1 counter-clockwise; 0 too where no sense is chosen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexMove(u32);

impl HexMove {
    pub fn new(from: Cell, to: Cell) -> HexMove {
        HexMove(from as u32 | (to as u32) << 9)
    }
    pub fn promoting(self, piece_kind: u8) -> HexMove {
        HexMove(self.0 & !(7 << 18) | (piece_kind as u32) << 18)
    }
    pub fn counter(self) -> HexMove {
        HexMove(self.0 | 1 << 21)
    }
    pub fn from(self) -> Cell {
        (self.0 & 511) as Cell
    }
    pub fn to(self) -> Cell {
        (self.0 >> 9 & 511) as Cell
    }
    pub fn promo(self) -> Option<u8> {
        match self.0 >> 18 & 7 {
            0 => None,
            k => Some(k as u8),
        }
    }
    /// +1 clockwise, −1 counter-clockwise.
    pub fn sense(self) -> i8 {
        if self.0 & 1 << 21 != 0 {
            -1
        } else {
            1
        }
    }
    pub fn bits(self) -> u32 {
        self.0
    }
}

/// The promotion kinds in the order the generator lists them.
pub const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// Hours a slider of `piece_kind` moves along.
fn slide_hours(piece_kind: u8) -> &'static [usize] {
    match piece_kind {
        ROOK => &[0, 2, 4, 6, 8, 10],
        BISHOP => &[1, 3, 5, 7, 9, 11],
        _ => &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    }
}

fn step(h: usize) -> isize {
    hex::offset(HOURS[h % 12])
}

/// `h` turned by `hours` in sense `s` (+1 clockwise).
fn turn(h: usize, hours: usize, s: i8) -> usize {
    if s > 0 {
        (h + hours) % 12
    } else {
        (h + 12 - hours) % 12
    }
}

/// What a cell is to the mover during a chain.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    Off,
    Friend,
    King,
    Enemy,
    Empty,
}

/// The board as a chain sees it: origin and captured cells are empty.
struct View<'a> {
    pos: &'a Position,
    origin: Cell,
    captured: ArrayVec<Cell, 96>,
}

impl View<'_> {
    fn class(&self, c: Cell) -> Class {
        if c == self.origin || self.captured.contains(&c) {
            return Class::Empty;
        }
        match self.pos.at(c) {
            OFF => Class::Off,
            EMPTY => Class::Empty,
            p if colour(p) == self.pos.side => Class::Friend,
            p if kind(p) == KING => Class::King,
            _ => Class::Enemy,
        }
    }
    fn blocked(&self, c: Cell, h: usize) -> bool {
        matches!(self.class(hex::add(c, step(h))), Class::Off | Class::Friend)
    }
}

/// Every legal move (there is no legality filter: H10), or only the noisy ones (captures,
/// promotions). None once a king is gone.
pub fn generate(pos: &Position, rules: &HexRules, noisy_only: bool, out: &mut MoveList<HexMove>) {
    if pos.king_lost().is_some() {
        return;
    }
    let side = pos.side;
    for c in hex::cells() {
        let p = pos.at(c);
        if p == EMPTY || colour(p) != side {
            continue;
        }
        match kind(p) {
            PAWN => pawn_moves(pos, c, noisy_only, out),
            KING => {
                for h in 0..12 {
                    let t = hex::add(c, step(h));
                    let q = pos.at(t);
                    if q == EMPTY && !noisy_only || q != EMPTY && q != OFF && colour(q) != side {
                        out.push(HexMove::new(c, t));
                    }
                }
            }
            KNIGHT => {
                for &v in &KNIGHT_VECTORS {
                    let t = hex::add(c, hex::offset(v));
                    let q = pos.at(t);
                    if q == EMPTY && !noisy_only || q != EMPTY && q != OFF && colour(q) != side {
                        out.push(HexMove::new(c, t));
                    }
                }
            }
            k => slider_moves(pos, rules, c, k, noisy_only, out),
        }
    }
}

fn push_pawn(pos: &Position, from: Cell, to: Cell, out: &mut MoveList<HexMove>) {
    if promotion_cell(pos.side, to) {
        for k in PROMOTIONS {
            out.push(HexMove::new(from, to).promoting(k));
        }
    } else {
        out.push(HexMove::new(from, to));
    }
}

fn pawn_moves(pos: &Position, c: Cell, noisy_only: bool, out: &mut MoveList<HexMove>) {
    let side = pos.side;
    let f = hex::offset(forward(side));
    let one = hex::add(c, f);
    if pos.at(one) == EMPTY && (!noisy_only || promotion_cell(side, one)) {
        push_pawn(pos, c, one, out);
        let two = hex::add(one, f);
        if !noisy_only && pawn_start(side, c) && pos.at(two) == EMPTY {
            out.push(HexMove::new(c, two));
        }
    }
    for d in pawn_captures(side) {
        let t = hex::add(c, hex::offset(d));
        let q = pos.at(t);
        if q != EMPTY && q != OFF && colour(q) != side || q == EMPTY && pos.ep == Some(t) {
            push_pawn(pos, c, t, out);
        }
    }
}

fn slider_moves(
    pos: &Position,
    rules: &HexRules,
    c: Cell,
    piece_kind: u8,
    noisy_only: bool,
    out: &mut MoveList<HexMove>,
) {
    let view = View {
        pos,
        origin: c,
        captured: ArrayVec::new(),
    };
    for &h in slide_hours(piece_kind) {
        let d = step(h);
        let mut t = hex::add(c, d);
        while pos.at(t) == EMPTY {
            if !noisy_only {
                out.push(HexMove::new(c, t));
            }
            t = hex::add(t, d);
        }
        match view.class(t) {
            Class::Off | Class::Friend | Class::Empty => {}
            Class::King => out.push(HexMove::new(c, t)),
            Class::Enemy => {
                let turn_hours = rules.turn_hours();
                let cw = view.blocked(t, turn(h, turn_hours, 1));
                let ccw = view.blocked(t, turn(h, turn_hours, -1));
                if cw && ccw {
                    out.push(HexMove::new(c, t));
                    continue;
                }
                if !cw {
                    out.push(HexMove::new(c, t));
                }
                if !ccw {
                    out.push(HexMove::new(c, t).counter());
                }
            }
        }
    }
}

/// A move replayed: the cells its legs end on (origin first, resting cell last), the cells of
/// the pieces it removes, and whether one of them is the enemy king.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub points: ArrayVec<Cell, 100>,
    pub captured: ArrayVec<Cell, 96>,
    pub king_taken: bool,
}

impl Trace {
    pub fn end(&self) -> Cell {
        self.points.last().copied().unwrap_or(0)
    }
}

/// The hour from `from` along which `to` lies, among `hours`.
fn hour_towards(from: Cell, to: Cell, hours: &[usize]) -> usize {
    let ((q1, r1), (q2, r2)) = (hex::coords(from), hex::coords(to));
    let (dq, dr) = (q2 - q1, r2 - r1);
    hours
        .iter()
        .copied()
        .find(|&h| {
            let (hq, hr) = HOURS[h];
            (1..=10).any(|k| (hq * k, hr * k) == (dq, dr))
        })
        .unwrap_or(0)
}

/// A pawn's step or double step straight ahead (not a capture).
fn is_pawn_push(side: Side, from: Cell, to: Cell) -> bool {
    let f = hex::offset(forward(side));
    to == hex::add(from, f) || to == hex::add(from, 2 * f)
}

/// Replays `mv` (a generated move) on `pos`.
pub fn trace(pos: &Position, rules: &HexRules, mv: HexMove) -> Trace {
    let (from, to) = (mv.from(), mv.to());
    let mut view = View {
        pos,
        origin: from,
        captured: ArrayVec::new(),
    };
    let mut out = Trace::default();
    out.points.push(from);
    let first = view.class(to);
    let piece_kind = kind(pos.at(from));
    if first != Class::Enemy && first != Class::King || piece_kind == PAWN || piece_kind == KING {
        // A quiet move or a capture by displacement (e.p. included).
        out.points.push(to);
        if first == Class::Enemy || first == Class::King {
            out.captured.push(to);
            out.king_taken = first == Class::King;
        } else if piece_kind == PAWN && pos.ep == Some(to) && !is_pawn_push(pos.side, from, to) {
            out.captured
                .push(hex::add(to, -hex::offset(forward(pos.side))));
        }
        return out;
    }
    out.points.push(to);
    view.captured.push(to);
    if first == Class::King {
        out.king_taken = true;
    } else if piece_kind == KNIGHT {
        knight_flight(&mut view, from, to, &mut out);
    } else {
        chain(&mut view, rules, mv, piece_kind, &mut out);
    }
    out.captured = view.captured.clone();
    out
}

fn knight_flight(view: &mut View, from: Cell, first: Cell, out: &mut Trace) {
    let v = first as isize - from as isize;
    let mut t = first;
    loop {
        let u = hex::add(t, v);
        match view.class(u) {
            Class::Off | Class::Friend => return,
            Class::Empty => {
                out.points.push(u);
                return;
            }
            class => {
                out.points.push(u);
                view.captured.push(u);
                if class == Class::King {
                    out.king_taken = true;
                    return;
                }
                t = u;
            }
        }
    }
}

fn chain(view: &mut View, rules: &HexRules, mv: HexMove, piece_kind: u8, out: &mut Trace) {
    let hours = rules.turn_hours();
    let mut c = mv.to();
    let mut h = hour_towards(mv.from(), c, slide_hours(piece_kind));
    let mut s = mv.sense();
    // First contact: both sides blocked -> stop on it; the chosen sense is never blocked.
    let mut new = turn(h, hours, s);
    if view.blocked(c, turn(h, hours, 1)) && view.blocked(c, turn(h, hours, -1))
        || view.blocked(c, new)
    {
        return;
    }
    loop {
        let d = step(new);
        let mut last = c;
        let mut p = hex::add(c, d);
        while view.class(p) == Class::Empty {
            last = p;
            p = hex::add(p, d);
        }
        match view.class(p) {
            Class::Off | Class::Friend => {
                out.points.push(last);
                return;
            }
            class => {
                out.points.push(p);
                view.captured.push(p);
                if class == Class::King {
                    out.king_taken = true;
                    return;
                }
            }
        }
        c = p;
        h = new;
        if rules.crooked {
            s = -s;
        }
        new = turn(h, hours, s);
        if view.blocked(c, new) {
            return;
        }
    }
}

/// Plays `mv` on `pos` (side to move, clocks, e.p., key).
pub fn apply(pos: &mut Position, rules: &HexRules, mv: HexMove) {
    let t = trace(pos, rules, mv);
    let side = pos.side;
    let mut piece = pos.take(mv.from());
    let pawn_move = kind(piece) == PAWN;
    for &c in &t.captured {
        pos.take(c);
    }
    if let Some(k) = mv.promo() {
        piece = make_piece(k, side);
    }
    pos.put(t.end(), piece);
    let double = pawn_move && {
        let (q1, r1) = hex::coords(mv.from());
        let (q2, r2) = hex::coords(mv.to());
        (r2 - r1).abs() == 2 && q1 == q2
    };
    pos.halfmove = if pawn_move || !t.captured.is_empty() {
        0
    } else {
        pos.halfmove.saturating_add(1)
    };
    if side == Side::Black {
        pos.fullmove = pos.fullmove.saturating_add(1);
    }
    pos.switch_side();
    let ep = double.then(|| hex::add(mv.from(), hex::offset(forward(side))));
    pos.set_ep(ep);
}

/// The move's text: its legs `from to` joined by commas, the promotion letter last (H.6).
pub fn text(pos: &Position, rules: &HexRules, mv: HexMove) -> String {
    let t = trace(pos, rules, mv);
    let mut out = String::new();
    for (i, pair) in t.points.windows(2).enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&hex::name(pair[0]));
        out.push_str(&hex::name(pair[1]));
    }
    if let Some(k) = mv.promo() {
        out.push(b"??nbrq"[k as usize] as char);
    }
    out
}

/// Whether `text` has the shape of a move of this game (H.6): legs of two cell names joined by
/// commas, each leg starting where the last ended, and at most a promotion letter at the end.
pub fn well_formed(text: &str) -> bool {
    let mut rest = text;
    let mut previous: Option<Cell> = None;
    loop {
        let Some((a, tail)) = hex::parse_name(rest) else {
            return false;
        };
        let Some((b, tail)) = hex::parse_name(tail) else {
            return false;
        };
        if previous.is_some_and(|p| p != a) {
            return false;
        }
        previous = Some(b);
        match tail {
            "" | "q" | "r" | "b" | "n" => return true,
            _ => match tail.strip_prefix(',') {
                Some(next) => rest = next,
                None => return false,
            },
        }
    }
}

/// The rules' check (H10, informational only): the opponent, were it to move now, could capture
/// the side to move's king with some move, in any leg of any chain.
pub fn check(pos: &Position, rules: &HexRules) -> bool {
    let mut other = pos.clone();
    other.side = pos.side.other();
    other.ep = None;
    let mut moves = MoveList::new();
    generate(&other, rules, true, &mut moves);
    moves.iter().any(|&m| trace(&other, rules, m).king_taken)
}

/// Whether the side to move's king could be taken at once by a pawn, king, knight or the first
/// contact of a slider: the search's notion of check (H10: no rule depends on check).
pub fn king_attacked(pos: &Position) -> bool {
    let Some(k) = pos.king[pos.side.index()] else {
        return false;
    };
    let enemy = pos.side.other();
    let is = |c: Cell, piece_kind: u8| pos.at(c) == make_piece(piece_kind, enemy);
    // Enemy pawns capture toward us: look back along their capture hours.
    if pawn_captures(enemy)
        .iter()
        .any(|&d| is(hex::add(k, -hex::offset(d)), PAWN))
    {
        return true;
    }
    if (0..12).any(|h| is(hex::add(k, step(h)), KING)) {
        return true;
    }
    if KNIGHT_VECTORS
        .iter()
        .any(|&v| is(hex::add(k, hex::offset(v)), KNIGHT))
    {
        return true;
    }
    (0..12).any(|h| {
        let d = step(h);
        let mut t = hex::add(k, d);
        while pos.at(t) == EMPTY {
            t = hex::add(t, d);
        }
        let along = if h % 2 == 0 { ROOK } else { BISHOP };
        is(t, along) || is(t, QUEEN)
    })
}
