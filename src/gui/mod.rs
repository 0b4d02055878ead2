//! `kaleido gui`: Kaleido's own board in a web browser. A small synchronous HTTP server
//! (`server`, `tiny_http`: one person, one board, no async runtime needed) serves the page and its
//! assets, which are compiled into the binary from `web/`, and answers the board's API calls
//! (`api`). The page holds no rules: legal targets, turn building, notation and results come from
//! the engine. In WebAssembly the same `api` answers the page's worker instead of HTTP (`web/`'s
//! `worker.js`, docs/web.md); the server and the game file are left out there.

pub mod api;
mod clock;
mod engine;
pub mod game;
mod record;
#[cfg(not(target_arch = "wasm32"))]
mod server;
pub mod store;
mod wxf;

pub use engine::SearchOrder;
#[cfg(not(target_arch = "wasm32"))]
pub use server::{serve, store_path, MAX_BODY};
