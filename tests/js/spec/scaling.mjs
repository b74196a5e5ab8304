// Shared spec for the "beyond the article" API: RoPE scaling, ALiBi, T5 and DeBERTa buckets, the
// precision lab, against the float64 references of ../reference-scaling.mjs. Like the other spec
// files it has no Node imports, so it can also run in a browser page or a Worker.
import * as ref from '../reference-scaling.mjs';
import { randomFloat32 } from '../reference.mjs';

export const LLAMA31 = {
  rope_type: 'llama3',
  factor: 8,
  low_freq_factor: 1,
  high_freq_factor: 4,
  original_max_position_embeddings: 8192,
};
export const QWEN_YARN = { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 32768 };
const phi = (long) =>
  Array.from({ length: 48 }, (_, i) => {
    const t = i / 47;
    return long ? 1 + 59 * t * t * (3 - 2 * t) + 0.01 * (i % 5) : 1 + 0.05 * t + 0.001 * (i % 3);
  });
export const PHI3 = {
  rope_type: 'longrope',
  short_factor: phi(false),
  long_factor: phi(true),
  original_max_position_embeddings: 4096,
  max_position_embeddings: 131072,
};
export const DYNAMIC = { rope_type: 'dynamic', factor: 2, max_position_embeddings: 4096 };

// [name, dim, base, scaling, seqLen]
const CONFIGS = [
  ['Llama 3.1 8B', 128, 500000, LLAMA31, 0],
  ['YaRN Qwen2.5', 128, 1e6, QWEN_YARN, 0],
  [
    'YaRN gpt-oss truncate false',
    64,
    150000,
    { rope_type: 'yarn', factor: 32, original_max_position_embeddings: 4096, truncate: false },
    0,
  ],
  [
    'YaRN DeepSeek mscale',
    64,
    10000,
    {
      rope_type: 'yarn',
      factor: 40,
      original_max_position_embeddings: 4096,
      beta_fast: 32,
      beta_slow: 1,
      mscale: 1,
      mscale_all_dim: 0.707,
    },
    0,
  ],
  ['LongRoPE Phi-3 short', 96, 10000, PHI3, 4096],
  ['LongRoPE Phi-3 long', 96, 10000, PHI3, 4097],
  ['LongRoPE Phi-3 no seqLen', 96, 10000, PHI3, 0],
  ['dynamic before its length', 128, 10000, DYNAMIC, 2048],
  ['dynamic after its length', 128, 10000, DYNAMIC, 16384],
  ['linear', 64, 10000, { rope_type: 'linear', factor: 4 }, 0],
  ['ntk', 64, 10000, { rope_type: 'ntk', factor: 4 }, 0],
  ['default', 32, 10000, { rope_type: 'default' }, 0],
];

const relClose = (assert, got, want, rel, message) => {
  assert.equal(got.length, want.length, `${message}: length`);
  let worst = 0;
  for (let i = 0; i < want.length; i++) {
    const e = Math.abs(got[i] - want[i]) / Math.abs(want[i]);
    if (!(e <= rel))
      assert.ok(false, `${message}: element ${i}: expected ${want[i]}, got ${got[i]} (relative error ${e})`);
    worst = Math.max(worst, e);
  }
  return worst;
};

export const specs = [
  {
    name: 'ropeFrequencies with scaling: real configurations within 1e-6 of float64',
    run(posenc, assert) {
      for (const [name, dim, base, scaling, seqLen] of CONFIGS) {
        const got = posenc.ropeFrequencies({ dim, base, scaling, seqLen: seqLen || undefined });
        assert.isTyped(got, 'Float32Array');
        relClose(assert, got, ref.scaledTheta(dim, base, scaling, seqLen), 1e-6, name);
      }
      assert.arrayEqual(
        posenc.ropeFrequencies({ dim: 16, scaling: { rope_type: 'default' } }),
        posenc.ropeFrequencies({ dim: 16 }),
      );
    },
  },
  {
    name: 'ropeAttentionFactor: yarn, mscale, longrope, 1 for the others',
    run(posenc, assert) {
      for (const [name, , , scaling] of CONFIGS) {
        const got = posenc.ropeAttentionFactor({ scaling });
        assert.equal(typeof got, 'number');
        relClose(assert, [got], [ref.attentionFactor(scaling)], 1e-12, name);
      }
      assert.ok(Math.abs(posenc.ropeAttentionFactor({ scaling: QWEN_YARN }) - (0.1 * Math.log(4) + 1)) < 1e-15);
      assert.ok(
        Math.abs(posenc.ropeAttentionFactor({ scaling: PHI3 }) - Math.sqrt(1 + Math.log(32) / Math.log(4096))) < 1e-15,
      );
      assert.equal(posenc.ropeAttentionFactor({ scaling: LLAMA31, seqLen: 100000 }), 1);
      assert.equal(posenc.ropeAttentionFactor({ scaling: { ...QWEN_YARN, attention_factor: 0.75 } }), 0.75);
    },
  },
  {
    name: 'rope with scaling: scaled theta, cos and sin times the attention factor, seqLen from the positions',
    run(posenc, assert) {
      const cases = [
        // [scaling, dim, base, layout, positions, seqLen, rotaryDim, seqLen the reference uses]
        [LLAMA31, 128, 500000, 'half', [0, 9000, 100000, 2 ** 24 - 1], undefined, 128, 2 ** 24],
        [QWEN_YARN, 128, 1e6, 'interleaved', [5, 6, 7, 8], undefined, 64, 9],
        [PHI3, 96, 10000, 'half', [4000, 4001, 4002, 4003], undefined, 96, 4004], // short factors
        [PHI3, 96, 10000, 'half', [4093, 4094, 4095, 4096], undefined, 96, 4097], // long factors
        [PHI3, 96, 10000, 'interleaved', [0, 1, 2, 3], 100000, 96, 100000], // seqLen given
        [DYNAMIC, 64, 10000, 'half', [9000, 9001, 9002, 9003], undefined, 64, 9004],
      ];
      for (const [scaling, dim, base, layout, positions, seqLen, rotaryDim, refSeq] of cases) {
        const heads = 2;
        const x = randomFloat32(positions.length * heads * dim, dim);
        const want = ref.ropeWithTheta(
          x,
          { dim, heads, layout, positions, rotaryDim },
          ref.scaledTheta(rotaryDim, base, scaling, refSeq),
          ref.attentionFactor(scaling),
        );
        const got = posenc.rope(x, { dim, heads, base, layout, positions, seqLen, rotaryDim, scaling });
        assert.close(got, want, { abs: 4e-6 }, `${scaling.rope_type} ${layout} rotaryDim ${rotaryDim}`);
        if (positions[3] === positions[0] + 3) {
          const byOffset = posenc.rope(x, {
            dim,
            heads,
            base,
            layout,
            offset: positions[0],
            seqLen,
            rotaryDim,
            scaling,
          });
          assert.arrayEqual(byOffset, got, 'offset and explicit positions agree');
        }
      }
    },
  },
  {
    name: 'rope with scaling on a WasmBuffer, in place',
    run(posenc, assert) {
      const x = randomFloat32(4 * 64, 3);
      const want = posenc.rope(x, { dim: 64, layout: 'half', offset: 40000, scaling: QWEN_YARN });
      const buf = posenc.buffer(x.length);
      try {
        buf.view().set(x);
        assert.arrayEqual(
          posenc.rope(buf, { dim: 64, layout: 'half', offset: 40000, scaling: QWEN_YARN, inPlace: true }),
          want,
        );
      } finally {
        buf.free();
      }
    },
  },
  {
    name: 'scaling objects as pasted: old "type" key, rope_theta as base, null fields',
    run(posenc, assert) {
      const theta = posenc.ropeFrequencies({ dim: 128, base: 500000, scaling: LLAMA31 });
      const { rope_type: _, ...rest } = LLAMA31;
      assert.arrayEqual(
        posenc.ropeFrequencies({ dim: 128, base: 500000, scaling: { type: 'llama3', ...rest } }),
        theta,
        '"type"',
      );
      assert.arrayEqual(
        posenc.ropeFrequencies({ dim: 128, scaling: { ...LLAMA31, rope_theta: 500000 } }),
        theta,
        'rope_theta',
      );
      assert.arrayEqual(
        posenc.ropeFrequencies({
          dim: 128,
          base: 1e6,
          scaling: { ...QWEN_YARN, attention_factor: null, beta_fast: null },
        }),
        posenc.ropeFrequencies({ dim: 128, base: 1e6, scaling: QWEN_YARN }),
        'null fields',
      );
      assert.throws(
        () => posenc.ropeFrequencies({ dim: 128, base: 10000, scaling: { ...LLAMA31, rope_theta: 500000 } }),
        RangeError,
        ['base', 'rope_theta', '10000'],
      );
    },
  },
  {
    name: 'sinusoidal half layout: sin in the first half, cos in the second',
    run(posenc, assert) {
      const half = posenc.sinusoidal({ positions: [3, 70000], dim: 8, layout: 'half' });
      const inter = posenc.sinusoidal({ positions: [3, 70000], dim: 8 });
      for (let r = 0; r < 2; r++) {
        for (let i = 0; i < 4; i++) {
          assert.equal(half[r * 8 + i], inter[r * 8 + 2 * i], 'sin');
          assert.equal(half[r * 8 + 4 + i], inter[r * 8 + 2 * i + 1], 'cos');
        }
      }
    },
  },
  {
    name: 'alibiSlopes: 8, 12, 16, 20 heads (and more) as the paper and Bloom',
    run(posenc, assert) {
      for (const heads of [1, 3, 8, 12, 16, 20, 40, 64]) {
        const got = posenc.alibiSlopes({ heads });
        assert.isTyped(got, 'Float32Array');
        relClose(assert, got, ref.alibiSlopes(heads).map(Math.fround), 1e-7, `${heads} heads`);
      }
      assert.arrayEqual(
        posenc.alibiSlopes({ heads: 8 }),
        Float32Array.from([0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625]),
      );
      relClose(
        assert,
        posenc.alibiSlopes({ heads: 6, maxBias: 16 }),
        ref.alibiSlopes(6, 16).map(Math.fround),
        1e-7,
        'maxBias 16',
      );
    },
  },
  {
    name: 'alibiBias: -slope |i - j|, causal -Infinity above the diagonal',
    run(posenc, assert) {
      const b = posenc.alibiBias({ queryLen: 3, keyLen: 5, slope: 0.25 });
      assert.isTyped(b, 'Float32Array');
      const want = [];
      for (let i = 0; i < 3; i++) for (let j = 0; j < 5; j++) want.push(i === j ? 0 : -0.25 * Math.abs(i - j));
      assert.arrayEqual(b, Float32Array.from(want));
      const c = posenc.alibiBias({ queryLen: 3, slope: 0.5, causal: true });
      assert.arrayEqual(c, Float32Array.from([0, -Infinity, -Infinity, -0.5, 0, -Infinity, -1, -0.5, 0]));
    },
  },
  {
    name: 't5Buckets: Hugging Face _relative_position_bucket of j - i',
    run(posenc, assert) {
      for (const [numBuckets, maxDistance, bidirectional] of [
        [32, 128, true],
        [32, 128, false],
        [64, 256, true],
        [8, 20, false],
      ]) {
        const n = 300;
        const got = posenc.t5Buckets({ queryLen: n, keyLen: n, numBuckets, maxDistance, bidirectional });
        assert.isTyped(got, 'Int32Array');
        for (let i = 0; i < n; i += 13) {
          for (let j = 0; j < n; j++) {
            assert.equal(
              got[i * n + j],
              ref.t5Bucket(j - i, bidirectional, numBuckets, maxDistance),
              `${numBuckets}/${maxDistance}/${bidirectional} i=${i} j=${j}`,
            );
          }
        }
      }
      // Hand-derived, the defaults: key 64 after the query is bucket 16 + 14; 63 is 16 + 13.
      const row = posenc.t5Buckets({ queryLen: 1, keyLen: 200 });
      assert.equal(row[64], 30);
      assert.equal(row[63], 29);
      assert.equal(row[16], 26);
      assert.equal(row[7], 23);
      assert.equal(row[199], 31);
      assert.equal(posenc.t5Buckets({ queryLen: 2, keyLen: 1 })[1], 1, 'one key before the query, bidirectional');
    },
  },
  {
    name: 'debertaLogBuckets: make_log_bucket_position of i - j',
    run(posenc, assert) {
      const got = posenc.debertaLogBuckets({ queryLen: 3, keyLen: 1200, bucketSize: 256, maxPosition: 512 });
      assert.isTyped(got, 'Int32Array');
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 1200; j++)
          assert.equal(got[i * 1200 + j], ref.debertaBucket(i - j, 256, 512), `i=${i} j=${j}`);
      assert.equal(got[511], -255);
    },
  },
  {
    name: 'roundBfloat16 / roundFloat16: ties to even, overflow, subnormals',
    run(posenc, assert) {
      assert.arrayEqual(
        posenc.roundBfloat16([1 + 2 ** -8, 1 + 3 * 2 ** -8, 3.4028234663852886e38, -0, NaN]),
        Float32Array.from([1, 1 + 2 ** -6, Infinity, -0, NaN]),
      );
      assert.arrayEqual(
        posenc.roundFloat16([
          65504,
          65519,
          65520,
          -1e6,
          2 ** -24,
          2 ** -25,
          1.5 * 2 ** -24,
          2.5 * 2 ** -24,
          1 + 2 ** -11,
        ]),
        Float32Array.from([65504, 65504, Infinity, -Infinity, 2 ** -24, 0, 2 ** -23, 2 ** -23, 1]),
      );
      const xs = Array.from(randomFloat32(5000, 9), (v, i) => v * 2 ** ((i % 60) - 30));
      assert.arrayEqual(posenc.roundBfloat16(xs), Float32Array.from(xs, ref.bfloat16), 'random bf16');
      assert.arrayEqual(posenc.roundFloat16(xs), Float32Array.from(xs, ref.float16), 'random fp16');
    },
  },
  {
    name: 'ropePrecision / ropePrecisionErrors: the variants and their errors',
    run(posenc, assert) {
      const positions = [0, 1, 100, 65519, 65520, 1e6, 2 ** 24 - 1];
      const dim = 16;
      const theta = Array.from({ length: dim / 2 }, (_, i) => 10000 ** ((-2 * i) / dim));
      const f32 = posenc.ropePrecision({ variant: 'float32', positions, dim });
      assert.isTyped(f32.angle, 'Float64Array');
      positions.forEach((p, r) =>
        theta.forEach((t, i) => {
          const a = Math.fround(Math.fround(p) * Math.fround(t));
          assert.equal(f32.angle[r * 8 + i], a, 'float32 angle');
          assert.equal(f32.cos[r * 8 + i], Math.fround(Math.cos(a)), 'float32 cos');
        }),
      );
      const bf = posenc.ropePrecision({ variant: 'bfloat16', positions, dim });
      f32.cos.forEach((c, k) => assert.equal(bf.cos[k], ref.bfloat16(c), 'bfloat16 table'));
      const e = (variant) => posenc.ropePrecisionErrors({ variant, positions, dim: 128 });
      const lib = e('library');
      const single = e('float32');
      const half = e('float16-angle');
      assert.isTyped(lib.cos, 'Float64Array');
      assert.equal(lib.cos.length, positions.length);
      for (let r = 0; r < positions.length; r++)
        assert.ok(lib.cos[r] <= 2e-6 && lib.sin[r] <= 2e-6, `library at ${positions[r]}: ${lib.cos[r]}`);
      assert.ok(single.angle[6] > 0.1, `float32 angle error near 2^24: ${single.angle[6]}`);
      assert.ok(Number.isNaN(half.cos[4]) && !Number.isNaN(half.cos[3]), 'float16 positions overflow from 65520');
      assert.arrayEqual(e('float64').cos, new Float64Array(positions.length));
    },
  },
  {
    name: 'ropePrecision with a scaling: the scaled theta_i times the position, in every variant',
    run(posenc, assert) {
      const positions = [0, 5, 4095, 16383],
        dim = 8,
        factor = 4;
      // linear divides theta_i by the factor: written out here, in float64
      const theta = Array.from({ length: dim / 2 }, (_, i) => 10000 ** ((-2 * i) / dim) / factor);
      const scaling = { rope_type: 'linear', factor };
      const f64 = posenc.ropePrecision({ variant: 'float64', positions, dim, scaling });
      const f32 = posenc.ropePrecision({ variant: 'float32', positions, dim, scaling });
      positions.forEach((p, r) =>
        theta.forEach((t, i) => {
          assert.ok(Math.abs(f64.angle[r * 4 + i] - p * t) <= 1e-12 * Math.max(1, p * t), `float64 ${p}, ${i}`);
          assert.equal(f32.angle[r * 4 + i], Math.fround(Math.fround(p) * Math.fround(t)), `float32 ${p}, ${i}`);
        }),
      );
      // dynamic reads the sequence length: unscaled up to its original length, scaled past it
      const dynamic = { rope_type: 'dynamic', factor, original_max_position_embeddings: 2048 };
      const at = (seqLen) => posenc.ropePrecision({ variant: 'float64', positions, dim, scaling: dynamic, seqLen });
      assert.arrayEqual(at(2048).angle, posenc.ropePrecision({ variant: 'float64', positions, dim }).angle);
      assert.ok(at(8192).angle[3 * 4 + 3] < at(2048).angle[3 * 4 + 3], 'past its original length, slower');
      assert.throws(
        () => posenc.ropePrecision({ variant: 'float64', positions, dim, scaling: { rope_type: 'linear' } }),
        TypeError,
        ['scaling.factor'],
      );
      assert.throws(() => posenc.ropePrecisionErrors({ variant: 'float32', positions, dim, seqLen: -1 }), RangeError, [
        'seqLen',
        '-1',
      ]);
    },
  },
  {
    name: 'errors: types are TypeErrors, values and option strings RangeErrors naming the field',
    run(posenc, assert) {
      const f =
        (scaling, more = {}) =>
        () =>
          posenc.ropeFrequencies({ dim: 96, scaling, ...more });
      assert.throws(f({ rope_type: 'su' }), RangeError, ['rope_type', "'su'"]);
      assert.throws(f({ factor: 2 }), TypeError, ['scaling.rope_type']);
      assert.throws(f('yarn'), TypeError, ['scaling']);
      assert.throws(f({ rope_type: 'linear', factor: '8' }), TypeError, ['scaling.factor', '"8"']);
      assert.throws(f({ rope_type: 'linear' }), TypeError, ['scaling.factor', 'linear']);
      assert.throws(f({ rope_type: 'linear', factor: -2 }), RangeError, ['scaling.factor', '-2']);
      assert.throws(f({ rope_type: 'linear', factor: NaN }), RangeError, ['scaling.factor', 'NaN']);
      assert.throws(f({ ...QWEN_YARN, truncate: 'no' }), TypeError, ['scaling.truncate']);
      assert.throws(f({ ...QWEN_YARN, beta_fast: 0 }), RangeError, ['scaling.beta_fast', '0']);
      assert.throws(f({ rope_type: 'yarn', factor: 4 }), TypeError, ['scaling.original_max_position_embeddings']);
      assert.throws(f({ ...PHI3, long_factor: PHI3.long_factor.slice(1) }), RangeError, [
        'scaling.long_factor.length',
        '47',
      ]);
      assert.throws(f({ ...PHI3, long_factor: PHI3.long_factor.map((v, i) => (i === 3 ? -1 : v)) }), RangeError, [
        'scaling.long_factor[3]',
        '-1',
      ]);
      assert.throws(f({ ...PHI3, short_factor: 'x' }), TypeError, ['scaling.short_factor']);
      assert.throws(f({ ...LLAMA31, high_freq_factor: 1 }), RangeError, ['scaling.high_freq_factor']);
      assert.throws(f({ ...LLAMA31, original_max_position_embeddings: 8192.5 }), RangeError, [
        'scaling.original_max_position_embeddings',
        '8192.5',
      ]);
      assert.throws(f(DYNAMIC, { seqLen: -1 }), RangeError, ['seqLen', '-1']);
      assert.throws(f(DYNAMIC, { seqLen: '5' }), TypeError, ['seqLen']);
      assert.throws(() => posenc.ropeFrequencies({ dim: 2, scaling: DYNAMIC }), RangeError, ['dim', '2']);
      assert.throws(() => posenc.rope(new Float32Array(8), { dim: 8, scaling: { rope_type: 'nope' } }), RangeError, [
        'rope_type',
      ]);
      assert.throws(() => posenc.ropeAttentionFactor({}), TypeError, ['scaling']);
      assert.throws(() => posenc.alibiSlopes({ heads: 0 }), RangeError, ['heads', '0']);
      assert.throws(() => posenc.alibiSlopes({ heads: 2.5 }), RangeError, ['heads', '2.5']);
      assert.throws(() => posenc.alibiSlopes({ heads: '8' }), TypeError, ['heads']);
      assert.throws(() => posenc.alibiBias({ queryLen: 2, slope: -1 }), RangeError, ['slope', '-1']);
      assert.throws(() => posenc.alibiBias({ queryLen: 2 }), TypeError, ['slope']);
      assert.throws(() => posenc.alibiBias({ queryLen: 2, slope: 1, causal: 1 }), TypeError, ['causal']);
      assert.throws(() => posenc.t5Buckets({ queryLen: 2, numBuckets: 3 }), RangeError, ['numBuckets', '3']);
      assert.throws(() => posenc.t5Buckets({ queryLen: 2, maxDistance: 8 }), RangeError, ['maxDistance', '8']);
      assert.throws(() => posenc.t5Buckets({ queryLen: 2 ** 14, keyLen: 2 ** 13 }), RangeError, ['queryLen * keyLen']);
      assert.throws(() => posenc.debertaLogBuckets({ queryLen: 2, bucketSize: 256 }), TypeError, ['maxPosition']);
      assert.throws(() => posenc.ropePrecision({ variant: 'float8', positions: [1], dim: 8 }), RangeError, [
        'variant',
        "'float8'",
      ]);
      assert.throws(
        () => posenc.ropePrecisionErrors({ variant: 'float32', positions: [2 ** 24], dim: 8 }),
        RangeError,
        ['positions[0]'],
      );
      assert.throws(() => posenc.roundFloat16('1'), TypeError, ['values']);
      assert.arrayEqual(
        posenc.ropeFrequencies({ dim: 4, scaling: { rope_type: 'linear', factor: 2 } }),
        Float32Array.from([0.5, 0.005]),
        'still usable',
      );
    },
  },
];
