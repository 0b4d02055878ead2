//! The game traits (`Rules`, `Notation`, `Presentation`, `eval::Traced`) for every palace game:
//! thin glue from the traits to `PalaceGame` and its `Ruleset`.

use super::{Kind, Move, PalaceGame, Ruleset, EMPTY, KIND_MASK};
use crate::eval::Traced;
use crate::game::{
    Dialect, MoveError, MoveList, Notation, Outcome, Rules, Score, Side, VariantOptions,
};
use crate::mailbox::CELLS;
use crate::presentation::Presentation;

impl<R: Ruleset> Rules for PalaceGame<R> {
    type Move = Move;
    fn side_to_move(&self) -> Side {
        self.side()
    }
    fn key(&self) -> u64 {
        PalaceGame::key(self)
    }
    fn compute_key(&self) -> u64 {
        PalaceGame::compute_key(self)
    }
    fn plies(&self) -> usize {
        PalaceGame::plies(self)
    }
    fn generate(&self, moves: &mut MoveList<Move>) {
        self.generate_moves(false, moves);
    }
    fn generate_noisy(&self, moves: &mut MoveList<Move>) {
        self.generate_moves(true, moves);
    }
    fn make(&mut self, mv: Move) {
        self.make_move(mv);
    }
    fn unmake(&mut self) {
        self.unmake_move();
    }
    fn null_move_allowed(&self) -> bool {
        !PalaceGame::in_check(self) && self.has_attacking_piece()
    }
    fn make_null(&mut self) {
        self.make_null_move();
    }
    fn in_check(&self) -> bool {
        PalaceGame::in_check(self)
    }
    fn rule_outcome(&self, in_search: bool) -> Option<Outcome> {
        self.repetition(in_search)
    }
    fn no_moves_outcome(&self) -> Outcome {
        self.no_moves()
    }
    fn prepare_evaluation(&mut self) {
        self.update_network();
    }
    fn evaluate(&self) -> Score {
        if let Some(score) = self.network_score(|| super::eval::evaluate(self)) {
            return score;
        }
        super::eval::evaluate(self)
    }
    fn is_noisy(&self, mv: Move) -> bool {
        self.cells()[mv.to as usize] != EMPTY
    }
    fn order_hint(&self, mv: Move) -> i32 {
        let value = |sq: u16| Kind::from_code(self.cells()[sq as usize]).map_or(0, R::order_value);
        value(mv.to) * 16 - value(mv.from) / 16
    }
    fn see_ge(&self, mv: Move, threshold: Score) -> bool {
        super::see::see_ge(self, mv, threshold)
    }
    fn material_unit(&self) -> Score {
        R::material_unit()
    }
    fn move_key(mv: Move) -> u32 {
        // Every real square is a non-zero cell, so the key is never 0.
        ((mv.from as u32) << 16) | mv.to as u32
    }
    fn history_slot(&self, mv: Move) -> usize {
        // Piece codes stay below 32 and cells below CELLS: 32 * CELLS < HISTORY_SLOTS.
        ((self.cells()[mv.from as usize] & (KIND_MASK | super::BLACK_BIT)) as usize) * CELLS
            + mv.to as usize
    }
}

impl<R: Ruleset> Notation for PalaceGame<R> {
    fn variant(&self) -> &'static str {
        R::NAME
    }
    fn new(variant: &str, _options: &VariantOptions) -> Result<Self, String> {
        if !variant.eq_ignore_ascii_case(R::NAME) {
            return Err(format!("{} cannot play '{variant}'", R::NAME));
        }
        PalaceGame::from_fen(R::START_FEN, Dialect::Uci)
    }
    fn set_fen(&mut self, fen: &str, dialect: Dialect) -> Result<(), String> {
        *self = PalaceGame::from_fen(fen, dialect)?;
        Ok(())
    }
    fn fen(&self, dialect: Dialect) -> String {
        self.fen_text(dialect)
    }
    fn move_number(&self) -> u32 {
        PalaceGame::move_number(self)
    }
    fn parse_move(&self, text: &str, dialect: Dialect) -> Result<Move, MoveError> {
        match dialect {
            Dialect::Record => R::parse_record(self, text.trim()),
            _ => self.parse_coordinate(text, dialect),
        }
    }
    fn move_text(&self, mv: Move, dialect: Dialect) -> String {
        match dialect {
            Dialect::Record => R::record_text(self, mv),
            _ => self.coordinate_text(mv, dialect),
        }
    }
    fn xboard_variant(&self) -> &'static str {
        R::xboard_variant()
    }
    fn xboard_setup(&self) -> Vec<String> {
        R::xboard_setup()
    }
    fn diagram(&self) -> String {
        self.picture()
    }
}

impl<R: Ruleset> Presentation for PalaceGame<R> {
    fn board_view(&self) -> crate::board_view::BoardView {
        let mut view = self.view();
        if PalaceGame::in_check(self) {
            view.mark_check("general");
        }
        view
    }
}

impl<R: Ruleset> Traced for PalaceGame<R> {
    fn eval_trace(&self) -> Option<crate::eval::EvalTrace> {
        Some(super::eval::trace(self))
    }
    fn net_input(&self) -> Option<crate::eval::nnue::NetInput> {
        Some(super::features::net_input(self))
    }
}

// Piece codes stay below 32, so `history_slot` stays inside the history table.
const _: () = assert!(32 * CELLS <= crate::game::HISTORY_SLOTS);
