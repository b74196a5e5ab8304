// The page's thread, in English and in Chinese: the closing table (one row per encoding, what it fixes and
// costs, and the section 6 numbers, which must be the shipped lab results' own, recomputed here from the JSON).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSite, closeSite, SITE } from './harness.mjs';

const SHIPPED = JSON.parse(readFileSync(join(SITE, 'posenc-lab-results.json'), 'utf8'));

let srv, browser;
before(async () => ({ srv, browser } = await openSite()));
after(() => closeSite({ srv, browser }));

async function open(lang, viewport = { width: 1200, height: 900 }) {
  const { page } = browser;
  await page.setViewportSize(viewport);
  await page.goto(`${srv.url}?lang=${lang}`);
  await page.waitForFunction((l) => document.documentElement.dataset.lang === l, lang);
  return page;
}

/** Mean over seeds of the share of right answer tokens at content length n, written out from the JSON:
 *  `pick(run)` gives the counts (the run itself, or one of its test-time scalings). */
function tokenShare(set, scheme, n, pick = (r) => r) {
  const s = set.settings;
  const runs = set.runs.filter((r) => r.scheme === scheme);
  const perRun = runs.map(
    (r) => pick(r).token[r.lengths.indexOf(n)] / (s.test.samples * (s.task === 'recall' ? 1 : n)),
  );
  return perRun.reduce((a, b) => a + b, 0) / perRun.length;
}

/** The expected text of each lab cell: '<at L>% → <at 2L>%'. */
function expectedCells(set) {
  const L = set.settings.trainLength;
  const cell = (f) => `${Math.round(f(L) * 100)}% → ${Math.round(f(2 * L) * 100)}%`;
  const out = {};
  for (const k of ['none', 'sinusoidal', 'learned', 'relative', 'rope', 'alibi', 't5'])
    out[k] = cell((n) => tokenShare(set, k, n));
  for (const k of ['linear', 'dynamic', 'yarn']) out[k] = cell((n) => tokenShare(set, 'rope', n, (r) => r.scaled[k]));
  return out;
}

const ROWS = {
  en: [/^No positions/, /^Sinusoidal/, /^Learned/, /^Relative, DeBERTa/, /^RoPE \(/, /^ALiBi/, /^T5/, /^NoPE/],
  zh: [/^无位置/, /^正余弦/, /^训练式/, /^相对，DeBERTa/, /^RoPE（/, /^ALiBi/, /^T5/, /^NoPE/],
};
const SCALED = [/PI/, /NTK/, /YaRN/];

for (const lang of ['en', 'zh']) {
  test(`${lang}: the closing table names every encoding, and its numbers are the shipped lab results'`, async () => {
    const page = await open(lang);
    const table = await page.evaluate(() => {
      const shown = [...document.querySelectorAll('#synthesis .synthesis')].filter((t) => t.offsetParent);
      return shown.map((t) => ({
        lang: t.getAttribute('lang') ?? 'en',
        heads: [...t.querySelectorAll('thead th')].map((th) => th.textContent.trim()),
        rows: [...t.querySelectorAll('tbody tr')].map((tr) => ({
          name: tr.querySelector('th').textContent.trim(),
          cells: [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
          key: tr.querySelector('td[data-lab-cell]')?.dataset.labCell ?? null,
        })),
      }));
    });
    assert.equal(table.length, 1, 'one table shows, in the page language');
    const [{ rows, heads, lang: shownLang }] = table;
    assert.equal(shownLang, lang);
    assert.equal(heads.length, 4);
    assert.equal(rows.length, ROWS[lang].length + SCALED.length);
    [...ROWS[lang], ...SCALED].forEach((re, i) => assert.match(rows[i].name, re));
    // every row says what it fixes and what it costs
    for (const r of rows) {
      assert.equal(r.cells.length, 3, r.name);
      for (const c of r.cells.slice(0, 2)) assert.ok(c.length > 10, `${r.name}: ${c}`);
    }
    // the numbers: one per lab scheme and scaling, equal to the JSON's, the first row has none
    const want = expectedCells(SHIPPED.sets[0]);
    assert.equal(rows[0].key, null);
    assert.doesNotMatch(rows[0].cells[2], /%/);
    const keys = rows.slice(1).map((r) => r.key);
    // the table's order: the page's, then RoPE's scalings
    assert.deepEqual(keys, 'sinusoidal learned relative rope alibi t5 none linear dynamic yarn'.split(' '));
    for (const r of rows.slice(1)) assert.equal(r.cells[2], want[r.key], `${r.name}`);
  });

  test(`${lang}: on a phone the table's rows are blocks whose cells say what they are`, async () => {
    const page = await open(lang, { width: 390, height: 800 });
    const got = await page.evaluate(() => {
      const t = [...document.querySelectorAll('#synthesis .synthesis')].find((x) => x.offsetParent);
      const td = t.querySelector('tbody tr:nth-child(2) td');
      return {
        display: getComputedStyle(td).display,
        label: getComputedStyle(td, '::before').content,
        fits: t.scrollWidth <= t.clientWidth,
      };
    });
    assert.equal(got.display, 'block');
    assert.match(got.label, lang === 'zh' ? /解决/ : /Fixes/);
    assert.ok(got.fits, 'no horizontal overflow at 390 px');
  });
}
