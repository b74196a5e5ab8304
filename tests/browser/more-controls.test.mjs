// A figure's seed waits behind its "More" disclosure (web/elements/figure.js control()): closed at first, so the
// first row of controls holds what the story turns; opened, the seed is there and still drives the figure. In
// English and Chinese, on the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, closeSite, drawNear, watch } from './harness.mjs';

let site;
before(async () => (site = await openSite()));
after(() => closeSite(site));

for (const [lang, summary] of [
  ['en', 'More'],
  ['zh', '更多'],
]) {
  test(`${lang}: the RoPE decay figure keeps its seed behind "${summary}", which opens to it`, async () => {
    const { page } = site.browser;
    const problems = watch(page);
    await page.goto(`${site.srv.url}?lang=${lang}`);
    await page.waitForFunction((l) => document.documentElement.dataset.lang === l, lang);
    await drawNear(page, '#decay');
    const more = page.locator('#decay details.more');
    assert.equal(await more.count(), 1, 'one disclosure');
    assert.equal(await more.locator('summary').innerText(), summary);
    const seed = more.locator('input[type=range]');
    assert.equal(await seed.count(), 1, 'the seed slider is inside it');
    assert.equal(await seed.isVisible(), false, 'closed at first');
    // the first row still holds the other controls
    const firstRow = await page.evaluate(
      () =>
        [...document.querySelector('#decay').shadowRoot.querySelectorAll('.controls input[type=range]')].filter(
          (input) => !input.closest('details'),
        ).length,
    );
    assert.ok(firstRow >= 2, `${firstRow} sliders outside the disclosure`);
    await more.locator('summary').click();
    assert.equal(await seed.isVisible(), true, 'open after a click');
    const gen = await page.evaluate(() => Number(document.querySelector('#decay').dataset.ready));
    await seed.focus();
    await seed.press('ArrowRight');
    await page.waitForFunction((g) => Number(document.querySelector('#decay').dataset.ready) > g, gen);
    assert.notEqual(await page.locator('#decay').getAttribute('seed'), null, 'the seed slider set the attribute');
    assert.deepEqual(problems, []);
  });
}
