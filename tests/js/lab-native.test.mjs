// The lab's determinism across builds: the same short run (seed, options) natively and on both
// wasm flavours. Each build repeats its own losses bit for bit (tests/lab, tests/js/lab.test.mjs);
// across builds the float sums may round differently (AVX-512 against SIMD128 lanes, glibc's expf
// and erff against musl's), so they agree within a tolerance: 1e-6 relative per step over 20 steps.
// Measured: at most 1.7e-9 for every scheme and flavour, the rounding of the native run's 9-digit
// print.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { importPosenc, root } from './helpers.mjs';

const dump = join(root, 'build', 'native', 'posenc_lab_dump');
const STEPS = 20;
// the options of posenc_lab_dump's --losses run (tests/lab/dump_main.cpp)
const OPTIONS = { task: 'copy', dim: 16, heads: 2, batch: 8, trainLength: 4, seed: 3 };
const TOLERANCE = 1e-6;

const { load } = await importPosenc();

for (const encoding of ['rope', 'relative', 't5']) {
  test(`native and both wasm flavours agree on a ${STEPS}-step ${encoding} run`, async () => {
    assert.ok(existsSync(dump), `${dump} is built by the native build (npm test builds it first)`);
    const native = JSON.parse(
      execFileSync(dump, ['--losses', String(STEPS), '--encoding', encoding], { encoding: 'utf8' }),
    );
    assert.equal(native.losses.length, STEPS);
    for (const simd of [true, false]) {
      const posenc = await load({ lab: true, simd });
      const run = posenc.lab({ ...OPTIONS, encoding });
      run.train(STEPS);
      const wasm = run.losses;
      run.delete();
      for (let i = 0; i < STEPS; i++) {
        const error = Math.abs(wasm[i] - native.losses[i]) / Math.abs(native.losses[i]);
        assert.ok(error <= TOLERANCE, `${simd ? 'simd' : 'scalar'} step ${i}: ${wasm[i]} against ${native.losses[i]}`);
      }
      // and the runs did train: the loss fell
      assert.ok(wasm[STEPS - 1] < wasm[0]);
    }
  });
}
