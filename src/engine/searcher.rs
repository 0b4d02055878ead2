//! The one object that owns the engine's search thread, for the protocols and the board alike:
//! one search (or perft) at a time, on a copy of the caller's session, over a transposition table
//! kept between searches. The protocols collect a search's move after its end is announced
//! (`finish`); the board hands it to a continuation on the search thread (`start_search_then`).

use crate::game::Dialect;
use crate::perft;
use crate::search::{Control, Limits, TranspositionTable};
use crate::session::{BestMove, InfoLine, Session};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Told the id of each search or perft as its thread ends (the protocols turn it into an event).
pub type Notify = Arc<dyn Fn(u64) + Send + Sync>;

/// A search or a perft on its own thread.
struct Running {
    id: u64,
    control: Arc<Control>,
    /// A search's move; `None` from a perft, which owes no move, or from a search whose move
    /// went to a continuation.
    handle: JoinHandle<Option<BestMove>>,
    /// For a search: the position and dialect of the fallback answer if its thread panics.
    fallback: Option<(Box<dyn Session>, Dialect)>,
}

pub struct Searcher {
    tt: Arc<TranspositionTable>,
    running: Option<Running>,
    next_id: u64,
    notify: Notify,
}

impl Searcher {
    /// A searcher with a table of `hash_mb` megabytes; `notify` hears each thread's end.
    pub fn new(hash_mb: usize, notify: Notify) -> Searcher {
        Searcher {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            running: None,
            next_id: 1,
            notify,
        }
    }

    /// A new, empty table of `megabytes` when that is another size (callers stop any search
    /// first).
    pub fn set_hash(&mut self, megabytes: usize) {
        if megabytes != self.tt.megabytes() {
            self.tt = Arc::new(TranspositionTable::new(megabytes));
        }
    }

    pub fn clear_hash(&self) {
        self.tt.clear();
    }

    pub fn searching(&self) -> bool {
        self.running.is_some()
    }

    /// Starts searching `session` on its own thread; each finished iteration goes to `report`
    /// (on that thread). Returns the search id that `notify` will hear; the move waits for
    /// [`Searcher::finish`]. A search already running is stopped and its result dropped.
    pub fn start_search(
        &mut self,
        session: &dyn Session,
        limits: Limits,
        dialect: Dialect,
        mut report: Box<dyn FnMut(InfoLine) + Send>,
    ) -> u64 {
        let control = Arc::new(Control::new(limits.ponder));
        let tt = Arc::clone(&self.tt);
        let fallback = Some((session.clone_box(), dialect));
        self.spawn(session, control, fallback, move |session, control| {
            Some(session.search(&limits, &tt, control, dialect, &mut |info| report(info)))
        })
    }

    /// As [`Searcher::start_search`], but the move goes to `then`, on the search thread, as the
    /// search ends ([`Searcher::finish`] then gives `None`).
    pub fn start_search_then(
        &mut self,
        session: &dyn Session,
        limits: Limits,
        dialect: Dialect,
        mut report: Box<dyn FnMut(InfoLine) + Send>,
        then: Box<dyn FnOnce(BestMove) + Send>,
    ) -> u64 {
        let control = Arc::new(Control::new(limits.ponder));
        let tt = Arc::clone(&self.tt);
        self.spawn(session, control, None, move |session, control| {
            then(session.search(&limits, &tt, control, dialect, &mut |info| report(info)));
            None
        })
    }

    /// Starts a perft of `session` on the search thread, so that `stop`, `isready` and `quit`
    /// are answered while it counts; `done` receives its result on that thread. Returns the id
    /// `notify` will hear; [`Searcher::finish`] then gives `None`.
    pub fn start_perft(
        &mut self,
        session: &dyn Session,
        depth: u32,
        dialect: Dialect,
        done: Box<dyn FnOnce(Result<perft::Counts, perft::Refusal>) + Send>,
    ) -> u64 {
        self.spawn(
            session,
            Arc::new(Control::new(false)),
            None,
            move |session, control| {
                done(session.perft(depth, dialect, control));
                None
            },
        )
    }

    /// Runs `job` on a copy of `session` on a thread of its own, after stopping any search
    /// still running and waiting for it.
    fn spawn(
        &mut self,
        session: &dyn Session,
        control: Arc<Control>,
        fallback: Option<(Box<dyn Session>, Dialect)>,
        job: impl FnOnce(&dyn Session, &Control) -> Option<BestMove> + Send + 'static,
    ) -> u64 {
        let _ = self.halt();
        let id = self.next_id;
        self.next_id += 1;
        let session = session.clone_box();
        let thread_control = Arc::clone(&control);
        let notify = Arc::clone(&self.notify);
        let handle = std::thread::spawn(move || {
            let result = job(session.as_ref(), &thread_control);
            notify(id);
            result
        });
        self.running = Some(Running {
            id,
            control,
            handle,
            fallback,
        });
        id
    }

    /// Asks the running search to stop; its end is announced as usual.
    pub fn stop(&self) {
        if let Some(s) = &self.running {
            s.control.stop();
        }
    }

    /// The opponent played the predicted move: the pondering search now runs on our clock.
    pub fn ponderhit(&self) {
        if let Some(s) = &self.running {
            s.control.ponderhit();
        }
    }

    /// Collects the result of the search `id` after its end was announced; `None` when that
    /// search was already collected (stopped by [`Searcher::halt`]) or replaced, or was a perft.
    pub fn finish(&mut self, id: u64) -> Option<BestMove> {
        if self.running.as_ref().map(|s| s.id) != Some(id) {
            return None;
        }
        self.running.take().and_then(join)
    }

    /// Stops the running search or perft, if any, waits for it and returns a search's result.
    pub fn halt(&mut self) -> Option<BestMove> {
        let running = self.running.take()?;
        running.control.stop();
        join(running)
    }

    /// Stops the running search, if any, without waiting for it: its thread ends on its own and
    /// its result is dropped. For a caller holding what that thread's report or continuation
    /// may wait for (the board's game), where waiting could deadlock.
    pub fn detach(&mut self) {
        if let Some(running) = self.running.take() {
            running.control.stop();
        }
    }
}

/// Waits for a search thread. A search that panicked still owes the GUI a move: the first legal
/// one (or none), with the failure logged.
fn join(running: Running) -> Option<BestMove> {
    match running.handle.join() {
        Ok(best) => best,
        Err(_) => {
            log::error!("the search thread panicked");
            let (session, dialect) = running.fallback?;
            log::error!("answering with the first legal move");
            Some(BestMove {
                best: session.legal_moves(dialect).into_iter().next(),
                ..BestMove::default()
            })
        }
    }
}
