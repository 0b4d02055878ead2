// The page: asks the engine's board API for the game and for the options of the turn being built,
// draws them, and sends what the person does. No rules here: every legal target, turn, notation,
// check and result comes from the engine (`/api/turn`, `/api/state`, `/api/position`). The API
// answers over HTTP (`kaleido gui`) or from a Web Worker running the engine in WebAssembly (the
// static site): `transport` is the one way to it (docs/gui.md, docs/web.md).
"use strict";

const $ = id => document.getElementById(id);
const ui = {
  state: null,        // the last /api/state answer
  entered: [],        // steps of the turn being built
  options: null,      // /api/turn answer for `entered`
  selected: null,     // square whose piece is picked up for the next step
  flipped: stored("kaleido.flipped") === "true",
  cursor: null,       // keyboard cursor square
  picker: null,       // open picker: the steps it chooses between
  message: "",
  error: false,
  busy: false,        // a request of the person's is under way (the browser test waits for it)
  epoch: 0,           // counts the person's requests: a poll sent before one is stale
  view: null,         // looking back: { ply, board, fen }
  drag: null,         // a piece being dragged: { from, x, y, moved, deferred }
  variants: [],
  polls: 0,           // /api/state polls answered (the browser test reads it)
  savedRecord: undefined, // what "Save record" last put in the record box
};
window.kaleido = ui; // for the browser test and the console

// `embed=1` in the address: the board alone (no header, no side panel), sized to the frame it is
// in, for another site's iframe (docs/web.md).
const EMBED = new URLSearchParams(location.search).get("embed") === "1";

// How often the page asks the server for the game (docs/gui.md: polling measured against
// server-sent events).
const POLL_MS = 400;

class Stale extends Error {}

// Which back end answers the API: index.html's `<meta name="kaleido-backend">`, `http` (the
// server that sent the page) or `worker` (scripts/web.sh writes it into the static site).
const BACKEND = (document.querySelector('meta[name="kaleido-backend"]') || {}).content || "http";

// The game worker and the calls it has not answered yet, by id.
const backend = { worker: null, next: 0, waiting: new Map() };

function gameWorker() {
  if (backend.worker) return backend.worker;
  const worker = new Worker("worker.js"); // beside the page, wherever the site is hosted
  worker.onmessage = ({ data }) => {
    const waiting = backend.waiting.get(data.id);
    if (!waiting) return;
    backend.waiting.delete(data.id);
    waiting.resolve({ status: data.status, json: data.json });
  };
  // An error the worker did not answer with a status: every call waiting fails (its answer may
  // never come; a late one is dropped). A worker that did not load at all (no message) is
  // dropped too, and the next call starts a new one; one that threw keeps its game.
  worker.onerror = event => {
    event.preventDefault();
    const error = new Error(`the engine's worker failed: ${event.message || "it did not start"}`);
    for (const waiting of backend.waiting.values()) waiting.reject(error);
    backend.waiting.clear();
    if (!event.message) {
      worker.terminate();
      backend.worker = null;
    }
  };
  backend.worker = worker;
  return worker;
}

// Every API request goes through here: `path` like `/api/position?ply=3`, `body` the JSON text
// of a POST ("" otherwise). Resolves to { status, json }, the same from either back end.
async function transport(method, path, body = "") {
  const at = path.indexOf("?");
  if (BACKEND === "worker") {
    const message = {
      method, body,
      path: at < 0 ? path : path.slice(0, at),
      query: at < 0 ? "" : path.slice(at + 1),
    };
    return new Promise((resolve, reject) => {
      const id = ++backend.next;
      backend.waiting.set(id, { resolve, reject });
      gameWorker().postMessage({ id, ...message });
    });
  }
  const response = await fetch(path, {
    method,
    headers: method === "POST" ? { "Content-Type": "application/json" } : {},
    body: method === "POST" ? body : undefined,
  });
  return { status: response.status, json: await response.json() };
}

async function call(method, path, body) {
  ui.busy = true;
  ui.epoch++;
  try {
    const sent = method === "POST" ? JSON.stringify(body === undefined ? {} : body) : "";
    const { status, json } = await transport(method, path, sent);
    if (status === 409 && json.state) {
      // The game moved on elsewhere (another tab, the engine): show it as it is.
      await setState(json.state);
      say("The game changed before that arrived (another tab or the engine moved): the board shows it as it is now.", true);
      render();
      throw new Stale(json.error);
    }
    if (status < 200 || status > 299) throw new Error(json.error || `the board's API answered ${status}`);
    return json;
  } finally {
    ui.busy = false;
  }
}

// A change of the game: carries the generation it was made on, so a stale one is refused.
const change = (path, body = {}) => call("POST", path, { ...body, generation: ui.state ? ui.state.generation : undefined });

// What may follow `steps` in the position the page shows (409 if the game has left it).
const turnOptions = steps => call("POST", "/api/turn", { steps, generation: ui.state.generation });

function say(message, error = false) {
  ui.message = message;
  ui.error = error;
}

const sideName = side => ui.state.board.side_names[side === "white" ? 0 : 1];
const pieceOn = square => ui.state.board.pieces.find(p => p.square === square);
const describe = square => {
  const p = pieceOn(square);
  return p ? `${p.title.split(" (")[0].split(",")[0]} on ${square}` : square;
};
const inProgress = () => ui.state && ui.state.moves.length > 0 && !ui.state.outcome;

// A question before something replaces the game: resolves true for yes.
function ask(text, yes = "Yes", no = "No") {
  const dialog = $("ask");
  $("ask-text").textContent = text;
  $("ask-yes").textContent = yes;
  $("ask-no").textContent = no;
  return new Promise(resolve => {
    const done = answer => { dialog.close(); $("ask-yes").onclick = $("ask-no").onclick = null; resolve(answer); };
    $("ask-yes").onclick = () => done(true);
    $("ask-no").onclick = () => done(false);
    dialog.oncancel = e => { e.preventDefault(); done(false); };
    dialog.showModal();
  });
}

// Asks before `what` replaces a game in progress; true when it may go ahead.
async function mayReplace(what, yes) {
  if (!inProgress()) return true;
  const s = ui.state;
  return ask(`${what} replaces the game in progress (${s.variant}, ${s.moves.length} plies). Go ahead?`,
    yes, "No, keep the game");
}

// A new position or a fresh turn: forget what was being built and ask what may be entered.
async function setState(state) {
  const before = ui.state;
  ui.state = state;
  ui.entered = [];
  ui.selected = null;
  ui.picker = null;
  ui.options = null;
  if (ui.view && !sameGameSoFar(before, state, ui.view.ply)) ui.view = null;
  if (before && before.generation !== state.generation) sounds(before, state);
  if (before && !before.outcome && state.outcome && before.start_fen === state.start_fen) showGameOver(state.outcome);
  if (state.player_to_move === "human") {
    ui.options = await turnOptions([]);
    prefixPicker();
  }
  render();
}

// Whether `after` still has `before`'s game up to `ply` (looking back stays where it is).
function sameGameSoFar(before, after, ply) {
  if (!before || before.start_fen !== after.start_fen || after.moves.length < ply) return false;
  for (let i = 0; i < ply; i++) if (before.moves[i].uci !== after.moves[i].uci) return false;
  return true;
}

// Steps that come before any piece moves (a Sonic king hit last turn picks its form first).
function prefixPicker() {
  const prefix = ui.options.next.filter(s => !s.from && !s.to);
  if (prefix.length && ui.entered.length === 0) {
    const plain = ui.options.next.length > prefix.length;
    openPicker("Your king was hit: choose its form for this turn", prefix, plain, "prefix");
  }
}

function stepsFrom(square) {
  return ui.options ? ui.options.next.filter(s => s.from === square) : [];
}

function targets() {
  if (!ui.options || ui.view) return [];
  if (ui.selected) return [...new Set(stepsFrom(ui.selected).map(s => s.to))];
  // Pieces entering from outside the board: their squares are the targets at once.
  return [...new Set(ui.options.next.filter(s => !s.from && s.to).map(s => s.to))];
}

async function clickSquare(square) {
  if (!ui.state || ui.busy) return;
  if (ui.view) {
    say(`You are looking at the position after ply ${ui.view.ply}: press End or "back to the game" to play on.`, true);
    return render();
  }
  if (ui.picker) {
    say("Choose in the box on the board first (or cancel the turn).", true);
    return render();
  }
  if (ui.state.outcome) {
    say(`The game is over: ${ui.state.outcome.result} (${ui.state.outcome.reason}).`, true);
    return render();
  }
  if (ui.state.player_to_move !== "human") {
    say("The engine is to move; wait for its turn (or press Stop engine).", true);
    return render();
  }
  const fromHere = stepsFrom(square);
  if (ui.selected) {
    const candidates = stepsFrom(ui.selected).filter(s => s.to === square);
    if (candidates.length) return chooseAmong(candidates);
    if (square === ui.selected && ui.entered.length === 0) {
      ui.selected = null;
      say("Put back. Pick a piece to move.");
      return render();
    }
    if (fromHere.length && ui.entered.length === 0) {
      ui.selected = square;
      say(`${describe(square)}: its legal targets are lit.`);
      return render();
    }
    const lit = targets();
    say(`The ${describe(ui.selected)} cannot go to ${square}` +
      (lit.length ? `; it may go to ${lit.join(", ")}.` : "."), true);
    return render();
  }
  const drops = ui.options.next.filter(s => !s.from && s.to === square);
  if (drops.length) return chooseAmong(drops);
  if (fromHere.length) {
    ui.selected = square;
    const part = ui.entered.length ? "Next part of the turn" : describe(square);
    const inPlace = fromHere.filter(s => s.to === square);
    say(`${part}: its legal targets are lit.` + (inPlace.length ?
      ` Click it again to change it where it stands (${inPlace.map(s => s.label || s.choice).join("; ")}).` : ""));
    return render();
  }
  say(explainNoMove(square), true);
  render();
}

// Why a click on `square` starts nothing, in the person's terms.
function explainNoMove(square) {
  const piece = pieceOn(square);
  const mover = sideName(ui.state.board.side_to_move);
  if (ui.entered.length) {
    const starts = [...new Set(ui.options.next.map(s => s.from).filter(Boolean))];
    return `This turn goes on from ${starts.join(" or ")}: click there (or cancel the turn).`;
  }
  if (!piece) return `There is no piece on ${square}. ${mover} is to move: click one of ${mover}'s pieces.`;
  if (piece.side !== ui.state.board.side_to_move) return `The ${describe(square)} is not ${mover}'s: ${mover} is to move.`;
  return `The ${describe(square)} has no legal move now` +
    (piece.title.includes("paired") && !piece.title.includes("unpaired") ? " (it moves only together with its mirror piece, and that pair has no legal turn)." : ".");
}

// Several steps share these squares: the choice decides (a promotion, a flip...). The server
// lists the most common choice first.
function chooseAmong(candidates) {
  if (candidates.length === 1 && !candidates[0].choice) return addStep(candidates[0]);
  if (candidates.length === 1) {
    // Only one way: still say what it does, but no picker is needed.
    say(`${candidates[0].label || candidates[0].choice}.`);
    return addStep(candidates[0]);
  }
  openPicker(`Choose for ${candidates[0].from || ""}→${candidates[0].to}:`, candidates, false, "step");
  render();
}

// `kind`: "prefix" (before the turn's first part) or "step" (the part just entered).
function openPicker(title, steps, allowNone, kind) {
  ui.picker = { title, steps, allowNone, kind };
}

async function addStep(step) {
  ui.picker = null;
  const entered = [...ui.entered, { from: step.from, to: step.to, choice: step.choice }];
  let options;
  try {
    options = await turnOptions(entered);
  } catch (e) {
    if (!(e instanceof Stale)) { say(e.message, true); render(); }
    return;
  }
  if (!options.valid) {
    say("That does not begin a legal turn.", true);
    return render();
  }
  ui.entered = entered;
  ui.options = options;
  ui.selected = null;
  if (options.complete && options.next.length === 0) return playTurn(options.complete);
  // The turn goes on: pick up where it continues (a chain's next leg, a pair's mirror part).
  const starts = [...new Set(options.next.map(s => s.from))];
  if (starts.length === 1 && starts[0]) ui.selected = starts[0];
  const mirror = mirrorPart();
  if (mirror) say(`Now the mirror part: ${mirror.from}→${mirror.to} (click ${mirror.to}, or press Enter).`);
  else if (options.complete) say("You may end the turn here, or go on: the continuations are lit.");
  else say(`Go on: the next part starts from ${starts.filter(Boolean).join(" or ")}; its targets are lit.`);
  render();
}

// A pair's second part when it is the only way on: shown so that the person sees it.
function mirrorPart() {
  if (!ui.options || ui.entered.length === 0 || ui.options.complete) return null;
  const next = ui.options.next;
  if (next.length === 1 && next[0].from && next[0].to && next[0].from !== ui.entered[ui.entered.length - 1].to) return next[0];
  return null;
}

async function playTurn(move) {
  try {
    say("");
    await setState(await change("/api/play", { move }));
  } catch (e) {
    if (e instanceof Stale) return;
    say(`Refused: ${e.message}`, true);
    cancelTurn();
  }
}

function cancelTurn() {
  if (!ui.state) return;
  ui.entered = [];
  ui.selected = null;
  ui.picker = null;
  turnOptions([]).then(options => {
    ui.options = options;
    prefixPicker();
    render();
  }).catch(e => { if (!(e instanceof Stale)) { say(e.message, true); render(); } });
}

// The lines the engine shows now: the latest of each MultiPV line, best first.
function currentLines(state) {
  const latest = new Map();
  for (const t of state.thinking) latest.set(t.multipv || 1, t);
  return [...latest.entries()].sort((a, b) => a[0] - b[0]).map(e => e[1]);
}

function render() {
  const state = ui.state;
  if (!state) return;
  const viewing = ui.view;
  const board = viewing ? viewing.board : state.board;
  const ply = viewing ? viewing.ply : state.moves.length;
  const last = ply > 0 ? state.moves[ply - 1].steps : [];
  const mirror = mirrorPart();
  const lines = viewing ? [] : currentLines(state);
  const geo = drawBoard($("board"), board, {
    flipped: ui.flipped, selected: viewing ? null : ui.selected, targets: targets(), mirror: mirror ? [mirror] : [],
    entered: viewing ? [] : ui.entered, last: ui.entered.length && !viewing ? [] : last, cursor: ui.cursor,
    check: board.check || [], pv: lines.map(l => l.pv_steps || []),
    drag: ui.drag && ui.drag.moved ? ui.drag : null,
  });
  $("board").dataset.selected = ui.selected || "";
  $("board").dataset.entered = ui.entered.length;
  $("board").dataset.ply = ply;
  $("board").dataset.check = (board.check || []).join(" ");
  const prompt = $("prompt");
  prompt.textContent = ui.message || defaultPrompt();
  prompt.className = ui.error ? "error" : "";
  $("end-turn").hidden = !(ui.options && ui.options.complete && ui.options.next.length) || !!viewing;
  $("cancel-turn").hidden = ui.entered.length === 0 && !ui.selected;
  fitToFrame(geo);
  renderPicker(geo);
  const outcome = state.outcome;
  $("status").textContent = viewing ? `Looking back: the position after ply ${ply} of ${state.moves.length}` :
    outcome ? `Game over: ${outcome.result} — ${outcome.reason}` :
    `${sideName(state.board.side_to_move)} to move (${state.player_to_move === "engine" ? "engine" : "person"})` +
    (state.in_check ? " — in check" : "") +
    (state.searching ? (state.analysing && state.player_to_move !== "engine" ? " — analysing…" : " — engine thinking…") : "");
  $("status").dataset.fen = viewing ? viewing.fen : state.fen;
  $("notes").innerHTML = board.notes.map(n => `<li>${escapeXml(n)}</li>`).join("");
  if (document.activeElement !== $("fen")) $("fen").value = viewing ? viewing.fen : state.fen;
  // Relative: the page's own address with this query, wherever the page is hosted.
  $("link").href = `?variant=${encodeURIComponent(state.variant)}&fen=${encodeURIComponent(viewing ? viewing.fen : state.fen)}`;
  $("game-name").textContent = state.variant;
  $("nav-game").hidden = !viewing;
  $("board-wrap").classList.toggle("looking-back", !!viewing);
  $("take-back-here").hidden = !viewing;
  $("nav-back").disabled = ply === 0;
  $("nav-start").disabled = ply === 0;
  $("nav-forward").disabled = !viewing;
  $("nav-end").disabled = !viewing;
  const over = !!outcome;
  $("resign").disabled = over || !Object.values(state.players).includes("human");
  $("offer-draw").disabled = over;
  $("abort").disabled = over;
  renderMoves(state);
  renderThinking(state, lines);
  renderEvalBar(state, lines);
  renderGraph(state);
  renderClocks(state);
  renderSettings(state);
}

// Embedded, the board is as large as the frame allows with the prompt and the turn's buttons
// in view too (the board keeps its proportions: the picker is placed by them).
function fitToFrame(geo) {
  if (!EMBED) return;
  const wrap = $("board-wrap");
  const above = wrap.getBoundingClientRect().top + window.scrollY;
  const below = $("turn-buttons").offsetHeight + 12;
  const height = Math.max(100, window.innerHeight - above - below);
  wrap.style.maxWidth = `${Math.floor(height * geo.width / geo.height)}px`;
}

function defaultPrompt() {
  const s = ui.state;
  if (s.outcome) return `Game over: ${s.outcome.result} (${s.outcome.reason}).`;
  if (s.player_to_move === "engine") return "The engine is thinking.";
  return `${sideName(s.board.side_to_move)} to move: click a piece or drag it (or use the arrow keys and Enter on the board).`;
}

// The picker opens on the board at the target square (over the board when it has none).
function renderPicker(geo) {
  const picker = $("picker");
  picker.hidden = !ui.picker;
  picker.dataset.kind = ui.picker ? ui.picker.kind : "";
  if (!ui.picker) return;
  $("picker-title").textContent = ui.picker.title;
  const box = $("picker-choices");
  box.innerHTML = "";
  const add = (label, choice, action) => {
    const b = document.createElement("button");
    b.textContent = label;
    b.dataset.choice = choice;
    b.onclick = action;
    box.appendChild(b);
  };
  for (const step of ui.picker.steps) {
    const label = step.choice === null ? "as it is" : (step.label || step.choice);
    add(label, step.choice === null ? "" : step.choice, () => addStep(step));
  }
  if (ui.picker.allowNone) add("move without choosing first", "-", () => { ui.picker = null; render(); });
  add("cancel", "cancel", cancelTurn);
  const target = ui.picker.steps[0].to && geo.byName.get(ui.picker.steps[0].to);
  const wrap = $("board-wrap").getBoundingClientRect();
  let left = wrap.width / 2, top = wrap.height / 3;
  if (target) {
    const [x, y] = geo.centre(target.file, target.rank);
    left = x / geo.width * wrap.width;
    top = y / geo.height * wrap.height;
  }
  picker.dataset.square = ui.picker.steps[0].to || "";
  // Kept inside the board: the picker's box opens towards the board's centre.
  picker.style.left = "0px";
  picker.style.top = "0px";
  const box2 = picker.getBoundingClientRect();
  picker.style.left = `${Math.max(0, Math.min(wrap.width - box2.width, left - box2.width / 2))}px`;
  picker.style.top = `${Math.max(0, Math.min(wrap.height - box2.height, top > wrap.height / 2 ? top - box2.height : top))}px`;
  box.querySelector("button").focus({ preventScroll: true });
}

function renderMoves(state) {
  const list = $("moves");
  const shown = ui.view ? ui.view.ply : state.moves.length;
  const wxf = state.moves.some(m => m.wxf);
  $("notation-label").hidden = !wxf;
  const useWxf = wxf && $("notation").value === "wxf";
  const key = `${state.generation}|${shown}|${state.outcome ? state.outcome.result : ""}|${useWxf}`;
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.innerHTML = "";
  const first = state.moves.length && state.moves[0].side === "black";
  const rows = [];
  state.moves.forEach((m, i) => {
    const ply = i + (first ? 1 : 0);
    if (ply % 2 === 0 || rows.length === 0) rows.push([]);
    rows[rows.length - 1][ply % 2] = { text: useWxf && m.wxf ? m.wxf : m.record, ply: i + 1 };
  });
  rows.forEach(pair => {
    const li = document.createElement("li");
    for (const cell of [pair[0], pair[1]]) {
      const span = document.createElement("span");
      span.className = "mv";
      if (cell) {
        span.textContent = cell.text;
        span.dataset.ply = cell.ply;
        if (cell.ply === shown) span.classList.add("current");
        span.onclick = () => goToPly(cell.ply);
      } else span.textContent = cell === pair[0] ? "…" : "";
      li.appendChild(span);
    }
    list.appendChild(li);
  });
  if (state.outcome) {
    const li = document.createElement("li");
    li.className = "result";
    li.textContent = `${state.outcome.result} ${state.outcome.reason}`;
    list.appendChild(li);
  }
  const current = list.querySelector(".current");
  if (current && ui.view) current.scrollIntoView({ block: "nearest" });
  else list.scrollTop = list.scrollHeight;
}

const evalText = e => e.mate !== null && e.mate !== undefined ? `#${e.mate}` : ((e.centipawns || 0) / 100).toFixed(2);

function renderThinking(state, lines) {
  const box = $("thinking");
  if (lines.length) {
    box.textContent = lines.map(t => `${lines.length > 1 ? `${t.multipv}) ` : ""}d${t.depth}  ${evalText(t.eval)}  ${t.nodes} n  ${t.pv.join(" ")}`).join("\n");
  } else box.textContent = state.searching ? "…" : "";
  box.dataset.lines = lines.length;
  box.dataset.depth = lines.length ? lines[0].depth : 0;
}

// The bar beside the board: the first player's share from the engine's latest score (its line
// now, else the last score given with a move), as a smooth curve of the centipawns.
function renderEvalBar(state, lines) {
  let evaluation = lines.length ? lines[0].eval : null;
  if (!evaluation) for (let i = state.moves.length - 1; i >= 0 && !evaluation; i--) evaluation = state.moves[i].eval;
  const bar = $("eval-bar");
  bar.hidden = !evaluation;
  if (!evaluation) return;
  const cp = evaluation.mate !== null && evaluation.mate !== undefined ? Math.sign(evaluation.mate) * 2000 : evaluation.centipawns;
  const share = 1 / (1 + Math.exp(-cp / 250));
  $("eval-fill").style.height = `${(share * 100).toFixed(1)}%`;
  bar.classList.toggle("flipped", ui.flipped);
  $("eval-text").textContent = evalText(evaluation);
  bar.title = `${state.board.side_names[0]}'s view: ${evalText(evaluation)}`;
  bar.dataset.cp = cp;
}

// Each ply's evaluation (from the first player's side) where the engine gave one.
function renderGraph(state) {
  const points = [];
  state.moves.forEach((m, i) => {
    if (!m.eval) return;
    const cp = m.eval.mate !== null && m.eval.mate !== undefined ? Math.sign(m.eval.mate) * 1000 : m.eval.centipawns;
    points.push([i + 1, Math.max(-1000, Math.min(1000, cp))]);
  });
  const n = Math.max(state.moves.length + 1, 20);
  const x = i => (i / n) * 300, y = cp => 40 - cp * 0.038;
  const line = points.map(([i, cp]) => `${x(i)},${y(cp)}`).join(" ");
  const [first, second] = state.board.side_names;
  $("eval-graph").innerHTML = `<line x1="0" y1="40" x2="300" y2="40" stroke="#aaa" stroke-width="1"/>` +
    `<text x="2" y="9" font-size="8" fill="#777">${escapeXml(first)} +10</text><text x="2" y="78" font-size="8" fill="#777">${escapeXml(second)} +10</text>` +
    (points.length ? `<polyline points="${line}" fill="none" stroke="#1f6feb" stroke-width="2"/>` : "") +
    points.map(([i, cp]) => `<circle cx="${x(i)}" cy="${y(cp)}" r="2" fill="#1f6feb"><title>ply ${i}: ${(cp / 100).toFixed(2)}</title></circle>`).join("");
}

// Looking back through the game: the board of that ply comes from the server.
async function goToPly(ply) {
  if (!ui.state) return;
  const total = ui.state.moves.length;
  ply = Math.max(0, Math.min(total, ply));
  if (ply === total) {
    ui.view = null;
    say("");
    return render();
  }
  try {
    const position = await call("GET", `/api/position?ply=${ply}`);
    ui.view = { ply, board: position.board, fen: position.fen };
    ui.selected = null;
    say(`The position after ply ${ply}. ← → step, End returns to the game.`);
  } catch (e) { say(e.message, true); }
  render();
}

function onPageKey(event) {
  const target = event.target;
  if (target && (target.closest("input, textarea, select, dialog") || target.id === "board")) return;
  const ply = ui.view ? ui.view.ply : (ui.state ? ui.state.moves.length : 0);
  const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: Infinity }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  goToPly(to === Infinity ? ui.state.moves.length : to);
}

// Keyboard: arrow keys move the cursor over the places a piece can stand, Enter/Space clicks.
function onBoardKey(event) {
  if (!ui.state) return;
  const cells = ui.state.board.cells;
  if (!ui.cursor) ui.cursor = ui.selected || cells[0].name;
  const here = cells.find(c => c.name === ui.cursor) || cells[0];
  const dir = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[event.key];
  if (dir) {
    const [df, dr] = ui.flipped ? [-dir[0], -dir[1]] : dir;
    let best = null, bestScore = Infinity;
    for (const c of cells) {
      const f = c.file - here.file, r = c.rank - here.rank;
      const along = f * df + r * dr, across = Math.abs(f * dr - r * df);
      if (along <= 0) continue;
      const score = along + across * 2;
      if (score < bestScore) { best = c; bestScore = score; }
    }
    if (best) ui.cursor = best.name;
    event.preventDefault();
    render();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    const mirror = mirrorPart();
    if (event.key === "Enter" && mirror && ui.cursor !== mirror.to) return addStep(mirror);
    clickSquare(ui.cursor);
  } else if (event.key === "Escape") {
    cancelTurn();
  } else if (event.key === "Home" || event.key === "End") {
    onPageKey({ key: event.key, target: document.body, preventDefault: () => event.preventDefault() });
  }
}

// Drag and drop: the piece is picked up as the pointer goes down (its targets light up), follows
// the pointer, and is put down where the pointer comes up. A press and release on one square is
// a click, so click-click works as before.
function squareAt(x, y) {
  const hit = document.elementsFromPoint(x, y).find(el => el.classList && el.classList.contains("cell-hit"));
  return hit ? hit.dataset.square : null;
}

function svgPoint(x, y) {
  const svg = $("board"), matrix = svg.getScreenCTM();
  if (!matrix) return [0, 0];
  const p = new DOMPoint(x, y).matrixTransform(matrix.inverse());
  return [p.x, p.y];
}

function onPointerDown(event) {
  if (event.button !== 0) return;
  const square = squareAt(event.clientX, event.clientY);
  if (!square) return;
  event.preventDefault();
  $("board").focus({ preventScroll: true });
  ui.cursor = null;
  // The piece already in hand: wait for the pointer to come up (put back, or dragged on).
  const deferred = square === ui.selected;
  ui.drag = { from: square, x0: event.clientX, y0: event.clientY, moved: false, deferred };
  try { $("board").setPointerCapture(event.pointerId); } catch (e) { /* a synthetic event */ }
  if (!deferred) clickSquare(square);
}

function onPointerMove(event) {
  const drag = ui.drag;
  if (!drag || ui.selected !== drag.from) return;
  if (!drag.moved && Math.hypot(event.clientX - drag.x0, event.clientY - drag.y0) < 5) return;
  drag.moved = true;
  [drag.x, drag.y] = svgPoint(event.clientX, event.clientY);
  const piece = ui.state.board.pieces.find(p => p.square === drag.from);
  drag.piece = piece || null;
  render();
}

function onPointerUp(event) {
  const drag = ui.drag;
  if (!drag) return;
  ui.drag = null;
  const square = squareAt(event.clientX, event.clientY);
  if (drag.moved) {
    render();
    if (square && square !== drag.from && ui.selected === drag.from) clickSquare(square);
  } else if (drag.deferred && square === drag.from) {
    clickSquare(square);
  }
}

async function loadVariants() {
  const { variants } = await call("GET", "/api/variants");
  ui.variants = variants;
  $("nd-variant").innerHTML = variants.map(v => `<option>${v.name}</option>`).join("");
  const levels = `<option value="">Full strength</option>` + [1, 2, 3, 4, 5, 6, 7, 8].map(l => `<option value="${l}">Level ${l}</option>`).join("");
  $("nd-level").innerHTML = levels;
  $("level").innerHTML = levels;
  return variants;
}

// The new-game dialog: variant and rule options, opponent, side, strength and time.
function showNewGameOptions() {
  const v = ui.variants.find(x => x.name === $("nd-variant").value);
  if (!v) return;
  const current = ui.state && ui.state.variant === v.name ? ui.state.options : {};
  $("nd-options").innerHTML = v.options.map(o => {
    const now = current[o.name.toLowerCase()] || o.default;
    return `<label>${o.name} <select data-option="${o.name}">${o.values.map(val => `<option${val === now ? " selected" : ""}>${val}</option>`).join("")}</select></label>`;
  }).join("");
  const [first, second] = v.side_names || ["White", "Black"];
  $("nd-side").innerHTML = `<option value="white">${first}</option><option value="black">${second}</option>`;
  const forced = $("nd-forced");
  const showForced = () => {
    const f = v.forced_win;
    const select = f && document.querySelector(`#nd-options [data-option="${f.option}"]`);
    forced.hidden = !(f && select && select.value === f.value);
    forced.textContent = f ? `Known: ${f.text}` : "";
  };
  document.querySelectorAll("#nd-options select").forEach(s => { s.onchange = showForced; });
  showForced();
  $("nd-side-label").hidden = $("nd-opponent").value !== "engine";
}

function limitsFrom(kind, value, increment, level) {
  const limits = { nodes: null, movetime_ms: null, clock_ms: null, increment_ms: null, level: level ? Number(level) : null };
  if (kind === "nodes") limits.nodes = Math.round(value);
  else if (kind === "movetime") limits.movetime_ms = Math.round(value);
  else {
    limits.clock_ms = Math.round(value * 60000);
    limits.increment_ms = Math.round(parseFloat(increment || "0") * 1000);
  }
  return limits;
}

async function openNewGame() {
  $("nd-variant").value = ui.state.variant;
  $("nd-opponent").value = Object.values(ui.state.players).includes("engine") ? "engine" : "human";
  $("nd-side").value = ui.state.players.white === "human" || ui.state.players.black !== "human" ? "white" : "black";
  showNewGameOptions();
  $("nd-side").value = ui.state.players.black === "human" && ui.state.players.white === "engine" ? "black" : "white";
  $("new-dialog").showModal();
}

async function startNewGame() {
  const options = {};
  document.querySelectorAll("#nd-options [data-option]").forEach(s => { options[s.dataset.option] = s.value; });
  const engine = $("nd-opponent").value === "engine";
  const side = $("nd-side").value;
  const body = {
    variant: $("nd-variant").value, options,
    white: engine && side === "black" ? "engine" : "human",
    black: engine && side === "white" ? "engine" : "human",
    limits: limitsFrom($("nd-limit-kind").value, parseFloat($("nd-limit-value").value), $("nd-increment").value, $("nd-level").value),
  };
  if (!await mayReplace("A new game", "Yes, start the new game")) return;
  // Playing the second side against the engine: that side is drawn at the bottom.
  setFlipped(engine && side === "black");
  if (await act(change("/api/new", body), `New game: ${body.variant}. ` + playersText(body.white, body.black))) forgetSavedRecord();
}

// A saved record belongs to the game it was saved from: after a new game the box and the
// download link would offer the old one as if it were this one. A record the person typed or
// pasted stays (it may be what they mean to load next).
function forgetSavedRecord() {
  if (ui.savedRecord === undefined) return;
  if ($("pgn").value === ui.savedRecord) $("pgn").value = "";
  $("download-pgn").hidden = true;
  ui.savedRecord = undefined;
}

function playersText(white, black) {
  const names = ui.state ? ui.state.board.side_names : ["White", "Black"];
  const who = p => p === "engine" ? "the engine" : "a person";
  return `${names[0]}: ${who(white)}, ${names[1]}: ${who(black)}.`;
}

function setFlipped(flipped) {
  ui.flipped = flipped;
  keep("kaleido.flipped", String(flipped));
}

// Whether the change was made (a refusal is shown and the game stays as it was).
async function act(promise, message = "") {
  try {
    say("");
    await setState(await promise);
    if (message) { say(message); render(); }
    return true;
  } catch (e) {
    if (e instanceof Stale) return false;
    say(e.message, true);
    render();
    return false;
  }
}

function settings() {
  return {
    white: $("player-white").value, black: $("player-black").value,
    limits: limitsFrom($("limit-kind").value, parseFloat($("limit-value").value), $("limit-increment").value, $("level").value),
  };
}

// The settings panel shows the game's settings as they are (unless the person is editing it).
function renderSettings(state) {
  $("analyse").checked = state.analysing;
  $("white-name").textContent = state.board.side_names[0];
  $("black-name").textContent = state.board.side_names[1];
  const panel = $("player-white").closest("fieldset");
  if (panel.contains(document.activeElement) && document.activeElement.tagName !== "BUTTON") return;
  $("player-white").value = state.players.white;
  $("player-black").value = state.players.black;
  const l = state.limits;
  $("level").value = l.level ? String(l.level) : "";
  if (l.nodes) { $("limit-kind").value = "nodes"; $("limit-value").value = l.nodes; }
  else if (l.clock_ms) {
    $("limit-kind").value = "clock";
    $("limit-value").value = l.clock_ms / 60000;
    $("limit-increment").value = (l.increment_ms || 0) / 1000;
  } else if (l.movetime_ms) { $("limit-kind").value = "movetime"; $("limit-value").value = l.movetime_ms; }
  $("limit-increment").hidden = $("limit-kind").value !== "clock";
}

const clockText = ms => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

function renderClocks(state) {
  const box = $("clocks");
  box.hidden = !state.clock_ms;
  if (!state.clock_ms) return;
  const names = state.board.side_names;
  $("clock-white").textContent = `${names[0]} ${clockText(state.clock_ms[0])}`;
  $("clock-black").textContent = `${names[1]} ${clockText(state.clock_ms[1])}`;
}

function showGameOver(outcome) {
  if (EMBED) return; // the prompt says it: no dialog over the board in a frame
  $("game-over-result").textContent = outcome.result === "*" ? "Game aborted" : outcome.result;
  $("game-over-reason").textContent = outcome.reason;
  // Not modal: the board and the move list stay usable behind it.
  const dialog = $("game-over");
  if (!dialog.open) dialog.show();
}

// Move and capture sounds, made on the spot (no sound files); a capture is a move after which
// the board holds fewer pieces.
let audio = null;
function sounds(before, after) {
  if ($("mute").checked || after.moves.length !== before.moves.length + 1) return;
  const capture = after.board.pieces.length < before.board.pieces.length;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.type = capture ? "square" : "triangle";
    osc.frequency.value = capture ? 180 : 440;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + (capture ? 0.18 : 0.08));
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.2);
    document.body.dataset.sound = capture ? "capture" : "move";
  } catch (e) { /* no audio here */ }
}

// Every change of the game reaches every tab: the page asks for the state on a timer and
// redraws when it changed (a new generation: the turn being built is dropped, old messages
// go), and follows the engine's lines and the clocks in between.
async function poll() {
  if (!ui.state || ui.busy || document.hidden) return;
  const epoch = ui.epoch;
  let state;
  try {
    state = (await transport("GET", "/api/state")).json;
  } catch (e) { return; }
  ui.polls++;
  if (epoch !== ui.epoch || ui.busy || !state.board) return; // the person acted meanwhile
  if (state.generation !== ui.state.generation || state.start_fen !== ui.state.start_fen) {
    say("");
    await setState(state);
    return;
  }
  const thinkingChanged = JSON.stringify(state.thinking) !== JSON.stringify(ui.state.thinking) ||
    state.searching !== ui.state.searching;
  ui.state = { ...state, board: ui.state.board };
  if (thinkingChanged) render();
  else renderClocks(state);
}

async function main() {
  document.body.classList.toggle("embed", EMBED);
  await loadVariants();
  const params = new URLSearchParams(location.search);
  const wanted = params.get("variant");
  await setState(await call("GET", "/api/state"));
  if (wanted) {
    // Opened from a link: the linked position replaces the game only if the person says so.
    // The link is used up: a reload shows the game, not the link again (`embed` stays).
    const fen = params.get("fen");
    const rest = new URLSearchParams(location.search);
    rest.delete("variant");
    rest.delete("fen");
    const kept = rest.toString();
    history.replaceState(null, "", location.pathname + (kept ? `?${kept}` : "") + location.hash);
    const same = wanted === ui.state.variant && (!fen || fen === ui.state.fen);
    if (!same && await mayReplace(`The linked position (${wanted})`, "Yes, open the link")) {
      await act(change("/api/new", { variant: wanted, fen }));
    } else if (!same) {
      say("The link was not opened: the game in progress stays on the board.");
      render();
    }
  }
  $("board").addEventListener("pointerdown", onPointerDown);
  $("board").addEventListener("pointermove", onPointerMove);
  $("board").addEventListener("pointerup", onPointerUp);
  $("board").addEventListener("pointercancel", () => { ui.drag = null; render(); });
  $("board").addEventListener("keydown", onBoardKey);
  document.addEventListener("keydown", onPageKey);
  $("new-game").onclick = openNewGame;
  $("nd-variant").onchange = showNewGameOptions;
  $("nd-opponent").onchange = () => { $("nd-side-label").hidden = $("nd-opponent").value !== "engine"; };
  $("nd-limit-kind").onchange = () => {
    const kind = $("nd-limit-kind").value;
    $("nd-increment").hidden = kind !== "clock";
    $("nd-limit-value").value = { nodes: 20000, movetime: 1000, clock: 5 }[kind];
  };
  $("new-form").onsubmit = event => {
    event.preventDefault();
    const start = event.submitter && event.submitter.value === "start";
    $("new-dialog").close();
    if (start) startNewGame();
  };
  $("game-over-close").onclick = () => $("game-over").close();
  $("game-over-new").onclick = () => { $("game-over").close(); openNewGame(); };
  $("set-fen").onclick = async () => {
    const fen = $("fen").value;
    if (await mayReplace("Setting up this FEN", "Yes, set it up")) {
      if (await act(change("/api/new", { variant: ui.state.variant, fen, options: ui.state.options }))) forgetSavedRecord();
    }
  };
  $("take-back").onclick = () => act(change("/api/undo"));
  $("take-back-here").onclick = async () => {
    const ply = ui.view.ply;
    if (await ask(`Take the game back to the position after ply ${ply}? The ${ui.state.moves.length - ply} plies after it are removed.`, "Yes, take back", "No")) {
      ui.view = null;
      act(change("/api/undo", { to_ply: ply }));
    }
  };
  $("apply-settings").onclick = () => {
    const s = settings();
    act(change("/api/settings", s), `Settings applied: ${playersText(s.white, s.black)}`);
  };
  $("level").onchange = () => { if ($("level").value) $("limit-kind").value = "movetime"; };
  $("engine-go").onclick = () => act(change("/api/go"));
  $("stop").onclick = () => act(change("/api/stop"), "The engine stopped: both sides are played by the person now.");
  $("analyse").onchange = () => act(change("/api/analyse", { on: $("analyse").checked }));
  $("flip").onclick = () => { setFlipped(!ui.flipped); render(); };
  $("resign").onclick = async () => {
    if (await ask("Resign this game?", "Yes, resign", "No, play on")) act(change("/api/resign"));
  };
  $("offer-draw").onclick = async () => {
    try {
      const answer = await change("/api/draw");
      await setState(answer);
      if (answer.draw && !answer.draw.accepted) { say("The engine declines the draw: it thinks it stands better."); render(); }
    } catch (e) { if (!(e instanceof Stale)) { say(e.message, true); render(); } }
  };
  $("abort").onclick = async () => {
    if (await ask("Abort this game? It ends without a result.", "Yes, abort", "No")) act(change("/api/abort"));
  };
  $("nav-start").onclick = () => goToPly(0);
  $("nav-back").onclick = () => goToPly((ui.view ? ui.view.ply : ui.state.moves.length) - 1);
  $("nav-forward").onclick = () => goToPly((ui.view ? ui.view.ply : ui.state.moves.length) + 1);
  $("nav-end").onclick = () => goToPly(ui.state.moves.length);
  $("nav-game").onclick = () => goToPly(ui.state.moves.length);
  $("cancel-turn").onclick = cancelTurn;
  $("end-turn").onclick = () => ui.options && ui.options.complete && playTurn(ui.options.complete);
  $("notation").value = stored("kaleido.notation") || "wxf";
  $("notation").onchange = () => { keep("kaleido.notation", $("notation").value); render(); };
  $("latin").checked = LATIN.on;
  $("latin").onchange = () => {
    LATIN.on = $("latin").checked;
    keep("kaleido.latin", String(LATIN.on));
    render();
  };
  $("mute").checked = stored("kaleido.mute") === "true";
  $("mute").onchange = () => keep("kaleido.mute", String($("mute").checked));
  $("save-pgn").onclick = async () => {
    try {
      const { pgn } = await call("GET", "/api/pgn");
      $("pgn").value = pgn;
      ui.savedRecord = pgn;
      const link = $("download-pgn");
      link.href = URL.createObjectURL(new Blob([pgn], { type: "application/x-chess-pgn" }));
      link.download = `kaleido-${ui.state.variant}.pgn`;
      link.hidden = false;
    } catch (e) { say(e.message, true); render(); }
  };
  $("load-pgn").onclick = async () => {
    const pgn = $("pgn").value;
    if (!pgn.trim()) {
      say("The record box is empty: paste a game record (PGN) first. The game on the board stays.", true);
      return render();
    }
    if (!await mayReplace("Loading this record", "Yes, load it")) return;
    const s = ui.state.players;
    act(change("/api/pgn", { pgn }), `Record loaded. The players stay as they were: ${playersText(s.white, s.black)}`);
  };
  window.addEventListener("resize", render);
  setInterval(poll, POLL_MS);
}

main().catch(e => { $("prompt").textContent = `The board could not start: ${e.message}`; });
