//! Transposition table: lock-free, shared by every search thread, sized by the Hash option.
//!
//! Each entry is two `AtomicU64`: the packed data and `key ^ data`. A reader accepts an entry only
//! when the XOR of the two words gives back its key, so an entry torn by two threads writing at once
//! reads as a miss instead of as another position's data (the "lockless hashing" of Hyatt & Mann).
//! Entries are grouped in buckets of `BUCKET` that share one cache line; a store replaces the
//! entry of the same position, else the least valuable one (shallow and old loses).
//!
//! The stored move is `Rules::move_key`, which the search matches against the moves it generated:
//! a key from a hash collision can never smuggle an illegal move into the search.

use crate::game::{Score, MATE_BOUND};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Entries per bucket: 4 x 16 bytes = one 64-byte cache line.
const BUCKET: usize = 4;
const ENTRY_BYTES: usize = 16;
/// Ages wrap at 64 (6 bits in the entry).
const AGE_CYCLE: u8 = 64;
/// The largest table we try to allocate (64 GB); bigger Hash values are clamped to it.
pub const MAX_MEGABYTES: usize = 1 << 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is at most this (all moves failed low).
    Upper = 1,
    /// The score is at least this (a move failed high).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// What a node's `best` score is: a lower bound when it reached `beta`, exact when a move
    /// raised alpha, else an upper bound.
    pub fn of(best: Score, beta: Score, raised_alpha: bool) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if raised_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// What a probe found, with the score already relative to the probing ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// `Rules::move_key` of the best move found, 0 if none.
    pub move_key: u32,
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

impl Hit {
    /// Whether the stored score, by its bound, settles a node searched in `alpha..beta` (the
    /// caller decides whether the stored depth is enough).
    #[inline]
    pub fn settles(&self, alpha: Score, beta: Score) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// Data word layout: move key (32) | score as i16 (16) | depth (8) | bound (2) | age (6).
fn pack(move_key: u32, score: Score, depth: i32, bound: Bound, age: u8) -> u64 {
    let score = score.clamp(i16::MIN as Score, i16::MAX as Score) as i16 as u16 as u64;
    let depth = depth.clamp(0, 255) as u64;
    (move_key as u64)
        | (score << 32)
        | (depth << 48)
        | ((bound as u64) << 56)
        | ((age as u64) << 58)
}

fn unpack_bound(data: u64) -> Option<Bound> {
    match (data >> 56) & 3 {
        1 => Some(Bound::Upper),
        2 => Some(Bound::Lower),
        3 => Some(Bound::Exact),
        _ => None,
    }
}

fn unpack_depth(data: u64) -> i32 {
    ((data >> 48) & 0xFF) as i32
}

fn unpack_age(data: u64) -> u8 {
    ((data >> 58) & 0x3F) as u8
}

/// Mate scores count plies from the root; the table stores them counted from the node instead,
/// so that the same position reached at another ply reads back the right distance.
pub fn score_to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of `score_to_tt` at the probing ply.
pub fn score_from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

pub struct TranspositionTable {
    megabytes: usize,
    /// Two words per entry: `key ^ data`, then `data`.
    words: Vec<AtomicU64>,
    buckets: usize,
    /// Bumped by every search so that entries of earlier searches are replaced first.
    age: AtomicU8,
}

impl TranspositionTable {
    /// A table of `megabytes` (at least 1, at most `MAX_MEGABYTES`); if the memory cannot be
    /// had, the largest power-of-two fraction of it that can (so a huge Hash value cannot abort
    /// the engine). `megabytes()` tells the size obtained.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let mut megabytes = megabytes.clamp(1, MAX_MEGABYTES);
        loop {
            let buckets = (megabytes << 20) / (ENTRY_BYTES * BUCKET);
            let len = buckets * BUCKET * 2;
            let mut words: Vec<AtomicU64> = Vec::new();
            if words.try_reserve_exact(len).is_ok() || megabytes == 1 {
                words.extend((0..len).map(|_| AtomicU64::new(0)));
                return TranspositionTable {
                    megabytes,
                    words,
                    buckets,
                    age: AtomicU8::new(0),
                };
            }
            megabytes /= 2;
        }
    }

    pub fn resize(&mut self, megabytes: usize) {
        if megabytes.clamp(1, MAX_MEGABYTES) != self.megabytes {
            *self = TranspositionTable::new(megabytes);
        }
    }

    pub fn clear(&self) {
        for w in &self.words {
            w.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    /// Per mille of the first 1000 entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = (self.words.len() / 2).min(1000);
        let used = (0..sample)
            .filter(|&i| {
                let data = self.words[2 * i + 1].load(Ordering::Relaxed);
                unpack_bound(data).is_some() && unpack_age(data) == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }

    /// Called once per search: older entries become cheaper to replace.
    pub fn new_search(&self) {
        let next = (self.age.load(Ordering::Relaxed) + 1) % AGE_CYCLE;
        self.age.store(next, Ordering::Relaxed);
    }

    /// First word index of the bucket of `key` (multiply-shift: any bucket count works).
    fn bucket(&self, key: u64) -> usize {
        let index = ((key as u128 * self.buckets as u128) >> 64) as usize;
        index * BUCKET * 2
    }

    /// Starts loading the bucket of `key` into the cache, so that the probe that follows some
    /// work later does not wait for memory (a plain load: prefetch intrinsics need `unsafe`).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        std::hint::black_box(self.words[self.bucket(key)].load(Ordering::Relaxed));
    }

    /// The entry of `key`, if the table holds one, with mate scores made relative to `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let base = self.bucket(key);
        for slot in 0..BUCKET {
            let check = self.words[base + 2 * slot].load(Ordering::Relaxed);
            let data = self.words[base + 2 * slot + 1].load(Ordering::Relaxed);
            if check ^ data != key {
                continue;
            }
            let bound = unpack_bound(data)?;
            return Some(Hit {
                move_key: data as u32,
                score: score_from_tt(((data >> 32) as u16 as i16) as Score, ply),
                depth: unpack_depth(data),
                bound,
            });
        }
        None
    }

    /// Stores a search result. A new result without a move keeps the move already stored for
    /// the same position (it is still the best lead for ordering).
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mut move_key: u32,
        score: Score,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age.load(Ordering::Relaxed);
        let base = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for slot in 0..BUCKET {
            let check = self.words[base + 2 * slot].load(Ordering::Relaxed);
            let data = self.words[base + 2 * slot + 1].load(Ordering::Relaxed);
            if check ^ data == key && unpack_bound(data).is_some() {
                // Same position: keep a deeper exact-ish entry of this search unless ours is
                // exact; the stored move survives a move-less store.
                if move_key == 0 {
                    move_key = data as u32;
                }
                if bound != Bound::Exact
                    && unpack_age(data) == age
                    && unpack_depth(data) > depth + 2
                {
                    return;
                }
                victim = slot;
                break;
            }
            let worth = if unpack_bound(data).is_none() {
                i32::MIN
            } else {
                // Depth counts, and every search of age costs as much as 8 plies of depth.
                let stale = (age + AGE_CYCLE - unpack_age(data)) % AGE_CYCLE;
                unpack_depth(data) - 8 * stale as i32
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        let data = pack(move_key, score_to_tt(score, ply), depth, bound, age);
        self.words[base + 2 * victim].store(key ^ data, Ordering::Relaxed);
        self.words[base + 2 * victim + 1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MATE;

    #[test]
    fn store_then_probe_round_trips() {
        let tt = TranspositionTable::new(1);
        tt.store(0xDEAD_BEEF_1234_5678, 0, 77, -123, 9, Bound::Lower);
        let hit = tt.probe(0xDEAD_BEEF_1234_5678, 0).expect("stored entry");
        assert_eq!(
            hit,
            Hit {
                move_key: 77,
                score: -123,
                depth: 9,
                bound: Bound::Lower
            }
        );
        assert_eq!(tt.probe(0xDEAD_BEEF_1234_5679, 0), None);
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Mate in 5 plies from the root, seen at ply 3: 2 plies from that node.
        tt.store(42, 3, 1, MATE - 5, 4, Bound::Exact);
        // Reached again at ply 1: now 3 plies from the root.
        assert_eq!(tt.probe(42, 1).map(|h| h.score), Some(MATE - 3));
        tt.store(43, 2, 1, -MATE + 6, 4, Bound::Exact);
        assert_eq!(tt.probe(43, 4).map(|h| h.score), Some(-MATE + 8));
    }

    #[test]
    fn torn_entry_reads_as_miss() {
        let tt = TranspositionTable::new(1);
        tt.store(1234, 0, 5, 10, 3, Bound::Exact);
        let base = tt.bucket(1234);
        // Another writer changed the data word but not the check word.
        tt.words[base + 1].fetch_xor(1 << 40, Ordering::Relaxed);
        assert_eq!(tt.probe(1234, 0), None);
    }

    #[test]
    fn deep_entries_survive_shallow_ones_and_age_loses() {
        let tt = TranspositionTable::new(1);
        // Keys of one bucket: the bucket index is the high bits of key * buckets.
        let same_bucket: Vec<u64> = (0u64..)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .filter(|&k| tt.bucket(k) == tt.bucket(0x9E37_79B9_7F4A_7C15))
            .take(BUCKET + 1)
            .collect();
        for (i, &k) in same_bucket.iter().take(BUCKET).enumerate() {
            tt.store(k, 0, 1, 0, 10 + i as i32, Bound::Exact);
        }
        // A fifth position evicts the shallowest (depth 10).
        tt.store(same_bucket[BUCKET], 0, 1, 0, 1, Bound::Exact);
        assert!(tt.probe(same_bucket[0], 0).is_none());
        assert!(tt.probe(same_bucket[1], 0).is_some());
        // After a few searches every entry is equally stale: the shallowest goes first.
        for _ in 0..3 {
            tt.new_search();
        }
        tt.store(same_bucket[0], 0, 1, 0, 1, Bound::Exact);
        assert!(tt.probe(same_bucket[BUCKET], 0).is_none());
        // A fresh shallow entry is now worth more than an old deep one.
        tt.store(same_bucket[BUCKET], 0, 1, 0, 1, Bound::Exact);
        assert!(tt.probe(same_bucket[0], 0).is_some(), "fresh depth 1 kept");
        assert!(tt.probe(same_bucket[1], 0).is_none(), "depth 11, aged out");
        assert!(tt.probe(same_bucket[2], 0).is_some());
    }

    #[test]
    fn sizes_follow_the_hash_option() {
        let mut tt = TranspositionTable::new(0);
        assert_eq!(tt.megabytes(), 1);
        assert_eq!(tt.words.len() * 8, 1 << 20);
        tt.resize(3);
        assert_eq!(tt.megabytes(), 3);
        assert_eq!(tt.words.len() * 8, 3 << 20);
        tt.store(99, 0, 1, 0, 1, Bound::Exact);
        tt.resize(3);
        assert!(tt.probe(99, 0).is_some(), "same size: contents kept");
    }

    #[test]
    fn hashfull_counts_this_search_only() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..200_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
                0,
                1,
                0,
                1,
                Bound::Exact,
            );
        }
        assert!(tt.hashfull() > 500, "{}", tt.hashfull());
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        tt.clear();
        assert!(tt.probe(0x9E37_79B9_7F4A_7C15 | 1, 0).is_none());
    }
}
