// The heatmaps' mean per pixel (web/elements/downsample.js) against the definition written out: each
// pixel is the mean of the finite cells whose leading edge falls in it, NaN where none is finite.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boxAverage, binsOf } from '../../web/elements/downsample.js';

/** The definition, one pixel at a time, in float64. */
function reference(data, rows, cols, outRows, outCols) {
  const out = new Float64Array(outRows * outCols);
  for (let r = 0; r < outRows; r++)
    for (let c = 0; c < outCols; c++) {
      let sum = 0,
        n = 0;
      for (let i = 0; i < rows; i++)
        for (let j = 0; j < cols; j++) {
          const v = data[i * cols + j];
          if (Math.floor((i * outRows) / rows) === r && Math.floor((j * outCols) / cols) === c && Number.isFinite(v)) {
            sum += v;
            n++;
          }
        }
      out[r * outCols + c] = n ? sum / n : NaN;
    }
  return out;
}

/** A table of values in [-2, 2) from a fixed linear congruential sequence, with `holes` of them replaced. */
function table(rows, cols, seed, holes = []) {
  let x = seed >>> 0;
  const data = Float32Array.from({ length: rows * cols }, () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 30 - 2;
  });
  for (const [at, v] of holes) data[at % data.length] = v;
  return data;
}

function assertClose(got, want, what) {
  for (let k = 0; k < want.length; k++) {
    if (Number.isNaN(want[k])) assert.ok(Number.isNaN(got[k]), `${what}: pixel ${k} has no finite cell`);
    // the result is float32: the float64 mean rounded once, give or take the order of the sums
    else assert.ok(Math.abs(got[k] - want[k]) <= 2 ** -22 * Math.max(1, Math.abs(want[k])), `${what}: pixel ${k}`);
  }
}

test('each pixel is the mean of the finite cells that fall in it', () => {
  for (const [rows, cols, outRows, outCols] of [
    [7, 5, 3, 2],
    [64, 48, 17, 48],
    [50, 9, 50, 4],
    [33, 31, 1, 1],
    [100, 3, 7, 3],
  ]) {
    const plain = table(rows, cols, rows * 31 + cols);
    assertClose(
      boxAverage(plain, rows, cols, outRows, outCols),
      reference(plain, rows, cols, outRows, outCols),
      'plain',
    );
    // NaN and infinities are left out of their pixel's mean; a pixel of nothing else is NaN
    const holes = [
      [3, NaN],
      [cols + 1, Infinity],
      [2 * cols + 2, -Infinity],
      [rows * cols - 1, NaN],
    ];
    const holed = table(rows, cols, rows + cols, holes);
    assertClose(
      boxAverage(holed, rows, cols, outRows, outCols),
      reference(holed, rows, cols, outRows, outCols),
      'holes',
    );
  }
  const empty = new Float32Array(12).fill(NaN);
  assert.ok(boxAverage(empty, 4, 3, 2, 1).every(Number.isNaN), 'no finite cell at all');
});

test('a given array is written and returned; a short one is not used', () => {
  const data = table(40, 30, 5);
  const want = reference(data, 40, 30, 8, 6);
  const kept = new Float32Array(100).fill(7);
  const got = boxAverage(data, 40, 30, 8, 6, kept);
  assert.equal(got, kept);
  assertClose(got.subarray(0, 48), want, 'into a longer array');
  const short = new Float32Array(10);
  const fresh = boxAverage(data, 40, 30, 8, 6, short);
  assert.notEqual(fresh, short);
  assert.ok(
    short.every((v) => v === 0),
    'the short array is left alone',
  );
  assertClose(fresh, want, 'into a new array');
});

test('binsOf gives every pixel at least one cell, in order', () => {
  for (const [n, out] of [
    [10, 3],
    [1024, 806],
    [5, 5],
  ]) {
    const bins = binsOf(n, out);
    for (let i = 1; i < n; i++) assert.ok(bins[i] - bins[i - 1] <= 1 && bins[i] >= bins[i - 1]);
    assert.equal(bins[0], 0);
    assert.equal(bins[n - 1], out - 1);
  }
});
