//! Kaleido: a mailbox engine for chess variants from the Chess Variant Pages.

pub mod bench;
pub mod board_view;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod clock;
pub mod engine;
pub mod eval;
pub mod game;
pub mod gui;
pub mod mailbox;
pub mod perft;
pub mod presentation;
#[cfg(not(target_arch = "wasm32"))]
pub mod protocol;
pub mod rng;
pub mod search;
pub mod session;
pub mod turn;
pub mod variants;
#[cfg(target_arch = "wasm32")]
pub mod web;
