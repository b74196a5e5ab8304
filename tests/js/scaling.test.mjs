// Runs the "beyond the article" spec (./spec/scaling.mjs: RoPE scaling, ALiBi, T5 and DeBERTa
// buckets, the precision lab) under node:test, once per wasm flavour. The spec is plain ES with
// no Node imports, like the shared spec, so a browser harness can run it too.
import nodeAssert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importPosenc } from './helpers.mjs';
import * as assert from './spec/assert.mjs';
import { specs } from './spec/scaling.mjs';

const { load } = await importPosenc();
const flavours = [
  ['simd', await load()],
  ['scalar', await load({ simd: false })],
];

for (const [flavour, posenc] of flavours) {
  describe(`beyond the article [${flavour}]`, () => {
    test('the flavour asked for is running', () => nodeAssert.equal(posenc.simd, flavour === 'simd'));
    for (const { name, run } of specs) test(name, () => run(posenc, assert));
    test('no leak: the heap returns to its size', () => {
      const warm = () => {
        for (const { run } of specs) run(posenc, assert);
      };
      // rope()'s cos/sin cache is bounded by design and rebuilt for each new theta (these
      // specs change theta all the time): where the allocator puts each new table moves the
      // heap by a few bytes either way. Off, as in the other leak checks, so leaks show alone.
      const limit = posenc.ropeCacheLimit(0);
      warm();
      const before = posenc.heapBytes();
      warm();
      const after = posenc.heapBytes();
      posenc.ropeCacheLimit(limit);
      nodeAssert.ok(after <= before, `heap grew from ${before} to ${after} bytes`);
    });
  });
}
