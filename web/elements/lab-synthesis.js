// The last column of the page's closing table (what each encoding fixed, what it cost, how it fares past the
// training length): per scheme of the shipped results, the token accuracy of the section 6 models at the
// training length L and at 2L; RoPE's test-time scalings under their own names. Written from the results at
// build time (tools/build-lab.mjs fills every <td data-lab-cell="key"></td>), so the table cannot claim what the
// lab did not measure. The same text in both languages: two percentages and an arrow.
import { curves, pct } from './lab-facts.js';

/** `{ key: 'a% → b%' }` for every scheme of `set`, and for each scaling (`linear`, `dynamic`, `yarn`) of RoPE. */
export function labCells(set) {
  const token = curves(set, 'token');
  const [at1, at2] = [token.multiple(1), token.multiple(2)];
  if (at1 < 0 || at2 < 0) return {};
  const cell = (c) => `${pct(c[at1])} → ${pct(c[at2])}`;
  const cells = Object.fromEntries(Object.entries(token.out).map(([k, c]) => [k, cell(c)]));
  const scaled = set.runs.some((r) => r.scheme === 'rope' && r.scaled);
  for (const type of scaled ? (set.settings.test.scalings ?? []) : [])
    cells[type] = cell(curves(set, 'token', (r) => r.scaled?.[type]).out.rope);
  return cells;
}
