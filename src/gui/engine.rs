//! The engine behind the board: one search at a time, over a copy of the game. Where it runs is
//! the one thing that differs between the transports: natively on the engine's search thread (the
//! `Searcher` the protocols use too); in WebAssembly in a second worker of the page's, reached
//! through the host (`host::HostSearch`, docs/web.md). Either way its lines go into the shared
//! game as they come (the page polls them), and when a search for a move ends and the game is
//! still where it was, the move is played and the next engine turn (an engine-vs-engine game)
//! starts the next search.

use super::game::{Eval, GuiGame, Player, Thought};
use crate::engine::options::{Sets, Settings};
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::searcher::Searcher as Backend;
use crate::game::{Dialect, Side, VariantOptions};
use crate::search::Limits;
use crate::session::{BestMove, InfoLine, Session};
use crate::variants;
#[cfg(target_arch = "wasm32")]
use host::HostSearch as Backend;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

#[cfg(target_arch = "wasm32")]
pub mod host;

pub struct Engine {
    searcher: Mutex<Backend>,
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
            #[cfg(not(target_arch = "wasm32"))]
            searcher: Mutex::new(Backend::new(hash_mb, Arc::new(|_: u64| {}))),
            #[cfg(target_arch = "wasm32")]
            searcher: Mutex::new(Backend::new(hash_mb)),
            store,
        }
    }

    /// Writes the game where it is kept, if anywhere. A failure is logged, not fatal: the game
    /// on the board goes on.
    pub fn save(&self, game: &GuiGame) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(path) = &self.store {
            if let Err(e) = super::store::save(path, game) {
                log::warn!("gui: cannot keep the game in {}: {e}", path.display());
            }
        }
        // In WebAssembly the page keeps the game (`web`): nowhere to write it here.
        #[cfg(target_arch = "wasm32")]
        let _ = (&self.store, game);
    }

    /// The search thread's owner; as with the game, a poisoned lock is taken as it is.
    fn searcher(&self) -> MutexGuard<'_, Backend> {
        self.searcher.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A line of the host's search `id` (WebAssembly: `web` hands it over).
    #[cfg(target_arch = "wasm32")]
    pub fn search_info(&self, id: u64, info: InfoLine) {
        self.searcher().report(id, info);
    }

    /// The host's search `id` ended with `best`: on to the continuation, as the native search
    /// thread does, if that search is still wanted.
    #[cfg(target_arch = "wasm32")]
    pub fn search_done(&self, id: u64, best: BestMove) {
        let then = self.searcher().finish(id);
        if let Some(then) = then {
            then(best);
        }
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
        let order = SearchOrder::new(game, for_move);
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
        #[cfg(not(target_arch = "wasm32"))]
        searcher.start_search_then(
            game.session.as_ref(),
            order.limits(),
            Dialect::Record,
            report,
            then,
        );
        #[cfg(target_arch = "wasm32")]
        searcher.start_search_then(&order, report, then);
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

/// One search the board asks for, as plain data: the game (variant, options, start, moves
/// played) and what limits the search. Natively it only gives the search's `Limits`; in
/// WebAssembly it is what the game worker sends the search worker, which rebuilds the game from it
/// (`session`) with its whole history, so that repetitions count as on the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchOrder {
    pub variant: String,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The position the moves start from, in UCI FEN.
    pub start_fen: String,
    /// The moves played since, as entered (UCI dialect).
    #[serde(default)]
    pub moves: Vec<String>,
    /// The position searched (UCI FEN): a check on the replay.
    pub fen: String,
    /// A search for the engine's move (else an endless analysis).
    pub for_move: bool,
    #[serde(default)]
    pub level: Option<u8>,
    #[serde(default)]
    pub nodes: Option<u64>,
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// Time left for White and Black when the game has a clock, and its increment.
    #[serde(default)]
    pub clock_ms: Option<[u64; 2]>,
    #[serde(default)]
    pub increment_ms: u64,
    /// The game's generation when the search was asked for: a result for another is dropped.
    #[serde(default)]
    pub generation: u64,
}

impl SearchOrder {
    /// The board's next search: for a move, the game's limits (nodes, time, clock, level); else an
    /// endless analysis.
    pub fn new(game: &GuiGame, for_move: bool) -> SearchOrder {
        let clock = game.clock.as_ref();
        SearchOrder {
            variant: game.variant().to_string(),
            options: game
                .session
                .options()
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            start_fen: game.start_fen.clone(),
            moves: game.moves.iter().map(|m| m.uci.clone()).collect(),
            fen: game.session.fen(Dialect::Uci),
            for_move,
            level: game.limits.level,
            nodes: game.limits.nodes,
            movetime_ms: game.limits.movetime_ms,
            clock_ms: clock.map(|c| c.left_ms(game.session.side_to_move())),
            increment_ms: clock.map_or(0, |c| c.increment_ms),
            generation: game.generation,
        }
    }

    /// The search's limits.
    pub fn limits(&self) -> Limits {
        // The options table's defaults (one thread, one line, full strength) with the board's
        // level for a move, and several lines at full strength for analysis.
        let mut settings = Settings::default();
        match self.level {
            Some(level) if self.for_move => settings.set_number(Sets::SkillLevel, u64::from(level)),
            _ if !self.for_move => settings.set_number(Sets::MultiPv, ANALYSIS_LINES as u64),
            _ => {}
        }
        let mut limits = Limits {
            // The board's clock is the engine's own: no GUI delay to keep back.
            move_overhead: 0,
            ..settings.limits(&self.variant)
        };
        if self.for_move {
            limits.nodes = self.nodes;
            limits.movetime = self.movetime_ms;
            if let Some(left) = self.clock_ms {
                (limits.wtime, limits.btime) = (Some(left[0]), Some(left[1]));
                (limits.winc, limits.binc) = (Some(self.increment_ms), Some(self.increment_ms));
            } else if limits.nodes.is_none() && limits.movetime.is_none() {
                limits.movetime = Some(1000);
            }
        } else {
            limits.infinite = true;
        }
        limits
    }

    /// The game searched, rebuilt: the start, then the moves. Should the replay not reach the
    /// position searched (it always does for a game the board played), that position is taken
    /// as it is, without its history.
    pub fn session(&self) -> Result<Box<dyn Session>, String> {
        let info = variants::find(&self.variant)
            .ok_or_else(|| format!("unknown variant '{}'", self.variant))?;
        let mut options = VariantOptions::default();
        for (name, value) in &self.options {
            options.set(name, value);
        }
        let mut session = info.new_session(&options)?;
        if session.fen(Dialect::Uci) != self.start_fen {
            session.set_fen(&self.start_fen, Dialect::Uci)?;
        }
        let replayed = self
            .moves
            .iter()
            .all(|m| session.play(m, Dialect::Uci).is_ok());
        if !replayed || session.fen(Dialect::Uci) != self.fen {
            session = info.new_session(&options)?;
            session.set_fen(&self.fen, Dialect::Uci)?;
        }
        Ok(session)
    }
}
