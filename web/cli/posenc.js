#!/usr/bin/env node
// posenc: the command line. Writes a table of the library as CSV, JSON or NumPy .npy, a model
// config's RoPE, or the length lab's results (web/cli/lab.js). A table is computed and written a
// block of rows at a time (web/cli/formats.js): its memory does not grow with its length.
//   posenc table sinusoidal --positions 64 --dim 16 --format npy --out pe.npy
// Exit codes: 0 ok (also when the reader closes the pipe early), 1 the library refused a value
// (RangeError, TypeError) or another failure, 2 usage (unknown command or option, missing or malformed
// option), 3 a file or stream failed.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IoError, UsageError, json, list, number, parseCommandLine } from './args.js';
import { configText } from './config-text.js';
import { withFlags } from './flags.js';
import { matrix, numbered, rowTable, vector, writeTable } from './formats.js';
import { labCommand } from './lab.js';
import { sinkOf } from './output.js';
import { stdoutClosed } from './stdout.js';

const KINDS = {
  sinusoidal: {
    summary: 'sinusoidal absolute encoding [positions x dim]',
    options: {
      positions: 'count, or a comma list of positions',
      dim: 'even feature count',
      base: 'default 10000',
      layout: 'interleaved | half',
    },
    required: ['positions', 'dim'],
    run: (p, o) => sinusoidalTable(p, o),
  },
  learned: {
    summary: 'learned absolute table [max-len x dim] (or the rows of --positions)',
    options: {
      'max-len': 'rows of the table',
      dim: 'features',
      seed: 'default 0',
      std: 'default 0.02',
      positions: 'optional comma list: only these rows',
    },
    required: ['max-len', 'dim'],
    run: (p, o) => learnedTable(p, o),
  },
  'relative-distance': {
    summary: 'clipped distances clip(i - j, min, max) [query-len x key-len], int32',
    options: {
      'query-len': 'queries',
      'key-len': 'keys, default query-len',
      min: 'smallest distance',
      max: 'largest distance',
    },
    required: ['query-len', 'min', 'max'],
    run: (p, o) => byDistance(o, (lengths) => p.relativeDistance({ ...lengths, min: o.min, max: o.max })),
  },
  relative: {
    summary: 'trained relative table (DeBERTa) [(max - min + 1) x dim]',
    options: {
      min: 'smallest distance',
      max: 'largest distance',
      dim: 'features',
      seed: 'default 0',
      std: 'default 0.02',
    },
    required: ['min', 'max', 'dim'],
    run: (p, o) =>
      matrix(
        p.relative({ min: o.min, max: o.max, dim: o.dim, seed: o.seed, std: o.std }).table(),
        numbered('dim', o.dim),
      ),
  },
  'rope-frequencies': {
    summary: 'RoPE frequencies theta_i = base^(-2i/dim) [dim/2]',
    options: { dim: 'even feature count', base: 'default 10000' },
    required: ['dim'],
    run: (p, o) => vector(p.ropeFrequencies({ dim: o.dim, base: o.base }), 'theta'),
  },
  'rope-matrix': {
    summary: 'RoPE rotation matrix R(position) [dim x dim]',
    options: { position: 'the position', dim: 'even feature count', base: 'default 10000' },
    required: ['position', 'dim'],
    run: (p, o) => matrix(p.ropeMatrix({ position: o.position, dim: o.dim, base: o.base }), numbered('col', o.dim)),
  },
  'rope-decay': {
    summary: 'RoFormer long-term decay bound for d = 0..max-distance [max-distance + 1]',
    options: { dim: 'even feature count', base: 'default 10000', 'max-distance': 'largest distance' },
    required: ['dim', 'max-distance'],
    run: (p, o) => vector(p.ropeDecayBound({ dim: o.dim, base: o.base, maxDistance: o['max-distance'] }), 'bound'),
  },
  'rope-score': {
    summary: 'RoPE logit rope(q, d) . rope(k, 0) for d = 0..max-distance [max-distance + 1]',
    options: {
      q: 'comma list of dim numbers',
      k: 'comma list of dim numbers',
      base: 'default 10000',
      'max-distance': 'largest distance',
    },
    required: ['q', 'k', 'max-distance'],
    run: (p, o) => {
      const q = Float32Array.from(list(o.q, 'q'));
      const k = Float32Array.from(list(o.k, 'k'));
      if (k.length !== q.length)
        throw new UsageError(`--q and --k need the same count of numbers, got ${q.length} and ${k.length}`);
      const scores = p.ropeScoreByDistance(q, k, { dim: q.length, base: o.base, maxDistance: o['max-distance'] });
      return vector(scores, 'score');
    },
  },
  'alibi-slopes': {
    summary: 'ALiBi head slopes [heads] (Bloom rule for any head count)',
    options: { heads: 'number of heads', 'max-bias': 'default 8' },
    required: ['heads'],
    run: (p, o) => vector(p.alibiSlopes({ heads: o.heads, maxBias: o['max-bias'] }), 'slope'),
  },
  alibi: {
    summary: 'ALiBi bias -slope |i - j| [query-len x key-len]',
    options: {
      'query-len': 'queries',
      'key-len': 'keys, default query-len',
      slope: 'the head slope',
      causal: 'true | false (default false)',
    },
    required: ['query-len', 'slope'],
    run: (p, o) => {
      const causal = flag(o.causal, 'causal');
      return byDistance(o, (lengths) => p.alibiBias({ ...lengths, slope: o.slope, causal }));
    },
  },
  't5-buckets': {
    summary: 'T5 relative position buckets of j - i [query-len x key-len], int32',
    options: {
      'query-len': 'queries',
      'key-len': 'keys, default query-len',
      'num-buckets': 'default 32',
      'max-distance': 'default 128',
      bidirectional: 'true | false (default true)',
    },
    required: ['query-len'],
    run: (p, o) => {
      const options = {
        numBuckets: o['num-buckets'],
        maxDistance: o['max-distance'],
        bidirectional: flag(o.bidirectional, 'bidirectional'),
      };
      return byDistance(o, (lengths) => p.t5Buckets({ ...lengths, ...options }));
    },
  },
  rope: {
    summary:
      'RoPE cos/sin table [positions x rotary-dim] as rope() applies them (attention factor included), ' +
      'from --dim or a model config; columns cos_i then sin_i (half layout) or cos_i, sin_i pairs (interleaved)',
    options: {
      positions: 'count, or a comma list of positions',
      dim: 'even feature count',
      base: 'default 10000',
      layout: "column order: half | interleaved (default the model's with --config, else interleaved)",
      config: "a model's config.json, or the model's folder that holds it",
      'layer-type': "with --config: which layer type (default full_attention, else the model's first)",
      'seq-len': 'with --config: the sequence length dynamic and longrope read',
    },
    required: ['positions'],
    run: (p, o) => ropeTable(p, o),
  },
  'rope-frequencies-scaled': {
    summary: 'scaled RoPE frequencies [dim/2]; --scaling is Hugging Face rope_parameters as JSON',
    options: {
      dim: 'even feature count',
      base: 'default 10000',
      scaling: 'JSON, e.g. {"rope_type":"linear","factor":4}',
      'seq-len': 'dynamic / longrope',
    },
    required: ['dim', 'scaling'],
    run: (p, o) =>
      vector(
        p.ropeFrequencies({ dim: o.dim, base: o.base, scaling: json(o.scaling, 'scaling'), seqLen: o['seq-len'] }),
        'theta',
      ),
  },
};

// Rows a block at a time: positions start..end - 1 as the library takes a list of positions.
const range = (start, end) => Float64Array.from({ length: end - start }, (_, i) => start + i);

// A count of positions the library computes rows for (0..positionLimit).
const isCount = (p, n) => Number.isInteger(n) && n >= 0 && n <= p.limits.positionLimit;

// --positions: a count (a number) or a comma list (a Float64Array).
const positionsOf = (o) =>
  o.positions.includes(',') ? Float64Array.from(list(o.positions, 'positions')) : number(o.positions, 'positions');

// The rows of a table are computed a block at a time, each from the library (a list of positions,
// or an offset), so that no table is ever whole in memory: the library's checks of the whole call
// come first, from calls that compute no rows (a count of 0, or the positions with one pair a row).

function sinusoidalTable(p, o) {
  const positions = positionsOf(o);
  const options = { dim: o.dim, base: o.base, layout: o.layout };
  const listed = typeof positions !== 'number';
  // A count the library would refuse is refused as it would be (the count form checks no rows).
  p.sinusoidal({ ...options, positions: listed || isCount(p, positions) ? 0 : positions });
  if (listed) p.sinusoidal({ positions, dim: 2 });
  return rowTable({
    rows: listed ? positions.length : positions,
    names: pairs('sin', 'cos', o),
    block: (start, end) =>
      p.sinusoidal({ ...options, positions: listed ? positions.subarray(start, end) : range(start, end) }),
  });
}

// Row p of a learned table depends on p alone: encode() of a block of rows is those rows of table().
function learnedTable(p, o) {
  const t = p.learned({ maxLen: o['max-len'], dim: o.dim, seed: o.seed, std: o.std });
  const positions = o.positions === undefined ? null : Float64Array.from(list(o.positions, 'positions'));
  if (positions) p.learned({ maxLen: t.maxLen, dim: 1 }).encode(positions);
  return rowTable({
    rows: positions ? positions.length : t.maxLen,
    names: numbered('dim', o.dim),
    block: (start, end) => t.encode(positions ? positions.subarray(start, end) : range(start, end)),
  });
}

// A [query-len x key-len] table whose entry (i, j) depends on i - j alone (clipped distances, ALiBi,
// T5 buckets), from two library calls of one column and one row: column 0 holds i - j = 0, 1, ...,
// query-len - 1, row 0 holds 0, -1, ..., 1 - key-len. Rows are put together from them a block at a
// time: one value per distance in memory, not one per entry.
function byDistance(o, table) {
  const queryLen = o['query-len'];
  const keyLen = o['key-len'] ?? queryLen;
  const down = table({ queryLen, keyLen: 1 });
  const across = table({ queryLen: 1, keyLen });
  return rowTable({
    rows: queryLen,
    names: numbered('key', keyLen),
    int32: down instanceof Int32Array,
    block: (start, end) => {
      const out = new down.constructor((end - start) * keyLen);
      for (let i = start, at = 0; i < end; i++) {
        for (let j = 0; j < keyLen; j++, at++) out[at] = j <= i ? down[i - j] : across[j - i];
      }
      return out;
    },
  });
}

// cos and sin as rope() applies them: rotating a vector whose pairs are all (1, 0) turns pair i into
// (cos, sin), so the table holds the library's own bits: (x[i], x[i + h]) in the half layout,
// (x[2i], x[2i + 1]) in the interleaved one. Each block of rows is such vectors rotated at their
// positions (a list, or an offset), so rows come out as those of one call over the whole table.
function ropeTable(p, o) {
  if (o.config !== undefined && o.dim !== undefined) throw new UsageError('rope takes --dim or --config, not both');
  if (o.config === undefined && o.dim === undefined) throw new UsageError('rope needs --dim or --config');
  if (o.config === undefined && (o['layer-type'] !== undefined || o['seq-len'] !== undefined)) {
    throw new UsageError('--layer-type and --seq-len apply with --config');
  }
  const model =
    o.config === undefined
      ? null
      : p.ropeFromConfig(readText(o.config), { layerType: o['layer-type'], seqLen: o['seq-len'] });
  const rotary = model ? model.rotaryDim : o.dim;
  const options = model
    ? { dim: rotary, frequencies: model.frequencies, attentionFactor: model.attentionFactor }
    : { dim: rotary, base: o.base };
  const positions = positionsOf(o);
  const listed = typeof positions !== 'number';
  const layout = o.layout ?? model?.layout ?? 'interleaved';
  if (layout !== 'half' && layout !== 'interleaved' && layout !== 'interleaved-to-half')
    throw new UsageError(`--layout must be half, interleaved or interleaved-to-half, got ${JSON.stringify(layout)}`);
  if (!listed && !isCount(p, positions)) {
    throw new RangeError(`positions must be an integer in [0, ${p.limits.positionLimit}], got ${positions}`);
  }
  p.rope(new Float32Array(0), { ...options, layout, inPlace: true });
  if (listed) p.rope(new Float32Array(2 * positions.length), { dim: 2, positions, inPlace: true });
  const half = rotary / 2;
  return rowTable({
    rows: listed ? positions.length : positions,
    // interleaved-to-half reads adjacent pairs and writes halves: its table has the half layout's columns
    names: pairs('cos', 'sin', { dim: rotary, layout: layout === 'interleaved' ? layout : 'half' }),
    block: (start, end) => {
      const x = new Float32Array((end - start) * rotary);
      for (let r = 0; r < end - start; r++) {
        for (let i = 0; i < half; i++) x[r * rotary + (layout === 'half' ? i : 2 * i)] = 1;
      }
      const where = listed ? { positions: positions.subarray(start, end) } : { offset: start };
      return p.rope(x, { ...options, layout, ...where, inPlace: true });
    },
  });
}

// The columns of a table of pairs (first_i, second_i) of dim / 2 angles: pairwise in the interleaved
// layout (the default), all the firsts then all the seconds in the half layout.
function pairs(first, second, { dim, layout }) {
  const a = numbered(first, dim / 2),
    b = numbered(second, dim / 2);
  return layout === 'half' ? [...a, ...b] : a.flatMap((name, i) => [name, b[i]]);
}

// A file's text; a failure to read it is an I/O error (exit 3), not a stack trace.
// A model's config: the file, or config.json inside a model's folder (a downloaded checkpoint).
function readText(file) {
  let path = file;
  try {
    if (statSync(file).isDirectory()) path = join(file, 'config.json');
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new IoError(`cannot read ${path}: ${error.code ?? error.message}`);
  }
}

function flag(text, name) {
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false')
    throw new UsageError(`--${name} expects true or false, got ${JSON.stringify(text)}`);
  return text === 'true';
}

const NUMBER_OPTIONS = new Set([
  'dim',
  'base',
  'max-len',
  'seed',
  'std',
  'query-len',
  'key-len',
  'min',
  'max',
  'position',
  'max-distance',
  'heads',
  'max-bias',
  'slope',
  'num-buckets',
  'seq-len',
  'context-length',
]);
const STRING_OPTIONS = [
  'positions',
  'layout',
  'q',
  'k',
  'format',
  'out',
  'causal',
  'bidirectional',
  'scaling',
  'config',
  'layer-type',
];

const USAGE = `posenc - positional encodings for transformers (C++ SIMD core, WebAssembly)

Usage:
  posenc table <kind> [options] [--format csv|json|npy] [--out FILE]
  posenc table --help        the kinds and their options (posenc table <kind> --help: one)
  posenc config FILE [--seq-len N] [--context-length N] [--format text|json]
                             a model config's RoPE per layer type, and the llama.cpp flags
  posenc config --help       what it prints, and its options
  posenc lab [--task copy|reverse|recall] [--encodings LIST] [--seeds N] [--steps N]
             [--train-length N] [--test-lengths LIST] [--json]
                             train a tiny transformer per positional scheme and seed, and
                             tabulate exact match by test length (the length lab)
  posenc lab --help          its options
  posenc --version
  posenc --help

Examples:
  posenc table sinusoidal --positions 64 --dim 16 --format npy --out pe.npy
  posenc table rope-frequencies --dim 128 --base 500000 --format json
  posenc table relative-distance --query-len 4 --min -2 --max 2
  posenc table rope --dim 128 --positions 4096 --base 500000 --format npy --out rope.npy
  posenc table rope --config config.json --positions 8 --layer-type sliding_attention
  posenc config config.json --context-length 131072
  posenc lab --task copy --encodings none,rope,alibi --train-length 8 --test-lengths 8,16,32

Output: csv (default: a line of column names, then one row per line; --no-header leaves
the names out), json (nested arrays), npy (NumPy v1.0, '<f4' or '<i4'). Without --out the
table goes to standard output, a block of rows at a time as they are computed.
Exit codes: 0 ok (a reader that closes the pipe early, as head does, included), 1 a value
the library refused (its RangeError or TypeError), 2 usage, 3 a file or stream that could
not be read or written.`;

const CONFIG_USAGE = `Usage: posenc config FILE [--seq-len N] [--context-length N] [--format text|json]
                           [--out FILE] [--scalar]

Reads a Hugging Face config.json (FILE, or FILE/config.json when FILE is a model's folder) and
prints, for each layer type, the RoPE it resolves to (rope type, head and rotary dims, base,
layout, attention factor, frequencies, the layers without RoPE and notes on what the numbers do
not say), then the llama.cpp flags that give the same RoPE, with notes on what they cannot express.

Options:
      --seq-len N         the sequence length dynamic and LongRoPE scaling depend on
      --context-length N  the context length llama.cpp will run with (its -c)
      --format            text (default) | json
      --out FILE          write to FILE instead of standard output
      --scalar            use the scalar wasm build instead of SIMD128`;

// The usage of \`posenc table\`: every kind, or only \`only\`.
function tableUsage(only) {
  const lines = [
    `Usage: posenc table ${only ?? '<kind>'} [options] [--format csv|json|npy] [--out FILE] [--scalar]`,
    '',
    only ? 'Options:' : 'Kinds:',
  ];
  for (const [name, kind] of Object.entries(KINDS)) {
    if (only && name !== only) continue;
    lines.push(`  ${name.padEnd(18)} ${kind.summary}`);
    for (const [option, text] of Object.entries(kind.options)) {
      lines.push(`      --${option.padEnd(14)} ${text}${kind.required.includes(option) ? ' (required)' : ''}`);
    }
  }
  lines.push(
    '',
    'Common options:',
    '      --format        csv (default) | json | npy',
    '      --no-header     csv without its first line, the column names',
    '      --out FILE      write to FILE instead of standard output',
    '      --scalar        use the scalar wasm build instead of SIMD128',
  );
  return lines.join('\n');
}

function parse(argv) {
  const options = {
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean' },
    scalar: { type: 'boolean' },
    'no-header': { type: 'boolean' },
  };
  for (const name of [...NUMBER_OPTIONS, ...STRING_OPTIONS]) options[name] = { type: 'string' };
  return parseCommandLine(argv, options);
}

// `posenc config FILE`: the resolved RoPE of every layer type, and the llama.cpp flags.
async function configCommand(file, values) {
  for (const name of Object.keys(values)) {
    if (!['seq-len', 'context-length', 'format', 'scalar', 'out'].includes(name)) {
      throw new UsageError(`--${name} does not apply to config (posenc --help)`);
    }
  }
  const format = values.format ?? 'text';
  if (!['text', 'json'].includes(format))
    throw new UsageError(`--format must be text or json, got ${JSON.stringify(format)}`);
  const seqLen = values['seq-len'] === undefined ? undefined : number(values['seq-len'], 'seq-len');
  const contextLength =
    values['context-length'] === undefined ? undefined : number(values['context-length'], 'context-length');
  const text = readText(file);
  const { load } = await import('posenc');
  const posenc = await load(values.scalar ? { simd: false } : {});
  let layers, llamaCpp;
  try {
    const first = posenc.ropeFromConfig(text, { seqLen });
    layers = first.layerTypes.map((layerType) => posenc.ropeFromConfig(text, { layerType, seqLen }));
    llamaCpp = posenc.llamaCppFlags(text, { contextLength });
  } catch (error) {
    throw withFlags(error, ['seq-len', 'context-length']);
  }
  if (format === 'json') {
    const plain = (r) => ({
      ...r,
      frequencies: Array.from(r.frequencies),
      options: { ...r.options, frequencies: Array.from(r.options.frequencies ?? []) },
    });
    return `${JSON.stringify({ layers: layers.map(plain), llamaCpp }, null, 2)}\n`;
  }
  return configText(layers, llamaCpp);
}

async function write(output, out) {
  const sink = sinkOf(out);
  await sink.write(output);
  sink.close();
}

// Output that would be lost: refused before any work (a lab run takes minutes).
function requireStdout() {
  if (stdoutClosed()) throw new IoError('cannot write to standard output: it is closed');
}

async function main(argv) {
  // The length lab reads options of its own (web/cli/lab.js), and prints to standard output.
  if (argv[0] === 'lab') {
    requireStdout();
    return labCommand(argv.slice(1));
  }
  const { values, positionals } = parse(argv);
  if (values.out === undefined) requireStdout();
  const [command, kindName, ...extra] = positionals;
  if (values.version) {
    const { load } = await import('posenc');
    process.stdout.write(`posenc ${(await load()).version}\n`);
    return 0;
  }
  if (command === undefined) {
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    throw new UsageError('missing command');
  }
  if (command === 'config') {
    if (values.help) {
      process.stdout.write(`${CONFIG_USAGE}\n`);
      return 0;
    }
    if (kindName === undefined) throw new UsageError('config needs the path of a config.json');
    if (extra.length) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
    await write(await configCommand(kindName, values), values.out);
    return 0;
  }
  if (command !== 'table') throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  return tableCommand(kindName, extra, values);
}

// `posenc table <kind> [options]`.
async function tableCommand(kindName, extra, values) {
  if (values.help && kindName === undefined) {
    process.stdout.write(`${tableUsage()}\n`);
    return 0;
  }
  if (kindName === undefined) throw new UsageError('missing the kind of table (posenc table --help lists them)');
  const kind = KINDS[kindName];
  if (!kind) throw new UsageError(`unknown table ${JSON.stringify(kindName)} (posenc table --help lists them)`);
  if (values.help) {
    process.stdout.write(`${tableUsage(kindName)}\n`);
    return 0;
  }
  if (extra.length) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  const format = values.format ?? 'csv';
  if (!['csv', 'json', 'npy'].includes(format))
    throw new UsageError(`--format must be csv, json or npy, got ${JSON.stringify(format)}`);
  if (values['no-header'] && format !== 'csv') throw new UsageError('--no-header applies to --format csv');

  const o = {};
  for (const [name, value] of Object.entries(values)) {
    if (['help', 'version', 'scalar', 'format', 'out', 'no-header'].includes(name)) continue;
    if (!(name in kind.options)) throw new UsageError(`--${name} does not apply to ${kindName} (posenc table --help)`);
    o[name] = NUMBER_OPTIONS.has(name) ? number(value, name) : value;
  }
  for (const name of kind.required) if (o[name] === undefined) throw new UsageError(`${kindName} needs --${name}`);

  const { load } = await import('posenc');
  // The model-config module only when a config is read.
  const posenc = await load({ ...(values.scalar ? { simd: false } : {}), models: o.config !== undefined });
  const refused = (error) => withFlags(error, Object.keys(o)); // the flags given: a default is never refused
  let table;
  try {
    table = kind.run(posenc, o);
  } catch (error) {
    throw refused(error);
  }
  const { block } = table;
  table.block = (start, end) => {
    try {
      return block(start, end);
    } catch (error) {
      throw refused(error);
    }
  };
  // Opened once the library has taken the arguments: a refused table leaves no file behind.
  const sink = sinkOf(values.out);
  await writeTable(table, format, (chunk) => sink.write(chunk), { header: !values['no-header'] });
  sink.close();
  return 0;
}

// A reader that closes the pipe early (`posenc table ... | head`) is not an error of ours.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`posenc: cannot write to standard output: ${error.code ?? error.message}\n`);
  process.exit(3);
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`posenc: ${error.message}\nTry 'posenc --help'.\n`);
    process.exitCode = 2;
  } else if (error instanceof IoError) {
    process.stderr.write(`posenc: ${error.message}\n`);
    process.exitCode = 3;
  } else {
    // The library's refusals and its own "posenc: ..." errors (a wasm that cannot start, an old Node)
    // say all there is to say; anything else is a bug of ours, and its stack helps to find it.
    const own = error instanceof RangeError || error instanceof TypeError || /^posenc: /.test(error?.message);
    process.stderr.write(`posenc: ${own ? error.message.replace(/^posenc: /, '') : (error?.stack ?? error)}\n`);
    process.exitCode = 1;
  }
}
