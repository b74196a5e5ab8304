// The recipe behind the page's PE · PE figure (web/elements/recipes.js `sinusoidalSimilarity`), on the
// built package, once per wasm flavour. It builds the matrix from one row of dot products, using
// PE_p . PE_q = sum_i cos((p - q) θ_i); the expected values here come from that sum in float64 with
// θ_i = base^(-2i/dim), and from the library's own full attentionScores (zero content plus the
// sinusoidal encoding) where that is cheap enough.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importPosenc } from './helpers.mjs';

const { load } = await importPosenc();
const { RECIPES } = await import('../../web/elements/recipes.js');
const flavours = [
  ['simd', await load({ models: false })],
  ['scalar', await load({ simd: false, models: false })],
];

function reference(p, q, dim, base) {
  let sum = 0;
  for (let i = 0; i < dim / 2; i++) sum += Math.cos((p - q) * base ** ((-2 * i) / dim));
  return sum;
}

for (const [flavour, lib] of flavours) {
  test(`${flavour}: PE_p . PE_q is the float64 sum of cos((p - q) θ_i), and the full product`, () => {
    for (const [n, dim, base] of [
      [40, 16, 10000],
      [97, 64, 777],
      [256, 128, 1e7],
      [300, 2, 2],
    ]) {
      const { data } = RECIPES.sinusoidalSimilarity(lib, { positions: n, dim, base });
      assert.equal(data.length, n * n);
      const zero = new Float32Array(n * dim);
      const full = lib.attentionScores(zero, zero, { dim, encoding: 'sinusoidal', base, scale: false });
      // float32 sines of angles up to n rad: each term is good to ~n * 2^-24; the sum of dim / 2 of them
      const tol = (dim / 2) * n * 2 ** -22;
      let worst = 0;
      for (let p = 0; p < n; p++)
        for (let q = 0; q < n; q++) {
          const v = data[p * n + q];
          worst = Math.max(worst, Math.abs(v - reference(p, q, dim, base)));
          assert.ok(
            Math.abs(v - full[p * n + q]) <= tol,
            `n ${n} dim ${dim}: [${p}, ${q}] = ${v}, full product ${full[p * n + q]}`,
          );
        }
      assert.ok(worst <= tol, `n ${n} dim ${dim}: worst error against float64 ${worst} > ${tol}`);
    }
  });
}
