// `posenc table` writes its tables a block of rows at a time: the same bytes as the library's whole
// table in each format, memory that does not grow with the table, and a reader that stops early.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { formatValue as commandFormat } from '../../web/cli/formats.js';
import { importPosenc, root } from './helpers.mjs';

const { load } = await importPosenc();
const posenc = await load();
const cli = join(root, 'web', 'cli', 'posenc.js');
const dir = mkdtempSync(join(tmpdir(), 'posenc-cli-stream-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The command's exit code, its standard output as bytes and its standard error. */
function run(args, { node = [] } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...node, cli, ...args], { cwd: root });
    const out = [],
      err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({ status, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString() }),
    );
  });
}

// The formats as the command wrote them when it built every table whole: the expected side, written
// here from the format descriptions so that it shares no code with the command.
function formatValue(v) {
  if (!Number.isFinite(v) || Number.isInteger(v)) return String(v);
  for (let digits = 1; digits < 9; digits++) {
    const text = v.toPrecision(digits);
    if (Math.fround(Number(text)) === v) return String(Number(text));
  }
  return String(Number(v.toPrecision(9)));
}

test('the CSV and JSON text of a value: the shortest that reads back as the same float32', () => {
  // Random bit patterns over every exponent (subnormals, NaN and infinities included), and decimals that
  // are short in many digit counts, near powers of ten and of two, each signed.
  const bits = new Uint32Array(300000);
  let seed = 12345;
  for (let i = 0; i < bits.length; i++) bits[i] = seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  const values = [...new Float32Array(bits.buffer)];
  for (let i = 1; i < 20000; i++) {
    for (const scale of [1e-40, 1e-30, 1e-7, 1e-3, 0.1, 1 / 7, 1e5 + 0.5, 1e30]) values.push(Math.fround(i * scale));
  }
  for (let n = -45; n <= 38; n++) {
    for (const x of [10 ** n, 2 ** (n * 3)]) {
      const v = Math.fround(x);
      values.push(v, Math.fround(v * (1 + 2 ** -23)), Math.fround(v * (1 - 2 ** -24)));
    }
  }
  values.push(3.4028234663852886e38, 1.1754943508222875e-38, 1.401298464324817e-45, -0, NaN, Infinity);
  for (const v of values) {
    for (const signed of [v, -v]) assert.equal(commandFormat(signed), formatValue(signed), `bits of ${signed}`);
  }
});

function rowsOf(data, width) {
  const rows = [];
  for (let r = 0; r * width < data.length; r++)
    rows.push(Array.from(data.subarray(r * width, (r + 1) * width), formatValue));
  return rows;
}

function expected(format, { data, columns, vector }, header = true) {
  const width = vector ? 1 : columns.length;
  if (format === 'csv') {
    const lines = rowsOf(data, width).map((row) => row.join(','));
    if (header) lines.unshift(columns.join(','));
    return Buffer.from(lines.map((line) => `${line}\n`).join(''));
  }
  if (format === 'json') {
    const body = vector
      ? `[${rowsOf(data, 1).flat().join(', ')}]`
      : `[\n${rowsOf(data, width)
          .map((row) => `  [${row.join(', ')}]`)
          .join(',\n')}\n]`;
    return Buffer.from(`${body}\n`);
  }
  const shape = vector ? `(${data.length},)` : `(${data.length / width}, ${width})`;
  const int32 = data instanceof Int32Array;
  const dict = `{'descr': '${int32 ? '<i4' : '<f4'}', 'fortran_order': False, 'shape': ${shape}, }`;
  const header64 = `${dict}${' '.repeat((64 - ((11 + dict.length) % 64)) % 64)}\n`;
  const out = Buffer.alloc(10 + header64.length + 4 * data.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  out.writeUInt16LE(header64.length, 8);
  out.write(header64, 10, 'latin1');
  data.forEach((v, i) =>
    int32 ? out.writeInt32LE(v, 10 + header64.length + 4 * i) : out.writeFloatLE(v, 10 + header64.length + 4 * i),
  );
  return out;
}

const names = (prefix, count) => Array.from({ length: count }, (_, i) => `${prefix}_${i}`);
const pairNames = (a, b, dim, layout) =>
  layout === 'half'
    ? [...names(a, dim / 2), ...names(b, dim / 2)]
    : names(a, dim / 2).flatMap((name, i) => [name, `${b}_${i}`]);

// The cos/sin table as rope() applies it: vectors whose pairs are all (1, 0), rotated in one call.
function ropeWhole(rows, o) {
  const x = new Float32Array(rows * o.dim);
  for (let r = 0; r < rows; r++)
    for (let i = 0; i < o.dim / 2; i++) x[r * o.dim + (o.layout === 'half' ? i : 2 * i)] = 1;
  return posenc.rope(x, { ...o, inPlace: true });
}

// Positions spread over the whole range the library takes, and some of them twice.
const spread = (count, limit) => Array.from({ length: count }, (_, i) => (i * 7919 + (i % 5) * 1000003) % limit);

test('every table in every format: the bytes of the library whole table, over several blocks of rows', async () => {
  const listed = spread(140, 2 ** 24);
  const learnedRows = spread(140, 1000);
  const config = join(root, 'tests', 'configs', 'qwen2.5-7b-instruct-yarn.json');
  const model = posenc.ropeFromConfig(readFileSync(config, 'utf8'));
  const scaling = { rope_type: 'linear', factor: 4 };
  const q = [0.5, -1, 2, 0.25],
    k = [1, 0.5, -0.75, 2];
  // Each table holds more values than one block of the command (65536), so that rows cross blocks.
  const cases = [
    [
      ['sinusoidal', '--positions', '130', '--dim', '512', '--base', '500', '--layout', 'half'],
      {
        data: posenc.sinusoidal({ positions: 130, dim: 512, base: 500, layout: 'half' }),
        columns: pairNames('sin', 'cos', 512, 'half'),
      },
    ],
    [
      ['sinusoidal', '--positions', listed.join(','), '--dim', '512'],
      { data: posenc.sinusoidal({ positions: listed, dim: 512 }), columns: pairNames('sin', 'cos', 512) },
    ],
    [
      ['learned', '--max-len', '130', '--dim', '512', '--seed', '3', '--std', '0.5'],
      { data: posenc.learned({ maxLen: 130, dim: 512, seed: 3, std: 0.5 }).table(), columns: names('dim', 512) },
    ],
    [
      ['learned', '--max-len', '1000', '--dim', '512', '--positions', learnedRows.join(',')],
      { data: posenc.learned({ maxLen: 1000, dim: 512 }).encode(learnedRows), columns: names('dim', 512) },
    ],
    [
      ['relative', '--min', '-70', '--max', '70', '--dim', '512', '--seed', '2'],
      { data: posenc.relative({ min: -70, max: 70, dim: 512, seed: 2 }).table(), columns: names('dim', 512) },
    ],
    [
      ['relative-distance', '--query-len', '150', '--key-len', '500', '--min', '-40', '--max', '60'],
      { data: posenc.relativeDistance({ queryLen: 150, keyLen: 500, min: -40, max: 60 }), columns: names('key', 500) },
    ],
    [
      ['alibi', '--query-len', '140', '--key-len', '480', '--slope', '0.375', '--causal', 'true'],
      {
        data: posenc.alibiBias({ queryLen: 140, keyLen: 480, slope: 0.375, causal: true }),
        columns: names('key', 480),
      },
    ],
    [
      ['alibi', '--query-len', '300', '--slope', '0.3'],
      { data: posenc.alibiBias({ queryLen: 300, slope: 0.3 }), columns: names('key', 300) },
    ],
    [
      [
        't5-buckets',
        '--query-len',
        '150',
        '--key-len',
        '450',
        '--num-buckets',
        '16',
        '--max-distance',
        '64',
        '--bidirectional',
        'false',
      ],
      {
        data: posenc.t5Buckets({ queryLen: 150, keyLen: 450, numBuckets: 16, maxDistance: 64, bidirectional: false }),
        columns: names('key', 450),
      },
    ],
    [['t5-buckets', '--query-len', '300'], { data: posenc.t5Buckets({ queryLen: 300 }), columns: names('key', 300) }],
    [
      ['rope', '--dim', '512', '--positions', '130', '--base', '500000', '--layout', 'half'],
      {
        data: ropeWhole(130, { dim: 512, base: 500000, layout: 'half' }),
        columns: pairNames('cos', 'sin', 512, 'half'),
      },
    ],
    [
      ['rope', '--dim', '512', '--positions', listed.join(',')],
      {
        data: ropeWhole(listed.length, { dim: 512, layout: 'interleaved', positions: listed }),
        columns: pairNames('cos', 'sin', 512),
      },
    ],
    [
      ['rope', '--config', config, '--positions', '600'],
      {
        data: ropeWhole(600, {
          dim: model.rotaryDim,
          frequencies: model.frequencies,
          attentionFactor: model.attentionFactor,
          layout: model.layout,
        }),
        columns: pairNames('cos', 'sin', model.rotaryDim, model.layout),
      },
    ],
    [
      ['rope-matrix', '--position', '12345', '--dim', '300'],
      { data: posenc.ropeMatrix({ position: 12345, dim: 300 }), columns: names('col', 300) },
    ],
    [
      ['rope-frequencies', '--dim', '64', '--base', '500000'],
      { data: posenc.ropeFrequencies({ dim: 64, base: 500000 }), columns: ['theta'], vector: true },
    ],
    [
      ['rope-frequencies-scaled', '--dim', '64', '--scaling', JSON.stringify(scaling)],
      { data: posenc.ropeFrequencies({ dim: 64, scaling }), columns: ['theta'], vector: true },
    ],
    [
      ['rope-decay', '--dim', '64', '--max-distance', '70000'],
      { data: posenc.ropeDecayBound({ dim: 64, maxDistance: 70000 }), columns: ['bound'], vector: true },
    ],
    [
      ['rope-score', '--q', q.join(','), '--k', k.join(','), '--max-distance', '70000'],
      {
        data: posenc.ropeScoreByDistance(new Float32Array(q), new Float32Array(k), { dim: 4, maxDistance: 70000 }),
        columns: ['score'],
        vector: true,
      },
    ],
    [['alibi-slopes', '--heads', '12'], { data: posenc.alibiSlopes({ heads: 12 }), columns: ['slope'], vector: true }],
  ];
  const runs = [];
  for (const [args, table] of cases) {
    for (const format of ['csv', 'json', 'npy']) {
      runs.push(run(['table', ...args, '--format', format]).then((r) => [args, format, r, expected(format, table)]));
    }
    runs.push(
      run(['table', ...args, '--no-header']).then((r) => [args, 'csv --no-header', r, expected('csv', table, false)]),
    );
  }
  for (const [args, format, r, want] of await Promise.all(runs)) {
    const what = `${args[0]} ${args.slice(1, 5).join(' ')} as ${format}`;
    assert.equal(r.status, 0, `${what}: ${r.stderr}`);
    assert.ok(r.stdout.equals(want), `${what}: ${r.stdout.length} bytes, the library's table ${want.length}`);
  }
  // Small tables too, and --out: the file holds the same bytes.
  for (const format of ['csv', 'json', 'npy']) {
    const out = join(dir, `small.${format}`);
    const r = await run([
      'table',
      'relative-distance',
      '--query-len',
      '2',
      '--min',
      '-1',
      '--max',
      '1',
      '--format',
      format,
      '--out',
      out,
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.length, 0);
    const want = expected(format, {
      data: posenc.relativeDistance({ queryLen: 2, min: -1, max: 1 }),
      columns: names('key', 2),
    });
    assert.ok(readFileSync(out).equals(want), `--out as ${format}`);
  }
});

// Reports the process's peak resident set at its exit, on standard error.
const PEAK =
  'data:text/javascript,' +
  "process.on('exit', () => process.stderr.write('peak ' + process.resourceUsage().maxRSS + '\\n'))";

// A table of rows x 512 as CSV through a pipe, in a V8 heap of 64 MB: the table (its values as text
// alone are 150 MB) never is whole, nor its values (200 MB as int32).
async function streamed(rows) {
  const args = ['table', 't5-buckets', '--query-len', String(rows), '--key-len', '512', '--num-buckets', '64'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=64', '--import', PEAK, cli, ...args], { cwd: root });
    let bytes = 0,
      lines = 0,
      stderr = '';
    child.stdout.on('data', (chunk) => {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      const peak = Number(/^peak (\d+)$/m.exec(stderr)?.[1]) * 1024;
      resolve({ status, bytes, lines, peak, stderr });
    });
  });
}

test('a 100000 x 512 CSV streams through a pipe in the memory of a 10000 x 512 one', async () => {
  const small = await streamed(10000);
  const large = await streamed(100000);
  for (const [r, rows] of [
    [small, 10000],
    [large, 100000],
  ]) {
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.lines, rows + 1, 'the header and every row');
    assert.ok(Number.isFinite(r.peak), r.stderr);
  }
  assert.ok(large.bytes > 100e6, `${large.bytes} bytes`);
  const mb = (n) => `${(n / 2 ** 20).toFixed(1)} MiB`;
  assert.ok(
    large.peak - small.peak < 32 * 2 ** 20,
    `peak resident memory ${mb(small.peak)} for 10000 rows, ${mb(large.peak)} for 100000`,
  );
});

// Reads standard output up to `lines` newlines, then closes the pipe, as `head` does.
function firstLines(args, lines) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root });
    let text = '',
      stderr = '',
      seen = 0;
    child.stdout.on('data', (chunk) => {
      if (seen >= lines) return;
      text += chunk.toString('latin1');
      seen = text.split('\n').length - 1;
      if (seen >= lines) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, text, stderr }));
  });
}

test('a reader that closes the pipe early ends a 10000000-row table at once, exit 0', async () => {
  const tables = [
    ['sinusoidal', '--positions', '10000000', '--dim', '64'],
    ['rope', '--positions', '10000000', '--dim', '128', '--format', 'json'],
    ['learned', '--max-len', '100000', '--dim', '512', '--format', 'npy'],
    ['alibi', '--query-len', '10000000', '--key-len', '64', '--slope', '0.5'],
  ];
  const results = await Promise.all(tables.map((args) => firstLines(['table', ...args], 2)));
  results.forEach((r, i) => {
    const what = tables[i].join(' ');
    assert.equal(r.status, 0, `${what}: ${r.signal ?? ''} ${r.stderr}`);
    assert.equal(r.stderr, '', what);
  });
  const [sinusoidal] = results;
  const [header, first] = sinusoidal.text.split('\n');
  assert.equal(header.split(',').length, 64);
  assert.deepEqual(first.split(',').map(Number), Array.from(posenc.sinusoidal({ positions: 1, dim: 64 })));
});

test('past the whole-table limit: streamed tables run, and a limit the library keeps names the flags', async () => {
  // 1000000 x 128 is past 2^26 values, the most one library call returns.
  const rope = await firstLines(['table', 'rope', '--positions', '1000000', '--dim', '128', '--no-header'], 1);
  assert.equal(rope.status, 0, rope.stderr);
  assert.equal(rope.text.split('\n')[0], Array.from({ length: 64 }, () => '1,0').join(','));
  const refused = [
    [
      ['learned', '--max-len', '1000000', '--dim', '128'],
      /^posenc: --max-len \* --dim must be at most .*, got 128000000\n$/,
    ],
    [
      ['rope', '--positions', '20000000', '--dim', '4'],
      /^posenc: --positions must be an integer in \[0, 16777216\], got 20000000\n$/,
    ],
    [
      ['sinusoidal', '--positions', '20000000', '--dim', '4'],
      /^posenc: --positions must be an integer in \[0, 16777216\], got 20000000\n$/,
    ],
    [
      ['learned', '--max-len', '4', '--dim', '2', '--positions', '1,9'],
      /^posenc: --positions\[1\] must be in \[0, --max-len - 1 = 3\]/,
    ],
    [['rope', '--dim', '4', '--positions', '1,2,-3'], /^posenc: --positions\[2\] must be /],
    [['alibi', '--query-len', '3', '--key-len', '16777217', '--slope', '1'], /^posenc: --key-len must be /],
  ];
  for (const [args, pattern] of refused) {
    const r = await run(['table', ...args]);
    assert.equal(r.status, 1, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout.length, 0, 'refused before any output');
    assert.match(r.stderr, pattern);
  }
});
