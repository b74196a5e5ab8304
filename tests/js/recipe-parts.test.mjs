// The recipes that keep parts of their last result (web/elements/recipes.js `part`): whatever order the
// controls change in, every answer must have the bits of the same recipe run with nothing remembered.
// Answers are transferred out of the Worker, so a detached answer must not reach the next one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importPosenc } from './helpers.mjs';

const { load } = await importPosenc();
const { RECIPES, forgetParts } = await import('../../web/elements/recipes.js');
const lib = await load({ models: false });

/** Every typed array of a result, by its path ("after", "learned.data"...). */
function arrays(v, at = '', out = {}) {
  if (ArrayBuffer.isView(v)) out[at] = v;
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) arrays(x, at ? `${at}.${k}` : k, out);
  return out;
}

/** The result's values (typed arrays as plain arrays, so NaN and -0 compare by Object.is). */
const plain = (v) => JSON.parse(JSON.stringify(v, (k, x) => (ArrayBuffer.isView(x) ? Array.from(x, String) : x)));

// Runs `recipe` through `walk` (one parameter changed per step, back and forth, so remembered parts are
// both reused and replaced), comparing each answer with a run that remembers nothing.
function checkWalk(recipe, start, walk) {
  forgetParts();
  let p = { ...start };
  for (const [i, change] of walk.entries()) {
    p = { ...p, ...change };
    const got = RECIPES[recipe](lib, p),
      values = plain(got);
    // what the Worker does with an answer: its buffers move to the page and are detached here
    structuredClone(got, { transfer: [...new Set(Object.values(arrays(got)).map((a) => a.buffer))] });
    const again = plain(RECIPES[recipe](lib, p));
    forgetParts();
    const fresh = plain(RECIPES[recipe](lib, p)); // (and what the next step starts from)
    const where = `${recipe} step ${i} ${JSON.stringify(change)}`;
    assert.deepEqual(values, fresh, where);
    assert.deepEqual(again, fresh, `${where}, after the previous answer was transferred`);
  }
}

test('ropeDecay: the seed-free curves and the longest distance are reused, never stale', () => {
  checkWalk('ropeDecay', { dim: 16, base: 10000, distance: 64, seed: 1 }, [
    {},
    { seed: 2 },
    { seed: 1 },
    { dim: 18 },
    { base: 500 },
    { distance: 65 },
    { seed: 3 },
    { distance: 9 }, // the start of the curves kept
    { distance: 64 },
    { distance: 300 }, // longer: computed again
    { seed: 4 },
    { distance: 200 },
    { dim: 16 },
  ]);
});

test('sinusoidalSimilarity: fewer positions read the longest row, never stale', () => {
  checkWalk('sinusoidalSimilarity', { positions: 40, dim: 16, base: 10000 }, [
    {},
    { positions: 39 },
    { positions: 40 },
    { positions: 7 },
    { positions: 64 }, // longer: computed again
    { base: 77 },
    { positions: 30 },
    { dim: 18 },
  ]);
});

test('ropeScalingLogits: the unscaled curve and the copies of q are reused, never stale', () => {
  const start = { scaling: 'yarn', content: 'random', dim: 16, base: 10000, factor: 4, original: 32, seed: 1 };
  checkWalk('ropeScalingLogits', start, [
    {},
    { scaling: 'linear' },
    { factor: 2 },
    { seed: 2 },
    { content: 'ones' },
    { seed: 3 }, // the ones do not read the seed
    { content: 'random' },
    { original: 16 },
    { dim: 8 },
    { base: 77 },
  ]);
});

test('attentionCompare: each encoding is computed again when an input it reads changes', () => {
  const start = { content: 'random', seq: 12, train: 8, dim: 8, base: 10000, min: -4, max: 4, posScale: 1, seed: 1 };
  checkWalk('attentionCompare', start, [
    {},
    { train: 6 },
    { min: -2 },
    { max: 3 },
    { posScale: 0.5 },
    { base: 100 },
    { seq: 10 },
    { train: 12 },
    { content: 'same' },
    { seed: 2 },
    { dim: 6 },
  ]);
});

// The learned-table figure keeps the longest table it has and shows its first rows for a shorter maxLen.
test("a learned table's rows do not depend on maxLen, and encode([p]) is row p", () => {
  for (const [dim, seed] of [
    [6, 1],
    [7, 2],
    [1, 99999],
  ]) {
    const long = lib.learned({ maxLen: 90, dim, seed }).table();
    for (const maxLen of [1, 17, 89]) {
      const short = lib.learned({ maxLen, dim, seed });
      assert.deepEqual(Array.from(short.table()), Array.from(long.subarray(0, maxLen * dim)), `${maxLen} x ${dim}`);
      const p = maxLen - 1;
      assert.deepEqual(Array.from(short.encode([p])), Array.from(long.subarray(p * dim, (p + 1) * dim)), `row ${p}`);
    }
  }
});
