// The page: asks the server for the game and for the options of the turn being built, draws them,
// and sends what the person clicks. No rules here: every legal target, turn, notation and result
// comes from the engine (`/api/turn`, `/api/state`).
"use strict";

const $ = id => document.getElementById(id);
const ui = {
  state: null,        // the last /api/state answer
  entered: [],        // steps of the turn being built
  options: null,      // /api/turn answer for `entered`
  selected: null,     // square whose piece is picked up for the next step
  flipped: false,
  cursor: null,       // keyboard cursor square
  picker: null,       // open picker: the steps it chooses between
  message: "",
  error: false,
  busy: false,        // a request is under way (the browser test waits for it)
};
window.kaleido = ui; // for the browser test and the console

async function call(method, path, body) {
  ui.busy = true;
  try {
    const response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : (typeof body === "string" ? body : JSON.stringify(body)),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(json.error || response.statusText);
    return json;
  } finally {
    ui.busy = false;
  }
}

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

// A new position or a fresh turn: forget what was being built and ask what may be entered.
async function setState(state) {
  ui.state = state;
  ui.entered = [];
  ui.selected = null;
  ui.picker = null;
  ui.options = null;
  if (state.player_to_move === "human") {
    ui.options = await call("POST", "/api/turn", { steps: [] });
    prefixPicker();
  }
  render();
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
  if (!ui.options) return [];
  if (ui.selected) return [...new Set(stepsFrom(ui.selected).map(s => s.to))];
  // Pieces entering from outside the board: their squares are the targets at once.
  return [...new Set(ui.options.next.filter(s => !s.from && s.to).map(s => s.to))];
}

async function clickSquare(square) {
  if (!ui.state || ui.busy) return;
  if (ui.picker) {
    say("Choose in the box below the board first (or cancel the turn).", true);
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

// Several steps share these squares: the choice decides (a promotion, a flip...).
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
  const options = await call("POST", "/api/turn", { steps: entered });
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
    await setState(await call("POST", "/api/play", { move }));
  } catch (e) {
    say(`Refused: ${e.message}`, true);
    cancelTurn();
  }
}

function cancelTurn() {
  if (!ui.state) return;
  ui.entered = [];
  ui.selected = null;
  ui.picker = null;
  call("POST", "/api/turn", { steps: [] }).then(options => {
    ui.options = options;
    prefixPicker();
    render();
  }).catch(e => { say(e.message, true); render(); });
}

function render() {
  const state = ui.state;
  if (!state) return;
  const last = state.moves.length ? state.moves[state.moves.length - 1].steps : [];
  const mirror = mirrorPart();
  drawBoard($("board"), state.board, {
    flipped: ui.flipped, selected: ui.selected, targets: targets(), mirror: mirror ? [mirror] : [],
    entered: ui.entered, last: ui.entered.length ? [] : last, cursor: ui.cursor,
  });
  $("board").dataset.selected = ui.selected || "";
  $("board").dataset.entered = ui.entered.length;
  const prompt = $("prompt");
  prompt.textContent = ui.message || defaultPrompt();
  prompt.className = ui.error ? "error" : "";
  const picker = $("picker");
  picker.hidden = !ui.picker;
  picker.dataset.kind = ui.picker ? ui.picker.kind : "";
  if (ui.picker) {
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
    box.querySelector("button").focus();
  }
  $("end-turn").hidden = !(ui.options && ui.options.complete && ui.options.next.length);
  $("cancel-turn").hidden = ui.entered.length === 0 && !ui.selected;
  const outcome = state.outcome;
  $("status").textContent = outcome ? `Game over: ${outcome.result} — ${outcome.reason}` :
    `${sideName(state.board.side_to_move)} to move (${state.player_to_move === "engine" ? "engine" : "person"})` +
    (state.in_check ? " — in check" : "") +
    (state.searching ? " — engine thinking…" : "");
  $("status").dataset.fen = state.fen;
  $("notes").innerHTML = state.board.notes.map(n => `<li>${escapeXml(n)}</li>`).join("");
  if (document.activeElement !== $("fen")) $("fen").value = state.fen;
  $("link").href = `/?variant=${encodeURIComponent(state.variant)}&fen=${encodeURIComponent(state.fen)}`;
  renderMoves(state);
  renderThinking(state);
  renderGraph(state);
  renderClocks(state);
  $("analyse").checked = state.analysing;
  $("white-name").textContent = state.board.side_names[0];
  $("black-name").textContent = state.board.side_names[1];
  $("player-white").value = state.players.white;
  $("player-black").value = state.players.black;
}

function defaultPrompt() {
  const s = ui.state;
  if (s.outcome) return `Game over: ${s.outcome.result} (${s.outcome.reason}).`;
  if (s.player_to_move === "engine") return "The engine is thinking.";
  return `${sideName(s.board.side_to_move)} to move: click a piece (or use the arrow keys and Enter on the board).`;
}

function renderMoves(state) {
  const list = $("moves");
  list.innerHTML = "";
  const first = state.moves.length && state.moves[0].side === "black";
  const rows = [];
  state.moves.forEach((m, i) => {
    const ply = i + (first ? 1 : 0);
    if (ply % 2 === 0 || rows.length === 0) rows.push([]);
    rows[rows.length - 1][ply % 2] = m.record;
  });
  rows.forEach(([w, b]) => {
    const li = document.createElement("li");
    li.textContent = `${w || "…"}  ${b || ""}`;
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
}

const evalText = e => e.mate !== null && e.mate !== undefined ? `#${e.mate}` : ((e.centipawns || 0) / 100).toFixed(2);

function renderThinking(state) {
  $("thinking").textContent = state.thinking.slice(-8).reverse()
    .map(t => `d${t.depth}  ${evalText(t.eval)}  ${t.nodes} n  ${t.pv.join(" ")}`).join("\n") ||
    (state.searching ? "…" : "");
}

// Each ply's evaluation (from White's side) where the engine gave one.
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
  $("eval-graph").innerHTML = `<line x1="0" y1="40" x2="300" y2="40" stroke="#aaa" stroke-width="1"/>` +
    `<text x="2" y="9" font-size="8" fill="#777">White +10</text><text x="2" y="78" font-size="8" fill="#777">Black +10</text>` +
    (points.length ? `<polyline points="${line}" fill="none" stroke="#1f6feb" stroke-width="2"/>` : "") +
    points.map(([i, cp]) => `<circle cx="${x(i)}" cy="${y(cp)}" r="2" fill="#1f6feb"><title>ply ${i}: ${(cp / 100).toFixed(2)}</title></circle>`).join("");
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
  }
}

async function loadVariants() {
  const { variants } = await call("GET", "/api/variants");
  const select = $("variant");
  select.innerHTML = variants.map(v => `<option>${v.name}</option>`).join("");
  select.onchange = () => showVariantOptions(variants);
  return variants;
}

function showVariantOptions(variants) {
  const v = variants.find(x => x.name === $("variant").value);
  $("variant-options").innerHTML = v.options.map(o =>
    `<label>${o.name} <select data-option="${o.name}">${o.values.map(val => `<option${val === o.default ? " selected" : ""}>${val}</option>`).join("")}</select></label>`).join("");
}

function chosenOptions() {
  const options = {};
  document.querySelectorAll("[data-option]").forEach(s => { options[s.dataset.option] = s.value; });
  return options;
}

async function act(promise) {
  try {
    say("");
    await setState(await promise);
  } catch (e) {
    say(e.message, true);
    render();
  }
}

function settings() {
  const value = parseFloat($("limit-value").value);
  const kind = $("limit-kind").value;
  const limits = { nodes: null, movetime_ms: null, clock_ms: null, increment_ms: null };
  if (kind === "nodes") limits.nodes = Math.round(value);
  else if (kind === "movetime") limits.movetime_ms = Math.round(value);
  else {
    limits.clock_ms = Math.round(value * 60000);
    limits.increment_ms = Math.round(parseFloat($("limit-increment").value || "0") * 1000);
  }
  return { white: $("player-white").value, black: $("player-black").value, limits };
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

async function main() {
  const variants = await loadVariants();
  const params = new URLSearchParams(location.search);
  const wanted = params.get("variant");
  let state = await call("GET", "/api/state");
  if (wanted) {
    try {
      state = await call("POST", "/api/new", { variant: wanted, fen: params.get("fen") });
    } catch (e) {
      say(`Cannot open that link: ${e.message}`, true);
    }
  }
  $("variant").value = state.variant;
  showVariantOptions(variants);
  for (const [name, value] of Object.entries(state.options)) {
    const s = document.querySelector(`[data-option="${name}"]`) ||
      [...document.querySelectorAll("[data-option]")].find(x => x.dataset.option.toLowerCase() === name);
    if (s) s.value = value;
  }
  $("limit-kind").onchange = () => {
    const kind = $("limit-kind").value;
    $("limit-increment").hidden = kind !== "clock";
    $("limit-value").value = { nodes: 20000, movetime: 1000, clock: 5 }[kind];
  };
  if (state.limits.nodes) { $("limit-kind").value = "nodes"; $("limit-value").value = state.limits.nodes; }
  else if (state.limits.clock_ms) {
    $("limit-kind").value = "clock";
    $("limit-value").value = state.limits.clock_ms / 60000;
    $("limit-increment").value = (state.limits.increment_ms || 0) / 1000;
    $("limit-increment").hidden = false;
  } else if (state.limits.movetime_ms) { $("limit-value").value = state.limits.movetime_ms; }
  const message = ui.message;
  await setState(state);
  if (message) { ui.message = message; render(); }
  $("board").addEventListener("click", e => {
    const square = e.target.dataset && e.target.dataset.square;
    if (square) { ui.cursor = null; clickSquare(square); }
  });
  $("board").addEventListener("keydown", onBoardKey);
  $("new-game").onclick = () => act(call("POST", "/api/new", { variant: $("variant").value, options: chosenOptions() }));
  $("set-fen").onclick = () => act(call("POST", "/api/new", { variant: ui.state.variant, fen: $("fen").value, options: ui.state.options }));
  $("take-back").onclick = () => act(call("POST", "/api/undo"));
  $("apply-settings").onclick = () => act(call("POST", "/api/settings", settings()));
  $("engine-go").onclick = () => act(call("POST", "/api/go"));
  $("stop").onclick = () => act(call("POST", "/api/stop"));
  $("analyse").onchange = () => act(call("POST", "/api/analyse", { on: $("analyse").checked }));
  $("flip").onclick = () => { ui.flipped = !ui.flipped; render(); };
  $("cancel-turn").onclick = cancelTurn;
  $("end-turn").onclick = () => ui.options && ui.options.complete && playTurn(ui.options.complete);
  $("save-pgn").onclick = async () => {
    try {
      const { pgn } = await call("GET", "/api/pgn");
      $("pgn").value = pgn;
      const link = $("download-pgn");
      link.href = URL.createObjectURL(new Blob([pgn], { type: "application/x-chess-pgn" }));
      link.download = `kaleido-${ui.state.variant}.pgn`;
      link.hidden = false;
    } catch (e) { say(e.message, true); render(); }
  };
  $("load-pgn").onclick = () => act(call("POST", "/api/pgn", $("pgn").value));
  // While the engine thinks, follow it.
  setInterval(async () => {
    if (!ui.state || ui.busy || !(ui.state.searching || ui.state.player_to_move === "engine" ||
      (ui.state.clock_ms && !ui.state.outcome))) return;
    const state = await call("GET", "/api/state");
    if (state.generation !== ui.state.generation) await setState(state);
    else if (state.player_to_move === "human" && !state.outcome) {
      // The person's turn with a clock running: only the clocks change.
      ui.state = state;
      renderClocks(state);
    } else { ui.state = state; render(); }
  }, 250);
}

main().catch(e => { $("prompt").textContent = `The board could not start: ${e.message}`; });
