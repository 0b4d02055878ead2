//! Who plays whom, with which colours and from which opening.

use crate::openings::Opening;

/// A game to play: `number` counts from 1 (the PGN round), engines are indices into the match list.
#[derive(Clone, Debug)]
pub struct GameJob {
    pub number: usize,
    /// The game pair it belongs to (its opening and pairing; the pair's other game swaps colours),
    /// counted from 0 in schedule order: `--shard K/N` plays the pairs `pair % N == K`.
    pub pair: usize,
    pub white: usize,
    pub black: usize,
    pub opening: Opening,
}

/// The pairings to play: every pair, or the first engine against each other one.
pub fn pairings(engines: usize, gauntlet: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..engines {
        for j in i + 1..engines {
            if !gauntlet || i == 0 {
                out.push((i, j));
            }
        }
    }
    out
}

/// The game list: for each opening in turn, each pairing plays it with both colours (the second
/// game of a pair swaps colours), so colours alternate and every opening is played both ways.
pub fn schedule(
    pairs: &[(usize, usize)],
    games_per_pairing: usize,
    opening: &mut dyn FnMut(usize) -> Opening,
) -> Vec<GameJob> {
    let mut jobs = Vec::new();
    for round in 0..games_per_pairing.div_ceil(2) {
        let line = opening(round);
        for (index, &(a, b)) in pairs.iter().enumerate() {
            for (k, (white, black)) in [(a, b), (b, a)].into_iter().enumerate() {
                if 2 * round + k < games_per_pairing {
                    jobs.push(GameJob {
                        number: jobs.len() + 1,
                        pair: round * pairs.len() + index,
                        white,
                        black,
                        opening: line.clone(),
                    });
                }
            }
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_and_gauntlet_pairings() {
        assert_eq!(pairings(3, false), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(pairings(3, true), vec![(0, 1), (0, 2)]);
        assert_eq!(pairings(2, true), vec![(0, 1)]);
    }

    #[test]
    fn every_opening_is_played_with_both_colours() {
        let mut made = Vec::new();
        let jobs = schedule(&[(0, 1), (0, 2)], 5, &mut |round| {
            made.push(round);
            Opening {
                fen: None,
                moves: vec![format!("m{round}")],
            }
        });
        assert_eq!(made, vec![0, 1, 2]);
        // 5 games per pairing, 2 pairings.
        assert_eq!(jobs.len(), 10);
        let colours: Vec<(usize, usize, &str)> = jobs
            .iter()
            .map(|j| (j.white, j.black, j.opening.moves[0].as_str()))
            .collect();
        assert_eq!(
            colours,
            vec![
                (0, 1, "m0"),
                (1, 0, "m0"),
                (0, 2, "m0"),
                (2, 0, "m0"),
                (0, 1, "m1"),
                (1, 0, "m1"),
                (0, 2, "m1"),
                (2, 0, "m1"),
                (0, 1, "m2"),
                (0, 2, "m2"),
            ]
        );
        assert!(jobs.iter().enumerate().all(|(i, j)| j.number == i + 1));
        let pairs: Vec<usize> = jobs.iter().map(|j| j.pair).collect();
        assert_eq!(pairs, vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 5]);
    }
}
