// ctest's check of a freshly linked wasm module, before any JS wrapper is involved:
// it loads, computes a sinusoidal table that matches Math.sin/Math.cos in float64,
// reports bad input as an Error object, and keeps working afterwards.
// usage: node wasm-smoke.mjs <posenc-*.mjs> <simd|scalar>
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';

const [modulePath, flavour] = process.argv.slice(2);
const { default: createPosencModule } = await import(pathToFileURL(modulePath).href);
const M = await createPosencModule();

assert.equal(M.simd(), flavour === 'simd', `simd() for the ${flavour} flavour`);
const dim = 8,
  positions = 50;
const table = M.sinusoidal({ positions, dim });
assert.ok(table instanceof Float32Array && table.length === positions * dim);
let worst = 0;
for (let p = 0; p < positions; p++)
  for (let i = 0; i < dim / 2; i++) {
    const angle = p * Math.pow(10000, (-2 * i) / dim);
    worst = Math.max(
      worst,
      Math.abs(table[p * dim + 2 * i] - Math.sin(angle)),
      Math.abs(table[p * dim + 2 * i + 1] - Math.cos(angle)),
    );
  }
assert.ok(worst < 2e-6, `max error ${worst}`);

const bad = M.sinusoidal({ positions: 4, dim: 7 });
assert.ok(bad instanceof RangeError, 'odd dim gives a RangeError object');
assert.match(bad.message, /dim/);
assert.match(bad.message, /7/);
assert.equal(M.sinusoidal({ positions: 2, dim: 2, layout: 'half' }).length, 4, 'still works after an error');
console.log(`wasm smoke (${flavour}, ${M.arch()}): max error ${worst.toExponential(2)}; 1 passed, 0 failed`);
