// How the module reads an options object (cpp/bindings/js_objects.hpp and js_fields.cpp): every
// field in one pass, short ASCII strings through wasm memory and any other value
// by reference. Whichever way a value travels, the call must behave the same; a getter that
// throws must come back as its own error, with the instance unharmed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { importPosenc } from './helpers.mjs';

const { load } = await importPosenc();
const x = Float32Array.from({ length: 32 }, (_, i) => Math.sin(i + 1));

const messageOf = (call) => {
  try {
    call();
  } catch (error) {
    return `${error.name}: ${error.message}`;
  }
  return 'no error';
};

for (const flavour of ['simd', 'scalar']) {
  test(`a string reads the same whether it is short ASCII or not (${flavour})`, async () => {
    const posenc = await load({ simd: flavour === 'simd' });
    const reference = messageOf(() => posenc.rope(x, { dim: 8, layout: 'zz' }));
    assert.match(reference, /^RangeError: layout .*'zz'/);
    // Printable text, quoted as it is: 300 characters are past the block of short strings.
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ maxLength: 40, unit: 'grapheme' }));
    fc.assert(
      fc.property(text, (s) => {
        fc.pre(s !== 'interleaved' && s !== 'half' && !s.includes('zz') && !/[\p{Cc}'"\\]/u.test(s));
        assert.equal(
          messageOf(() => posenc.rope(x, { dim: 8, layout: s })),
          reference.replace('zz', () => s),
        );
      }),
    );
    // Long and non-ASCII spellings of a valid value, and many strings in one object.
    const half = posenc.rope(x, { dim: 8, layout: 'half' });
    const long = { dim: 8, layout: 'half', scaling: { rope_type: 'default', extra: 'x'.repeat(1000) } };
    assert.deepEqual(posenc.rope(x, long), half);
    const unicode = messageOf(() => posenc.rope(x, { dim: 8, scaling: { rope_type: 'linéar', factor: 2 } }));
    assert.match(unicode, /^RangeError: .*'linéar'/);
    const many = { dim: 8, layout: 'half', scaling: { rope_type: 'l'.repeat(250), factor: 2 } };
    assert.match(
      messageOf(() => posenc.rope(x, many)),
      new RegExp(`'${'l'.repeat(250)}'`),
    );
  });

  test(`a throwing getter comes back as its own error, the instance unharmed (${flavour})`, async () => {
    const posenc = await load({ simd: flavour === 'simd' });
    const before = posenc.rope(x, { dim: 8, heads: 2, layout: 'half', offset: 3 });
    const boom = new Error('boom');
    const throwing = [
      {
        get dim() {
          throw boom;
        },
      },
      {
        dim: 8,
        get offset() {
          throw boom;
        },
      },
      {
        dim: 8,
        scaling: {
          get rope_type() {
            throw boom;
          },
        },
      },
      new Proxy(
        { dim: 8 },
        {
          get(target, key) {
            if (key === 'layout') throw boom;
            return target[key];
          },
        },
      ),
    ];
    let heap = 0;
    for (let round = 0; round < 100; round++) {
      if (round === 1) heap = posenc.heapBytes(); // after the first round's one-time allocations
      for (const o of throwing)
        assert.throws(
          () => posenc.rope(x, o),
          (error) => error === boom,
        );
      assert.throws(
        () =>
          posenc.ropeFrequencies({
            get base() {
              throw boom;
            },
            dim: 8,
          }),
        (e) => e === boom,
      );
    }
    assert.equal(posenc.heapBytes(), heap);
    assert.deepEqual(posenc.rope(x, { dim: 8, heads: 2, layout: 'half', offset: 3 }), before);
  });

  test(`an earlier field's type error comes before a later getter's error (${flavour})`, async () => {
    const posenc = await load({ simd: flavour === 'simd' });
    const o = {
      dim: 'eight',
      get offset() {
        throw new Error('not reached first');
      },
    };
    assert.match(
      messageOf(() => posenc.rope(x, o)),
      /^TypeError: dim must be a number, got "eight"/,
    );
  });
}
