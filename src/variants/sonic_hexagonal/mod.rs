//! Sonic the Hedgehog Chess, Advanced, hexagonal version (`sonic-hexagonal`): Gliński's 91-cell
//! board and army, sliders whose captures bounce on at 120° (60° with `Turn60`), flying knights,
//! and a one-form king that any contact captures. HexRules: docs/sonic-hexagonal.md (rulings H1-H16).

pub mod eval;
pub mod movegen;
pub mod position;
#[cfg(test)]
mod tests;
mod view;
mod weights;

use crate::eval::Traced;
use crate::game::Rules as _;
use crate::game::{
    self, Dialect, MoveError, MoveList, Notation, OptionKind, OptionSpec, Outcome, Score, Side,
    VariantOptions,
};
use crate::mailbox::chessmen::chain_order_hint;
use crate::presentation::Presentation;
pub use movegen::HexMove;
use position::{colour, kind, HexRules, Position, EMPTY, PAWN};

pub const NAME: &str = "sonic-hexagonal";

pub static OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "Turn60",
        kind: OptionKind::Check { default: false },
    },
    OptionSpec {
        name: "Crooked",
        kind: OptionKind::Check { default: false },
    },
];

/// Bench positions: the start, and an open middlegame where chains are possible.
pub static BENCH: &[&str] = &[
    "startpos",
    "b/qbk/n1b1n/r5r/pp1pp1ppp/2p2p5/5P5/4P1P4/3P1BNP3/2P2B2P2/1PRNQB1KRP1 w - 0 5",
];

#[derive(Clone)]
pub struct SonicHexagonal {
    rules: HexRules,
    pos: Position,
    /// Positions before each move made: the undo stack.
    history: Vec<Position>,
    /// The key of every position of the game, the current one last: the repetition history.
    keys: Vec<u64>,
}

impl SonicHexagonal {
    pub fn position(&self) -> &Position {
        &self.pos
    }
    pub fn rules(&self) -> &HexRules {
        &self.rules
    }
}

impl game::Rules for SonicHexagonal {
    type Move = HexMove;

    game::position_rules!();
    game::copy_make_rules!(movegen);
    /// For the search, check is the threat of a direct king capture (a pawn, king, knight or a
    /// slider's first contact); the rules oblige nobody to anything (H10).
    fn in_check(&self) -> bool {
        movegen::king_attacked(&self.pos)
    }
    fn rule_outcome(&self, in_search: bool) -> Option<Outcome> {
        if let Some(loser) = self.pos.king_lost() {
            return Some(Outcome::win(
                loser.other(),
                format!("{} king captured", loser.name()),
            ));
        }
        if self.pos.halfmove >= 100 {
            return Some(Outcome::draw("100 plies without pawn move or capture"));
        }
        // Earlier same-side positions within the reversible stretch (H15).
        game::repeated(&self.keys, self.pos.halfmove as usize, in_search)
            .then(|| Outcome::draw("threefold repetition"))
    }
    /// No legal move with both kings on the board is a draw (H14).
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::draw("no legal move")
    }
    fn evaluate(&self) -> Score {
        eval::evaluate(&self.pos)
    }
    fn is_noisy(&self, mv: HexMove) -> bool {
        let target = self.pos.at(mv.to());
        mv.promo().is_some()
            || target != EMPTY && colour(target) != self.pos.side
            || target == EMPTY
                && self.pos.ep == Some(mv.to())
                && kind(self.pos.at(mv.from())) == PAWN
    }
    fn order_hint(&self, mv: HexMove) -> i32 {
        let piece = |cell| kind(self.pos.at(cell));
        chain_order_hint(
            piece(mv.to()),
            piece(mv.from()),
            mv.promo(),
            &eval::PIECE_VALUE,
        )
    }
    fn move_key(mv: HexMove) -> u32 {
        mv.bits() | 1 << 31
    }
    fn history_slot(&self, mv: HexMove) -> usize {
        use crate::mailbox::hex::index;
        // The two senses of one chain share a slot (91 · 91 · 5 fits, · 2 would not).
        let promo = mv.promo().map_or(0, |k| usize::from(k) - 1);
        (index(mv.from()) * 91 + index(mv.to())) * 5 + promo
    }
}

impl Notation for SonicHexagonal {
    fn variant(&self) -> &'static str {
        NAME
    }
    fn new(variant: &str, options: &VariantOptions) -> Result<Self, String> {
        if !variant.eq_ignore_ascii_case(NAME) {
            return Err(format!("unknown hexagonal Sonic variant '{variant}'"));
        }
        let pos = position::parse(position::START)?;
        Ok(SonicHexagonal {
            rules: HexRules {
                turn60: options.flag("Turn60"),
                crooked: options.flag("Crooked"),
            },
            keys: vec![pos.key],
            pos,
            history: Vec::new(),
        })
    }
    fn move_number(&self) -> u32 {
        self.pos.fullmove
    }
    fn set_fen(&mut self, text: &str, _dialect: Dialect) -> Result<(), String> {
        self.pos = position::parse(text)?;
        self.history.clear();
        self.keys = vec![self.pos.key];
        Ok(())
    }
    fn fen(&self, _dialect: Dialect) -> String {
        position::write(&self.pos)
    }
    /// Exactly the strings the generator writes (H.6), in every dialect.
    fn parse_move(&self, text: &str, _dialect: Dialect) -> Result<HexMove, MoveError> {
        if self.pos.king_lost().is_some() {
            return Err(MoveError::GameOver);
        }
        let text = text.trim();
        if !movegen::well_formed(text) {
            return Err(MoveError::Unparsable(text.to_string()));
        }
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        moves
            .into_iter()
            .find(|&m| movegen::text(&self.pos, &self.rules, m) == text)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
    fn move_text(&self, mv: HexMove, _dialect: Dialect) -> String {
        movegen::text(&self.pos, &self.rules, mv)
    }
    /// Never offered to XBoard (docs/sonic-hexagonal.md, "XBoard"): the name is only ours.
    fn xboard_variant(&self) -> &'static str {
        NAME
    }
    // Presentation.

    fn diagram(&self) -> String {
        position::diagram(&self.pos)
    }
    fn choice_label(&self, choice: &str) -> String {
        crate::board_view::promotion_label(choice)
    }
}

impl Presentation for SonicHexagonal {
    fn board_view(&self) -> crate::board_view::BoardView {
        let mut view = view::board_view(self);
        // The rules' check (any leg of any chain), not the search's direct threat.
        if movegen::check(&self.pos, &self.rules) {
            view.mark_check("king");
        }
        view
    }
}

impl Traced for SonicHexagonal {
    fn eval_trace(&self) -> Option<crate::eval::EvalTrace> {
        Some(eval::trace(&self.pos))
    }
}
