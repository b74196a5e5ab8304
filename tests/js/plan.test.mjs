// ropePlan(): a prepared rope() call gives rope()'s bits and errors, on WasmBuffers and
// Float32Arrays, with offsets and explicit positions, on both wasm flavours, and frees its memory.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importPosenc } from './helpers.mjs';
import { randomFloat32 } from './reference.mjs';

const { load } = await importPosenc();
const flavours = [
  ['simd', await load()],
  ['scalar', await load({ simd: false })],
];

for (const [flavour, posenc] of flavours) {
  describe(`ropePlan [${flavour}]`, () => {
    const cases = [
      { dim: 128, heads: 32, layout: 'half', base: 500000 },
      { dim: 64, heads: 3, rotaryDim: 32 },
      { dim: 16, layout: 'half', scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 64 } },
      { dim: 16, layout: 'half', sections: [2, 3, 3] },
    ];
    test('apply gives the bits of rope() with the same options, at an offset and at listed positions', () => {
      for (const o of cases) {
        const row = (o.heads ?? 1) * o.dim,
          x = randomFloat32(3 * row, o.dim);
        const plan = posenc.ropePlan(o);
        const buffer = posenc.buffer(x.length);
        for (const where of [0, 1234, [5, 900, 70000]]) {
          const want = posenc.rope(x, typeof where === 'number' ? { ...o, offset: where } : { ...o, positions: where });
          buffer.view().set(x);
          assert.deepEqual(plan.apply(buffer, where).view(), want, `${JSON.stringify(o)} buffer at ${where}`);
          const copy = x.slice();
          assert.equal(plan.apply(copy, where), copy);
          assert.deepEqual(copy, want, `${JSON.stringify(o)} Float32Array at ${where}`);
        }
        buffer.free();
        plan.free();
      }
    });

    test('multi-axis positions: one row per axis', () => {
      const o = { dim: 16, layout: 'half', sections: [2, 3, 3] };
      const x = randomFloat32(4 * 16, 3);
      const positions = [
        [5, 5, 5, 5],
        [5, 5, 6, 6],
        [5, 6, 5, 6],
      ];
      const plan = posenc.ropePlan(o);
      assert.deepEqual(plan.apply(x.slice(), positions), posenc.rope(x, { ...o, positions }));
      plan.free();
    });

    test('options are checked when the plan is made; each apply checks its array and positions', () => {
      assert.throws(() => posenc.ropePlan({ dim: 7 }), { name: 'RangeError', message: /dim.*7/ });
      assert.throws(() => posenc.ropePlan({ dim: 8, base: '1e4' }), { name: 'TypeError', message: /base/ });
      assert.throws(() => posenc.ropePlan(null), TypeError);
      const plan = posenc.ropePlan({ dim: 8, heads: 2 });
      assert.throws(() => plan.apply(new Float32Array(12), 0), { name: 'RangeError', message: /x\.length.*12/ });
      assert.throws(() => plan.apply(new Float32Array(16), -1), { name: 'RangeError', message: /offset.*-1/ });
      assert.throws(() => plan.apply(new Float32Array(16), 16777216), { name: 'RangeError', message: /offset/ });
      assert.throws(() => plan.apply(new Float32Array(32), [1, 2.5]), {
        name: 'RangeError',
        message: /positions\[1\].*2\.5/,
      });
      assert.throws(() => plan.apply(new Float32Array(32), [1]), { name: 'RangeError', message: /positions\.length/ });
      assert.throws(() => plan.apply([1, 2], 0), TypeError);
      const buffer = posenc.buffer(16);
      assert.throws(() => plan.apply(buffer.view(), 0), { name: 'TypeError', message: /WasmBuffer/ });
      buffer.free();
      assert.throws(() => plan.apply(buffer, 0), { name: 'TypeError', message: /freed/ });
      assert.deepEqual(
        Array.from(plan.apply(new Float32Array(16).fill(1), 0)),
        Array(16).fill(1),
        'usable after errors',
      );
      plan.free();
      plan.free();
      assert.throws(() => plan.apply(new Float32Array(16), 0), { name: 'TypeError', message: /freed/ });
    });

    test('no leak: plans made, applied and freed leave the heap as it was', () => {
      const limit = posenc.ropeCacheLimit(0);
      const round = () => {
        for (const o of cases) {
          const plan = posenc.ropePlan(o);
          plan.apply(randomFloat32((o.heads ?? 1) * o.dim * 5, 1), [1, 2, 3, 4, 5]);
          plan.free();
        }
      };
      round();
      const before = posenc.heapBytes();
      for (let i = 0; i < 20; i++) round();
      assert.ok(posenc.heapBytes() <= before, `heap grew from ${before} to ${posenc.heapBytes()} bytes`);
      posenc.ropeCacheLimit(limit);
    });
  });
}
