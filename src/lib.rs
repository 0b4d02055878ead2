//! Kaleido: a mailbox engine for chess variants from the Chess Variant Pages.

pub mod bench;
pub mod cli;
pub mod game;
pub mod mailbox;
pub mod protocol;
pub mod rng;
pub mod search;
pub mod session;
pub mod tournament;
pub mod turn;
pub mod variants;
