// The page after its editorial pass, in English and in Chinese: the figures that repeated others are gone and no
// sentence points at them, §4's sub-figures are lettered in order, DeBERTa's figure draws the one map that
// carries meaning (c2p), §7's angle figure says its widest unseen range in one line, and §7's three scaling figures
// start from one setting.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, closeSite, drawNear, watch, OFF_PAGE } from './harness.mjs';

let site;
before(async () => (site = await openSite()));
after(() => closeSite(site));

/** The page in `lang`, language applied. */
async function open(lang) {
  const { page } = site.browser;
  await page.goto(`${site.srv.url}?lang=${lang}`);
  await page.waitForFunction((l) => document.documentElement.dataset.lang === l, lang);
  return page;
}

// what the prose said about the figures that left the page
const GONE = {
  en: /The same numbers as a table|Shift invariance|block-diagonal matrix|cards below give/,
  zh: /同样的数据以表格呈现|平移不变性|分块对角矩阵|数字卡片/,
};

for (const lang of ['en', 'zh']) {
  test(`${lang}: the page shows none of the figures it cut, and no sentence points at them`, async () => {
    const page = await open(lang);
    for (const tag of OFF_PAGE) assert.equal(await page.locator(tag).count(), 0, `${tag} is on the page`);
    assert.doesNotMatch(await page.locator('main').innerText(), GONE[lang]);
    const letters = await page.$$eval(`#rope h3 .${lang}`, (hs) => hs.map((h) => h.textContent.slice(0, 3)));
    assert.deepEqual(letters.slice(0, 4), ['(a)', '(b)', '(c)', '(d)']);
    // §1 says where its outlined rows come from
    const sin = (await page.locator(`#sinusoidal .prose p.${lang}`).allInnerTexts()).join(' ');
    assert.match(sin, lang === 'zh' ? /第 4 节 \(b\)/ : /§4 \(b\)/);
  });

  test(`${lang}: DeBERTa's figure draws c2p alone on the page, all four maps when asked`, async () => {
    const page = await open(lang);
    const problems = watch(page);
    await drawNear(page, '#deberta');
    const shown = () =>
      page.evaluate(() =>
        [...document.querySelector('#deberta').shadowRoot.querySelectorAll('.heatmap')]
          .filter((e) => !e.hidden && e.getBoundingClientRect().width > 0)
          .map((e) => e.querySelector('svg').getAttribute('aria-label').slice(0, 3)),
      );
    assert.deepEqual(await shown(), ['c2p']);
    const gen = await page.evaluate(() => Number(document.querySelector('#deberta').dataset.ready));
    await page.evaluate(() => document.querySelector('#deberta').setAttribute('panel', 'all'));
    await page.waitForFunction((g) => Number(document.querySelector('#deberta').dataset.ready) > g, gen);
    assert.deepEqual((await shown()).sort(), ['c2c', 'c2p', 'p2c', lang === 'zh' ? '总 l' : 'tot']);
    // one term alone again, now another one: its own title on the first map
    const gen2 = await page.evaluate(() => Number(document.querySelector('#deberta').dataset.ready));
    await page.evaluate(() => document.querySelector('#deberta').setAttribute('panel', 'p2c'));
    await page.waitForFunction((g) => Number(document.querySelector('#deberta').dataset.ready) > g, gen2);
    assert.deepEqual(await shown(), ['p2c']);
    assert.deepEqual(problems, []);
  });

  test(`${lang}: the angle figure says its widest unseen ranges in one line, with no card per scaling`, async () => {
    const page = await open(lang);
    await drawNear(page, '#angles');
    const got = await page.evaluate(() => {
      const root = document.querySelector('#angles').shadowRoot;
      return { cards: root.querySelectorAll('.card').length, line: root.querySelector('.unseen-line').textContent };
    });
    assert.equal(got.cards, 0);
    assert.match(got.line, lang === 'zh' ? /^训练中从未见过的角度范围/ : /^Widest range of angles never seen/);
    // YaRN, lit by default, leaves a sliver of a few thousandths of a radian: said as such, not as a number
    assert.match(got.line, lang === 'zh' ? /YaRN 不到 0\.01 rad；?/ : /YaRN below 0\.01 rad/);
    assert.doesNotMatch(got.line, /0\.00\d/, 'no sliver of a radian printed as if it mattered');
  });
}

test("§7's three scaling figures start from one setting: d, base, factor, training length and scaling", async () => {
  const page = await open('en');
  for (const id of ['freqs', 'angles', 'logits']) await drawNear(page, `#${id}`);
  const params = await page.evaluate(() =>
    Object.fromEntries(['freqs', 'angles', 'logits'].map((id) => [id, document.getElementById(id).params])),
  );
  const shared = ({ dim, base, factor, original }) => ({ dim, base, factor, original });
  assert.deepEqual(shared(params.angles), shared(params.freqs));
  assert.deepEqual(shared(params.logits), shared(params.freqs));
  assert.equal(params.angles.highlight, params.logits.scaling);
  // and the prose names that setting (its formulas read from KaTeX's TeX annotations)
  const prose = await page.evaluate(() => {
    const p = document.querySelector('#long .prose p.en');
    return [p.textContent, ...[...p.querySelectorAll('annotation')].map((a) => a.textContent)].join(' | ');
  });
  const p = params.freqs;
  for (const part of [`d = ${p.dim}`, `base ${p.base}`, `L = ${p.original}`, `s = ${p.factor}`])
    assert.ok(prose.includes(part), `${part} in: ${prose}`);
});

for (const lang of ['en', 'zh']) {
  test(`${lang}: §0 under RoPE shows what the order changed, and 爱–你 and the diagonal keep`, async () => {
    const page = await open(lang);
    await page.goto(`${site.srv.url}?lang=${lang}&why0.encoding=rope`);
    await drawNear(page, '#why0');
    const got = await page.evaluate(() => {
      const el = document.getElementById('why0');
      const data = (m) => Array.from(m.d.data);
      return { a: data(el.ha), b: data(el.hb), d: data(el.hd), title: el.hd.svg.getAttribute('aria-label') };
    });
    assert.match(got.title, lang === 'zh' ? /^A − B′：顺序改变了什么/ : /^A − B′: what the order changed/);
    const at = (i, j) => got.d[i * 4 + j];
    got.d.forEach((v, k) => assert.equal(v, Math.fround(got.a[k] - got.b[k]), `cell ${k}`));
    for (let i = 0; i < 4; i++) assert.equal(at(i, i), 0, `diagonal ${i}: m − n = 0 in both orders`);
    for (const [i, j] of [
      [2, 3],
      [3, 2],
    ])
      assert.equal(at(i, j), 0, '爱 and 你 keep their positions');
    // every other cell pairs 我 or 不 with another token, at another distance in order B
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) if (i !== j && (i < 2 || j < 2)) assert.notEqual(at(i, j), 0, `${i}, ${j}`);
    const prose = await page.locator(`#why .prose p.${lang}`).last().textContent();
    assert.match(
      prose,
      lang === 'zh' ? /“爱”和“你”在两种顺序里都位于位置 2 和 3/ : /爱 and 你 stand at positions 2 and 3/,
    );
  });
}
