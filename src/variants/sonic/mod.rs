//! Sonic the Hedgehog Chess, Advanced version (Daniil Frolov, 2011): bouncing sliders, flying
//! knights and Dr. Eggman's three king forms. Variants `sonic` and `sonic-springs` (springs on
//! c3, f3, c6, f6), rule option `Crooked` (turns alternate within a move). SonicRules: docs/sonic.md.

pub mod board;
pub mod chains;
pub mod check;
pub mod eval;
pub mod fen;
pub mod forms;
pub mod movegen;
pub mod moves;
pub mod notation;
mod see;
#[cfg(test)]
mod tests;
mod view;
mod weights;

use crate::eval::Traced;
use crate::game::{
    self, Dialect, MoveError, MoveList, Notation, OptionKind, OptionSpec, Outcome, Score, Side,
    VariantOptions,
};
use crate::mailbox::chessmen::chain_order_hint;
use crate::presentation::Presentation;
use board::{kind, Position, SonicRules, EMPTY, PAWN};
pub use moves::SonicMove;

pub const NAME: &str = "sonic";
pub const SPRINGS_NAME: &str = "sonic-springs";
/// c3, f3, c6, f6.
pub const SPRING_SQUARES: u64 = 1 << 18 | 1 << 21 | 1 << 42 | 1 << 45;

pub static OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "Crooked",
    kind: OptionKind::Check { default: false },
}];

/// Bench positions: the start, a middlegame with open lines, a hit king with a pending choice.
pub static BENCH: &[&str] = &[
    "startpos",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQkq - 1 5 Kna/Kna",
    "r3k2r/ppp2ppp/2n5/3q4/8/2N2B2/PPP2PPP/R2QK2R b KQkq - 0 12 Kna/?na2",
];

#[derive(Clone)]
pub struct Sonic {
    variant: &'static str,
    rules: SonicRules,
    pos: Position,
    /// Positions before each move made: the undo stack.
    history: Vec<Position>,
    /// The key of every position of the game, the current one last: the repetition history.
    keys: Vec<u64>,
}

impl Sonic {
    pub fn position(&self) -> &Position {
        &self.pos
    }
    pub fn rules(&self) -> &SonicRules {
        &self.rules
    }
}

impl game::Rules for Sonic {
    type Move = SonicMove;
    game::position_rules!();
    game::copy_make_rules!(movegen);
    /// For the search, "check" is the threat of an outright king capture by a pawn or king
    /// (`check::capture_threat`). The rules' check of §3.7 obliges nobody to anything, and every
    /// chain hit, lethal or not, is a noisy move that quiescence search sees anyway.
    fn in_check(&self) -> bool {
        check::capture_threat(&self.pos, self.pos.side)
    }
    fn rule_outcome(&self, in_search: bool) -> Option<Outcome> {
        if let Some(loser) = self.pos.king_lost() {
            return Some(Outcome::win(
                loser.other(),
                format!("{} king lost", loser.name()),
            ));
        }
        if self.pos.halfmove >= 100 {
            return Some(Outcome::draw("100 plies without pawn move, capture or hit"));
        }
        // Earlier same-side positions within the reversible stretch.
        game::repeated(&self.keys, self.pos.halfmove as usize, in_search)
            .then(|| Outcome::draw("threefold repetition"))
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::draw("no legal move")
    }
    fn evaluate(&self) -> Score {
        eval::evaluate(&self.pos, &self.rules)
    }
    fn is_noisy(&self, mv: SonicMove) -> bool {
        let target = self.pos.board[mv.to() as usize];
        if target == EMPTY
            && self.rules.spring(mv.to())
            && movegen::is_chain(&self.pos, &self.rules, mv)
        {
            return movegen::spring_chain_is_noisy(&self.pos, &self.rules, mv);
        }
        mv.promo().is_some()
            || mv.kind() == moves::MoveKind::Normal
                && (target != EMPTY && board::colour(target) != self.pos.side
                    || target == EMPTY
                        && self.pos.ep == Some(mv.to())
                        && kind(self.pos.board[mv.from() as usize]) == PAWN)
    }
    fn order_hint(&self, mv: SonicMove) -> i32 {
        let piece = |sq: u8| kind(self.pos.board[sq as usize]);
        chain_order_hint(
            piece(mv.to()),
            piece(mv.from()),
            mv.promo(),
            &eval::PIECE_VALUE,
        )
    }
    fn see_ge(&self, mv: SonicMove, threshold: Score) -> bool {
        see::see_ge(&self.pos, &self.rules, mv, threshold)
    }
    fn move_key(mv: SonicMove) -> u32 {
        mv.bits() | 1 << 31
    }
    fn history_slot(&self, mv: SonicMove) -> usize {
        let suffix = mv.suffix().map_or(0, |f| f as usize + 1);
        ((mv.from() as usize * 64 + mv.to() as usize) << 2 | suffix) % crate::game::HISTORY_SLOTS
    }
}

impl Notation for Sonic {
    fn variant(&self) -> &'static str {
        self.variant
    }
    fn new(variant: &str, options: &VariantOptions) -> Result<Self, String> {
        let (variant, springs) = if variant.eq_ignore_ascii_case(NAME) {
            (NAME, 0)
        } else if variant.eq_ignore_ascii_case(SPRINGS_NAME) {
            (SPRINGS_NAME, SPRING_SQUARES)
        } else {
            return Err(format!("unknown Sonic variant '{variant}'"));
        };
        let pos = fen::parse(fen::START)?;
        Ok(Sonic {
            variant,
            rules: SonicRules {
                springs,
                crooked: options.flag("Crooked"),
            },
            keys: vec![pos.key],
            pos,
            history: Vec::new(),
        })
    }
    fn set_fen(&mut self, text: &str, _dialect: Dialect) -> Result<(), String> {
        self.pos = fen::parse(text)?;
        self.history.clear();
        self.keys = vec![self.pos.key];
        Ok(())
    }
    fn fen(&self, dialect: Dialect) -> String {
        // XBoard knows nothing of king forms: it gets the six orthodox fields.
        fen::write(&self.pos, dialect != Dialect::XBoard)
    }
    fn move_number(&self) -> u32 {
        self.pos.fullmove
    }
    fn parse_move(&self, text: &str, dialect: Dialect) -> Result<SonicMove, MoveError> {
        if self.pos.king_lost().is_some() {
            return Err(MoveError::GameOver);
        }
        notation::parse(&self.pos, &self.rules, text, dialect)
    }
    fn move_text(&self, mv: SonicMove, dialect: Dialect) -> String {
        notation::text(&self.pos, &self.rules, mv, dialect)
    }
    fn xboard_variant(&self) -> &'static str {
        self.variant
    }
    fn xboard_setup(&self) -> Vec<String> {
        // Chess pieces on 8x8; parent `lion` because it relays the mover's null move `@@@@` to
        // the other engine as `usermove @@@@` (measured, docs/sonic.md), which split chains need.
        vec![format!(
            "setup (PNBRQ................Kpnbrq................k) 8x8+0_lion {}",
            fen::START_XBOARD
        )]
    }
    fn choice_label(&self, choice: &str) -> String {
        view::choice_label(choice)
    }
    fn diagram(&self) -> String {
        fen::diagram(&self.pos, &self.rules)
    }
}

impl Presentation for Sonic {
    fn board_view(&self) -> crate::board_view::BoardView {
        let mut view = view::board_view(self);
        // The rules' check (§3.7), not the search's capture threat.
        if check::in_check(&self.pos, &self.rules, self.pos.side) {
            view.mark_check("king");
        }
        view
    }
}

impl Traced for Sonic {
    fn eval_trace(&self) -> Option<crate::eval::EvalTrace> {
        Some(eval::trace(&self.pos, &self.rules))
    }
}
