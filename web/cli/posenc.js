#!/usr/bin/env node
// posenc: the command line. Writes a table of the library as CSV, JSON or NumPy .npy.
//   posenc table sinusoidal --positions 64 --dim 16 --format npy --out pe.npy
// Exit codes: 0 ok, 1 the library refused a value (RangeError) or another failure,
// 2 usage (unknown command or option, missing or malformed option).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const KINDS = {
  sinusoidal: {
    summary: 'sinusoidal absolute encoding [positions x dim]',
    options: { positions: 'count, or a comma list of positions', dim: 'even feature count', base: 'default 10000', layout: 'interleaved | half' },
    required: ['positions', 'dim'],
    run: (p, o) => {
      const positions = o.positions.includes(',') ? list(o.positions, 'positions') : number(o.positions, 'positions');
      return matrix(p.sinusoidal({ positions, dim: o.dim, base: o.base, layout: o.layout }), o.dim);
    },
  },
  learned: {
    summary: 'learned absolute table [max-len x dim] (or the rows of --positions)',
    options: { 'max-len': 'rows of the table', dim: 'features', seed: 'default 0', std: 'default 0.02', positions: 'optional comma list: only these rows' },
    required: ['max-len', 'dim'],
    run: (p, o) => {
      const t = p.learned({ maxLen: o['max-len'], dim: o.dim, seed: o.seed, std: o.std });
      return matrix(o.positions === undefined ? t.table() : t.encode(list(o.positions, 'positions')), o.dim);
    },
  },
  'relative-distance': {
    summary: 'clipped distances clip(i - j, min, max) [query-len x key-len], int32',
    options: { 'query-len': 'queries', 'key-len': 'keys, default query-len', min: 'smallest distance', max: 'largest distance' },
    required: ['query-len', 'min', 'max'],
    run: (p, o) => matrix(p.relativeDistance({ queryLen: o['query-len'], keyLen: o['key-len'], min: o.min, max: o.max }), o['key-len'] ?? o['query-len']),
  },
  relative: {
    summary: 'trained relative table (DeBERTa) [(max - min + 1) x dim]',
    options: { min: 'smallest distance', max: 'largest distance', dim: 'features', seed: 'default 0', std: 'default 0.02' },
    required: ['min', 'max', 'dim'],
    run: (p, o) => matrix(p.relative({ min: o.min, max: o.max, dim: o.dim, seed: o.seed, std: o.std }).table(), o.dim),
  },
  'rope-frequencies': {
    summary: 'RoPE frequencies theta_i = base^(-2i/dim) [dim/2]',
    options: { dim: 'even feature count', base: 'default 10000' },
    required: ['dim'],
    run: (p, o) => vector(p.ropeFrequencies({ dim: o.dim, base: o.base })),
  },
  'rope-matrix': {
    summary: 'RoPE rotation matrix R(position) [dim x dim]',
    options: { position: 'the position', dim: 'even feature count', base: 'default 10000' },
    required: ['position', 'dim'],
    run: (p, o) => matrix(p.ropeMatrix({ position: o.position, dim: o.dim, base: o.base }), o.dim),
  },
  'rope-decay': {
    summary: 'RoFormer long-term decay bound for d = 0..max-distance [max-distance + 1]',
    options: { dim: 'even feature count', base: 'default 10000', 'max-distance': 'largest distance' },
    required: ['dim', 'max-distance'],
    run: (p, o) => vector(p.ropeDecayBound({ dim: o.dim, base: o.base, maxDistance: o['max-distance'] })),
  },
  'rope-score': {
    summary: 'RoPE logit rope(q, d) . rope(k, 0) for d = 0..max-distance [max-distance + 1]',
    options: { q: 'comma list of dim numbers', k: 'comma list of dim numbers', base: 'default 10000', 'max-distance': 'largest distance' },
    required: ['q', 'k', 'max-distance'],
    run: (p, o) => {
      const q = Float32Array.from(list(o.q, 'q'));
      const k = Float32Array.from(list(o.k, 'k'));
      return vector(p.ropeScoreByDistance(q, k, { dim: q.length, base: o.base, maxDistance: o['max-distance'] }));
    },
  },
  'alibi-slopes': {
    summary: 'ALiBi head slopes [heads] (Bloom rule for any head count)',
    options: { heads: 'number of heads', 'max-bias': 'default 8' },
    required: ['heads'],
    run: (p, o) => vector(p.alibiSlopes({ heads: o.heads, maxBias: o['max-bias'] })),
  },
  alibi: {
    summary: 'ALiBi bias -slope |i - j| [query-len x key-len]',
    options: { 'query-len': 'queries', 'key-len': 'keys, default query-len', slope: 'the head slope', causal: 'true | false (default false)' },
    required: ['query-len', 'slope'],
    run: (p, o) => matrix(p.alibiBias({ queryLen: o['query-len'], keyLen: o['key-len'], slope: o.slope, causal: flag(o.causal, 'causal') }),
      o['key-len'] ?? o['query-len']),
  },
  't5-buckets': {
    summary: 'T5 relative position buckets of j - i [query-len x key-len], int32',
    options: { 'query-len': 'queries', 'key-len': 'keys, default query-len', 'num-buckets': 'default 32', 'max-distance': 'default 128',
      bidirectional: 'true | false (default true)' },
    required: ['query-len'],
    run: (p, o) => matrix(p.t5Buckets({ queryLen: o['query-len'], keyLen: o['key-len'], numBuckets: o['num-buckets'],
      maxDistance: o['max-distance'], bidirectional: flag(o.bidirectional, 'bidirectional') }), o['key-len'] ?? o['query-len']),
  },
  'rope-frequencies-scaled': {
    summary: 'scaled RoPE frequencies [dim/2]; --scaling is Hugging Face rope_parameters as JSON',
    options: { dim: 'even feature count', base: 'default 10000', scaling: 'JSON, e.g. {"rope_type":"linear","factor":4}', 'seq-len': 'dynamic / longrope' },
    required: ['dim', 'scaling'],
    run: (p, o) => vector(p.ropeFrequencies({ dim: o.dim, base: o.base, scaling: json(o.scaling, 'scaling'), seqLen: o['seq-len'] })),
  },
};

function flag(text, name) {
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw new UsageError(`--${name} expects true or false, got ${JSON.stringify(text)}`);
  return text === 'true';
}

function json(text, name) {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`--${name} expects JSON, got ${JSON.stringify(text)}`);
  }
}

const NUMBER_OPTIONS = new Set(['dim', 'base', 'max-len', 'seed', 'std', 'query-len', 'key-len', 'min', 'max', 'position', 'max-distance',
  'heads', 'max-bias', 'slope', 'num-buckets', 'seq-len']);
const STRING_OPTIONS = ['positions', 'layout', 'q', 'k', 'format', 'out', 'causal', 'bidirectional', 'scaling'];

class UsageError extends Error {}

const USAGE = `posenc - positional encodings for transformers (C++ SIMD core, WebAssembly)

Usage:
  posenc table <kind> [options] [--format csv|json|npy] [--out FILE]
  posenc table --help        the kinds and their options
  posenc --version
  posenc --help

Examples:
  posenc table sinusoidal --positions 64 --dim 16 --format npy --out pe.npy
  posenc table rope-frequencies --dim 128 --base 500000 --format json
  posenc table relative-distance --query-len 4 --min -2 --max 2

Output: csv (one row per line, default), json (nested arrays), npy (NumPy v1.0,
'<f4' or '<i4'). Without --out the table goes to standard output.
Exit codes: 0 ok, 1 a value out of range (the library's RangeError), 2 usage.`;

function tableUsage() {
  const lines = ['Usage: posenc table <kind> [options] [--format csv|json|npy] [--out FILE] [--scalar]', '', 'Kinds:'];
  for (const [name, kind] of Object.entries(KINDS)) {
    lines.push(`  ${name.padEnd(18)} ${kind.summary}`);
    for (const [option, text] of Object.entries(kind.options)) {
      lines.push(`      --${option.padEnd(14)} ${text}${kind.required.includes(option) ? ' (required)' : ''}`);
    }
  }
  lines.push('', 'Common options:', '      --format        csv (default) | json | npy', '      --out FILE      write to FILE instead of standard output',
    '      --scalar        use the scalar wasm build instead of SIMD128');
  return lines.join('\n');
}

function number(text, name) {
  if (!/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(text)) throw new UsageError(`--${name} expects a number, got ${JSON.stringify(text)}`);
  return Number(text);
}

function list(text, name) {
  return text.split(',').map((part) => number(part, name));
}

const matrix = (data, columns) => ({ data, shape: columns > 0 ? [data.length / columns, columns] : [0, 0] });
const vector = (data) => ({ data, shape: [data.length] });

// Shortest decimal that reads back as the same float32 (integers print as integers).
function formatValue(v) {
  if (!Number.isFinite(v) || Number.isInteger(v)) return String(v);
  for (let digits = 1; digits < 9; digits++) {
    const text = v.toPrecision(digits);
    if (Math.fround(Number(text)) === v) return String(Number(text));
  }
  return String(Number(v.toPrecision(9)));
}

function rows({ data, shape }) {
  const columns = shape.length === 2 ? shape[1] : 1;
  const out = [];
  for (let r = 0; r * columns < data.length; r++) out.push(Array.from(data.subarray(r * columns, (r + 1) * columns), formatValue));
  return out;
}

function toCsv(table) {
  return rows(table).map((row) => row.join(',')).join('\n') + '\n';
}

function toJson(table) {
  const body = table.shape.length === 2 ? `[\n${rows(table).map((row) => `  [${row.join(', ')}]`).join(',\n')}\n]` : `[${rows(table).flat().join(', ')}]`;
  return `${body}\n`;
}

/** NumPy .npy version 1.0: magic, header dict padded with spaces to a multiple of 64 bytes, data. */
function toNpy({ data, shape }) {
  const descr = data instanceof Int32Array ? '<i4' : '<f4';
  const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const unpadded = 10 + dict.length + 1;   // magic(6) + version(2) + length(2) + dict + '\n'
  const header = `${dict}${' '.repeat((64 - (unpadded % 64)) % 64)}\n`;
  const out = new Uint8Array(10 + header.length + data.length * 4);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);   // \x93NUMPY v1.0
  const view = new DataView(out.buffer);
  view.setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  const start = 10 + header.length;
  for (let i = 0; i < data.length; i++) {
    if (descr === '<i4') view.setInt32(start + 4 * i, data[i], true);
    else view.setFloat32(start + 4 * i, data[i], true);
  }
  return out;
}

function parse(argv) {
  const options = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' }, scalar: { type: 'boolean' } };
  for (const name of [...NUMBER_OPTIONS, ...STRING_OPTIONS]) options[name] = { type: 'string' };
  try {
    // allowNegative is not in Node 20: join "--min -2" to "--min=-2" first.
    const args = [];
    for (let i = 0; i < argv.length; i++) {
      const option = /^--([a-z-]+)$/.exec(argv[i])?.[1];
      if (option && options[option]?.type === 'string' && i + 1 < argv.length) args.push(`${argv[i]}=${argv[++i]}`);
      else args.push(argv[i]);
    }
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error.message);
  }
}

async function main(argv) {
  const { values, positionals } = parse(argv);
  const [command, kindName, ...extra] = positionals;
  if (values.version) {
    const { load } = await import('posenc');
    process.stdout.write(`posenc ${(await load()).version}\n`);
    return 0;
  }
  if (command === undefined) {
    if (values.help) { process.stdout.write(`${USAGE}\n`); return 0; }
    throw new UsageError('missing command');
  }
  if (command !== 'table') throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  if (values.help) { process.stdout.write(`${tableUsage()}\n`); return 0; }
  if (kindName === undefined) throw new UsageError('missing the kind of table (posenc table --help lists them)');
  const kind = KINDS[kindName];
  if (!kind) throw new UsageError(`unknown table ${JSON.stringify(kindName)} (posenc table --help lists them)`);
  if (extra.length) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  const format = values.format ?? 'csv';
  if (!['csv', 'json', 'npy'].includes(format)) throw new UsageError(`--format must be csv, json or npy, got ${JSON.stringify(format)}`);

  const o = {};
  for (const [name, value] of Object.entries(values)) {
    if (['help', 'version', 'scalar', 'format', 'out'].includes(name)) continue;
    if (!(name in kind.options)) throw new UsageError(`--${name} does not apply to ${kindName} (posenc table --help)`);
    o[name] = NUMBER_OPTIONS.has(name) ? number(value, name) : value;
  }
  for (const name of kind.required) if (o[name] === undefined) throw new UsageError(`${kindName} needs --${name}`);

  const { load } = await import('posenc');
  const posenc = await load(values.scalar ? { simd: false } : {});
  const table = kind.run(posenc, o);
  const output = format === 'npy' ? toNpy(table) : format === 'json' ? toJson(table) : toCsv(table);
  if (values.out !== undefined) writeFileSync(values.out, output);
  else process.stdout.write(output);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`posenc: ${error.message}\nTry 'posenc --help'.\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`posenc: ${error instanceof RangeError || error instanceof TypeError ? error.message : error.stack ?? error}\n`);
    process.exitCode = 1;
  }
}
