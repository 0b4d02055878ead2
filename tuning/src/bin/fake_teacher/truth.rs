//! The fake teacher's score of a FEN, in a file of its own so that `tests/relabel.rs` includes
//! the very function whose scores it checks for (by `#[path]`).

/// The fake's score of a FEN, White's view: the sum of each board byte times its position (from
/// 1), modulo 601, less 300. A multiple of 10 is a mate.
pub fn truth(fen: &str) -> i32 {
    let board = fen.split_whitespace().next().unwrap_or("");
    let sum: i64 = board
        .bytes()
        .enumerate()
        .map(|(i, b)| i64::from(b) * (i as i64 + 1))
        .sum();
    (sum % 601) as i32 - 300
}
