//! Orthodox chess: the reference variant whose published perft figures prove the shared machinery.
//! Rules: FIDE, with castling, en passant, promotion, the 50-move rule, threefold repetition,
//! insufficient material and stalemate.

mod eval;
pub mod features;
mod fen;
mod movegen;
mod notation;
mod position;
mod see;
mod view;
mod weights;

pub use position::{Chess, ChessMove};

pub static BENCH: &[&str] = &[
    "startpos",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
];

#[cfg(test)]
mod tests;
