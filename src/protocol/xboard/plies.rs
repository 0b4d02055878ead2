//! The game as XBoard counts it: plies, not turns. A turn XBoard cannot carry as one move goes as
//! several parts with null moves `@@@@` between them, and XBoard books each part and each null
//! move as a ply of its own. `undo` and `remove` count those plies, and so does this log, so that
//! the engine takes back exactly what XBoard takes back — also into the middle of a turn.

/// The parts of every finished turn since the game's start position, and of the turn being
/// entered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyLog {
    done: Vec<Vec<String>>,
    pending: Vec<String>,
}

/// What a take-back asks of the session.
#[derive(Debug, PartialEq, Eq)]
pub struct TakeBack {
    /// Whole turns to unmake.
    pub turns: usize,
}

impl PlyLog {
    /// Forgets everything (a new game or position).
    pub fn clear(&mut self) {
        *self = PlyLog::default();
    }

    /// The parts of the turn being entered, oldest first.
    pub fn pending(&self) -> &[String] {
        &self.pending
    }

    /// The pending parts as one XBoard move text (what the session is asked about).
    pub fn pending_text(&self) -> String {
        self.pending.join(" ")
    }

    /// The pending parts followed by `part`.
    pub fn with(&self, part: &str) -> String {
        let mut parts = self.pending.clone();
        parts.push(part.to_string());
        parts.join(" ")
    }

    /// Whether XBoard believes the other side is on move: after an odd number of parts of a
    /// turn, XBoard has booked the last part as a whole move.
    pub fn other_side_on_move(&self) -> bool {
        self.pending.len() % 2 == 1
    }

    /// More parts of the pending turn: `parts` is one part, or several (a `usermove` may carry
    /// `b7d7 @@@@`), each of which XBoard would book as a ply.
    pub fn push(&mut self, parts: &str) {
        self.pending
            .extend(parts.split_whitespace().map(str::to_string));
    }

    /// The pending turn ended with `last` (one part or several), which completed it.
    pub fn finish(&mut self, last: &str) {
        self.push(last);
        let turn = std::mem::take(&mut self.pending);
        self.done.push(turn);
    }

    /// A whole turn played at once (the engine's own, sent as `parts`).
    pub fn record(&mut self, parts: Vec<String>) {
        self.pending.clear();
        self.done.push(parts);
    }

    /// Drops the pending parts (they did not make a turn).
    pub fn abandon(&mut self) {
        self.pending.clear();
    }

    /// Every ply XBoard has booked.
    pub fn plies(&self) -> usize {
        self.done.iter().map(Vec::len).sum::<usize>() + self.pending.len()
    }

    /// Takes back `plies` XBoard plies, opening finished turns as needed; `None` (and nothing
    /// changed) when there are fewer.
    pub fn take_back(&mut self, plies: usize) -> Option<TakeBack> {
        if plies > self.plies() {
            return None;
        }
        let mut turns = 0;
        for _ in 0..plies {
            if self.pending.is_empty() {
                self.pending = self.done.pop()?;
                turns += 1;
            }
            self.pending.pop();
        }
        Some(TakeBack { turns })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(turns: &[&str], pending: &str) -> PlyLog {
        let mut log = PlyLog::default();
        for turn in turns {
            log.record(turn.split_whitespace().map(str::to_string).collect());
        }
        for part in pending.split_whitespace() {
            log.push(part);
        }
        log
    }

    #[test]
    fn parts_sent_together_are_booked_one_ply_each() {
        let mut l = log(&[], "");
        l.push("b7d7 @@@@");
        assert_eq!(l.pending(), ["b7d7", "@@@@"]);
        assert!(!l.other_side_on_move(), "the person is on move again");
        l.finish("m8k8");
        assert_eq!(l.plies(), 3);
        l.finish("e2e4 @@@@ e4e5");
        assert_eq!(l.plies(), 6);
        assert_eq!(l.take_back(2).map(|t| t.turns), Some(1));
        assert_eq!(l.pending_text(), "e2e4");
    }

    #[test]
    fn remove_after_a_chain_and_a_reply_reopens_the_chain() {
        // A person's three-leg chain (5 plies with the engine's null moves), the engine's reply.
        let mut l = log(&["d2d6 @@@@ d6b6 @@@@ b6b1", "e7e5"], "");
        assert_eq!(l.plies(), 6);
        assert_eq!(l.take_back(2), Some(TakeBack { turns: 2 }));
        assert_eq!(l.pending_text(), "d2d6 @@@@ d6b6 @@@@");
        assert!(!l.other_side_on_move());
        assert_eq!(l.take_back(2), Some(TakeBack { turns: 0 }));
        assert_eq!(l.pending_text(), "d2d6 @@@@");
    }

    #[test]
    fn a_take_back_can_end_inside_the_engines_turn() {
        let mut l = log(&["e2e4", "d7d3 @@@@ d3b3"], "");
        assert_eq!(l.take_back(2), Some(TakeBack { turns: 1 }));
        assert_eq!(l.pending_text(), "d7d3");
        assert!(l.other_side_on_move());
        assert_eq!(l.take_back(2), Some(TakeBack { turns: 1 }));
        assert_eq!(l.plies(), 0);
        assert_eq!(l.take_back(1), None, "nothing left");
    }

    #[test]
    fn finishing_a_turn_keeps_its_parts() {
        let mut l = log(&[], "c2c4 @@@@");
        l.finish("c7c5");
        assert_eq!(l.plies(), 3);
        assert!(l.pending().is_empty());
        assert_eq!(l.take_back(1), Some(TakeBack { turns: 1 }));
        assert_eq!(l.pending_text(), "c2c4 @@@@");
        assert_eq!(l.with("c7c6"), "c2c4 @@@@ c7c6");
    }
}
