// rope()'s cos/sin cache: it is bounded, can be switched off, and never changes a result
// (the rows it keeps are the bits rope() computes without it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importPosenc } from './helpers.mjs';

const { load } = await importPosenc();

for (const simd of [true, false]) {
  test(`the cos/sin cache never changes a result (${simd ? 'simd' : 'scalar'})`, async () => {
    const posenc = await load({ simd });
    const x = Float32Array.from({ length: 300 * 2 * 32 }, (_, i) => Math.sin(i * 0.37));
    const options = { dim: 32, heads: 2, offset: 40, layout: 'half' };
    const limit = posenc.ropeCacheLimit(0);
    assert.equal(limit, 2 ** 22, 'default bound: 2^22 floats');
    const fused = posenc.rope(x, options);
    assert.equal(posenc.ropeCacheLimit(limit), 0, 'returns the previous bound');
    const cold = posenc.rope(x, options),
      warm = posenc.rope(x, options);
    assert.deepEqual(cold, fused);
    assert.deepEqual(warm, fused);
    const positions = [339, 0, 77, 300].concat(Array.from({ length: 296 }, (_, i) => i));
    const listed = { dim: 32, heads: 2, layout: 'half', positions };
    assert.deepEqual(posenc.rope(x, listed), (posenc.ropeCacheLimit(0), posenc.rope(x, listed)));
    posenc.ropeCacheLimit(limit);
    assert.throws(() => posenc.ropeCacheLimit(-1), RangeError);
    assert.throws(() => posenc.ropeCacheLimit('big'), TypeError);
  });
}
