// Shared spec: WasmBuffer lifetime and rope() on buffers.

import * as ref from '../reference.mjs';

const TOL = { abs: 2e-6 };

export const specs = [
  {
    name: 'buffer: length, view over wasm memory, free is idempotent',
    run(posenc, assert) {
      const b = posenc.buffer(12);
      assert.equal(b.length, 12, 'length');
      assert.equal(b.freed, false, 'freed before free()');
      const v = b.view();
      assert.isTyped(v, 'Float32Array');
      assert.equal(v.length, 12, 'view length');
      v.set(ref.randomFloat32(12, 1));
      assert.arrayEqual(b.view(), v, 'a second view sees the same memory');
      assert.equal(posenc.buffer(0).length, 0, 'an empty buffer');
      b.free();
      b.free();
      assert.equal(b.freed, true, 'freed after free()');
    },
  },
  {
    name: 'buffer: rope(buffer, { inPlace: true }) rotates in place and returns buffer.view()',
    run(posenc, assert) {
      for (const layout of ['interleaved', 'half']) {
        const [seq, heads, dim] = [5, 3, 16];
        const x = ref.randomFloat32(seq * heads * dim, 8);
        const b = posenc.buffer(x.length);
        try {
          b.view().set(x);
          const got = posenc.rope(b, { dim, heads, layout, offset: 40, inPlace: true });
          assert.isTyped(got, 'Float32Array');
          assert.equal(got.length, x.length, 'view length');
          assert.close(got, ref.rope(x, { dim, heads, layout, offset: 40 }), TOL, `in place ${layout}`);
          assert.arrayEqual(b.view(), got, 'the result is the buffer itself');
          assert.arrayEqual(got, posenc.rope(x, { dim, heads, layout, offset: 40 }), 'same as the Float32Array form');
          const positions = [3, 2 ** 24 - 1, 0, 99, 1e6];
          b.view().set(x);
          posenc.rope(b, { dim, heads, layout, positions, rotaryDim: 8, inPlace: true });
          assert.close(
            b.view(),
            ref.rope(x, { dim, heads, layout, positions, rotaryDim: 8 }),
            TOL,
            `explicit positions ${layout}`,
          );
        } finally {
          b.free();
        }
      }
    },
  },
  {
    name: 'buffer: rope(buffer) without inPlace returns a fresh array and leaves the buffer',
    run(posenc, assert) {
      const x = ref.randomFloat32(4 * 8, 9);
      const b = posenc.buffer(x.length);
      b.view().set(x);
      const got = posenc.rope(b, { dim: 8, offset: 2 });
      assert.ok(got.buffer !== b.view().buffer, 'a JavaScript-owned array');
      assert.arrayEqual(b.view(), x, 'the buffer is unchanged');
      assert.close(got, ref.rope(x, { dim: 8, offset: 2 }), TOL);
      // A view passed as a plain Float32Array works too (it is copied first).
      assert.close(
        posenc.rope(b.view(), { dim: 8, offset: 2 }),
        ref.rope(x, { dim: 8, offset: 2 }),
        TOL,
        'view as input',
      );
      b.free();
    },
  },
  {
    name: 'buffer: any use after free is a TypeError naming the buffer; the module keeps working',
    run(posenc, assert) {
      const b = posenc.buffer(8);
      b.free();
      assert.throws(() => b.view(), TypeError, ['buffer', 'freed', 'length 8'], 'view() after free');
      assert.throws(
        () => posenc.rope(b, { dim: 8, inPlace: true }),
        TypeError,
        ['x', 'freed'],
        'rope in place after free',
      );
      assert.throws(() => posenc.rope(b, { dim: 8 }), TypeError, ['x', 'freed'], 'rope after free');
      const c = posenc.buffer(8);
      c.view().set(ref.randomFloat32(8, 2));
      assert.close(
        posenc.rope(c, { dim: 8, offset: 1, inPlace: true }),
        ref.rope(ref.randomFloat32(8, 2), { dim: 8, offset: 1 }),
        TOL,
        'still works',
      );
      c.free();
    },
  },
  {
    name: 'buffer: bad lengths',
    run(posenc, assert) {
      assert.throws(() => posenc.buffer('8'), TypeError, ['length', '"8"']);
      assert.throws(() => posenc.buffer(), TypeError, ['length', 'undefined']);
      assert.throws(() => posenc.buffer(-1), RangeError, ['length', '-1']);
      assert.throws(() => posenc.buffer(2.5), RangeError, ['length', '2.5']);
      assert.throws(() => posenc.buffer(NaN), RangeError, ['length', 'NaN']);
      assert.throws(() => posenc.buffer(2 ** 26 + 1), RangeError, ['length', String(2 ** 26 + 1)]);
      const b = posenc.buffer(4);
      assert.equal(b.view().length, 4, 'works afterwards');
      b.free();
    },
  },
];
