// Draws a board view (the engine's description of the position) as SVG, with the turn being
// built on top: selection, legal targets, the path of a chain, the mirror part of a pair, the
// last turn and the keyboard cursor. It draws only; what is legal comes from the server.
"use strict";

const MARGIN = 0.65;

// Hexagonal cells (`hexes`): flat-topped regular hexagons one unit high, so columns stand
// sqrt(3)/2 apart and a cell reaches 1/sqrt(3) to each side of its centre.
const HEX_COLUMN = Math.sqrt(3) / 2, HEX_RADIUS = 1 / Math.sqrt(3);

// Screen geometry of a view: where each cell's centre goes.
function boardGeometry(view, flipped) {
  const files = view.cells.map(c => c.file), ranks = view.cells.map(c => c.rank);
  const minF = Math.min(0, ...files), maxF = Math.max(view.files - 1, ...files);
  const minR = Math.min(0, ...ranks), maxR = Math.max(view.ranks - 1, ...ranks);
  const hexes = view.style === "hexes";
  const column = hexes ? HEX_COLUMN : 1, half = hexes ? HEX_RADIUS : 0.5;
  const centre = (file, rank) => {
    const x = flipped ? maxF - file : file - minF;
    const y = flipped ? rank - minR : maxR - rank;
    return [MARGIN + x * column + half, y + 0.5];
  };
  const width = MARGIN + (maxF - minF) * column + 2 * half + 0.15, height = (maxR - minR + 1) + MARGIN;
  const byName = new Map(view.cells.map(c => [c.name, c]));
  return { centre, width, height, byName, maxF, maxR, minF, minR };
}

function arrowMarkers() {
  const marker = (id, colour) => `<marker id="${id}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`;
  return `<defs>${marker("arrowhead-last", "#d97706")}${marker("arrowhead-path", "#1f6feb")}${marker("arrowhead-mirror", "#7c3aed")}` +
    `${marker("arrowhead-pv", "#15803d")}${marker("arrowhead-pv2", "#64748b")}` +
    `<radialGradient id="check-glow"><stop offset="0%" stop-color="#ff0000" stop-opacity="0.9"/><stop offset="45%" stop-color="#e70000" stop-opacity="0.6"/><stop offset="100%" stop-color="#a50000" stop-opacity="0"/></radialGradient></defs>`;
}

function arrow(geo, from, to, cls) {
  const a = geo.byName.get(from), b = geo.byName.get(to);
  if (!a || !b || from === to) return "";
  const [x1, y1] = geo.centre(a.file, a.rank), [x2, y2] = geo.centre(b.file, b.rank);
  const len = Math.hypot(x2 - x1, y2 - y1), shorten = 0.25 / len;
  const ex = x2 - (x2 - x1) * shorten, ey = y2 - (y2 - y1) * shorten;
  return `<line class="${cls}" x1="${x1}" y1="${y1}" x2="${ex}" y2="${ey}"/>`;
}

// `ui`: { flipped, selected, targets: [names], mirror: [{from,to}], entered: [steps],
//         last: [steps], cursor, check: [names of kings in check], pv: [[[steps] per turn] per line],
//         drag: { from, piece, x, y } (a piece following the pointer) }
function drawBoard(svg, view, ui) {
  const geo = boardGeometry(view, ui.flipped);
  // Small squares (a 14x14 board, a phone): coordinates and badges grow to stay readable
  // (at least about 11 and 9 pixels), up to 1.7 times their size.
  const px = (svg.clientWidth || 600) / geo.width;
  const grow = minPx => Math.min(1.7, Math.max(1, minPx / px));
  const coordSize = 0.28 * grow(11 / 0.28);
  const badgeScale = grow(9 / 0.2);
  const points = view.style === "points";
  const parts = [arrowMarkers()];
  const hexes = view.style === "hexes";
  // A cell's outline: a square, or on a hexagonal board a hexagon (`inset` shrinks it alike).
  const cellRect = (c, cls, inset = 0, extra = "") => {
    const [x, y] = geo.centre(c.file, c.rank);
    if (hexes) {
      const r = HEX_RADIUS * (1 - 2 * inset), h = r * HEX_COLUMN;
      const points = [[x - r, y], [x - r / 2, y - h], [x + r / 2, y - h], [x + r, y], [x + r / 2, y + h], [x - r / 2, y + h]];
      return `<polygon class="${cls}"${extra} points="${points.map(p => p.join(",")).join(" ")}"/>`;
    }
    return `<rect class="${cls}"${extra} x="${x - 0.5 + inset}" y="${y - 0.5 + inset}" width="${1 - 2 * inset}" height="${1 - 2 * inset}"/>`;
  };
  const grid = view.cells.filter(c => Number.isInteger(c.file) && c.file < view.files && c.rank < view.ranks);
  if (points) {
    const [x0, y0] = geo.centre(ui.flipped ? view.files - 1 : 0, ui.flipped ? 0 : view.ranks - 1);
    parts.push(`<rect class="point-bg" x="${x0 - 0.5}" y="${y0 - 0.5}" width="${view.files}" height="${view.ranks}"/>`);
    parts.push(pointLines(geo, view));
  } else if (hexes) {
    // Gliński's three colours, and each cell's name (the ranks bend, so the edges cannot say it).
    for (const c of view.cells) {
      parts.push(cellRect(c, c.marks.find(m => m.startsWith("hex-")) || "hex-medium"));
      const [x, y] = geo.centre(c.file, c.rank);
      parts.push(`<text class="cell-name" x="${x}" y="${y + 0.4}">${c.name}</text>`);
    }
  } else {
    for (const c of grid) parts.push(cellRect(c, (c.file + c.rank) % 2 === 0 ? "sq-dark" : "sq-light"));
  }
  for (const c of view.cells) {
    for (const mark of c.marks) {
      if (mark === "palace-white" || mark === "palace-black") {
        if (!points) parts.push(cellRect(c, "palace-tint"));
      } else if (mark === "zone-white" || mark === "zone-black" || mark === "central") {
        parts.push(cellRect(c, mark));
      } else if (mark === "spring") {
        const [x, y] = geo.centre(c.file, c.rank);
        parts.push(`<path class="spring" d="M${x - 0.3},${y + 0.12} l0.1,-0.24 l0.1,0.24 l0.1,-0.24 l0.1,0.24 l0.1,-0.24 l0.1,0.24"><title>spring</title></path>`);
      } else if (mark.startsWith("launch")) {
        const [x, y] = geo.centre(c.file, c.rank);
        const owner = mark === "launch-white" ? "White" : "Black";
        parts.push(cellRect(c, "launch", 0.04));
        parts.push(`<text class="launch-label" x="${x}" y="${y + 0.64}">${owner} LS</text>`);
      }
    }
  }
  if (points) parts.push(palaceDiagonals(geo, view));
  for (const d of view.dividers) parts.push(divider(geo, view, d));
  // The last turn: every step's squares and arrows.
  for (const step of ui.last) {
    if (step.from && geo.byName.get(step.from)) parts.push(cellRect(geo.byName.get(step.from), "last-from"));
    if (step.to && geo.byName.get(step.to)) parts.push(cellRect(geo.byName.get(step.to), "last-to"));
  }
  // Coordinates in the rules docs' names.
  view.file_names.forEach((name, f) => {
    const [x] = geo.centre(f, 0);
    parts.push(`<text class="coord" font-size="${coordSize}" x="${x}" y="${geo.height - MARGIN / 2}">${name}</text>`);
  });
  view.rank_names.forEach((name, r) => {
    const [, y] = geo.centre(0, r);
    parts.push(`<text class="coord" font-size="${coordSize}" x="${MARGIN / 2}" y="${y}">${name}</text>`);
  });
  // The king in check (as the engine says): a red glow under it and a ring.
  for (const name of ui.check || []) {
    const c = geo.byName.get(name);
    if (!c) continue;
    const [x, y] = geo.centre(c.file, c.rank);
    parts.push(`<circle class="check-glow" cx="${x}" cy="${y}" r="0.5" fill="url(#check-glow)"/>` +
      `<circle class="check-ring" data-check="${name}" cx="${x}" cy="${y}" r="0.46"/>`);
  }
  // The piece being moved in the turn being built is drawn where the person has put it, and
  // faintly where it stood (what else the turn changes the engine shows once the turn is played).
  const moving = [];
  for (const step of ui.entered) {
    if (!step.from || !step.to || step.from === step.to) continue;
    const already = moving.find(m => m.square === step.from);
    if (already) already.square = step.to;
    else {
      const piece = view.pieces.find(p => p.square === step.from);
      if (piece) moving.push({ piece, square: step.to });
    }
  }
  for (const p of view.pieces) {
    const c = geo.byName.get(p.square);
    if (!c) continue;
    const [x, y] = geo.centre(c.file, c.rank);
    const svgText = pieceSvg(p, x, y, points, ui.flipped, badgeScale);
    const lifted = moving.some(m => m.piece === p) || (ui.drag && ui.drag.from === p.square);
    parts.push(lifted ? `<g opacity="0.3">${svgText}</g>` : svgText);
  }
  for (const m of moving) {
    const c = geo.byName.get(m.square);
    if (!c) continue;
    const [x, y] = geo.centre(c.file, c.rank);
    parts.push(pieceSvg(m.piece, x, y, points, ui.flipped, badgeScale));
  }
  for (const step of ui.last) if (step.from && step.to) parts.push(arrow(geo, step.from, step.to, "last-arrow"));
  for (const step of ui.entered) if (step.from && step.to) parts.push(arrow(geo, step.from, step.to, "path-arrow"));
  for (const step of ui.mirror) {
    parts.push(arrow(geo, step.from, step.to, "mirror-arrow"));
    for (const name of [step.from, step.to]) {
      const c = geo.byName.get(name);
      if (c) parts.push(cellRect(c, "mirror-target", 0.06));
    }
  }
  if (ui.selected && geo.byName.get(ui.selected)) parts.push(cellRect(geo.byName.get(ui.selected), "selected", 0.05));
  for (const name of ui.targets) {
    const c = geo.byName.get(name);
    if (!c) continue;
    const [x, y] = geo.centre(c.file, c.rank);
    const occupied = view.pieces.some(p => p.square === name);
    if (name === ui.selected) {
      // A change where the piece stands (a flip, a type change): click the piece again.
      parts.push(`<circle class="target-ring" cx="${x}" cy="${y}" r="0.47" stroke-dasharray="0.2 0.1"/>` +
        `<circle cx="${x - 0.3}" cy="${y + 0.3}" r="0.16" fill="#1f6feb"/>` +
        `<text x="${x - 0.3}" y="${y + 0.31}" font-size="0.26" fill="#fff" text-anchor="middle" dominant-baseline="central">↻</text>`);
      continue;
    }
    parts.push(occupied ? `<circle class="target-ring" cx="${x}" cy="${y}" r="0.44"/>` : `<circle class="target-dot" cx="${x}" cy="${y}" r="0.14"/>`);
  }
  // The engine's lines: every part of the best line's first turns as arrows, its first turn
  // boldest, and the first turn of every other line (their later turns read as candidates for
  // the side to move and cluttered the board); in-place changes as a ring.
  (ui.pv || []).forEach((line, l) => {
    line.forEach((turn, t) => {
      if (l > 0 && t > 0) return;
      const cls = l === 0 ? (t === 0 ? "pv-arrow pv-best" : "pv-arrow pv-later") : "pv-arrow pv-other";
      for (const step of turn) {
        if (step.from && step.to && step.from !== step.to) parts.push(arrow(geo, step.from, step.to, cls));
        else if (step.to && geo.byName.get(step.to)) {
          const c = geo.byName.get(step.to), [x, y] = geo.centre(c.file, c.rank);
          parts.push(`<circle class="${cls}" cx="${x}" cy="${y}" r="0.35"/>`);
        }
      }
    });
  });
  if (ui.cursor && geo.byName.get(ui.cursor)) parts.push(cellRect(geo.byName.get(ui.cursor), "cursor", 0.02));
  // Click targets on top, one per place a piece can stand.
  for (const c of view.cells) {
    const [x, y] = geo.centre(c.file, c.rank);
    if (hexes) {
      parts.push(cellRect(c, "cell-hit", 0, ` data-square="${c.name}"`).replace("/>", `><title>${c.name}</title></polygon>`));
      continue;
    }
    parts.push(`<rect class="cell-hit" data-square="${c.name}" x="${x - 0.5}" y="${y - 0.5}" width="1" height="1"><title>${c.name}</title></rect>`);
  }
  // The dragged piece follows the pointer, above everything.
  if (ui.drag && ui.drag.piece) parts.push(`<g class="dragging">${pieceSvg(ui.drag.piece, ui.drag.x, ui.drag.y, points, ui.flipped, badgeScale)}</g>`);
  svg.setAttribute("viewBox", `0 0 ${geo.width} ${geo.height}`);
  svg.innerHTML = parts.join("");
  return geo;
}

// Xiangqi-style lines through the points, broken at the river except on the edge files.
function pointLines(geo, view) {
  let d = "";
  const river = view.dividers.find(x => x.kind === "river");
  for (let r = 0; r < view.ranks; r++) {
    const [x1, y] = geo.centre(0, r), [x2] = geo.centre(view.files - 1, r);
    d += `M${x1},${y} L${x2},${y} `;
  }
  for (let f = 0; f < view.files; f++) {
    const edge = f === 0 || f === view.files - 1;
    if (river && !edge) {
      const [x, ya] = geo.centre(f, 0), [, yb] = geo.centre(f, river.after);
      const [, yc] = geo.centre(f, river.after + 1), [, yd] = geo.centre(f, view.ranks - 1);
      d += `M${x},${ya} L${x},${yb} M${x},${yc} L${x},${yd} `;
    } else {
      const [x, ya] = geo.centre(f, 0), [, yb] = geo.centre(f, view.ranks - 1);
      d += `M${x},${ya} L${x},${yb} `;
    }
  }
  return `<path class="grid-line" d="${d}"/>`;
}

function palaceDiagonals(geo, view) {
  let d = "";
  for (const mark of ["palace-white", "palace-black"]) {
    const cells = view.cells.filter(c => c.marks.includes(mark));
    if (!cells.length) continue;
    const fs = cells.map(c => c.file), rs = cells.map(c => c.rank);
    const [ax, ay] = geo.centre(Math.min(...fs), Math.min(...rs)), [bx, by] = geo.centre(Math.max(...fs), Math.max(...rs));
    const [cx, cy] = geo.centre(Math.min(...fs), Math.max(...rs)), [ex, ey] = geo.centre(Math.max(...fs), Math.min(...rs));
    d += `M${ax},${ay} L${bx},${by} M${cx},${cy} L${ex},${ey} `;
  }
  return `<path class="grid-line" d="${d}"/>`;
}

function divider(geo, view, d) {
  if (d.kind === "river") {
    const [x1, y1] = geo.centre(0, d.after), [x2, y2] = geo.centre(view.files - 1, d.after + 1);
    const label = escapeXml(d.label);
    return `<text class="river-label" x="${(x1 + x2) / 2}" y="${(y1 + y2) / 2}">${label}</text>`;
  }
  const [xa, ya] = geo.centre(d.after, 0), [xb, yb] = geo.centre(d.after + 1, view.ranks - 1);
  const x = (xa + xb) / 2, top = Math.min(ya, yb) - 0.5, bottom = Math.max(ya, yb) + 0.5;
  const cls = d.kind === "boards" ? "divider-boards" : "divider-capture";
  return `<line class="${cls}" x1="${x}" y1="${top}" x2="${x}" y2="${bottom}"><title>${escapeXml(d.label)}</title></line>`;
}
