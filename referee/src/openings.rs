//! Openings: a file with one FEN or one move sequence a line, or random legal plies from a seed.

use crate::judge::play_move;
use crate::rules::{Dialect, Judge, RuleOptions, Rules};

/// Where a game starts: a position (or the variant's start) and book moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// In the UCI dialect; `None` is the variant's start position.
    pub fen: Option<String>,
    /// Book moves in the UCI dialect.
    pub moves: Vec<String>,
}

/// SplitMix64: a tiny, well-mixed, deterministic generator (enough to pick opening moves).
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform enough below `n` (n is small: a move count).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A move-number token such as `1.` or `12...`, or a result token: skipped in move sequences.
fn is_decoration(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    (token.ends_with('.') && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()))
        || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Reads one opening line: a FEN, or moves (UCI notation or the game's record notation, move
/// numbers allowed) from the start position. The moves are checked and stored in UCI notation.
pub fn parse_opening(judge: &mut dyn Judge, line: &str) -> Result<Opening, String> {
    judge.restart();
    if judge.set_fen(line, Dialect::Uci).is_ok() {
        let fen = judge.fen(Dialect::Uci);
        if judge.outcome().is_some() {
            return Err(format!("the game is already over in '{line}'"));
        }
        return Ok(Opening {
            fen: Some(fen),
            moves: Vec::new(),
        });
    }
    let mut moves = Vec::new();
    for token in line.split_whitespace().filter(|t| !is_decoration(t)) {
        let ply = play_move(judge, token, Dialect::Uci)
            .or_else(|_| play_move(judge, token, Dialect::Record))
            .map_err(|e| format!("'{token}' in '{line}': {e}"))?;
        moves.push(ply.uci);
    }
    if judge.outcome().is_some() {
        return Err(format!("the game is already over after '{line}'"));
    }
    Ok(Opening { fen: None, moves })
}

/// Every opening of a file (blank lines and `#` comments skipped).
pub fn load_file(
    path: &std::path::Path,
    rules: &dyn Rules,
    variant: &str,
    options: &RuleOptions,
) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings {}: {e}", path.display()))?;
    let mut judge = rules.new_game(variant, options)?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_opening(judge.as_mut(), line)
            .map_err(|e| format!("{} line {}: {e}", path.display(), number + 1))?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(format!("{}: no openings", path.display()));
    }
    Ok(openings)
}

/// Opening number `index` of a match seeded with `seed`: `plies` random legal moves from the start
/// that do not end the game. The same seed and index always give the same opening.
pub fn random_opening(judge: &mut dyn Judge, plies: usize, seed: u64, index: usize) -> Opening {
    let mut rng = SplitMix64::new(seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    // A line that ends the game (or runs out of moves) is drawn again; after many tries the
    // longest line found is kept.
    let mut best = Opening::default();
    for _ in 0..100 {
        judge.restart();
        let mut moves = Vec::new();
        while moves.len() < plies && judge.outcome().is_none() {
            let legal = judge.legal_moves(Dialect::Uci);
            if legal.is_empty() {
                break;
            }
            let choice = &legal[rng.below(legal.len())];
            if judge.play(choice, Dialect::Uci).is_err() {
                break;
            }
            moves.push(choice.clone());
        }
        if judge.outcome().is_some() {
            moves.pop();
        }
        if moves.len() == plies {
            return Opening { fen: None, moves };
        }
        if moves.len() > best.moves.len() {
            best = Opening { fen: None, moves };
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decorations_are_move_numbers_and_results() {
        assert!(is_decoration("1."));
        assert!(is_decoration("12..."));
        assert!(is_decoration("1-0"));
        assert!(!is_decoration("e4"));
        assert!(!is_decoration("."));
        assert!(!is_decoration("e2e4"));
    }

    #[test]
    fn splitmix_is_deterministic_and_spread() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let first: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        let second: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        assert_eq!(first, second);
        let mut counts = [0; 4];
        let mut rng = SplitMix64::new(1);
        for _ in 0..4000 {
            counts[rng.below(4)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
    }
}
