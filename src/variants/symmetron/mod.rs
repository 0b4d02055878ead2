//! Symmetron! 112 (A. Fourrière and R. Lavieri): an 11x10 Arena plus one launching square per
//! side, Reducers and SHSs that change nearby pieces' moves, a Resurrector that retrieves
//! captured pieces, Can(n)ons that flip, Pawns and Bawns. Rules, with the sections and rulings
//! (R-n) the comments cite: docs/symmetron.md.

pub mod board;
pub mod eval;
pub mod fen;
pub mod make;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
mod see;
#[cfg(test)]
mod tests;
mod view;
mod weights;

use crate::eval::Traced;
use crate::game::{
    Dialect, MoveError, MoveList, Notation, Outcome, Rules, Score, Side, VariantOptions,
};
use crate::mailbox::Sq;
use crate::presentation::Presentation;
use board::*;
use movegen::Wanted;
pub use moves::{Move, MoveKind};
pub use position::{ModifierMode, Position};

pub const NAME: &str = "symmetron-112";
pub const START_FEN: &str =
    "nc3k3cn/hd1a3a1dr/pppbbbbbppp/11/11/11/11/PPPBBBBBPPP/RD1A3A1DH/NC3K3CN Uu w 0 1";

/// Bench positions: the start, a middlegame with both Resurrectors and Reducers in play, and a
/// position with a retrieved piece waiting on a launching square.
/// Bench positions (the middlegames come from seeded random playouts of our own generator):
/// the start, an early middlegame with both Resurrectors on the Arena, a middlegame with a
/// retrieved Can(n)on waiting on White's LS, and one with retrieved pieces on both sides.
pub const BENCH: &[&str] = &[
    "startpos",
    "1v3k3cn/hd7dr/ppp1bbb1ppp/8b2/2Au7/11/7B1U1/PPPABBBA3/RD8H/NC2K4CD -- w 1 11",
    "h2k7/10r/p1p1bbb3p/4R2p3/2u5U2/1P9/2P2B1n3/d4BB3H/11/4K6 C- w 0 31",
    "n3k3v2/h5d3r/p3bbb3D/1ppu7/10p/1Uv1B6/7B3/1a5aPPP/R8DH/4K5N Bp w 0 21",
];
/// The plies without an irreversible move after which the game is drawn (§7.4).
pub const MOVE_RULE_PLIES: u32 = 100;

#[derive(Clone)]
pub struct Symmetron {
    pos: Position,
}

impl Symmetron {
    pub fn from_fen(fen: &str) -> Result<Symmetron, String> {
        Ok(Symmetron {
            pos: Position::from_fen(fen, false)?,
        })
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Switches the way modifiers are computed (for measurements and cross-checks).
    pub fn set_modifier_mode(&mut self, mode: ModifierMode) {
        self.pos.mode = mode;
    }

    /// A copy for legality tests: board and trackers, no history.
    fn scratch(&self) -> Position {
        Position {
            board: self.pos.board,
            side: self.pos.side,
            halfmove: self.pos.halfmove,
            fullmove: self.pos.fullmove,
            key: self.pos.key,
            kings: self.pos.kings,
            counts: self.pos.counts,
            magic: self.pos.magic,
            undo: Vec::new(),
            keys: Vec::new(),
            mode: self.pos.mode,
        }
    }

    /// Whether the last move captured a piece that went to the capturer's LS.
    pub fn last_move_resurrected(&self) -> bool {
        self.pos.undo.last().is_some_and(|u| u.resurrected)
    }

    /// The result a draw rule gives now, before mate/stalemate precedence.
    fn draw_rule(&self, in_search: bool) -> Option<&'static str> {
        // compare with every earlier position of the game.
        if crate::game::repeated(&self.pos.keys, self.pos.keys.len(), in_search) {
            return Some("repetition");
        }
        if self.pos.halfmove >= MOVE_RULE_PLIES {
            return Some("100-ply rule");
        }
        None
    }
}

impl Rules for Symmetron {
    type Move = Move;

    crate::game::position_rules!();

    fn plies(&self) -> usize {
        self.pos.undo.len()
    }

    fn generate(&self, moves: &mut MoveList<Move>) {
        self.scratch().legal_moves(moves, Wanted::All);
    }

    fn generate_noisy(&self, moves: &mut MoveList<Move>) {
        self.scratch().legal_moves(moves, Wanted::Noisy);
    }

    fn make(&mut self, mv: Move) {
        self.pos.make(mv);
    }

    fn unmake(&mut self) {
        self.pos.unmake();
    }

    /// Zugzwang is rare here: magic pieces and Can(n)on flips almost always give a free tempo.
    fn null_move_allowed(&self) -> bool {
        !self.pos.in_check()
    }

    fn make_null(&mut self) {
        self.pos.make_null();
    }

    fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    fn rule_outcome(&self, in_search: bool) -> Option<Outcome> {
        let reason = self.draw_rule(in_search)?;
        // checkmate and stalemate take precedence over the automatic draws.
        if !self.scratch().has_legal_move() {
            return None;
        }
        Some(Outcome::draw(reason))
    }

    fn no_moves_outcome(&self) -> Outcome {
        if self.pos.in_check() {
            let winner = self.pos.side.other();
            Outcome::win(winner, format!("{} mates", winner.name()))
        } else {
            Outcome::draw("stalemate")
        }
    }

    fn evaluate(&self) -> Score {
        self.pos.evaluate()
    }

    fn is_noisy(&self, mv: Move) -> bool {
        match mv.kind {
            MoveKind::Explode => true,
            _ => make::victim_square(mv).is_some_and(|v| self.pos.at(v) != EMPTY),
        }
    }

    fn order_hint(&self, mv: Move) -> i32 {
        let victim = make::victim_square(mv)
            .map(|v| (v, self.pos.at(v)))
            .filter(|&(_, p)| p != EMPTY)
            .map(|(v, p)| self.pos.current_value(v, p))
            .unwrap_or(0);
        let mover = self.pos.at(mv.from);
        let attacker = if mover == EMPTY {
            0
        } else {
            eval::VALUE[kind(mover) as usize]
        };
        victim * 16 - attacker / 16
    }

    fn see_ge(&self, mv: Move, threshold: Score) -> bool {
        see::see_ge(self, mv, threshold)
    }

    fn move_key(mv: Move) -> u32 {
        mv.key()
    }

    fn history_slot(&self, mv: Move) -> usize {
        fn index(sq: Sq) -> usize {
            if is_ls(sq) {
                110 + (sq as usize & 1)
            } else {
                crate::mailbox::rank_of(sq) * FILES + crate::mailbox::file_of(sq)
            }
        }
        (index(mv.from) * 112 + index(mv.to)) * 4 + (mv.kind as usize & 3)
    }
}

impl Notation for Symmetron {
    fn variant(&self) -> &'static str {
        NAME
    }
    fn new(variant: &str, _options: &VariantOptions) -> Result<Self, String> {
        if !variant.eq_ignore_ascii_case(NAME) {
            return Err(format!("unknown variant '{variant}'"));
        }
        Symmetron::from_fen(START_FEN)
    }

    fn set_fen(&mut self, fen: &str, dialect: Dialect) -> Result<(), String> {
        let mode = self.pos.mode;
        let mut pos = Position::from_fen(fen, dialect == Dialect::XBoard)?;
        pos.mode = mode;
        self.pos = pos;
        Ok(())
    }

    fn fen(&self, dialect: Dialect) -> String {
        self.pos.to_fen(dialect == Dialect::XBoard)
    }

    fn move_number(&self) -> u32 {
        self.pos.fullmove
    }

    fn parse_move(&self, text: &str, dialect: Dialect) -> Result<Move, MoveError> {
        self.scratch().parse(text, dialect)
    }

    fn move_text(&self, mv: Move, dialect: Dialect) -> String {
        self.pos.move_text(mv, dialect)
    }

    fn xboard_variant(&self) -> &'static str {
        "symmetron-112"
    }

    fn xboard_setup(&self) -> Vec<String> {
        // Our letters in XBoard's slots (PNBRQFEACWMOHIJGDVLSUK order). Our Pawn sits in the
        // Wazir slot: XBoard promotes its own Pawn type on the last rank (measured: a Black
        // Pawn capturing onto rank 1 went out as `a1b0.`), and ours never promotes. Legality
        // testing must be off (-L): it cannot generate these moves. Holdings of 9 (the used
        // piece types up to V) let a retrieved piece be dropped onto l1/l10; parent `lion`
        // relays the null move `@@@@` to the other engine (both measured with XBoard 4.9.1).
        vec![format!(
            "setup ({}) 12x10+9_lion {}",
            notation::XBOARD_PIECES,
            self.pos.to_fen(true)
        )]
    }

    fn choice_label(&self, choice: &str) -> String {
        view::choice_label(choice)
    }
    fn diagram(&self) -> String {
        let mut out = crate::mailbox::diagram::diagram(FILES, RANKS, |f, r| {
            match self.pos.at(crate::mailbox::square(f, r)) {
                EMPTY => '.',
                p => piece_letter(p),
            }
        });
        let ls = |s: Side| match self.pos.at(ls_square(s)) {
            EMPTY => '-',
            p => piece_letter(p),
        };
        out.push_str(&format!(
            "WLS: {}  BLS: {}  {} to move\n",
            ls(Side::White),
            ls(Side::Black),
            self.pos.side.name()
        ));
        out
    }
}

impl Presentation for Symmetron {
    fn turn_steps(&self, mv: Move, dialect: Dialect) -> Vec<Vec<crate::turn::Step>> {
        vec![self.pos.turn_steps(mv, dialect)]
    }
    fn board_view(&self) -> crate::board_view::BoardView {
        let mut view = view::board_view(&self.pos);
        if self.pos.in_check() {
            view.mark_check("king");
        }
        view
    }
}

impl Traced for Symmetron {
    fn eval_trace(&self) -> Option<crate::eval::EvalTrace> {
        Some(self.pos.trace())
    }
}
