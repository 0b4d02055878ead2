//! Transposition table: PLACEHOLDER until the search lands. Sized by the Hash option, shared by
//! threads.

pub struct TranspositionTable {
    megabytes: usize,
}

impl TranspositionTable {
    pub fn new(megabytes: usize) -> TranspositionTable {
        TranspositionTable {
            megabytes: megabytes.max(1),
        }
    }
    pub fn resize(&mut self, megabytes: usize) {
        self.megabytes = megabytes.max(1);
    }
    pub fn clear(&self) {}
    pub fn megabytes(&self) -> usize {
        self.megabytes
    }
    pub fn hashfull(&self) -> u32 {
        0
    }
}
