// The model-config module reading a config's JSON text: numbers arrive correctly rounded to the
// nearest double (ties to even), the way strtod reads them natively, and a byte that cannot start a
// value is named in hexadecimal with its line and column. The reference is exact rational
// arithmetic on BigInt, written here; each numeral goes in as the text of rope_theta and comes back
// as `base`, which the reader passes through untouched.
import nodeAssert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { importPosenc } from './helpers.mjs';

const { load } = await importPosenc();
const posenc = await load({ simd: false });

/** The double nearest to the decimal numeral `text` (digits, optional fraction and exponent), ties to even. */
function nearestDouble(text) {
  const [, int, frac = '', exp = '0'] = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  const m = BigInt(int + frac),
    e = Number(exp) - frac.length;
  if (m === 0n) return 0;
  let num = e >= 0 ? m * 10n ** BigInt(e) : m,
    den = e >= 0 ? 1n : 10n ** BigInt(-e);
  // scale by 2^k so that 2^52 <= num / den < 2^53: the integer part is then the 53-bit significand
  let k = 0;
  while (num >= den << 53n) {
    den <<= 1n;
    k++;
  }
  while (num < den << 52n) {
    num <<= 1n;
    k--;
  }
  let q = num / den;
  const twice = (num % den) * 2n;
  if (twice > den || (twice === den && (q & 1n) === 1n)) q++;
  // q * 2^k, exactly: q < 2^54 and the test's numerals stay far inside the normal range
  return Number(q) * 2 ** k;
}

const config = (theta) =>
  `{"model_type": "llama", "hidden_size": 64, "num_attention_heads": 2, "rope_theta": ${theta}}`;
const base = (numeral) => posenc.ropeFromConfig(config(numeral)).base;

test('the reference rounds halfway cases to even and knows the neighbours of 1', () => {
  nodeAssert.equal(nearestDouble('1.00000000000000011102230246251565404236316680908203125'), 1);
  nodeAssert.equal(nearestDouble('1.00000000000000011102230246251565404236316680908203126'), 1 + 2 ** -52);
  nodeAssert.equal(nearestDouble('1.00000000000000033306690738754696212708950042724609375'), 1 + 2 ** -51);
  nodeAssert.equal(nearestDouble('10000'), 10000);
  nodeAssert.equal(nearestDouble('5e-1'), 0.5);
});

test('halfway and near-halfway numerals with many digits are read correctly rounded', () => {
  for (const numeral of [
    '2.0000000000000002220446049250313080847263336181640625',
    '2.0000000000000002220446049250313080847263336181640624',
    '2.0000000000000002220446049250313080847263336181640626',
    '2.0000000000000006661338147750939242541790008544921875',
    '9007199254740993',
    '9007199254740995',
    '90071992547409930000000001e-16',
    '500000.00000000000000000000000000001',
    '1000000',
    '1e6',
    '0.1e7',
  ])
    nodeAssert.equal(base(numeral), nearestDouble(numeral), numeral);
});

test('random numerals of up to 30 significant digits are read correctly rounded', () => {
  const numeral = fc
    .tuple(fc.stringMatching(/^[1-9]\d{0,29}$/), fc.integer({ min: 0, max: 29 }), fc.integer({ min: -20, max: 20 }))
    .map(([digits, point, exp]) => {
      const cut = Math.min(point, digits.length - 1);
      const body = cut > 0 ? `${digits.slice(0, digits.length - cut)}.${digits.slice(digits.length - cut)}` : digits;
      return `${body}e${exp}`;
    })
    .filter((n) => nearestDouble(n) > 1 && nearestDouble(n) < 1e30);
  fc.assert(
    fc.property(numeral, (n) => base(n) === nearestDouble(n)),
    { numRuns: 500 },
  );
});

test('a byte that cannot start a value is named in hexadecimal, with its line and column', () => {
  for (const [text, where] of [
    ['{"a":\u0001}', 'byte 0x01 at line 1, column 6'],
    ['\n\u00ff', 'byte 0xC3 at line 2, column 1'],
  ]) {
    nodeAssert.throws(
      () => posenc.ropeFromConfig(text),
      (e) => e instanceof RangeError && e.message.endsWith(where),
      where,
    );
  }
});
