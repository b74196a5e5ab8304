// The Chinese page speaks Chinese: no figure label, axis, legend or readout left in English (names and
// notation such as RoPE, float32 or clip(i − j) stay as they are; the library's own English messages are
// marked lang=en beside their translation), and the title never breaks inside a word such as 位置.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, closeSite, launch, renderAll, visibleTexts } from './harness.mjs';

let site;
before(async () => (site = await openSite()));
after(() => closeSite(site));

// English words a figure shows in English and must show in Chinese on the zh page
const WORDS = [
  'row|col|column|error|query|key|value|distance|positions?|dimension|head|layer|step|loss',
  'accuracy|length|pair|seed|download|copy|training|angle|frequency|table|together',
].join('|');
const ENGLISH = new RegExp(`\\b(${WORDS})\\b`, 'i');

test('the zh page shows no English word in its figures', async () => {
  const page = await site.browser.ctx.newPage();
  try {
    await page.goto(`${site.srv.url}?lang=zh`);
    await renderAll(page);
    // a hover readout speaks too: point at one cell of every heatmap
    for (const plot of await page.locator('.heatmap .plot').all()) {
      const box = await plot.boundingBox();
      if (box) await plot.hover({ position: { x: box.width / 2, y: box.height / 2 } });
    }
    const texts = await visibleTexts(page);
    const english = texts
      // notation stays: a call or index (score(m, n), positions[0]) or a quoted variant name (“angle”); the
      // config figure's notes come from the library in Chinese too
      .filter(({ where, en }) => where !== 'page' && !en)
      .filter(({ text }) => ENGLISH.test(text.replace(/\w+[([]|“[^”]*”/g, '')))
      .map(({ where, tag, text }) => `${where} <${tag}>: ${text.slice(0, 80)}`);
    assert.ok(texts.filter((x) => x.where !== 'page').length > 300, 'the figures were read');
    assert.deepEqual(english, []);
  } finally {
    await page.close();
  }
});

test('the zh title breaks at its punctuation, never inside 位置, at 390 px', async () => {
  const b = await launch({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  try {
    await b.page.goto(`${site.srv.url}?lang=zh`);
    const lines = await b.page.evaluate(() => {
      const text = document.querySelector('h1 .zh').firstChild;
      const range = document.createRange();
      const tops = [];
      for (let i = 0; i < text.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
      return { text: text.data, tops };
    });
    assert.ok(new Set(lines.tops).size > 1, 'the title wraps at this width (else the test proves nothing)');
    for (let i = lines.text.indexOf('位置'); i >= 0; i = lines.text.indexOf('位置', i + 1))
      assert.equal(lines.tops[i], lines.tops[i + 1], `位置 at ${i} is split across lines: ${lines.tops}`);
  } finally {
    await b.close();
  }
});
