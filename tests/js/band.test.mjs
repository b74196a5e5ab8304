// The band of a dense series (web/elements/band.js) against its definition written out: per run of drawable
// values, one polygon; along its top, left to right, each pixel column's highest point; back along its bottom,
// each column's lowest; half the line's width beyond both.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bandPath } from '../../web/elements/band.js';

/** Values in [-2, 2) from a fixed linear congruential sequence, with `holes` of them replaced. */
function series(n, seed, holes = {}) {
  let x = seed >>> 0;
  const v = Float32Array.from({ length: n }, () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return (x / 2 ** 32) * 4 - 2;
  });
  for (const [i, h] of Object.entries(holes)) v[i] = h;
  return v;
}

/** The polygons of a path: each a list of [x, y]. */
const polygons = (d) =>
  d
    .split('Z')
    .filter(Boolean)
    .map((p) =>
      p
        .slice(1)
        .split('L')
        .map((xy) => xy.split(',').map(Number)),
    );

/** The definition: runs of drawable values, each split into pixel columns, with each column's extremes. */
function reference(values, px, py, ok, half) {
  const runs = [];
  let run = null;
  values.forEach((v, i) => {
    if (!ok(v)) return void (run = null);
    if (!run) runs.push((run = new Map()));
    const col = Math.floor(px(i));
    const c = run.get(col) ?? { hi: i, lo: i };
    if (v > values[c.hi]) c.hi = i;
    if (v < values[c.lo]) c.lo = i;
    run.set(col, c);
  });
  return runs.map((r) => {
    const cols = [...r.values()];
    return [
      ...cols.map(({ hi }) => [px(hi), py(values[hi]) - half]),
      ...cols.reverse().map(({ lo }) => [px(lo), py(values[lo]) + half]),
    ];
  });
}

const close = (a, b) => Math.abs(a - b) <= 6e-4; // the path rounds to 3 decimals

for (const [name, n, width, holes] of [
  ['16384 values on 900 pixels', 16384, 900, {}],
  ['gaps, infinities and a lone value between them', 5000, 300, { 10: NaN, 11: NaN, 13: Infinity, 4999: NaN }],
  ['one value per column', 400, 400, { 0: NaN }],
]) {
  test(`bandPath: ${name}`, () => {
    const values = series(n, n + width, holes);
    const px = (i) => (i * width) / n + 0.25,
      py = (v) => 100 - 40 * v,
      ok = (v) => Number.isFinite(v),
      half = 0.7;
    const got = polygons(bandPath(values, px, py, ok, half));
    const want = reference(values, px, py, ok, half);
    assert.equal(got.length, want.length, 'one polygon per run of drawable values');
    got.forEach((poly, k) => {
      assert.equal(poly.length, want[k].length, `polygon ${k}: two points per column`);
      poly.forEach(([x, y], j) =>
        assert.ok(close(x, want[k][j][0]) && close(y, want[k][j][1]), `polygon ${k}, point ${j}: ${[x, y]}`),
      );
    });
    // every drawable value lies inside its column of the band: run k, its j-th column
    let k = -1,
      cols = null,
      prev = false;
    values.forEach((v, i) => {
      if (!ok(v)) return void (prev = false);
      if (!prev) [k, cols, prev] = [k + 1, [], true];
      const c = Math.floor(px(i));
      if (cols[cols.length - 1] !== c) cols.push(c);
      const poly = got[k],
        j = cols.length - 1;
      const top = poly[j][1],
        bottom = poly[poly.length - 1 - j][1];
      assert.ok(top <= py(v) - half + 6e-4 && py(v) + half - 6e-4 <= bottom, `value ${i} outside its band`);
    });
  });
}

test('bandPath: nothing drawable gives no path', () => {
  assert.equal(
    bandPath(
      Float32Array.of(NaN, NaN),
      (i) => i,
      (v) => v,
      Number.isFinite,
      1,
    ),
    null,
  );
});
