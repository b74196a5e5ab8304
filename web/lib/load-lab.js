// The package's load(): load.js's, and with { lab: true } the length lab's wasm module beside the
// compute module, which posenc.lab runs on (web/lib/lab.js). Apart from load.js so that what imports
// load.js alone (the figures' Worker, within the embed's download budget) carries none of it.

import { typeError } from './errors.js';
import { labRun } from './lab.js';
import { instantiate, load as loadCompute, memo, resolveUrl } from './load.js';
import { installReaderHelpers } from './posenc.js';

// The lab's two flavours, found like the compute module's (literal URLs, for bundlers).
const LAB = {
  simd: {
    simd: true,
    file: 'posenc-lab-simd.wasm',
    url: () => new URL('./posenc-lab-simd.wasm', import.meta.url),
    factory: () => import('./posenc-lab-simd.mjs'),
  },
  scalar: {
    file: 'posenc-lab-scalar.wasm',
    url: () => new URL('./posenc-lab-scalar.wasm', import.meta.url),
    factory: () => import('./posenc-lab-scalar.mjs'),
  },
};

// Lab modules by URL, and the APIs made over each compute API promise: { false: ..., true: ... }.
const labModules = new Map();
const apis = new WeakMap();

// The lab of the compute module's flavour, from beside it: next to the library, in the directory
// wasmUrl names, or beside the file it names. One that fails to load fails only posenc.lab, as the
// model-config module fails only the functions that read configs.
function labModule(wasmUrl, posenc) {
  const entry = posenc.simd ? LAB.simd : LAB.scalar;
  const url = wasmUrl === undefined ? entry.url() : new URL(entry.file, resolveUrl(wasmUrl));
  const start = async () => {
    const L = await instantiate(entry, url);
    installReaderHelpers(L, posenc.limits.maxElements);
    return L;
  };
  return memo(labModules, url.href, start).catch((error) => ({ error }));
}

// The API with posenc.lab over the lab's module (or null when load() was not asked for it).
function withLab(posenc, lab) {
  const live = lab !== null && !lab.error;
  const api = Object.freeze({
    ...posenc,
    lab(o) {
      if (lab === null)
        throw new Error('posenc: the length lab is a wasm module of its own: load({ lab: true }) loads it');
      if (lab.error) throw lab.error;
      return labRun(lab, o);
    },
    heapBytes: () => posenc.heapBytes() + (live ? lab.heapBytes() : 0),
    // the compute API's model module, which this object's ropeFromConfig reads; resolves to this object
    loadModels: async () => (await posenc.loadModels(), api),
  });
  return api;
}

/**
 * Loads the wasm modules (once per distinct options) and returns the API.
 * @param {{ wasmUrl?: string | URL, simd?: boolean, models?: boolean, lab?: boolean }} [options]
 */
export function load(options = {}) {
  const compute = loadCompute(options); // checks every other option
  if (options === null || typeof options !== 'object') return compute;
  const lab = options.lab ?? false;
  if (typeof lab !== 'boolean') return Promise.reject(typeError('lab', 'a boolean', lab));
  if (!apis.has(compute)) apis.set(compute, {});
  const made = apis.get(compute);
  made[lab] ??= compute.then(async (posenc) => {
    const module = lab ? await labModule(options.wasmUrl, posenc) : null;
    if (module?.error) delete made[lab]; // this API's lab throws; the next load() tries again
    return withLab(posenc, module);
  });
  return made[lab];
}
