//! Reflection teammate (Daniil Frolov, 2010): each player commands two mirror-image armies and a
//! turn moves a piece together with its reflection. Nine boards (see `layout`), rules (with the
//! sections and rulings the comments cite) in `docs/reflection.md`.

mod attack;
mod board;
mod eval;
mod features;
mod fen;
mod layout;
mod movegen;
mod notation;
mod piece;
mod see;
#[cfg(test)]
mod tests;
mod view;
mod weights;
mod xboard;

pub use board::Turn;
pub use layout::NAMES;

use crate::eval::nnue::{registry, Accumulators, NetInput};
use crate::eval::Traced;
use crate::game::{
    self, repeated, Dialect, MoveError, MoveList, Notation, OptionKind, OptionSpec, Outcome, Score,
    Side, VariantOptions,
};
// `ReflectionRules` here is the game's own rule options: the trait goes by its module's name.
use crate::game::Rules as _;
use crate::mailbox::zobrist::ZOBRIST;
use crate::mailbox::{file_of, rank_of, Sq};
use crate::presentation::Presentation;
use arrayvec::ArrayVec;
use board::{Board, CAPTURE};
use layout::Layout;
use movegen::ReflectionRules;
use piece::*;

/// The rule options every Reflection variant accepts.
pub static OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "CaptureTwin",
        kind: OptionKind::Check { default: false },
    },
    OptionSpec {
        name: "WinCondition",
        kind: OptionKind::Combo {
            default: "checkmate",
            values: &["checkmate", "capture-kings"],
        },
    },
    OptionSpec {
        name: "QueenPromotion",
        kind: OptionKind::Check { default: false },
    },
];

/// Misc Zobrist slots: castling rights from 0, en-passant targets from 256 (by file + 16 * rank).
const CASTLE_KEYS: usize = 0;
const EP_KEYS: usize = 256;
/// Half-move clock (in turns) that draws: 50 turns by each side.
const DRAW_CLOCK: u32 = 100;

/// The position proper (what a FEN holds) plus its key.
#[derive(Clone)]
pub struct Position {
    pub board: Board,
    pub side: Side,
    /// Castling rights, bit i = `layout.castle_rooks[i]`.
    pub castling: u32,
    /// En-passant targets created by the last turn (two-board only).
    pub ep: ArrayVec<Sq, 2>,
    /// Turns since the last capture or pawn component.
    pub halfmove: u32,
    pub fullmove: u32,
    pub key: u64,
    /// The part of `key` for en-passant targets that a legal turn can actually use (ruling 29).
    pub ep_key: u64,
}

#[derive(Clone)]
pub struct Reflection {
    layout: &'static Layout,
    rules: ReflectionRules,
    pos: Position,
    /// Positions before each `make` (copy-make: a pair turn touches up to ten squares).
    undo: Vec<Position>,
    /// Key of every position since the FEN, the current one last.
    keys: Vec<u64>,
    /// The network's accumulators, one frame per ply (empty without a network); apart from
    /// `Position`, which `make` copies.
    nnue: Accumulators,
}

fn compact(sq: Sq) -> u32 {
    (file_of(sq) + 16 * rank_of(sq)) as u32
}

fn castle_key(rights: u32) -> u64 {
    (0..32)
        .filter(|i| rights & (1 << i) != 0)
        .fold(0, |k, i| k ^ ZOBRIST.misc(CASTLE_KEYS + i))
}

impl Reflection {
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position's network input (`features.rs`).
    fn input(&self) -> NetInput {
        features::net_input(self.layout, &self.pos)
    }

    /// Evaluates with `net` (or by hand) from now on, whatever the registry says.
    #[cfg(test)]
    fn use_network(&mut self, net: Option<std::sync::Arc<crate::eval::nnue::Network>>) {
        self.nnue = Accumulators::new(net, || Self::input(self));
    }

    fn rules_from(options: &VariantOptions) -> ReflectionRules {
        ReflectionRules {
            capture_twin: options.flag("CaptureTwin"),
            capture_kings: options
                .get("WinCondition")
                .is_some_and(|v| v.eq_ignore_ascii_case("capture-kings")),
            queen_promotion: options.flag("QueenPromotion"),
        }
    }

    /// Key part for the en-passant targets the side to move can actually use in a legal turn.
    fn ep_key_of(layout: &Layout, pos: &Position, rules: ReflectionRules) -> u64 {
        // Cheap filter first: some pawn of the mover must stand diagonally behind a target.
        let us = pos.side;
        let reachable = pos.ep.iter().any(|&t| {
            PAWN_KINDS.iter().any(|&kind| {
                let (df, dr) = pawn_forward(kind);
                let back = layout::offset(t, -layout::step(df, dr));
                let side_step = layout::step(dr, df);
                [side_step, -side_step]
                    .iter()
                    .any(|&d| pos.board.at(layout::offset(back, d)) == make_piece(kind, us))
            })
        });
        if !reachable {
            return 0;
        }
        let mut turns = MoveList::new();
        movegen::legal_turns(layout, pos, rules, &mut turns);
        let mut used: ArrayVec<Sq, 2> = ArrayVec::new();
        for t in &turns {
            for &(_, to, ep) in &t.components(layout, pos.side) {
                if ep && !used.contains(&to) {
                    used.push(to);
                }
            }
        }
        used.iter()
            .fold(0, |k, &sq| k ^ ZOBRIST.misc(EP_KEYS + compact(sq) as usize))
    }

    fn full_key(layout: &Layout, pos: &Position) -> u64 {
        let mut key = 0;
        for &sq in &layout.squares {
            let p = pos.board.at(sq);
            if p != EMPTY {
                key ^= ZOBRIST.piece((p & 0x3F) as usize, sq);
            }
        }
        if pos.side == Side::Black {
            key ^= ZOBRIST.side;
        }
        key ^ castle_key(pos.castling)
    }

    fn rebuild(
        layout: &'static Layout,
        rules: ReflectionRules,
        mut pos: Position,
    ) -> Result<Reflection, String> {
        pos.ep_key = Self::ep_key_of(layout, &pos, rules);
        pos.key = Self::full_key(layout, &pos) ^ pos.ep_key;
        let mut game = Reflection {
            layout,
            rules,
            undo: Vec::new(),
            keys: vec![pos.key],
            pos,
            nnue: Accumulators::default(),
        };
        let inputs = features::count(layout.files, layout.ranks);
        let net = registry::network(&layout.feature_set, inputs, features::built_in(layout));
        game.nnue = Accumulators::new(net, || Self::input(&game));
        if !rules.capture_kings {
            let them = game.pos.side.other();
            if attack::any_king_capturable(
                layout,
                &game.pos.board.cells,
                &game.pos.board.kings[them.index()],
                them,
                &game.pos.ep,
            ) {
                return Err("the side not to move is in check".into());
            }
        }
        Ok(game)
    }

    fn kings_in_check(&self, side: Side) -> bool {
        // Ruling 25: the hypothetical enemy turn has e.p. rights only if it is the enemy's move.
        let ep: &[Sq] = if side == self.pos.side {
            &[]
        } else {
            &self.pos.ep
        };
        attack::any_king_capturable(
            self.layout,
            &self.pos.board.cells,
            &self.pos.board.kings[side.index()],
            side,
            ep,
        )
    }

    /// Value of what a turn captures (both components).
    fn captured_value(&self, mv: Turn) -> i32 {
        mv.components(self.layout, self.pos.side)
            .iter()
            .map(|&(_, to, ep)| {
                if ep {
                    VALUE[PAWN_N as usize]
                } else {
                    VALUE[kind(self.pos.board.at(to)) as usize]
                }
            })
            .sum()
    }
}

impl game::Rules for Reflection {
    type Move = Turn;

    fn side_to_move(&self) -> Side {
        self.pos.side
    }

    fn key(&self) -> u64 {
        self.pos.key
    }

    fn compute_key(&self) -> u64 {
        Self::full_key(self.layout, &self.pos) ^ Self::ep_key_of(self.layout, &self.pos, self.rules)
    }

    fn plies(&self) -> usize {
        self.undo.len()
    }

    fn generate(&self, moves: &mut MoveList<Turn>) {
        movegen::legal_turns(self.layout, &self.pos, self.rules, moves);
    }

    fn generate_noisy(&self, moves: &mut MoveList<Turn>) {
        movegen::legal_noisy_turns(self.layout, &self.pos, self.rules, moves);
    }

    fn make(&mut self, mv: Turn) {
        let layout = self.layout;
        self.undo.push(self.pos.clone());
        let pos = &mut self.pos;
        let us = pos.side;
        let mut key = pos.key ^ castle_key(pos.castling) ^ pos.ep_key ^ ZOBRIST.side;
        let applied = pos
            .board
            .apply(layout, mv, us, self.rules.capture_twin, &mut key);
        self.nnue.push();
        if self.nnue.active() {
            for (sq, old) in pos.board.original_contents() {
                let new = pos.board.at(sq);
                if old == new {
                    continue;
                }
                let feature = |piece| {
                    (
                        features::feature(layout, Side::White, piece, sq),
                        features::feature(layout, Side::Black, piece, sq),
                    )
                };
                if old != EMPTY {
                    let (white, black) = feature(old);
                    self.nnue.remove(white, black);
                }
                if new != EMPTY {
                    let (white, black) = feature(new);
                    self.nnue.add(white, black);
                }
            }
        }
        pos.board.forget();
        for &sq in &applied.touched {
            pos.castling &= !layout.rights_clear[sq as usize];
        }
        key ^= castle_key(pos.castling);
        pos.side = us.other();
        pos.ep = applied.ep;
        pos.halfmove = if applied.capture || applied.pawn {
            0
        } else {
            pos.halfmove + 1
        };
        if us == Side::Black {
            pos.fullmove += 1;
        }
        pos.ep_key = Self::ep_key_of(layout, pos, self.rules);
        pos.key = key ^ pos.ep_key;
        self.keys.push(pos.key);
    }

    fn unmake(&mut self) {
        if let Some(pos) = self.undo.pop() {
            self.pos = pos;
            self.keys.pop();
            self.nnue.pop();
        }
    }

    fn null_move_allowed(&self) -> bool {
        // Passing is sound when not in check and the mover still has pieces besides pawns and kings.
        !self.in_check()
            && self.layout.squares.iter().any(|&s| {
                let p = self.pos.board.at(s);
                owned_by(p, self.pos.side) && !is_pawn(kind(p)) && kind(p) != KING
            })
    }

    fn make_null(&mut self) {
        self.undo.push(self.pos.clone());
        self.nnue.push();
        let pos = &mut self.pos;
        pos.key ^= ZOBRIST.side ^ pos.ep_key;
        pos.ep.clear();
        pos.ep_key = 0;
        pos.side = pos.side.other();
        pos.halfmove += 1;
        self.keys.push(pos.key);
    }

    fn in_check(&self) -> bool {
        !self.rules.capture_kings && self.kings_in_check(self.pos.side)
    }

    fn rule_outcome(&self, in_search: bool) -> Option<Outcome> {
        if self.rules.capture_kings {
            for side in [self.pos.side, self.pos.side.other()] {
                if self.pos.board.kings[side.index()].is_empty() {
                    return Some(Outcome::win(
                        side.other(),
                        format!("{} captures the last king", side.other().name()),
                    ));
                }
            }
        }
        if self.pos.halfmove >= DRAW_CLOCK {
            return Some(Outcome::draw("50 turns each without capture or pawn move"));
        }
        if repeated(&self.keys, self.pos.halfmove as usize, in_search) {
            return Some(Outcome::draw("repetition"));
        }
        None
    }

    fn no_moves_outcome(&self) -> Outcome {
        let side = self.pos.side;
        if self.in_check() {
            Outcome::win(side.other(), format!("{} mates", side.other().name()))
        } else if self.rules.capture_kings {
            Outcome::draw("no legal turn")
        } else {
            Outcome::draw("stalemate")
        }
    }

    fn prepare_evaluation(&mut self) {
        self.nnue.update();
    }
    fn evaluate(&self) -> Score {
        let hand = || eval::evaluate(self.layout, &self.pos, self.rules);
        match self.nnue.evaluate(self.pos.side, hand) {
            Some(score) => {
                debug_assert!(
                    self.nnue.matches(&Self::input(self)),
                    "incremental accumulators differ from a refresh"
                );
                score
            }
            None => hand(),
        }
    }

    fn is_noisy(&self, mv: Turn) -> bool {
        mv.flags & CAPTURE != 0 || mv.promo != 0
    }

    fn order_hint(&self, mv: Turn) -> i32 {
        let attacker = VALUE[kind(self.pos.board.at(mv.from)) as usize];
        let promo = if mv.promo != 0 {
            VALUE[mv.promo as usize]
        } else {
            0
        };
        self.captured_value(mv) * 16 - attacker / 16 + promo
    }

    fn see_ge(&self, mv: Turn, threshold: Score) -> bool {
        see::see_ge(self, mv, threshold)
    }

    fn move_key(mv: Turn) -> u32 {
        // The first component, the promotion and the kind of turn fix a legal turn uniquely.
        (1 << 23)
            | (compact(mv.from) << 12)
            | (compact(mv.to) << 4)
            | ((mv.flags as u32 & board::PAIR as u32) << 3)
            | mv.promo as u32 & 7
    }

    fn history_slot(&self, mv: Turn) -> usize {
        (compact(mv.from) * 256 + compact(mv.to)) as usize
    }
}

impl Notation for Reflection {
    fn variant(&self) -> &'static str {
        self.layout.name
    }
    fn new(variant: &str, options: &VariantOptions) -> Result<Self, String> {
        let layout =
            layout::layout(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
        let rules = Self::rules_from(options);
        let pos = fen::parse(layout, layout.start_fen)?;
        Self::rebuild(layout, rules, pos)
    }

    fn set_fen(&mut self, fen: &str, dialect: Dialect) -> Result<(), String> {
        let pos = match dialect {
            Dialect::XBoard => xboard::parse_fen(self.layout, fen)?,
            _ => fen::parse(self.layout, fen)?,
        };
        *self = Self::rebuild(self.layout, self.rules, pos)?;
        Ok(())
    }

    fn fen(&self, dialect: Dialect) -> String {
        match dialect {
            Dialect::XBoard => xboard::write(self.layout, &self.pos),
            _ => fen::write(self.layout, &self.pos),
        }
    }

    fn move_number(&self) -> u32 {
        self.pos.fullmove
    }

    fn parse_move(&self, text: &str, dialect: Dialect) -> Result<Turn, MoveError> {
        let parsed = notation::parse(self.layout, text, dialect)?;
        let mut legal = MoveList::new();
        self.generate(&mut legal);
        let (layout, side, board) = (self.layout, self.pos.side, &self.pos.board);
        // The forms a turn may be written in: §1.8; in XBoard also the post-swap form, and a
        // castling along a file sent in parts only with its rook parts (its king parts alone are
        // a beginning). A comma text is a whole turn in either dialect.
        let forms = |t: Turn| {
            let mut forms = Vec::new();
            if !parsed.open || !notation::is_file_castling(t) {
                forms.push(notation::components(layout, side, t));
            }
            if dialect == Dialect::XBoard {
                let mut xb = notation::xboard_components(layout, board, side, t);
                xb.sort_unstable();
                forms.push(xb);
            }
            forms
        };
        let mut wanted = parsed.comps.clone();
        wanted.sort_unstable();
        if !parsed.awaits_more {
            if let Some(&t) = legal.iter().find(|&&t| forms(t).contains(&wanted)) {
                return Ok(t);
            }
        }
        let begins = |form: &Vec<notation::Component>| {
            form.len() > wanted.len() && wanted.iter().all(|c| form.contains(c))
        };
        if parsed.open && legal.iter().any(|&t| forms(t).iter().any(begins)) {
            return Err(MoveError::Incomplete);
        }
        Err(MoveError::Illegal(text.trim().to_string()))
    }

    fn move_text(&self, mv: Turn, dialect: Dialect) -> String {
        notation::text(self.layout, &self.pos.board, self.pos.side, mv, dialect)
    }

    fn xboard_variant(&self) -> &'static str {
        self.layout.name
    }

    fn xboard_setup(&self) -> Vec<String> {
        // The start FEN is the layout's own constant: it always parses.
        xboard::setup(self.layout).unwrap_or_default()
    }

    fn choice_label(&self, choice: &str) -> String {
        crate::board_view::promotion_label(choice)
    }
    fn diagram(&self) -> String {
        fen::diagram(self.layout, &self.pos)
    }
}

impl Presentation for Reflection {
    /// A person may move the pieces of a turn in any order (the text lists them in a fixed
    /// order): either piece of a pair first, and in XBoard the king and rook parts of a castling
    /// along a file in any order too (`parse_move` reads every order).
    fn turn_steps(&self, mv: Turn, dialect: Dialect) -> Vec<Vec<crate::turn::Step>> {
        let steps = crate::turn::steps_from_text(&self.move_text(mv, dialect), dialect);
        crate::turn::every_order(&steps)
    }
    fn board_view(&self) -> crate::board_view::BoardView {
        let mut view = view::board_view(self);
        if self.in_check() {
            // Each king that an enemy turn could capture is in check (ruling 25's e.p. rights:
            // none, it is our move).
            let side = self.pos.side;
            view.check = self.pos.board.kings[side.index()]
                .iter()
                .filter(|&&k| {
                    attack::any_king_capturable(self.layout, &self.pos.board.cells, &[k], side, &[])
                })
                .map(|&k| self.layout.name_of(k))
                .collect();
        }
        view
    }
}

impl Traced for Reflection {
    fn eval_trace(&self) -> Option<crate::eval::EvalTrace> {
        Some(eval::trace(self.layout, &self.pos, self.rules))
    }
    fn net_input(&self) -> Option<NetInput> {
        Some(self.input())
    }
}

/// Positions `kaleido bench` searches, per variant in `NAMES` order: the start and a position a
/// few turns into the engine's own main line.
pub const BENCH: [&[&str]; 9] = [
    &[
        "startpos",
        "***RNBK1BNR***/***SSS1SSSS***/***8***/re4S5wr/ne10wn/beQ9wb/qe10wq/ke10wk/b1Q8w1b/ne10wn/re4P5wr/***8***/***PPP1PPPP***/***RNBK1BNR*** b d1k1d14k14a4a11n4n11 - 0 2",
    ],
    &[
        "startpos",
        "***RNBK1BNR***/***SSS1SSSS***/***8***/re4S5wr/nbe2Q6wn/1e10wb/ke8w2q/q2e8wk/be10w1/ne6Q2wbn/re5P4wr/***8***/***PPPP1PPP***/***RNB1KBNR*** w d1k1d14k14a4a11n4n11 - 0 4",
    ],
    &[
        "startpos",
        "**RNBQKBNR**/**SSeSS1S1**/r7S2r/ne8wn/be8Sb/qe8wq/ke8wk/be8wb/nee6wwn/r7P2r/**PPPPP1P1**/**RNBQKBNR** w c1j1c12j12a3a10l3l10 - 0 4",
    ],
    &[
        "startpos",
        "**RNBQKBNR**/**SS3SSS**/re2S5wr/ne3SS3wn/beq7wb/k2e6w1/1e6w2k/be7qwb/ne3PP3wn/re5P2wr/**PPP3PP**/**RNBKQBNR** w c1j1c12j12a3a10l3l10 - 1 4",
    ],
    &[
        "startpos",
        "**NBKR**/**1SS1**/rk1wS1kr/1e4w1/ben2nwb/1N2P1w1/**1PP1**/**NBKR** w - - 1 4",
    ],
    &[
        "startpos",
        "**NBKR**/**3S**/neS2w1r/b6k/k6b/r1e2Pwn/**P3**/**RKBN** w - - 0 4",
    ],
    &[
        "startpos",
        "RNB2bnr/SSK2kss/8/2PPpp2/2SSss2/8/PPK2kpp/RNB2bnr w - - 0 4",
    ],
    &[
        "startpos",
        "R1BKkb1r/SSS1sss1/3S4/1n2N2s/p2N2n1/4P3/1ppp1PPP/r1bkKB1R w a1h1a8h8 - 2 4",
    ],
    &[
        "startpos",
        "rnbqkbnrrnbqkbnr/s1ss2sss1ss2ss/1s2s4s2s3/5Q4Q2s2/16/4P6P4/PPPP1PPPPPP1PPPP/RNB1KBNRRNBK1BNR w a1h1i1p1a8h8i8p8 - 0 4",
    ],
];
