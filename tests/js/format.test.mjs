// The page's one number format (web/elements/format.js), as properties over many numbers: what it prints
// reads back within its precision, and it never prints the forms that rounding noise and naive
// formatting give (0.83000004, 0.0000011920929, 16 digits, −0.00, 0e+0).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { num, fixed } from '../../web/elements/format.js';
import { forbiddenForm } from './number-forms.mjs';

const parse = (s) => Number(s.replace(/−/g, '-'));
// significant digits of a printed number: its mantissa's digits from the first non-zero one (an integer's
// trailing zeros only hold the place)
const significant = (s) => {
  const m = s.replace(/e.*$/, '');
  const d = m.replace(/\D/g, '').replace(/^0+/, '');
  return (m.includes('.') ? d : d.replace(/0+$/, '')).length;
};

// doubles below 1e300: rounding one next to the largest double may overflow to infinity, which no figure holds
const anyNumber = fc.oneof(
  fc.double({ noNaN: true, min: -1e300, max: 1e300 }),
  fc.float({ noNaN: true, noDefaultInfinity: true }).map(Math.fround),
  fc.integer({ min: -1e9, max: 1e9 }).map((i) => i / 1024),
  fc.constantFrom(0, -0, 0.83, Math.fround(0.83), 2 ** -23, -(2 ** -23), 1e-300, -1e-7, 0.5, 10000, 16777217),
);

test('num reads back within its precision, in at most that many significant digits', () => {
  fc.assert(
    fc.property(anyNumber, fc.integer({ min: 1, max: 7 }), (v, digits) => {
      const s = num(v, digits),
        back = parse(s);
      if (Number.isInteger(v) && Math.abs(v) < 1e15) return assert.equal(back, v === 0 ? 0 : v, s);
      // the rounding to `digits` significant digits moves a value by at most half a unit of the last digit
      const unit = 10 ** (Math.floor(Math.log10(Math.abs(v))) - digits + 1);
      assert.ok(Math.abs(back - v) <= unit / 2 + Math.abs(v) * 1e-15, `${v} -> ${s}`);
      assert.ok(significant(s) <= digits, `${v} -> ${s}: more than ${digits} digits`);
    }),
    { numRuns: 20000 },
  );
});

test('num never prints a forbidden form', () => {
  fc.assert(
    fc.property(
      anyNumber.filter((v) => Math.abs(v) < 1e15),
      fc.integer({ min: 1, max: 7 }),
      (v, digits) => {
        const s = num(v, digits);
        assert.equal(forbiddenForm(s), null, `${v} -> ${s}`);
      },
    ),
    { numRuns: 20000 },
  );
  assert.equal(num(Math.fround(0.83)), '0.83');
  assert.equal(num(1.1920928955078125e-7), '1.192e-7');
  assert.equal(num(-1e-9, 2), '-1e-9');
  assert.equal(num(-0), '0');
  assert.equal(num(-0.00001, 2), '-1e-5');
  assert.equal(num(NaN), '–');
  // and the check itself knows them
  for (const bad of ['0.83000004', '0.0000011920929', '0.1234567890123456', '−0.00', '-0', '0e+0', '1e0'])
    assert.notEqual(forbiddenForm(bad), null, bad);
});

test('fixed pads the sign, keeps its decimals and drops the sign of what rounds to zero', () => {
  fc.assert(
    fc.property(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
      fc.integer({ min: 1, max: 6 }),
      (v, places) => {
        const s = fixed(v, places);
        if (Number.isInteger(v)) return assert.equal(parse(s), v === 0 ? 0 : v);
        assert.match(s, new RegExp(`^[ -]\\d+\\.\\d{${places}}$`, 'u'));
        assert.ok(Math.abs(parse(s.trim()) - v) <= 10 ** -places / 2 + Math.abs(v) * 1e-15, `${v} -> ${s}`);
        if (parse(s.trim()) === 0) assert.equal(s[0], ' ', `${v} -> ${s}: no negative zero`);
      },
    ),
    { numRuns: 20000 },
  );
});
