// The terminal on a canvas: a grid of character cells that shows the lines term.py's views make,
// with their ANSI colours (SGR: 0 reset, 1 bold, 2 dim, 30-37/90-97 colours, 41 a red background:
// every escape maze32_game/*_view.py use). Only the lines that changed are drawn again, each clipped to
// its own band. Each character is drawn at its own cell, so a glyph from a fallback font never
// shifts the ones after; box-drawing and block characters are drawn as lines and fills, so walls
// join from cell to cell whatever the font, as they do in a terminal.

const PALETTE = {
  30: "#000000", 31: "#cd3131", 32: "#0dbc79", 33: "#e5e510", 34: "#2472c8", 35: "#bc3fbc",
  36: "#11a8cd", 37: "#e5e5e5", 90: "#767676", 91: "#f14c4c", 92: "#23d18b", 93: "#f5f543",
  94: "#3b8eea", 95: "#d670d6", 96: "#29b8db", 97: "#ffffff",
};
const FOREGROUND = "#cccccc";
const BACKGROUND = "#000000";
const FONT = '"DejaVu Sans Mono", Menlo, Consolas, monospace';
export const MIN_COLS = 80, MIN_ROWS = 24;          // term.py's views fit 80 x 24 at least
const N = 1, E = 2, S = 4, W = 8;                    // the arms of a box-drawing character
const BOX = { "─": E | W, "│": N | S, "┌": E | S, "┐": S | W, "└": N | E, "┘": N | W, "├": N | E | S,
              "┤": N | S | W, "┬": E | S | W, "┴": N | E | W, "┼": N | E | S | W, "╴": W, "╵": N,
              "╶": E, "╷": S };
const SHADE = { "█": 1, "▓": 0.75, "▒": 0.5, "░": 0.25 };    // block characters: the cell this full

// One line -> [{text, fg, bg, bold, dim}] runs; escapes other than SGR are dropped.
export function runs(line) {
  const out = [];
  let style = { fg: null, bg: null, bold: false, dim: false };
  const re = /\x1b\[([0-9;]*)([A-Za-z])/g;
  let at = 0, m;
  while ((m = re.exec(line)) !== null) {
    if (m.index > at) out.push({ text: line.slice(at, m.index), ...style });
    at = re.lastIndex;
    if (m[2] !== "m") continue;
    style = { ...style };
    for (const part of (m[1] || "0").split(";")) {
      const n = Number(part || 0);
      if (n === 0) style = { fg: null, bg: null, bold: false, dim: false };
      else if (n === 1) style.bold = true;
      else if (n === 2) style.dim = true;
      else if (n === 22) style.bold = style.dim = false;
      else if (PALETTE[n]) style.fg = n;
      else if (n === 39) style.fg = null;
      else if (n >= 40 && n <= 47) style.bg = n - 10;
      else if (n === 49) style.bg = null;
    }
  }
  if (at < line.length) out.push({ text: line.slice(at), ...style });
  return out;
}

export function plain(line) {
  return line.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
}

export class Terminal {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.lines = [];
    this.fit();
  }

  // Size the grid to the canvas: the largest font up to 18 px that still shows 80 x 24.
  fit() {
    const ratio = window.devicePixelRatio || 1;
    const w = this.canvas.clientWidth, h = this.canvas.clientHeight;
    this.canvas.width = Math.max(1, Math.floor(w * ratio));
    this.canvas.height = Math.max(1, Math.floor(h * ratio));
    const ctx = this.ctx;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    let px = 18;
    for (; px > 7; px--) {
      ctx.font = px + "px " + FONT;
      const cw = ctx.measureText("M").width, ch = Math.ceil(px * 1.25);
      if (Math.floor(w / cw) >= MIN_COLS && Math.floor(h / ch) >= MIN_ROWS) break;
    }
    this.px = px;
    ctx.font = px + "px " + FONT;
    this.cw = ctx.measureText("M").width;
    this.ch = Math.ceil(px * 1.25);
    this.cols = Math.max(1, Math.floor(w / this.cw));
    this.rows = Math.max(1, Math.floor(h / this.ch));
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, w, h);
    const shown = this.lines;                     // everything is drawn again, at the new size
    this.lines = [];
    this.show(shown);
  }

  colour(code, dim) {
    const c = code === null ? FOREGROUND : PALETTE[code];
    return dim ? c + "99" : c;                    // dim: the colour at 60 %, as terminals show faint text
  }

  // One character at cell (x, y) in the current fill colour.
  glyph(c, x, y) {
    const ctx = this.ctx, cw = this.cw, ch = this.ch;
    const px = x * cw, py = y * ch;
    const arms = BOX[c];
    if (arms) {
      const w = Math.max(1, Math.round(this.px / 14));
      const cx = Math.floor(px + cw / 2 - w / 2), cy = Math.floor(py + ch / 2 - w / 2);
      if (arms & N) ctx.fillRect(cx, py, w, cy - py + w);
      if (arms & S) ctx.fillRect(cx, cy, w, py + ch - cy);
      if (arms & W) ctx.fillRect(px, cy, cx - px + w, w);
      if (arms & E) ctx.fillRect(cx, cy, px + cw - cx + 0.5, w);
    } else if (SHADE[c]) {
      ctx.globalAlpha = SHADE[c];
      ctx.fillRect(px, py, cw + 0.5, ch);
      ctx.globalAlpha = 1;
    } else if (c !== " ") {
      ctx.fillText(c, px, py + Math.floor((ch - this.px) / 2));
    }
  }

  // Show these lines (term.py's, with escapes): the ones that changed are drawn again.
  show(lines) {
    const ctx = this.ctx;
    ctx.textBaseline = "top";
    const count = Math.max(lines.length, this.lines.length);
    for (let y = 0; y < count && y < this.rows; y++) {
      const line = lines[y] ?? "";
      if (line === this.lines[y]) continue;
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, y * this.ch, this.canvas.clientWidth, this.ch);
      ctx.clip();
      ctx.fillStyle = BACKGROUND;
      ctx.fillRect(0, y * this.ch, this.canvas.clientWidth, this.ch);
      let x = 0;
      for (const run of runs(line)) {
        const chars = Array.from(run.text);
        if (run.bg !== null) {
          ctx.fillStyle = PALETTE[run.bg];
          ctx.fillRect(x * this.cw, y * this.ch, chars.length * this.cw, this.ch);
        }
        ctx.font = (run.bold ? "bold " : "") + this.px + "px " + FONT;
        ctx.fillStyle = this.colour(run.fg, run.dim);
        for (const c of chars) this.glyph(c, x++, y);
      }
      ctx.restore();
    }
    this.lines = lines.slice();
  }

  text() {
    return this.lines.map(plain).join("\n");
  }
}
