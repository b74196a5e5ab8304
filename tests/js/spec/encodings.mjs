// Shared spec: every encoding function against the float64 references of ../reference.mjs.
// Runs under node:test (tests/js/spec.test.mjs), in a browser page and in a Worker:
// no imports but the reference (plain JS) - posenc and the assertion shim are passed in.

import * as ref from '../reference.mjs';

const TOL = { abs: 2e-6 }; // API.md: within 2e-6 of a float64 reference
const LARGE = [2 ** 24 - 1, 2 ** 24 - 2, 16000001, 12345678, 9999991, 1 << 23, 65537, 0];

/**
 * transformers' apply_rotary_pos_emb_interleave in float64: per head, q1 = q[0::2] and q2 = q[1::2] over the
 * first rotaryDim features, then cat(q1 cos - q2 sin, q2 cos + q1 sin), theta_i = base^(-2i/rotaryDim); the
 * other features pass through.
 */
function interleaveToHalf(x, { heads, dim, rotaryDim, base, positions }) {
  const out = Float64Array.from(x);
  const half = rotaryDim / 2;
  for (let v = 0; v < x.length / dim; v++) {
    const position = positions[Math.floor(v / heads)];
    for (let i = 0; i < half; i++) {
      const angle = position * base ** ((-2 * i) / rotaryDim);
      const q1 = x[v * dim + 2 * i],
        q2 = x[v * dim + 2 * i + 1];
      out[v * dim + i] = q1 * Math.cos(angle) - q2 * Math.sin(angle);
      out[v * dim + i + half] = q2 * Math.cos(angle) + q1 * Math.sin(angle);
    }
  }
  return out;
}

export const specs = [
  {
    name: 'sinusoidal: a count of positions, both layouts, several dims and bases',
    run(posenc, assert) {
      for (const layout of ['interleaved', 'half']) {
        for (const [n, dim, base] of [
          [1, 2, 10000],
          [17, 8, 10000],
          [64, 64, 10000],
          [9, 12, 500],
          [3, 130, 1e6],
        ]) {
          const got = posenc.sinusoidal({ positions: n, dim, base, layout });
          assert.isTyped(got, 'Float32Array');
          assert.close(
            got,
            ref.sinusoidal(n, dim, base, layout),
            TOL,
            `sinusoidal ${layout} n=${n} dim=${dim} base=${base}`,
          );
        }
      }
    },
  },
  {
    name: 'sinusoidal: defaults are base 10000 and the interleaved layout',
    run(posenc, assert) {
      const a = posenc.sinusoidal({ positions: 10, dim: 16 });
      assert.arrayEqual(a, posenc.sinusoidal({ positions: 10, dim: 16, base: 10000, layout: 'interleaved' }));
      assert.close(a, ref.sinusoidal(10, 16), TOL);
    },
  },
  {
    name: 'sinusoidal: explicit positions as Array, Int32Array, Float64Array',
    run(posenc, assert) {
      const list = [5, 0, 3, 1000, 77];
      const expected = ref.sinusoidal(list, 32);
      for (const positions of [list, Int32Array.from(list), Float64Array.from(list)]) {
        assert.close(
          posenc.sinusoidal({ positions, dim: 32 }),
          expected,
          TOL,
          `positions as ${positions.constructor.name}`,
        );
      }
      assert.close(
        posenc.sinusoidal({ positions: list, dim: 32, layout: 'half' }),
        ref.sinusoidal(list, 32, 10000, 'half'),
        TOL,
      );
      assert.equal(posenc.sinusoidal({ positions: [], dim: 4 }).length, 0, 'no positions');
    },
  },
  {
    name: 'sinusoidal: large positions (< 2^24) within 2e-6',
    run(posenc, assert) {
      for (const layout of ['interleaved', 'half']) {
        for (const dim of [2, 64, 256]) {
          assert.close(
            posenc.sinusoidal({ positions: LARGE, dim, layout }),
            ref.sinusoidal(LARGE, dim, 10000, layout),
            TOL,
            `large positions ${layout} dim=${dim}`,
          );
        }
      }
    },
  },
  {
    name: 'sinusoidal: every call returns a fresh JavaScript-owned array',
    run(posenc, assert) {
      const a = posenc.sinusoidal({ positions: 4, dim: 8 });
      const copy = a.slice();
      a.fill(42);
      const b = posenc.sinusoidal({ positions: 4, dim: 8 });
      assert.ok(a !== b && a.buffer !== b.buffer, 'distinct arrays');
      assert.arrayEqual(b, copy, 'a second call is not affected by writes to the first result');
      posenc.sinusoidal({ positions: 5000, dim: 512 }); // may grow the wasm heap
      assert.equal(b.length, 32, 'results survive heap growth');
    },
  },
  {
    name: 'ropeFrequencies: theta_i = base^(-2i/dim)',
    run(posenc, assert) {
      for (const [dim, base] of [
        [2, 10000],
        [8, 10000],
        [128, 10000],
        [64, 500000],
        [10, 2],
      ]) {
        const got = posenc.ropeFrequencies({ dim, base });
        assert.isTyped(got, 'Float32Array');
        assert.close(got, ref.theta(dim, base), { abs: 1e-30, rel: 1.2e-7 }, `theta dim=${dim} base=${base}`);
      }
      assert.arrayEqual(
        posenc.ropeFrequencies({ dim: 16 }),
        posenc.ropeFrequencies({ dim: 16, base: 10000 }),
        'default base',
      );
    },
  },
  {
    name: 'rope: both layouts, heads, offsets, bases',
    run(posenc, assert) {
      for (const layout of ['interleaved', 'half']) {
        for (const [seq, heads, dim, offset, base] of [
          [1, 1, 2, 0, 10000],
          [7, 1, 8, 0, 10000],
          [5, 3, 16, 100, 10000],
          [4, 2, 64, 4096, 500000],
          [3, 4, 6, 1, 10],
        ]) {
          const x = ref.randomFloat32(seq * heads * dim, seq + dim);
          const before = x.slice();
          const got = posenc.rope(x, { dim, heads, offset, base, layout });
          assert.isTyped(got, 'Float32Array');
          assert.ok(got !== x, 'a fresh array');
          assert.arrayEqual(x, before, 'x is left unchanged');
          assert.close(
            got,
            ref.rope(x, { dim, heads, offset, base, layout }),
            TOL,
            `rope ${layout} seq=${seq} heads=${heads} dim=${dim} offset=${offset}`,
          );
        }
      }
    },
  },
  {
    name: 'rope: defaults are heads 1, base 10000, interleaved, offset 0',
    run(posenc, assert) {
      const x = ref.randomFloat32(6 * 16, 3);
      const a = posenc.rope(x, { dim: 16 });
      assert.arrayEqual(a, posenc.rope(x, { dim: 16, heads: 1, base: 10000, layout: 'interleaved', offset: 0 }));
      assert.close(a, ref.rope(x, { dim: 16 }), TOL);
    },
  },
  {
    name: 'rope: explicit positions, including large ones (< 2^24)',
    run(posenc, assert) {
      for (const layout of ['interleaved', 'half']) {
        const heads = 2;
        const dim = 32;
        const x = ref.randomFloat32(LARGE.length * heads * dim, 11);
        for (const positions of [LARGE, Int32Array.from(LARGE), Float64Array.from(LARGE)]) {
          const got = posenc.rope(x, { dim, heads, layout, positions });
          assert.close(
            got,
            ref.rope(x, { dim, heads, layout, positions: LARGE }),
            TOL,
            `rope ${layout} large positions`,
          );
        }
        // offset + seq - 1 just below 2^24
        const y = ref.randomFloat32(4 * dim, 12);
        const offset = 2 ** 24 - 4;
        assert.close(
          posenc.rope(y, { dim, layout, offset }),
          ref.rope(y, { dim, layout, offset }),
          TOL,
          `rope ${layout} large offset`,
        );
      }
    },
  },
  {
    name: "rope: 'interleaved-to-half' is transformers' apply_rotary_pos_emb_interleave (DeepSeek-V3)",
    run(posenc, assert) {
      for (const [seq, heads, dim, rotaryDim, base] of [
        [1, 1, 2, 2, 10000],
        [5, 3, 64, 64, 10000],
        [3, 6, 130, 130, 500000], // more heads than the fused kernels take, 65 pairs
        [4, 2, 72, 64, 10000], // a rope slice before 8 unrotated features
        [40, 2, 16, 16, 10000], // a long run from position 0
      ]) {
        const x = ref.randomFloat32(seq * heads * dim, dim + heads);
        for (const at of [{ offset: 0 }, { offset: 70000 }, { positions: LARGE.slice(0, seq) }]) {
          if (at.positions && at.positions.length !== seq) continue;
          const positions = at.positions ?? Array.from({ length: seq }, (_, s) => at.offset + s);
          const o = { dim, heads, base, rotaryDim, layout: 'interleaved-to-half' };
          const got = posenc.rope(x, { ...o, ...at });
          const want = interleaveToHalf(x, { heads, dim, rotaryDim, base, positions });
          const where = `seq=${seq} heads=${heads} dim=${dim} rotaryDim=${rotaryDim} ${JSON.stringify(at)}`;
          assert.close(got, want, TOL, `rope interleaved-to-half ${where}`);
          const plan = posenc.ropePlan(o);
          try {
            const y = x.slice();
            plan.apply(y, at.positions ?? at.offset);
            assert.arrayEqual(y, got, `ropePlan interleaved-to-half ${where}`);
          } finally {
            plan.free();
          }
        }
      }
      // the functions whose output keeps its input's pairs take the two in-place layouts only
      const layout = 'interleaved-to-half';
      assert.throws(() => posenc.sinusoidal({ positions: 2, dim: 4, layout }), RangeError, ['layout', layout]);
      const v = new Float32Array(4).fill(1);
      assert.throws(() => posenc.pairAngles(v, v, { dim: 4, layout }), RangeError, ['layout', layout]);
    },
  },
  {
    name: 'rope: rotaryDim rotates only the first features, with theta over rotaryDim',
    run(posenc, assert) {
      for (const layout of ['interleaved', 'half']) {
        for (const [dim, rotaryDim, heads] of [
          [16, 8, 1],
          [64, 16, 3],
          [10, 2, 2],
          [12, 12, 1],
        ]) {
          const x = ref.randomFloat32(5 * heads * dim, dim);
          const got = posenc.rope(x, { dim, heads, layout, rotaryDim, offset: 3 });
          const want = ref.rope(x, { dim, heads, layout, rotaryDim, offset: 3 });
          assert.close(got, want, TOL, `rope ${layout} dim=${dim} rotaryDim=${rotaryDim}`);
          for (let r = 0; r < 5 * heads; r++) {
            for (let i = rotaryDim; i < dim; i++)
              assert.equal(got[r * dim + i], x[r * dim + i], 'pass-through feature');
          }
        }
      }
    },
  },
  {
    name: 'rope: inPlace on a Float32Array writes back and returns the same array',
    run(posenc, assert) {
      for (const layout of ['interleaved', 'half']) {
        const x = ref.randomFloat32(3 * 2 * 8, 5);
        const want = ref.rope(x, { dim: 8, heads: 2, layout, offset: 9 });
        const fresh = posenc.rope(x, { dim: 8, heads: 2, layout, offset: 9 });
        const got = posenc.rope(x, { dim: 8, heads: 2, layout, offset: 9, inPlace: true });
        assert.ok(got === x, 'returns x itself');
        assert.arrayEqual(x, fresh, 'in place equals the copying form');
        assert.close(x, want, TOL);
        const y = ref.randomFloat32(8, 6);
        const yBefore = y.slice();
        assert.ok(posenc.rope(y, { dim: 8, inPlace: false }) !== y, 'inPlace false copies');
        assert.arrayEqual(y, yBefore, 'inPlace false leaves x unchanged');
      }
    },
  },
  {
    name: 'rope: rope(x) = R(position) x, and ropeMatrix against the reference',
    run(posenc, assert) {
      for (const [position, dim, base] of [
        [0, 2, 10000],
        [7, 16, 10000],
        [2 ** 24 - 1, 8, 10000],
        [123456, 6, 77],
      ]) {
        const R = posenc.ropeMatrix({ position, dim, base });
        assert.isTyped(R, 'Float32Array');
        assert.close(R, ref.ropeMatrix(position, dim, base), TOL, `ropeMatrix position=${position} dim=${dim}`);
        const x = ref.randomFloat32(dim, position + 1);
        const Rx = new Float64Array(dim);
        for (let r = 0; r < dim; r++) Rx[r] = ref.dot(R, r * dim, x, 0, dim);
        assert.close(posenc.rope(x, { dim, base, positions: [position] }), Rx, { abs: 4e-6 }, 'rope(x) = R x');
      }
      assert.arrayEqual(
        posenc.ropeMatrix({ position: 3, dim: 4 }),
        posenc.ropeMatrix({ position: 3, dim: 4, base: 10000 }),
        'default base',
      );
    },
  },
  {
    name: 'ropeDecayBound: the RoFormer bound against the reference',
    run(posenc, assert) {
      for (const [dim, base, maxDistance] of [
        [2, 10000, 10],
        [16, 10000, 300],
        [128, 10000, 1000],
        [64, 500000, 64],
      ]) {
        const got = posenc.ropeDecayBound({ dim, base, maxDistance });
        assert.isTyped(got, 'Float32Array');
        assert.equal(got.length, maxDistance + 1, 'maxDistance + 1 values');
        assert.close(got, ref.ropeDecayBound(dim, base, maxDistance), { abs: 1e-5, rel: 1e-5 }, `decay dim=${dim}`);
      }
      assert.arrayEqual(
        posenc.ropeDecayBound({ dim: 8, maxDistance: 5 }),
        posenc.ropeDecayBound({ dim: 8, base: 10000, maxDistance: 5 }),
        'default base',
      );
    },
  },
  {
    name: 'ropeScoreByDistance: rope(q, d) . rope(k, 0)',
    run(posenc, assert) {
      for (const [dim, base, maxDistance] of [
        [2, 10000, 5],
        [32, 10000, 1000],
        [64, 500, 100],
      ]) {
        const q = ref.randomFloat32(dim, 21);
        const k = ref.randomFloat32(dim, 22);
        const got = posenc.ropeScoreByDistance(q, k, { dim, base, maxDistance });
        assert.isTyped(got, 'Float32Array');
        assert.close(
          got,
          ref.ropeScoreByDistance(q, k, dim, base, maxDistance),
          { abs: 1e-5, rel: 1e-5 },
          `score dim=${dim}`,
        );
      }
    },
  },
  {
    name: 'pairAngles: the signed angle between matching pairs, turned by (m - n) theta_i under RoPE',
    run(posenc, assert) {
      // written out: a row of dim 4 in each layout
      const a = Float32Array.from([0, 1, -1, 0]),
        b = Float32Array.from([1, 0, 1, 1]);
      const inter = posenc.pairAngles(a, b, { dim: 4 });
      assert.isTyped(inter, 'Float64Array');
      // atan2 in wasm and in JavaScript may differ in the last bit
      const near = { abs: 1e-15, rel: 1e-15 };
      assert.close(inter, Float64Array.from([Math.PI / 2, Math.atan2(1, -1)]), near, 'interleaved');
      const half = posenc.pairAngles(a, b, { dim: 4, layout: 'half' });
      assert.close(half, Float64Array.from([Math.atan2(-1, -1), -Math.PI / 2]), near, 'half: (0, -1) from (1, 1)');
      assert.arrayEqual(posenc.pairAngles(new Float32Array(2), Float32Array.from([1, 1]), { dim: 2 }), [0], 'zero');
      // the RoPE property over random vectors, two rows, both layouts
      for (const layout of ['interleaved', 'half']) {
        const dim = 32,
          [m, n] = [1234, 77];
        const q = ref.randomFloat32(2 * dim, 41),
          k = ref.randomFloat32(2 * dim, 42);
        const theta = Array.from({ length: dim / 2 }, (_, i) => 10000 ** ((-2 * i) / dim));
        const phi = posenc.pairAngles(q, k, { dim, layout });
        const qm = posenc.rope(q, { dim, layout, positions: [m, m] }),
          kn = posenc.rope(k, { dim, layout, positions: [n, n] });
        const turned = posenc.pairAngles(qm, kn, { dim, layout });
        assert.equal(turned.length, dim);
        turned.forEach((t, j) => {
          const gap = t - phi[j] - (m - n) * theta[j % (dim / 2)];
          assert.ok(Math.abs(Math.sin(gap / 2)) < 1e-4, `${layout} pair ${j}: off by ${gap} mod 2 pi`);
        });
      }
    },
  },
  {
    name: 'relativeDistance: clip(i - j, min, max), keyLen defaults to queryLen',
    run(posenc, assert) {
      for (const [queryLen, keyLen, min, max] of [
        [5, 5, -2, 2],
        [3, 7, -4, 1],
        [6, 2, 0, 3],
        [1, 1, 0, 0],
        [4, 9, -100, 100],
      ]) {
        const got = posenc.relativeDistance({ queryLen, keyLen, min, max });
        assert.isTyped(got, 'Int32Array');
        assert.arrayEqual(
          got,
          ref.relativeDistance(queryLen, keyLen, min, max),
          `distance ${queryLen}x${keyLen} [${min}, ${max}]`,
        );
      }
      assert.arrayEqual(
        posenc.relativeDistance({ queryLen: 4, min: -1, max: 2 }),
        ref.relativeDistance(4, 4, -1, 2),
        'keyLen default',
      );
    },
  },
  {
    name: 'learned: a deterministic seeded N(0, std^2) table; encode returns its rows',
    run(posenc, assert) {
      const t = posenc.learned({ maxLen: 64, dim: 64, seed: 7 });
      assert.equal(t.maxLen, 64, 'maxLen');
      assert.equal(t.dim, 64, 'dim');
      const table = t.table();
      assert.isTyped(table, 'Float32Array');
      assert.equal(table.length, 64 * 64, 'maxLen x dim');
      assert.arrayEqual(table, posenc.learned({ maxLen: 64, dim: 64, seed: 7 }).table(), 'same seed, same table');
      assert.arrayEqual(table, t.table(), 'table() twice');
      // one run, row after row: a 64 x 64 table is the start of a 37 x 111 one (4,107 values), or 8 x 512
      for (const [maxLen, dim] of [
        [37, 111],
        [8, 512],
      ])
        assert.arrayEqual(
          posenc
            .learned({ maxLen, dim, seed: 7 })
            .table()
            .subarray(0, 64 * 64),
          table,
          `the first 4,096 values of ${maxLen} x ${dim}`,
        );
      assert.ok(
        table.some((v, i) => v !== posenc.learned({ maxLen: 64, dim: 64, seed: 8 }).table()[i]),
        'another seed, another table',
      );
      let sum = 0;
      let sq = 0;
      for (const v of table) {
        sum += v;
        sq += v * v;
      }
      const mean = sum / table.length;
      const sd = Math.sqrt(sq / table.length - mean * mean);
      assert.ok(Math.abs(mean) < (4 * 0.02) / Math.sqrt(table.length), `mean ${mean} close to 0`);
      assert.ok(Math.abs(sd - 0.02) < 0.02 * 0.06, `std ${sd} close to the default 0.02`);
      const wide = posenc.learned({ maxLen: 64, dim: 64, seed: 7, std: 1 }).table();
      let wsq = 0;
      for (const v of wide) wsq += v * v;
      assert.ok(Math.abs(Math.sqrt(wsq / wide.length) - 1) < 0.06, 'std 1');
      assert.ok(
        posenc
          .learned({ maxLen: 3, dim: 4, std: 0 })
          .table()
          .every((v) => v === 0),
        'std 0 gives zeros',
      );
      const rows = [0, 63, 5, 5];
      for (const positions of [rows, Int32Array.from(rows), Float64Array.from(rows)]) {
        const got = t.encode(positions);
        assert.isTyped(got, 'Float32Array');
        assert.arrayEqual(
          got,
          rows.flatMap((r) => Array.from(table.subarray(r * 64, r * 64 + 64))),
          'encode = table rows',
        );
      }
      assert.ok(Object.isFrozen(t), 'a LearnedTable is immutable');
    },
  },
  {
    name: 'relative: table of max - min + 1 rows; scores are DeBERTa c2c + c2p + p2c',
    run(posenc, assert) {
      const t = posenc.relative({ min: -3, max: 2, dim: 8, seed: 4 });
      assert.equal(t.min, -3, 'min');
      assert.equal(t.max, 2, 'max');
      assert.equal(t.dim, 8, 'dim');
      const P = t.table();
      assert.isTyped(P, 'Float32Array');
      assert.equal(P.length, 6 * 8, '(max - min + 1) x dim');
      assert.arrayEqual(P, posenc.relative({ min: -3, max: 2, dim: 8, seed: 4 }).table(), 'deterministic');
      const q = ref.randomFloat32(5 * 8, 31);
      const k = ref.randomFloat32(7 * 8, 32);
      for (const scale of [true, false, undefined]) {
        const got = t.scores(q, k, scale === undefined ? { dim: 8 } : { dim: 8, scale });
        const want = ref.relativeScores(q, k, P, { min: -3, max: 2, dim: 8, scale: scale ?? true });
        for (const part of ['total', 'c2c', 'c2p', 'p2c']) {
          assert.isTyped(got[part], 'Float32Array', part);
          assert.close(got[part], want[part], { abs: 1e-6, rel: 1e-5 }, `${part} scale=${scale}`);
        }
      }
      assert.ok(Object.isFrozen(t), 'a RelativeTable is immutable');
    },
  },
];
