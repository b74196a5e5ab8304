// Hostile input, property-based (fast-check): random and adversarial values for every
// option of every function. Each call must return a well-formed result or throw a
// TypeError/RangeError naming a parameter — never anything else — and the wasm instance
// must stay healthy: a reference call gives the same numbers before and after, and a
// soak of 100,000 mixed calls leaves the heap where it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { importPosenc } from './helpers.mjs';

const { load } = await importPosenc();

// Values a caller (or a URL, or an attribute) might throw at us.
const adversarial = fc.constantFrom(
  NaN,
  -0,
  0,
  1,
  -1,
  1.5,
  2,
  3,
  7,
  8,
  64,
  2 ** 24,
  2 ** 24 - 1,
  2 ** 26 + 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  Infinity,
  -Infinity,
  1e12,
  1e-300,
  '8',
  'abc',
  '',
  null,
  undefined,
  true,
  false,
  {},
  [],
  [1, 2],
  () => 1,
  Symbol('s'),
  10n,
  new Float64Array(3),
  new Int32Array(4),
  new Float32Array(0),
  'interleaved',
  'half',
  'none',
  'rope',
);
const sensible = (...values) => fc.constantFrom(...values);
const maybe = (good) => fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: adversarial });
const vector = (n) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(Float32Array.from({ length: n }, (_, i) => Math.sin(i + 1))) },
    { weight: 1, arbitrary: adversarial },
  );

// name -> [arbitrary of the argument list, how to call]
const calls = {
  sinusoidal: [
    fc.record({
      positions: maybe(sensible(0, 1, 5, [0, 3, 2 ** 24 - 1])),
      dim: maybe(sensible(2, 8, 16)),
      base: maybe(sensible(10000, 500000)),
      layout: maybe(sensible('interleaved', 'half')),
    }),
    (p, o) => p.sinusoidal(o),
  ],
  learned: [
    fc.record({
      maxLen: maybe(sensible(1, 4, 16)),
      dim: maybe(sensible(1, 3, 8)),
      seed: maybe(sensible(0, 7)),
      std: maybe(sensible(0.02, 1)),
    }),
    (p, o) => p.learned(o).encode([0]),
  ],
  relativeDistance: [
    fc.record({
      queryLen: maybe(sensible(0, 3, 9)),
      keyLen: maybe(sensible(2, 5)),
      min: maybe(sensible(-4, 0)),
      max: maybe(sensible(0, 4)),
    }),
    (p, o) => p.relativeDistance(o),
  ],
  relative: [
    fc.record({ min: maybe(sensible(-3)), max: maybe(sensible(3)), dim: maybe(sensible(4)) }),
    (p, o) => p.relative(o).scores(Float32Array.from([1, 2, 3, 4]), Float32Array.from([4, 3, 2, 1]), { dim: 4 }).total,
  ],
  ropeFrequencies: [
    fc.record({ dim: maybe(sensible(2, 8, 64)), base: maybe(sensible(10000)) }),
    (p, o) => p.ropeFrequencies(o),
  ],
  rope: [
    fc.tuple(
      vector(16),
      fc.record(
        {
          dim: maybe(sensible(8, 4, 16)),
          heads: maybe(sensible(1, 2)),
          base: maybe(sensible(10000)),
          layout: maybe(sensible('interleaved', 'half')),
          offset: maybe(sensible(0, 2 ** 24 - 2)),
          positions: fc.option(maybe(sensible([0, 1], [5, 2 ** 24 - 1]))),
          rotaryDim: fc.option(maybe(sensible(4, 8))),
          axial: fc.option(maybe(sensible('xy', 'yx'))),
          gridWidth: fc.option(maybe(sensible(1, 2))),
          gridHeight: fc.option(maybe(sensible(1, 2))),
          inPlace: fc.option(maybe(sensible(true, false))),
        },
        { requiredKeys: ['dim'] },
      ),
    ),
    (p, [x, o]) => p.rope(x, o),
  ],
  ropeMatrix: [
    fc.record({
      position: maybe(sensible(0, 3, 2 ** 24 - 1)),
      dim: maybe(sensible(2, 8)),
      base: maybe(sensible(10000)),
    }),
    (p, o) => p.ropeMatrix(o),
  ],
  attentionScores: [
    fc.tuple(
      vector(16),
      vector(8),
      fc.record({
        dim: maybe(sensible(4, 8)),
        encoding: maybe(sensible('none', 'sinusoidal', 'learned', 'rope', 'relative')),
        min: maybe(sensible(-2)),
        max: maybe(sensible(2)),
        maxLen: maybe(sensible(512, 1)),
        scale: maybe(sensible(true, false)),
      }),
    ),
    (p, [q, k, o]) => p.attentionScores(q, k, o),
  ],
  ropeScoreByDistance: [
    fc.tuple(vector(8), vector(8), fc.record({ dim: maybe(sensible(8)), maxDistance: maybe(sensible(0, 10)) })),
    (p, [q, k, o]) => p.ropeScoreByDistance(q, k, o),
  ],
  ropeDecayBound: [
    fc.record({ dim: maybe(sensible(8, 64)), maxDistance: maybe(sensible(0, 50)) }),
    (p, o) => p.ropeDecayBound(o),
  ],
  buffer: [
    maybe(sensible(0, 8, 64)),
    (p, n) => {
      const b = p.buffer(n);
      b.free();
      return new Float32Array(0);
    },
  ],
};

const isResult = (r) => ArrayBuffer.isView(r) || (r && typeof r === 'object' && 'total' in r);

function exercise(posenc, name, args) {
  const [, call] = calls[name];
  try {
    const r = call(posenc, args);
    assert.ok(isResult(r), `${name} returned ${Object.prototype.toString.call(r)}`);
  } catch (error) {
    assert.ok(
      error instanceof TypeError || error instanceof RangeError,
      `${name} threw ${error?.constructor?.name}: ${error?.message}`,
    );
    assert.match(error.message, /\S+ (must|is|needs|cannot)|required/, `${name}: unclear message '${error.message}'`);
  }
}

const reference = (posenc) =>
  Array.from(
    posenc.rope(
      Float32Array.from({ length: 16 }, (_, i) => i / 7),
      { dim: 8, heads: 2, offset: 12345, layout: 'half' },
    ),
  );

for (const simd of [true, false]) {
  const flavour = simd ? 'simd' : 'scalar';
  test(`hostile options never escape as anything but TypeError/RangeError (${flavour})`, async () => {
    const posenc = await load({ simd });
    const before = reference(posenc);
    for (const [name, [arbitrary]] of Object.entries(calls)) {
      fc.assert(
        fc.property(arbitrary, (args) => exercise(posenc, name, args)),
        { numRuns: 250, seed: 2026 },
      );
    }
    assert.deepEqual(reference(posenc), before, 'the instance still computes the same numbers');
  });

  test(`freed and foreign buffers are refused with a TypeError (${flavour})`, async () => {
    const posenc = await load({ simd });
    const buffer = posenc.buffer(8);
    buffer.free();
    buffer.free(); // idempotent
    assert.throws(() => buffer.view(), TypeError);
    assert.throws(() => posenc.rope(buffer, { dim: 8, inPlace: true }), TypeError);
    assert.throws(
      () =>
        posenc.rope(
          {
            length: 8,
            view() {
              return new Float32Array(8);
            },
          },
          { dim: 8 },
        ),
      TypeError,
    );
  });

  test(`a soak of 100,000 mixed calls keeps the heap flat (${flavour})`, async () => {
    const posenc = await load({ simd });
    const x = Float32Array.from({ length: 64 }, (_, i) => Math.cos(i));
    const mixed = (i) => {
      switch (i % 8) {
        case 0:
          return posenc.rope(x, { dim: 16, heads: 2, offset: i });
        case 1:
          return posenc.sinusoidal({ positions: 4, dim: 8 });
        case 2:
          try {
            return posenc.rope(x, { dim: 7 });
          } catch {
            return null;
          }
        case 3: {
          const b = posenc.buffer(32);
          b.view().set(x.subarray(0, 32));
          posenc.rope(b, { dim: 8, inPlace: true });
          b.free();
          return null;
        }
        case 4:
          return posenc.relativeDistance({ queryLen: 4, min: -2, max: 2 });
        case 5:
          return posenc.attentionScores(x.subarray(0, 32), x.subarray(32), { dim: 8, encoding: 'rope' });
        case 6:
          try {
            return posenc.learned({ maxLen: 4, dim: 4 }).encode([4]);
          } catch {
            return null;
          }
        default:
          return posenc.ropeMatrix({ position: i, dim: 4 });
      }
    };
    const limit = posenc.ropeCacheLimit(0); // bounded by design; off so the heap shows leaks alone
    for (let i = 0; i < 2000; i++) mixed(i); // warm up (heap high-water mark)
    const heap = posenc.heapBytes();
    for (let i = 0; i < 100_000; i++) mixed(i);
    assert.equal(posenc.heapBytes(), heap, 'bytes in use on the wasm heap after 100,000 calls');
    posenc.ropeCacheLimit(limit);
  });
}
