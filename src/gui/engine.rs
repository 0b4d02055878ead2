//! The engine behind the board: one search at a time on the engine's search thread (the
//! `Searcher` the protocols use too), over a copy of the session. Its lines go into the shared
//! game as they come (the page polls them); when a search for a move ends and the game is still
//! where it was, the move is played, and the next engine turn (an engine-vs-engine game) starts
//! the next search.

use super::game::{Eval, GuiGame, Player, Thought};
use crate::engine::options::{Sets, Settings};
use crate::engine::searcher::Searcher;
use crate::game::{Dialect, Side};
use crate::search::Limits;
use crate::session::{BestMove, InfoLine};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

pub struct Engine {
    searcher: Mutex<Searcher>,
    /// Where the game is kept across restarts of the server (`None`: nowhere).
    store: Option<PathBuf>,
}

/// Lines shown while analysing (a move search looks for one).
const ANALYSIS_LINES: usize = 3;

/// The shared game; a panic while it was held cannot leave it half-changed for long enough to
/// matter to a single-user board, so a poisoned lock is taken as it is.
pub fn lock(game: &Mutex<GuiGame>) -> MutexGuard<'_, GuiGame> {
    game.lock().unwrap_or_else(|e| e.into_inner())
}

impl Engine {
    pub fn new(hash_mb: usize, store: Option<PathBuf>) -> Engine {
        Engine {
            // The board hears of a search's end through its continuation, not a notice.
            searcher: Mutex::new(Searcher::new(hash_mb, Arc::new(|_: u64| {}))),
            store,
        }
    }

    /// Writes the game where it is kept, if anywhere. A failure is logged, not fatal: the game
    /// on the board goes on.
    pub fn save(&self, game: &GuiGame) {
        if let Some(path) = &self.store {
            if let Err(e) = super::store::save(path, game) {
                log::warn!("gui: cannot keep the game in {}: {e}", path.display());
            }
        }
    }

    /// The search thread's owner; as with the game, a poisoned lock is taken as it is.
    fn searcher(&self) -> MutexGuard<'_, Searcher> {
        self.searcher.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops the running search, if any, and waits for nothing: its result is dropped because
    /// the caller changes the game's generation.
    pub fn stop(&self) {
        self.searcher().detach();
    }

    /// Starts what the game needs now: a search for the engine's move when the engine is to move,
    /// an endless analysis when analysing, nothing otherwise. `game` is locked by the caller.
    pub fn kick(self: &Arc<Self>, shared: &Arc<Mutex<GuiGame>>, game: &mut GuiGame) {
        if game.searching {
            return;
        }
        let to_move = game.player_to_move();
        let for_move = to_move == Some(Player::Engine);
        if !(for_move || game.analysing && to_move.is_some()) {
            return;
        }
        let limits = search_limits(game, for_move);
        game.searching = true;
        game.thinking.clear();
        let generation = game.generation;
        let side = game.session.side_to_move();
        let view = game.session.clone_box();
        let lines_to = shared.clone();
        let report = Box::new(move |info: InfoLine| {
            let mut game = lock(&lines_to);
            if game.generation == generation {
                game.thinking.push(Thought::new(&info, side, view.as_ref()));
            }
        });
        let (engine, shared) = (self.clone(), shared.clone());
        let then = Box::new(move |best: BestMove| {
            engine.finished(&shared, generation, for_move.then_some(side), best);
        });
        let mut searcher = self.searcher();
        // Never wait for a stopped search here: its lines may be waiting for the game the
        // caller holds.
        searcher.detach();
        searcher.start_search_then(game.session.as_ref(), limits, Dialect::Record, report, then);
    }

    /// A search ended (on its thread): when the game is still where it was and the search was
    /// for a move (`mover`), the move is played and the next search starts.
    fn finished(
        self: &Arc<Self>,
        shared: &Arc<Mutex<GuiGame>>,
        generation: u64,
        mover: Option<Side>,
        best: BestMove,
    ) {
        let mut game = lock(shared);
        if game.generation != generation {
            return; // the game moved on; whoever changed it started what it needs
        }
        game.searching = false;
        let Some(side) = mover else {
            return;
        };
        let eval = Eval::new(best.score, side);
        if let Some(text) = best.best.filter(|_| game.outcome().is_none()) {
            // The lines that led to the move stay on show until the next search.
            let lines = std::mem::take(&mut game.thinking);
            if let Err(e) = game.play(&text, Dialect::Record, Some(eval)) {
                log::error!("the engine's move {text} was refused: {e}");
                return;
            }
            game.thinking = lines;
            self.save(&game);
            self.kick(shared, &mut game);
        }
    }
}

/// The limits of the board's next search: for a move, the game's limits (nodes, time, clock,
/// level); else an endless analysis.
fn search_limits(game: &GuiGame, for_move: bool) -> Limits {
    // The options table's defaults (one thread, one line, full strength) with the board's
    // level for a move, and several lines at full strength for analysis.
    let mut settings = Settings::default();
    match game.limits.level {
        Some(level) if for_move => settings.set_number(Sets::SkillLevel, u64::from(level)),
        _ if !for_move => settings.set_number(Sets::MultiPv, ANALYSIS_LINES as u64),
        _ => {}
    }
    let mut limits = Limits {
        // The board's clock is the engine's own: no GUI delay to keep back.
        move_overhead: 0,
        ..settings.limits(game.variant())
    };
    if for_move {
        limits.nodes = game.limits.nodes;
        limits.movetime = game.limits.movetime_ms;
        if let Some(clock) = &game.clock {
            let left = clock.left_ms(game.session.side_to_move());
            (limits.wtime, limits.btime) = (Some(left[0]), Some(left[1]));
            (limits.winc, limits.binc) = (Some(clock.increment_ms), Some(clock.increment_ms));
        } else if limits.nodes.is_none() && limits.movetime.is_none() {
            limits.movetime = Some(1000);
        }
    } else {
        limits.infinite = true;
    }
    limits
}
