// The model, apart from the DOM: each recipe turns a figure's parameters into arrays by calling
// the wasm library, and nothing else. Runs in the compute Worker. Random q and k come from the
// library's own seeded Gaussian generator (a learned table with std 1), so every run, platform
// and browser sees the same numbers.

// Recipes that read a model's config: the Worker loads the model-config module (posenc-models.wasm) for these only.
export const MODEL_RECIPES = new Set(['modelConfig']);

// The kinds of parameter. Marked free of side effects so that a bundle that uses no parameter table drops it (the
// Worker's); esbuild honours the mark within a module only, so the kinds live here, beside the table.
/** An integer parameter. `even` rounds down to an even number; `scale: 'log'` gives a log slider. */
export const int = /* @__NO_SIDE_EFFECTS__ */ (def, min, max, extra = {}) => ({ type: 'int', def, min, max, ...extra });
/** A real parameter (clamped). */
export const real = /* @__NO_SIDE_EFFECTS__ */ (def, min, max, extra = {}) => ({
  type: 'real',
  def,
  min,
  max,
  ...extra,
});
/** One of a fixed list of strings. */
export const choice = /* @__NO_SIDE_EFFECTS__ */ (def, values) => ({ type: 'enum', def, values });
/** A boolean: present / "true" / "1" / "on" is true. */
export const bool = /* @__NO_SIDE_EFFECTS__ */ (def) => ({ type: 'bool', def });

// Written out, not as 2 ** 24 - 1: esbuild treats arithmetic in the table as a possible side effect and would keep
// the table in the Worker's bundle.
const MAX_POS = 16777215; // 2^24 - 1, the largest position
const MAX_INT32 = 2147483647; // 2^31 - 1
const base = /* @__NO_SIDE_EFFECTS__ */ () => real(10000, 2, 1e7, { scale: 'log' });
const seed = /* @__NO_SIDE_EFFECTS__ */ () => int(1, 0, 99999);
// std of a learned or relative position table, content vectors having std 1: 1 stands for a trained
// table as large as the content, 0.02 for BERT's initial one
const posScale = /* @__NO_SIDE_EFFECTS__ */ () => real(1, 0.02, 4, { scale: 'log' });

/** Every figure's parameters, by tag name (name, kind, default, min, max): one place to read what a figure accepts.
 *  The figure (attributes), the page (its URL) and Node (docs, tests, bench) read this table; the Worker reads the
 *  recipes below. Both bundles keep only the table they use. */
export const FIGURE_PARAMS = {
  'posenc-why-positions': {
    encoding: choice('none', ['none', 'sinusoidal', 'learned', 'relative', 'rope']),
    dim: int(16, 2, 256, { even: true }),
    seed: seed(),
  },
  'posenc-sinusoidal-heatmap': {
    positions: int(128, 2, 2048),
    dim: int(128, 2, 1024, { even: true }),
    base: base(),
    // rows outlined, m solid and n dashed (-1: none); the page sets them from the RoPE dials' scrubber,
    // so they stay out of its URL (`linked`)
    markM: int(-1, -1, 2047, { linked: true }),
    markN: int(-1, -1, 2047, { linked: true }),
  },
  'posenc-sinusoidal-table': { positions: int(32, 1, 1024), dim: int(16, 2, 512, { even: true }), base: base() },
  'posenc-sinusoidal-similarity': {
    positions: int(128, 2, 1024),
    dim: int(128, 2, 1024, { even: true }),
    base: base(),
    anchor: int(40, 0, 1023),
  },
  'posenc-learned-table': {
    maxLen: int(512, 1, 4096),
    dim: int(768, 1, 1024),
    seed: seed(),
    position: int(520, 0, 8191),
  },
  'posenc-relative-clip': {
    queryLen: int(16, 1, 128),
    keyLen: int(16, 1, 128),
    min: int(-4, -64, 0),
    max: int(4, 0, 64),
    context: int(131072, 1, 1048576, { scale: 'log' }),
    dim: int(4096, 2, 16384, { even: true, scale: 'log' }),
  },
  'posenc-relative-scores': {
    panel: choice('c2p', ['c2p', 'p2c', 'c2c', 'total', 'all']),
    seq: int(24, 2, 128),
    dim: int(64, 2, 512, { even: true }),
    min: int(-8, -64, 0),
    max: int(8, 0, 64),
    posScale: posScale(),
    query: int(12, 0, 127),
    seed: seed(),
  },
  'posenc-rope-plane': {
    m: int(3, 0, 64),
    n: int(1, 0, 64),
    pair: int(0, 0, 63),
    dim: int(8, 2, 128, { even: true }),
    base: base(),
    qx: real(1, -2, 2),
    qy: real(0.35, -2, 2),
    kx: real(0.55, -2, 2),
    ky: real(0.8, -2, 2),
  },
  'posenc-rope-dials': {
    m: int(5, 0, 63),
    n: int(2, 0, 63),
    motion: choice('together', ['together', 'query']),
    dim: int(8, 2, 16, { even: true }),
    base: base(),
    seed: seed(),
  },
  'posenc-rope-matrix': {
    position: int(5, 0, MAX_POS, { scale: 'log' }),
    dim: int(16, 2, 128, { even: true }),
    base: base(),
  },
  'posenc-rope-elementwise': {
    position: int(3, 0, MAX_POS, { scale: 'log' }),
    dim: int(8, 2, 64, { even: true }),
    base: base(),
    seed: seed(),
  },
  'posenc-rope-decay': {
    dim: int(128, 2, 1024, { even: true }),
    base: base(),
    distance: int(256, 8, 8192, { scale: 'log' }),
    seed: seed(),
  },
  'posenc-rope-shift': {
    seq: int(32, 2, 128),
    dim: int(64, 2, 256, { even: true }),
    shift: int(1000, 0, 16777087, { scale: 'log' }), // 2^24 - 1 - 128: room for seq
    base: base(),
    seed: seed(),
  },
  'posenc-attention-compare': {
    content: choice('same', ['same', 'random']),
    seq: int(48, 2, 256),
    train: int(32, 2, 256),
    dim: int(32, 2, 256, { even: true }),
    base: base(),
    min: int(-8, -64, 0),
    max: int(8, 0, 64),
    posScale: posScale(),
    seed: seed(),
  },
  // section 6: long context. The three scaling figures start from one setting (d 128, base 10000, L 2048 stretched
  // 4 times, YaRN where a figure picks a scaling), so that a reader compares like with like.
  'posenc-rope-scaling-frequencies': {
    dim: int(128, 4, 512, { even: true }),
    base: base(),
    factor: real(4, 1, 64, { scale: 'log' }),
    original: int(2048, 16, 1048576, { scale: 'log' }),
  },
  'posenc-rope-scaling-logits': {
    scaling: choice('yarn', ['linear', 'ntk', 'dynamic', 'yarn', 'longrope', 'llama3']),
    content: choice('ones', ['ones', 'random']),
    dim: int(128, 4, 256, { even: true }),
    base: base(),
    factor: real(4, 1, 16, { scale: 'log' }),
    original: int(2048, 16, 4096, { scale: 'log' }),
    seed: seed(),
  },
  'posenc-rope-scaling-angles': {
    highlight: choice('yarn', ['default', 'linear', 'ntk', 'dynamic', 'yarn', 'longrope', 'llama3']),
    dim: int(128, 4, 256, { even: true }),
    base: base(),
    factor: real(4, 1, 64, { scale: 'log' }),
    original: int(2048, 16, 1048576, { scale: 'log' }),
  },
  'posenc-config-paste': {
    example: choice('llama31', ['llama31', 'qwen-yarn', 'phi3-longrope', 'gemma3', 'gpt-oss', 'qwen25-vl', 'phi35-v5']),
    seqLen: int(0, 0, MAX_INT32, { scale: 'log' }),
    contextLength: int(0, 0, MAX_INT32, { scale: 'log' }),
  },
  'posenc-mrope-positions': {
    sections: choice('chunked', ['chunked', 'interleaved']),
    height: int(3, 2, 8),
    width: int(4, 2, 8),
    frames: int(1, 1, 4),
    seed: seed(),
  },
  'posenc-alibi-t5': {
    seq: int(48, 2, 256),
    heads: int(8, 1, 64),
    head: int(1, 1, 64),
    mask: choice('none', ['none', 'causal']),
    buckets: int(32, 4, 128),
    maxDistance: int(128, 2, 1024, { scale: 'log' }),
    direction: choice('bidirectional', ['bidirectional', 'causal']),
  },
  'posenc-rope-layout-lab': {
    dim: int(8, 2, 64, { even: true }),
    position: int(3, 0, 16777151, { scale: 'log' }), // 2^24 - 1 - 64: room for dim
    seed: seed(),
  },
  'posenc-precision-lab': {
    measure: choice('cos', ['cos', 'sin', 'angle']),
    dim: int(128, 2, 1024, { even: true }),
    base: base(),
  },
};

// A learned table has no row past its training length, so the library refuses the whole
// sequence: the logits of the first `train` tokens come from the library, the rest stay NaN
// (the figure hatches them), and the library's message says why.
function learnedBlindZone(lib, { q, k, seq, train, dim, seed, posScale, error }) {
  const seen = lib.attentionScores(q.subarray(0, train * dim), k.subarray(0, train * dim), {
    dim,
    encoding: 'learned',
    maxLen: train,
    seed,
    std: posScale,
  });
  const data = new Float32Array(seq * seq).fill(NaN);
  for (let i = 0; i < train; i++) data.set(seen.subarray(i * train, (i + 1) * train), i * seq);
  return { data, blindFrom: train, error };
}

const rows = (lib, n, dim, seed) => lib.learned({ maxLen: n, dim, seed, std: 1 }).table();
// Content vectors draw from other seeds than the position tables (which use `seed` itself): the same
// seed would make a position table a scaled copy of the content and hide what the figures show.
const contentSeed = (seed, which) => 100003 + 2 * seed + which;

/** Token ids of the two orders of section 0: 我不爱你 and 不我爱你 (ids: 我 0, 不 1, 爱 2, 你 3). */
export const ORDER_A = [0, 1, 2, 3];
export const ORDER_B = [1, 0, 2, 3];

/** Scaling types of section 6, in the order they are drawn. */
export const SCALINGS = ['linear', 'ntk', 'dynamic', 'yarn', 'longrope', 'llama3'];

/**
 * An illustrative Hugging Face `rope_parameters` object for each type from the figure's common knobs
 * (a config, not a result: every theta comes from the library). LongRoPE needs searched factor lists;
 * here short factors are all 1 and long factors ramp linearly from 1 (fast pairs) to `factor`.
 */
export function exampleScaling(type, { dim, factor, original }) {
  const pairs = dim / 2;
  switch (type) {
    case 'linear':
    case 'ntk':
      return { rope_type: type, factor };
    case 'dynamic':
      return { rope_type: type, factor, original_max_position_embeddings: original };
    case 'yarn':
      return { rope_type: type, factor, original_max_position_embeddings: original };
    case 'longrope':
      return {
        rope_type: type,
        factor,
        original_max_position_embeddings: original,
        short_factor: new Array(pairs).fill(1),
        long_factor: Array.from({ length: pairs }, (_, i) => 1 + ((factor - 1) * i) / Math.max(1, pairs - 1)),
      };
    case 'llama3':
      return {
        rope_type: type,
        factor,
        low_freq_factor: 1,
        high_freq_factor: 4,
        original_max_position_embeddings: original,
      };
    default:
      return undefined;
  }
}

/** Integer positions spread evenly on a log axis from 1 to 2^24 - 1 (sampling, for the precision lab). */
export function logPositions(count = 160, max = 2 ** 24 - 1) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const p = Math.round(Math.exp((Math.log(max) * i) / (count - 1)));
    if (!out.length || p > out[out.length - 1]) out.push(p);
  }
  return out;
}

/** Positions 0..DIAL_POSITIONS-1 of the RoPE dials' scrubber and sparkline. */
export const DIAL_POSITIONS = 64;

/** Rows of q the scaling logits rotate per library call. */
const LOGIT_BLOCK = 1024;

/** Sequence length of the layout lab's score matrices. */
export const LAYOUT_SEQ = 32;

/** perm[j] = the interleaved index that lands at half index j: (2i, 2i+1) -> (i, i + d/2). */
export function layoutPermutation(dim) {
  const perm = new Int32Array(dim),
    h = dim / 2;
  for (let i = 0; i < h; i++) {
    perm[i] = 2 * i;
    perm[i + h] = 2 * i + 1;
  }
  return perm;
}
/** Reorder an interleaved-layout vector into the half layout (indexing only, no arithmetic on values). */
export function permuteToHalf(v, perm) {
  const out = new Float32Array(perm.length);
  for (let j = 0; j < perm.length; j++) out[j] = v[perm[j]];
  return out;
}

/** M-RoPE sections of head dim 128: Qwen2-VL / Qwen2.5-VL's consecutive chunks, Qwen3-VL's interleaved
 *  pairs. One base for both (Qwen2-VL's), so that the two differ by their layout only. */
export const MROPE_LAYOUTS = { chunked: [16, 24, 24], interleaved: [24, 20, 20] };
/** The logit map runs over offsets (dh, dw) in [-MROPE_REACH, MROPE_REACH]^2 ... */
export const MROPE_REACH = 7;
/** ... around k at (t, h0, w0) = the first anchor, and again at the second. */
export const MROPE_ANCHORS = [
  [8, 8, 8],
  [8, 1000, 3000],
];
/** Text tokens before and after the image in the figure's prompt. */
export const MROPE_TEXT = [3, 2];

/**
 * Qwen2-VL's numbering of a prompt (transformers' get_rope_index), rows t, h, w: `before` text tokens,
 * `frames` frames of height x width patches, `after` text tokens. Text counts up on every axis; the
 * patches start where it stopped (frame f at t + f, row r at h + r, column c at w + c); the text after
 * them goes on from the largest position + 1.
 */
export function mropeNumbering({ frames, height, width, before = MROPE_TEXT[0], after = MROPE_TEXT[1] }) {
  const rows = [[], [], []];
  const push = (...p) => p.forEach((v, a) => rows[a].push(v));
  for (let i = 0; i < before; i++) push(i, i, i);
  for (let f = 0; f < frames; f++)
    for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) push(before + f, before + r, before + c);
  const next = before + Math.max(frames, height, width);
  for (let i = 0; i < after; i++) push(next + i, next + i, next + i);
  return rows;
}

const errorOf = (err) => ({ name: err?.name ?? 'Error', message: String(err?.message ?? err) });

// The last value of each part of a recipe, with the inputs it was made from: when a control changes only
// some inputs (a seed, one encoding's range), the parts that do not read them are not computed again.
// Copies go out, because the Worker transfers the buffers of what a recipe returns.
const lastParts = new Map();
function part(name, inputs, make) {
  return structuredClone(kept(name, inputs, make));
}
// The same, without the copy: for a value the recipe reads and does not return (copying a large array means new
// memory, which costs more than the computation on this scale).
const kept = (name, inputs, make) => longest(name, inputs, 0, make);
// The same for curves of n values whose values do not depend on n: the longest one made from these
// inputs is kept, and a shorter one is its start.
const prefix = (name, inputs, n, make) =>
  Object.fromEntries(Object.entries(longest(name, inputs, n, make)).map(([k, v]) => [k, v.slice(0, n)]));
function longest(name, inputs, n, make) {
  const key = JSON.stringify(inputs);
  let last = lastParts.get(name);
  if (last?.key !== key || last.n < n) lastParts.set(name, (last = { key, n, value: make(n) }));
  return last.value;
}
/** Forget every remembered part (for tests: the next calls compute everything). */
export const forgetParts = () => lastParts.clear();

export const RECIPES = {
  info: (lib) => ({ version: lib.version, simd: lib.simd }),

  whyPositions(lib, { encoding, dim, seed }) {
    const emb = lib.learned({ maxLen: 4, dim, seed: contentSeed(seed, 0), std: 1 });
    const xa = emb.encode(ORDER_A),
      xb = emb.encode(ORDER_B);
    const o = { dim, encoding, maxLen: 512, min: -2, max: 2, seed };
    return { a: lib.attentionScores(xa, xa, o), b: lib.attentionScores(xb, xb, o), n: 4 };
  },

  sinusoidal: (lib, { positions, dim, base }) => ({ data: lib.sinusoidal({ positions, dim, base }) }),

  sinusoidalSimilarity(lib, { positions, dim, base }) {
    // PE_p . PE_q = sum_i sin(p θ_i) sin(q θ_i) + cos(p θ_i) cos(q θ_i) = sum_i cos((p - q) θ_i): it
    // depends on |p - q| only (the figure's point). So the library scores each position against
    // position 0, n dot products instead of n² (a 1024² matrix of 1024-dim products took ~0.4 s),
    // and the matrix is filled from them by indexing alone.
    // A score does not depend on the number of positions either: fewer positions read the start of the
    // longest row computed.
    const n = positions;
    const { byDistance } = prefix('sinusoidalSimilarity', { dim, base }, n, (m) => {
      const pe = lib.sinusoidal({ positions: m, dim, base });
      return { byDistance: lib.attentionScores(pe, pe.subarray(0, dim), { dim, encoding: 'none', scale: false }) };
    });
    // row p is s[p], s[p - 1], ..., s[1] and then s[0], s[1], ..., s[n - 1 - p]; the first part read off s reversed
    const reversed = byDistance.slice().reverse(),
      data = new Float32Array(n * n);
    for (let p = 0; p < n; p++) {
      data.set(reversed.subarray(n - 1 - p, n - 1), p * n);
      data.set(byDistance.subarray(0, n - p), p * n + p);
    }
    return { data };
  },

  learnedTable: (lib, { maxLen, dim, seed }) => ({ data: lib.learned({ maxLen, dim, seed }).table() }),

  // The rows of a table too tall for the screen that its pixel rows show: `rows` of them, row k the middle row of
  // the k-th of `rows` equal bands. Exact rows of the table (encode), not averages: a mean of independent values
  // has a smaller spread than the values, so a box-filtered noise table fades to grey as maxLen grows.
  learnedSampled(lib, { maxLen, dim, seed, rows }) {
    const positions = Int32Array.from({ length: rows }, (_, k) => Math.floor(((k + 0.5) * maxLen) / rows));
    return { data: lib.learned({ maxLen, dim, seed }).encode(positions), positions };
  },

  learnedRow(lib, { maxLen, dim, seed, position }) {
    try {
      return { row: lib.learned({ maxLen, dim, seed }).encode([position]), error: null };
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      return { row: null, error: errorOf(err) };
    }
  },

  relativeClip(lib, { queryLen, keyLen, min, max, dim }) {
    const table = lib.relative({ min, max, dim: 2 }).table();
    return { data: lib.relativeDistance({ queryLen, keyLen, min, max }), relativeRows: table.length / 2 };
  },

  relativeScores(lib, { seq, dim, min, max, posScale, seed }) {
    const q = rows(lib, seq, dim, contentSeed(seed, 0)),
      k = rows(lib, seq, dim, contentSeed(seed, 1));
    return lib.relative({ min, max, dim, seed, std: posScale }).scores(q, k, { dim });
  },

  ropePlane(lib, { m, n, pair, dim, base, qx, qy, kx, ky }) {
    const q = new Float32Array(dim),
      k = new Float32Array(dim);
    q[2 * pair] = qx;
    q[2 * pair + 1] = qy;
    k[2 * pair] = kx;
    k[2 * pair + 1] = ky;
    const qm = lib.rope(q, { dim, base, positions: [m] });
    const kn = lib.rope(k, { dim, base, positions: [n] });
    const score = lib.attentionScores(qm, kn, { dim, encoding: 'none', scale: false })[0];
    const plain = lib.attentionScores(q, k, { dim, encoding: 'none', scale: false })[0];
    const theta = lib.ropeFrequencies({ dim, base })[pair];
    return { qm: qm.slice(2 * pair, 2 * pair + 2), kn: kn.slice(2 * pair, 2 * pair + 2), score, plain, theta };
  },

  // Section 4, from one plane to d/2: the same q and k rotated at every position 0..DIAL_POSITIONS-1
  // (lib.rope numbers the rows), all their logits (attentionScores), theta_i, |m - n| theta_i in float64
  // (ropePrecision), the angle between each pair of q and k before and after (pairAngles) and §1's sinusoidal
  // table.
  ropeDials(lib, { m, n, dim, base, seed }) {
    const P = DIAL_POSITIONS;
    const q = rows(lib, 1, dim, contentSeed(seed, 0)),
      k = rows(lib, 1, dim, contentSeed(seed, 1));
    const qStack = new Float32Array(P * dim),
      kStack = new Float32Array(P * dim);
    for (let i = 0; i < P; i++) {
      qStack.set(q, i * dim);
      kStack.set(k, i * dim);
    }
    const qs = lib.rope(qStack, { dim, base }),
      ks = lib.rope(kStack, { dim, base });
    const scores = lib.attentionScores(qs, ks, { dim, encoding: 'none', scale: false });
    const qm = qs.slice(m * dim, (m + 1) * dim),
      kn = ks.slice(n * dim, (n + 1) * dim);
    const gap = lib.ropePrecision({ variant: 'float64', positions: [Math.abs(m - n)], dim, base }).angle;
    if (m < n) for (let i = 0; i < gap.length; i++) gap[i] = -gap[i];
    return {
      q,
      k,
      qm,
      kn,
      scores,
      gap,
      positions: P,
      theta: lib.ropeFrequencies({ dim, base }),
      phi: lib.pairAngles(q, k, { dim }),
      between: lib.pairAngles(qm, kn, { dim }),
      sinusoidal: lib.sinusoidal({ positions: P, dim, base }),
    };
  },

  ropeMatrix(lib, { position, dim, base }) {
    return { data: lib.ropeMatrix({ position, dim, base }), frequencies: lib.ropeFrequencies({ dim, base }) };
  },

  ropeElementwise(lib, { position, dim, base, seed }) {
    const q = rows(lib, 1, dim, contentSeed(seed, 0));
    const R = lib.ropeMatrix({ position, dim, base });
    const cos = new Float32Array(dim),
      sin = new Float32Array(dim);
    for (let i = 0; i < dim; i += 2) {
      // read cos and sin of each block off the library's matrix
      cos[i] = cos[i + 1] = R[i * dim + i];
      sin[i] = sin[i + 1] = R[(i + 1) * dim + i];
    }
    const elementwise = lib.rope(q, { dim, base, positions: [position] });
    // R q, as the library's dot products of R's rows with q
    const matrix = lib.attentionScores(R, q, { dim, encoding: 'none', scale: false });
    return { q, cos, sin, elementwise, matrix };
  },

  ropeDecay(lib, { dim, base, distance, seed }) {
    // a curve's value at a distance does not depend on the longest distance asked for: a drag of
    // that control reads the start of the longest curve computed
    const at = (n) => ({ dim, base, maxDistance: n - 1 });
    const random = prefix('ropeDecay random', { dim, base, seed }, distance + 1, (n) => ({
      random: lib.ropeScoreByDistance(
        rows(lib, 1, dim, contentSeed(seed, 0)),
        rows(lib, 1, dim, contentSeed(seed, 1)),
        at(n),
      ),
    }));
    // the all-ones curve and the bound do not read the seed
    const fixed = prefix('ropeDecay', { dim, base }, distance + 1, (n) => ({
      ones: lib.ropeScoreByDistance(new Float32Array(dim).fill(1), new Float32Array(dim).fill(1), at(n)),
      bound: lib.ropeDecayBound(at(n)),
    }));
    return { ...random, ...fixed };
  },

  ropeShift(lib, { seq, dim, shift, base, seed }) {
    const q = rows(lib, seq, dim, contentSeed(seed, 0)),
      k = rows(lib, seq, dim, contentSeed(seed, 1));
    const atZero = lib.attentionScores(q, k, { dim, base, encoding: 'rope' });
    const qs = lib.rope(q, { dim, base, offset: shift }),
      ks = lib.rope(k, { dim, base, offset: shift });
    const shifted = lib.attentionScores(qs, ks, { dim, encoding: 'none' });
    return { atZero, shifted };
  },

  attentionCompare(lib, { content, seq, train, dim, base, min, max, posScale, seed }) {
    let q, k;
    if (content === 'same') {
      // one token repeated at every position: only the encoding can vary
      const x = rows(lib, 1, dim, contentSeed(seed, 0));
      q = new Float32Array(seq * dim);
      for (let i = 0; i < seq; i++) q.set(x, i * dim);
      k = q;
    } else {
      q = rows(lib, seq, dim, contentSeed(seed, 0));
      k = rows(lib, seq, dim, contentSeed(seed, 1));
    }
    const out = {};
    // each encoding's panel is computed again only when an input it reads changed
    const tokens = { content, seq, dim, seed };
    const reads = {
      none: tokens,
      sinusoidal: { ...tokens, base },
      learned: { ...tokens, train, posScale },
      relative: { ...tokens, min, max, posScale },
      rope: { ...tokens, base },
    };
    for (const [encoding, inputs] of Object.entries(reads)) {
      out[encoding] = part(`attentionCompare ${encoding}`, inputs, () => {
        try {
          const o = { dim, encoding, base, maxLen: train, min, max, seed, std: posScale };
          return { data: lib.attentionScores(q, k, o) };
        } catch (err) {
          if (!(err instanceof RangeError)) throw err;
          return encoding === 'learned' && seq > train
            ? learnedBlindZone(lib, { q, k, seq, train, dim, seed, posScale, error: errorOf(err) })
            : { error: errorOf(err) };
        }
      });
    }
    return out;
  },

  // Section 6a: theta_i of every scaling (at a sequence of factor x original tokens, so dynamic and
  // longrope are in their long-context state), and each one's attention factor.
  ropeScalingFrequencies(lib, { dim, base, factor, original }) {
    const seqLen = Math.min(2 ** 31 - 1, Math.round(factor * original));
    const out = { default: lib.ropeFrequencies({ dim, base }), seqLen, theta: {}, attention: {} };
    for (const type of SCALINGS) {
      const scaling = exampleScaling(type, { dim, factor, original });
      out.theta[type] = lib.ropeFrequencies({ dim, base, scaling, seqLen });
      out.attention[type] = lib.ropeAttentionFactor({ scaling, seqLen });
    }
    return out;
  },

  // Section 6b: logit against distance up to 4 x the training length, unscaled (ropeScoreByDistance)
  // and scaled: the library rotates the same q at positions 0..n-1 and k at 0, with the scaling (its
  // attention factor included), and takes the dot products (attentionScores, encoding 'none').
  ropeScalingLogits(lib, { scaling: type, content, dim, base, factor, original, seed }) {
    const n = 4 * original;
    let q, k;
    if (content === 'ones') {
      q = new Float32Array(dim).fill(1);
      k = q;
    } else {
      q = rows(lib, 1, dim, contentSeed(seed, 0));
      k = rows(lib, 1, dim, contentSeed(seed, 1));
    }
    // the unscaled curve does not read the scaling or its factor
    const seedRead = content === 'random' ? seed : null;
    const before = part('ropeScalingLogits', { content, dim, base, n, seedRead }, () =>
      lib.ropeScoreByDistance(q, k, { dim, base, maxDistance: n - 1 }),
    );
    const scaling = exampleScaling(type, { dim, factor, original });
    const k0 = lib.rope(k, { dim, base, scaling, seqLen: n, positions: [0] });
    // q rotated at positions 0..n-1 a block of rows at a time, in place in one array kept from call to call:
    // a row's rotation depends on its position alone (seqLen is given), so the bits are those of one call, and
    // no array of up to 16 MiB is allocated per change (fresh memory is what took most of the time).
    const rowsPer = Math.min(n, LOGIT_BLOCK);
    const copies = kept('ropeScalingLogits copies', { content, dim, rowsPer, seedRead }, () => {
      const out = new Float32Array(rowsPer * dim);
      for (let i = 0; i < rowsPer; i++) out.set(q, i * dim);
      return out;
    });
    let block = lastParts.get('ropeScalingLogits block');
    if (block?.length !== copies.length)
      lastParts.set('ropeScalingLogits block', (block = new Float32Array(copies.length)));
    const after = new Float32Array(n);
    // Last block first: the library keeps a cos/sin table for the rows it has rotated and grows it when a call
    // reaches past it, but not for a call far past its end. Going forward, every block would grow that table
    // (up to 16 MiB, copied at each doubling) for rows rotated once; going backward, only the first blocks do.
    for (let first = Math.floor((n - 1) / rowsPer) * rowsPer; first >= 0; first -= rowsPer) {
      const x = block.subarray(0, Math.min(rowsPer, n - first) * dim);
      x.set(copies.subarray(0, x.length));
      lib.rope(x, { dim, base, scaling, seqLen: n, offset: first, inPlace: true });
      after.set(lib.attentionScores(x, k0, { dim, encoding: 'none', scale: false }), first);
    }
    return { before, after, attention: lib.ropeAttentionFactor({ scaling, seqLen: n }) };
  },

  // Section 6: the angle each pair reaches, (L - 1) theta_i inside the training length against (4L - 1) theta_i
  // at 4L, in float64 (ropePrecision): plain RoPE's, and each scaling's (read at a 4L sequence).
  ropeScalingAngles(lib, { dim, base, factor, original }) {
    const L = original,
      last = 4 * L - 1,
      seqLen = Math.min(2 ** 31 - 1, 4 * L);
    const angles = (p, scaling) =>
      lib.ropePrecision({ variant: 'float64', positions: [p], dim, base, scaling, seqLen }).angle;
    const seen = angles(L - 1),
      plain = angles(last);
    const needed = {},
      unseen = {};
    for (const type of SCALINGS) needed[type] = angles(last, exampleScaling(type, { dim, factor, original }));
    // what each pair must reach past what training showed it, up to one turn (past it, every angle has come
    // round); the widest such range over the pairs
    const turn = 2 * Math.PI;
    const widest = (a) => a.reduce((w, v, i) => (seen[i] < turn ? Math.max(w, Math.min(v, turn) - seen[i]) : w), 0);
    for (const type of SCALINGS) unseen[type] = widest(needed[type]);
    return { seen, plain, needed, unseen: { default: widest(plain), ...unseen } };
  },

  // Section 6c: a pasted config.json (its text, read by the library only). For every layer type with a
  // RoPE of its own: what ropeFromConfig resolved and its frequencies, and, where the config scales,
  // plain RoPE at the same base and rotary dim to compare with; then llamaCppFlags. A config the
  // library refuses (bad JSON, no rotary embeddings, an unknown rope type...) comes back as data. The notes
  // come in the figure's language; a seqLen or contextLength of 0 is "not given" to the library.
  modelConfig(lib, { config, seqLen, contextLength, lang = 'en' }) {
    try {
      const at = { seqLen, lang };
      const layers = lib.ropeFromConfig(config, at).layerTypes.map((layerType) => {
        const r = lib.ropeFromConfig(config, { ...at, layerType });
        // what the library resolved (plain data: the Worker posts it), and the unscaled curve beside a scaled one
        return {
          ...r,
          // (none for a vision encoder's 2-D RoPE: its frequencies are one axis's, and nothing scales them)
          plain: r.ropeType === 'default' || r.axial ? null : lib.ropeFrequencies({ dim: r.rotaryDim, base: r.base }),
        };
      });
      const { flags, notes } = lib.llamaCppFlags(config, { contextLength, lang });
      // the model's notes (the same for every layer type but the layer named) before llama.cpp's
      return { layers, flags, notes: [...new Set(layers.flatMap((l) => l.notes)), ...notes], error: null };
    } catch (err) {
      if (err instanceof TypeError || err instanceof RangeError) return { error: errorOf(err) };
      throw err;
    }
  },

  // Section 6, M-RoPE (after the config figure). Which axis turns each frequency pair is read off the
  // library's rotations: every pair of x is (1, 0) and token a is one step along axis a only, so a pair
  // whose second component left 0 turns by axis a. Then q . k of two patches of one frame against their
  // offset, at two places, and tokens with t = h = w against plain RoPE.
  mropePositions(lib, { sections, height, width, frames, seed }) {
    const dim = 128,
      half = dim / 2,
      base = 1e6,
      layout = (l) => ({
        dim,
        base,
        layout: 'half',
        sections: MROPE_LAYOUTS[l],
        interleavedSections: l === 'interleaved',
      }),
      o = layout(sections);
    const x = new Float32Array(3 * dim);
    for (let a = 0; a < 3; a++) x.fill(1, a * dim, a * dim + half); // half layout: pair j is (x_j, x_{j + 64})
    const turned = lib.rope(x, {
      ...o,
      positions: [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
    });
    const axes = new Int8Array(half).fill(-1); // -1: no axis, 3: more than one (neither happens)
    for (let a = 0; a < 3; a++)
      for (let j = 0; j < half; j++) if (turned[a * dim + half + j] !== 0) axes[j] = axes[j] < 0 ? a : 3;
    const q = rows(lib, 1, dim, contentSeed(seed, 0)),
      k = rows(lib, 1, dim, contentSeed(seed, 1));
    const stack = (n) => {
      const out = new Float32Array(n * dim);
      for (let i = 0; i < n; i++) out.set(q, i * dim);
      return out;
    };
    const numbering = mropeNumbering({ frames, height, width });
    const same = numbering[0].filter((p, i) => p === numbering[1][i] && p === numbering[2][i]);
    const m = lib.rope(stack(same.length), { ...o, positions: [same, same, same] });
    const plain = lib.rope(stack(same.length), { dim, base, layout: 'half', positions: same });
    const n = 2 * MROPE_REACH + 1,
      qs = stack(n * n);
    const map = ([t, h0, w0], o) => {
      const at = [[], [], []];
      for (let i = 0; i < n * n; i++) {
        at[0].push(t);
        at[1].push(h0 + Math.floor(i / n) - MROPE_REACH);
        at[2].push(w0 + (i % n) - MROPE_REACH);
      }
      return lib.attentionScores(
        lib.rope(qs, { ...o, positions: at }),
        lib.rope(k, { ...o, positions: [[t], [h0], [w0]] }),
        { dim, encoding: 'none', scale: false },
      );
    };
    const [logits, moved] = MROPE_ANCHORS.map((a) => map(a, o));
    // the colour scale both layouts share: the range of both maps, so the toggle compares them
    const both = [...logits, ...map(MROPE_ANCHORS[0], layout(sections === 'chunked' ? 'interleaved' : 'chunked'))];
    const range = [Math.min(...both), Math.max(...both)];
    return { numbering, axes, textSame: m.every((v, i) => Object.is(v, plain[i])), logits, moved, range };
  },

  // Section 6d: per position, the largest error over the pairs against float64, for each variant.
  precisionLab(lib, { dim, base }) {
    const positions = logPositions();
    const out = { positions: Float64Array.from(positions), variants: {} };
    for (const variant of ['float32', 'bfloat16', 'float16', 'bfloat16-angle', 'float16-angle', 'library'])
      out.variants[variant] = lib.ropePrecisionErrors({ variant, positions, dim, base });
    return out;
  },

  // Section 6e: the two pair layouts. permuteToHalf moves interleaved pair (2i, 2i+1) to half pair
  // (i, i + d/2) by indexing only; every value comes from lib.rope and lib.attentionScores.
  ropeLayoutLab(lib, { dim, position, seed }) {
    const x = rows(lib, 1, dim, contentSeed(seed, 0));
    const at = { dim, positions: [position] };
    const interleaved = lib.rope(x, { ...at, layout: 'interleaved' });
    const half = lib.rope(x, { ...at, layout: 'half' });
    const perm = layoutPermutation(dim);
    const permutedRope = permuteToHalf(interleaved, perm); // permute(rope(x, interleaved))
    const ropePermuted = lib.rope(permuteToHalf(x, perm), { ...at, layout: 'half' }); // rope(permute(x), half)
    // (c) one q and one k at positions position .. position + n - 1; right: both interleaved; mixed: q half
    const n = LAYOUT_SEQ;
    const q = rows(lib, 1, dim, contentSeed(seed, 1)),
      k = rows(lib, 1, dim, contentSeed(seed, 2));
    const stack = (v) => {
      const out = new Float32Array(n * dim);
      for (let i = 0; i < n; i++) out.set(v, i * dim);
      return out;
    };
    const seq = { dim, offset: position };
    const qi = lib.rope(stack(q), { ...seq, layout: 'interleaved' }),
      qh = lib.rope(stack(q), { ...seq, layout: 'half' });
    const ki = lib.rope(stack(k), { ...seq, layout: 'interleaved' });
    const none = { dim, encoding: 'none', scale: false };
    return {
      x,
      interleaved,
      half,
      perm,
      permutedRope,
      ropePermuted,
      n,
      right: lib.attentionScores(qi, ki, none),
      mixed: lib.attentionScores(qh, ki, none),
    };
  },

  // Section 5, more: ALiBi's bias for one head (its slope from alibiSlopes) and T5's relative buckets.
  alibiT5(lib, { seq, heads, head, mask, buckets, maxDistance, direction }) {
    const slopes = lib.alibiSlopes({ heads });
    const slope = slopes[Math.min(head, heads) - 1];
    return {
      slopes,
      slope,
      bias: lib.alibiBias({ queryLen: seq, slope, causal: mask === 'causal' }),
      buckets: lib.t5Buckets({
        queryLen: seq,
        numBuckets: buckets,
        maxDistance,
        bidirectional: direction === 'bidirectional',
      }),
    };
  },
};
