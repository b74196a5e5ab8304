// Independent float64 references for the "beyond the article" API, written from the published
// formulas (Hugging Face modeling_rope_utils.py, the ALiBi paper's get_slopes, T5's
// _relative_position_bucket, DeBERTa's make_log_bucket_position), never from the code under test.
// Plain JavaScript, no imports: it also runs in a browser page and in a Worker.

const f32 = Math.fround;

/** inv_freq = 1 / base^(arange(0, d, 2) / d) */
export function defaultTheta(d, base) {
  const out = new Float64Array(d / 2);
  for (let k = 0; k < d; k += 2) out[k / 2] = 1 / base ** (k / d);
  return out;
}

/** Scaled inverse frequencies for a Hugging Face rope_parameters object. */
export function scaledTheta(d, base, s, seqLen = 0) {
  const type = s.rope_type ?? s.type;
  const plain = defaultTheta(d, base);
  const original = s.original_max_position_embeddings ?? s.max_position_embeddings;
  switch (type) {
    case 'default':
      return plain;
    case 'linear':
      return plain.map((t) => t / s.factor);
    case 'ntk':
      return defaultTheta(d, base * s.factor ** (d / (d - 2)));
    case 'dynamic': {
      const m = s.max_position_embeddings ?? s.original_max_position_embeddings;
      const l = seqLen > m ? seqLen : m;
      return defaultTheta(d, base * ((s.factor * l) / m - (s.factor - 1)) ** (d / (d - 2)));
    }
    case 'yarn': {
      const betaFast = s.beta_fast ?? 32;
      const betaSlow = s.beta_slow ?? 1;
      const corr = (rot) => (d * Math.log(original / (rot * 2 * Math.PI))) / (2 * Math.log(base));
      let low = corr(betaFast);
      let high = corr(betaSlow);
      if (s.truncate ?? true) {
        low = Math.floor(low);
        high = Math.ceil(high);
      }
      low = Math.max(low, 0);
      high = Math.min(high, d - 1);
      if (low === high) high += 0.001;
      return plain.map((_, i) => {
        const posFreq = base ** ((2 * i) / d);
        const ramp = Math.min(1, Math.max(0, (i - low) / (high - low)));
        const extra = 1 - ramp;
        return (1 / (s.factor * posFreq)) * (1 - extra) + (1 / posFreq) * extra;
      });
    }
    case 'longrope': {
      const ext = seqLen && seqLen > original ? s.long_factor : s.short_factor;
      return plain.map((t, i) => 1 / (ext[i] * (1 / t)));
    }
    case 'llama3': {
      const old = s.original_max_position_embeddings;
      const lowWl = old / s.low_freq_factor;
      const highWl = old / s.high_freq_factor;
      return plain.map((inv) => {
        const wl = (2 * Math.PI) / inv;
        const llama = wl > lowWl ? inv / s.factor : inv;
        const smooth = (old / wl - s.low_freq_factor) / (s.high_freq_factor - s.low_freq_factor);
        const medium = !(wl < highWl) && !(wl > lowWl);
        return medium ? ((1 - smooth) * llama) / s.factor + smooth * llama : llama;
      });
    }
    default:
      throw new Error(`no reference for ${type}`);
  }
}

const getMscale = (scale, m = 1) => (scale <= 1 ? 1 : 0.1 * m * Math.log(scale) + 1);

export function attentionFactor(s) {
  const type = s.rope_type ?? s.type;
  if (type === 'yarn') {
    if (s.attention_factor != null) return s.attention_factor;
    if (s.mscale && s.mscale_all_dim) return getMscale(s.factor, s.mscale) / getMscale(s.factor, s.mscale_all_dim);
    return getMscale(s.factor);
  }
  if (type === 'longrope') {
    if (s.attention_factor != null) return s.attention_factor;
    const original = s.original_max_position_embeddings ?? s.max_position_embeddings;
    const factor =
      s.original_max_position_embeddings != null && s.max_position_embeddings != null
        ? s.max_position_embeddings / s.original_max_position_embeddings
        : (s.factor ?? 1);
    return factor <= 1 ? 1 : Math.sqrt(1 + Math.log(factor) / Math.log(original));
  }
  return 1;
}

/** x [seq x heads x dim] rotated with the given theta (over rotaryDim) and cos/sin times factor. */
export function ropeWithTheta(
  x,
  { dim, heads = 1, layout = 'interleaved', positions, rotaryDim = dim },
  theta,
  factor,
) {
  const seq = x.length / (heads * dim);
  const half = rotaryDim / 2;
  const out = Float64Array.from(x);
  for (let s = 0; s < seq; s++) {
    for (let h = 0; h < heads; h++) {
      const o = (s * heads + h) * dim;
      for (let i = 0; i < half; i++) {
        const [a, b] = layout === 'half' ? [o + i, o + i + half] : [o + 2 * i, o + 2 * i + 1];
        const c = factor * Math.cos(positions[s] * theta[i]);
        const sn = factor * Math.sin(positions[s] * theta[i]);
        out[a] = x[a] * c - x[b] * sn;
        out[b] = x[b] * c + x[a] * sn;
      }
    }
  }
  return out;
}

/** The ALiBi paper's get_slopes (recursive). */
export function alibiSlopes(n, maxBias = 8) {
  const pow2 = (m) => {
    const start = 2 ** -(2 ** -(Math.log2(m) - Math.log2(maxBias)));
    return Array.from({ length: m }, (_, i) => start * start ** i);
  };
  if (Number.isInteger(Math.log2(n))) return pow2(n);
  const closest = 2 ** Math.floor(Math.log2(n));
  return [
    ...pow2(closest),
    ...alibiSlopes(2 * closest, maxBias)
      .filter((_, i) => i % 2 === 0)
      .slice(0, n - closest),
  ];
}

/** T5 _relative_position_bucket of one relative position (float32 where torch is). */
export function t5Bucket(rp, bidirectional = true, numBuckets = 32, maxDistance = 128) {
  let buckets = 0;
  let n = numBuckets;
  if (bidirectional) {
    n = Math.floor(n / 2);
    if (rp > 0) buckets += n;
    rp = Math.abs(rp);
  } else {
    rp = -Math.min(rp, 0);
  }
  const maxExact = Math.floor(n / 2);
  if (rp < maxExact) return buckets + rp;
  const v = f32(f32(f32(Math.log(f32(rp / maxExact))) / f32(Math.log(maxDistance / maxExact))) * (n - maxExact));
  return buckets + Math.min(maxExact + Math.trunc(v), n - 1);
}

/** DeBERTa make_log_bucket_position of one relative position (float32 where torch is). */
export function debertaBucket(rel, bucketSize, maxPosition) {
  const mid = Math.floor(bucketSize / 2);
  const absPos = rel < mid && rel > -mid ? mid - 1 : Math.abs(rel);
  if (absPos <= mid) return rel;
  const num = f32(Math.log(f32(absPos / mid)));
  const den = f32(Math.log(f32((maxPosition - 1) / mid)));
  const logPos = Math.ceil(f32(f32(num / den) * (mid - 1))) + mid;
  return logPos * Math.sign(rel);
}

/** Round to nearest even into a format (mantissa bits, smallest normal exponent, largest finite). */
function roundFormat(x, mantissa, emin, largest) {
  x = f32(x);
  if (!Number.isFinite(x) || x === 0) return x;
  const e = Math.max(Math.floor(Math.log2(Math.abs(x))), emin);
  // Math.log2 can be off by one next to powers of two: fix the binade.
  let exp = e;
  if (2 ** exp > Math.abs(x) && exp > emin) exp -= 1;
  if (2 ** (exp + 1) <= Math.abs(x)) exp += 1;
  const q = 2 ** (exp - mantissa);
  const t = x / q;
  let r = Math.round(t);
  if (Math.abs(t - Math.trunc(t)) === 0.5) r = 2 * Math.round(t / 2); // ties to even
  r *= q;
  return Math.abs(r) > largest ? Math.sign(x) * Infinity : r;
}
export const bfloat16 = (x) => roundFormat(x, 7, -126, 3.3895313892515355e38);
export const float16 = (x) => roundFormat(x, 10, -14, 65504);
