//! The board's searches in WebAssembly. A search blocks the thread it runs on and the module has
//! no other, so it runs in a second worker of the page's (a second instance of this module,
//! docs/web.md): this one, the game worker, asks its host to start one (`host_search_start`, the
//! request as JSON: an id, the table size and the `SearchOrder`) or to drop the one running
//! (`host_search_stop`: the host ends that worker and starts a fresh one). The search worker's
//! lines and move come back through the module's exports (`web`) to `report` and `finish`, and
//! from there into the same continuation as the native search thread's (`Engine::finished`).

use super::SearchOrder;
use crate::session::{BestMove, InfoLine};

#[link(wasm_import_module = "env")]
extern "C" {
    /// Starts a search in the search worker; the request is UTF-8 JSON at `ptr`, `len` bytes.
    fn host_search_start(ptr: *const u8, len: usize);
    /// Drops the search running in the search worker, if any: nothing more of it arrives.
    fn host_search_stop();
}

/// The search the host runs for us, and where its lines and move go.
struct Pending {
    id: u64,
    report: Box<dyn FnMut(InfoLine) + Send>,
    then: Box<dyn FnOnce(BestMove) + Send>,
}

pub struct HostSearch {
    running: Option<Pending>,
    next_id: u64,
    hash_mb: usize,
}

impl HostSearch {
    /// The search worker keeps a table of `hash_mb` megabytes between searches.
    pub fn new(hash_mb: usize) -> HostSearch {
        HostSearch {
            running: None,
            next_id: 1,
            hash_mb,
        }
    }

    /// Drops the running search, if any: its lines and move will be ignored.
    pub fn detach(&mut self) {
        if self.running.take().is_some() {
            // SAFETY: a host function without arguments or memory access.
            unsafe { host_search_stop() };
        }
    }

    /// Asks the host for the search `order` describes; each line goes to `report`, the move to
    /// `then` (called by whoever hands the result to [`HostSearch::finish`]).
    pub fn start_search_then(
        &mut self,
        order: &SearchOrder,
        report: Box<dyn FnMut(InfoLine) + Send>,
        then: Box<dyn FnOnce(BestMove) + Send>,
    ) {
        self.detach();
        let id = self.next_id;
        self.next_id += 1;
        let request =
            serde_json::json!({ "id": id, "hash_mb": self.hash_mb, "order": order }).to_string();
        // SAFETY: the host reads `request.len()` bytes at `request.as_ptr()` before returning.
        unsafe { host_search_start(request.as_ptr(), request.len()) };
        self.running = Some(Pending { id, report, then });
    }

    /// A line of search `id`, given to its report if that search is still the one wanted.
    pub fn report(&mut self, id: u64, info: InfoLine) {
        if let Some(pending) = self.running.as_mut().filter(|p| p.id == id) {
            (pending.report)(info);
        }
    }

    /// Search `id` ended: its continuation, if it is still the one wanted. The caller runs it
    /// after letting go of this object (the continuation may start the next search).
    pub fn finish(&mut self, id: u64) -> Option<Box<dyn FnOnce(BestMove) + Send>> {
        if self.running.as_ref().map(|p| p.id) != Some(id) {
            return None;
        }
        self.running.take().map(|p| p.then)
    }
}
