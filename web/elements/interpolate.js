// What the figures' bundles give d3-scale in place of d3-interpolate (tools/stand-ins.mjs maps the import here).
// Every scale of the figures maps numbers to numbers; d3-interpolate's generic `interpolate` also handles colours,
// strings, dates, arrays and objects, and brings all of d3-color along: 5 KB gzipped that a bundler cannot drop
// from the embed. tests/js/d3-stand-ins.test.mjs checks these against the real package.

/** a at t = 0, b at t = 1, on the line between. */
export function interpolateNumber(a, b) {
  const from = +a,
    to = +b;
  return (t) => from * (1 - t) + to * t;
}

/** interpolateNumber, rounded to the nearest integer. */
export function interpolateRound(a, b) {
  const between = interpolateNumber(a, b);
  return (t) => Math.round(between(t));
}

/** d3-scale's default interpolator: numbers only here. */
export function interpolate(a, b) {
  if (typeof b !== 'number')
    throw new TypeError(`posenc's figures interpolate numbers only, got ${typeof b} (web/elements/interpolate.js)`);
  return interpolateNumber(a, b);
}

/** d3-scale imports it for its sequential and diverging scales, which the figures do not use. */
export function piecewise() {
  throw new TypeError("posenc's figures do not use piecewise interpolation (web/elements/interpolate.js)");
}
