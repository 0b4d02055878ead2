//! Move ordering: scores every generated move once, then hands them out best first by selection
//! (a cutoff usually comes early, so sorting the whole list would be wasted work).

use super::params::*;
use crate::game::{MoveList, Rules, HISTORY_SLOTS, MAX_MOVES};
use arrayvec::ArrayVec;

/// Killer moves and the history tables of one search thread.
pub struct Heuristics<M> {
    /// Two quiet moves per ply that caused a cutoff at that ply.
    killers: Vec<[Option<M>; 2]>,
    /// Cutoff statistics per side and `Rules::history_slot`.
    history: Vec<i32>,
    /// Continuation histories: cutoff statistics of a quiet move given the move played one
    /// (`[0]`) and two (`[1]`) plies before it. A reply that works against one move usually
    /// works against it elsewhere in the tree, which the plain history cannot tell apart.
    /// Indexed by a hash of the two history indices (the product of two slot ranges is far
    /// too large to hold, and few pairs ever occur).
    continuation: [Vec<i16>; 2],
    /// The history index of the move played at each ply of the main search's current line
    /// (`NO_SLOT` for a null move). Quiescence records none: it orders quiet moves only when
    /// evading a check, and then with whatever the plies below it hold.
    played: Vec<usize>,
}

/// `Heuristics::played` of a null move: no continuation statistics follow it.
const NO_SLOT: usize = usize::MAX;

/// Index of `current` in a continuation table after `previous`.
fn continuation_index(previous: usize, current: usize) -> usize {
    let mixed = (previous as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
    (mixed as usize ^ current) & (CONTINUATION_ENTRIES - 1)
}

/// A history `value` after a reward (`delta` > 0) or punishment: gravity keeps it within
/// `HISTORY_MAX`.
fn with_gravity(value: i32, delta: i32) -> i32 {
    value + delta - value * delta.abs() / HISTORY_MAX
}

/// The history index of `mv` for the side to move (slots beyond the contract wrap, never panic).
pub fn history_index<G: Rules>(game: &G, mv: G::Move) -> usize {
    game.side_to_move().index() * HISTORY_SLOTS + game.history_slot(mv) % HISTORY_SLOTS
}

impl<M: Copy + Eq> Heuristics<M> {
    pub fn new() -> Heuristics<M> {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SLOTS],
            continuation: [vec![0; CONTINUATION_ENTRIES], vec![0; CONTINUATION_ENTRIES]],
            played: vec![NO_SLOT; MAX_PLY + 1],
        }
    }

    /// The move with history index `index` (or a null move, `None`) is played at `ply`.
    pub fn set_played(&mut self, ply: usize, index: Option<usize>) {
        self.played[ply] = index.unwrap_or(NO_SLOT);
    }

    /// The continuation table entries of a quiet move with history `index` at `ply`.
    fn continuation_entries(&self, ply: usize, index: usize) -> [Option<usize>; 2] {
        let before = |distance: usize| {
            let previous = *self.played.get(ply.checked_sub(distance)?)?;
            (previous != NO_SLOT).then(|| continuation_index(previous, index))
        };
        [before(1), before(2)]
    }

    /// How well a quiet move with history `index` at `ply` did before: its history plus its
    /// continuation histories (each within `HISTORY_MAX`).
    pub fn quiet_score(&self, ply: usize, index: usize) -> i32 {
        let mut score = self.history[index];
        for (table, entry) in self.continuation_entries(ply, index).iter().enumerate() {
            if let Some(e) = entry {
                score += self.continuation[table][*e] as i32;
            }
        }
        score
    }

    /// Rewards (`good`) or punishes a quiet move at `ply` in the history and continuation
    /// tables.
    pub fn update_quiet(&mut self, ply: usize, index: usize, depth: i32, good: bool) {
        let bonus = (depth * depth).min(HISTORY_BONUS_CAP);
        let delta = if good { bonus } else { -bonus };
        self.history[index] = with_gravity(self.history[index], delta);
        for (table, entry) in self.continuation_entries(ply, index).iter().enumerate() {
            if let Some(e) = entry {
                let value = &mut self.continuation[table][*e];
                // Within `HISTORY_MAX`, which `i16` holds.
                *value = with_gravity(*value as i32, delta) as i16;
            }
        }
    }

    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    pub fn is_killer(&self, ply: usize, mv: M) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    /// A quiet move refuted the opponent's last move at `ply`: remember it, newest first.
    pub fn add_killer(&mut self, ply: usize, mv: M) {
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }
}

impl<M: Copy + Eq> Default for Heuristics<M> {
    fn default() -> Self {
        Heuristics::new()
    }
}

pub type Scores = ArrayVec<i32, MAX_MOVES>;

/// Whether an ordering score from `score_moves` marks a noisy move that loses material.
pub fn is_losing_noisy(score: i32) -> bool {
    score < ORDER_LOSING_NOISY_BASE + (1 << 27)
}

/// Scores `moves` for ordering: TT move, noisy moves that do not lose by MVV-LVA, killers, quiet
/// moves by history and continuation history, losing noisy moves.
pub fn score_moves<G: Rules>(
    game: &G,
    moves: &MoveList<G::Move>,
    scores: &mut Scores,
    tt_move_key: u32,
    heuristics: &Heuristics<G::Move>,
    ply: usize,
) {
    scores.clear();
    let killers = heuristics.killers(ply);
    for &mv in moves {
        let score = if tt_move_key != 0 && G::move_key(mv) == tt_move_key {
            ORDER_TT_MOVE
        } else if game.is_noisy(mv) {
            let hint = game.order_hint(mv).clamp(-(1 << 26), 1 << 26);
            if game.see_ge(mv, 0) {
                ORDER_NOISY_BASE + hint
            } else {
                ORDER_LOSING_NOISY_BASE + hint
            }
        } else if killers[0] == Some(mv) {
            ORDER_KILLER_FIRST
        } else if killers[1] == Some(mv) {
            ORDER_KILLER_SECOND
        } else {
            heuristics.quiet_score(ply, history_index(game, mv))
        };
        scores.push(score);
    }
}

/// Moves the best-scored move among `moves[from..]` to `from` and returns it; `from` must count
/// up from 0, one call per move. The first few picks
/// select (a cutoff usually comes early); at `SELECTION_PICKS` the rest is sorted once, so that a
/// node that tries all of hundreds of moves does not pay a quadratic selection.
pub fn pick<M: Copy>(moves: &mut MoveList<M>, scores: &mut Scores, from: usize) -> M {
    if from == SELECTION_PICKS {
        sort_tail(moves, scores, from);
    } else if from < SELECTION_PICKS {
        let mut best = from;
        for i in from + 1..moves.len() {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        moves.swap(from, best);
        scores.swap(from, best);
    }
    moves[from]
}

/// Tails up to this long are sorted in place by insertion: no copy of the full-capacity lists
/// (a `MoveList` value is tens of kilobytes, and moving one showed as a sixth of chess's profile).
const INSERTION_SORT_MAX: usize = 64;

/// Sorts `moves[from..]` by descending score (stable: equal scores keep generation order).
fn sort_tail<M: Copy>(moves: &mut MoveList<M>, scores: &mut Scores, from: usize) {
    if moves.len() - from <= INSERTION_SORT_MAX {
        for i in from + 1..moves.len() {
            let (mv, score) = (moves[i], scores[i]);
            let mut j = i;
            while j > from && scores[j - 1] < score {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = mv;
            scores[j] = score;
        }
        return;
    }
    let mut order: ArrayVec<(i32, u16), MAX_MOVES> =
        (from..moves.len()).map(|i| (scores[i], i as u16)).collect();
    order.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    let tail: MoveList<M> = moves[from..].iter().copied().collect();
    for (k, &(score, index)) in order.iter().enumerate() {
        moves[from + k] = tail[index as usize - from];
        scores[from + k] = score;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_remembered_against_the_move_it_answered() {
        let mut h: Heuristics<u8> = Heuristics::new();
        let (reply, other) = (500, 501);
        // The reply cut off after move 7 (one ply back) and move 3 (two back); another
        // quiet move was tried there first and failed.
        h.set_played(0, Some(3));
        h.set_played(1, Some(7));
        h.update_quiet(2, reply, 6, true);
        h.update_quiet(2, other, 6, false);
        let after_7 = h.quiet_score(2, reply);
        // Plain history alone is what the reply scores after moves it never answered, and
        // after a null move one ply back.
        h.set_played(0, Some(4));
        h.set_played(1, Some(8));
        let elsewhere = h.quiet_score(2, reply);
        h.set_played(1, None);
        let after_null = h.quiet_score(2, reply);
        assert!(after_7 > elsewhere, "{after_7} {elsewhere}");
        assert_eq!(elsewhere, h.history[reply]);
        assert_eq!(after_null, h.history[reply]);
        assert_eq!(
            after_7,
            3 * h.history[reply],
            "three tables, one bonus each"
        );
        h.set_played(0, Some(3));
        h.set_played(1, Some(7));
        assert!(
            h.quiet_score(2, other) < -h.history[reply],
            "the loser is punished thrice"
        );
    }

    #[test]
    fn picks_come_out_best_first_for_short_and_long_lists() {
        for len in [0usize, 1, 5, 8, 9, 10, 12, 16, 17, 24, 40, 900] {
            // Scores in a scrambled order with ties; the move is its original index.
            let mut moves: MoveList<usize> = (0..len).collect();
            let mut scores: Scores = (0..len).map(|i| ((i * 7919) % 101) as i32).collect();
            let expected_scores = {
                let mut s: Vec<i32> = scores.to_vec();
                s.sort_by_key(|&v| std::cmp::Reverse(v));
                s
            };
            let original = scores.clone();
            let picked: Vec<usize> = (0..len).map(|i| pick(&mut moves, &mut scores, i)).collect();
            let picked_scores: Vec<i32> = picked.iter().map(|&m| original[m]).collect();
            assert_eq!(picked_scores, expected_scores, "length {len}");
            let mut all = picked.clone();
            all.sort_unstable();
            assert_eq!(all, (0..len).collect::<Vec<_>>(), "each move once");
        }
    }
}
