// `posenc lab`: the table and the JSON hold the library's own numbers for the same runs, errors name
// the flags the user typed, and the progress line appears on a terminal only. Tiny models keep it fast.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { importPosenc, root } from './helpers.mjs';

const { load } = await importPosenc();
const posenc = await load({ lab: true });
const cli = join(root, 'web', 'cli', 'posenc.js');

function run(...args) {
  const r = spawnSync(process.execPath, [cli, 'lab', ...args], { cwd: root, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const TINY = ['--dim', '16', '--layers', '1', '--heads', '2', '--batch', '4', '--train-length', '4'];
const MODEL = { dim: 16, layers: 1, heads: 2, batch: 4, trainLength: 4 };

test('--json: every run, the same numbers as posenc.lab with the same options, and their summary', () => {
  const r = run(...TINY, '--encodings', 'none,alibi', '--seeds', '2', '--steps', '6', '--samples', '5', '--json');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '', 'no progress line: standard error is not a terminal');
  const out = JSON.parse(r.stdout);
  assert.equal(out.task, 'copy');
  assert.equal(out.trainLength, 4);
  assert.deepEqual(out.testLengths, [4, 8, 16, 32], 'the default: 1, 2, 4 and 8 times the training length');
  assert.deepEqual(
    out.runs.map((x) => `${x.encoding} ${x.seed}`),
    ['none 1', 'none 2', 'alibi 1', 'alibi 2'],
  );
  for (const x of out.runs) {
    const lab = posenc.lab({ ...MODEL, decaySteps: 6, encoding: x.encoding, seed: x.seed });
    lab.train(6);
    // the same numbers; JSON writes a position without an answer (NaN) as null
    const expected = lab.evaluate({ lengths: out.testLengths, samples: 5 }).map((r) => ({
      ...r,
      positionAccuracy: Array.from(r.positionAccuracy, (a) => (Number.isNaN(a) ? null : a)),
    }));
    assert.deepEqual(x.results, expected, `${x.encoding} ${x.seed}`);
    const losses = lab.losses;
    assert.ok(Math.abs(x.finalLoss - losses.reduce((a, b) => a + b, 0) / losses.length) < 1e-9);
    assert.deepEqual(x.options, lab.options);
    lab.delete();
  }
  const [none] = out.summary;
  assert.equal(none.scheme, 'none');
  const exact = out.runs.filter((x) => x.encoding === 'none').map((x) => x.results[1].exactMatch);
  assert.deepEqual(none.lengths[1], {
    length: 8,
    mean: (exact[0] + exact[1]) / 2,
    min: Math.min(...exact),
    max: Math.max(...exact),
  });
});

test('the table: a row per scheme, a column per test length, the mean and the spread; --scaling adds a row', () => {
  const args = ['--encodings', 'rope,t5', '--seeds', '2', '--steps', '4', '--samples', '4', '--test-lengths', '4,12'];
  const r = run(...TINY, ...args, '--scaling', 'linear:3');
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  assert.match(lines[0], /^copy, trained on contents of 1\.\.4 tokens for 4 steps$/);
  assert.match(lines[1], /^exact match \(%\) of 4 examples per test length: the mean over 2 seeds \(min-max\)$/);
  assert.match(lines[3], /^scheme +4 +12 +final loss$/);
  const rows = lines.slice(4).map((line) => line.split(/ {2,}/));
  assert.deepEqual(
    rows.map((row) => row[0]),
    ['rope', 'rope+linear:3', 't5'],
  );
  for (const row of rows) {
    assert.equal(row.length, 4, row.join('|'));
    for (const cell of row.slice(1, 3)) assert.match(cell, /^\d+\.\d \(\d+\.\d-\d+\.\d\)$/);
    assert.match(row[3], /^\d+\.\d{3}$/);
  }
  const one = run(...TINY, '--encodings', 'none', '--seeds', '1', '--steps', '2', '--samples', '2');
  assert.equal(one.status, 0, one.stderr);
  assert.match(one.stdout, /: one seed\n/);
  assert.match(one.stdout, /^none +\d+\.\d +\d+\.\d +\d+\.\d +\d+\.\d +\d+\.\d{3}$/m, 'one seed: no spread');
});

test('the library refusing a value: exit 1, the message naming the flag', () => {
  for (const [args, pattern] of [
    [['--encodings', 'none,xpos'], /^posenc: --encodings must be one of .*"xpos"\n$/],
    [['--task', 'sort'], /^posenc: --task must be one of .*"sort"\n$/],
    [['--learning-rate', '2'], /^posenc: --learning-rate must be a number in \(0, 1\], got 2\n$/],
    [['--dim', '18', '--heads', '4'], /^posenc: --dim must be a multiple of heads \(4\), got 18\n$/],
    [['--test-lengths', '4,100'], /^posenc: --test-lengths must be .*--max-positions = .*got 100\n$/],
    [['--samples', '0'], /^posenc: --samples must be an integer/],
    [['--scaling', 'bogus:2'], /^posenc: --scaling: rope_type must be .*bogus/],
    [['--scaling', '{"rope_type":"linear"}'], /^posenc: --scaling: factor must be/],
  ]) {
    const r = run(...TINY, '--steps', '1', '--seeds', '1', ...args);
    assert.equal(r.status, 1, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, pattern, args.join(' '));
  }
});

test('usage errors: exit 2', () => {
  for (const [args, pattern] of [
    [['--seeds', '0'], /--seeds expects a whole number from 1, got "0"/],
    [['--steps', '-1'], /--steps expects a whole number from 0/],
    [['--steps', 'many'], /--steps expects a number/],
    [['--encodings', 'rope,rope'], /--encodings names "rope" twice/],
    [['--scaling', 'linear'], /--scaling expects TYPE:FACTOR/],
    [['--scaling', 'linear:4', '--encodings', 'none,alibi'], /--scaling applies to rope/],
    [['--bogus'], /bogus/],
    [['extra'], /unexpected argument "extra"/],
  ]) {
    const r = run(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, pattern);
    assert.match(r.stderr, /^posenc: .*\nTry 'posenc --help'\.\n$/);
  }
});

test("--help: every option, and the defaults it names are the library's", () => {
  const r = run('--help');
  assert.equal(r.status, 0);
  for (const flag of ['--task', '--encodings', '--seeds', '--steps', '--test-lengths', '--json', '--scaling'])
    assert.ok(r.stdout.includes(`      ${flag} `), flag);
  const defaults = posenc.lab({});
  const option = { 'train-length': 'trainLength', 'learning-rate': 'learningRate' };
  let checked = 0;
  for (const m of r.stdout.matchAll(/^ {6}--([a-z-]+) N .*\(default (\d[\d.]*)[):]/gm)) {
    const name = option[m[1]] ?? m[1];
    if (!(name in defaults.options)) continue; // the command's own (--seeds, --steps, --samples)
    assert.equal(Number(m[2]), defaults.options[name], `--${m[1]}`);
    checked++;
  }
  assert.ok(checked >= 8, `${checked} defaults checked`);
  assert.match(r.stdout, /--decay-steps N .*\(default: --steps\)/, 'the rate decays over the whole run');
  defaults.delete();
  assert.match(spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8' }).stdout, /^ {2}posenc lab /m);
});

test('on a terminal, a progress line on standard error', { skip: !hasScript() }, () => {
  const args = [...TINY, '--encodings', 'none', '--seeds', '1', '--steps', '3', '--samples', '1'];
  const command = `"${process.execPath}" "${cli}" lab ${args.join(' ')}`;
  const r = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout);
  assert.match(r.stdout, /\[1\/1\] none, seed 1: (step|testing)/);
  assert.match(r.stdout, /\r\x1b\[K/, 'the line is rewritten in place and cleared');
});

function hasScript() {
  return spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
}
