// What the page claims, in English and in Chinese: DeBERTa's four terms come from a sum, order is
// invisible only to unmasked attention, a rule defined at every distance is not one that works
// there, T5 learns its buckets, the decay panel is RoFormer's relative bound, dynamic NTK's
// effective factor, float32 from 2^23, what the page itself computes and what the URL keeps, the
// article's theta, the article named, and a numbered list of references cited in the text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, closeSite, waitRendered } from './harness.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await openSite()));
after(() => closeSite({ srv, browser }));

/** The visible text of the page in one language (the other language's twins are hidden), each
 *  typeset formula put back as its TeX source between dollars. */
async function pageText(lang) {
  const { page } = browser;
  await page.goto(`${srv.url}?lang=${lang}`);
  await page.waitForFunction((l) => document.documentElement.dataset.lang === l, lang);
  return page.evaluate(() => {
    for (const k of document.querySelectorAll('main .katex, header .katex')) {
      const tex = k.querySelector('annotation')?.textContent ?? '';
      k.replaceWith(`$${tex}$`);
    }
    return document.body.innerText.replace(/\s+/g, ' ');
  });
}

async function figure(query, sel) {
  const { page } = browser;
  await page.goto(`${srv.url}?${query}`);
  await page.locator(sel).scrollIntoViewIfNeeded();
  await waitRendered(page, sel);
  await page.waitForLoadState('networkidle');
  return page.evaluate((s) => {
    const root = document.querySelector(s).shadowRoot;
    return {
      title: root.querySelector('.title')?.textContent ?? '',
      notes: [...root.querySelectorAll('p.note')].map((p) => p.textContent),
      text: root.textContent,
    };
  }, sel);
}

const SAYS = {
  en: [
    // 1: DeBERTa
    /a dot product of concatenations only pairs like with like/,
    /two terms\. The four terms come from a sum/,
    /every part of one token meet every part of the other/,
    /DeBERTa keeps the first three and drops position to position/,
    // 2: order and the causal mask, NoPE
    /to attention without a mask, where every token sees every other one/,
    /A causal mask changes that/,
    /a decoder with no positional encoding at all \(NoPE\) can learn order from that alone \[8\]/,
    // 3: defined is not working; T5 is trained
    /being defined there is not the same as working there/,
    /T5 \[6\] sorts the distance into buckets and learns one scalar per bucket/,
    /still defined there, by the same formula as before\. Defined is all the figure can show/,
    /a trained relative encoding, like DeBERTa’s but with numbers in place of vectors/,
    // 4: the decay panel
    /the relative bound RoFormer draws in its figure/,
    /the panel shows 32\.5, the true bound is \$128 \\times 32\.5 = 4160\$, and the logit is 128/,
    // 6: what the page computes, what the URL keeps
    /The page adds only small checks and summaries of what the library returns/,
    /except a pasted config\.json, which is too long for a link/,
    // 8: float32, longer tables, random content
    /from \$2\^\{23\}\$ on it has no fractional bits left/,
    /copies of the old ones, as Longformer did \[14\]/,
    /interpolated to the new length, as ViT does for larger images \[15\]/,
    /Gaussian random vectors standing in for token embeddings, noise rather than real text/,
    // 9: theta
    /Correction\. The article writes this product with the same/,
    /a frequency \$\\theta\$ that does not depend on position/,
    // the article and the references
    /following the Chinese article “手把手带你从零推导旋转位置编码RoPE”/,
  ],
  zh: [
    /两个拼接向量的点积只会同类相乘/,
    /只有两项。四项来自求和/,
    /让一个词的每一部分都与另一个词的每一部分相遇/,
    /DeBERTa 保留前三项，去掉位置对位置/,
    /对不加掩码的注意力来说/,
    /因果掩码会改变这一点/,
    /完全不加位置编码的解码器（NoPE）单凭这一点也能学会顺序 \[8\]/,
    /但有定义不等于管用/,
    /T5 \[6\] 则把距离分进若干个桶、每个桶学一个标量/,
    /图能显示的只是“有定义”/,
    /和 DeBERTa 一样是训练式的相对编码/,
    /即 RoFormer 论文图中画的相对上界/,
    /右图显示 32\.5，真正的上界是 \$128 \\times 32\.5 = 4160\$，而 logit 是 128/,
    /页面自己只对库返回的结果做少量核对和汇总/,
    /除了粘贴的 config\.json 之外，每个控件的状态都同步到地址栏/,
    /从 \$2\^\{23\}\$ 起就没有小数位了/,
    /复制旧表的行（Longformer 的做法 \[14\]）/,
    /把旧表插值到新的长度（ViT 处理更大图像时的做法 \[15\]）/,
    /代替词向量的高斯随机向量，只是噪声，并非真实文本/,
    /勘误。原文把这个乘积写成/,
    /一个与位置无关的频率 \$\\theta\$/,
    /主线依照中文文章《手把手带你从零推导旋转位置编码RoPE》/,
  ],
};
const GONE = {
  en: [
    /Multiplied out, that gives four terms/,
    /look identical to the model, token by token/,
    /applies to any distance, including ones longer than any seen in training/,
    /carry on with the same formula/,
    /under real content/,
    /Nothing is recomputed in the page itself/,
    /Every number on this page is computed/,
    /Every control is mirrored in the address bar: copy/,
    /can only be fixed by training a longer table/,
    /at position \$2\^\{24\}\$ a float32/,
  ],
  zh: [
    /把乘积展开，会得到四项/,
    /在模型看来逐字相同/,
    /任何距离都能算，训练时没见过的长距离也一样/,
    /沿用同一公式继续计算/,
    /在真实内容下的样子/,
    /页面本身不做任何公式计算/,
    /本页的每个数都由/,
    /每个控件的状态都同步到地址栏：复制链接/,
    /只能重新训练一张更长的表/,
    /到位置 \$2\^\{24\}\$ 时/,
  ],
};

for (const lang of ['en', 'zh']) {
  test(`page text (${lang}): the corrected statements are there and the false ones are gone`, async () => {
    const text = await pageText(lang);
    for (const re of SAYS[lang]) assert.ok(re.test(text), `says ${re}`);
    for (const re of GONE[lang]) assert.ok(!re.test(text), `no longer says ${re}`);
    // the theta callout sits next to the q4 one, both as asides
    const asides = await browser.page.evaluate(
      () => [...document.querySelectorAll('#rope aside.callout')].filter((a) => a.offsetParent).length,
    );
    assert.equal(asides, 2, 'two corrections in section 4: theta and q4');
  });
}

test('the references: 15 numbered entries with arXiv links, every [n] cited in the text points at one', async () => {
  await pageText('en');
  const { refs, cites } = await browser.page.evaluate(() => ({
    refs: [...document.querySelectorAll('#references ol.refs > li')].map((li) => ({
      id: li.id,
      href: li.querySelector('a')?.getAttribute('href') ?? '',
    })),
    cites: [...document.querySelectorAll('main a.cite')].map((a) => [a.getAttribute('href'), a.textContent]),
  }));
  assert.equal(refs.length, 15);
  refs.forEach((r, i) => {
    assert.equal(r.id, `ref-${i + 1}`);
    assert.match(r.href, /^https:\/\/arxiv\.org\/abs\/\d{4}\.\d{5}$/);
  });
  const ids = new Set(refs.map((r) => `#${r.id}`));
  for (const [href, label] of cites) {
    assert.ok(ids.has(href), href);
    assert.equal(label, `[${href.slice('#ref-'.length)}]`);
  }
  // every reference is cited at least once
  for (const id of ids)
    assert.ok(
      cites.some(([href]) => href === id),
      `${id} is cited`,
    );
});

for (const lang of ['en', 'zh']) {
  test(`figures (${lang}): the relative bound, the untrained table, dynamic NTK's effective factor`, async () => {
    const decay = await figure(`lang=${lang}`, '#decay');
    assert.match(decay.text, lang === 'zh' ? /RoFormer 的相对上界/ : /RoFormer’s relative bound/);
    assert.ok(
      decay.notes.some((n) => n.includes('(d/2)·max|h_{l+1} − h_l|')),
      decay.notes.join(' | '),
    );
    assert.doesNotMatch(decay.text, /upper bound/);

    const learned = await figure(`lang=${lang}`, '#learned0');
    assert.match(learned.title, lang === 'zh' ? /训练式位置表（种子固定，N\(0, 0\.02²\) 初始化）/ : /untrained/);

    const freqs = await figure(`lang=${lang}`, '#freqs');
    assert.ok(
      freqs.notes.some((n) => (lang === 'zh' ? /s = 4 时为 13/ : /13 at s = 4/).test(n)),
      freqs.notes.join(' | '),
    );

    const angles = await figure(`lang=${lang}`, '#angles');
    // read at a 4L sequence, dynamic NTK (effective factor 13) leaves no angle unseen
    await browser.page.evaluate(() => document.querySelector('#angles').setAttribute('highlight', 'dynamic'));
    await browser.page.waitForFunction(() =>
      document.querySelector('#angles').shadowRoot.querySelector('.unseen-line').textContent.includes(' 0 rad;'),
    );
    assert.ok(
      angles.notes.some((n) => (lang === 'zh' ? /s = 4 时为 13/ : /13 at s = 4/).test(n)),
      angles.notes.join(' | '),
    );
  });
}
