// What the page says, checked against what it shows and what the library computes: the identities
// of sections 4 and 5, the table's column names, the T5 caption, the DeBERTa row, the decay plot at
// dim 2, the long-context claim, and the Chinese page's error messages and axis words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openSite, closeSite, watch, waitRendered, mountFigure, ROOT, SITE } from './harness.mjs';
import { num } from '../../web/elements/format.js';
import { t } from '../../web/elements/i18n.js';

const { load } = await import(pathToFileURL(join(ROOT, 'dist', 'lib', 'index.js')).href);
const posenc = await load();

let srv, browser;
before(async () => ({ srv, browser } = await openSite()));
after(() => closeSite({ srv, browser }));

/** The page at `query` with figure `sel` drawn; `tag`: a figure the page does not show, added as `sel`. */
async function open(query, sel, tag) {
  const { page } = browser;
  await page.goto(`${srv.url}?${query}`);
  if (tag) await mountFigure(page, tag, sel.slice(1));
  await page.locator(sel).scrollIntoViewIfNeeded();
  await waitRendered(page, sel);
  // near section 2 or 6 the page fetches the lab's module and results: let them arrive, or the next
  // navigation aborts them and a test that watches requests sees a failure that is not the page's
  await page.waitForLoadState('networkidle');
  return page;
}
/** Open figure `sel`'s download menu and choose the CSV of its panel named `panel`. */
async function chooseCsv(page, sel, panel) {
  await page.locator(`${sel} .menu-btn`).click();
  await page.locator(`${sel} [role=group][aria-label="${panel}"] [role=menuitem]`, { hasText: 'CSV' }).click();
}
const inFigure = (page, sel, fn, arg) =>
  page.evaluate(
    ([s, f, a]) => new Function('root', 'arg', `return (${f})(root, arg)`)(document.querySelector(s).shadowRoot, a),
    [sel, fn.toString(), arg],
  );

test('every prose paragraph has its twin in the other language, section by section', () => {
  const html = readFileSync(join(SITE, 'index.html'), 'utf8');
  for (const section of html.split('<section ').slice(1)) {
    const id = /id="([^"]+)"/.exec(section)[1];
    const en = section.match(/<p class="(?:lede )?en"/g)?.length ?? 0,
      zh = section.match(/<p class="(?:lede )?zh" lang="zh"/g)?.length ?? 0;
    assert.ok(en > 0, `${id} has prose`);
    assert.equal(zh, en, `section ${id}: ${en} English paragraphs, ${zh} Chinese`);
  }
});

test('the formulas say what is true: Re and ≤ in the decay bound, Euler, one index letter in section 4', () => {
  const html = readFileSync(join(SITE, 'index.html'), 'utf8');
  const tex = [...html.matchAll(/<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((m) =>
    m[1].replace(/&amp;/g, '&'),
  );
  const decay = tex.find((t) => t.includes('S_j &= '));
  assert.ok(decay, 'the decay bound is typeset');
  assert.match(
    decay,
    /\\langle R_m\\, q,\\ R_n\\, k\\rangle &= \\operatorname\{Re\}\\Bigl\[\\sum_\{l=0\}\^\{d\/2-1\} h_l/,
    'the logit is the real part of the sum',
  );
  assert.match(
    decay,
    /\\bigl\|\\langle R_m\\, q,\\ R_n\\, k\\rangle\\bigr\| &\\le \\Bigl\|\\sum/,
    'its size is at most the modulus',
  );
  assert.ok(tex.includes('e^{i\\varphi} = \\cos\\varphi + i\\sin\\varphi.'), "Euler's formula");
  // in section 4 the pairs are counted by l: no theta_i but in the sentence that says so
  const rope = html.slice(html.indexOf('<section id="rope"'), html.indexOf('<section id="compare"'));
  const prose = rope.replace(/<annotation[\s\S]*?<\/annotation>/g, '');
  assert.equal((rope.match(/\\theta_i/g) ?? []).length, 2, 'theta_i appears only in the note on letters (en and zh)');
  assert.doesNotMatch(prose, /pair <span class="tex">i<\/span>|第 <span class="tex">i<\/span> 对/);
  // DeBERTa: separate projections of the position vectors, p2p named as the dropped fourth term of a sum
  assert.ok(tex.some((t) => t.includes('K^{r} &= P\\,W_{k,r}') && t.includes('Q^{r} = P\\,W_{q,r}')));
  assert.match(
    html,
    /position to content and position to position\. DeBERTa keeps the first three and drops position to position/,
  );
  assert.doesNotMatch(html, /only inside its window|但只在窗口之内/);
});

test('the table names each column by its pair: sin θ_l / cos θ_l hold sin, cos of pos · base^(-2l/d)', async () => {
  const dim = 12,
    base = 777;
  const query = `sintab.dim=${dim}&sintab.base=${base}&sintab.positions=20`;
  const page = await open(query, '#sintab', 'posenc-sinusoidal-table');
  const { heads, rows } = await inFigure(page, '#sintab', (root) => ({
    heads: [...root.querySelectorAll('thead th')].slice(1).map((th) => th.textContent),
    rows: [...root.querySelectorAll('tbody tr[aria-rowindex]')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => Number(td.title)),
    ),
  }));
  const sub = (n) => String(n).replace(/\d/g, (c) => '₀₁₂₃₄₅₆₇₈₉'[c]);
  assert.deepEqual(
    heads,
    Array.from({ length: dim }, (_, j) => `${j % 2 ? 'cos' : 'sin'} θ${sub(Math.floor(j / 2))}`),
  );
  assert.equal(heads[2], 'sin θ₁');
  let worst = 0;
  rows.forEach((row, pos) =>
    row.forEach((v, j) => {
      const theta = base ** (-(2 * Math.floor(j / 2)) / dim); // float64, independent of the library
      worst = Math.max(worst, Math.abs(v - (j % 2 ? Math.cos : Math.sin)(pos * theta)));
    }),
  );
  assert.ok(rows.length >= 20 && worst < 1e-6, `largest difference from float64 ${worst}`);
});

/** The T5 buckets behind the last query, by distance n = i - j, from the library in Node. */
function t5Facts({ seq, buckets, maxDistance, bidirectional }) {
  const b = posenc.t5Buckets({ queryLen: seq, numBuckets: buckets, maxDistance, bidirectional });
  const byN = Array.from({ length: seq }, (_, n) => b[(seq - 1) * seq + seq - 1 - n]);
  const alone = (n) => byN.filter((x) => x === byN[n]).length === 1;
  let own = 0;
  while (own < seq && alone(own)) own++;
  const shared = own < seq ? byN.map((x, n) => (x === byN[own] ? n : -1)).filter((n) => n >= 0) : null;
  return { byN, own, bucket: own < seq ? byN[own] : null, shared };
}

test('the T5 caption states the exact distances the library gives a bucket of their own', async () => {
  // the prose's numbers: 32 buckets, max distance 128; encoder 0-7 exact, 8-11 in bucket 8; decoder 0-15
  const enc = t5Facts({ seq: 48, buckets: 32, maxDistance: 128, bidirectional: true });
  assert.deepEqual([enc.own, enc.bucket, enc.shared], [8, 8, [8, 9, 10, 11]]);
  assert.equal(t5Facts({ seq: 48, buckets: 32, maxDistance: 128, bidirectional: false }).own, 16);
  for (const [q, o] of [
    ['', { buckets: 32, maxDistance: 128, bidirectional: true }],
    ['alibi.direction=causal', { buckets: 32, maxDistance: 128, bidirectional: false }],
    ['alibi.buckets=12&alibi.maxDistance=20', { buckets: 12, maxDistance: 20, bidirectional: true }],
    ['alibi.maxDistance=9', { buckets: 32, maxDistance: 9, bidirectional: true }],
  ]) {
    const page = await open(`lang=en&${q}`, '#alibi');
    const line = await inFigure(page, '#alibi', (root) => root.querySelector('.t5-runs').textContent);
    const f = t5Facts({ seq: 48, ...o });
    const run = (ds) =>
      ds.length > 1 && ds.at(-1) - ds[0] === ds.length - 1 ? `${ds[0]}–${ds.at(-1)}` : ds.join(', ');
    assert.ok(f.shared, q);
    assert.equal(
      line,
      `Here, looking back: distances ${run([...Array(f.own).keys()])} ` +
        `have a bucket each; bucket ${f.bucket} is the first ` +
        `shared, by distances ${run(f.shared)}.`,
      q,
    );
  }
  const page = await open('lang=en&alibi.heads=64', '#alibi');
  const slope = await inFigure(page, '#alibi', (root) => root.querySelector('p.note').textContent);
  const [, shown] = /^slope of head 1 \(of 64 heads\): (\S+)$/.exec(slope);
  // shown to 4 significant digits: within half a unit of the 4th
  const want = posenc.alibiSlopes({ heads: 64 })[0];
  assert.ok(Math.abs(Number(shown) - want) <= 5e-4 * want, `${slope} vs ${want}`);
});

test(
  "DeBERTa: the stacked row is the library's c2c, c2p, p2c and total; the " + 'position scale makes c2p visible',
  async () => {
    const seq = 16,
      dim = 32,
      seed = 3,
      query = 5;
    // the figure's content vectors: the library's seeded N(0, 1) tables (recipes.js contentSeed)
    const q = posenc.learned({ maxLen: seq, dim, seed: 100003 + 2 * seed, std: 1 }).table();
    const k = posenc.learned({ maxLen: seq, dim, seed: 100004 + 2 * seed, std: 1 }).table();
    const rms = (a) => Math.sqrt(a.reduce((s, v) => s + v * v, 0) / a.length);
    for (const posScale of [1, 0.02]) {
      const want = posenc.relative({ min: -8, max: 8, dim, seed, std: posScale }).scores(q, k, { dim });
      const page = await open(
        `deberta.seq=${seq}&deberta.dim=${dim}&deberta.seed=${seed}&deberta.query=${query}` +
          `&deberta.posScale=${posScale}`,
        '#deberta',
      );
      const titles = await inFigure(page, '#deberta', (root) =>
        [...root.querySelectorAll('.stacked g > title')].map((t) => t.textContent),
      );
      assert.equal(titles.length, seq);
      titles.forEach((t, j) => {
        const got = Object.fromEntries(
          [...t.matchAll(/(c2c|c2p|p2c|total logit) (\S+?)(?:,|$)/g)].map((m) => [m[1], Number(m[2])]),
        );
        for (const part of ['c2c', 'c2p', 'p2c'])
          assert.equal(Math.fround(got[part]), want[part][query * seq + j], `${part} at j = ${j}`);
        assert.equal(Math.fround(got['total logit']), want.total[query * seq + j]);
        assert.ok(Math.abs(got.c2c + got.c2p + got.p2c - got['total logit']) < 1e-5, 'the stack adds up to the total');
      });
      const ratio = rms(want.c2p) / rms(want.c2c);
      assert.ok(posScale === 1 ? ratio > 0.3 : ratio < 0.05, `c2p / c2c = ${ratio} at position scale ${posScale}`);
    }
  },
);

test('at dim 2 the decay bound is flat and its y ticks are distinct', async () => {
  const page = await open('decay.dim=2', '#decay');
  const ticks = await inFigure(page, '#decay', (root) =>
    [...root.querySelectorAll('.lineplot')[1].querySelectorAll('svg g.axis:not([transform]) .tick text')].map(
      (t) => t.textContent,
    ),
  );
  const bound = posenc.ropeDecayBound({ dim: 2, maxDistance: 256 });
  assert.ok(
    bound.every((v) => Math.abs(v - 1) < 1e-5),
    'one pair: the bound is |S_1| = 1 at every distance',
  );
  assert.ok(ticks.length >= 3, ticks.join(' '));
  assert.equal(new Set(ticks).size, ticks.length, `distinct ticks: ${ticks.join(' ')}`);
  assert.ok(ticks.includes('1'));
});

test('linear scaling stretches the unscaled logit curve s times, as section 6 says', async () => {
  const page = await open('logits.scaling=linear&logits.factor=4&logits.original=256&logits.content=random', '#logits');
  await page.locator('#logits .menu-btn').click(); // the formats sit in the figure's one menu
  const [dl] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#logits [role=menuitem]', { hasText: 'CSV' }).click(),
  ]);
  const lines = readFileSync(await dl.path(), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').map(Number));
  assert.equal(lines.length, 4 * 256);
  let worst = 0,
    size = 0;
  for (let d = 0; 4 * d < lines.length; d++) {
    worst = Math.max(worst, Math.abs(lines[4 * d][2] - lines[d][1]));
    size = Math.max(size, Math.abs(lines[d][1]));
  }
  assert.ok(worst < 1e-4 * size, `scaled(4d) vs unscaled(d): ${worst} against values up to ${size}`);
});

test(
  'the Chinese page shows library errors in Chinese, the English message ' + 'beneath, and translated axis words',
  async () => {
    let err;
    try {
      posenc.learned({ maxLen: 512, dim: 768, seed: 1 }).encode([600]);
    } catch (e) {
      err = `${e.name}: ${e.message}`;
    }
    assert.match(err, /^RangeError: positions\[0\] must be/);
    const page = await open('lang=zh&learned0.position=600', '#learned0');
    const problems = watch(page);
    const box = await inFigure(page, '#learned0', (root) => {
      const e = root.querySelector('.err');
      return {
        all: e.textContent,
        en: e.querySelector('.err-en')?.textContent,
        lang: e.querySelector('.err-en')?.getAttribute('lang'),
      };
    });
    assert.equal(box.en, err);
    assert.equal(box.lang, 'en');
    assert.equal(
      box.all,
      `取值无效：positions[0] 必须在 [0, maxLen - 1 = 511] 之内（训练式位置表在 maxLen 之后没有行，无法外推），实际为 600${err}`,
    );
    // the English page keeps the library's message alone
    const en = await open('lang=en&learned0.position=600', '#learned0');
    assert.equal(await inFigure(en, '#learned0', (root) => root.querySelector('.err').textContent), err);
    // a figure whose parameters the library refuses (T5's max distance must exceed its exact buckets)
    let t5;
    try {
      posenc.t5Buckets({ queryLen: 48, numBuckets: 32, maxDistance: 4 });
    } catch (e) {
      t5 = `${e.name}: ${e.message}`;
    }
    const alibi = browser.page;
    await alibi.goto(`${srv.url}?lang=zh&alibi.maxDistance=4`);
    await alibi.locator('#alibi').scrollIntoViewIfNeeded();
    await alibi.waitForFunction(() => document.querySelector('#alibi').shadowRoot.querySelector('.err[role=alert]'));
    const alert = await inFigure(alibi, '#alibi', (root) => {
      const e = root.querySelector('.err[role=alert]');
      return [e?.firstChild.textContent, e?.querySelector('.err-en')?.textContent];
    });
    assert.deepEqual(alert, ['取值无效：maxDistance 必须是 [9, 16777215] 之内的整数，实际为 4', t5]);
    // a constant heatmap (no encoding, one repeated token) says so in Chinese
    const cmp = await open('lang=zh', '#cmp');
    const words = await inFigure(cmp, '#cmp', (root) =>
      [...root.querySelectorAll('svg text.atitle')].map((t) => t.textContent),
    );
    assert.ok(words.includes('常数') && !words.includes('constant'), words.join(' | '));
    assert.deepEqual(problems, []);
  },
);

test("side by side: the learned and relative panels are the library's logits with the chosen table scale", async () => {
  const seq = 12,
    dim = 8,
    seed = 2,
    train = 32;
  const q = posenc.learned({ maxLen: seq, dim, seed: 100003 + 2 * seed, std: 1 }).table();
  const k = posenc.learned({ maxLen: seq, dim, seed: 100004 + 2 * seed, std: 1 }).table();
  for (const posScale of [1, 0.02]) {
    const page = await open(
      `cmp.content=random&cmp.seq=${seq}&cmp.dim=${dim}&cmp.seed=${seed}&cmp.train=${train}&cmp.posScale=${posScale}`,
      '#cmp',
    );
    for (const encoding of ['learned', 'relative']) {
      const [dl] = await Promise.all([
        page.waitForEvent('download'),
        chooseCsv(page, '#cmp', t('en', `enc_${encoding}`)),
      ]);
      const shown = readFileSync(await dl.path(), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .flatMap((l) => l.split(',').slice(1).map(Number));
      const want = posenc.attentionScores(q, k, { dim, encoding, maxLen: train, min: -8, max: 8, seed, std: posScale });
      assert.deepEqual(Float32Array.from(shown), want, `${encoding} at position scale ${posScale}`);
      // the content-only logits at the same scale (relative divides by sqrt(3 dim), the others by sqrt(dim))
      const none =
        encoding === 'relative'
          ? posenc.relative({ min: -8, max: 8, dim, seed, std: posScale }).scores(q, k, { dim }).c2c
          : posenc.attentionScores(q, k, { dim, encoding: 'none' });
      const moved = Math.max(...want.map((v, i) => Math.abs(v - none[i])));
      assert.ok(
        posScale === 1 ? moved > 0.5 : moved < 0.1,
        `${encoding}: position terms move the logits by up to ${moved}`,
      );
    }
  }
});

test('side by side, past the training length: the learned panel hatches the rows the table lacks', async () => {
  const seq = 40,
    dim = 8,
    seed = 2,
    train = 28;
  const q = posenc.learned({ maxLen: seq, dim, seed: 100003 + 2 * seed, std: 1 }).table();
  const k = posenc.learned({ maxLen: seq, dim, seed: 100004 + 2 * seed, std: 1 }).table();
  assert.throws(
    () => posenc.attentionScores(q, k, { dim, encoding: 'learned', maxLen: train, seed }),
    RangeError,
    'the library refuses the whole sequence',
  );
  const page = await open(
    `cmp.content=random&cmp.seq=${seq}&cmp.dim=${dim}&cmp.seed=${seed}&cmp.train=${train}`,
    '#cmp',
  );
  const panel = await inFigure(page, '#cmp', (root) => {
    const box = root.querySelectorAll('.grid3 > div')[2];
    return {
      errors: box.querySelectorAll('.err').length,
      hatched: box.querySelectorAll('path[fill^="url(#blind-"]').length,
      label: [...box.querySelectorAll('svg text')].map((t) => t.textContent).includes('no row in the table'),
    };
  });
  assert.deepEqual(panel, { errors: 0, hatched: 1, label: true });
  const [dl] = await Promise.all([page.waitForEvent('download'), chooseCsv(page, '#cmp', t('en', 'enc_learned'))]);
  const shown = readFileSync(await dl.path(), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').slice(1).map(Number));
  const seen = posenc.attentionScores(q.subarray(0, train * dim), k.subarray(0, train * dim), {
    dim,
    encoding: 'learned',
    maxLen: train,
    seed,
    std: 1,
  });
  for (let i = 0; i < seq; i++)
    for (let j = 0; j < seq; j++) {
      if (i < train && j < train)
        assert.equal(Math.fround(shown[i][j]), seen[i * train + j], `logit (${i}, ${j}) from the library`);
      else assert.ok(Number.isNaN(shown[i][j]), `(${i}, ${j}) has no logit`);
    }
});

test("a panel an update attaches joins the figure's menu, in the figure's language, while it is shown", async () => {
  // the learned figure's row plot appears only for a position inside the table (520 < maxLen 768 here)
  let page = await open('lang=zh&learned0.maxLen=768&learned0.position=520', '#learned0');
  const groups = () =>
    inFigure(page, '#learned0', (root) => {
      root.querySelector('.menu-btn').click();
      const labels = [...root.querySelectorAll('[role=group]')].map((g) => g.getAttribute('aria-label'));
      root.querySelector('.menu-btn').click();
      const titles = [...root.querySelectorAll('.ptitle')].map((el) => el.textContent);
      return { button: root.querySelector('.menu-btn').textContent, labels, titles };
    });
  // the heatmap has no title: it is named by its kind; the row plot by its title
  const shown = await groups();
  assert.deepEqual(shown.labels, [t('zh', 'heatmap'), ...shown.titles]);
  assert.equal(shown.titles.length, 1, 'the row plot');
  assert.equal(shown.button, t('zh', 'download'));
  assert.notEqual(t('zh', 'download'), 'download');
  assert.notEqual(t('zh', 'heatmap'), 'heatmap');
  // past the table there is no row to plot: the menu lists the heatmap alone
  page = await open('lang=zh&learned0.maxLen=768&learned0.position=900', '#learned0');
  assert.deepEqual(await groups(), { button: t('zh', 'download'), labels: [], titles: [] });
});

test('a learned table taller than the plot draws exact library rows, one per pixel row', async () => {
  const page = await open(
    'lang=en&learned0.maxLen=4096&learned0.dim=48&learned0.seed=3&learned0.position=5000',
    '#learned0',
  );
  const note = await inFigure(page, '#learned0', (root) => root.querySelector('.sampled').textContent);
  const [, rows, drawn] = note.match(/^(\d+) rows on (\d+) pixel rows/).map(Number);
  assert.equal(rows, 4096);
  const canvas = await inFigure(page, '#learned0', (root) => root.querySelector('.plot canvas').height);
  assert.equal(drawn, canvas, 'one drawn row per device pixel row of the table');
  const table = posenc.learned({ maxLen: 4096, dim: 48, seed: 3 }).table();
  const plot = page.locator('#learned0 .plot');
  const readout = page.locator('#learned0 .readout').first();
  // the keyboard cursor starts at (0, 0); each arrow down is one pixel row: drawn row k is table row
  // floor((k + 0.5) * 4096 / drawn), the middle of the band that pixel row covers
  const rowOf = (k) => Math.floor(((k + 0.5) * 4096) / drawn);
  await plot.press('ArrowDown');
  assert.equal(await readout.textContent(), `L[${rowOf(0)}, 0] = ${num(table[rowOf(0) * 48])}`);
  for (let j = 0; j < 5; j++) await plot.press('ArrowRight');
  for (const k of [1, 2]) {
    await plot.press('ArrowDown');
    assert.equal(await readout.textContent(), `L[${rowOf(k)}, 5] = ${num(table[rowOf(k) * 48 + 5])}`);
  }
});

test('a narrower learned table shows the library table of the new dim, drawn from the run it holds', async () => {
  // position 70: the plot spans 84 rows, enough pixel rows for all 64 of the table, which is drawn whole
  const page = await open(
    'lang=en&learned0.maxLen=64&learned0.dim=32&learned0.seed=5&learned0.position=70',
    '#learned0',
  );
  const ready = await page.evaluate(() => Number(document.querySelector('#learned0').dataset.ready));
  await page.evaluate(() => document.querySelector('#learned0').setAttribute('dim', '20'));
  await waitRendered(page, '#learned0', ready);
  // the keyboard cursor starts at cell (0, 0); then one row down and three columns right: cell (1, 3)
  const plot = page.locator('#learned0 .plot');
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await plot.press(key);
  const readout = page.locator('#learned0 .readout').first();
  const table = posenc.learned({ maxLen: 64, dim: 20, seed: 5 }).table();
  assert.equal(await readout.textContent(), `L[1, 3] = ${num(table[1 * 20 + 3])}`);
  // another seed is another run: drawn anew, not the one held
  const narrowed = await page.evaluate(() => Number(document.querySelector('#learned0').dataset.ready));
  await page.evaluate(() => document.querySelector('#learned0').setAttribute('seed', '6'));
  await waitRendered(page, '#learned0', narrowed);
  for (const key of ['ArrowLeft', 'ArrowRight']) await plot.press(key);
  const reseeded = posenc.learned({ maxLen: 64, dim: 20, seed: 6 }).table();
  assert.equal(await readout.textContent(), `L[1, 3] = ${num(reseeded[1 * 20 + 3])}`);
});
