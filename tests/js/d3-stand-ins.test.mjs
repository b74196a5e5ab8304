// The figures' stand-ins for d3 modules (web/elements/line.js for d3-shape's line(),
// web/elements/color-ramp.js fed by tools/color-tables.mjs for d3-scale-chromatic,
// web/elements/interpolate.js for the d3-interpolate that d3-scale imports) against the real
// packages: the same path text, colours within one unit of 255 per channel, the same numbers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { line as d3Line } from 'd3-shape';
import * as chromatic from 'd3-scale-chromatic';
import { rgb } from 'd3-color';
import * as d3Interpolate from 'd3-interpolate';
import { line } from '../../web/elements/line.js';
import * as numbers from '../../web/elements/interpolate.js';
import { lut, SCHEMES } from '../../web/elements/colors.js';
import { ramp } from '../../web/elements/color-ramp.js';
import { samples } from '../../tools/color-tables.mjs';

test('line(): the same path text as d3-shape, gaps included', () => {
  const value = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(NaN));
  fc.assert(
    fc.property(fc.array(value, { maxLength: 40 }), fc.double({ min: 0.1, max: 50, noNaN: true }), (values, step) => {
      const ours = line()
        .defined((v) => Number.isFinite(v))
        .x((_, i) => i * step)
        .y((v) => -v);
      const theirs = d3Line()
        .defined((v) => Number.isFinite(v))
        .x((_, i) => i * step)
        .y((v) => -v);
      assert.equal(ours(values), theirs(values));
    }),
  );
  assert.equal(
    line()([
      [0, 1],
      [2, 3],
    ]),
    d3Line()([
      [0, 1],
      [2, 3],
    ]),
    'default accessors',
  );
  assert.equal(line()([]), null);
});

for (const name of ['interpolateViridis', 'interpolateRdBu']) {
  // d3's own maps are 256 flat steps, the ramp interpolates linearly between the same 256 colours:
  // in between, each channel must lie between those of the two neighbouring samples.
  test(`${name}: the ramp equals d3 at its samples and lies between neighbouring samples`, async () => {
    const ours = ramp(await samples(name)),
      theirs = chromatic[name];
    const channels = (c) => {
      const v = rgb(c);
      return [v.r, v.g, v.b];
    };
    for (let i = 0; i < 256; i++)
      assert.deepEqual(channels(ours(i / 255)), channels(theirs(i / 255)).map(Math.round), `t = ${i}/255`);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (t) => {
        const i = Math.min(254, Math.floor(t * 255));
        const a = channels(ours(t)),
          lo = channels(theirs(i / 255)),
          hi = channels(theirs((i + 1) / 255));
        a.forEach((v, k) => {
          const [from, to] = [Math.round(lo[k]), Math.round(hi[k])].sort((x, y) => x - y);
          assert.ok(v >= from && v <= to, `t=${t}: ${a} not between ${lo} and ${hi}`);
        });
      }),
    );
    assert.deepEqual(channels(ours(-1)), channels(ours(0)), 'clamped below');
    assert.deepEqual(channels(ours(2)), channels(ours(1)), 'clamped above');
  });
}

test('interpolate.js: the same numbers as d3-interpolate for numbers, a clear error for anything else', () => {
  const number = fc.double({ noNaN: false });
  fc.assert(
    fc.property(number, number, fc.oneof(fc.double({ min: -1, max: 2, noNaN: true }), fc.constant(0.5)), (a, b, t) => {
      for (const name of ['interpolateNumber', 'interpolateRound', 'interpolate']) {
        const ours = numbers[name](a, b)(t),
          theirs = d3Interpolate[name](a, b)(t);
        assert.ok(Object.is(ours, theirs), `${name}(${a}, ${b})(${t}): ${ours} against ${theirs}`);
      }
    }),
  );
  assert.throws(() => numbers.interpolate('#000', '#fff'), /interpolate numbers only, got string/);
  assert.throws(() => numbers.piecewise([0, 1]), TypeError);
});

test("colors.js reads each map's colours as d3-color does", () => {
  for (const [name, f] of Object.entries(SCHEMES)) {
    const table = lut(name);
    for (let i = 0; i < 256; i++) {
      const c = rgb(f(i / 255));
      assert.deepEqual([...table.subarray(3 * i, 3 * i + 3)], [c.r, c.g, c.b].map(Math.round), `${name} at ${i}/255`);
    }
  }
});
