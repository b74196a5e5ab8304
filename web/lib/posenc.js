// The public API (shared/API.md) as thin wrappers over the Embind module: check types,
// fill in defaults, call the module, rethrow its errors. No math here: every number
// comes from the C++ core.
//
// Every result is a fresh JavaScript-owned array. Embind already returns copies; the
// only views over wasm memory are WasmBuffer.view() and rope(buffer, { inPlace: true }).

import { createBuffer, handleOf, isWasmBuffer } from './buffer.js';
import { rangeError, typeError, unwrap } from './errors.js';
import {
  REQUIRED, boolean, float32Array, isFloat32Array, number, numberArray, numberRows, options, string,
} from './validate.js';

const DEFAULT_BASE = 10000;
const DEFAULT_STD = 0.02;
const DEFAULT_LAYOUT = 'interleaved';

/**
 * Builds the PosEnc object over an instantiated module.
 * @param {object} M the Embind module
 */
export function createPosEnc(M) {
  const maxElements = M.maxElements();
  const limits = Object.freeze({ maxElements, maxDim: M.maxDim(), positionLimit: M.positionLimit() });
  // What the core's object reader calls back for (cpp/bindings/js_objects.hpp): errors in this
  // layer's wording, and number lists as Float64Arrays. They return an Error rather than throw.
  M.posencTypeError = typeError;
  M.posencNumbers = (value, name) => {
    try {
      return numberRows(value, name, maxElements);
    } catch (error) {
      return error;
    }
  };

  const f32 = (value, name) => inputCopy(float32Array(value, name, maxElements));
  const positionsOf = (value, name) => numberArray(value, name, maxElements);

  // A Float32Array that is itself a view over wasm memory (buffer.view()) must be copied
  // first: the module may grow the heap while reading it, which would detach the view.
  function inputCopy(array) {
    return M.HEAPU8 !== undefined && array.buffer === M.HEAPU8.buffer ? array.slice() : array;
  }

  function precisionArgs(o) {
    options(o);
    return [
      string(o, 'variant'),
      positionsOf(o.positions, 'positions'),
      number(o, 'dim'),
      number(o, 'base', DEFAULT_BASE),
    ];
  }

  function learned(o) {
    options(o);
    const maxLen = number(o, 'maxLen');
    const dim = number(o, 'dim');
    const seed = number(o, 'seed', 0);
    const std = number(o, 'std', DEFAULT_STD);
    // Validate now through the core (encoding no position checks every parameter).
    unwrap(M.learnedEncode(maxLen, dim, seed, std, new Float64Array(0)));
    return Object.freeze({
      maxLen, dim, seed, std,
      table: () => unwrap(M.learnedTable(maxLen, dim, seed, std)),
      encode: (positions) => unwrap(M.learnedEncode(maxLen, dim, seed, std, positionsOf(positions, 'positions'))),
      [Symbol.toStringTag]: 'LearnedTable',
    });
  }

  function relative(o) {
    options(o);
    const min = number(o, 'min');
    const max = number(o, 'max');
    const dim = number(o, 'dim');
    const seed = number(o, 'seed', 0);
    const std = number(o, 'std', DEFAULT_STD);
    unwrap(M.relativeTable(min, max, dim, seed, std));   // validates every parameter
    return Object.freeze({
      min, max, dim, seed, std,
      table: () => unwrap(M.relativeTable(min, max, dim, seed, std)),
      scores(q, k, so) {
        q = f32(q, 'q');
        k = f32(k, 'k');
        options(so);
        const scoreDim = number(so, 'dim');
        if (scoreDim !== dim) {
          throw new RangeError(`dim must equal the table's dim ${dim}, got ${scoreDim}`);
        }
        const scale = boolean(so, 'scale', true);
        return unwrap(M.relativeScores(min, max, dim, seed, std, q, k, scale));
      },
      [Symbol.toStringTag]: 'RelativeTable',
    });
  }

  // Options are read by the core from `o` itself, field by field (cpp/bindings/js_objects.hpp).
  function rope(x, o) {
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

  function attentionScores(q, k, o) {
    q = f32(q, 'q');
    k = f32(k, 'k');
    options(o);
    const dim = number(o, 'dim');
    const encoding = string(o, 'encoding');
    // min and max have no default: the clip range is part of the model (DeBERTa's k).
    const relativeRange = encoding === 'relative' ? REQUIRED : 0;
    for (const key of encoding === 'relative' ? ['min', 'max'] : []) {
      if (o[key] === undefined) throw typeError(key, "a number (required for encoding 'relative')", undefined);
    }
    return unwrap(M.attentionScores(
      q, k, dim, encoding,
      number(o, 'base', DEFAULT_BASE),
      boolean(o, 'scale', true),
      number(o, 'maxLen', 512),
      number(o, 'min', relativeRange),
      number(o, 'max', relativeRange),
      number(o, 'seed', 0),
      string(o, 'layout', DEFAULT_LAYOUT),
    ));
  }

  const posenc = {
    version: M.version(),
    simd: M.simd(),
    /** Addition to API.md: the instruction set of the SIMD kernels ("sse4.1" = wasm SIMD128) or "scalar". */
    arch: M.arch(),
    /** Addition to API.md: the core's limits. */
    limits,

    sinusoidal(o) {
      options(o);
      const dim = number(o, 'dim');
      const base = number(o, 'base', DEFAULT_BASE);
      const layout = string(o, 'layout', DEFAULT_LAYOUT);
      const p = o.positions;
      if (typeof p === 'number') return unwrap(M.sinusoidal(p, dim, base, layout));
      const positions = numberArray(p, 'positions', maxElements, 'a number or an array of numbers');
      return unwrap(M.sinusoidalAt(positions, dim, base, layout));
    },

    learned,

    relativeDistance(o) {
      options(o);
      const queryLen = number(o, 'queryLen');
      const keyLen = number(o, 'keyLen', queryLen);
      return unwrap(M.relativeDistance(queryLen, keyLen, number(o, 'min'), number(o, 'max')));
    },

    relative,

    buffer(length) {
      if (typeof length !== 'number') throw typeError('length', 'a number', length);
      const handle = unwrap(M.createBuffer(length));
      return createBuffer(M, handle, handle.length());
    },

    ropeFrequencies: (o) => unwrap(M.ropeFrequencies(options(o))),

    /** Beyond the article: the factor that multiplies cos and sin under a scaling (1 when none applies). */
    ropeAttentionFactor: (o) => unwrap(M.ropeAttentionFactor(options(o))),

    alibiSlopes(o) {
      options(o);
      return unwrap(M.alibiSlopes(number(o, 'heads'), number(o, 'maxBias', 8)));
    },

    alibiBias(o) {
      options(o);
      const queryLen = number(o, 'queryLen');
      return unwrap(M.alibiBias(queryLen, number(o, 'keyLen', queryLen), number(o, 'slope'), boolean(o, 'causal', false)));
    },

    t5Buckets(o) {
      options(o);
      const queryLen = number(o, 'queryLen');
      return unwrap(M.t5Buckets(queryLen, number(o, 'keyLen', queryLen), number(o, 'numBuckets', 32),
        number(o, 'maxDistance', 128), boolean(o, 'bidirectional', true)));
    },

    /** Addition to API.md: DeBERTa v2/v3 log buckets of i - j (make_log_bucket_position). */
    debertaLogBuckets(o) {
      options(o);
      const queryLen = number(o, 'queryLen');
      return unwrap(M.debertaLogBuckets(queryLen, number(o, 'keyLen', queryLen), number(o, 'bucketSize'),
        number(o, 'maxPosition')));
    },

    /** Addition to API.md (precision lab): angle, cos, sin of each (position, pair) under a variant. */
    ropePrecision(o) {
      return unwrap(M.ropePrecision(...precisionArgs(o), false));
    },

    /** Addition to API.md (precision lab): per position, the largest error against float64. */
    ropePrecisionErrors(o) {
      return unwrap(M.ropePrecision(...precisionArgs(o), true));
    },

    /** Addition to API.md: values rounded to bfloat16 (round to nearest even, from float32). */
    roundBfloat16: (values) => unwrap(M.roundTo('bfloat16', numberArray(values, 'values', maxElements))),

    /** Addition to API.md: values rounded to float16 (round to nearest even, overflow to Infinity, subnormals). */
    roundFloat16: (values) => unwrap(M.roundTo('float16', numberArray(values, 'values', maxElements))),

    rope,

    ropeMatrix(o) {
      options(o);
      return unwrap(M.ropeMatrix(number(o, 'position'), number(o, 'dim'), number(o, 'base', DEFAULT_BASE)));
    },

    attentionScores,

    ropeScoreByDistance(q, k, o) {
      q = f32(q, 'q');
      k = f32(k, 'k');
      options(o);
      return unwrap(M.ropeScoreByDistance(q, k, number(o, 'dim'), number(o, 'base', DEFAULT_BASE),
        number(o, 'maxDistance')));
    },

    ropeDecayBound(o) {
      options(o);
      return unwrap(M.ropeDecayBound(number(o, 'dim'), number(o, 'base', DEFAULT_BASE), number(o, 'maxDistance')));
    },

    /** Addition to API.md: bytes currently allocated in the wasm heap (for leak checks). */
    heapBytes: () => M.heapBytes(),

    /**
     * Addition to API.md: the size bound of rope()'s cos/sin cache, in floats (default
     * 2^22 = 16 MiB); ropeCacheLimit(n) sets it (0 turns the cache off and frees it) and
     * returns the previous bound. The cache never changes a result.
     */
    ropeCacheLimit(limit) {
      if (limit !== undefined && typeof limit !== 'number') throw typeError('limit', 'a number', limit);
      return unwrap(M.ropeCacheLimit(limit));
    },
  };
  return Object.freeze(posenc);
}
