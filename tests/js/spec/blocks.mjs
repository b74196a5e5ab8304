// Shared spec: rope() on Float32Arrays larger than one block of wasm memory (the binding
// rotates them a block of rows at a time, cpp/bindings/embind.cpp). Every result must be
// the bits of the whole-array computation on a WasmBuffer, and every error the one that
// names the whole array, with the array left as it was.

import * as ref from '../reference.mjs';

const BLOCK = 2 ** 15; // floats per block in the binding; the shapes below straddle it
const TOL = { abs: 3e-6 };

// The same rotation on a WasmBuffer: one call over the whole array, never split.
function onBuffer(posenc, x, options) {
  const b = posenc.buffer(x.length);
  try {
    b.view().set(x);
    return posenc.rope(b, { ...options, inPlace: true }).slice();
  } finally {
    b.free();
  }
}

const shapes = [
  { seq: 700, heads: 1, dim: 64 }, // 512 rows per block: two blocks, the second partial
  { seq: 300, heads: 3, dim: 50 }, // rows of 150 floats: a block is not a whole number of rows' worth
  { seq: 3, heads: 300, dim: 128 }, // one row is larger than a block: one row per block
];

export const specs = [
  {
    name: 'rope: a Float32Array larger than a block gives the bits of the whole-array call',
    run(posenc, assert) {
      for (const shape of shapes) {
        const { seq, heads, dim } = shape;
        const x = ref.randomFloat32(seq * heads * dim, seq + heads);
        const reversed = Array.from({ length: seq }, (_, i) => (seq - 1 - i) * 7);
        const variants = [
          { layout: 'interleaved', offset: 1000 },
          { layout: 'half', rotaryDim: dim / 2 - ((dim / 2) % 2) },
          { layout: 'half', positions: reversed },
          // The frequencies follow the largest position of the call (seqLen unset): a block
          // on its own would see a shorter sequence.
          { layout: 'interleaved', scaling: { rope_type: 'dynamic', factor: 2, max_position_embeddings: 64 } },
          { layout: 'half', scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 128 } },
        ];
        for (const variant of variants) {
          const options = { dim, heads, ...variant };
          const label = `${seq}x${heads}x${dim} ${JSON.stringify(variant).slice(0, 60)}`;
          const expected = onBuffer(posenc, x, options);
          const fresh = posenc.rope(x, options);
          assert.arrayEqual(fresh, expected, `fresh result, ${label}`);
          const copy = x.slice();
          assert.equal(posenc.rope(copy, { ...options, inPlace: true }), copy, 'in place returns x');
          assert.arrayEqual(copy, expected, `in place, ${label}`);
        }
        assert.close(
          posenc.rope(x, { dim, heads, offset: 5 }),
          ref.rope(x, { dim, heads, offset: 5 }),
          TOL,
          `float64 reference ${seq}x${heads}x${dim}`,
        );
        assert.ok(x.length > BLOCK, 'the shape spans more than one block');
      }
    },
  },
  {
    name: 'rope: errors on large Float32Arrays name the whole array and leave it unchanged',
    run(posenc, assert) {
      const [seq, dim] = [700, 64];
      const x = ref.randomFloat32(seq * dim, 3);
      const original = x.slice();
      const refuses = (options, parts, message) => {
        for (const inPlace of [true, false]) {
          assert.throws(() => posenc.rope(x, { dim, ...options, inPlace }), RangeError, parts, message);
          assert.arrayEqual(x, original, `${message}: x unchanged (inPlace ${inPlace})`);
        }
      };
      refuses({ heads: 3 }, ['x.length must be a multiple of heads * dim = 192, got 44800'], 'length');
      refuses(
        { positions: Array.from({ length: seq - 1 }, (_, i) => i) },
        ['positions.length must be seq = x.length / (heads * dim) = 700, got 699'],
        'count',
      );
      const positions = Array.from({ length: seq }, (_, i) => i);
      positions[600] = -1;
      refuses({ positions }, ['positions[600] must be', 'got -1'], 'the bad position is named by its index');
      refuses({ offset: 2 ** 24 - 100 }, ['offset must be', '(seq = 700), got 16777116'], 'offset past the limit');
      refuses(
        { scaling: { rope_type: 'yarn', factor: -1, original_max_position_embeddings: 128 } },
        ['scaling.factor', 'got -1'],
        'a bad scaling (found by the first block)',
      );
      refuses({ base: 0 }, ['base must be', 'got 0'], 'a bad base');
    },
  },
  {
    name: 'rope: large Float32Arrays, good calls and refused ones, leave heapBytes() where it was',
    run(posenc, assert) {
      const x = ref.randomFloat32(700 * 64, 4);
      const bad = Array.from({ length: 700 }, (_, i) => i);
      bad[650] = -1;
      const calls = [
        () => posenc.rope(x, { dim: 64, offset: 9 }),
        () => posenc.rope(x.slice(), { dim: 64, layout: 'half', inPlace: true }),
        () => posenc.rope(x, { dim: 64, scaling: { rope_type: 'dynamic', factor: 2, max_position_embeddings: 64 } }),
        () => posenc.rope(x, { dim: 64, positions: bad }), // refused before any block
        () => posenc.rope(x, { dim: 64, base: 0, inPlace: true }), // refused by the first block
      ];
      const limit = posenc.ropeCacheLimit(0); // the bounded cos/sin cache would show as growth
      try {
        for (const call of calls) {
          try {
            call();
          } catch {
            /* expected for the refused ones */
          }
        }
        const before = posenc.heapBytes();
        for (let i = 0; i < 200; i++) {
          try {
            calls[i % calls.length]();
          } catch {
            /* expected */
          }
        }
        assert.equal(posenc.heapBytes(), before, 'heap bytes after 200 calls');
      } finally {
        posenc.ropeCacheLimit(limit);
      }
    },
  },
];
