// The recipe behind the page's M-RoPE figure (web/elements/recipes.js `mropePositions`), on the built
// package, once per wasm flavour. Golden values come from this file: the numbering as Qwen2-VL's
// get_rope_index gives it, the axis of each pair from the rule the README documents, and the logit map
// from a float64 rotation of the same q and k. The page itself is tested in tests/browser/page.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importPosenc } from './helpers.mjs';

const { load } = await importPosenc();
const { RECIPES, MODEL_RECIPES, MROPE_LAYOUTS, MROPE_REACH, MROPE_ANCHORS } =
  await import('../../web/elements/recipes.js');
const flavours = [
  ['simd', await load({ models: false })],
  ['scalar', await load({ simd: false, models: false })],
];

const DIM = 128,
  BASE = 1e6;

/** The axis (0 t, 1 h, 2 w) of pair j: consecutive chunks, or Qwen3-VL's interleaving. */
function axisOf(j, sections, interleaved) {
  if (interleaved) return j % 3 !== 0 && j < 3 * sections[j % 3] ? j % 3 : 0;
  let end = 0;
  for (const [a, n] of sections.entries()) {
    end += n;
    if (j < end) return a;
  }
  throw new Error(`pair ${j} beyond the sections`);
}

/** q . k in float64: q at (t, h0 + dh, w0 + dw), k at (t, h0, w0), half layout, pair j = (j, j + 64). */
function logit(q, k, dh, dw, sections, interleaved) {
  let s = 0;
  for (let j = 0; j < DIM / 2; j++) {
    const theta = BASE ** ((-2 * j) / DIM),
      a = axisOf(j, sections, interleaved);
    const delta = -theta * (a === 1 ? dh : a === 2 ? dw : 0); // the angle of k minus the angle of q
    const [qa, qb, ka, kb] = [q[j], q[j + DIM / 2], k[j], k[j + DIM / 2]];
    s += Math.cos(delta) * (qa * ka + qb * kb) + Math.sin(delta) * (qb * ka - qa * kb);
  }
  return s;
}

const triples = (rows) => rows[0].map((_, i) => `${rows[0][i]},${rows[1][i]},${rows[2][i]}`);

test('mropePositions is a compute recipe, not a model-config one', () => {
  assert.equal(typeof RECIPES.mropePositions, 'function');
  assert.ok(!MODEL_RECIPES.has('mropePositions'));
  assert.deepEqual(MROPE_LAYOUTS, { chunked: [16, 24, 24], interleaved: [24, 20, 20] });
});

for (const [flavour, posenc] of flavours) {
  describe(`mropePositions (${flavour})`, () => {
    test(
      "Qwen2-VL's numbering: text on every axis, patches from where the text " +
        'stopped, text on from the largest + 1',
      () => {
        const r = RECIPES.mropePositions(posenc, { sections: 'chunked', height: 2, width: 3, frames: 1, seed: 1 });
        assert.deepEqual(triples(r.numbering), [
          '0,0,0',
          '1,1,1',
          '2,2,2',
          '3,3,3',
          '3,3,4',
          '3,3,5',
          '3,4,3',
          '3,4,4',
          '3,4,5',
          '6,6,6',
          '7,7,7',
        ]);
        const video = RECIPES.mropePositions(posenc, { sections: 'chunked', height: 2, width: 2, frames: 3, seed: 1 });
        assert.deepEqual(triples(video.numbering), [
          '0,0,0',
          '1,1,1',
          '2,2,2',
          '3,3,3',
          '3,3,4',
          '3,4,3',
          '3,4,4',
          '4,3,3',
          '4,3,4',
          '4,4,3',
          '4,4,4',
          '5,3,3',
          '5,3,4',
          '5,4,3',
          '5,4,4',
          '6,6,6',
          '7,7,7',
        ]);
        const big = RECIPES.mropePositions(posenc, { sections: 'chunked', height: 8, width: 8, frames: 1, seed: 1 });
        assert.equal(big.numbering[0].length, 3 + 64 + 2);
        assert.deepEqual(
          triples(big.numbering).slice(-3),
          ['3,10,10', '11,11,11', '12,12,12'],
          'an 8 x 8 image moves the text on by 8',
        );
      },
    );

    for (const [name, sections] of Object.entries(MROPE_LAYOUTS)) {
      test(
        `${name} ${JSON.stringify(sections)}: the axis of every ` +
          `pair, read off the library, is the documented rule's`,
        () => {
          const interleaved = name === 'interleaved';
          const r = RECIPES.mropePositions(posenc, { sections: name, height: 3, width: 4, frames: 1, seed: 1 });
          assert.ok(r.axes instanceof Int8Array);
          assert.deepEqual(
            Array.from(r.axes),
            Array.from({ length: DIM / 2 }, (_, j) => axisOf(j, sections, interleaved)),
          );
          const counts = [0, 1, 2].map((a) => r.axes.filter((x) => x === a).length);
          assert.deepEqual(counts, interleaved ? [24, 20, 20] : [16, 24, 24]);
          assert.equal(r.textSame, true, 'tokens with t = h = w: plain RoPE bit for bit');
        },
      );

      test(`${name}: q . k over (dh, dw) equals a float64 rotation, and is the same at both anchors`, () => {
        const interleaved = name === 'interleaved';
        for (const seed of [1, 77]) {
          const r = RECIPES.mropePositions(posenc, { sections: name, height: 2, width: 2, frames: 1, seed });
          const content = (which) =>
            posenc.learned({ maxLen: 1, dim: DIM, seed: 100003 + 2 * seed + which, std: 1 }).table();
          const q = content(0),
            k = content(1),
            n = 2 * MROPE_REACH + 1;
          assert.equal(r.logits.length, n * n);
          let worst = 0,
            moved = 0;
          for (let i = 0; i < n * n; i++) {
            const want = logit(q, k, Math.floor(i / n) - MROPE_REACH, (i % n) - MROPE_REACH, sections, interleaved);
            worst = Math.max(worst, Math.abs(r.logits[i] - want));
            moved = Math.max(moved, Math.abs(r.moved[i] - r.logits[i]));
          }
          assert.ok(worst < 1e-4, `largest error ${worst}`);
          assert.ok(moved < 1e-4, `moved from ${MROPE_ANCHORS[0]} to ${MROPE_ANCHORS[1]}: ${moved}`);
          if (!interleaved) {
            // w turns only the slowest pairs: across +-7 patches the logit hardly moves along dw
            for (let i = 0; i < n; i++) assert.ok(Math.abs(r.logits[i * n] - r.logits[i * n + n - 1]) < 0.05);
          }
        }
      });
    }

    test('one colour range for both layouts: the extent of both maps at the first anchor', () => {
      const args = { height: 2, width: 2, frames: 1, seed: 5 };
      const [chunked, interleaved] = ['chunked', 'interleaved'].map((sections) =>
        RECIPES.mropePositions(posenc, { ...args, sections }),
      );
      assert.deepEqual(chunked.range, interleaved.range);
      const all = [...chunked.logits, ...interleaved.logits];
      assert.deepEqual(chunked.range, [Math.min(...all), Math.max(...all)]);
    });

    test('plain data: the Worker can post it', () => {
      const r = RECIPES.mropePositions(posenc, { sections: 'interleaved', height: 8, width: 8, frames: 4, seed: 3 });
      assert.deepEqual(structuredClone(r), r);
    });
  });
}
