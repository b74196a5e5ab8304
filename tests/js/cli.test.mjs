// The `posenc` command: formats (csv, json, npy read back byte by byte), exit codes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { importPosenc, root } from './helpers.mjs';
import * as ref from './reference.mjs';

const { load } = await importPosenc();
const posenc = await load();
const cli = join(root, 'web', 'cli', 'posenc.js');
const dir = mkdtempSync(join(tmpdir(), 'posenc-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function run(...args) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'buffer' });
  return { status: r.status, stdout: r.stdout, text: r.stdout.toString(), stderr: r.stderr.toString() };
}

/** Minimal .npy v1.0 reader, written from the format description. */
function readNpy(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0], 'magic and version 1.0');
  const headerLength = bytes.readUInt16LE(8);
  assert.equal((10 + headerLength) % 64, 0, 'data starts at a multiple of 64 bytes');
  const header = bytes.subarray(10, 10 + headerLength).toString('latin1');
  assert.ok(header.endsWith('\n'), 'header ends with a newline');
  const m = /^\{'descr': '(<f4|<i4)', 'fortran_order': False, 'shape': \(([\d, ]*)\), \} *\n$/.exec(header);
  assert.ok(m, `header ${JSON.stringify(header)}`);
  const shape = m[2]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  const body = bytes.subarray(10 + headerLength);
  const count = shape.reduce((a, b) => a * b, 1);
  assert.equal(body.length, count * 4, 'data size');
  const data = Array.from({ length: count }, (_, i) =>
    m[1] === '<f4' ? body.readFloatLE(4 * i) : body.readInt32LE(4 * i),
  );
  return { descr: m[1], shape, data };
}

test('sinusoidal as csv: its column names, one row per position, float32 values read back exactly', () => {
  const r = run('table', 'sinusoidal', '--positions', '64', '--dim', '16');
  assert.equal(r.status, 0, r.stderr);
  const [header, ...lines] = r.text.trim().split('\n');
  assert.equal(
    header,
    'sin_0,cos_0,sin_1,cos_1,sin_2,cos_2,sin_3,cos_3,sin_4,cos_4,sin_5,cos_5,sin_6,cos_6,sin_7,cos_7',
  );
  assert.equal(lines.length, 64);
  const values = lines.flatMap((line) => line.split(',').map(Number));
  assert.equal(values.length, 64 * 16);
  const want = posenc.sinusoidal({ positions: 64, dim: 16 });
  values.forEach((v, i) => assert.equal(Math.fround(v), want[i], `element ${i}`));
});

test('sinusoidal as npy with --out, half layout and base', () => {
  const out = join(dir, 'pe.npy');
  const r = run(
    'table',
    'sinusoidal',
    '--positions',
    '10',
    '--dim',
    '8',
    '--base',
    '500',
    '--layout',
    'half',
    '--format',
    'npy',
    '--out',
    out,
  );
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.text, '', 'nothing on stdout');
  const npy = readNpy(readFileSync(out));
  assert.equal(npy.descr, '<f4');
  assert.deepEqual(npy.shape, [10, 8]);
  assert.deepEqual(npy.data, Array.from(posenc.sinusoidal({ positions: 10, dim: 8, base: 500, layout: 'half' })));
});

test('relative-distance as npy is int32; as json nested arrays', () => {
  const npy = readNpy(
    run(
      'table',
      'relative-distance',
      '--query-len',
      '3',
      '--key-len',
      '5',
      '--min',
      '-2',
      '--max',
      '1',
      '--format',
      'npy',
    ).stdout,
  );
  assert.equal(npy.descr, '<i4');
  assert.deepEqual(npy.shape, [3, 5]);
  assert.deepEqual(npy.data, Array.from(ref.relativeDistance(3, 5, -2, 1)));
  const json = JSON.parse(
    run('table', 'relative-distance', '--query-len', '2', '--min', '-1', '--max', '1', '--format', 'json').text,
  );
  assert.deepEqual(json, [
    [0, -1],
    [1, 0],
  ]);
});

test('every kind of table', () => {
  const cases = [
    [
      ['learned', '--max-len', '8', '--dim', '4', '--seed', '3'],
      [8, 4],
      posenc.learned({ maxLen: 8, dim: 4, seed: 3 }).table(),
    ],
    [
      ['learned', '--max-len', '8', '--dim', '4', '--positions', '7,0'],
      [2, 4],
      posenc.learned({ maxLen: 8, dim: 4 }).encode([7, 0]),
    ],
    [
      ['relative', '--min', '-2', '--max', '2', '--dim', '4', '--std', '1'],
      [5, 4],
      posenc.relative({ min: -2, max: 2, dim: 4, std: 1 }).table(),
    ],
    [['rope-frequencies', '--dim', '8', '--base', '500000'], [4], posenc.ropeFrequencies({ dim: 8, base: 500000 })],
    [['rope-matrix', '--position', '3', '--dim', '4'], [4, 4], posenc.ropeMatrix({ position: 3, dim: 4 })],
    [['rope-decay', '--dim', '16', '--max-distance', '20'], [21], posenc.ropeDecayBound({ dim: 16, maxDistance: 20 })],
    [
      ['rope-score', '--q', '1,0.5,0,1', '--k', '1,0,0,1', '--max-distance', '5'],
      [6],
      posenc.ropeScoreByDistance(new Float32Array([1, 0.5, 0, 1]), new Float32Array([1, 0, 0, 1]), {
        dim: 4,
        maxDistance: 5,
      }),
    ],
    [
      ['sinusoidal', '--positions', '0,100,5000', '--dim', '4'],
      [3, 4],
      posenc.sinusoidal({ positions: [0, 100, 5000], dim: 4 }),
    ],
  ];
  for (const [args, shape, want] of cases) {
    const r = run('table', ...args, '--format', 'npy');
    assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
    const npy = readNpy(r.stdout);
    assert.deepEqual(npy.shape, shape, args.join(' '));
    assert.deepEqual(npy.data, Array.from(want), args.join(' '));
    const json = JSON.parse(run('table', ...args, '--format', 'json').text);
    assert.deepEqual(json.flat().map(Math.fround), Array.from(want), `${args.join(' ')} as json`);
  }
});

test('--scalar uses the scalar build', () => {
  const r = run('table', 'rope-frequencies', '--dim', '4', '--scalar', '--no-header');
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.text.trim().split('\n').map(Number), [1, 0.01]);
});

test('help and version', () => {
  for (const args of [['--help'], ['-h']]) {
    const r = run(...args);
    assert.equal(r.status, 0);
    assert.match(r.text, /posenc table <kind>/);
  }
  const t = run('table', '--help');
  assert.equal(t.status, 0);
  for (const kind of [
    'sinusoidal',
    'learned',
    'relative-distance',
    'relative',
    'rope-frequencies',
    'rope-matrix',
    'rope-decay',
    'rope-score',
  ]) {
    assert.match(t.text, new RegExp(`^  ${kind} `, 'm'));
  }
  assert.match(run('--version').text, /^posenc \d+\.\d+\.\d+/);
});

test('--help on every subcommand: config, and each kind of table alone', () => {
  const c = run('config', '--help');
  assert.equal(c.status, 0, c.text);
  for (const option of ['--seq-len', '--context-length', '--format', '--out'])
    assert.ok(c.text.includes(option), `config --help names ${option}`);
  const all = run('table', '--help').text;
  for (const kind of all.match(/^  [a-z][a-z0-9-]+(?= )/gm).map((k) => k.trim())) {
    const r = run('table', kind, '--help');
    assert.equal(r.status, 0, `${kind}: ${r.text}`);
    assert.match(r.text, new RegExp(`^Usage: posenc table ${kind} `));
    assert.deepEqual(
      r.text.match(/^  [a-z][a-z0-9-]+(?= )/gm).map((k) => k.trim()),
      [kind],
      'only that kind',
    );
  }
});

test('usage errors exit 2, range errors exit 1, both on stderr', () => {
  const usage = [
    [],
    ['tables'],
    ['table'],
    ['table', 'cosine', '--dim', '4'],
    ['table', 'sinusoidal', '--dim', '4'],
    ['table', 'sinusoidal', '--positions', '4', '--dim', 'four'],
    ['table', 'sinusoidal', '--positions', '4', '--dim', '4', '--format', 'xml'],
    ['table', 'sinusoidal', '--positions', '4', '--dim', '4', '--bogus', '1'],
    ['table', 'sinusoidal', '--positions', '4', '--dim', '4', '--max-len', '1'],
  ];
  for (const args of usage) {
    const r = run(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.text, '');
    assert.match(r.stderr, /^posenc: /);
  }
  const range = [
    [['table', 'sinusoidal', '--positions', '4', '--dim', '5'], /dim.*5/],
    [['table', 'sinusoidal', '--positions', '4', '--dim', '4', '--layout', 'neox'], /layout.*neox/],
    [['table', 'learned', '--max-len', '0', '--dim', '4'], /--max-len.*0/],
    [['table', 'rope-matrix', '--position', '16777216', '--dim', '4'], /position.*16777216/],
  ];
  for (const [args, pattern] of range) {
    const r = run(...args);
    assert.equal(r.status, 1, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.text, '');
    assert.match(r.stderr, pattern);
  }
});

test('rope table: cos and sin columns as rope() applies them, in either layout, from --dim or a config', () => {
  const r = run('table', 'rope', '--dim', '8', '--positions', '0,3,1000000', '--base', '500000');
  assert.equal(r.status, 0, r.stderr);
  const [header, ...rows] = r.text.trim().split('\n');
  assert.equal(header, 'cos_0,sin_0,cos_1,sin_1,cos_2,sin_2,cos_3,sin_3');
  const theta = ref.theta(8, 500000);
  [0, 3, 1000000].forEach((position, s) => {
    const values = rows[s].split(',').map(Number);
    for (let i = 0; i < 4; i++) {
      // float64 reference of the angle, reduced exactly as a float64 computation would
      assert.ok(Math.abs(values[2 * i] - Math.cos(position * theta[i])) < 2e-6, `cos ${position} ${i}`);
      assert.ok(Math.abs(values[2 * i + 1] - Math.sin(position * theta[i])) < 2e-6, `sin ${position} ${i}`);
    }
  });
  const half = run('table', 'rope', '--dim', '4', '--positions', '2', '--layout', 'half');
  assert.equal(half.text.split('\n')[0], 'cos_0,cos_1,sin_0,sin_1');

  // From a config: the model's frequencies and attention factor (YaRN: 0.1 ln 4 + 1 on cos and sin).
  const config = join(root, 'tests', 'configs', 'qwen2.5-7b-instruct-yarn.json');
  const model = posenc.ropeFromConfig(readFileSync(config, 'utf8'));
  const fromConfig = run('table', 'rope', '--config', config, '--positions', '5', '--format', 'npy');
  assert.equal(fromConfig.status, 0, fromConfig.stderr);
  const npy = readNpy(fromConfig.stdout);
  assert.deepEqual(npy.shape, [5, model.rotaryDim]);
  const h = model.rotaryDim / 2,
    p = 4;
  for (const i of [0, 1, h - 1]) {
    const angle = p * model.frequencies[i];
    assert.ok(Math.abs(npy.data[p * model.rotaryDim + i] - model.attentionFactor * Math.cos(angle)) < 4e-6);
    assert.ok(Math.abs(npy.data[p * model.rotaryDim + h + i] - model.attentionFactor * Math.sin(angle)) < 4e-6);
  }
  const sliding = run(
    'table',
    'rope',
    '--config',
    join(root, 'tests', 'configs', 'gemma-3-4b-it.json'),
    '--positions',
    '2',
    '--layer-type',
    'sliding_attention',
    '--format',
    'json',
  );
  assert.equal(sliding.status, 0, sliding.stderr);
});

test('config: the resolved RoPE of every layer type and the llama.cpp flags, as text or JSON', () => {
  const gemma = run('config', join(root, 'tests', 'configs', 'gemma-3-4b-it.json'));
  assert.equal(gemma.status, 0, gemma.stderr);
  assert.match(gemma.text, /^sliding_attention:\n/m);
  assert.match(gemma.text, /^full_attention:\n/m);
  assert.match(gemma.text, /^llama\.cpp:\n/m);
  // Llama 4 Scout: its RoPE layers, the 12 without, and the note that says so
  const scout = run('config', join(root, 'tests', 'configs', 'llama-4-scout-17b-16e.json'));
  assert.equal(scout.status, 0, scout.stderr);
  assert.match(scout.text, /^chunked_attention:\n/m);
  assert.match(scout.text, /^ {2}layout {11}interleaved$/m);
  assert.match(scout.text, /^ {2}layers, no RoPE {2}3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47$/m);
  assert.match(scout.text, /^ {2}- 12 layers apply no RoPE/m);
  // a model's folder: its config.json is read
  const folder = join(dir, 'Llama-4-Scout');
  mkdirSync(folder);
  writeFileSync(
    join(folder, 'config.json'),
    readFileSync(join(root, 'tests', 'configs', 'llama-4-scout-17b-16e.json')),
  );
  assert.equal(run('config', folder).text, scout.text);
  mkdirSync(join(dir, 'empty-model'));
  const empty = run('config', join(dir, 'empty-model'));
  assert.equal(empty.status, 3, empty.stderr);
  assert.match(empty.stderr, /^posenc: cannot read .*empty-model\/config\.json: ENOENT\n$/);
  const qwen = run(
    'config',
    join(root, 'tests', 'configs', 'qwen2.5-7b-instruct-yarn.json'),
    '--context-length',
    '131072',
    '--format',
    'json',
  );
  assert.equal(qwen.status, 0, qwen.stderr);
  const parsed = JSON.parse(qwen.text);
  assert.equal(parsed.layers.length, 1);
  assert.equal(parsed.layers[0].ropeType, 'yarn');
  assert.equal(parsed.layers[0].frequencies.length, 64);
  assert.ok(parsed.llamaCpp.flags.includes('--rope-scaling yarn'), parsed.llamaCpp.flags.join(' '));
  const bloom = run('config', join(root, 'tests', 'configs', 'bloom-560m.json'));
  assert.equal(bloom.status, 1);
  assert.match(bloom.stderr, /rotary/);
});

test('config text: the part of the head that turns, and notes every layer type shares said once', () => {
  // Gemma 4's full layers: partial_rotary_factor 0.25 of global_head_dim 512 turns; the other 192 pairs stay
  const gemma = run('config', join(root, 'tests', 'configs', 'gemma-4-31b-it.json'));
  assert.equal(gemma.status, 0, gemma.stderr);
  const full = gemma.text.slice(gemma.text.indexOf('full_attention:'));
  assert.match(full, /^ {2}rotary dim {7}128 of 512 \(the other 192 pairs have frequency 0: they never turn\)$/m);
  assert.match(full, /^ {2}frequencies {6}64: 1\.00000, /m);
  // Qwen3-Next: partial_rotary_factor 0.25 of head_dim 256
  const next = run('config', join(root, 'tests', 'configs', 'qwen3-next-80b-a3b.json'));
  assert.match(next.text, /^ {2}rotary dim {7}64 of 256$/m);
  // DeepSeek-V3's MLA: qk_rope_head_dim 64 after qk_nope_head_dim 128
  const deepseek = run('config', join(root, 'tests', 'configs', 'deepseek-v3.json'));
  assert.match(deepseek.text, /^ {2}head dim {9}64: the last 64 of each 192-wide query and key head .*the first 128 /m);
  // a note true of both layer types is printed once, after them
  const config = join(dir, 'two-layer-types.json');
  writeFileSync(
    config,
    JSON.stringify({
      model_type: 'not_a_known_model',
      hidden_size: 512,
      num_attention_heads: 8,
      layer_types: ['sliding_attention', 'full_attention'],
      rope_parameters: {
        sliding_attention: { rope_type: 'default', rope_theta: 10000 },
        full_attention: { rope_type: 'default', rope_theta: 1000000 },
      },
    }),
  );
  const two = run('config', config);
  assert.equal(two.status, 0, two.stderr);
  assert.equal(two.text.match(/not_a_known_model/g).length, 1, two.text);
  assert.match(two.text, /^every layer type:\n {2}- model_type 'not_a_known_model'/m);
});

test('I/O failures exit 3 with a message, not a stack trace; a closed pipe is not an error', () => {
  const missing = run('table', 'rope', '--config', join(dir, 'no-such-config.json'), '--positions', '2');
  assert.equal(missing.status, 3);
  assert.match(missing.stderr, /^posenc: cannot read .*no-such-config\.json: ENOENT\n$/);
  const unwritable = run(
    'table',
    'sinusoidal',
    '--positions',
    '2',
    '--dim',
    '4',
    '--out',
    join(dir, 'missing', 'x.csv'),
  );
  assert.equal(unwritable.status, 3);
  assert.match(unwritable.stderr, /^posenc: cannot write .*x\.csv: ENOENT\n$/);
  // `posenc table ... | head -1`: the reader goes away early.
  const piped = spawnSync(
    '/bin/sh',
    ['-c', `"${process.execPath}" "${cli}" table sinusoidal --positions 4000 --dim 64 | head -1`],
    { cwd: root, encoding: 'utf8' },
  );
  assert.equal(piped.status, 0);
  assert.equal(piped.stderr, '');
  assert.equal(piped.stdout.split(',').length, 64);
});

test('every table as csv starts with a line of column names; --no-header leaves it out', () => {
  const cases = [
    [['sinusoidal', '--positions', '2', '--dim', '4', '--layout', 'half'], 'sin_0,sin_1,cos_0,cos_1'],
    [['learned', '--max-len', '3', '--dim', '2'], 'dim_0,dim_1'],
    [['relative-distance', '--query-len', '2', '--key-len', '3', '--min', '-1', '--max', '1'], 'key_0,key_1,key_2'],
    [['relative', '--min', '-1', '--max', '1', '--dim', '2'], 'dim_0,dim_1'],
    [['rope-frequencies', '--dim', '4'], 'theta'],
    [['rope-frequencies-scaled', '--dim', '4', '--scaling', '{"rope_type":"linear","factor":2}'], 'theta'],
    [['rope-matrix', '--position', '1', '--dim', '2'], 'col_0,col_1'],
    [['rope-decay', '--dim', '4', '--max-distance', '2'], 'bound'],
    [['rope-score', '--q', '1,0', '--k', '1,0', '--max-distance', '2'], 'score'],
    [['alibi-slopes', '--heads', '2'], 'slope'],
    [['alibi', '--query-len', '2', '--slope', '0.5'], 'key_0,key_1'],
    [['t5-buckets', '--query-len', '3'], 'key_0,key_1,key_2'],
    [['rope', '--dim', '4', '--positions', '2'], 'cos_0,sin_0,cos_1,sin_1'],
  ];
  const all = run('table', '--help')
    .text.match(/^  [a-z][a-z0-9-]+(?= )/gm)
    .map((k) => k.trim());
  assert.deepEqual(cases.map(([args]) => args[0]).sort(), all.sort(), 'every kind of table');
  for (const [args, header] of cases) {
    const r = run('table', ...args);
    assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
    const [first, ...rest] = r.text.trimEnd().split('\n');
    assert.equal(first, header, args.join(' '));
    for (const line of rest) assert.equal(line.split(',').length, header.split(',').length, `${args[0]}: ${line}`);
    const bare = run('table', ...args, '--no-header');
    assert.equal(bare.text, `${rest.join('\n')}\n`, `${args[0]} --no-header`);
  }
  const json = run('table', 'rope-frequencies', '--dim', '4', '--format', 'json', '--no-header');
  assert.equal(json.status, 2, 'a header is a csv matter');
  assert.match(json.stderr, /--no-header applies to --format csv/);
});

test('messages name the flags: --layer-type default, --dim or --config, the library options', () => {
  assert.match(run('table', 'rope', '--help').text, /--layer-type +with --config: [^\n]*default full_attention/);
  const config = join(root, 'tests', 'configs', 'qwen2.5-7b-instruct-yarn.json');
  const gemma = join(root, 'tests', 'configs', 'gemma-3-4b-it.json');
  const both = run('table', 'rope', '--dim', '8', '--config', config, '--positions', '2');
  assert.equal(both.status, 2);
  assert.match(both.stderr, /^posenc: rope takes --dim or --config, not both\n/);
  const neither = run('table', 'rope', '--positions', '2');
  assert.equal(neither.status, 2);
  assert.match(neither.stderr, /^posenc: rope needs --dim or --config\n/);
  const refused = [
    [['config', config, '--context-length', '-5'], /^posenc: --context-length must be .*, got -5\n$/],
    [['table', 'rope', '--config', config, '--positions', '2', '--seq-len', '-1'], /^posenc: --seq-len must be /],
    [
      ['table', 'rope', '--config', gemma, '--positions', '2', '--layer-type', 'foo'],
      /^posenc: --layer-type must be 'sliding_attention' or 'full_attention', got 'foo'\n$/,
    ],
    [['table', 'learned', '--max-len', '-1', '--dim', '4'], /^posenc: --max-len must be /],
    [
      ['table', 'relative-distance', '--query-len', '3', '--min', '2', '--max', '1'],
      /^posenc: --min must be <= --max /,
    ],
    [['table', 't5-buckets', '--query-len', '2', '--num-buckets', '0'], /^posenc: --num-buckets must be /],
    [
      ['table', 'rope-frequencies-scaled', '--dim', '8', '--scaling', '{"rope_type":"linear","factor":-1}'],
      /^posenc: --scaling: factor must be /,
    ],
  ];
  for (const [args, pattern] of refused) {
    const r = run(...args);
    assert.equal(r.status, 1, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, pattern);
  }
  const lengths = run('table', 'rope-score', '--q', '1,2', '--k', '1', '--max-distance', '2');
  assert.equal(lengths.status, 2);
  assert.match(lengths.stderr, /^posenc: --q and --k need the same count of numbers, got 2 and 1\n/);
});

// Node replaces a closed standard output with /dev/null, where every write succeeds and is lost.
test(
  'a closed standard output exits 3 with a message; /dev/null and --out are fine',
  { skip: !existsSync('/proc/self/fdinfo') },
  () => {
    const sh = (redirect, ...args) =>
      spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${cli}" ${args.join(' ')} ${redirect}`], {
        cwd: root,
        encoding: 'utf8',
      });
    const closed = sh('>&-', 'table', 'sinusoidal', '--positions', '4', '--dim', '4');
    assert.equal(closed.status, 3, closed.stderr);
    assert.equal(closed.stderr, 'posenc: cannot write to standard output: it is closed\n');
    assert.equal(sh('>&-', 'lab', '--help').status, 3, 'the lab prints to standard output too');
    assert.equal(sh('> /dev/null', 'table', 'sinusoidal', '--positions', '4', '--dim', '4').status, 0);
    const out = join(dir, 'closed.csv');
    const file = sh('>&-', 'table', 'sinusoidal', '--positions', '4', '--dim', '4', '--out', out);
    assert.equal(file.status, 0, file.stderr);
    assert.equal(readFileSync(out, 'utf8').split('\n')[0], 'sin_0,cos_0,sin_1,cos_1');
  },
);

// Node before 20.16 has no process.getBuiltinModule, which the wasm glue needs: faked by deleting it.
test('on a Node without process.getBuiltinModule: one line that says so, exit 1, no stack trace', () => {
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'data:text/javascript,delete process.getBuiltinModule',
      cli,
      'table',
      'sinusoidal',
      '--positions',
      '2',
      '--dim',
      '4',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /^posenc: needs Node >= 20\.16 \(process\.getBuiltinModule\), this is Node v[\d.]+\n$/);
  assert.equal(r.stdout, '');
});
