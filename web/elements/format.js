// Number formatting for readouts and tables (presentation only).

/** A number as the page shows it, the one format of every readout, card, axis and table: at most `digits`
 *  significant digits (4 unless the context asks, never past float32's 7, so rounding noise such as
 *  0.83000004 never shows), no trailing zeros, integers whole, exponent form only below 1e-4
 *  (1.192e-7), and 0 for anything that rounds to zero (never -0 or 0e+0). */
export function num(v, digits = 4) {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? '–' : v > 0 ? '∞' : '−∞';
  const r = Number.isInteger(v) && Math.abs(v) < 1e15 ? v : Number(v.toPrecision(Math.min(digits, 7)));
  if (r === 0) return '0';
  return Math.abs(r) < 1e-4 || Math.abs(r) >= 1e15 ? r.toExponential().replace('+', '') : String(r);
}

/** Every digit of a float32, for a tooltip that offers the exact value the library returned: the shortest
 *  decimal that reads back as the same float32 (0.83000004). The page's text uses num. */
export function exact(v) {
  const f = Math.fround(v);
  for (let p = 1; p < 9; p++) if (Math.fround(Number(f.toPrecision(p))) === f) return String(Number(f.toPrecision(p)));
  return String(f);
}

/** A count with thousands separators: 1,048,576. */
export const fmtInt = (n) => n.toLocaleString('en-US');
/** An index as subscript digits: 12 -> "₁₂" (labels such as θ₁₂). */
export const subscript = (n) => String(n).replace(/\d/g, (c) => '₀₁₂₃₄₅₆₇₈₉'[c]);
/** Column name of an interleaved (sin, cos) table: entry 2l is sin θ_l, entry 2l + 1 is cos θ_l. */
export const pairColumn = (j) => `${j % 2 ? 'cos' : 'sin'} θ${subscript(j >> 1)}`;
/** Bytes as KiB/MiB/GiB. */
export function bytes(n) {
  const u = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (n >= 1024 && i < u.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n >= 100 || i === 0 ? Math.round(n) : n.toFixed(1)} ${u[i]}`;
}
/** Table cell text: fixed width, `places` decimals, a space where a minus would be, and no "-0.0000" (a value
 *  that rounds to zero loses its sign). */
export function fixed(v, places = 4) {
  if (Number.isInteger(v)) return String(v);
  const s = Math.abs(v).toFixed(places);
  return (v < 0 && Number(s) ? '-' : ' ') + s;
}
