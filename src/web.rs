//! The WebAssembly module's face (docs/web.md): plain C-ABI exports and imports, no
//! wasm-bindgen; the page's worker scripts (`gui/web/worker.js`) and the Node test's loader
//! (`scripts/web/run.mjs`) are its only hosts. Strings cross as UTF-8 JSON: the host writes
//! one into memory it got from [`kaleido_alloc`] and passes (pointer, length); an answer is left
//! in the module's out-buffer, whose address an export returns and whose length
//! [`kaleido_out_len`] gives, valid until the next call.
//!
//! One module, two roles. The game worker answers the board's API ([`kaleido_api`]: the same
//! `gui::api::Api` that `kaleido gui` serves over HTTP) and hands the search worker's reports
//! back ([`kaleido_search_info`], [`kaleido_search_done`]). The search worker runs one search at
//! a time to its end ([`kaleido_search`]), its lines going out through `host_search_info`, over
//! a table kept between searches. Perft, the bench and a bench-like search serve the tests.
//!
//! The module is built with `panic=abort`: a panic traps. Its message goes to the host first
//! (`host_panic`), which answers the request that caused it with an error and starts a fresh
//! instance.

use crate::bench;
use crate::game::{Dialect, VariantOptions};
use crate::gui::api::Api;
use crate::gui::game::GuiGame;
use crate::gui::{store, SearchOrder};
use crate::search::{Control, Info, TranspositionTable};
use crate::session::{BestMove, InfoLine};
use crate::variants;
use serde::Deserialize;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::sync::{Mutex, OnceLock};

#[link(wasm_import_module = "env")]
extern "C" {
    /// A line of the search worker's search, JSON at `ptr`, `len` bytes.
    fn host_search_info(ptr: *const u8, len: usize);
    /// A panic's message, JSON-free text at `ptr`, `len` bytes; the module traps next.
    fn host_panic(ptr: *const u8, len: usize);
}

thread_local! {
    /// The last answer, read by the host through the pointer an export returns.
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// `len` bytes the host may write into; it gives them back with [`kaleido_free`].
#[no_mangle]
pub extern "C" fn kaleido_alloc(len: usize) -> *mut u8 {
    let mut bytes = Vec::<u8>::with_capacity(len.max(1));
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// Gives back memory from [`kaleido_alloc`].
///
/// # Safety
/// `ptr` and `len` must be what one call of `kaleido_alloc` gave and took, freed once.
#[no_mangle]
pub unsafe extern "C" fn kaleido_free(ptr: *mut u8, len: usize) {
    drop(Vec::from_raw_parts(ptr, 0, len.max(1)));
}

/// The length of the last answer.
#[no_mangle]
pub extern "C" fn kaleido_out_len() -> usize {
    OUT.with(|out| out.borrow().len())
}

/// Leaves `answer` in the out-buffer and returns its address.
fn give(answer: Value) -> *const u8 {
    OUT.with(|out| {
        let mut out = out.borrow_mut();
        *out = answer.to_string().into_bytes();
        out.as_ptr()
    })
}

/// The host's string at (`ptr`, `len`), read as JSON of type `T`.
///
/// # Safety
/// The host wrote `len` bytes at `ptr` (memory from `kaleido_alloc`).
unsafe fn take<T: for<'de> Deserialize<'de>>(ptr: *const u8, len: usize) -> Result<T, String> {
    let bytes = std::slice::from_raw_parts(ptr, len);
    let text = std::str::from_utf8(bytes).map_err(|_| "the request is not UTF-8".to_string())?;
    serde_json::from_str(text).map_err(|e| format!("bad request: {e}"))
}

/// A panic's message goes to the host before the module traps (with `panic=abort` it would
/// otherwise be lost, and the page would see only "unreachable").
fn hook_panics() {
    static HOOKED: OnceLock<()> = OnceLock::new();
    HOOKED.get_or_init(|| {
        std::panic::set_hook(Box::new(|info| {
            let text = info.to_string();
            // SAFETY: the host reads `text.len()` bytes at `text.as_ptr()` before returning.
            unsafe { host_panic(text.as_ptr(), text.len()) };
        }));
    });
}

/// Answers an export's request: `work`'s value, or `{"error": ...}`.
///
/// # Safety
/// As [`take`].
unsafe fn answer<T: for<'de> Deserialize<'de>>(
    ptr: *const u8,
    len: usize,
    work: impl FnOnce(T) -> Result<Value, String>,
) -> *const u8 {
    hook_panics();
    let reply = take(ptr, len).and_then(work);
    give(reply.unwrap_or_else(|error| json!({ "error": error })))
}

// ---- The game worker: the board's API.

/// The board's one game.
static API: OnceLock<Api> = OnceLock::new();

/// The board's API from the first call on: the game restored before it
/// ([`kaleido_restore`]), else chess, the engine playing Black, as `kaleido gui` starts without a
/// kept game.
fn api() -> &'static Api {
    API.get_or_init(|| {
        let game = GuiGame::new("chess", None, &VariantOptions::default())
            .unwrap_or_else(|e| panic!("the chess start cannot fail: {e}"));
        start(game)
    })
}

fn start(game: GuiGame) -> Api {
    let api = Api::new(game, None);
    // The engine's move, when it is to move in the game restored.
    api.start();
    api
}

#[derive(Deserialize)]
struct Restore {
    kept: String,
}

/// `{kept}` (what [`kaleido_kept`] gave, kept by the page across reloads) becomes the board's
/// game; only before the first call of the API.
///
/// # Safety
/// As [`kaleido_api`].
#[no_mangle]
pub unsafe extern "C" fn kaleido_restore(ptr: *const u8, len: usize) -> *const u8 {
    answer(ptr, len, |request: Restore| {
        let game = store::from_json(&request.kept)?;
        let mut restored = false;
        API.get_or_init(|| {
            restored = true;
            start(game)
        });
        if !restored {
            return Err("the board has started: too late to restore a game".into());
        }
        Ok(json!({}))
    })
}

/// `{kept}`: the board's game as `kaleido gui` keeps it in its file (`gui::store`), for the page
/// to keep across reloads.
#[no_mangle]
pub extern "C" fn kaleido_kept() -> *const u8 {
    hook_panics();
    let game = api().game.lock().unwrap_or_else(|e| e.into_inner());
    give(match store::to_json(&game) {
        Ok(kept) => json!({ "kept": kept }),
        Err(error) => json!({ "error": error }),
    })
}

/// One call of the board's API, as the page sends it over HTTP to `kaleido gui`.
#[derive(Deserialize)]
struct Call {
    method: String,
    path: String,
    #[serde(default)]
    query: String,
    #[serde(default)]
    body: String,
}

/// `{method, path, query, body}` (body: the JSON text of a POST) -> `{status, json}`.
///
/// # Safety
/// `ptr`, `len`: a request written into memory from `kaleido_alloc`.
#[no_mangle]
pub unsafe extern "C" fn kaleido_api(ptr: *const u8, len: usize) -> *const u8 {
    hook_panics();
    let reply = match take::<Call>(ptr, len) {
        Ok(call) => {
            let path = call.path.split('?').next().unwrap_or_default();
            api().handle(&call.method, path, &call.query, &call.body)
        }
        Err(error) => (400, json!({ "error": error })),
    };
    give(json!({ "status": reply.0, "json": reply.1 }))
}

/// A line of the search worker's search: `{id, info}`.
///
/// # Safety
/// As [`kaleido_api`].
#[no_mangle]
pub unsafe extern "C" fn kaleido_search_info(ptr: *const u8, len: usize) -> *const u8 {
    answer(ptr, len, |report: Report| {
        api()
            .engine
            .search_info(report.id, info_from(&report.info)?);
        Ok(json!({}))
    })
}

/// The search worker's search ended: `{id, best}`; a search that failed (no `best`) ends
/// without a move, so that the game does not wait for one.
///
/// # Safety
/// As [`kaleido_api`].
#[no_mangle]
pub unsafe extern "C" fn kaleido_search_done(ptr: *const u8, len: usize) -> *const u8 {
    answer(ptr, len, |report: Report| {
        api()
            .engine
            .search_done(report.id, best_from(&report.best)?);
        Ok(json!({}))
    })
}

#[derive(Deserialize)]
struct Report {
    id: u64,
    #[serde(default)]
    info: Value,
    #[serde(default)]
    best: Value,
}

// ---- The search worker.

#[derive(Deserialize)]
struct SearchRequest {
    id: u64,
    hash_mb: usize,
    order: SearchOrder,
}

/// The search worker's table, kept between searches.
static TABLE: Mutex<Option<TranspositionTable>> = Mutex::new(None);

/// Runs the search `{id, hash_mb, order}` to its end (the order's limits): each line goes out
/// as `{id, info}` through `host_search_info`; answers `{id, best}`.
///
/// # Safety
/// As [`kaleido_api`].
#[no_mangle]
pub unsafe extern "C" fn kaleido_search(ptr: *const u8, len: usize) -> *const u8 {
    answer(ptr, len, |request: SearchRequest| {
        let session = request.order.session()?;
        let limits = request.order.limits();
        let mut table = TABLE.lock().unwrap_or_else(|e| e.into_inner());
        let megabytes = request.hash_mb.clamp(1, MAX_HASH_MB);
        let tt = match table.take() {
            Some(tt) if tt.megabytes() == megabytes => tt,
            _ => TranspositionTable::new(megabytes),
        };
        let id = request.id;
        let best = session.search(
            &limits,
            &tt,
            &Control::new(false),
            Dialect::Record,
            &mut |info| {
                let line = json!({ "id": id, "info": info_json(&info) }).to_string();
                // SAFETY: the host reads `line.len()` bytes at `line.as_ptr()` before returning.
                unsafe { host_search_info(line.as_ptr(), line.len()) };
            },
        );
        *table = Some(tt);
        Ok(json!({ "id": id, "best": best_json(&best) }))
    })
}

/// Makes the search worker's table of `{hash_mb}` megabytes now, while nobody waits for a
/// search: a fresh worker (after Stop or Take back) is then ready when the next search comes.
///
/// # Safety
/// As [`kaleido_api`].
#[no_mangle]
pub unsafe extern "C" fn kaleido_search_prepare(ptr: *const u8, len: usize) -> *const u8 {
    #[derive(Deserialize)]
    struct Prepare {
        hash_mb: usize,
    }
    answer(ptr, len, |request: Prepare| {
        let mut table = TABLE.lock().unwrap_or_else(|e| e.into_inner());
        let megabytes = request.hash_mb.clamp(1, MAX_HASH_MB);
        if table.as_ref().map(TranspositionTable::megabytes) != Some(megabytes) {
            *table = Some(TranspositionTable::new(megabytes));
        }
        Ok(json!({}))
    })
}

/// The largest table a search worker makes (a page asks for 64 MB).
const MAX_HASH_MB: usize = 1024;

fn info_json(info: &InfoLine) -> Value {
    json!({ "depth": info.depth, "seldepth": info.seldepth, "multipv": info.multipv,
            "score": info.score, "nodes": info.nodes, "time_ms": info.time_ms,
            "hashfull": info.hashfull, "pv": info.pv })
}

fn info_from(value: &Value) -> Result<InfoLine, String> {
    let number = |name: &str| value[name].as_u64().unwrap_or(0);
    Ok(Info {
        depth: number("depth") as u32,
        seldepth: number("seldepth") as u32,
        multipv: number("multipv") as usize,
        score: value["score"]
            .as_i64()
            .ok_or("an info line without a score")? as i32,
        nodes: number("nodes"),
        time_ms: number("time_ms"),
        hashfull: number("hashfull") as u32,
        pv: serde_json::from_value(value["pv"].clone()).map_err(|e| format!("pv: {e}"))?,
    })
}

fn best_json(best: &BestMove) -> Value {
    json!({ "best": best.best, "ponder": best.ponder, "score": best.score, "depth": best.depth,
            "nodes": best.nodes })
}

fn best_from(value: &Value) -> Result<BestMove, String> {
    let text = |name: &str| value[name].as_str().map(str::to_string);
    Ok(BestMove {
        best: text("best"),
        ponder: text("ponder"),
        score: value["score"].as_i64().ok_or("a result without a score")? as i32,
        depth: value["depth"].as_u64().unwrap_or(0) as u32,
        nodes: value["nodes"].as_u64().unwrap_or(0),
    })
}

// ---- For the tests and measurements (scripts/web/run.mjs).

#[derive(Deserialize)]
struct PerftRequest {
    variant: String,
    #[serde(default)]
    fen: Option<String>,
    depth: u32,
}

/// `{variant, fen?, depth}` -> `{nodes, ms}`: perft, the root moves one after another.
///
/// # Safety
/// As [`kaleido_api`].
#[no_mangle]
pub unsafe extern "C" fn kaleido_perft(ptr: *const u8, len: usize) -> *const u8 {
    answer(ptr, len, |request: PerftRequest| {
        let depth = crate::perft::check_depth(u64::from(request.depth))?;
        let info = variants::find(&request.variant)
            .ok_or_else(|| format!("unknown variant '{}'", request.variant))?;
        let mut session = info.new_session(&VariantOptions::default())?;
        if let Some(fen) = request.fen.as_deref().filter(|f| *f != "startpos") {
            session.set_fen(fen, Dialect::Uci)?;
        }
        let counts = session
            .perft(depth, Dialect::Uci, &Control::new(false))
            .map_err(|e| e.to_string())?;
        Ok(json!({ "nodes": counts.nodes, "ms": counts.elapsed.as_secs_f64() * 1000.0 }))
    })
}

#[derive(Deserialize)]
struct SearchOnce {
    variant: String,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    depth: Option<u32>,
    #[serde(default)]
    nodes: Option<u64>,
}

/// `{variant, fen?, depth?, nodes?}` -> `{best, nodes, score}`: `bench::search_once`.
///
/// # Safety
/// As [`kaleido_api`].
#[no_mangle]
pub unsafe extern "C" fn kaleido_search_once(ptr: *const u8, len: usize) -> *const u8 {
    answer(ptr, len, |request: SearchOnce| {
        let fen = request.fen.as_deref().unwrap_or("startpos");
        let best = bench::search_once(&request.variant, fen, request.depth, request.nodes)?;
        Ok(best_json(&best))
    })
}

#[derive(Deserialize)]
struct BenchRequest {
    #[serde(default)]
    depth: Option<u32>,
    #[serde(default)]
    variant: Option<String>,
}

/// `{depth?, variant?}` -> `{nodes, ms, lines}`: `kaleido bench`.
///
/// # Safety
/// As [`kaleido_api`].
#[no_mangle]
pub unsafe extern "C" fn kaleido_bench(ptr: *const u8, len: usize) -> *const u8 {
    answer(ptr, len, |request: BenchRequest| {
        let mut lines = Vec::new();
        let (nodes, ms) = bench::measure(request.depth, request.variant.as_deref(), &mut |l| {
            lines.push(l)
        })?;
        Ok(json!({ "nodes": nodes, "ms": ms, "lines": lines }))
    })
}
