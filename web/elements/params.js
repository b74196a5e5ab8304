// The typed parameter table: every figure parameter is declared once here (name, type, default,
// min, max) and parsed the same way from an attribute or from the URL query. Parsing never throws
// and never returns markup: a value is a finite number clamped into range, a member of an enum,
// or a boolean. Anything else falls back to the default.

const MAX_POS = 2 ** 24 - 1;

/** An integer parameter. `even` rounds down to an even number; `scale: 'log'` gives a log slider. */
export const int = (def, min, max, extra = {}) => ({ type: 'int', def, min, max, ...extra });
/** A real parameter (clamped). */
export const real = (def, min, max, extra = {}) => ({ type: 'real', def, min, max, ...extra });
/** One of a fixed list of strings. */
export const choice = (def, values) => ({ type: 'enum', def, values });
/** A boolean: present / "true" / "1" / "on" is true. */
export const bool = (def) => ({ type: 'bool', def });

/** Parse one raw string (attribute or query value) against a spec. Returns a clean value. */
export function parseValue(spec, raw) {
  if (raw === null || raw === undefined) return spec.def;
  const s = String(raw).trim().slice(0, 64);
  switch (spec.type) {
    case 'enum':
      return spec.values.includes(s) ? s : spec.def;
    case 'bool':
      return s === '' || s === 'true' || s === '1' || s === 'on'
        ? true
        : s === 'false' || s === '0' || s === 'off'
          ? false
          : spec.def;
    case 'int':
    case 'real': {
      if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return spec.def;
      let v = Number(s);
      if (!Number.isFinite(v)) return spec.def;
      v = Math.min(spec.max, Math.max(spec.min, v));
      if (spec.type === 'int') {
        v = Math.round(v);
        if (spec.even && v % 2) v = v - 1 >= spec.min ? v - 1 : v + 1;
      }
      return v;
    }
    default:
      return spec.def;
  }
}

/** The string form written back into attributes and the URL. */
export function formatValue(spec, v) {
  if (spec.type === 'bool') return v ? 'true' : 'false';
  if (spec.type === 'real') return String(Number(v.toPrecision(6)));
  return String(v);
}

/** Attribute name of a parameter: camelCase -> kebab-case. */
export const attrName = (name) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

const base = () => real(10000, 2, 1e7, { scale: 'log' });
const seed = () => int(1, 0, 99999);
// std of a learned or relative position table, content vectors having std 1: 1 stands for a trained
// table as large as the content, 0.02 for BERT's initial one
const posScale = () => real(1, 0.02, 4, { scale: 'log' });

/** Every figure's parameters, by tag name. One place to read what a figure accepts. */
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
    shift: int(1000, 0, MAX_POS - 128, { scale: 'log' }),
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
  // section 6: long context
  'posenc-rope-scaling-frequencies': {
    dim: int(128, 4, 512, { even: true }),
    base: base(),
    factor: real(8, 1, 64, { scale: 'log' }),
    original: int(8192, 16, 1048576, { scale: 'log' }),
  },
  'posenc-rope-scaling-logits': {
    scaling: choice('yarn', ['linear', 'ntk', 'dynamic', 'yarn', 'longrope', 'llama3']),
    content: choice('ones', ['ones', 'random']),
    dim: int(64, 4, 256, { even: true }),
    base: base(),
    factor: real(4, 1, 16, { scale: 'log' }),
    original: int(512, 16, 4096, { scale: 'log' }),
    seed: seed(),
  },
  'posenc-rope-scaling-angles': {
    highlight: choice('default', ['default', 'linear', 'ntk', 'dynamic', 'yarn', 'longrope', 'llama3']),
    dim: int(64, 4, 256, { even: true }),
    base: base(),
    factor: real(4, 1, 64, { scale: 'log' }),
    original: int(2048, 16, 1048576, { scale: 'log' }),
  },
  'posenc-config-paste': {
    example: choice('llama31', ['llama31', 'qwen-yarn', 'phi3-longrope', 'gemma3', 'gpt-oss', 'qwen25-vl', 'phi35-v5']),
    seqLen: int(0, 0, 2 ** 31 - 1, { scale: 'log' }),
    contextLength: int(0, 0, 2 ** 31 - 1, { scale: 'log' }),
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
    position: int(3, 0, MAX_POS - 64, { scale: 'log' }),
    seed: seed(),
  },
  'posenc-precision-lab': {
    measure: choice('cos', ['cos', 'sin', 'angle']),
    dim: int(128, 2, 1024, { even: true }),
    base: base(),
  },
};

/** Parse every parameter of `tag` from a getter (attribute or query lookup by name). */
export function parseAll(tag, get) {
  const specs = FIGURE_PARAMS[tag];
  const out = {};
  for (const [name, spec] of Object.entries(specs)) out[name] = parseValue(spec, get(name));
  return out;
}
