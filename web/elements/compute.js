// Client side of the compute Worker. A figure asks `compute(channel, recipe, params)`; the Worker
// runs the recipe against the wasm library. Per channel at most one request is in the Worker at a
// time and at most one waits behind it: a newer request replaces the waiting one (which rejects
// with Superseded), so a slider dragged fast costs one computation per answer, however many input
// events it sends, and the figure keeps drawing while the drag lasts. Answers are handed over at the
// next animation frame, all of that frame's answers together: one redraw per frame at most.
// If the Worker dies (a trap, out of memory) its requests fail with the error and a fresh Worker
// serves the next ones. If Workers are unavailable, the same module runs on the main thread.

let worker = null;
let answered = false; // has this page's Worker ever answered? (if not, an error means no module Workers)
let fallback = null; // Promise<{ handle }>
let nextId = 1;
const pending = new Map(); // id -> request in the Worker: { id, channel, msg, resolve, reject }
const waiting = new Map(); // channel -> the newest request not yet sent
const busy = new Set(); // channels with a request in the Worker
let infoPromise = null;

export class Superseded extends Error {
  constructor() {
    super('superseded');
    this.name = 'Superseded';
  }
}

const spawn = () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'posenc' });

function adopt(w) {
  worker = w;
  worker.onmessage = (e) => {
    answered = true;
    settle(e.data);
  };
  worker.onerror = (e) => {
    e.preventDefault?.();
    if (w === worker) answered ? restart(e.message || 'the compute Worker stopped') : useFallback();
  };
}

function startWorker(started = null) {
  if (worker || fallback) return;
  try {
    adopt(started ?? spawn());
    if (started?.posencFailed) useFallback(); // it failed before we took it over
  } catch {
    useFallback();
  }
}

function useFallback() {
  if (worker) {
    worker.terminate();
    worker = null;
  }
  // An import of the module, not of a URL: an app's bundler builds it in like any module, wasm URLs and all.
  if (!fallback) fallback = import('./worker.js');
  // re-send whatever is still pending
  for (const p of pending.values()) run(p);
}

// A Worker that crashed, or whose wasm instance can no longer be trusted, is replaced; the
// requests it held fail with `reason` (the figures show it, and their next change starts afresh).
function restart(reason, failed = null, err = null) {
  worker.terminate();
  try {
    adopt(spawn());
  } catch {
    worker = null;
    useFallback();
  }
  for (const p of [...pending.values()]) fail(p, p === failed ? err : new Error(reason));
}

function fail(p, err) {
  pending.delete(p.id);
  busy.delete(p.channel);
  deliver(() => p.reject(err));
  next(p.channel);
}

function settle(msg) {
  const p = pending.get(msg.id);
  if (!p) return;
  if (msg.error) {
    const E = msg.error.name === 'RangeError' ? RangeError : msg.error.name === 'TypeError' ? TypeError : Error;
    const err = new E(msg.error.message);
    if (E === Error) err.name = msg.error.name ?? 'Error'; // e.g. RuntimeError, a trap
    return msg.fatal && worker ? restart(msg.error.message, p, err) : fail(p, err);
  }
  pending.delete(p.id);
  busy.delete(p.channel);
  deliver(() => p.resolve(msg.result));
  next(p.channel);
}

// Answers wait for the next frame (or a task, while the page is hidden and frames stop). A page can
// also stop getting frames while it looks visible (an iframe scrolled out of its parent's view, a
// browser throttling it): after FRAME_WAIT ms a timer hands the answers over instead, so a figure's
// state never waits on painting.
const FRAME_WAIT = 250;
let handovers = [];
function deliver(f) {
  handovers.push(f);
  if (handovers.length > 1) return;
  let frame = 0,
    timer = 0;
  const flush = () => {
    if (frame) cancelAnimationFrame(frame);
    clearTimeout(timer);
    const now = handovers;
    handovers = [];
    for (const g of now) g();
  };
  if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') {
    frame = requestAnimationFrame(() => {
      frame = 0;
      flush();
    });
    timer = setTimeout(flush, FRAME_WAIT);
  } else timer = setTimeout(flush, 0);
}

function next(channel) {
  const w = waiting.get(channel);
  if (w) {
    waiting.delete(channel);
    send(w);
  }
}

function send(p) {
  busy.add(p.channel);
  pending.set(p.id, p);
  run(p);
}

function run({ id, msg }) {
  if (worker) worker.postMessage({ id, ...msg });
  else
    fallback.then(
      (m) => m.handle({ id, ...msg }, settle),
      (err) => settle({ id, error: { name: 'Error', message: String(err) } }),
    );
}

/** Run `recipe(params)` in the Worker. Rejects with Superseded if a newer request on `channel` came
 *  before this one was sent. */
export function compute(channel, recipe, params) {
  startWorker();
  return new Promise((resolve, reject) => {
    const p = { id: nextId++, channel, msg: { channel, recipe, params }, resolve, reject };
    if (!busy.has(channel)) return send(p);
    waiting.get(channel)?.reject(new Superseded());
    waiting.set(channel, p);
  });
}

/**
 * Start the Worker (and its wasm download) now, before any figure asks: it overlaps page setup.
 * `started` is a Worker the page already created from the same worker.js (the page starts it from
 * its first classic script, because a Worker's start-up needs the main thread, which is then busy
 * laying out the document); it should mark itself `posencFailed` if it errs before being adopted.
 */
export function prewarm(started = null) {
  startWorker(started instanceof Worker ? started : null);
}

/** Library version and SIMD flag, once loaded. */
export function libraryInfo() {
  if (!infoPromise) infoPromise = compute('__info', 'info', {});
  return infoPromise;
}
