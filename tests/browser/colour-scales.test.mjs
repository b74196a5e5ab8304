// Colour scales that compare honestly, in English and in Chinese: T5's bucket ids in categorical colours.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { schemeTableau10 } from 'd3-scale-chromatic';
import { openSite, closeSite, drawNear } from './harness.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await openSite()));
after(() => closeSite({ srv, browser }));

/** The page in `lang` with figure #id drawn (query: the figure's parameters, as `id.name=value`). */
async function figure(lang, id, query = '') {
  const { page } = browser;
  await page.goto(`${srv.url}?lang=${lang}${query && `&${query}`}`);
  await page.waitForFunction((l) => document.documentElement.dataset.lang === l, lang);
  await drawNear(page, `#${id}`);
  return page;
}

for (const lang of ['en', 'zh']) {
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
}
