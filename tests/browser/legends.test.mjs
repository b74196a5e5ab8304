// Line-plot legends on a 390 px phone, in both languages: no entry overlaps another or runs past the plot's
// right edge (a Chinese name is about twice as wide per character as an English one).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, renderAll, requireSite } from './harness.mjs';

let srv;
before(async () => {
  requireSite();
  srv = await serve();
});
after(() => srv.close());

// In the page: each line plot's legend entries (an svg's top-level group of a line and its name) with their
// boxes, and the pairs that overlap or leave the svg.
function legendClashes() {
  const out = [];
  const roots = [...document.querySelectorAll('*')].filter((e) => e.shadowRoot).map((e) => [e.id, e.shadowRoot]);
  let entries = 0;
  for (const [id, root] of roots)
    for (const svg of root.querySelectorAll('.lineplot svg')) {
      const edge = svg.getBoundingClientRect().right;
      const boxes = [...svg.children]
        .filter((g) => g.localName === 'g' && g.firstElementChild?.localName === 'line')
        .map((g) => [g.textContent, g.getBoundingClientRect()]);
      entries += boxes.length;
      boxes.forEach(([name, a], i) => {
        if (a.right > edge + 1) out.push(`#${id} "${name}" ends at ${a.right}, past ${edge}`);
        for (const [other, b] of boxes.slice(i + 1))
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
            out.push(`#${id} "${name}" overlaps "${other}"`);
      });
    }
  return { out, entries };
}

for (const lang of ['en', 'zh'])
  test(`${lang}: legend entries of every line plot stay apart on a 390 px phone`, async () => {
    const b = await launch({ viewport: { width: 390, height: 844 }, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    try {
      await b.page.goto(`${srv.url}?lang=${lang}`);
      await renderAll(b.page);
      const { out, entries } = await b.page.evaluate(legendClashes);
      assert.ok(entries > 20, `legends were read: ${entries} entries`);
      assert.deepEqual(out, []);
    } finally {
      await b.close();
    }
  });
