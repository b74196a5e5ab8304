// load(): pick the SIMD128 or the scalar wasm build, instantiate it once, wrap it.
//
// The .mjs glue files (Emscripten MODULARIZE factories) sit next to this file and are
// imported with literal specifiers, the .wasm files are found with literal
// `new URL('./x.wasm', import.meta.url)`, so bundlers that understand that pattern (Vite,
// webpack 5) see and copy all four; with others (esbuild) the app copies the .wasm files or
// passes `wasmUrl`. Works in Node >= 20.16, browser pages and module Workers.

import { typeError } from './errors.js';
import { createPosEnc } from './posenc.js';

// A module of one function () -> v128 whose body is `instructions` (no locals), for WebAssembly.validate.
function v128Probe(instructions) {
  const body = [0x00, ...instructions, 0x0b]; // no locals, the instructions, end
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
    ...[0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b], // type section: () -> v128
    ...[0x03, 0x02, 0x01, 0x00], // function section: one function of type 0
    ...[0x0a, body.length + 2, 0x01, body.length, ...body], // code section: its one body
  ]);
}
const V128_ZERO = [0x41, 0x00, 0xfd, 0x0f]; // i32.const 0, i8x16.splat
const POPCNT = [0xfd, 0x62]; // i8x16.popcnt

// SIMD128, the idea of wasm-feature-detect's simd detector:
//   (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt))
// i8x16.popcnt came last into the final SIMD proposal, so early prototypes fail it.
const SIMD_PROBE = v128Probe([...V128_ZERO, ...POPCNT]);

// The SIMD flavour is also built with WebAssembly exception handling, which engines got a few
// versions after SIMD128 (Chrome 95 / 91, Firefox 100 / 89). This module needs both:
//   (module (func (result v128)
//     try (result v128) i32.const 0 i8x16.splat i8x16.popcnt catch_all i32.const 0 i8x16.splat end))
const SIMD_EH_PROBE = v128Probe([0x06, 0x7b, ...V128_ZERO, ...POPCNT, 0x19, ...V128_ZERO, 0x0b]); // try ... end

const validates = (bytes) => {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(bytes);
  } catch {
    return false;
  }
};

let simdSupport, simdFlavourSupport;
/** True when this JavaScript engine runs WebAssembly SIMD128. */
export function simdSupported() {
  simdSupport ??= validates(SIMD_PROBE);
  return simdSupport;
}
/** True when the SIMD flavour runs here: SIMD128 and WebAssembly exception handling. */
function simdFlavourSupported() {
  simdFlavourSupport ??= simdSupported() && validates(SIMD_EH_PROBE);
  return simdFlavourSupport;
}

// `simd` marks the SIMD128 build of a module (the length lab's too, web/lib/load-lab.js), which
// instantiate() holds the module's own answer to.
const FLAVOURS = {
  simd: {
    simd: true,
    file: 'posenc-simd.wasm',
    url: () => new URL('./posenc-simd.wasm', import.meta.url),
    factory: () => import('./posenc-simd.mjs'),
  },
  scalar: {
    file: 'posenc-scalar.wasm',
    url: () => new URL('./posenc-scalar.wasm', import.meta.url),
    factory: () => import('./posenc-scalar.mjs'),
  },
};

// The model-config reader (ropeFromConfig, llamaCppFlags): a module of its own, so that a page
// that reads no config does not download it; one build serves every engine.
const MODELS = {
  file: 'posenc-models.wasm',
  url: () => new URL('./posenc-models.wasm', import.meta.url),
  factory: () => import('./posenc-models.mjs'),
};

const isNode =
  typeof process === 'object' &&
  typeof process.versions?.node === 'string' &&
  typeof process.getBuiltinModule === 'function';

// Node built-ins through process.getBuiltinModule (Node >= 20.16): no import statement,
// so bundlers building for the browser never see 'fs'.
const builtin = (name) => process.getBuiltinModule(name);

export function resolveUrl(value) {
  if (value instanceof URL) return value;
  try {
    return new URL(value); // absolute: file:, http:, https:, data:, blob:
  } catch {
    /* relative */
  }
  if (isNode) {
    // path.resolve drops a trailing slash, which says "a directory holding the builds": keep it.
    const url = builtin('node:url').pathToFileURL(builtin('node:path').resolve(value));
    if (/[\\/]$/.test(value) && !url.pathname.endsWith('/')) url.pathname += '/';
    return url;
  }
  return new URL(value, globalThis.document?.baseURI ?? globalThis.location?.href);
}

async function readBytes(url) {
  if (url.protocol === 'file:') return builtin('node:fs').promises.readFile(url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.href}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** True when `bytes` start like an HTML page (`<`, after any white space or byte order mark). */
function looksLikeHtml(bytes) {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || (bytes[i] >= 0x09 && bytes[i] <= 0x0d))) i++;
  return bytes[i] === 0x3c;
}

/**
 * Browsers: fetch and compile the wasm now, while the glue module is still being imported (the glue
 * would only start the download once it has been fetched and evaluated). Resolves to a
 * WebAssembly.Module; rejects with an error naming the URL.
 */
function compileEarly(wasmUrl) {
  const compiled = (async () => {
    let response;
    try {
      response = await fetch(wasmUrl, { credentials: 'same-origin' });
    } catch (error) {
      throw new Error(`posenc: cannot fetch ${wasmUrl.href}: ${error.message}`, { cause: error });
    }
    if (!response.ok) throw new Error(`posenc: cannot fetch ${wasmUrl.href}: HTTP ${response.status}`);
    // A server that does not have the file may answer with its HTML page (a dev server's or a
    // single-page app's fallback): say so, instead of WebAssembly's "expected magic word 00 61 73 6d,
    // found 3c 21 64 6f". Some send that page as application/octet-stream: the bytes tell then.
    const html = () =>
      new Error(`posenc: got HTML instead of wasm: the server did not serve ${wasmUrl.href}; see README, Bundlers`);
    const type = response.headers.get('content-type') ?? '';
    if (/^text\/html\b/i.test(type)) throw html();
    // streaming compilation needs the right MIME type, which not every static host sends
    if (typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/.test(type)) {
      return WebAssembly.compileStreaming(response);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (looksLikeHtml(bytes)) throw html();
    return WebAssembly.compile(bytes);
  })();
  compiled.catch(() => {}); // reported by instantiate(), not as an unhandled rejection
  return compiled;
}

// What to do about a glue file that failed to import: the engine's message names the URL it tried (a
// bundler's hashed name), which may be on another origin than the page's.
function glueHint(message) {
  const url = /https?:\/\/\S+/.exec(message)?.[0],
    page = globalThis.location?.origin;
  return url && page && new URL(url).origin !== page
    ? `${url} is on another origin than the page: its server must send CORS headers (Access-Control-Allow-Origin)`
    : 'in a source checkout, run `npm run build` first';
}

// The glue's module: its default export is the factory; the model-config glue also exports renderNotes
// (web/lib/notes.js, which it imports from beside it).
async function importGlue(flavour) {
  try {
    return await flavour.factory();
  } catch (error) {
    throw new Error(
      `posenc: cannot import the wasm glue ${flavour.file.replace('.wasm', '.mjs')} next to ` +
        `${import.meta.url} (${glueHint(error.message)}): ${error.message}`,
      { cause: error },
    );
  }
}

// The Module options of one start: where the wasm comes from, and Emscripten's hook for instantiating the module
// ourselves from the early compile (`failed` rejects when that fails, which would otherwise leave the factory's
// promise pending forever). The runtime prints its own lines when starting fails ("failed to asynchronously
// prepare wasm", "Aborted(...)"); the error load() rejects with says the same, so they are held back until
// `started()` is called, and printed from then on.
async function moduleOptionsFor(wasmUrl, compiled) {
  let isStarted = false;
  const options = {
    printErr: (text) => {
      if (isStarted) console.warn(text);
    },
  };
  if (isNode) {
    // Emscripten cannot fetch file: URLs in Node: hand it the bytes.
    try {
      options.wasmBinary = await readBytes(wasmUrl);
    } catch (error) {
      throw new Error(`posenc: cannot read ${wasmUrl.href}: ${error.message}`, { cause: error });
    }
  } else {
    options.locateFile = (path, prefix) => (path.endsWith('.wasm') ? wasmUrl.href : prefix + path);
  }
  const failed = compiled
    ? new Promise((_, reject) => {
        options.instantiateWasm = (imports, receiveInstance) => {
          compiled
            .then((module) =>
              WebAssembly.instantiate(module, imports).then(
                (instance) => receiveInstance(instance, module),
                (error) => {
                  throw new Error(`posenc: cannot instantiate ${wasmUrl.href}: ${error.message}`, { cause: error });
                },
              ),
            )
            .catch(reject);
          return {}; // asynchronous: the exports arrive through receiveInstance
        };
      })
    : null;
  return { options, failed, started: () => (isStarted = true) };
}

const flavourName = (simd) => (simd ? 'SIMD128' : 'scalar');

// The error for a module whose start failed: what failed and its cause first, a guess after them.
function startError(flavour, wasmUrl, error) {
  const cause = error?.message ?? String(error);
  if (/^posenc: /.test(cause)) return error;
  // The glue's own check of the runtime (an older Node): no file or flavour would start there.
  const node = /^posenc needs (Node >= [\d.]+)/.exec(cause);
  if (node) {
    const running = typeof process === 'object' ? `, this is Node ${process.version}` : '';
    return new Error(`posenc: needs ${node[1]} (process.getBuiltinModule)${running}`, { cause: error });
  }
  if (flavour === MODELS) return new Error(`posenc: cannot start ${wasmUrl.href}: ${cause}`, { cause: error });
  // e.g. the other flavour's binary: its imports may link by name and then trap at start-up
  const simd = flavour.simd === true;
  return new Error(
    `posenc: cannot start ${wasmUrl.href} with the ${flavourName(simd)} glue: ${cause} ` +
      `(if it is the other flavour's binary, pass simd: ${!simd} with this wasmUrl)`,
    { cause: error },
  );
}

// Instantiates one Emscripten module (a FLAVOURS entry, MODELS, or a flavour of the lab) from wasmUrl.
export async function instantiate(flavour, wasmUrl) {
  const compiled = isNode ? null : compileEarly(wasmUrl);
  const glue = await importGlue(flavour);
  const factory = glue.default;
  const { options, failed, started } = await moduleOptionsFor(wasmUrl, compiled);
  let M, simd;
  try {
    M = await (failed ? Promise.race([factory(options), failed]) : factory(options));
    started();
    if (flavour === MODELS) {
      M.renderNotes = glue.renderNotes;
      return M;
    }
    simd = M.simd();
  } catch (error) {
    throw startError(flavour, wasmUrl, error);
  }
  // The two glue files are not interchangeable (minified import names): a wasm file of the
  // other flavour may fail to link, or link to the wrong imports. Refuse a mismatch.
  const selected = flavour.simd === true;
  if (simd !== selected) {
    throw new Error(
      `posenc: ${wasmUrl.href} is the ${flavourName(simd)} build, but the ${flavourName(selected)} ` +
        `flavour was selected: pass simd: ${simd} with this wasmUrl`,
    );
  }
  return M;
}

// Promises of instantiated modules, by flavour and URL, and of the APIs over them: load() with
// and without models shares one compute module.
const modules = new Map();
const apis = new Map();

// A memoised promise of make(); a failed one is forgotten, so that it can be retried.
export function memo(cache, key, make) {
  let promise = cache.get(key);
  if (promise === undefined) {
    promise = make();
    cache.set(key, promise);
    promise.catch(() => cache.delete(key));
  }
  return promise;
}

/**
 * Loads the wasm modules (once per distinct options) and returns the API.
 * @param {{ wasmUrl?: string | URL, simd?: boolean, models?: boolean }} [options]
 */
export function load(options = {}) {
  try {
    if (options === null || typeof options !== 'object') throw typeError('options', 'an object', options);
    const { wasmUrl, simd, models = true } = options;
    if (simd !== undefined && typeof simd !== 'boolean') throw typeError('simd', 'a boolean', simd);
    if (typeof models !== 'boolean') throw typeError('models', 'a boolean', models);
    if (wasmUrl !== undefined && typeof wasmUrl !== 'string' && !(wasmUrl instanceof URL)) {
      throw typeError('wasmUrl', 'a string or a URL', wasmUrl);
    }
    const useSimd = simd ?? simdFlavourSupported();
    if (useSimd && !simdSupported()) {
      throw new Error('posenc: load({ simd: true }) but this JavaScript engine has no WebAssembly SIMD128');
    }
    if (useSimd && !simdFlavourSupported()) {
      throw new Error(
        'posenc: load({ simd: true }) but this JavaScript engine has no ' +
          'WebAssembly exception handling, which the SIMD128 build also uses',
      );
    }
    const flavour = useSimd ? FLAVOURS.simd : FLAVOURS.scalar;
    let url = wasmUrl === undefined ? flavour.url() : resolveUrl(wasmUrl);
    if (url.pathname.endsWith('/')) url = new URL(flavour.file, url); // a directory holding both builds
    const key = `${useSimd ? 'simd' : 'scalar'} ${url.href}`;
    // The model-config module sits beside the compute module: next to the library, in the
    // directory wasmUrl names, or beside the file it names.
    const modelsUrl = wasmUrl === undefined ? MODELS.url() : new URL(MODELS.file, url);
    const fetchModels = () => memo(modules, `models ${modelsUrl.href}`, () => instantiate(MODELS, modelsUrl));
    return memo(apis, `${key} ${models}`, async () => {
      const [M, modelsModule] = await Promise.all([
        memo(modules, key, () => instantiate(flavour, url)),
        // A model-config module that fails to load fails only the functions that need it: the
        // compute module works without it (an app may copy just the .wasm it uses).
        models ? fetchModels().catch((error) => ({ error })) : null,
      ]);
      return createPosEnc(M, modelsModule, fetchModels);
    });
  } catch (error) {
    return Promise.reject(error);
  }
}
