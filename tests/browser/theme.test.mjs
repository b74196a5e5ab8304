// theme="light|dark|auto" on a figure, under both reader preferences: the frame's colours follow
// the attribute when it pins them and the preference otherwise; the documented dark snippet sets
// every --posenc-* property the stylesheet reads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, serve, watch, ROOT } from './harness.mjs';

const LIGHT_BG = 'rgb(255, 255, 255)',
  DARK_BG = 'rgb(21, 24, 29)'; // the stylesheet's defaults, #ffffff and #15181d
const page = `<!doctype html><meta charset="utf-8"><title>theme</title><link rel="icon" href="data:,">
<script type="module" src="/lib/posenc-embed.js"></script>
<posenc-rope-decay id="auto"></posenc-rope-decay>
<posenc-rope-decay id="light" theme="light"></posenc-rope-decay>
<posenc-rope-decay id="dark" theme="dark"></posenc-rope-decay>`;

let server;
before(async () => {
  server = await serve(join(ROOT, 'dist'), { extraRoutes: { '/theme.html': { type: 'text/html', body: page } } });
});
after(async () => {
  await server?.close();
});

for (const colorScheme of ['light', 'dark']) {
  test(`reader prefers ${colorScheme}: auto follows it, light and dark are pinned`, async () => {
    const browser = await launch({ colorScheme });
    try {
      const problems = watch(browser.page);
      await browser.page.goto(`${server.url}theme.html`);
      await browser.page.waitForFunction(() =>
        ['auto', 'light', 'dark'].every((id) => document.getElementById(id).dataset.ready),
      );
      const frame = (id) =>
        browser.page.evaluate((i) => {
          const style = getComputedStyle(document.getElementById(i).shadowRoot.querySelector('.frame'));
          return { bg: style.backgroundColor, scheme: style.colorScheme };
        }, id);
      assert.deepEqual(
        await frame('auto'),
        colorScheme === 'dark' ? { bg: DARK_BG, scheme: 'dark' } : { bg: LIGHT_BG, scheme: 'light' },
      );
      assert.deepEqual(await frame('light'), { bg: LIGHT_BG, scheme: 'light' });
      assert.deepEqual(await frame('dark'), { bg: DARK_BG, scheme: 'dark' });
      // switching the attribute restyles at once
      await browser.page.evaluate(() => document.getElementById('light').setAttribute('theme', 'dark'));
      assert.equal((await frame('light')).bg, DARK_BG);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
}

test('the dark snippet of docs/embedding.md sets every custom property of the stylesheet', async () => {
  const docs = readFileSync(join(ROOT, 'docs', 'embedding.md'), 'utf8');
  const snippet = /^html\.dark \{([\s\S]*?)^\}/m.exec(docs)?.[1] ?? '';
  const { CSS } = await import(join(ROOT, 'web', 'elements', 'style.js'));
  const used = new Set([...CSS.matchAll(/var\((--posenc-[a-z-]+)/g)].map((m) => m[1]));
  const set = new Set([...snippet.matchAll(/(--posenc-[a-z-]+):/g)].map((m) => m[1]));
  assert.ok(used.size >= 12, [...used].join(' '));
  assert.deepEqual([...used].sort(), [...set].sort());
});
