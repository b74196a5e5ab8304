// Shared spec: attentionScores under each encoding against the float64 reference
// (given the library's own learned / relative tables, which have no closed form).

import * as ref from '../reference.mjs';

const TOL = { abs: 1e-5, rel: 1e-5 };

export const specs = [
  {
    name: 'attentionScores: none, sinusoidal, rope (both layouts), scale on and off',
    run(posenc, assert) {
      for (const [n, m, dim] of [
        [1, 1, 2],
        [5, 7, 16],
        [9, 4, 64],
      ]) {
        const q = ref.randomFloat32(n * dim, n + dim);
        const k = ref.randomFloat32(m * dim, m + dim + 100);
        for (const scale of [true, false]) {
          for (const [encoding, layout] of [['none'], ['sinusoidal'], ['rope', 'interleaved'], ['rope', 'half']]) {
            const o = { dim, encoding, scale, ...(layout ? { layout } : {}) };
            const got = posenc.attentionScores(q, k, o);
            assert.isTyped(got, 'Float32Array');
            assert.equal(got.length, n * m, 'n x m');
            assert.close(
              got,
              ref.attentionScores(q, k, o),
              TOL,
              `${encoding} ${layout ?? ''} ${n}x${m} dim=${dim} scale=${scale}`,
            );
          }
        }
      }
    },
  },
  {
    name: 'attentionScores: base and defaults (scale true, base 10000)',
    run(posenc, assert) {
      const q = ref.randomFloat32(6 * 8, 1);
      const k = ref.randomFloat32(6 * 8, 2);
      for (const encoding of ['sinusoidal', 'rope']) {
        assert.close(
          posenc.attentionScores(q, k, { dim: 8, encoding, base: 50 }),
          ref.attentionScores(q, k, { dim: 8, encoding, base: 50 }),
          TOL,
          `${encoding} base 50`,
        );
        assert.arrayEqual(
          posenc.attentionScores(q, k, { dim: 8, encoding }),
          posenc.attentionScores(q, k, { dim: 8, encoding, base: 10000, scale: true }),
          `${encoding} defaults`,
        );
      }
    },
  },
  {
    name: 'attentionScores: learned adds rows of learned({ maxLen, dim, seed, std })',
    run(posenc, assert) {
      const dim = 16;
      const q = ref.randomFloat32(5 * dim, 3);
      const k = ref.randomFloat32(7 * dim, 4);
      for (const [maxLen, seed, std] of [
        [16, 0],
        [7, 9],
        [undefined, 3],
        [16, 4, 1.5],
      ]) {
        const table = posenc.learned({ maxLen: maxLen ?? 512, dim, seed, std }).table();
        for (const scale of [true, false]) {
          const o = { dim, encoding: 'learned', seed, scale, ...(maxLen ? { maxLen } : {}), ...(std ? { std } : {}) };
          assert.close(
            posenc.attentionScores(q, k, o),
            ref.attentionScores(q, k, o, table),
            TOL,
            `learned maxLen=${maxLen} seed=${seed} std=${std}`,
          );
        }
      }
      const a = posenc.attentionScores(q, k, { dim, encoding: 'learned' });
      assert.arrayEqual(
        a,
        posenc.attentionScores(q, k, { dim, encoding: 'learned', maxLen: 512, seed: 0, std: 0.02 }),
        'defaults maxLen 512, seed 0, std 0.02',
      );
    },
  },
  {
    name: 'attentionScores: relative is DeBERTa c2c + c2p + p2c over relative({ min, max, dim, seed, std })',
    run(posenc, assert) {
      const dim = 8;
      const q = ref.randomFloat32(6 * dim, 5);
      const k = ref.randomFloat32(4 * dim, 6);
      for (const [min, max, seed, std] of [
        [-2, 2, 0],
        [-3, 1, 11],
        [0, 5, 2],
        [-2, 3, 7, 0.8],
      ]) {
        const t = posenc.relative({ min, max, dim, seed, std });
        for (const scale of [true, false]) {
          const o = { dim, encoding: 'relative', min, max, seed, scale, ...(std ? { std } : {}) };
          const got = posenc.attentionScores(q, k, o);
          assert.close(got, ref.attentionScores(q, k, o, t.table()), TOL, `relative [${min}, ${max}] scale=${scale}`);
          assert.close(got, t.scores(q, k, { dim, scale }).total, TOL, 'same as RelativeTable.scores().total');
        }
      }
    },
  },
];
