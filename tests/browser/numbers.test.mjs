// Every number the page shows, in English and Chinese, once every figure has drawn: none in a forbidden
// form (float32 noise such as 0.83000004, 0.0000011920929, 16 digits, −0.00, 0e+0). The forms are those
// the formatter's own property test checks (tests/js/number-forms.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, closeSite, renderAll, visibleTexts } from './harness.mjs';
import { numbersIn, forbiddenForm } from '../js/number-forms.mjs';

let site;
before(async () => (site = await openSite()));
after(() => closeSite(site));

for (const lang of ['en', 'zh']) {
  test(`no number on the ${lang} page is in a forbidden form`, async () => {
    const page = await site.browser.ctx.newPage();
    try {
      await page.goto(`${site.srv.url}?lang=${lang}`);
      await renderAll(page);
      const texts = await visibleTexts(page);
      const bad = texts.flatMap(({ text, where, tag }) =>
        numbersIn(text)
          .filter((n) => forbiddenForm(n))
          .map((n) => `${where} <${tag}>: ${n} (${forbiddenForm(n)}) in "${text.slice(0, 80)}"`),
      );
      assert.ok(texts.length > 500, `read ${texts.length} texts`);
      assert.deepEqual(bad, []);
    } finally {
      await page.close();
    }
  });
}
