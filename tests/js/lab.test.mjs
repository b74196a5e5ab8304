// posenc.lab(): the length lab's handle on both wasm flavours. Tiny runs (one block of width 16) keep
// the file fast; what is checked is the handle: its numbers repeat bit for bit for a seed, bad input
// is the right error naming the option and leaves everything usable, delete() frees the run.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { distLib, importPosenc } from './helpers.mjs';

const { load } = await importPosenc();
const flavours = [
  ['simd', await load({ lab: true })],
  ['scalar', await load({ simd: false, lab: true })],
];

const TINY = { task: 'copy', encoding: 'rope', trainLength: 4, maxPositions: 32, dim: 16, layers: 1, heads: 2 };
const SMALL = { ...TINY, batch: 8, warmup: 5 };

for (const [flavour, posenc] of flavours) {
  describe(`lab [${flavour}]`, () => {
    test('a run: its options resolved, training, losses, evaluation and attention', () => {
      const run = posenc.lab({ ...SMALL, seed: 7 });
      assert.equal(String(run), '[object LabRun]');
      assert.equal(run.options.task, 'copy');
      assert.equal(run.options.encoding, 'rope');
      assert.equal(run.options.seed, 7);
      assert.equal(run.options.hidden, 64, 'hidden: 4 x dim when not given');
      assert.equal(run.options.rotaryDim, 8, 'the whole head');
      assert.equal(run.options.ropeLayout, 'half');
      assert.ok(Object.isFrozen(run.options));
      assert.ok(Number.isSafeInteger(run.parameterCount) && run.parameterCount > 16 * 16);
      assert.equal(run.steps, 0);
      assert.deepEqual(run.losses, new Float32Array(0));
      assert.ok(Number.isNaN(run.train(0)), 'no steps: NaN');

      const mean = run.train(12);
      assert.equal(run.steps, 12);
      const losses = run.losses;
      assert.ok(losses instanceof Float32Array && losses.length === 12);
      assert.ok(losses.every((l) => Number.isFinite(l) && l > 0));
      const sum = losses.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(mean - sum / 12) < 1e-5, `the mean of the steps' losses: ${mean}`);
      losses[0] = -1;
      assert.notEqual(run.losses[0], -1, 'losses is a copy');

      const results = run.evaluate({ lengths: [4, 8, 16], samples: 8 });
      assert.deepEqual(
        results.map((r) => r.length),
        [4, 8, 16],
      );
      for (const r of results) {
        assert.ok(r.exactMatch >= 0 && r.exactMatch <= 1 && r.exactMatch * 8 === Math.round(r.exactMatch * 8));
        assert.ok(r.tokenAccuracy >= r.exactMatch && r.tokenAccuracy <= 1);
        // copy of n: no answer at the n content positions, one at each of the n after them
        assert.ok(r.positionAccuracy instanceof Float64Array && r.positionAccuracy.length === 2 * r.length);
        const answered = [...r.positionAccuracy].filter((a, p) => (p < r.length ? !Number.isNaN(a) : true));
        assert.equal(answered.length, r.length, 'NaN exactly where no answer is predicted');
        const mean = answered.reduce((a, b) => a + b, 0) / r.length;
        assert.ok(Math.abs(mean - r.tokenAccuracy) < 1e-12, 'each position scores as many tokens');
      }

      const { tokens, weights, size } = run.attention({ length: 3, head: 1 });
      assert.equal(size, 6, 'copy of 3: content, separator, answer less its last token');
      assert.ok(tokens instanceof Int32Array && tokens.length === size);
      assert.ok(weights instanceof Float32Array && weights.length === size * size);
      for (let i = 0; i < size; i++) {
        const row = weights.subarray(i * size, (i + 1) * size);
        assert.ok(
          row.subarray(i + 1).every((w) => w === 0),
          `row ${i}: nothing above the diagonal`,
        );
        assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-5, `row ${i} sums to 1`);
      }
      run.delete();
    });

    test('the same options train the same bits, in one call or several; the options object makes the run again', () => {
      const a = posenc.lab({ ...SMALL, seed: 3 }),
        b = posenc.lab({ ...SMALL, seed: 3 }),
        c = posenc.lab({ ...SMALL, seed: 4 });
      a.train(10);
      b.train(4);
      b.train(6);
      c.train(10);
      assert.deepEqual(a.losses, b.losses);
      assert.notDeepEqual(a.losses, c.losses, 'another seed, other losses');
      const again = posenc.lab(a.options);
      again.train(10);
      assert.deepEqual(again.losses, a.losses);
      const lengths = { lengths: [4, 12], samples: 6 };
      assert.deepEqual(again.evaluate(lengths), a.evaluate(lengths));
      for (const run of [a, b, c, again]) run.delete();
    });

    test('bad options are RangeErrors and TypeErrors naming the option; no run is made', () => {
      const refuse = (o) => assert.throws(() => posenc.lab({ ...TINY, ...o }));
      refuse({ encoding: 'xpos' }); // what the first error of a kind allocates for good is not a leak
      const before = posenc.heapBytes();
      for (const [o, type, pattern] of [
        [{ task: 'sort' }, RangeError, /^task must be .*"sort"/],
        [{ encoding: 'xpos' }, RangeError, /^encoding must be .*"xpos"/],
        [{ task: 3 }, TypeError, /^task must be a string, got 3/],
        [{ learningRate: NaN }, RangeError, /^learningRate must be .*NaN/],
        [{ learningRate: '0.1' }, TypeError, /^learningRate must be a number/],
        [{ dim: 1.5 }, RangeError, /^dim must be an integer/],
        [{ dim: 18, heads: 4 }, RangeError, /^dim must be a multiple of heads/],
        [{ trainLength: 0 }, RangeError, /^trainLength /],
        [{ trainLength: 8, maxPositions: 10 }, RangeError, /^maxPositions must be at least/],
        [{ ropeLayout: 'neox' }, RangeError, /^ropeLayout must be .*neox/],
        [{ ropeLayout: 'interleaved-to-half' }, RangeError, /^ropeLayout must be 'interleaved' or 'half', got 'inter/],
        [{ randomizedPositions: 1 }, TypeError, /^randomizedPositions must be a boolean/],
      ]) {
        assert.throws(() => posenc.lab({ ...TINY, ...o }), { name: type.name, message: pattern }, JSON.stringify(o));
      }
      assert.throws(() => posenc.lab(), { name: 'TypeError', message: /^options must be an object/ });
      assert.throws(() => posenc.lab(null), TypeError);
      assert.equal(posenc.heapBytes(), before, 'a refused run leaves nothing behind');
    });

    test('bad calls on a run are errors naming the parameter, and the run carries on as it was', () => {
      const run = posenc.lab(SMALL);
      run.train(3);
      for (const [call, type, pattern] of [
        [() => run.train(-1), RangeError, /^steps must be an integer in \[0, 1000000\], got -1/],
        [() => run.train(2.5), RangeError, /^steps /],
        [() => run.train('3'), TypeError, /^steps must be a number, got "3"/],
        [() => run.evaluate({ lengths: [4, 40] }), RangeError, /^lengths\[1\] must be .*maxPositions = 32.*40/],
        [() => run.evaluate({ lengths: [] }), RangeError, /^lengths /],
        [() => run.evaluate({}), TypeError, /^lengths must be /],
        [() => run.evaluate({ lengths: [4], samples: 0 }), RangeError, /^samples /],
        [() => run.evaluate({ lengths: [4], scaling: { rope_type: 'linear' } }), TypeError, /factor/],
        [() => run.attention({ length: 4, layer: 1 }), RangeError, /^layer must be an integer in \[0, 0\]/],
        [() => run.attention({ length: 4, head: 2 }), RangeError, /^head /],
        [() => run.attention({ length: 17 }), RangeError, /^length /],
        [() => run.evaluate(), TypeError, /^options must be an object/],
      ]) {
        assert.throws(call, { name: type.name, message: pattern });
      }
      assert.equal(run.steps, 3, 'no step was taken by a refused call');
      run.train(2);
      assert.equal(run.losses.length, 5);
      assert.equal(run.evaluate({ lengths: [4], samples: 2 }).length, 1);
      run.delete();
    });

    test('a scaling at test time is for rope alone', () => {
      const rope = posenc.lab(SMALL),
        alibi = posenc.lab({ ...SMALL, encoding: 'alibi' });
      const scaling = { rope_type: 'linear', factor: 2 };
      assert.equal(rope.evaluate({ lengths: [8], samples: 4, scaling }).length, 1);
      assert.equal(rope.attention({ length: 8, scaling }).size, 16);
      assert.throws(() => alibi.evaluate({ lengths: [8], scaling }), { name: 'RangeError', message: /^scaling / });
      rope.delete();
      alibi.delete();
    });

    test('every task and encoding trains', () => {
      for (const task of ['copy', 'reverse', 'recall'])
        for (const encoding of ['none', 'sinusoidal', 'learned', 'relative', 'rope', 'alibi', 't5']) {
          const run = posenc.lab({ ...SMALL, task, encoding, batch: 2 });
          assert.ok(Number.isFinite(run.train(1)), `${task} ${encoding}`);
          assert.equal(run.evaluate({ lengths: [4, 16], samples: 1 }).length, 2);
          run.delete();
        }
    });

    test('delete() frees the run; a deleted run refuses every call', () => {
      const round = () => {
        const run = posenc.lab(SMALL);
        run.train(2);
        run.evaluate({ lengths: [4, 8], samples: 2 });
        run.attention({ length: 4 });
        run.delete();
      };
      round();
      const before = posenc.heapBytes();
      for (let i = 0; i < 20; i++) round();
      assert.ok(posenc.heapBytes() <= before, `heap grew from ${before} to ${posenc.heapBytes()} bytes`);

      const run = posenc.lab(TINY);
      assert.ok(posenc.heapBytes() > before, 'a live run holds memory');
      assert.equal(run.deleted, false);
      run.delete();
      assert.equal(run.deleted, true);
      assert.equal(posenc.heapBytes(), before);
      run.delete();
      for (const call of [
        () => run.train(1),
        () => run.evaluate({ lengths: [4] }),
        () => run.attention({ length: 4 }),
        () => run.losses,
        () => run.steps,
      ]) {
        assert.throws(call, { name: 'TypeError', message: /deleted LabRun/ });
      }
      assert.equal(run.options.dim, 16, 'the options stay readable');
    });
  });
}

// Both flavours' matrix kernels add each product's terms in the same order, without fused
// multiply-adds: today the losses agree to the bit. The test holds them within 1e-5 relative.
test('the two flavours train the same model: losses within 1e-5 relative over 20 steps', () => {
  const [[, simd], [, scalar]] = flavours;
  const o = { ...SMALL, seed: 11 };
  const a = simd.lab(o),
    b = scalar.lab(o);
  a.train(20);
  b.train(20);
  const [la, lb] = [a.losses, b.losses];
  for (let i = 0; i < la.length; i++)
    assert.ok(Math.abs(la[i] - lb[i]) <= 1e-5 * Math.abs(la[i]), `step ${i}: ${la[i]} and ${lb[i]}`);
  a.delete();
  b.delete();
});

test('a run resolves exactly the options index.d.ts declares', () => {
  const dts = readFileSync(join(distLib, 'index.d.ts'), 'utf8');
  const body = dts.slice(dts.indexOf('export interface LabOptions {'));
  const declared = [...body.slice(0, body.indexOf('\n}\n')).matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1]);
  const run = flavours[0][1].lab({});
  assert.deepEqual(Object.keys(run.options).sort(), declared.sort());
  run.delete();
});

test('the lab needs load({ lab: true }); lab must be a boolean', async () => {
  const plain = await load();
  assert.throws(() => plain.lab(TINY), { name: 'Error', message: /load\(\{ lab: true \}\)/ });
  await assert.rejects(load({ lab: 'yes' }), { name: 'TypeError', message: /^lab must be a boolean, got "yes"/ });
  assert.equal(load({ lab: true }), load({ lab: true }), 'memoised');
});

test('wasmUrl: the lab beside the compute module; missing, only posenc.lab fails, until it is there', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'posenc-lab-'));
  try {
    copyFileSync(join(distLib, 'posenc-scalar.wasm'), join(dir, 'posenc-scalar.wasm'));
    const without = await load({ wasmUrl: join(dir, 'posenc-scalar.wasm'), simd: false, lab: true });
    assert.equal(without.sinusoidal({ positions: 1, dim: 2 }).length, 2, 'the compute module works');
    assert.throws(() => without.lab(TINY), { message: /^posenc: cannot read .*posenc-lab-scalar\.wasm/ });
    copyFileSync(join(distLib, 'posenc-lab-scalar.wasm'), join(dir, 'posenc-lab-scalar.wasm'));
    const beside = await load({ wasmUrl: `${dir}/`, simd: false, lab: true });
    const run = beside.lab(TINY);
    assert.ok(Number.isFinite(run.train(1)));
    run.delete();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the page's test lengths stay within what the library evaluates, recall's longest content included", async () => {
  const { labJobs, labSettings } = await import('../../web/elements/lab-job.js');
  const { RECALL_LONGEST } = await import('../../web/elements/lab-defaults.js');
  const posenc = flavours[0][1];
  for (const task of ['copy', 'recall'])
    for (const trainLength of [2, 16, 32]) {
      const [job] = labJobs(labSettings({ task, schemes: ['rope'], trainLength, steps: 1, seeds: 1 }));
      const run = posenc.lab({ ...job.options, dim: 8, heads: 1, layers: 1, batch: 1 });
      try {
        assert.equal(run.evaluate({ lengths: job.lengths, samples: 1 }).length, job.lengths.length);
      } finally {
        run.delete();
      }
    }
  const run = posenc.lab({ ...TINY, task: 'recall', trainLength: 8, maxPositions: 0 });
  try {
    assert.equal(run.evaluate({ lengths: [RECALL_LONGEST], samples: 1 }).length, 1);
    assert.throws(() => run.evaluate({ lengths: [RECALL_LONGEST + 1], samples: 1 }), /lengths\[0\].*recall/);
  } finally {
    run.delete();
  }
});
