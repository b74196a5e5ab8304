// Independent float64 references for the tests, written from the formulas of API.md
// (never from the code under test). Plain JavaScript, no imports: it also runs in a
// browser page and in a Worker. Results are Float64Arrays (Int32Array for distances).

/** theta_i = base^(-2i/dim), i = 0 .. dim/2-1 */
export function theta(dim, base = 10000) {
  const out = new Float64Array(dim / 2);
  for (let i = 0; i < dim / 2; i++) out[i] = Math.pow(base, (-2 * i) / dim);
  return out;
}

/** [positions x dim]; positions is a count or a list. */
export function sinusoidal(positions, dim, base = 10000, layout = 'interleaved') {
  const list = typeof positions === 'number' ? Array.from({ length: positions }, (_, i) => i) : Array.from(positions);
  const th = theta(dim, base);
  const half = dim / 2;
  const out = new Float64Array(list.length * dim);
  list.forEach((p, r) => {
    for (let i = 0; i < half; i++) {
      const a = p * th[i];
      if (layout === 'half') {
        out[r * dim + i] = Math.sin(a);
        out[r * dim + half + i] = Math.cos(a);
      } else {
        out[r * dim + 2 * i] = Math.sin(a);
        out[r * dim + 2 * i + 1] = Math.cos(a);
      }
    }
  });
  return out;
}

/** x is [seq x heads x dim]; row s at positions[s] or offset + s. */
export function rope(
  x,
  { dim, heads = 1, base = 10000, layout = 'interleaved', offset = 0, positions, rotaryDim = dim },
) {
  const seq = x.length / (heads * dim);
  const th = theta(rotaryDim, base);
  const half = rotaryDim / 2;
  const out = Float64Array.from(x);
  for (let s = 0; s < seq; s++) {
    const pos = positions ? positions[s] : offset + s;
    for (let h = 0; h < heads; h++) {
      const o = (s * heads + h) * dim;
      for (let i = 0; i < half; i++) {
        const [a, b] = layout === 'half' ? [o + i, o + i + half] : [o + 2 * i, o + 2 * i + 1];
        const c = Math.cos(pos * th[i]);
        const sn = Math.sin(pos * th[i]);
        out[a] = x[a] * c - x[b] * sn;
        out[b] = x[b] * c + x[a] * sn;
      }
    }
  }
  return out;
}

/** The block-diagonal dim x dim rotation R(position), row-major. */
export function ropeMatrix(position, dim, base = 10000) {
  const th = theta(dim, base);
  const out = new Float64Array(dim * dim);
  for (let i = 0; i < dim / 2; i++) {
    const c = Math.cos(position * th[i]);
    const s = Math.sin(position * th[i]);
    const r = 2 * i;
    out[r * dim + r] = c;
    out[r * dim + r + 1] = -s;
    out[(r + 1) * dim + r] = s;
    out[(r + 1) * dim + r + 1] = c;
  }
  return out;
}

/** (1/(dim/2)) * sum_{j=1}^{dim/2} |sum_{k<j} e^{i d theta_k}|, d = 0..maxDistance */
export function ropeDecayBound(dim, base, maxDistance) {
  const th = theta(dim, base);
  const out = new Float64Array(maxDistance + 1);
  for (let d = 0; d <= maxDistance; d++) {
    let re = 0;
    let im = 0;
    let total = 0;
    for (let j = 0; j < dim / 2; j++) {
      re += Math.cos(d * th[j]);
      im += Math.sin(d * th[j]);
      total += Math.hypot(re, im);
    }
    out[d] = total / (dim / 2);
  }
  return out;
}

export function dot(a, ai, b, bi, n) {
  let s = 0;
  for (let t = 0; t < n; t++) s += a[ai + t] * b[bi + t];
  return s;
}

/** s[d] = rope(q, d) . rope(k, 0), d = 0..maxDistance (interleaved layout) */
export function ropeScoreByDistance(q, k, dim, base, maxDistance) {
  const out = new Float64Array(maxDistance + 1);
  const rk = rope(k, { dim, base, positions: [0] });
  for (let d = 0; d <= maxDistance; d++) out[d] = dot(rope(q, { dim, base, positions: [d] }), 0, rk, 0, dim);
  return out;
}

export const clip = (v, min, max) => Math.min(max, Math.max(min, v));

export function relativeDistance(queryLen, keyLen, min, max) {
  const out = new Int32Array(queryLen * keyLen);
  for (let i = 0; i < queryLen; i++) for (let j = 0; j < keyLen; j++) out[i * keyLen + j] = clip(i - j, min, max);
  return out;
}

/** DeBERTa c2c, c2p, p2c and their sum, given the table P (row r = distance min + r). */
export function relativeScores(q, k, P, { min, max, dim, scale = true }) {
  const n = q.length / dim;
  const m = k.length / dim;
  const f = scale ? 1 / Math.sqrt(3 * dim) : 1;
  const parts = {
    total: new Float64Array(n * m),
    c2c: new Float64Array(n * m),
    c2p: new Float64Array(n * m),
    p2c: new Float64Array(n * m),
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const c2c = dot(q, i * dim, k, j * dim, dim) * f;
      const c2p = dot(q, i * dim, P, (clip(i - j, min, max) - min) * dim, dim) * f;
      const p2c = dot(k, j * dim, P, (clip(j - i, min, max) - min) * dim, dim) * f;
      const at = i * m + j;
      parts.c2c[at] = c2c;
      parts.c2p[at] = c2p;
      parts.p2c[at] = p2c;
      parts.total[at] = c2c + c2p + p2c;
    }
  }
  return parts;
}

/**
 * Attention logits [n x m] under an encoding. `table` is the library's learned table
 * (encoding 'learned', maxLen x dim) or relative table (encoding 'relative').
 */
export function attentionScores(
  q,
  k,
  { dim, encoding, base = 10000, scale = true, layout = 'interleaved', min, max },
  table,
) {
  const n = q.length / dim;
  const m = k.length / dim;
  if (encoding === 'relative') return relativeScores(q, k, table, { min, max, dim, scale }).total;
  let qe = Float64Array.from(q);
  let ke = Float64Array.from(k);
  if (encoding === 'sinusoidal') {
    const pq = sinusoidal(n, dim, base);
    const pk = sinusoidal(m, dim, base);
    qe = qe.map((v, i) => v + pq[i]);
    ke = ke.map((v, i) => v + pk[i]);
  } else if (encoding === 'learned') {
    qe = qe.map((v, i) => v + table[i]);
    ke = ke.map((v, i) => v + table[i]);
  } else if (encoding === 'rope') {
    qe = rope(q, { dim, base, layout });
    ke = rope(k, { dim, base, layout });
  }
  const f = scale ? 1 / Math.sqrt(dim) : 1;
  const out = new Float64Array(n * m);
  for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) out[i * m + j] = dot(qe, i * dim, ke, j * dim, dim) * f;
  return out;
}

/** Deterministic pseudo-random Float32Array in [-1, 1) (mulberry32). */
export function randomFloat32(length, seed = 1) {
  let a = seed >>> 0;
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1;
  }
  return out;
}
