// The browser twin's start and frame loop. It loads MicroPython's webassembly port, puts the library
// and the games' modules (lib.bin, its table lib.json: .mpy files of the bytecode flavour) into the
// port's /lib, opens the level of the address's #fragment, then runs an async frame loop at 30
// frames a second: the keys typed since the last frame go to maze32_web.Twin.frame(), which steps
// the game when a tick is due and answers with the terminal's lines; canvas.js draws them. The loop
// awaits the next animation frame between frames, so the page never waits on the game.
// The records are kept in the browser's localStorage (maze32_web's book, web_keep.py: one key); a
// won Duel's ghost shows below the canvas, its text and its link ready to copy; text pasted on the
// menu goes to its c entry (a ghost's text, a level code).
// window.maze32 holds what the page shows, for a person's console and the browser tests.
import { loadMicroPython } from "./micropython.mjs";
import { Terminal } from "./canvas.js";

const FRAME_MS = 1000 / 30;
const HEAP = 2 * 1024 * 1024;           // Explore's buffers and worlds fit with room to spare
const MAX_STORED = 16384 + 1;           // records.py's MAX_BYTES, and one more: "over ... (ignored)"
const MAX_FRAGMENT = 32768;             // past any ghost's text (ghost.MAX_TEXT): "too long", not a full heap
const KEYS = { ArrowUp: "\x1b[A", ArrowDown: "\x1b[B", ArrowRight: "\x1b[C", ArrowLeft: "\x1b[D",
               Enter: "\r", Backspace: "\x7f", Escape: "\x1b" };

const canvas = document.getElementById("screen");
const status = document.getElementById("status");
const ghostBar = document.getElementById("ghost");
const ghostText = document.getElementById("ghost-text");
const ghostLink = document.getElementById("ghost-link");
// playableMs: from the navigation's start to the first frame drawn; busyMs: the time spent in frames,
// worstMs the longest frame since the last level opened (Explore making a new chunk, say).
const state = window.maze32 = { ready: false, error: "", frames: 0, ticks: 0, link: "", hash: "", ghost: "",
                                recordsNote: "",
                                playableMs: null, busyMs: 0, worstMs: 0, text: () => screen.text() };
const screen = new Terminal(canvas);
let typed = "";

function say(text, error = false) {
  status.textContent = text;
  status.className = error ? "error" : "";
}

function key(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;      // the browser's own shortcuts
  const text = KEYS[event.key] ?? (event.key.length === 1 ? event.key : "");
  if (!text) return;
  typed += text;
  event.preventDefault();                                          // arrows and space do not scroll
}

async function files() {
  const [table, blob] = await Promise.all([
    fetch("lib.json").then((r) => r.json()),
    fetch("lib.bin").then((r) => r.arrayBuffer()),
  ]);
  return [table.files, new Uint8Array(blob)];
}

async function boot() {
  const [[table, blob], mp] = await Promise.all([files(), loadMicroPython({
    heapsize: HEAP, stdout: (line) => console.log(line), stderr: (line) => console.error(line) })]);
  for (const [path, [offset, length]] of Object.entries(table)) {
    const dir = "/lib/" + path.split("/").slice(0, -1).join("/");
    mp.FS.mkdirTree(dir);
    mp.FS.writeFile("/lib/" + path, blob.subarray(offset, offset + length));
  }
  mp.runPython("import sys\nsys.path.insert(0, '/lib')");
  const web = mp.pyimport("maze32_web");
  const entropy = crypto.getRandomValues(new Uint32Array(1))[0] & 0x3fffffff;
  return web.Twin(location.href.split("#")[0], entropy, storage());
}

function fragment() {
  // The address's #fragment for the page's Python, cut past the longest a link can be.
  return location.hash.slice(0, MAX_FRAGMENT);
}

function storage() {
  // The page's localStorage, or null where the browser refuses it (then the records last the page).
  // A value is handed over cut just past the most records.py reads, so a huge one (damaged, or put
  // there by anything else) is refused as too big instead of filling the port's heap.
  try {
    const s = window.localStorage;
    s.getItem("maze32-records");
    return { getItem: (key) => { const v = s.getItem(key); return v === null ? null : v.slice(0, MAX_STORED); },
             setItem: (key, value) => s.setItem(key, value) };
  } catch (err) {
    return null;
  }
}

function showGhost(twin) {
  // The bar under the canvas: the last won Duel's ghost, while its end screen shows.
  const text = twin.ghost_text();
  if (text === state.ghost) return;
  state.ghost = text;
  ghostBar.hidden = !text;
  ghostText.value = text;
  screen.fit();                                    // the bar takes rows from the canvas, or gives them back
  ghostLink.href = text ? twin.ghost_url() : "#";
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (err) {                                  // no clipboard API (a page not served securely)
    ghostText.select();
    document.execCommand("copy");
  }
  say("copied: " + text.slice(0, 60) + (text.length > 60 ? "…" : ""));
}

function show(twin) {
  state.link = twin.link();
  state.worstMs = 0;
  state.hash = twin.maze_hash();
  if (state.link && location.href !== state.link) history.replaceState(null, "", state.link);
  const what = state.link.includes("#ghost=") ? "ghost race link " : "level link ";
  say(state.link ? what + state.link + (state.hash ? "   maze hash " + state.hash.slice(0, 16) : "")
                 : "maze32 in the browser: pick a game");
}

async function run() {
  const twin = await boot();
  const problem = twin.open(fragment());
  canvas.focus();
  window.addEventListener("keydown", key);
  window.addEventListener("paste", (event) => {
    if (event.target === ghostText) return;
    twin.paste(event.clipboardData.getData("text").slice(0, MAX_FRAGMENT));
    event.preventDefault();
  });
  document.getElementById("copy-text").addEventListener("click", () => { copy(ghostText.value); canvas.focus(); });
  document.getElementById("copy-link").addEventListener("click", () => { copy(ghostLink.href); canvas.focus(); });
  window.addEventListener("resize", () => screen.fit());
  window.addEventListener("hashchange", () => {
    if (location.href !== state.link) { twin.open(fragment()); show(twin); }
  });
  show(twin);
  state.recordsNote = twin.records_note();
  if (problem) say(problem, true);
  else if (state.recordsNote) say(state.recordsNote, true);
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let last = -FRAME_MS;
  for (;;) {
    const now = await nextFrame();
    if (now - last < FRAME_MS - 2) continue;            // 30 a second on a display of any rate
    last = now;
    const before = performance.now();
    const lines = twin.frame(typed, Math.floor(now), screen.cols, screen.rows);
    typed = "";
    if (lines !== null) {
      screen.show(lines.split("\n"));
      if (twin.link() !== state.link) show(twin);
      showGhost(twin);
    }
    state.frames++;
    state.ticks = twin.ticks;
    const took = performance.now() - before;
    state.busyMs += took;
    state.worstMs = Math.max(state.worstMs, took);
    if (!state.ready) {
      state.ready = true;
      state.playableMs = performance.now();           // since the navigation started
    }
  }
}

run().catch((err) => {
  // One line on the page; the whole story in the console.
  console.error(err);
  state.error = String(err);
  say("maze32 stopped: " + String(err && err.message ? err.message : err).trim().split("\n").pop(), true);
});
