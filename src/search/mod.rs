//! Search, generic over `game::Rules`: nothing in here knows any variant's rules.
//!
//! `search()` runs Lazy-SMP threads (`threads`), each an iterative deepening over the root moves
//! (`root`: aspiration windows, MultiPV) into a PVS alpha-beta (`alpha_beta`) that ends in a
//! quiescence search (`qsearch`), ordered by `ordering`, sharing the lock-free `tt`; `time` turns
//! clocks into limits; every tunable lives in `params`. The types below are the contract the
//! session and protocols use.

mod alpha_beta;
mod ordering;
pub mod params;
mod qsearch;
mod root;
pub mod strength;
mod threads;
pub mod time;
pub mod tt;
mod worker;

use crate::clock::Stamp;
use crate::game::Score;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
pub use tt::TranspositionTable;

/// What the GUI or command line asked for. Times are milliseconds.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Number of principal variations to report (at least 1).
    pub multipv: usize,
    /// The root moves the search may choose from.
    pub root_moves: RootMoves,
    /// Search threads (Lazy SMP; at least 1).
    pub threads: usize,
    /// Time kept back per move for GUI and pipe latency.
    pub move_overhead: u64,
    /// Play weaker than full strength (`None`, the default: full strength).
    pub strength: Option<strength::Strength>,
}

/// The root moves a search may choose from: every legal move, only some (UCI `go searchmoves`)
/// or all but some (CECP `exclude`). Moves are named by `Rules::move_key`, which is unique among
/// the legal moves of one position, so a restriction means something only for the root it was
/// made for. A restriction that leaves no legal move makes the search return no move at once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum RootMoves {
    #[default]
    All,
    Only(Vec<u32>),
    Except(Vec<u32>),
}

impl RootMoves {
    pub fn allows(&self, move_key: u32) -> bool {
        match self {
            RootMoves::All => true,
            RootMoves::Only(keys) => keys.contains(&move_key),
            RootMoves::Except(keys) => !keys.contains(&move_key),
        }
    }
}

/// Shared between the searching threads and whoever may stop them.
#[derive(Debug)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// When the clock started counting for this move (reset on ponderhit).
    started: std::sync::Mutex<Stamp>,
    pub nodes: AtomicU64,
}

impl Default for Control {
    fn default() -> Self {
        Control::new(false)
    }
}

impl Control {
    pub fn new(pondering: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            started: std::sync::Mutex::new(Stamp::now()),
            nodes: AtomicU64::new(0),
        }
    }
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
    /// The opponent played the expected move: from now on the clock is ours.
    pub fn ponderhit(&self) {
        if let Ok(mut s) = self.started.lock() {
            *s = Stamp::now();
        }
        self.pondering.store(false, Ordering::Relaxed);
    }
    pub fn elapsed_ms(&self) -> u64 {
        self.started.lock().map(|s| s.elapsed_ms()).unwrap_or(0)
    }
}

/// One progress report: a finished iteration (or an updated PV) of one principal variation.
#[derive(Clone, Debug)]
pub struct Info<M> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of this line among the MultiPV lines.
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub time_ms: u64,
    /// Per mille of the TT in use.
    pub hashfull: u32,
    pub pv: Vec<M>,
}

#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// `None` only when the root has no legal move, or none that `Limits::root_moves` allows
    /// (then `score` is 0 and `depth` 0: nothing was searched).
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

pub use strength::search;

#[cfg(test)]
mod tests;
