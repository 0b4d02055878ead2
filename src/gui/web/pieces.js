// Kaleido's piece set: every glyph the games' board views name, drawn in a unit box centred on
// (0, 0). Chess-like pieces are silhouettes; the palace games' pieces are discs with their
// letter; Symmetron's pieces are discs (magic pieces diamonds) with their letter.
"use strict";

const SILHOUETTES = {
  pawn: '<circle cx="0" cy="-0.17" r="0.12"/><path d="M-0.09,-0.07 L0.09,-0.07 L0.16,0.2 L0.25,0.22 L0.25,0.32 L-0.25,0.32 L-0.25,0.22 L-0.16,0.2 Z"/>',
  rook: '<path d="M-0.27,0.32 L0.27,0.32 L0.27,0.22 L0.19,0.2 L0.17,-0.13 L0.25,-0.16 L0.25,-0.33 L0.14,-0.33 L0.14,-0.25 L0.05,-0.25 L0.05,-0.33 L-0.05,-0.33 L-0.05,-0.25 L-0.14,-0.25 L-0.14,-0.33 L-0.25,-0.33 L-0.25,-0.16 L-0.17,-0.13 L-0.19,0.2 L-0.27,0.22 Z"/>',
  knight: '<path d="M-0.22,0.32 L0.28,0.32 C0.3,0.05 0.22,-0.2 0.02,-0.3 L-0.02,-0.36 L-0.08,-0.27 C-0.18,-0.22 -0.28,-0.1 -0.3,0.02 L-0.22,0.08 L-0.08,0.0 C-0.04,0.08 -0.16,0.18 -0.22,0.32 Z"/><circle class="eye" cx="-0.02" cy="-0.16" r="0.03"/>',
  bishop: '<circle cx="0" cy="-0.31" r="0.06"/><path d="M0,-0.26 C0.2,-0.12 0.2,0.06 0.1,0.14 L0.24,0.22 L0.24,0.32 L-0.24,0.32 L-0.24,0.22 L-0.1,0.14 C-0.2,0.06 -0.2,-0.12 0,-0.26 Z"/><path class="detail" d="M-0.05,-0.06 L0.07,-0.16"/>',
  queen: '<path d="M-0.27,0.32 L0.27,0.32 L0.22,0.12 L0.33,-0.2 L0.14,0.0 L0.12,-0.28 L0.0,-0.02 L-0.12,-0.28 L-0.14,0.0 L-0.33,-0.2 L-0.22,0.12 Z"/><circle cx="0.33" cy="-0.22" r="0.045"/><circle cx="-0.33" cy="-0.22" r="0.045"/><circle cx="0.12" cy="-0.3" r="0.045"/><circle cx="-0.12" cy="-0.3" r="0.045"/>',
  king: '<path d="M-0.03,-0.38 L0.03,-0.38 L0.03,-0.32 L0.09,-0.32 L0.09,-0.26 L0.03,-0.26 L0.03,-0.16 L-0.03,-0.16 L-0.03,-0.26 L-0.09,-0.26 L-0.09,-0.32 L-0.03,-0.32 Z"/><path d="M-0.26,0.32 L0.26,0.32 L0.24,0.12 C0.36,0.0 0.3,-0.2 0.12,-0.14 L0.0,-0.05 L-0.12,-0.14 C-0.3,-0.2 -0.36,0.0 -0.24,0.12 Z"/><path class="detail" d="M-0.22,0.17 L0.22,0.17"/>',
};

// Discs with a letter: palace games' pieces and Symmetron's riders.
const DISC_GLYPHS = new Set(["general", "guard", "elephant", "horse", "cannon", "chariot", "soldier",
  "bear", "rhino", "dragon", "advancer", "nightrider", "canon", "bawn"]);
const MAGIC_GLYPHS = new Set(["reducer", "shs", "resurrector"]);
const PAWN_TURN = { "pawn-n": 0, "pawn-s": 180, "pawn-e": 90, "pawn-w": -90 };
// The person's choices, kept by the browser. A page in another site's iframe may be refused
// storage (third-party storage blocked): the choices then last as long as the page.
function stored(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}
function keep(key, value) {
  try { localStorage.setItem(key, value); } catch (e) { /* not kept */ }
}
// Latin letters instead of characters on xiangqi-family pieces (the person's choice, kept).
const LATIN = { on: stored("kaleido.latin") === "true" };

function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// The SVG of one piece centred on (cx, cy); `pointsStyle` boards use the palace games' colours;
// `flipped`: the board is seen from Black's side (directional pawns turn with it).
// `badgeScale`: badges drawn larger on small squares (readable on a 14x14 board or a phone).
function pieceSvg(piece, cx, cy, pointsStyle, flipped, badgeScale = 1) {
  const side = piece.side;
  const body = `piece-${side}`;
  const detail = `piece-detail-${side}`;
  const title = `<title>${escapeXml(piece.title)}</title>`;
  let inner;
  if (pointsStyle || DISC_GLYPHS.has(piece.glyph)) {
    const red = pointsStyle && side === "white";
    const ink = pointsStyle ? (red ? "#b71c1c" : "#111") : (side === "white" ? "#222" : "#fff");
    const fill = pointsStyle ? "#f7e7c4" : (side === "white" ? "#fff" : "#333");
    let marks = "";
    if (piece.glyph === "cannon" && !pointsStyle) {
      marks = `<path d="M0,-0.4 L0,-0.3 M0,0.3 L0,0.4 M-0.4,0 L-0.3,0 M0.3,0 L0.4,0" stroke="${ink}" stroke-width="0.05"/>`;
    } else if (piece.glyph === "canon") {
      marks = `<path d="M-0.28,-0.28 L-0.21,-0.21 M0.28,0.28 L0.21,0.21 M-0.28,0.28 L-0.21,0.21 M0.28,-0.28 L0.21,-0.21" stroke="${ink}" stroke-width="0.05"/>`;
    }
    // The character from the outlines the page carries (hanzi.js), or the FEN letter.
    const outline = piece.hanzi && !LATIN.on && typeof HANZI !== "undefined" && HANZI[piece.hanzi];
    const face = outline ?
      `<path class="piece-hanzi" data-hanzi="${piece.hanzi}" d="${outline}" transform="scale(0.56)" fill="${ink}"/>` :
      `<text class="piece-letter" font-size="0.42" fill="${ink}">${escapeXml(piece.letter.toUpperCase())}</text>`;
    inner = `<circle r="0.4" fill="${fill}" stroke="${ink}" stroke-width="0.04"/>` +
      `<circle r="0.33" fill="none" stroke="${ink}" stroke-width="0.02"/>` + marks + face;
  } else if (MAGIC_GLYPHS.has(piece.glyph)) {
    const ink = side === "white" ? "#222" : "#fff";
    inner = `<path class="${body}" stroke-width="0.04" d="M0,-0.42 L0.42,0 L0,0.42 L-0.42,0 Z"/>` +
      `<text class="piece-letter" font-size="0.34" fill="${ink}">${escapeXml(piece.letter.toUpperCase())}</text>`;
  } else {
    const shape = SILHOUETTES[piece.glyph] || SILHOUETTES[piece.glyph.split("-")[0]];
    const turn = (PAWN_TURN[piece.glyph] || 0) + (flipped ? 180 : 0);
    const rotate = piece.glyph in PAWN_TURN && turn % 360 !== 0 ? ` transform="rotate(${turn})"` : "";
    inner = `<g class="${body}" stroke-width="0.035"${rotate}>${shape.replace('class="detail"', `class="${detail}"`)}</g>`;
  }
  let badges = "";
  piece.badges.forEach((badge, i) => {
    const k = badgeScale;
    const bx = 0.5 - 0.18 * k, by = -0.5 + 0.18 * k + i * 0.27 * k;
    const width = Math.max(0.22, 0.1 * badge.length + 0.08) * k;
    badges += `<rect class="badge" x="${bx - width / 2}" y="${by - 0.11 * k}" width="${width}" height="${0.22 * k}" rx="${0.1 * k}"/>` +
      `<text class="badge-text" font-size="${0.2 * k}" x="${bx}" y="${by}">${escapeXml(badge)}</text>`;
  });
  return `<g class="piece" data-piece-square="${escapeXml(piece.square)}" pointer-events="none" transform="translate(${cx},${cy})">${title}${inner}${badges}</g>`;
}
