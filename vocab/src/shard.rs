//! `K/N`: one of `N` parts of a numbered job (a match's game pairs, datagen's games), the one of
//! the numbers `n` with `n % N == K`. The referee's `--shard` and the tuning tools' share it.

use std::fmt;

/// `K/N`: the numbers `n` with `n % N == K`. `0/1` is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("shard '{text}': expected K/N with 0 <= K < N");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let shard = Shard {
            index: k.trim().parse().map_err(|_| bad())?,
            count: n.trim().parse().map_err(|_| bad())?,
        };
        if shard.index >= shard.count {
            return Err(bad());
        }
        Ok(shard)
    }

    /// Whether number `n` is this shard's (a shard built by hand with no count holds them all).
    pub fn contains(&self, n: u64) -> bool {
        n % u64::from(self.count.max(1)) == u64::from(self.index)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_numbers() {
        assert_eq!(Shard::parse("1/3"), Ok(Shard { index: 1, count: 3 }));
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, count: 3 }));
        for bad in ["3/3", "1", "a/2", "0/0", "1/0", "-1/2", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        let shards: Vec<Shard> = (0..3).map(|index| Shard { index, count: 3 }).collect();
        for n in 0..20u64 {
            let holders = shards.iter().filter(|s| s.contains(n)).count();
            assert_eq!(holders, 1, "{n} is in exactly one shard");
            assert!(Shard::ALL.contains(n));
        }
        assert!(shards[1].contains(4) && !shards[1].contains(5));
    }
}
