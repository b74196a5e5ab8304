// rope() takes where its rows sit as `offset` or as `positions`, never both: a call giving both is
// refused with a RangeError naming both options, on every route rope() has (a fresh array, in
// place, a WasmBuffer rotated where it lies or copied), and leaves x as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importPosenc } from './helpers.mjs';

const { load } = await importPosenc();
const x = Float32Array.from({ length: 16 }, (_, i) => Math.cos(i + 0.5));
const both = { dim: 8, offset: 3, positions: [7, 9] };
const refusal = (error) =>
  error instanceof RangeError && /^offset must be left out when positions is given\b.*, got 3$/.test(error.message);

for (const flavour of ['simd', 'scalar']) {
  test(`offset beside positions is refused on every route, x untouched (${flavour})`, async () => {
    const posenc = await load({ simd: flavour === 'simd', models: false });
    const before = x.slice();
    assert.throws(() => posenc.rope(x, both), refusal);
    assert.throws(() => posenc.rope(x, { ...both, inPlace: true }), refusal);
    assert.deepEqual(x, before);
    const buffer = posenc.buffer(x.length);
    try {
      buffer.view().set(x);
      assert.throws(() => posenc.rope(buffer, both), refusal);
      assert.throws(() => posenc.rope(buffer, { ...both, inPlace: true }), refusal);
      assert.deepEqual(buffer.view(), before);
    } finally {
      buffer.free();
    }
  });

  test(`offset alone, positions alone and an undefined offset beside positions still work (${flavour})`, async () => {
    const posenc = await load({ simd: flavour === 'simd', models: false });
    // Rows at 3 and 4 by offset equal the same rows listed; undefined counts as not given.
    assert.deepEqual(posenc.rope(x, { dim: 8, offset: 3 }), posenc.rope(x, { dim: 8, positions: [3, 4] }));
    assert.deepEqual(
      posenc.rope(x, { dim: 8, offset: undefined, positions: [7, 9] }),
      posenc.rope(x, { dim: 8, positions: [7, 9] }),
    );
    // offset 0 is a value given, as any other: beside positions it is refused too.
    assert.throws(() => posenc.rope(x, { dim: 8, offset: 0, positions: [7, 9] }), /^RangeError: offset must be left/);
  });
}
