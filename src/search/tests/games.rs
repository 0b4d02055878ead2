//! The two tiny games the search is tested on, and a plain minimax to check it against.

use super::*;

/// A well-spread key for a small number.
fn mix(z: u64) -> u64 {
    crate::rng::SplitMix64::new(z).next_u64()
}

/// Take 1 to `max_take` stones from one pile; whoever takes the last stone wins (the side to move
/// at an empty pile has no move and has lost). Taking the most allowed counts as "noisy".
#[derive(Clone, Debug)]
pub struct Nim {
    pile: u32,
    max_take: u32,
    taken: Vec<u32>,
    start_side: Side,
}

impl Nim {
    pub fn new_pile(pile: u32, max_take: u32) -> Nim {
        Nim {
            pile,
            max_take,
            taken: Vec::new(),
            start_side: Side::White,
        }
    }
}

impl Rules for Nim {
    type Move = u32;
    fn side_to_move(&self) -> Side {
        if self.taken.len().is_multiple_of(2) {
            self.start_side
        } else {
            self.start_side.other()
        }
    }
    fn key(&self) -> u64 {
        mix(self.pile as u64 * 2 + self.side_to_move().index() as u64)
    }
    fn compute_key(&self) -> u64 {
        self.key()
    }
    fn plies(&self) -> usize {
        self.taken.len()
    }
    fn generate(&self, moves: &mut MoveList<u32>) {
        for take in 1..=self.max_take.min(self.pile) {
            moves.push(take);
        }
    }
    fn generate_noisy(&self, moves: &mut MoveList<u32>) {
        if self.pile >= self.max_take {
            moves.push(self.max_take);
        }
    }
    fn make(&mut self, mv: u32) {
        self.pile -= mv;
        self.taken.push(mv);
    }
    fn unmake(&mut self) {
        if let Some(mv) = self.taken.pop() {
            self.pile += mv;
        }
    }
    fn in_check(&self) -> bool {
        false
    }
    fn rule_outcome(&self, _: bool) -> Option<Outcome> {
        None
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::win(self.side_to_move().other(), "took the last stone")
    }
    fn evaluate(&self) -> Score {
        0
    }
    fn is_noisy(&self, mv: u32) -> bool {
        mv == self.max_take
    }
    fn order_hint(&self, mv: u32) -> i32 {
        mv as i32
    }
    fn move_key(mv: u32) -> u32 {
        mv
    }
    fn history_slot(&self, mv: u32) -> usize {
        mv as usize
    }
}

impl Notation for Nim {
    fn variant(&self) -> &'static str {
        "nim"
    }
    fn new(_: &str, _: &VariantOptions) -> Result<Self, String> {
        Ok(Nim::new_pile(21, 3))
    }
    fn set_fen(&mut self, fen: &str, _: Dialect) -> Result<(), String> {
        self.pile = fen.trim().parse().map_err(|_| "bad pile".to_string())?;
        self.taken.clear();
        Ok(())
    }
    fn fen(&self, _: Dialect) -> String {
        self.pile.to_string()
    }
    fn parse_move(&self, text: &str, _: Dialect) -> Result<u32, MoveError> {
        text.parse().map_err(|_| MoveError::Unparsable(text.into()))
    }
    fn move_text(&self, mv: u32, _: Dialect) -> String {
        mv.to_string()
    }
    fn xboard_variant(&self) -> &'static str {
        "nim"
    }
    fn diagram(&self) -> String {
        self.pile.to_string()
    }
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe on cells 0..9 (row by row); X (White) moves first. A move is the cell index.
#[derive(Clone, Debug)]
pub struct TicTacToe {
    cells: [u8; 9],
    played: Vec<u8>,
    /// A deliberately bad evaluation (favours the side to move by 7) to check that real scores
    /// come from the game's end, not from the evaluation.
    eval_bias: Score,
}

impl TicTacToe {
    /// Plays `cells` in order from the empty board.
    pub fn after(cells: &[u8]) -> TicTacToe {
        let mut game = TicTacToe {
            cells: [0; 9],
            played: Vec::new(),
            eval_bias: 7,
        };
        for &c in cells {
            game.make(c);
        }
        game
    }
    fn line_of(&self, mark: u8) -> bool {
        LINES
            .iter()
            .any(|line| line.iter().all(|&c| self.cells[c] == mark))
    }
}

impl Rules for TicTacToe {
    type Move = u8;
    fn side_to_move(&self) -> Side {
        if self.played.len().is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        }
    }
    fn key(&self) -> u64 {
        self.compute_key()
    }
    fn compute_key(&self) -> u64 {
        self.cells
            .iter()
            .fold(0u64, |k, &c| k * 3 + c as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ mix(self.side_to_move().index() as u64)
    }
    fn plies(&self) -> usize {
        self.played.len()
    }
    fn generate(&self, moves: &mut MoveList<u8>) {
        for (i, &c) in self.cells.iter().enumerate() {
            if c == 0 {
                moves.push(i as u8);
            }
        }
    }
    fn generate_noisy(&self, _: &mut MoveList<u8>) {}
    fn make(&mut self, mv: u8) {
        self.cells[mv as usize] = 1 + self.side_to_move().index() as u8;
        self.played.push(mv);
    }
    fn unmake(&mut self) {
        if let Some(mv) = self.played.pop() {
            self.cells[mv as usize] = 0;
        }
    }
    fn in_check(&self) -> bool {
        false
    }
    fn rule_outcome(&self, _: bool) -> Option<Outcome> {
        let last = self.side_to_move().other();
        if self.line_of(1 + last.index() as u8) {
            Some(Outcome::win(last, "three in a row"))
        } else if self.played.len() == 9 {
            Some(Outcome::draw("board full"))
        } else {
            None
        }
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::draw("board full")
    }
    fn evaluate(&self) -> Score {
        self.eval_bias
    }
    fn is_noisy(&self, _: u8) -> bool {
        false
    }
    fn order_hint(&self, _: u8) -> i32 {
        0
    }
    fn move_key(mv: u8) -> u32 {
        mv as u32 + 1
    }
    fn history_slot(&self, mv: u8) -> usize {
        mv as usize
    }
}

impl Notation for TicTacToe {
    fn variant(&self) -> &'static str {
        "tictactoe"
    }
    fn new(_: &str, _: &VariantOptions) -> Result<Self, String> {
        Ok(TicTacToe::after(&[]))
    }
    fn set_fen(&mut self, _: &str, _: Dialect) -> Result<(), String> {
        Err("no FEN".into())
    }
    fn fen(&self, _: Dialect) -> String {
        format!("{:?}", self.cells)
    }
    fn parse_move(&self, text: &str, _: Dialect) -> Result<u8, MoveError> {
        text.parse().map_err(|_| MoveError::Unparsable(text.into()))
    }
    fn move_text(&self, mv: u8, _: Dialect) -> String {
        mv.to_string()
    }
    fn xboard_variant(&self) -> &'static str {
        "tictactoe"
    }
    fn diagram(&self) -> String {
        self.fen(Dialect::Uci)
    }
}

/// Plain negamax over the whole game tree: the independent reference for game-theoretic scores.
pub fn minimax<G: Rules>(game: &mut G, ply: usize) -> Score {
    let side = game.side_to_move();
    if ply > 0 {
        if let Some(o) = game.rule_outcome(true) {
            return o.score_for(side, ply);
        }
    }
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    if moves.is_empty() {
        return game.no_moves_outcome().score_for(side, ply);
    }
    let mut best = -INFINITY;
    for &mv in &moves {
        game.make(mv);
        best = best.max(-minimax(game, ply + 1));
        game.unmake();
    }
    best
}
