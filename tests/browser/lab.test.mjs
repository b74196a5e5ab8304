// The length lab (section 6) in Debian's Chromium: it renders the shipped results in en and zh and on a phone,
// with no axe violation; its sentences are the shipped JSON's; its controls work from the keyboard; Train starts
// Workers and the loss curves grow while the page stays responsive; Stop stops them; Retrain of a tiny grid
// reproduces the shipped numbers; the lab's figures work as an embed of their own, under a strict CSP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, launch, watch, requireSite, drawNear, ROOT, SITE } from './harness.mjs';

const mod = (p) => import(pathToFileURL(join(ROOT, p)).href);
const { LAB_TINY } = await mod('web/elements/lab-defaults.js');
const { LAB_PARAMS } = await mod('web/elements/lab-params.js');
const { labFacts } = await mod('web/elements/lab-facts.js');
const TAGS = Object.keys(LAB_PARAMS);
const IDS = ['labctl', 'labloss', 'labacc', 'labattn'];
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHIPPED = JSON.parse(readFileSync(join(SITE, 'posenc-lab-results.json'), 'utf8'));

/** The URL query of a grid of controls (the lab's controls figure is #labctl on the page). */
const grid = (g, id = 'labctl') =>
  new URLSearchParams({
    [`${id}.task`]: g.task,
    [`${id}.schemes`]: g.schemes.join(','),
    [`${id}.trainLength`]: String(g.trainLength),
    [`${id}.steps`]: String(g.steps),
    [`${id}.seeds`]: String(g.seeds),
  });
// not shipped: Train trains it (long enough to be stopped half-way)
const UNSHIPPED = { ...LAB_TINY, steps: 4000 };

const HOST_CSP = "script-src 'self' 'wasm-unsafe-eval'";
const HOST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post with the lab</title>
<link rel="icon" href="data:,">
<script type="module" src="/lib/posenc-embed-lab.js"></script>
</head><body><h1>Train it yourself</h1>
<posenc-lab-controls id="c" task="${LAB_TINY.task}" schemes="${LAB_TINY.schemes.join(',')}"
  train-length="${LAB_TINY.trainLength}" steps="${LAB_TINY.steps}" seeds="${LAB_TINY.seeds}"></posenc-lab-controls>
<posenc-lab-loss id="l"></posenc-lab-loss>
<posenc-lab-accuracy id="a"></posenc-lab-accuracy>
<posenc-lab-attention id="t"></posenc-lab-attention>
<posenc-lab-blind-zone id="z" lang="zh"></posenc-lab-blind-zone>
</body></html>`;

let srv, dist;
before(async () => {
  requireSite();
  srv = await serve(undefined, { extraRoutes: { '/axe.min.js': { type: 'text/javascript', body: AXE } } });
  dist = await serve(join(ROOT, 'dist'), {
    extraRoutes: { '/host/': { type: 'text/html; charset=utf-8', body: HOST, csp: HOST_CSP } },
  });
});
after(async () => {
  await srv?.close();
  await dist?.close();
});

/** Draw every lab figure of the page once (scrolled near, each renders the shipped results). */
async function drawLab(page, problems, ids = IDS) {
  for (const id of ids) await drawNear(page, `#${id}`, { problems });
}

/** What a lab figure shows: errors, svg paths, the notes, canvases with ink. */
const view = (page, id) =>
  page.evaluate((i) => {
    const el = document.getElementById(i),
      root = el.shadowRoot;
    let inked = 0;
    for (const c of root.querySelectorAll('canvas')) {
      if (!c.width) continue;
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      if (d.some((v, k) => k % 4 === 3 && v === 255)) inked++;
    }
    return {
      state: el.dataset.state,
      match: el.dataset.match,
      progress: Number(el.dataset.progress ?? 0),
      errors: [...root.querySelectorAll('.err')].map((e) => e.textContent),
      paths: root.querySelectorAll('svg path').length,
      title: root.querySelector('.title').textContent,
      text: root.querySelector('.body').textContent,
      inked,
    };
  }, id);

/** The longest loss curve drawn (its path's length in characters grows with the points drawn). */
const lossInk = (page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.getElementById('labloss').shadowRoot.querySelectorAll('svg path[fill=none]')].map(
        (p) => (p.getAttribute('d') ?? '').length,
      ),
    ),
  );

for (const lang of ['en', 'zh']) {
  test(`${lang}: the lab renders the shipped results, and its sentences are the shipped JSON's`, async () => {
    const b = await launch({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    try {
      const problems = watch(b.page);
      await b.page.goto(`${srv.url}?lang=${lang}`);
      await drawLab(b.page, problems);
      const ctl = await view(b.page, 'labctl');
      assert.equal(ctl.state, 'shipped', 'the controls show the shipped results');
      assert.match(ctl.title, lang === 'zh' ? /在浏览器里训练/ : /Train tiny transformers/);
      for (const id of IDS) {
        const v = await view(b.page, id);
        assert.deepEqual(v.errors, [], `#${id} shows an error`);
        if (id !== 'labctl') assert.ok(v.paths > 3 || v.inked > 0, `#${id} is drawn: ${JSON.stringify(v)}`);
      }
      assert.equal((await view(b.page, 'labattn')).inked, 2, 'two attention maps');
      // the sentences about the results, as lab-facts.js writes them from the shipped JSON
      const facts = labFacts(SHIPPED.sets[0], lang);
      const shown = await b.page.evaluate(
        (l) =>
          Object.fromEntries(
            [...document.querySelectorAll(`[data-lab-fact^="${l}:"]`)].map((s) => [
              s.dataset.labFact.slice(3),
              s.textContent,
            ]),
          ),
        lang,
      );
      assert.ok(Object.keys(shown).length >= 7, `the page has its sentences: ${Object.keys(shown)}`);
      for (const [key, text] of Object.entries(shown)) assert.equal(text, facts[key], `fact ${key}`);
      // the table of the accuracy figure: one row per shipped scheme, the defaults' schemes
      const rows = await b.page.evaluate(() =>
        [...document.getElementById('labacc').shadowRoot.querySelectorAll('tbody tr')].map((r) => r.dataset.scheme),
      );
      assert.deepEqual(rows, SHIPPED.sets[0].settings.schemes);
      // its x axis: a tick at each test length, on a log scale (L to 2L as wide as 2L to 4L)
      const ticks = await b.page.evaluate(() =>
        [...document.getElementById('labacc').shadowRoot.querySelector('.lineplot svg g.axis').children]
          .filter((t) => t.classList.contains('tick'))
          .map((t) => [Number(t.textContent), Number(/translate\(([-\d.]+)/.exec(t.getAttribute('transform'))[1])]),
      );
      const lengths = SHIPPED.sets[0].runs[0].lengths,
        at = new Map(ticks);
      assert.deepEqual(
        ticks.map(([v]) => v),
        lengths,
      );
      const L = SHIPPED.sets[0].settings.trainLength;
      assert.ok(Math.abs(at.get(2 * L) - at.get(L) - (at.get(4 * L) - at.get(2 * L))) < 1, JSON.stringify(ticks));
      assert.deepEqual(problems, []);
    } finally {
      await b.close();
    }
  });
}

test('axe: no violations in the lab (en and zh, light and dark) and none on a 390 px phone', async () => {
  for (const [lang, colorScheme, width] of [
    ['en', 'light', 1200],
    ['zh', 'dark', 1200],
    ['en', 'light', 390],
  ]) {
    const b = await launch({ colorScheme, viewport: { width, height: 844 } });
    try {
      const problems = watch(b.page);
      await b.page.goto(`${srv.url}?lang=${lang}`);
      await drawLab(b.page, problems);
      await b.page.addScriptTag({ url: '/axe.min.js' });
      const violations = await b.page.evaluate(async () =>
        (await globalThis.axe.run({ include: [['#lab']] }, { resultTypes: ['violations'] })).violations.map(
          (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
        ),
      );
      assert.deepEqual(violations, [], `${lang} ${colorScheme} ${width} px`);
      const overflow = await b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${width} px: the page is wider than the screen by ${overflow} px`);
      if (width === 390) {
        const widths = await b.page.evaluate(
          (ids) => ids.map((i) => document.getElementById(i).getBoundingClientRect().right),
          IDS,
        );
        for (const [k, right] of widths.entries()) assert.ok(right <= 390, `#${IDS[k]} reaches ${right} px`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await b.close();
    }
  }
});

test('the controls work from the keyboard: schemes, task and the URL', async () => {
  const b = await launch();
  try {
    const problems = watch(b.page);
    await b.page.goto(`${srv.url}?lang=en`);
    await drawLab(b.page, problems, ['labctl']);
    // a scheme's checkbox: Space unchecks it, and the URL says so
    const box = b.page.locator('#labctl input[type=checkbox][value=none]');
    await box.focus();
    await b.page.keyboard.press('Space');
    await b.page.waitForFunction(() =>
      /^(?!.*\bnone\b)/.test(new URL(location.href).searchParams.get('labctl.schemes') ?? 'none'),
    );
    assert.equal(await box.isChecked(), false);
    assert.doesNotMatch(await b.page.locator('#labctl').getAttribute('schemes'), /\bnone\b/);
    // the task's radio group: arrows move and select
    const radio = b.page.locator('#labctl [role=radio][aria-checked=true]');
    await radio.focus();
    await b.page.keyboard.press('ArrowRight');
    await b.page.waitForFunction(() => new URL(location.href).searchParams.get('labctl.task') === 'reverse');
    // settings that were not shipped: the figures say so, and the button trains
    assert.equal((await view(b.page, 'labctl')).state, 'none');
    assert.equal(await b.page.locator('#labctl button.primary').textContent(), 'Train');
    await drawNear(b.page, '#labacc');
    assert.match((await view(b.page, 'labacc')).text, /No results for these settings/);
    // every control a screen reader meets has a name (a log slider's range input is hidden behind its role=slider)
    const unnamed = await b.page.evaluate(() =>
      [...document.getElementById('labctl').shadowRoot.querySelectorAll('input, button, progress, [role=slider]')]
        .filter((el) => el.getAttribute('aria-hidden') !== 'true')
        .filter((el) => !(el.labels?.length || el.getAttribute('aria-label') || el.textContent.trim()))
        .map((el) => el.outerHTML),
    );
    assert.deepEqual(unnamed, []);
    assert.deepEqual(problems, []);
  } finally {
    await b.close();
  }
});

test('Train starts Workers and the loss curves grow while the page stays responsive; Stop stops them', async () => {
  const b = await launch();
  try {
    const problems = watch(b.page);
    const wasm = [];
    b.page.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(r.url()));
    await b.page.goto(`${srv.url}?lang=en&${grid(UNSHIPPED)}`);
    await drawLab(b.page, problems, ['labctl', 'labloss']);
    assert.equal((await view(b.page, 'labctl')).state, 'none');
    assert.ok(!wasm.some((u) => /posenc-lab-/.test(u)), 'no lab wasm before Train');
    const train = b.page.locator('#labctl button.primary');
    await train.focus();
    await b.page.keyboard.press('Enter');
    await b.page.waitForFunction(() => document.getElementById('labctl').dataset.state === 'running');
    await b.page.waitForFunction(() => Number(document.getElementById('labctl').dataset.progress) > 2, null, {
      timeout: 30000,
    });
    assert.ok(
      b.page.workers().some((w) => /lab-worker\.js$/.test(w.url())),
      'a lab Worker runs',
    );
    assert.ok(
      wasm.some((u) => /posenc-lab-(simd|scalar)\.wasm$/.test(u)),
      'the lab wasm was fetched',
    );
    await drawNear(b.page, '#labloss');
    const first = await lossInk(b.page);
    await b.page.waitForFunction((n) => {
      const paths = document.getElementById('labloss').shadowRoot.querySelectorAll('svg path[fill=none]');
      return Math.max(0, ...[...paths].map((p) => (p.getAttribute('d') ?? '').length)) > n;
    }, first);
    // the main thread answers at once while the Workers train
    const lag = await b.page.evaluate(async () => {
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 0));
      return performance.now() - t0;
    });
    assert.ok(lag < 250, `a task waited ${lag} ms while training`);
    // Stop (from the keyboard): no progress afterwards
    const stop = b.page.locator('#labctl button.secondary').first();
    await stop.focus();
    await b.page.keyboard.press('Enter');
    await b.page.waitForFunction(() => document.getElementById('labctl').dataset.state === 'stopped');
    const at = (await view(b.page, 'labctl')).progress;
    const ink = await lossInk(b.page);
    await b.page.waitForTimeout(1500);
    assert.equal((await view(b.page, 'labctl')).progress, at, 'no progress after Stop');
    assert.equal(await lossInk(b.page), ink, 'the curves stay as they were');
    const busy = await b.page.evaluate(() => import('/posenc-embed-lab.js').then((m) => m.labSession.running));
    assert.equal(busy, false);
    assert.match((await view(b.page, 'labctl')).text, /Stopped after/);
    assert.deepEqual(problems, []);
  } finally {
    await b.close();
  }
});

test('Retrain of the tiny grid reproduces the shipped results', async () => {
  const b = await launch();
  try {
    const problems = watch(b.page);
    await b.page.goto(`${srv.url}?lang=en&${grid(LAB_TINY)}`);
    await drawLab(b.page, problems, ['labctl', 'labacc']);
    assert.equal((await view(b.page, 'labctl')).state, 'shipped', 'the tiny grid is shipped');
    const table = () =>
      b.page.evaluate(() => document.getElementById('labacc').shadowRoot.querySelector('.lab-table').textContent);
    const before = await table();
    await b.page.locator('#labctl button.primary', { hasText: 'Retrain' }).click();
    await b.page.waitForFunction(() => document.getElementById('labctl').dataset.state === 'done', null, {
      timeout: 60000,
    });
    const v = await view(b.page, 'labctl');
    assert.equal(v.match, 'equal', v.text);
    assert.match(v.text, /reproduced the shipped results: all \d+ counts/);
    // the same numbers in the table, now from this browser
    await drawNear(b.page, '#labacc');
    await b.page.waitForFunction(() =>
      document
        .getElementById('labacc')
        .shadowRoot.querySelector('.lab-source')
        .textContent.startsWith('Trained in this'),
    );
    assert.equal(await table(), before, 'the accuracy table is unchanged');
    assert.deepEqual(problems, []);
  } finally {
    await b.close();
  }
});

test('the lab figures as an embed of their own: strict CSP, shipped results, Retrain in Workers', async () => {
  const b = await launch();
  try {
    const problems = watch(b.page);
    const requests = [];
    b.page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await b.page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));
    });
    await b.page.goto(`${dist.url}host/`);
    for (const id of ['c', 'l', 'a', 't', 'z']) await drawNear(b.page, `#${id}`, { problems });
    for (const id of ['l', 'a', 't', 'z']) {
      const v = await view(b.page, id);
      assert.deepEqual(v.errors, []);
      assert.ok(v.paths > 3 || v.inked > 0, `#${id} is drawn`);
    }
    assert.match((await view(b.page, 'z')).title, /训练过的位置表/, 'lang="zh" on one figure');
    assert.ok(requests.includes('/lib/posenc-lab-results.json'), 'results from beside the script');
    assert.ok(!requests.some((p) => /posenc-embed\.js$/.test(p)), 'the core embed is not loaded');
    assert.equal((await view(b.page, 'c')).state, 'shipped');
    await b.page.locator('#c button.primary').click();
    await b.page.waitForFunction(() => document.getElementById('c').dataset.state === 'done', null, { timeout: 60000 });
    assert.equal((await view(b.page, 'c')).match, 'equal');
    // hostile attributes fall back to the defaults and execute nothing
    await b.page.evaluate(() => {
      const c = document.getElementById('c');
      c.setAttribute('schemes', '<img src=x onerror="window.__pwned=1">');
      c.setAttribute('steps', '1e99');
      document.getElementById('t').setAttribute('scheme', '"><script>window.__pwned=2</script>');
    });
    await b.page.waitForTimeout(300);
    assert.equal(await b.page.evaluate(() => window.__pwned), undefined);
    assert.equal(await b.page.locator('#c').evaluate((c) => c.shadowRoot.querySelectorAll('img, script').length), 0);
    assert.deepEqual(await b.page.evaluate(() => window.__violations), []);
    assert.deepEqual(problems, []);
  } finally {
    await b.close();
  }
});
