// The page's thread, in English and in Chinese: the closing table (one row per encoding, what it fixes and
// costs, and the section 6 numbers, which must be the shipped lab results' own, recomputed here from the JSON);
// why ALiBi and T5 were made; the bridge from §1's sinusoids to RoPE's rotation; softmax weights after logits.
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

const SAYS = {
  en: [
    /A softmax over each row then turns the logits into attention weights/,
    /The attention maps of section 6 show the weights themselves/,
    /§1’s code is already made of such turns/,
    /to \$\\mathrm\{PE\}_\{pos\+\\Delta\}\$ that Vaswani et al\. gave as their reason for sinusoids \[1\]/,
    /RoPE applies the very same rotation to the query and the key themselves/,
    /ALiBi \[7\] was made for one purpose: to train on short sequences and test on long ones/,
    /T5 \[6\] starts from another wish: exact distances nearby/,
    /so a few dozen scalars per head cover any length/,
  ],
  zh: [
    /再对每一行做 softmax，logit 就变成注意力权重/,
    /第 6 节的注意力图画的就是训练好的模型的权重本身/,
    /第 1 节的编码本来就是由这样的旋转构成的/,
    /Vaswani 等人选择正余弦时给出的理由 \[1\]/,
    /RoPE 则把同样的旋转直接作用在 query 和 key 上/,
    /ALiBi \[7\] 的目的只有一个：用短序列训练，在长序列上测试/,
    /T5 \[6\] 的出发点不同：近处最要紧/,
    /所以每个头几十个标量就能覆盖任意长度/,
  ],
};
// the formulas, as their TeX: the rotation from PE_pos to PE_{pos+Δ}, and the softmax
const TEX = [
  '\\cos \\Delta\\theta_l & -\\sin \\Delta\\theta_l',
  'e^{i\\Delta\\theta_l}\\, e^{i\\,pos\\,\\theta_l}',
  "a_{ij} = \\frac{e^{s_{ij}}}{\\sum_{j'} e^{s_{ij'}}}",
];

for (const lang of ['en', 'zh']) {
  test(`${lang}: ALiBi and T5 are motivated, §1 leads to RoPE by a rotation, and logits become weights`, async () => {
    const page = await open(lang);
    const { text, tex } = await page.evaluate(() => {
      const tex = [...document.querySelectorAll('main annotation')].map((a) => a.textContent).join('\n');
      for (const k of document.querySelectorAll('main .katex')) {
        const t = k.querySelector('annotation')?.textContent ?? '';
        k.replaceWith(`$${t}$`);
      }
      return { text: document.querySelector('main').innerText.replace(/\s+/g, ' '), tex };
    });
    for (const re of SAYS[lang]) assert.match(text, re);
    for (const t of TEX) assert.ok(tex.includes(t), `the page typesets ${t}`);
  });
}
