/**
 * posenc: positional encodings for transformers (sinusoidal, learned, relative, RoPE),
 * computed by a C++17 SIMD core compiled to WebAssembly.
 *
 * Conventions:
 * - Matrices are row-major `Float32Array`s (distances: `Int32Array`). Every result is a
 *   fresh array owned by JavaScript; the one exception is `rope(buffer, { inPlace: true })`,
 *   which returns `buffer.view()`.
 * - `base` defaults to 10000; `theta_i = base^(-2i/d)` for `i = 0 .. d/2-1`.
 * - Bad input throws and the module stays usable: `TypeError` for a wrong type (and for a
 *   freed buffer), `RangeError` for a number out of range or not an integer, an unknown
 *   option string, or array lengths that do not match the shape. The message names the
 *   parameter and the bad value.
 * - Option objects: a key set to `undefined` counts as absent; unknown keys are ignored.
 *
 * @packageDocumentation
 */

/** Pair layout of a vector: `(x[2i], x[2i+1])` or `(x[i], x[i + d/2])`. */
export type Layout = 'interleaved' | 'half';

/** The encodings `attentionScores` compares. */
export type Encoding = 'none' | 'sinusoidal' | 'learned' | 'rope' | 'relative';

export interface LoadOptions {
  /**
   * Where the `.wasm` file is. Either the URL (or, in Node, the path) of the `.wasm` file of
   * the selected flavour, or a directory URL ending in `/` that holds both
   * `posenc-simd.wasm` and `posenc-scalar.wasm`. Relative strings resolve against the page
   * (browsers) or the working directory (Node). Default: the files next to the library.
   * A single file must match the flavour: with `posenc-scalar.wasm` pass `simd: false`.
   */
  wasmUrl?: string | URL;
  /**
   * Force the flavour: `true` the SIMD128 build, `false` the scalar build. Default: SIMD128
   * when `WebAssembly.validate` accepts a small SIMD module, else scalar.
   */
  simd?: boolean;
}

/**
 * Loads the wasm module and returns the API. Memoised: the same options give the same promise
 * (and one wasm instance). Works in Node >= 20.16, browser pages and module Workers.
 * @example
 * ```js
 * import { load } from 'posenc';
 * const posenc = await load();
 * console.log(posenc.version, posenc.simd);
 * ```
 */
export function load(options?: LoadOptions): Promise<PosEnc>;

/**
 * True when this JavaScript engine runs WebAssembly SIMD128 (the probe `load()` uses).
 * @example
 * ```js
 * import { simdSupported } from 'posenc';
 * console.log(simdSupported() ? 'SIMD128 build' : 'scalar build');
 * ```
 */
export function simdSupported(): boolean;

/** Options shared by the RoPE functions. */
export interface RopeOptions {
  /** Features per head: even, 2..65536. */
  dim: number;
  /** Heads per position; x is `[seq x heads x dim]`. Default 1. */
  heads?: number;
  /** Default 10000. */
  base?: number;
  /** Default `'interleaved'` (RoFormer); `'half'` is GPT-NeoX / Hugging Face `rotate_half`. */
  layout?: Layout;
  /** Row s uses position `offset + s` (default 0) unless `positions` is given. */
  offset?: number;
  /** One position per row (length seq), integers in [0, 2^24). */
  positions?: ArrayLike<number>;
  /**
   * Rotate only the first `rotaryDim` features of each head (even, <= dim), with theta over
   * rotaryDim and, in the half layout, pairs (i, i + rotaryDim/2). Default: dim.
   */
  rotaryDim?: number;
  /** Rotate x itself and return it (for a WasmBuffer: return `buffer.view()`). Default false. */
  inPlace?: boolean;
}

export interface PosEnc {
  /** The library version. */
  readonly version: string;
  /** True when the SIMD128 build is running. */
  readonly simd: boolean;
  /** Addition to the contract: instruction set of the SIMD kernels ("sse4.1" = wasm SIMD128) or "scalar". */
  readonly arch: string;
  /** Addition to the contract: the core's limits (2^26 elements, dim 65536, positions < 2^24). */
  readonly limits: { readonly maxElements: number; readonly maxDim: number; readonly positionLimit: number };

  /**
   * Sinusoidal absolute encoding, `[positions x dim]`:
   * `out[p*dim + 2i] = sin(p * theta_i)`, `out[p*dim + 2i + 1] = cos(p * theta_i)`
   * (layout `'half'`: every sin in the first dim/2 columns, every cos in the last).
   * @param o.positions a count n (positions 0..n-1) or explicit positions
   * @param o.dim even, 2..65536
   * @example
   * ```js
   * const pe = posenc.sinusoidal({ positions: 64, dim: 16 });   // 64 x 16
   * const rows = posenc.sinusoidal({ positions: [0, 100, 5000], dim: 16, layout: 'half' });
   * ```
   */
  sinusoidal(o: { positions: number | ArrayLike<number>; dim: number; base?: number; layout?: Layout }): Float32Array;

  /**
   * Learned (trainable) absolute table, `maxLen x dim`, initialised N(0, std^2) from a
   * deterministic seeded generator (same seed, same table on every platform). Checks its
   * parameters at once (RangeError for `maxLen: 0`).
   * @example
   * ```js
   * const t = posenc.learned({ maxLen: 512, dim: 64, seed: 1 });
   * const rows = t.encode([0, 1, 2]);   // 3 x 64
   * ```
   */
  learned(o: { maxLen: number; dim: number; seed?: number; std?: number }): LearnedTable;

  /**
   * `clip(i - j, min, max)` for query i in 0..queryLen-1, key j in 0..keyLen-1, `[queryLen x keyLen]`.
   * @example
   * ```js
   * const d = posenc.relativeDistance({ queryLen: 4, min: -2, max: 2 });   // keyLen = queryLen
   * ```
   */
  relativeDistance(o: { queryLen: number; keyLen?: number; min: number; max: number }): Int32Array;

  /**
   * Trained relative encoding (DeBERTa-style disentangled attention): one embedding per clipped
   * distance, `max - min + 1` rows of dim, seeded like `learned`.
   * @example
   * ```js
   * const rel = posenc.relative({ min: -4, max: 4, dim: 8 });
   * const { total, c2c, c2p, p2c } = rel.scores(q, k, { dim: 8 });
   * ```
   */
  relative(o: { min: number; max: number; dim: number; seed?: number; std?: number }): RelativeTable;

  /**
   * A Float32Array that lives in wasm memory, for zero-copy work on large arrays: `rope()`
   * given a WasmBuffer works in place on it. Call `free()` when done.
   * @example
   * ```js
   * const buf = posenc.buffer(seq * heads * dim);
   * buf.view().set(x);
   * posenc.rope(buf, { dim, heads, inPlace: true });
   * buf.free();
   * ```
   */
  buffer(length: number): WasmBuffer;

  /**
   * RoPE frequencies theta_i = base^(-2i/dim), length dim/2.
   * @example
   * ```js
   * const theta = posenc.ropeFrequencies({ dim: 128, base: 500000 });
   * ```
   */
  ropeFrequencies(o: { dim: number; base?: number }): Float32Array;

  /**
   * Rotary position embedding of x, shape `[seq x heads x dim]`. Row s uses `positions[s]` if
   * given, else `offset + s`. Interleaved pairs `(x[2i], x[2i+1])` rotate by pos*theta_i:
   * `y[2i] = x[2i]cos - x[2i+1]sin`, `y[2i+1] = x[2i+1]cos + x[2i]sin`; half pairs are
   * `(x[i], x[i+dim/2])`. Without `inPlace`, x is unchanged and a fresh array is returned
   * (also for a WasmBuffer).
   * @example
   * ```js
   * const y = posenc.rope(x, { dim: 64, heads: 8, layout: 'half', offset: 128 });
   * posenc.rope(x, { dim: 64, heads: 8, inPlace: true });   // rotates x itself
   * ```
   */
  rope(x: Float32Array | WasmBuffer, o: RopeOptions): Float32Array;

  /**
   * The dim x dim block-diagonal rotation matrix R(position) with rope(x) = R x (interleaved).
   * @example
   * ```js
   * const R = posenc.ropeMatrix({ position: 3, dim: 4 });   // 16 values
   * ```
   */
  ropeMatrix(o: { position: number; dim: number; base?: number }): Float32Array;

  /**
   * Attention logits between q `[n x dim]` and k `[m x dim]`, `[n x m]`:
   * `'none'` q.k; `'sinusoidal'` (q+PE).(k+PE); `'learned'` (q+L).(k+L) with L from
   * `learned({ maxLen (default 512), dim, seed })` (n or m > maxLen is a RangeError);
   * `'rope'` rope(q_i, i).rope(k_j, j); `'relative'` DeBERTa c2c + c2p + p2c over
   * `relative({ min, max, dim, seed })` — min and max are required for it (TypeError when
   * missing). `scale` (default true) divides by sqrt(dim), by sqrt(3*dim) for 'relative'.
   * @example
   * ```js
   * const s = posenc.attentionScores(q, k, { dim: 16, encoding: 'rope' });
   * const r = posenc.attentionScores(q, k, { dim: 16, encoding: 'relative', min: -8, max: 8 });
   * ```
   */
  attentionScores(q: Float32Array, k: Float32Array, o: {
    dim: number; encoding: Encoding; base?: number; scale?: boolean; maxLen?: number;
    min?: number; max?: number; seed?: number; layout?: Layout;
  }): Float32Array;

  /**
   * RoPE logit as a function of relative distance: `s[d] = rope(q, d) . rope(k, 0)` for
   * d in 0..maxDistance (q and k of length dim).
   * @example
   * ```js
   * const s = posenc.ropeScoreByDistance(q, k, { dim: 64, maxDistance: 1000 });
   * ```
   */
  ropeScoreByDistance(q: Float32Array, k: Float32Array, o: { dim: number; base?: number; maxDistance: number }): Float32Array;

  /**
   * RoFormer long-term decay bound `(1/(dim/2)) * sum_{j=1}^{dim/2} |S_j|`,
   * `S_j = sum_{k<j} exp(i d theta_k)`, for d in 0..maxDistance.
   * @example
   * ```js
   * const bound = posenc.ropeDecayBound({ dim: 128, maxDistance: 4096 });
   * ```
   */
  ropeDecayBound(o: { dim: number; base?: number; maxDistance: number }): Float32Array;

  /**
   * Addition to the contract: bytes currently allocated in the wasm heap (for leak checks).
   * @example
   * ```js
   * const before = posenc.heapBytes();
   * ```
   */
  heapBytes(): number;
}

/**
 * A Float32Array in wasm memory. `view()` is a window onto wasm memory, not a copy: any later
 * call may grow the heap and detach it, so fetch it again after other calls. Must be freed.
 */
export declare class WasmBuffer {
  private constructor();
  /** Number of float32 elements. */
  readonly length: number;
  /** True after `free()`. */
  readonly freed: boolean;
  /**
   * A Float32Array over the buffer's memory; TypeError after `free()`.
   * @example
   * ```js
   * buf.view().set(x);
   * ```
   */
  view(): Float32Array;
  /**
   * Gives the memory back to the wasm heap. Idempotent; any later use is a TypeError.
   * @example
   * ```js
   * buf.free();
   * ```
   */
  free(): void;
}

export interface LearnedTable {
  readonly maxLen: number;
  readonly dim: number;
  readonly seed: number;
  readonly std: number;
  /**
   * The whole table, maxLen x dim.
   * @example
   * ```js
   * const L = posenc.learned({ maxLen: 8, dim: 4 }).table();   // 32 values
   * ```
   */
  table(): Float32Array;
  /**
   * Rows for the given positions; RangeError for pos < 0 or pos >= maxLen (no extrapolation).
   * @example
   * ```js
   * const rows = posenc.learned({ maxLen: 8, dim: 4 }).encode([0, 7]);   // 2 x 4
   * ```
   */
  encode(positions: ArrayLike<number>): Float32Array;
}

export interface RelativeScores {
  total: Float32Array;
  /** q_i . k_j */
  c2c: Float32Array;
  /** q_i . P[clip(i - j)] */
  c2p: Float32Array;
  /** k_j . P[clip(j - i)] */
  p2c: Float32Array;
}

export interface RelativeTable {
  readonly min: number;
  readonly max: number;
  readonly dim: number;
  readonly seed: number;
  readonly std: number;
  /**
   * (max - min + 1) x dim; row r is the embedding of distance min + r.
   * @example
   * ```js
   * const P = posenc.relative({ min: -2, max: 2, dim: 4 }).table();   // 5 x 4
   * ```
   */
  table(): Float32Array;
  /**
   * DeBERTa disentangled scores of q `[n x dim]` and k `[m x dim]`, each `[n x m]`. `o.dim` must
   * equal the table's dim; `scale` (default true) divides every part by sqrt(3*dim).
   * @example
   * ```js
   * const { total } = posenc.relative({ min: -2, max: 2, dim: 4 }).scores(q, k, { dim: 4 });
   * ```
   */
  scores(q: Float32Array, k: Float32Array, o: { dim: number; scale?: boolean }): RelativeScores;
}
