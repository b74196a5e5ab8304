// Shared spec: 10,000 mixed calls, failing ones included, leave the wasm heap as it was.

import * as ref from '../reference.mjs';
import { errorCases } from './errors.mjs';

function mixedCalls(posenc) {
  const x = ref.randomFloat32(4 * 2 * 8, 1);
  const q = ref.randomFloat32(3 * 8, 2);
  const k = ref.randomFloat32(5 * 8, 3);
  const learned = posenc.learned({ maxLen: 16, dim: 8, seed: 1 });
  const relative = posenc.relative({ min: -2, max: 2, dim: 8 });
  const calls = [
    () => posenc.sinusoidal({ positions: 16, dim: 8 }),
    () => posenc.sinusoidal({ positions: [1, 2, 2 ** 24 - 1], dim: 8, layout: 'half' }),
    () => posenc.ropeFrequencies({ dim: 8 }),
    () => posenc.rope(x, { dim: 8, heads: 2, offset: 5 }),
    () => posenc.rope(x.slice(), { dim: 8, heads: 2, positions: [1, 5, 9, 2], layout: 'half', inPlace: true }),
    () => posenc.rope(x, { dim: 8, heads: 2, rotaryDim: 4 }),
    () => {
      const b = posenc.buffer(x.length);
      b.view().set(x);
      posenc.rope(b, { dim: 8, heads: 2, inPlace: true });
      posenc.rope(b, { dim: 8, heads: 2 });
      b.free();
    },
    () => posenc.ropeMatrix({ position: 3, dim: 8 }),
    () => posenc.ropeDecayBound({ dim: 8, maxDistance: 20 }),
    () => posenc.ropeScoreByDistance(q.subarray(0, 8), k.subarray(0, 8), { dim: 8, maxDistance: 20 }),
    () => posenc.relativeDistance({ queryLen: 3, keyLen: 5, min: -2, max: 2 }),
    () => learned.table(),
    () => learned.encode([0, 15, 3]),
    () => posenc.learned({ maxLen: 4, dim: 2 }),
    () => relative.table(),
    () => relative.scores(q, k, { dim: 8 }),
    () => posenc.attentionScores(q, k, { dim: 8, encoding: 'rope' }),
    () => posenc.attentionScores(q, k, { dim: 8, encoding: 'learned', maxLen: 8 }),
    () => posenc.attentionScores(q, k, { dim: 8, encoding: 'relative', min: -1, max: 1 }),
  ];
  for (const [, call] of errorCases()) {
    calls.push(() => {
      try {
        call(posenc);
      } catch {
        /* expected */
      }
    });
  }
  return calls;
}

export const specs = [
  {
    name: 'leaks: 10,000 mixed calls (failing ones included) leave heapBytes() where it was',
    run(posenc, assert) {
      const calls = mixedCalls(posenc);
      // rope()'s cos/sin cache is bounded by design (ropeCacheLimit) and its size follows
      // the last frequencies used: switch it off so the heap shows leaks alone.
      const limit = posenc.ropeCacheLimit(0);
      // One warm-up round (allocator high-water marks).
      for (const call of calls) call();
      const before = posenc.heapBytes();
      assert.equal(typeof before, 'number', 'heapBytes() is a number');
      for (let i = 0; i < 10000; i++) calls[i % calls.length]();
      assert.equal(posenc.heapBytes(), before, 'heap bytes after 10,000 calls');
      const b = posenc.buffer(1000);
      assert.ok(posenc.heapBytes() >= before + 4000, 'a live buffer shows in heapBytes()');
      b.free();
      assert.equal(posenc.heapBytes(), before, 'and is given back by free()');
      posenc.ropeCacheLimit(limit);
    },
  },
];
