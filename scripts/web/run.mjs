// The Node host of kaleido.wasm, for the tests and measurements (docs/web.md): loads the module
// with the imports the page's workers give it (a host clock, random numbers, the search
// worker's hooks) and runs the calls given as JSON, printing one JSON answer a line.
//
//   node scripts/web/run.mjs dist/kaleido-web/kaleido.wasm '[["kaleido_perft", {...}], ...]'
//
// Besides the module's own exports it knows three calls of its own:
// - ["pump", {"searches": n}]: runs up to n searches the board's API asked for in a second
//   instance, as the page's search worker does, and hands their lines and moves back;
// - ["instantiate", {"times": n}]: the median milliseconds to instantiate the compiled module;
// - ["stack_used", {}]: the bytes of the module's stack ever written. The stack sits first in
//   memory and grows down from its top (KALEIDO_STACK_BYTES, as scripts/web.sh links it), and
//   fresh memory is zero, so the lowest non-zero byte below the top marks the deepest it went.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [file, callsText] = process.argv.slice(2);
const bytes = readFileSync(file);
const compiled = await WebAssembly.compile(bytes);
const STACK_TOP = Number(process.env.KALEIDO_STACK_BYTES ?? 16 << 20);
let panicked = null;

/// An instance with the imports the page's workers give: `searches` collects the game role's
/// requests for the search worker, `infos` the search role's lines.
async function instantiate(searches, infos) {
  const state = {};
  state.text = (ptr, len) =>
    new TextDecoder().decode(new Uint8Array(state.instance.exports.memory.buffer, ptr, len));
  state.instance = await WebAssembly.instantiate(compiled, {
    env: {
      kaleido_now_ms: () => performance.now(),
      kaleido_random: () => Math.random(),
      kaleido_date_ms: () => Date.now(),
      host_panic: (ptr, len) => { panicked = state.text(ptr, len); },
      host_search_info: (ptr, len) => { infos.push(state.text(ptr, len)); },
      host_search_start: (ptr, len) => { searches.push(state.text(ptr, len)); },
      host_search_stop: () => { searches.length = 0; },
    },
  });
  return state;
}

const searches = [];
const infos = [];
const game = await instantiate(searches, infos);
let searcher = null; // the search worker's instance, made by the first "pump"

/// Calls `name` of `state`'s instance with the JSON text `input`; its answer, parsed.
function callIn(state, name, input) {
  const e = state.instance.exports;
  const encoded = new TextEncoder().encode(input);
  const ptr = e.kaleido_alloc(encoded.length);
  new Uint8Array(e.memory.buffer, ptr, encoded.length).set(encoded);
  try {
    const out = e[name](ptr, encoded.length);
    return JSON.parse(state.text(out, e.kaleido_out_len()));
  } catch (error) {
    return { error: `trap: ${panicked ?? error.message}` };
  } finally {
    e.kaleido_free(ptr, encoded.length);
  }
}

async function pump(request) {
  searcher ??= await instantiate([], infos);
  let ran = 0;
  while (searches.length && ran < (request.searches ?? 1)) {
    const order = searches.shift();
    infos.length = 0;
    const done = callIn(searcher, "kaleido_search", order);
    if (done.error) return done;
    for (const line of infos.splice(0)) callIn(game, "kaleido_search_info", line);
    callIn(game, "kaleido_search_done", JSON.stringify(done));
    ran++;
  }
  return { searches: ran };
}

function stackUsed(state) {
  const memory = new Uint8Array(state.instance.exports.memory.buffer);
  let low = 0;
  while (low < STACK_TOP && memory[low] === 0) low++;
  return STACK_TOP - low;
}

for (const [name, request] of JSON.parse(callsText)) {
  let answer;
  if (name === "instantiate") {
    const times = [];
    for (let i = 0; i < (request.times ?? 5); i++) {
      const start = performance.now();
      await instantiate([], []);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    answer = { ms: times[Math.floor(times.length / 2)] };
  } else if (name === "pump") {
    answer = await pump(request);
  } else if (name === "stack_used") {
    answer = { bytes: stackUsed(game) };
  } else {
    const start = performance.now();
    answer = callIn(game, name, JSON.stringify(request));
    answer.wall_ms = performance.now() - start;
    if (name === "kaleido_search") answer.infos = infos.splice(0).length;
  }
  console.log(JSON.stringify(answer));
}
