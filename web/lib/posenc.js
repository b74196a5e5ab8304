// The public API (docs/api.md) as thin wrappers over the Embind module. Each function hands
// the caller's options object to the module, whose binding fills the core's options struct by
// name (cpp/bindings/js_objects.hpp): types, defaults and every rule are the core's. This layer
// only checks what never reaches the core as an option (the arrays passed beside the options),
// and rethrows the module's errors.
//
// Every result is a fresh JavaScript-owned array. Embind already returns copies; the
// only views over wasm memory are WasmBuffer.view() and rope(buffer, { inPlace: true }).

import { addressOf, createBuffer, handleOf, isWasmBuffer } from './buffer.js';
import { coreError, typeError, unwrap } from './errors.js';
import { boolean, float32Array, isFloat32Array, numberArray, numberRows, options } from './validate.js';

// Functions of one options object: name -> the module function of the same job.
const OPTION_FUNCTIONS = {
  relativeDistance: 'relativeDistance',
  ropeFrequencies: 'ropeFrequencies',
  /** Beyond the article: the factor that multiplies cos and sin under a scaling (1 when none applies). */
  ropeAttentionFactor: 'ropeAttentionFactor',
  ropeMatrix: 'ropeMatrix',
  ropeDecayBound: 'ropeDecayBound',
  alibiSlopes: 'alibiSlopes',
  alibiBias: 'alibiBias',
  t5Buckets: 't5Buckets',
  /** Addition to API.md: DeBERTa v2/v3 log buckets of i - j (make_log_bucket_position). */
  debertaLogBuckets: 'debertaLogBuckets',
};

// Functions of (q, k, options).
const QUERY_KEY_FUNCTIONS = {
  attentionScores: 'attentionScores',
  ropeScoreByDistance: 'ropeScoreByDistance',
};

/**
 * Builds the PosEnc object over an instantiated module.
 * @param {object} M the Embind module
 * @param {object | { error: Error } | null} models the model-config module, the error that kept it
 *   from loading, or null when load() was told to leave it out
 * @param {(() => Promise<object>) | null} fetchModels fetches the model-config module (for loadModels())
 */
export function createPosEnc(M, models = null, fetchModels = null) {
  const maxElements = M.maxElements();
  const limits = Object.freeze({ maxElements, maxDim: M.maxDim(), positionLimit: M.positionLimit() });
  installReaderHelpers(M, maxElements);
  const reader = modelReader(models, fetchModels, maxElements);
  const configModule = () => reader.module();

  // A Float32Array that is itself a view over wasm memory (buffer.view()) must be copied
  // first: the module may grow the heap while reading it, which would detach the view.
  const inputCopy = (array) => (M.HEAPU8 !== undefined && array.buffer === M.HEAPU8.buffer ? array.slice() : array);
  const f32 = (value, name) => inputCopy(float32Array(value, name, maxElements));

  const posenc = {
    version: M.version(),
    simd: M.simd(),
    /** Addition to API.md: the instruction set of the SIMD kernels ("wasm-simd128") or "scalar". */
    arch: M.arch(),
    /** Addition to API.md: the core's limits. */
    limits,

    sinusoidal(o) {
      options(o);
      return unwrap(typeof o.positions === 'number' ? M.sinusoidal(o) : M.sinusoidalAt(o));
    },

    learned: (o) => learned(M, o),
    relative: (o) => relative(M, o, f32),

    buffer(length) {
      if (typeof length !== 'number') throw typeError('length', 'a number', length);
      const handle = unwrap(M.createBuffer(length));
      return createBuffer(M, handle, handle.length());
    },

    rope: (x, o) => rope(M, x, o, inputCopy, maxElements),

    /** A rope() call prepared once (options read and checked now), for calls made again and again. */
    ropePlan: (o) => ropePlan(M, options(o), maxElements),

    /** A model's RoPE from its config.json (the parsed object or its text), for one layer type. */
    ropeFromConfig: (config, o = {}) => withNotes(configModule(), 'ropeFromConfig', config, o),

    /** The llama.cpp flags that reproduce a model's RoPE, and what they cannot express. */
    llamaCppFlags: (config, o = {}) => withNotes(configModule(), 'llamaCppFlags', config, o),

    /** Addition to API.md: fetch the model-config module that load({ models: false }) left out, or that
     *  failed to load; resolves to this object once ropeFromConfig and llamaCppFlags work. */
    async loadModels() {
      await reader.fetch();
      return posenc;
    },

    /** Addition to API.md (precision lab): angle, cos, sin of each (position, pair) under a variant. */
    ropePrecision: (o) => unwrap(M.ropePrecision(options(o), false)),

    /** Addition to API.md (precision lab): per position, the largest error against float64. */
    ropePrecisionErrors: (o) => unwrap(M.ropePrecision(options(o), true)),

    /** Addition to API.md: per pair, the signed angle from b's pair to a's (what RoPE turns by m - n). */
    pairAngles: (a, b, o) => unwrap(M.pairAngles(f32(a, 'a'), f32(b, 'b'), options(o))),

    /** Addition to API.md: values rounded to bfloat16 (round to nearest even, from float32). */
    roundBfloat16: (values) => unwrap(M.roundBfloat16(numberArray(values, 'values', maxElements))),

    /** Addition to API.md: values rounded to float16 (round to nearest even, overflow to Infinity, subnormals). */
    roundFloat16: (values) => unwrap(M.roundFloat16(numberArray(values, 'values', maxElements))),

    ...memoryFunctions(M),
  };
  for (const [name, target] of Object.entries(OPTION_FUNCTIONS)) {
    posenc[name] = (o) => unwrap(M[target](options(o)));
  }
  for (const [name, target] of Object.entries(QUERY_KEY_FUNCTIONS)) {
    posenc[name] = (q, k, o) => unwrap(M[target](f32(q, 'q'), f32(k, 'k'), options(o)));
  }
  return Object.freeze(posenc);
}

// The model-config module as load() left it, and fetched later on demand.
function modelReader(initial, fetchModels, maxElements) {
  let models = initial;
  const loaded = () => models !== null && !models.error;
  if (loaded()) installReaderHelpers(models, maxElements);
  return {
    module: () => modelsOrThrow(models),
    async fetch() {
      if (loaded()) return;
      if (!fetchModels) throw new Error('posenc: this object has no model-config module to fetch');
      const module = await fetchModels();
      installReaderHelpers(module, maxElements);
      models = module;
    },
  };
}

// A model-config function's result with its notes, which the module gives as codes with values, as sentences
// in the language o.lang names ('en', the default, or 'zh').
function withNotes(models, name, config, o) {
  const result = unwrap(models[name](configText(config), options(o)));
  result.notes = models.renderNotes(result.notes, o.lang);
  return result;
}

// The model-config module, or why it is not there.
function modelsOrThrow(models) {
  if (models === null) {
    throw new Error(
      'posenc: reading model configs needs the model-config module, which load({ models: false }) ' +
        'leaves out: await posenc.loadModels() first, or call load() without it',
    );
  }
  if (models.error) throw models.error;
  return models;
}

// Additions to API.md about the wasm heap.
function memoryFunctions(M) {
  return {
    /** Bytes currently allocated in the wasm heap (for leak checks). */
    heapBytes: () => M.heapBytes(),

    /**
     * The size bound of rope()'s cos/sin cache, in floats (default 2^22 = 16 MiB); ropeCacheLimit(n)
     * sets it (0 turns the cache off and frees it) and returns the previous bound. The cache never
     * changes a result.
     */
    ropeCacheLimit(limit) {
      if (limit !== undefined && typeof limit !== 'number') throw typeError('limit', 'a number', limit);
      return unwrap(M.ropeCacheLimit(limit));
    },
  };
}

// What the core's object reader calls back for (cpp/bindings/js_objects.hpp): errors in this
// layer's wording, and number lists as Float64Arrays. They return an Error rather than throw:
// a JavaScript exception must not unwind through wasm frames.
export function installReaderHelpers(M, maxElements) {
  M.posencError = coreError;
  M.posencTypeError = typeError;
  M.posencNumbers = (value, name) => {
    try {
      return numberRows(value, name, maxElements);
    } catch (error) {
      return error;
    }
  };
}

// A config as JSON text: text as given; an object serialised here, where a cycle, a throwing
// getter or a too-deep nesting is an ordinary JavaScript error. Non-finite numbers keep their
// value as Python's json writes it (NaN, Infinity), which JSON.stringify would turn into null.
function configText(config) {
  if (typeof config === 'string') return config;
  if (config === null || typeof config !== 'object' || Array.isArray(config) || ArrayBuffer.isView(config)) {
    throw typeError('config', "a model's config object or its JSON text", config);
  }
  const marker = '\u0000posenc-number\u0000';
  let text;
  try {
    text = JSON.stringify(config, (key, value) =>
      typeof value === 'number' && !Number.isFinite(value) ? `${marker}${value}${marker}` : value,
    );
  } catch (error) {
    throw new TypeError(`config must be a JSON-serialisable object, got one that fails: ${error.message}`);
  }
  return text.replaceAll(/"\\u0000posenc-number\\u0000(NaN|Infinity|-Infinity)\\u0000posenc-number\\u0000"/g, '$1');
}

// A learned table: its parameters as the core resolved them, the table, and encode().
function learned(M, o) {
  const resolved = unwrap(M.learnedOptions(options(o)));
  return Object.freeze({
    ...resolved,
    table: () => unwrap(M.learnedTable(resolved)),
    encode: (positions) => unwrap(M.learnedEncode(resolved, { positions })),
    [Symbol.toStringTag]: 'LearnedTable',
  });
}

// A trained relative table (DeBERTa): its parameters, the table, and the disentangled scores.
function relative(M, o, f32) {
  const resolved = unwrap(M.relativeOptions(options(o)));
  return Object.freeze({
    ...resolved,
    table: () => unwrap(M.relativeTable(resolved)),
    scores: (q, k, so) => unwrap(M.relativeScores(resolved, f32(q, 'q'), f32(k, 'k'), options(so))),
    [Symbol.toStringTag]: 'RelativeTable',
  });
}

// A prepared rope(): the options are checked once, and apply() calls the module's plain exports
// with addresses and numbers. A Float32Array passes through the plan's scratch space in wasm memory
// (copied in and out with TypedArray.set); a WasmBuffer is rotated where it lies.
function ropePlan(M, o, maxElements) {
  const handle = unwrap(M.createRopePlan(o));
  const plan = handle.address();
  let floats = 0,
    floatsAt = 0,
    positions = 0,
    positionsAt = 0;
  const failed = () => {
    throw handle.error();
  };
  function rowsOf(x) {
    if (isFloat32Array(x)) {
      float32Array(x, 'x', maxElements);
      if (x.buffer === M.HEAPU8.buffer) {
        throw new TypeError(
          'x must be a Float32Array outside wasm memory or a WasmBuffer, got a view over wasm ' +
            'memory (pass the WasmBuffer itself)',
        );
      }
      if (x.length > floats) {
        floatsAt = handle.floats(x.length);
        floats = x.length;
      }
      M.HEAPF32.set(x, floatsAt >>> 2);
      return floatsAt;
    }
    return addressOf(x, 'x', M);
  }
  function apply(x, where = 0) {
    if (handle.isDeleted()) throw new TypeError('a freed RopePlan cannot be applied (it was freed with free())');
    const at = rowsOf(x);
    let status;
    if (typeof where === 'number') {
      status = M._posenc_plan_apply(plan, at, x.length, where);
    } else {
      const listed = numberRows(where, 'positions', maxElements);
      if (listed.length > positions) {
        positionsAt = handle.positions(listed.length);
        positions = listed.length;
      }
      M.HEAPF64.set(listed, positionsAt >>> 3);
      status = M._posenc_plan_apply_positions(plan, at, x.length, positionsAt, listed.length);
    }
    if (status !== 0) failed();
    // The rotation may have grown wasm memory: read through the module's current view.
    if (isFloat32Array(x)) x.set(M.HEAPF32.subarray(floatsAt >>> 2, (floatsAt >>> 2) + x.length));
    return x;
  }
  return Object.freeze({
    apply,
    free: () => {
      if (!handle.isDeleted()) handle.delete();
    },
    [Symbol.toStringTag]: 'RopePlan',
  });
}

// rope() on a Float32Array (a fresh result, or in place) or on a WasmBuffer.
function rope(M, x, o, inputCopy, maxElements) {
  options(o);
  const inPlace = boolean(o, 'inPlace', false);
  if (isFloat32Array(x)) {
    float32Array(x, 'x', maxElements);
    if (!inPlace) return unwrap(M.rope(inputCopy(x), o));
    // A view over wasm memory (a WasmBuffer's view()) cannot be written back safely
    // if the heap grows during the call: take the copying route for it.
    if (inputCopy(x) !== x) {
      x.set(unwrap(M.rope(x.slice(), o)));
      return x;
    }
    unwrap(M.ropeInto(x, o));
    return x;
  }
  if (!isWasmBuffer(x)) throw typeError('x', 'a Float32Array or a WasmBuffer', x);
  const handle = handleOf(x, 'x', M);
  if (inPlace) {
    unwrap(M.ropeBuffer(handle, o));
    return x.view();
  }
  // A fresh array; the buffer stays as it is. Copy out first (see inputCopy).
  return unwrap(M.rope(handle.view().slice(), o));
}
