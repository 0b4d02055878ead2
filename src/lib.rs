//! Kaleido: a mailbox engine for chess variants from the Chess Variant Pages.

pub mod game;
pub mod mailbox;
pub mod search;
pub mod session;
pub mod tournament;
pub mod variants;
