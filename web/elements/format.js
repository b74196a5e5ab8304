// Number formatting for readouts and tables (presentation only).
import { format } from 'd3-format';

/** Shortest decimal string that reads back as the same float32: the exact value the library returned. */
export function exact(v) {
  if (!Number.isFinite(v)) return String(v);
  if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(v);
  const f = Math.fround(v);
  for (let p = 1; p <= 9; p++) {
    const s = f.toPrecision(p);
    if (Math.fround(Number(s)) === f) return cleanExp(s);
  }
  return String(f);
}
const cleanExp = (s) => s.replace(/e\+?/, 'e');

export const fmtInt = format(',d');
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
/** Table cell text: fixed width, sign kept. */
export const cell = (v) => (Number.isInteger(v) ? String(v) : (v >= 0 ? ' ' : '') + v.toFixed(4));
