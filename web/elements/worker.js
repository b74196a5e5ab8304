// The compute Worker: loads the wasm library once and runs recipes. Messages queue while a recipe
// runs; before starting work we drain the queue and keep only the newest request per channel.
import { load } from '../lib/load.js'; // not index.js: the length lab stays out of the Worker
import { MODEL_RECIPES, RECIPES } from './recipes.js';

let lib = null,
  modelLib = null;
// Start fetching and compiling the wasm as soon as this module runs, not at the first request: the
// page starts the Worker early precisely so that this overlaps the document's parsing and layout.
// A failure here is not reported until a recipe needs the library (then load() runs again). The
// model-config module is fetched only when a recipe reads a config.
const loading = load({ models: false });
loading.catch(() => {});
const queue = [];
let scheduled = false;

function transferables(result) {
  const out = [];
  const walk = (v) => {
    if (!v || typeof v !== 'object') return;
    if (ArrayBuffer.isView(v)) {
      if (!out.includes(v.buffer)) out.push(v.buffer);
      return;
    }
    for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x);
  };
  walk(result);
  return out;
}

async function runOne(msg, reply) {
  try {
    const fn = RECIPES[msg.recipe];
    if (!fn) throw new Error(`unknown recipe ${msg.recipe}`);
    const result = MODEL_RECIPES.has(msg.recipe)
      ? fn((modelLib ??= await load()), msg.params)
      : fn((lib ??= await loading.catch(() => load({ models: false }))), msg.params);
    reply({ id: msg.id, result }, transferables(result));
  } catch (err) {
    // A trap (or an abort, which Emscripten raises as one) can leave the wasm instance half-way
    // through a call: `fatal` asks the client for a fresh Worker rather than trust this one again.
    const fatal = err instanceof WebAssembly.RuntimeError;
    reply({ id: msg.id, error: { name: err?.name ?? 'Error', message: String(err?.message ?? err) }, fatal });
  }
}

async function drain(reply) {
  scheduled = false;
  const newest = new Map();
  for (const m of queue.splice(0)) {
    const old = newest.get(m.channel);
    if (old) reply({ id: old.id, superseded: true });
    newest.set(m.channel, m);
  }
  for (const m of newest.values()) await runOne(m, reply);
}

/** Entry point shared by the Worker and the main-thread fallback. */
export function handle(msg, reply) {
  queue.push(msg);
  if (!scheduled) {
    scheduled = true;
    setTimeout(() => drain(reply), 0);
  }
}

if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  self.onmessage = (e) => handle(e.data, (m, t) => self.postMessage(m, t ?? []));
}
