// The model, apart from the DOM: each recipe turns a figure's parameters into arrays by calling
// the wasm library, and nothing else. Runs in the compute Worker. Random q and k come from the
// library's own seeded Gaussian generator (a learned table with std 1), so every run, platform
// and browser sees the same numbers.

const rows = (lib, n, dim, seed) => lib.learned({ maxLen: n, dim, seed, std: 1 }).table();
// Content vectors draw from other seeds than the position tables (which use `seed` itself): the same
// seed would make a position table a scaled copy of the content and hide what the figures show.
const contentSeed = (seed, which) => 100003 + 2 * seed + which;

/** Token ids of the two orders of section 0: 我不爱你 and 不我爱你 (ids: 我 0, 不 1, 爱 2, 你 3). */
export const ORDER_A = [0, 1, 2, 3];
export const ORDER_B = [1, 0, 2, 3];

export const RECIPES = {
  info: (lib) => ({ version: lib.version, simd: lib.simd }),

  whyPositions(lib, { encoding, dim, seed }) {
    const emb = lib.learned({ maxLen: 4, dim, seed: contentSeed(seed, 0), std: 1 });
    const xa = emb.encode(ORDER_A), xb = emb.encode(ORDER_B);
    const o = { dim, encoding, maxLen: 512, min: -2, max: 2, seed };
    return { a: lib.attentionScores(xa, xa, o), b: lib.attentionScores(xb, xb, o), n: 4 };
  },

  sinusoidal: (lib, { positions, dim, base }) => ({ data: lib.sinusoidal({ positions, dim, base }) }),

  sinusoidalSimilarity(lib, { positions, dim, base }) {
    // With zero content, (q_i + PE_i) . (k_j + PE_j) is exactly PE_i . PE_j.
    const zero = new Float32Array(positions * dim);
    return { data: lib.attentionScores(zero, zero, { dim, encoding: 'sinusoidal', base, scale: false }) };
  },

  learnedTable: (lib, { maxLen, dim, seed }) => ({ data: lib.learned({ maxLen, dim, seed }).table() }),

  learnedRow(lib, { maxLen, dim, seed, position }) {
    try {
      return { row: lib.learned({ maxLen, dim, seed }).encode([position]), error: null };
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      return { row: null, error: err.message };
    }
  },

  relativeClip(lib, { queryLen, keyLen, min, max, dim }) {
    const table = lib.relative({ min, max, dim: 2 }).table();
    return { data: lib.relativeDistance({ queryLen, keyLen, min, max }), relativeRows: table.length / 2 };
  },

  relativeScores(lib, { seq, dim, min, max, seed }) {
    const q = rows(lib, seq, dim, contentSeed(seed, 0)), k = rows(lib, seq, dim, contentSeed(seed, 1));
    return lib.relative({ min, max, dim, seed }).scores(q, k, { dim });
  },

  ropePlane(lib, { m, n, pair, dim, base, qx, qy, kx, ky }) {
    const q = new Float32Array(dim), k = new Float32Array(dim);
    q[2 * pair] = qx; q[2 * pair + 1] = qy; k[2 * pair] = kx; k[2 * pair + 1] = ky;
    const qm = lib.rope(q, { dim, base, positions: [m] });
    const kn = lib.rope(k, { dim, base, positions: [n] });
    const score = lib.attentionScores(qm, kn, { dim, encoding: 'none', scale: false })[0];
    const plain = lib.attentionScores(q, k, { dim, encoding: 'none', scale: false })[0];
    const theta = lib.ropeFrequencies({ dim, base })[pair];
    return { qm: qm.slice(2 * pair, 2 * pair + 2), kn: kn.slice(2 * pair, 2 * pair + 2), score, plain, theta };
  },

  ropeMatrix(lib, { position, dim, base }) {
    return { data: lib.ropeMatrix({ position, dim, base }), frequencies: lib.ropeFrequencies({ dim, base }) };
  },

  ropeElementwise(lib, { position, dim, base, seed }) {
    const q = rows(lib, 1, dim, contentSeed(seed, 0));
    const R = lib.ropeMatrix({ position, dim, base });
    const cos = new Float32Array(dim), sin = new Float32Array(dim);
    for (let i = 0; i < dim; i += 2) { // read cos and sin of each block off the library's matrix
      cos[i] = cos[i + 1] = R[i * dim + i];
      sin[i] = sin[i + 1] = R[(i + 1) * dim + i];
    }
    const elementwise = lib.rope(q, { dim, base, positions: [position] });
    // R q, as the library's dot products of R's rows with q
    const matrix = lib.attentionScores(R, q, { dim, encoding: 'none', scale: false });
    return { q, cos, sin, elementwise, matrix };
  },

  ropeDecay(lib, { dim, base, distance, seed }) {
    const q = rows(lib, 1, dim, contentSeed(seed, 0)), k = rows(lib, 1, dim, contentSeed(seed, 1));
    const ones = new Float32Array(dim).fill(1);
    return {
      random: lib.ropeScoreByDistance(q, k, { dim, base, maxDistance: distance }),
      ones: lib.ropeScoreByDistance(ones, ones, { dim, base, maxDistance: distance }),
      bound: lib.ropeDecayBound({ dim, base, maxDistance: distance }),
    };
  },

  ropeShift(lib, { seq, dim, shift, base, seed }) {
    const q = rows(lib, seq, dim, contentSeed(seed, 0)), k = rows(lib, seq, dim, contentSeed(seed, 1));
    const atZero = lib.attentionScores(q, k, { dim, base, encoding: 'rope' });
    const qs = lib.rope(q, { dim, base, offset: shift }), ks = lib.rope(k, { dim, base, offset: shift });
    const shifted = lib.attentionScores(qs, ks, { dim, encoding: 'none' });
    return { atZero, shifted };
  },

  attentionCompare(lib, { content, seq, train, dim, base, min, max, seed }) {
    let q, k;
    if (content === 'same') { // one token repeated at every position: only the encoding can vary
      const x = rows(lib, 1, dim, contentSeed(seed, 0));
      q = new Float32Array(seq * dim);
      for (let i = 0; i < seq; i++) q.set(x, i * dim);
      k = q;
    } else {
      q = rows(lib, seq, dim, contentSeed(seed, 0)); k = rows(lib, seq, dim, contentSeed(seed, 1));
    }
    const out = {};
    for (const encoding of ['none', 'sinusoidal', 'learned', 'relative', 'rope']) {
      try {
        out[encoding] = { data: lib.attentionScores(q, k, { dim, encoding, base, maxLen: train, min, max, seed }) };
      } catch (err) {
        if (!(err instanceof RangeError)) throw err;
        out[encoding] = { error: err.message };
      }
    }
    return out;
  },
};
