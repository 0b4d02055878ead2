//! The position of a palace game: board, side to move, incremental key and evaluation terms, the
//! undo stack and the per-ply history (keys and check flags) that the repetition ruling reads.

use super::features;
use super::movegen::Board;
use super::{
    colour_index, make_piece, Cell, Kind, Move, Ruleset, EMPTY, KIND_MASK, OFF, PALACE, RANKS,
};
use crate::eval::nnue::{registry, Accumulators};
use crate::eval::Pair;
use crate::game::{Dialect, MoveList, Outcome, Score, Side};
use crate::mailbox::fen::{side_field, write_board, Fen, FenCell};
use crate::mailbox::zobrist::ZOBRIST;
use crate::mailbox::{file_of, rank_of, square, Sq, CELLS, NO_SQ};
use std::marker::PhantomData;

/// Whether moving a piece (not the king) from `from` to `to` could leave our king on `king`
/// attacked when it was not before. Vacating a square can open a rook/cannon/king line through it
/// or unblock a lame leaper aimed at the king; occupying a square on the king's file or rank can
/// create a cannon screen. Seen from the king, the blocking squares of every lame leap that ends on
/// it are the diagonal neighbours (horse leg, bull eye, and the bear's and rhino's first block) and,
/// with bear and rhino, the (2,2), (1,2) and (2,1) squares. Any other move cannot expose the king,
/// so it skips the make-and-test.
#[inline]
fn could_expose(king: Sq, from: Sq, to: Sq, long_leapers: bool) -> bool {
    let (kf, kr) = (file_of(king) as isize, rank_of(king) as isize);
    let (df, dr) = (
        (file_of(from) as isize - kf).abs(),
        (rank_of(from) as isize - kr).abs(),
    );
    let on_line = |sq: Sq| file_of(sq) as isize == kf || rank_of(sq) as isize == kr;
    on_line(from)
        || on_line(to)
        || (df == 1 && dr == 1)
        || (long_leapers && (1..=2).contains(&df) && (1..=2).contains(&dr))
}

/// `sum += sign * pair`, both phases.
#[inline]
fn add(sum: &mut Pair, pair: Pair, sign: Score) {
    sum[0] += sign * pair[0];
    sum[1] += sign * pair[1];
}

/// The undo record of a pass.
const NULL_MOVE: Move = Move {
    from: NO_SQ,
    to: NO_SQ,
};

/// What `unmake` needs beyond the move itself.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    captured: Cell,
    halfmove: u32,
    psq: [Pair; 2],
}

#[derive(Clone)]
pub struct PalaceGame<R: Ruleset> {
    cells: [Cell; CELLS],
    side: Side,
    kings: [Sq; 2],
    /// Pieces of each kind per colour (indexed by `Kind as usize`), kept incrementally.
    counts: [[u8; 16]; 2],
    /// Material + piece-square sums per colour (middlegame, endgame), each from its owner's view.
    psq: [Pair; 2],
    key: u64,
    /// Plies since the last capture (FEN field; bounds the repetition search).
    halfmove: u32,
    fullmove: u32,
    undo: Vec<Undo>,
    /// `keys[i]`: key after `i` plies from the start position or FEN.
    keys: Vec<u64>,
    /// `checks[i]`: the side to move after `i` plies is in check (so ply `i` gave check).
    checks: Vec<bool>,
    /// The network's accumulators, one frame per ply (empty without a network).
    nnue: Accumulators,
    _rules: PhantomData<R>,
}

/// Player names of the palace games.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "Red",
        Side::Black => "Black",
    }
}

impl<R: Ruleset> PalaceGame<R> {
    /// Parses a FEN (or `startpos`): board, side (`w`/`r` = Red, `b` = Black; Red when missing),
    /// then optionally `-` fields (castling, e.p.; XBoard leaves them out), the half-move clock
    /// and the move number.
    pub fn from_fen(text: &str, dialect: Dialect) -> Result<Self, String> {
        let mut fen = Fen::new(text, dialect, R::START_FEN)?;
        let dialect = fen.dialect;
        let side = if fen.peek() == Some("r") {
            fen.field();
            Side::White
        } else {
            fen.side(Some(Side::White))?
        };
        fen.drop_fields(|f| f == "-");
        let (halfmove, fullmove) = fen.counters()?;
        fen.finish()?;
        let board = fen.board(R::FILES, RANKS, R::NAME)?;
        let mut game = PalaceGame::<R> {
            cells: [OFF; CELLS],
            side,
            kings: [0; 2],
            counts: [[0; 16]; 2],
            psq: [[0; 2]; 2],
            key: 0,
            halfmove,
            fullmove,
            undo: Vec::new(),
            keys: Vec::new(),
            checks: Vec::new(),
            nnue: Accumulators::default(),
            _rules: PhantomData,
        };
        let mut king_count = [0; 2];
        for (file, rank, letter) in board.squares(|_, _| true)? {
            let sq = square(file, rank);
            game.cells[sq as usize] = match letter {
                None => EMPTY,
                Some(c) => {
                    let kind = R::kind_of_letter(c.to_ascii_uppercase(), dialect)
                        .ok_or_else(|| format!("unknown piece letter '{c}'"))?;
                    let color = usize::from(c.is_ascii_lowercase());
                    if kind == Kind::King {
                        king_count[color] += 1;
                        game.kings[color] = sq;
                    }
                    make_piece(kind, color)
                }
            };
        }
        for (color, count) in king_count.into_iter().enumerate() {
            if count != 1 {
                return Err(format!(
                    "{} needs exactly one king",
                    side_name(Side::from_index(color))
                ));
            }
            if R::zones()[game.kings[color] as usize] & (PALACE << color) == 0 {
                return Err(format!(
                    "{}'s king stands outside its palace",
                    side_name(Side::from_index(color))
                ));
            }
        }
        game.refresh();
        let mover = side.index();
        if game.board().attacked(game.kings[mover ^ 1], mover) {
            return Err("the side not to move is in check".into());
        }
        game.keys.push(game.key);
        let check = game.board().attacked(game.kings[mover], mover ^ 1);
        game.checks.push(check);
        let net = registry::network(R::FEATURE_SET, features::feature_count::<R>(), R::NETWORK);
        game.nnue = Accumulators::new(net, || features::net_input(&game));
        Ok(game)
    }

    /// Computes the network's pending accumulator frames (`Rules::prepare_evaluation`).
    pub fn update_network(&mut self) {
        self.nnue.update();
    }

    /// The network's score for the side to move, when a network evaluates (`hand`: the
    /// hand-written evaluation, which a network trained on top of it adds to).
    pub fn network_score(&self, hand: impl FnOnce() -> Score) -> Option<Score> {
        let score = self.nnue.evaluate(self.side, hand)?;
        debug_assert!(
            self.nnue.matches(&features::net_input(self)),
            "incremental accumulators differ from a refresh at {}",
            self.fen_text(Dialect::Uci)
        );
        Some(score)
    }

    /// Evaluates with `net` (or by hand) from now on, whatever the registry says.
    #[cfg(test)]
    pub fn use_network(&mut self, net: Option<std::sync::Arc<crate::eval::nnue::Network>>) {
        self.nnue = Accumulators::new(net, || features::net_input(self));
    }

    /// Recomputes piece counts, evaluation sums and the key from the board.
    fn refresh(&mut self) {
        self.counts = [[0; 16]; 2];
        self.psq = [[0; 2]; 2];
        for sq in self.squares() {
            let c = self.cells[sq as usize];
            if c == EMPTY {
                continue;
            }
            self.counts[colour_index(c)][(c & KIND_MASK) as usize] += 1;
            add(&mut self.psq[colour_index(c)], R::psq(c, sq), 1);
        }
        self.key = self.compute_key();
    }

    /// Every square of the board, rank 1 first.
    pub fn squares(&self) -> impl Iterator<Item = Sq> {
        (0..RANKS).flat_map(|r| (0..R::FILES).map(move |f| square(f, r)))
    }

    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in self.squares() {
            let c = self.cells[sq as usize];
            if c != EMPTY {
                key ^= ZOBRIST.piece(c as usize, sq);
            }
        }
        if self.side == Side::Black {
            key ^= ZOBRIST.side;
        }
        key
    }

    pub fn fen_text(&self, dialect: Dialect) -> String {
        let board = write_board(R::FILES, RANKS, |f, rank| {
            let c = self.cells[square(f, rank) as usize];
            match Kind::from_code(c) {
                None => FenCell::Empty,
                Some(kind) => FenCell::Piece(Self::letter_of(kind, c, dialect)),
            }
        });
        // XBoard's xiangqi-parent FENs carry no castling / e.p. fields.
        let rights = if dialect == Dialect::XBoard {
            ""
        } else {
            " - -"
        };
        format!(
            "{board} {}{rights} {} {}",
            side_field(self.side),
            self.halfmove,
            self.fullmove
        )
    }

    /// The letter of a piece of `kind` with piece code `code` in `dialect`, in its colour's case.
    fn letter_of(kind: Kind, code: Cell, dialect: Dialect) -> char {
        let letter = R::letter(kind, dialect).unwrap_or('?');
        if colour_index(code) == 0 {
            letter
        } else {
            letter.to_ascii_lowercase()
        }
    }

    #[inline]
    pub fn cells(&self) -> &[Cell; CELLS] {
        &self.cells
    }
    #[inline]
    pub fn side(&self) -> Side {
        self.side
    }
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }
    #[inline]
    pub fn king(&self, color: usize) -> Sq {
        self.kings[color]
    }
    /// How many pieces of `kind` `color` has.
    #[inline]
    pub fn count(&self, color: usize, kind: Kind) -> i32 {
        self.counts[color][kind as usize] as i32
    }
    /// Material + PST sum of `color`.
    pub fn psq_sum(&self, color: usize) -> Pair {
        self.psq[color]
    }
    pub fn plies(&self) -> usize {
        self.undo.len()
    }
    pub fn move_number(&self) -> u32 {
        self.fullmove
    }
    pub fn in_check(&self) -> bool {
        self.checks.last().copied().unwrap_or(false)
    }

    /// Guards and bulls are free (rule 3): some side has no pawns left.
    #[inline]
    pub fn freed(&self) -> bool {
        R::FREEING && (self.count(0, Kind::Pawn) == 0 || self.count(1, Kind::Pawn) == 0)
    }

    #[inline]
    pub fn board(&self) -> Board<'_, R> {
        Board::new(&self.cells, self.freed())
    }

    /// Legal moves (all, or captures only): pseudo-legal generation, then each move tried on a
    /// scratch board and kept when the mover's king is not attacked afterwards.
    pub fn generate_moves(&self, captures_only: bool, out: &mut MoveList<Move>) {
        let us = self.side.index();
        let start = out.len();
        let board = self.board();
        for sq in self.squares() {
            let c = self.cells[sq as usize];
            if c != EMPTY && colour_index(c) == us {
                board.piece_moves(sq, us, captures_only, out);
            }
        }
        let mut scratch = self.cells;
        let mut kept = start;
        let in_check = self.in_check();
        let king_at = self.kings[us];
        for i in start..out.len() {
            let mv = out[i];
            let captured = scratch[mv.to as usize];
            let moving = scratch[mv.from as usize];
            // Taking a pawn may free enemy guards and bulls (rule 3): always test those.
            let needs_test = in_check
                || moving & KIND_MASK == Kind::King as u8
                || could_expose(king_at, mv.from, mv.to, R::LONG_LEAPERS)
                || (R::FREEING && captured & KIND_MASK == Kind::Pawn as u8);
            if !needs_test {
                out[kept] = mv;
                kept += 1;
                continue;
            }
            scratch[mv.to as usize] = moving;
            scratch[mv.from as usize] = EMPTY;
            let king = if moving & KIND_MASK == Kind::King as u8 {
                mv.to
            } else {
                self.kings[us]
            };
            // Taking the last enemy pawn frees the enemy's guards and bulls at once.
            let freed = R::FREEING
                && (self.freed()
                    || (captured & KIND_MASK == Kind::Pawn as u8
                        && self.count(us ^ 1, Kind::Pawn) == 1));
            let legal = !Board::<R>::new(&scratch, freed).attacked(king, us ^ 1);
            scratch[mv.from as usize] = moving;
            scratch[mv.to as usize] = captured;
            if legal {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    pub fn make_move(&mut self, mv: Move) {
        let us = self.side.index();
        let moving = self.cells[mv.from as usize];
        let captured = self.cells[mv.to as usize];
        self.undo.push(Undo {
            mv,
            captured,
            halfmove: self.halfmove,
            psq: self.psq,
        });
        let z = &*ZOBRIST;
        self.key ^= z.piece(moving as usize, mv.from) ^ z.piece(moving as usize, mv.to) ^ z.side;
        add(&mut self.psq[us], R::psq(moving, mv.to), 1);
        add(&mut self.psq[us], R::psq(moving, mv.from), -1);
        if captured != EMPTY {
            self.key ^= z.piece(captured as usize, mv.to);
            add(&mut self.psq[us ^ 1], R::psq(captured, mv.to), -1);
            self.counts[us ^ 1][(captured & KIND_MASK) as usize] -= 1;
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        self.cells[mv.to as usize] = moving;
        self.cells[mv.from as usize] = EMPTY;
        self.nnue.push();
        if self.nnue.active() {
            let feature = |perspective, cell, sq| features::feature::<R>(perspective, cell, sq);
            self.nnue
                .remove(feature(0, moving, mv.from), feature(1, moving, mv.from));
            self.nnue
                .add(feature(0, moving, mv.to), feature(1, moving, mv.to));
            if captured != EMPTY {
                self.nnue
                    .remove(feature(0, captured, mv.to), feature(1, captured, mv.to));
            }
        }
        if moving & KIND_MASK == Kind::King as u8 {
            self.kings[us] = mv.to;
        }
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.other();
        self.keys.push(self.key);
        let check = self.board().attacked(self.kings[us ^ 1], us);
        self.checks.push(check);
    }

    /// Passes the turn (search only). The repetition window restarts: a line through a pass is
    /// no real game, so no position before it may count as repeated.
    pub fn make_null_move(&mut self) {
        self.undo.push(Undo {
            mv: NULL_MOVE,
            captured: EMPTY,
            halfmove: self.halfmove,
            psq: self.psq,
        });
        self.halfmove = 0;
        self.key ^= ZOBRIST.side;
        self.nnue.push();
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.other();
        self.keys.push(self.key);
        // Passing is only allowed out of check, and the passer's opponent was not in check either
        // (the previous move was legal), so nobody is in check now.
        self.checks.push(false);
    }

    /// Whether the side to move has a piece that can attack far (so a pass is not a zugzwang
    /// escape): rook, cannon, horse, bear or rhino.
    pub fn has_attacking_piece(&self) -> bool {
        let us = self.side.index();
        self.squares().any(|sq| {
            let c = self.cells[sq as usize];
            c != EMPTY
                && colour_index(c) == us
                && matches!(
                    Kind::from_code(c),
                    Some(Kind::Rook | Kind::Cannon | Kind::Horse | Kind::Bear | Kind::Rhino)
                )
        })
    }

    /// Takes back the last move; does nothing at the start of the history.
    pub fn unmake_move(&mut self) {
        let Some(u) = self.undo.pop() else {
            return;
        };
        self.keys.pop();
        self.checks.pop();
        self.nnue.pop();
        self.side = self.side.other();
        let us = self.side.index();
        if self.side == Side::Black {
            self.fullmove -= 1;
        }
        if u.mv == NULL_MOVE {
            self.halfmove = u.halfmove;
            self.key = self
                .keys
                .last()
                .copied()
                .unwrap_or_else(|| self.compute_key());
            return;
        }
        let moving = self.cells[u.mv.to as usize];
        self.cells[u.mv.from as usize] = moving;
        self.cells[u.mv.to as usize] = u.captured;
        if moving & KIND_MASK == Kind::King as u8 {
            self.kings[us] = u.mv.from;
        }
        if u.captured != EMPTY {
            self.counts[us ^ 1][(u.captured & KIND_MASK) as usize] += 1;
        }
        self.halfmove = u.halfmove;
        self.psq = u.psq;
        self.key = self
            .keys
            .last()
            .copied()
            .unwrap_or_else(|| self.compute_key());
    }

    /// The repetition ruling (docs/sin-yeon-sang-gi.md §2.5, used for xiangqi too): when the
    /// position occurs for the third time (`in_search`: for the second), the moves since its
    /// first (`in_search`: latest) earlier occurrence are examined; a side all of whose moves gave
    /// check, while not all of the other side's did, loses; otherwise the game is drawn.
    pub fn repetition(&self, in_search: bool) -> Option<Outcome> {
        let n = self.keys.len() - 1;
        let oldest = n - (self.halfmove as usize).min(n);
        let current = self.keys[n];
        let mut count = 1;
        let mut first = n;
        let mut i = n;
        while i >= oldest + 2 {
            i -= 2;
            if self.keys[i] == current {
                count += 1;
                first = i;
                if in_search {
                    break;
                }
            }
        }
        if count < if in_search { 2 } else { 3 } {
            return None;
        }
        // Ply j (1-based) is the move that led to position j; ply first+1 was played by the side
        // to move now.
        let all_checks = |from: usize| (from..=n).step_by(2).all(|j| self.checks[j]);
        let mover_checks = all_checks(first + 1);
        let other_checks = all_checks(first + 2);
        let winner = match (mover_checks, other_checks) {
            (true, false) => self.side.other(),
            (false, true) => self.side,
            _ => return Some(Outcome::draw("repetition")),
        };
        Some(Outcome::win(
            winner,
            format!("{} checks perpetually", side_name(winner.other())),
        ))
    }

    /// The side to move has no legal move: checkmate and stalemate both lose.
    pub fn no_moves(&self) -> Outcome {
        let winner = self.side.other();
        if self.in_check() {
            Outcome::win(winner, format!("{} mates", side_name(winner)))
        } else {
            Outcome::win(winner, format!("{} is stalemated", side_name(self.side)))
        }
    }

    /// The kind on `sq`, if a piece stands there.
    pub fn kind_at(&self, sq: Sq) -> Option<Kind> {
        Kind::from_code(self.cells[sq as usize])
    }

    /// A text picture, Black at the top.
    pub fn picture(&self) -> String {
        let mut out = crate::mailbox::diagram::diagram(R::FILES, RANKS, |file, rank| {
            let c = self.cells[square(file, rank) as usize];
            Kind::from_code(c).map_or('.', |k| Self::letter_of(k, c, Dialect::Uci))
        });
        out.push_str(&format!(
            "{} to move, key {:016x}\n",
            side_name(self.side),
            self.key
        ));
        out
    }
}

/// `Side::from_index` is not in game.rs; keep the conversion local.
trait SideIndex {
    fn from_index(i: usize) -> Side;
}
impl SideIndex for Side {
    fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::White
        } else {
            Side::Black
        }
    }
}
