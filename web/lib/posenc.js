// The public API (shared/API.md) as thin wrappers over the Embind module: check types,
// fill in defaults, call the module, rethrow its errors. No math here: every number
// comes from the C++ core.
//
// Every result is a fresh JavaScript-owned array. Embind already returns copies; the
// only views over wasm memory are WasmBuffer.view() and rope(buffer, { inPlace: true }).

import { createBuffer, handleOf, isWasmBuffer } from './buffer.js';
import { typeError, unwrap } from './errors.js';
import {
  REQUIRED, boolean, float32Array, isFloat32Array, number, numberArray, options, string,
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

  const f32 = (value, name) => inputCopy(float32Array(value, name, maxElements));
  const positionsOf = (value, name) => numberArray(value, name, maxElements);

  // A Float32Array that is itself a view over wasm memory (buffer.view()) must be copied
  // first: the module may grow the heap while reading it, which would detach the view.
  function inputCopy(array) {
    return M.HEAPU8 !== undefined && array.buffer === M.HEAPU8.buffer ? array.slice() : array;
  }

  function ropeArgs(o) {
    const dim = number(o, 'dim');
    return [
      dim,
      number(o, 'heads', 1),
      number(o, 'base', DEFAULT_BASE),
      string(o, 'layout', DEFAULT_LAYOUT),
      number(o, 'offset', 0),
      o.positions === undefined ? null : positionsOf(o.positions, 'positions'),
      number(o, 'rotaryDim', dim),
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

  function rope(x, o) {
    options(o);
    const inPlace = boolean(o, 'inPlace', false);
    if (isFloat32Array(x)) {
      const args = ropeArgs(o);
      float32Array(x, 'x', maxElements);
      const y = unwrap(M.rope(inputCopy(x), ...args));
      if (!inPlace) return y;
      x.set(y);
      return x;
    }
    if (!isWasmBuffer(x)) throw typeError('x', 'a Float32Array or a WasmBuffer', x);
    const handle = handleOf(x, 'x', M);
    const args = ropeArgs(o);
    if (inPlace) {
      unwrap(M.ropeBuffer(handle, ...args));
      return x.view();
    }
    // A fresh array; the buffer stays as it is. Copy out first (see inputCopy).
    return unwrap(M.rope(handle.view().slice(), ...args));
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

    ropeFrequencies(o) {
      options(o);
      return unwrap(M.ropeFrequencies(number(o, 'dim'), number(o, 'base', DEFAULT_BASE)));
    },

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
  };
  return Object.freeze(posenc);
}
