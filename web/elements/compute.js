// Client side of the compute Worker. A figure asks `compute(channel, recipe, params)`; the Worker
// runs the recipe against the wasm library. Per channel only the newest request matters: older
// ones still queued are dropped (in the Worker) and stale answers are ignored (here), so a slider
// dragged fast stays smooth. If Workers are unavailable, the same module runs on the main thread.

let worker = null;
let fallback = null; // Promise<{ handle }>
let nextId = 1;
const pending = new Map(); // id -> { resolve, reject, channel }
const latest = new Map();  // channel -> newest id
let infoPromise = null;

export class Superseded extends Error { constructor() { super('superseded'); this.name = 'Superseded'; } }

function startWorker(started = null) {
  if (worker || fallback) return;
  try {
    worker = started ?? new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'posenc' });
    worker.onmessage = (e) => settle(e.data);
    worker.onerror = (e) => { e.preventDefault?.(); useFallback(); };
    if (started?.posencFailed) useFallback(); // it failed before we took it over
  } catch {
    useFallback();
  }
}

function useFallback() {
  if (worker) { worker.terminate(); worker = null; }
  if (!fallback) fallback = import(/* main-thread fallback */ new URL('./worker.js', import.meta.url).href);
  // re-send whatever is still pending
  for (const [id, p] of pending) run({ id, ...p.msg });
}

function settle(msg) {
  const p = pending.get(msg.id);
  if (!p) return;
  pending.delete(msg.id);
  if (msg.superseded || latest.get(p.channel) !== msg.id) return p.reject(new Superseded());
  if (msg.error) {
    const E = msg.error.name === 'RangeError' ? RangeError : msg.error.name === 'TypeError' ? TypeError : Error;
    return p.reject(new E(msg.error.message));
  }
  p.resolve(msg.result);
}

function run(msg) {
  if (worker) worker.postMessage(msg);
  else fallback.then((m) => m.handle(msg, settle), (err) => settle({ id: msg.id, error: { name: 'Error', message: String(err) } }));
}

/** Run `recipe(params)` in the Worker. Rejects with Superseded if a newer request on `channel` came. */
export function compute(channel, recipe, params) {
  startWorker();
  const id = nextId++;
  latest.set(channel, id);
  const msg = { channel, recipe, params };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, channel, msg });
    run({ id, ...msg });
  });
}

/**
 * Start the Worker (and its wasm download) now, before any figure asks: it overlaps page setup.
 * `started` is a Worker the page already created from the same worker.js (the page starts it from
 * its first classic script, because a Worker's start-up needs the main thread, which is then busy
 * laying out the document); it should mark itself `posencFailed` if it errs before being adopted.
 */
export function prewarm(started = null) { startWorker(started instanceof Worker ? started : null); }

/** Library version and SIMD flag, once loaded. */
export function libraryInfo() {
  if (!infoPromise) infoPromise = compute('__info', 'info', {});
  return infoPromise;
}
