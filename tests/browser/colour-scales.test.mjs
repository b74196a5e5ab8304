// Colour scales that compare honestly, in English and in Chinese: M-RoPE's two layouts on one scale across the
// toggle, PE·PE's heatmap and line from 0, shift invariance's difference on the scores' own scale (where
// rounding is blank), T5's bucket ids in categorical colours, and DeBERTa's four panels on one scale.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { interpolateRdBu, schemeTableau10 } from 'd3-scale-chromatic';
import { openSite, closeSite, drawNear, waitRendered, mountFigure } from './harness.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await openSite()));
after(() => closeSite({ srv, browser }));

/** The page in `lang` with figure #id drawn (query: the figure's parameters, as `id.name=value`; tag: a figure the
 *  page does not show, added as #id). */
async function figure(lang, id, query = '', tag = null) {
  const { page } = browser;
  await page.goto(`${srv.url}?lang=${lang}${query && `&${query}`}`);
  await page.waitForFunction((l) => document.documentElement.dataset.lang === l, lang);
  if (tag) await mountFigure(page, tag, id);
  await drawNear(page, `#${id}`);
  return page;
}

/** Set attribute `name` of figure #id and wait for the figure's next render. */
async function setParam(page, id, name, value) {
  const gen = await page.evaluate((i) => Number(document.getElementById(i).dataset.ready), id);
  await page.evaluate(([i, n, v]) => document.getElementById(i).setAttribute(n, v), [id, name, value]);
  await waitRendered(page, `#${id}`, gen);
}

/** [min, max] of a heatmap's data and the domain of its colour scale, read in the page. */
const heatmapRange = (page, id, path) =>
  page.evaluate(
    ([i, p]) => {
      const map = p.reduce((o, k) => o[k], document.getElementById(i));
      let lo = Infinity,
        hi = -Infinity;
      for (const v of map.d.data) if (Number.isFinite(v)) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
      return { data: [lo, hi], domain: [...map.domain], title: map.svg.getAttribute('aria-label') };
    },
    [id, path],
  );

for (const lang of ['en', 'zh']) {
  test(`${lang}: M-RoPE's chunked and interleaved maps share one colour scale`, async () => {
    const page = await figure(lang, 'mrope');
    const chunked = await heatmapRange(page, 'mrope', ['map']);
    await setParam(page, 'mrope', 'sections', 'interleaved');
    const interleaved = await heatmapRange(page, 'mrope', ['map']);
    assert.deepEqual(chunked.domain, interleaved.domain, 'the same scale across the toggle');
    // the scale holds both maps, and the chunked one varies over a small part of it
    for (const r of [chunked, interleaved]) assert.ok(r.domain[0] <= r.data[0] && r.data[1] <= r.domain[1]);
    const width = ([a, b]) => b - a;
    assert.ok(width(chunked.data) < 0.5 * width(chunked.domain), JSON.stringify(chunked));
    const text = await page.evaluate(() => document.getElementById('mrope').shadowRoot.textContent);
    assert.match(text, lang === 'zh' ? /两种分段都用 base 10⁶，也共用一个色标/ : /one colour scale for both layouts/);
  });

  test(`${lang}: PE·PE's heatmap and line start at 0, not at the smallest value`, async () => {
    const page = await figure(lang, 'sim');
    const hm = await heatmapRange(page, 'sim', ['hm']);
    assert.ok(hm.data[0] > 1, `the default's values stay well above 0: ${hm.data}`);
    assert.deepEqual(hm.domain, [0, hm.data[1]]);
    const line = await page.evaluate(() => document.getElementById('sim').lp.y.domain());
    assert.ok(line[0] <= 0 && line[1] >= hm.data[1], `the line's axis: ${line}`);
  });

  test(`${lang}: the shift-invariance difference is drawn on the scores' scale, where rounding is blank`, async () => {
    const page = await figure(lang, 'shift', '', 'posenc-rope-shift');
    const score = await heatmapRange(page, 'shift', ['hs']);
    const diff = await heatmapRange(page, 'shift', ['hd']);
    assert.deepEqual(diff.domain, score.domain);
    const a = Math.max(Math.abs(score.data[0]), Math.abs(score.data[1]));
    assert.deepEqual(score.domain, [-a, a]);
    const noise = Math.max(Math.abs(diff.data[0]), Math.abs(diff.data[1]));
    assert.ok(noise > 0 && noise < 1e-4 * a, `rounding, not data: ${noise} against ${a}`);
    // every pixel of the difference is one of the two colours either side of the map's middle (zero)
    const colours = await page.evaluate(() => {
      const c = document.getElementById('shift').hd.canvas;
      const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < px.length; i += 4) seen.add(`rgb(${px[i]}, ${px[i + 1]}, ${px[i + 2]})`);
      return [...seen];
    });
    const middle = [127, 128].map((i) => interpolateRdBu(1 - i / 255));
    for (const c of colours) assert.ok(middle.includes(c), `${c} is not the middle of the map (${middle})`);
    // and the cards call what is left rounding
    const card = await page.evaluate(
      () => document.getElementById('shift').shadowRoot.querySelector('.card .k').textContent,
    );
    assert.match(card, lang === 'zh' ? /^舍入误差：最大 \|差值\|/ : /^rounding: max \|difference\|/);
  });

  test(`${lang}: T5's bucket ids are categorical colours, with no ramp legend`, async () => {
    const page = await figure(lang, 'alibi', 'alibi.seq=24');
    const got = await page.evaluate(() => {
      const t5 = document.getElementById('alibi').t5;
      const c = t5.canvas,
        { rows, cols, data } = t5.d;
      const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const cells = [];
      for (let i = 0; i < rows; i += 5)
        for (let j = 0; j < cols; j++) {
          const x = Math.floor(((j + 0.5) * c.width) / cols),
            y = Math.floor(((i + 0.5) * c.height) / rows);
          const k = 4 * (y * c.width + x);
          cells.push({ id: data[i * cols + j], rgb: [px[k], px[k + 1], px[k + 2]] });
        }
      return { cells, legend: t5.legendLayer.childElementCount };
    });
    const hex = (rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    const ids = new Set(got.cells.map((c) => c.id));
    assert.ok(ids.size >= 10, `enough buckets shown: ${[...ids]}`);
    for (const c of got.cells) assert.equal(hex(c.rgb), schemeTableau10[c.id % 10], `bucket ${c.id}`);
    assert.equal(got.legend, 0, 'no continuous legend');
  });

  test(`${lang}: DeBERTa's four panels share one colour scale: the position scale shows the terms' size`, async () => {
    const page = await figure(lang, 'deberta', 'deberta.posScale=0.02&deberta.panel=all');
    const ranges = await Promise.all([0, 1, 2, 3].map((i) => heatmapRange(page, 'deberta', ['maps', i])));
    const a = Math.max(...ranges.flatMap((r) => r.data.map(Math.abs)));
    for (const r of ranges) assert.deepEqual(r.domain, [-a, a]);
    // c2p and p2c (panels 2 and 3) from a table at BERT's initial size are faint next to c2c
    for (const r of ranges.slice(2)) assert.ok(Math.max(...r.data.map(Math.abs)) < 0.2 * a, JSON.stringify(r));
    const note = await page.evaluate(
      () => document.getElementById('deberta').shadowRoot.querySelector('p.note').textContent,
    );
    assert.match(
      note,
      lang === 'zh' ? /总 logit 与三项共用一个以 0 为中心的色标/ : /The total and its three terms share one colour/,
    );
  });
}
