// Kaleido's engine in the page: the board's back end when there is no `kaleido gui` server
// (docs/web.md). One script, two roles, both running the same kaleido.wasm:
//
// - the GAME worker (the page starts it: `new Worker("worker.js")`) answers the board's API.
//   The page posts {id, method, path, query, body} (body: the JSON text of a POST, as over HTTP)
//   and gets {id, status, json} back, the very answers `kaleido gui` gives over HTTP. Requests
//   that arrive while the module loads wait for it; a failure is {id, status: 500, json: {error}}.
//   It keeps the game across reloads in the browser's IndexedDB (`keeper` below).
// - the SEARCH worker (this script again, named "search", started by the game worker) runs the engine's
//   searches. A search blocks the thread it runs on, and WebAssembly here has no other thread,
//   so it cannot run in the game worker: the board would stop answering (Stop, Take back, the
//   clocks) while the engine thinks. The search worker keeps its transposition table between
//   searches; to stop a search, the game worker ends that worker and starts a fresh one from the
//   module it already compiled (a few milliseconds, docs/web.md).
//
// The module's imports and exports are plain functions over (pointer, length) UTF-8 JSON
// strings (src/web.rs); no wasm-bindgen.
"use strict";

// The game worker names the search workers it starts (`new Worker(url, { name })`).
const role = self.name === "search" ? "search" : "game";
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/// One instance of the module with its string helpers; `hooks` are the role's own imports.
function instantiate(module, hooks) {
  const state = { instance: null, panic: null };
  const text = (ptr, len) =>
    decoder.decode(new Uint8Array(state.instance.exports.memory.buffer, ptr, len));
  const imports = {
    env: {
      kaleido_now_ms: () => performance.now(),
      kaleido_random: () => Math.random(),
      kaleido_date_ms: () => Date.now(),
      host_panic: (ptr, len) => { state.panic = text(ptr, len); },
      host_search_start: (ptr, len) => hooks.searchStart(text(ptr, len)),
      host_search_stop: () => hooks.searchStop(),
      host_search_info: (ptr, len) => hooks.searchInfo(text(ptr, len)),
    },
  };
  state.instance = new WebAssembly.Instance(module, imports);
  /// Calls `name` with the string `input`; its answer as text. A trap throws an Error that
  /// carries the panic's message when there was one.
  state.call = (name, input) => {
    const e = state.instance.exports;
    const bytes = encoder.encode(input);
    const ptr = e.kaleido_alloc(bytes.length);
    new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
    try {
      const out = e[name](ptr, bytes.length);
      return text(out, e.kaleido_out_len());
    } catch (error) {
      throw new Error(state.panic ? `engine panic: ${state.panic}` : `engine trap: ${error.message}`);
    } finally {
      try { e.kaleido_free(ptr, bytes.length); } catch (_) { /* the instance is dead */ }
    }
  };
  return state;
}

/// Where search workers start from: this script's text, read once while the page is still
/// online, as a Blob URL. Stop and Take back start a fresh search worker at any time, also after
/// the network is gone and under a host that forbids caching; the script's own URL would need
/// the network then. Falls back to that URL if the text cannot be read.
async function searcherScript() {
  try {
    const response = await fetch(self.location.href);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    return URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  } catch (_) {
    return self.location.href;
  }
}

/// The compiled module: from the network in the game worker (streamed when the server says
/// application/wasm, else from its bytes), handed over by the game worker in the search worker.
async function compile() {
  const url = new URL("kaleido.wasm", self.location.href);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  if (WebAssembly.compileStreaming && response.headers.get("Content-Type") === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/// The game kept across reloads: the JSON `kaleido gui` writes to its file (src/gui/store.rs),
/// here in the browser's IndexedDB, which a worker can reach (localStorage it cannot). Where
/// there is none (a private window may refuse it), the game simply is not kept.
const keeper = {
  db: null,
  open() {
    this.db ??= new Promise((resolve, reject) => {
      const request = indexedDB.open("kaleido", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("kept");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return this.db;
  },
  async read() {
    try {
      const db = await this.open();
      return await new Promise((resolve) => {
        const get = db.transaction("kept").objectStore("kept").get("game");
        get.onsuccess = () => resolve(typeof get.result === "string" ? get.result : null);
        get.onerror = () => resolve(null);
      });
    } catch (_) {
      return null;
    }
  },
  async write(text) {
    try {
      const db = await this.open();
      db.transaction("kept", "readwrite").objectStore("kept").put(text, "game");
    } catch (_) { /* not kept */ }
  },
};

function gameWorker() {
  let module = null;
  let engine = null;
  let failed = null; // why the module cannot load: every request is answered with it
  const waiting = [];
  let searcher = null; // the search worker now wanted
  let script = null; // what search workers start from (`searcherScript`)

  const answer = (id, status, json) => self.postMessage({ id, status, json });

  let lastKept = null;
  /// Writes the game where it is kept when it changed (after a change asked by the page and
  /// after each engine move).
  function keep() {
    try {
      const { kept } = JSON.parse(engine.call("kaleido_kept", ""));
      if (kept && kept !== lastKept) {
        lastKept = kept;
        keeper.write(kept);
      }
    } catch (error) {
      restart(error);
    }
  }

  /// A fresh search worker, told the module; its messages count only while it is `searcher`.
  function startSearcher() {
    const worker = new Worker(script, { name: "search" });
    worker.onmessage = (event) => {
      const { kind, text } = event.data;
      if (worker !== searcher || !engine || kind === "ready") return;
      try {
        engine.call(kind === "info" ? "kaleido_search_info" : "kaleido_search_done", text);
      } catch (error) {
        restart(error);
        return;
      }
      if (kind === "done") keep();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === searcher) searchFailed(`search worker: ${event.message}`);
    };
    worker.postMessage({ kind: "module", module, hash_mb: hashMb });
    return worker;
  }

  let runningId = null; // the id of the search the search worker runs, if any
  let hashMb = null; // the table size searches ask for: a fresh worker makes it at once
  function searchFailed(why) {
    // The game must not wait for a move that will never come: the search ends without one.
    const id = runningId;
    searcher.terminate();
    searcher = startSearcher();
    runningId = null;
    if (id !== null && engine) {
      console.error(`kaleido: ${why}`);
      try {
        engine.call("kaleido_search_done", JSON.stringify({ id, best: { best: null, score: 0 } }));
      } catch (error) {
        restart(error);
      }
    }
  }

  const hooks = {
    searchStart(request) {
      ({ id: runningId, hash_mb: hashMb } = JSON.parse(request));
      searcher.postMessage({ kind: "search", request });
    },
    searchStop() {
      runningId = null;
      searcher.terminate();
      searcher = startSearcher();
    },
    searchInfo() {},
  };

  /// A new instance with the `kept` game, if any and if it reads (a kept game of an older
  /// format, or one that makes the engine trap, gives way to a new game).
  function fresh(kept) {
    const instance = instantiate(module, hooks);
    if (!kept) return instance;
    try {
      const restored = JSON.parse(instance.call("kaleido_restore", JSON.stringify({ kept })));
      if (restored.error) throw new Error(restored.error);
      lastKept = kept;
      return instance;
    } catch (error) {
      console.warn(`kaleido: the kept game is not restored: ${error.message}`);
      return instantiate(module, hooks);
    }
  }

  /// The instance trapped: a new one, with the game as last kept (the page shows it).
  function restart(error) {
    console.error(`kaleido: ${error.message}; the engine restarts`);
    if (searcher) hooks.searchStop();
    engine = fresh(lastKept);
  }

  function handle({ id, method, path, query, body }) {
    if (failed) return answer(id, 500, { error: failed });
    try {
      const request = JSON.stringify({ method, path, query: query ?? "", body: body ?? "" });
      const reply = JSON.parse(engine.call("kaleido_api", request));
      answer(id, reply.status, reply.json);
      if (method === "POST" && reply.status === 200) keep();
    } catch (error) {
      answer(id, 500, { error: error.message });
      restart(error);
    }
  }

  self.onmessage = (event) => (engine || failed ? handle(event.data) : waiting.push(event.data));

  Promise.all([compile(), keeper.read(), searcherScript()])
    .then(([compiled, kept, searcherUrl]) => {
      module = compiled;
      script = searcherUrl;
      searcher = startSearcher();
      engine = fresh(kept);
    })
    .catch((error) => {
      failed = `the engine cannot start: ${error.message}`;
    })
    .finally(() => {
      for (const request of waiting.splice(0)) handle(request);
    });
}

function searchWorker() {
  let engine = null;
  const waiting = [];
  const hooks = {
    searchStart() {},
    searchStop() {},
    searchInfo: (text) => self.postMessage({ kind: "info", text }),
  };
  function search(request) {
    // A trap ends this worker's use: the game worker hears of it and starts a fresh one.
    const reply = JSON.parse(engine.call("kaleido_search", request));
    // A refused order ({error}) still ends the search, without a move.
    reply.id ??= JSON.parse(request).id;
    self.postMessage({ kind: "done", text: JSON.stringify(reply) });
  }
  self.onmessage = (event) => {
    const message = event.data;
    if (message.kind === "module") {
      engine = instantiate(message.module, hooks);
      if (message.hash_mb) engine.call("kaleido_search_prepare", JSON.stringify({ hash_mb: message.hash_mb }));
      self.postMessage({ kind: "ready" });
      for (const request of waiting.splice(0)) search(request);
    } else if (message.kind === "search") {
      if (engine) search(message.request);
      else waiting.push(message.request);
    }
  };
}

if (role === "search") searchWorker();
else gameWorker();
