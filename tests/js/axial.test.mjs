// 2-D axial RoPE (rope() options `axial`, `gridWidth` and `gridHeight`) on both wasm flavours: against the
// formula written out in float64, against transformers' MLCD and SAM 3 vision rotaries transcribed by hand, through
// ropePlan, and its errors.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importPosenc } from './helpers.mjs';
import { randomFloat32 } from './reference.mjs';

const { load } = await importPosenc();
const flavours = [
  ['simd', await load()],
  ['scalar', await load({ simd: false })],
];

/** Largest |got - want|. */
function worst(got, want) {
  assert.equal(got.length, want.length);
  let w = 0;
  for (let i = 0; i < got.length; i++) w = Math.max(w, Math.abs(got[i] - want[i]));
  return w;
}

/** Row-major tokens of a width x height grid: [x, y] per token. */
const gridTokens = (width, height) =>
  Array.from({ length: width * height }, (_, t) => [t % width, Math.floor(t / width)]);

/**
 * The formula in float64: the dim/2 pairs of a head split into two equal blocks; pair j of a block turns by
 * p * base^(-4j/dim), p the token's position on the block's axis (x first for 'xy', y first for 'yx').
 */
function axialReference(x, { dim, heads = 1, layout = 'interleaved', axial, base = 10000 }, tokens) {
  const y = Float64Array.from(x),
    half = dim / 2,
    block = dim / 4;
  tokens.forEach(([px, py], s) => {
    for (let h = 0; h < heads; h++) {
      const row = (s * heads + h) * dim;
      for (let i = 0; i < half; i++) {
        const first = i < block;
        const position = first === (axial === 'xy') ? px : py;
        const angle = position * base ** ((-4 * (i % block)) / dim);
        const [a, b] = layout === 'half' ? [row + i, row + i + half] : [row + 2 * i, row + 2 * i + 1];
        y[a] = x[a] * Math.cos(angle) - x[b] * Math.sin(angle);
        y[b] = x[b] * Math.cos(angle) + x[a] * Math.sin(angle);
      }
    }
  });
  return y;
}

// transformers' MLCDRotaryEmbedding(head_dim // 2) and apply_rotary_pos_emb_vision (modeling_mlcd.py), for
// the patch tokens (the class token's angles are a learned parameter, not a position), one head, float64.
function mlcdReference(q, headDim, width, height, theta = 10000) {
  const dim = headDim / 2; // the rotary embedding's own dim
  const invFreq = Array.from({ length: dim / 2 }, (_, j) => 1 / theta ** ((2 * j) / dim)); // arange(0, dim, 2) / dim
  const out = new Float64Array(q.length);
  for (let t = 0; t < width * height; t++) {
    const hpos = Math.floor(t / width),
      wpos = t % width;
    const rotary = [...invFreq.map((f) => hpos * f), ...invFreq.map((f) => wpos * f)]; // rotary_pos_emb_full[pos_ids]
    const emb = [...rotary, ...rotary]; // cat((rotary_pos_emb, rotary_pos_emb), -1)
    const v = q.subarray(t * headDim, (t + 1) * headDim);
    const rotated = [...Array.from(v.subarray(headDim / 2), (e) => -e), ...v.subarray(0, headDim / 2)]; // rotate_half
    for (let i = 0; i < headDim; i++) out[t * headDim + i] = v[i] * Math.cos(emb[i]) + rotated[i] * Math.sin(emb[i]);
  }
  return out;
}

// transformers' Sam3ViTRotaryEmbedding(end_x, end_y, scale) and apply_rotary_pos_emb_2d (modeling_sam3.py), one
// head, float64.
function sam3Reference(q, dim, endX, endY, scale = 1, theta = 10000) {
  // arange(0, dim, 4)[: dim // 4]
  const freqs = Array.from({ length: dim / 4 }, (_, j) => 1 / theta ** ((4 * j) / dim));
  const out = new Float64Array(q.length);
  for (let t = 0; t < endX * endY; t++) {
    const xPos = (t % endX) * scale,
      yPos = Math.floor(t / endX) * scale;
    // repeat_interleave(2)
    const invFreq = [...freqs.map((f) => xPos * f), ...freqs.map((f) => yPos * f)].flatMap((a) => [a, a]);
    const v = q.subarray(t * dim, (t + 1) * dim);
    for (let i = 0; i < dim; i++) {
      const pairwise = i % 2 === 0 ? -v[i + 1] : v[i - 1]; // rotate_pairwise
      out[t * dim + i] = v[i] * Math.cos(invFreq[i]) + pairwise * Math.sin(invFreq[i]);
    }
  }
  return out;
}

for (const [flavour, posenc] of flavours) {
  describe(`axial RoPE [${flavour}]`, () => {
    test('a patch grid matches the float64 formula in both layouts and axis orders', () => {
      for (const layout of ['interleaved', 'half'])
        for (const axial of ['xy', 'yx']) {
          const o = { dim: 32, heads: 2, layout, axial, base: 100 };
          const x = randomFloat32(6 * 5 * 2 * 32, 3);
          const got = posenc.rope(x, { ...o, gridWidth: 6, gridHeight: 5 });
          assert.ok(worst(got, axialReference(x, o, gridTokens(6, 5))) < 4e-6, `${layout} ${axial}`);
        }
    });

    test('listed (x, y) positions, far apart, match the formula, and the grid is the listed grid', () => {
      const o = { dim: 16, axial: 'xy' };
      const tokens = [
        [0, 0],
        [16777215, 2],
        [3, 16777215],
        [70000, 1234567],
      ];
      const x = randomFloat32(tokens.length * 16, 4);
      const xs = tokens.map((t) => t[0]),
        ys = tokens.map((t) => t[1]);
      assert.ok(worst(posenc.rope(x, { ...o, positions: [xs, ys] }), axialReference(x, o, tokens)) < 4e-6);
      const swapped = posenc.rope(x, { ...o, axial: 'yx', positions: [ys, xs] });
      assert.ok(worst(swapped, axialReference(x, { ...o, axial: 'yx' }, tokens)) < 4e-6);
      const patches = randomFloat32(4 * 3 * 16, 5);
      const grid = gridTokens(4, 3);
      const listed = [grid.map((t) => t[0]), grid.map((t) => t[1])];
      assert.deepEqual(
        posenc.rope(patches, { ...o, gridWidth: 4, gridHeight: 3 }),
        posenc.rope(patches, { ...o, positions: listed }),
      );
    });

    test("transformers' MLCD vision rotary: halves, rows (y) first", () => {
      const [headDim, width, height] = [64, 7, 5];
      const q = randomFloat32(width * height * headDim, 6);
      const got = posenc.rope(q, { dim: headDim, layout: 'half', axial: 'yx', gridWidth: width, gridHeight: height });
      assert.ok(worst(got, mlcdReference(q, headDim, width, height)) < 4e-6);
    });

    test("transformers' SAM 3 ViT rotary: adjacent pairs, columns (x) first, and its scaled global grid", () => {
      const [dim, endX, endY] = [64, 6, 6];
      const q = randomFloat32(endX * endY * dim, 7);
      const got = posenc.rope(q, { dim, axial: 'xy', gridWidth: endX, gridHeight: endY });
      assert.ok(worst(got, sam3Reference(q, dim, endX, endY)) < 4e-6);
      // A global layer turns positions times window_size / grid size (24 / 72): frequencies times that scale.
      const scale = 24 / 72;
      const frequencies = Array.from(posenc.ropeFrequencies({ dim, axial: 'xy' }), (f) => f * scale);
      const scaled = posenc.rope(q, { dim, axial: 'xy', gridWidth: endX, gridHeight: endY, frequencies });
      assert.ok(worst(scaled, sam3Reference(q, dim, endX, endY, scale)) < 4e-6);
    });

    test('ropeFrequencies gives each axis its own frequencies', () => {
      const theta = posenc.ropeFrequencies({ dim: 16, axial: 'xy', base: 10000 });
      const block = [1, 10000 ** -0.25, 10000 ** -0.5, 10000 ** -0.75];
      assert.ok(worst(theta, [...block, ...block]) < 1e-7);
    });

    test('ropePlan gives the bits of rope() on a grid and at listed positions', () => {
      const o = { dim: 32, heads: 3, layout: 'half', axial: 'yx' };
      const x = randomFloat32(4 * 4 * 3 * 32, 8);
      const grid = { gridWidth: 4, gridHeight: 4 };
      const plan = posenc.ropePlan({ ...o, ...grid });
      assert.deepEqual(plan.apply(x.slice()), posenc.rope(x, { ...o, ...grid }));
      plan.free();
      const listed = [Array.from({ length: 16 }, (_, i) => i * 3), Array.from({ length: 16 }, (_, i) => 1000 - i)];
      const free = posenc.ropePlan(o);
      assert.deepEqual(free.apply(x.slice(), listed), posenc.rope(x, { ...o, positions: listed }));
      free.free();
    });

    test('bad input names the parameter, and the module stays usable', () => {
      const x = new Float32Array(4 * 16);
      const grid = { gridWidth: 2, gridHeight: 2 };
      const cases = [
        [{ dim: 16, axial: 'zx', ...grid }, 'RangeError', /axial.*zx/],
        [{ dim: 16, axial: 'xy', gridWidth: -1, gridHeight: 4 }, 'RangeError', /gridWidth.*-1/],
        [{ dim: 16, axial: 'xy', gridWidth: 2 }, 'RangeError', /gridHeight/],
        [{ dim: 16, axial: 'xy', gridWidth: '4', gridHeight: 4 }, 'TypeError', /gridWidth/],
        [{ dim: 16, axial: 'xy', gridWidth: 3, gridHeight: 1 }, 'RangeError', /x\.length.*64/],
        [{ dim: 16, ...grid }, 'RangeError', /axial/],
        [{ dim: 16, axial: 'xy', ...grid, offset: 2 }, 'RangeError', /offset.*2/],
        [{ dim: 16, axial: 'xy' }, 'RangeError', /positions/],
        [{ dim: 16, axial: 'xy', positions: [1, 2, 3, 4] }, 'RangeError', /positions\.length.*4/],
        [
          {
            dim: 16,
            axial: 'xy',
            positions: [
              [1, 2, 3, 4],
              [1, 2, 3],
            ],
          },
          'RangeError',
          /positions\[1\]\.length.*3/,
        ],
        [
          {
            dim: 16,
            axial: 'xy',
            ...grid,
            positions: [
              [1, 2, 3, 4],
              [1, 2, 3, 4],
            ],
          },
          'RangeError',
          /positions/,
        ],
        [{ dim: 16, axial: 'xy', ...grid, sections: [2, 2, 0] }, 'RangeError', /sections\.length.*3/],
        [{ dim: 16, axial: 'xy', ...grid, scaling: { rope_type: 'linear', factor: 2 } }, 'RangeError', /scaling/],
        [{ dim: 10, axial: 'xy', ...grid }, 'RangeError', /dim.*10/],
      ];
      // One TypeError first: the module keeps 8 bytes of one-time state on its first one (not per call).
      assert.throws(() => posenc.rope(new Float32Array(64), { dim: 16, gridWidth: '4' }), TypeError);
      const heap = posenc.heapBytes();
      for (const [o, name, message] of cases) {
        const len = 4 * o.dim;
        assert.throws(() => posenc.rope(new Float32Array(len), o), { name, message }, JSON.stringify(o));
      }
      assert.throws(() => posenc.ropePlan({ dim: 16, axial: 'xy', gridWidth: 0, gridHeight: 1 }), {
        name: 'RangeError',
        message: /gridWidth.*0/,
      });
      assert.equal(posenc.heapBytes(), heap, 'no memory kept by the failed calls');
      const ok = posenc.rope(randomFloat32(64, 9), { dim: 16, axial: 'xy', ...grid, sections: [3, 5] });
      assert.equal(ok.length, 64);
    });
  });
}
