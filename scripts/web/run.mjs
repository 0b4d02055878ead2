// The Node host of kaleido.wasm, for the tests and measurements (docs/web.md): loads the module
// with the imports the page's worker gives it (a host clock, random numbers, the search
// worker's hooks) and runs the calls given as JSON, printing one JSON answer a line.
//
//   node scripts/web/run.mjs dist/kaleido-web/kaleido.wasm '[["kaleido_perft", {...}], ...]'
//
// Besides the module's own exports it knows two calls of its own: ["instantiate", {"times": n}]
// (the median milliseconds to instantiate the compiled module) and ["stack_used", {}] (the
// bytes of the module's stack ever touched: the stack sits first in memory and grows down
// from its top, and fresh memory is zero, so the lowest non-zero byte below the top marks the
// deepest the stack went).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [file, callsText] = process.argv.slice(2);
const bytes = readFileSync(file);
const compiled = await WebAssembly.compile(bytes);
let panicked = null;
let instance;
const text = (ptr, len) =>
  new TextDecoder().decode(new Uint8Array(instance.exports.memory.buffer, ptr, len));
const infos = [];
const imports = {
  env: {
    kaleido_now_ms: () => performance.now(),
    kaleido_random: () => Math.random(),
    host_panic: (ptr, len) => { panicked = text(ptr, len); },
    host_search_info: (ptr, len) => { infos.push(JSON.parse(text(ptr, len))); },
    host_search_start: () => {},
    host_search_stop: () => {},
  },
};
instance = await WebAssembly.instantiate(compiled, imports);

function call(name, request) {
  const e = instance.exports;
  const input = new TextEncoder().encode(JSON.stringify(request));
  const ptr = e.kaleido_alloc(input.length);
  new Uint8Array(e.memory.buffer, ptr, input.length).set(input);
  try {
    const out = e[name](ptr, input.length);
    return JSON.parse(text(out, e.kaleido_out_len()));
  } catch (error) {
    return { error: `trap: ${panicked ?? error.message}` };
  } finally {
    e.kaleido_free(ptr, input.length);
  }
}

function stackUsed() {
  const memory = new Uint8Array(instance.exports.memory.buffer);
  // The stack's top: wasm-ld puts the data right above the stack, from __data_end down.
  const top = STACK_TOP;
  let low = 0;
  while (low < top && memory[low] === 0) low++;
  return top - low;
}
// The stack's size is given by the build (scripts/web.sh); the data follow it.
const STACK_TOP = Number(process.env.KALEIDO_STACK_BYTES ?? 0);

for (const [name, request] of JSON.parse(callsText)) {
  let answer;
  if (name === "instantiate") {
    const times = [];
    for (let i = 0; i < (request.times ?? 5); i++) {
      const start = performance.now();
      await WebAssembly.instantiate(compiled, imports);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    answer = { ms: times[Math.floor(times.length / 2)], compile_bytes: bytes.length };
  } else if (name === "stack_used") {
    answer = { bytes: stackUsed() };
  } else {
    const start = performance.now();
    answer = call(name, request);
    answer.wall_ms = performance.now() - start;
    if (infos.length) answer.infos = infos.splice(0).length;
  }
  console.log(JSON.stringify(answer));
}
