// The page in Debian's Chromium: loads clean, draws every figure, mirrors controls in the URL,
// restores on reload, switches language, shows the library's own numbers, shrugs off a hostile
// URL, fits a phone, and leaves one screenshot per section in test-results/sections/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openSite,
  closeSite,
  launch,
  watch,
  renderAll as renderEach,
  waitRendered,
  resultsDir,
  FIGURES as BASE_FIGURES,
  mountFigure,
} from './harness.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './harness.mjs';

// The figure of section 6c shows what the library reads from a config: the tests compare the page with
// the library itself (dist/lib in Node) reading the whole real config.json each example was copied from.
const { load } = await import(pathToFileURL(join(ROOT, 'dist', 'lib', 'index.js')).href);
const { FIGURE_PARAMS } = await import(pathToFileURL(join(ROOT, 'web', 'elements', 'recipes.js')).href);
const posenc = await load();
const EXAMPLE_SOURCES = {
  llama31: 'llama-3.1-8b',
  'qwen-yarn': 'qwen2.5-7b-instruct-yarn',
  'phi3-longrope': 'phi-3.5-mini-instruct',
  gemma3: 'gemma-3-4b-it',
  'gpt-oss': 'gpt-oss-20b',
  'qwen25-vl': 'qwen2.5-vl-7b-instruct',
  'phi35-v5': 'phi-3.5-mini-instruct-v5',
};
const realConfig = (name) => readFileSync(join(ROOT, 'tests', 'configs', `${EXAMPLE_SOURCES[name]}.json`), 'utf8');
/** The library's error for a config text, as the figure shows it ("Name: message"). */
function libraryError(text) {
  try {
    posenc.ropeFromConfig(text);
  } catch (err) {
    return `${err.name}: ${err.message}`;
  }
  throw new Error(`the library accepts ${text}`);
}
/** What the config figure shows: its table (layer types and rows), flags, notes and errors. */
const configView = (page, sel) =>
  page.evaluate((s) => {
    const root = document.querySelector(s).shadowRoot;
    const shown = (el) => el && !el.closest('[hidden]');
    return {
      title: root.querySelector('.title').textContent,
      layerTypes: [...root.querySelectorAll('table.layers thead th[data-layer-type]')].map((th) => th.textContent),
      rows: [...root.querySelectorAll('table.layers tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent),
      ),
      flags: shown(root.querySelector('pre.flags')) ? root.querySelector('pre.flags').textContent : null,
      notes: [...root.querySelectorAll('ul.notes li')].map((li) => li.textContent),
      errors: [...root.querySelectorAll('.err[role=alert]')].map((e) => e.textContent),
      paths: root.querySelectorAll('svg path').length,
      text: root.querySelector('textarea').value,
    };
  }, sel);

// the RoPE dials and section 6 (long context) join the figures every check below covers
const LONG_FIGURES = [
  'posenc-rope-dials',
  'posenc-alibi-t5',
  'posenc-rope-scaling-frequencies',
  'posenc-rope-scaling-angles',
  'posenc-rope-scaling-logits',
  'posenc-config-paste',
  'posenc-mrope-positions',
  'posenc-rope-layout-lab',
  'posenc-precision-lab',
];
const FIGURES = [...BASE_FIGURES, ...LONG_FIGURES];
const renderAll = (page) => renderEach(page, { tags: FIGURES });

const SECTIONS = ['why', 'sinusoidal', 'learned', 'relative', 'rope', 'compare', 'long'];
let srv, browser;

before(async () => ({ srv, browser } = await openSite()));
after(() => closeSite({ srv, browser }));

/** A fingerprint of what a figure shows: its canvases' pixels and its SVG/table text. */
function fingerprint(page, sel) {
  return page.evaluate((s) => {
    const root = document.querySelector(s).shadowRoot;
    let h = 0;
    const mix = (x) => {
      h = (Math.imul(h, 31) + x) | 0;
    };
    for (const c of root.querySelectorAll('canvas')) {
      if (!c.width || !c.height) continue;
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      for (let i = 0; i < d.length; i += 4 * 7) mix(d[i] + 3 * d[i + 1] + 7 * d[i + 2]);
    }
    for (const ch of root.querySelector('.body')?.textContent ?? '') mix(ch.charCodeAt(0));
    for (const p of root.querySelectorAll('path, line, circle'))
      for (const ch of p.getAttribute('d') ?? p.getAttribute('x2') ?? p.getAttribute('cx') ?? '') mix(ch.charCodeAt(0));
    return h;
  }, sel);
}

/** How each figure shows ink: canvases with varied pixels, or SVG paths, or table cells. */
function inkReport(page) {
  return page.evaluate(
    (tags) =>
      tags.map((t) => {
        const root = document.querySelector(t).shadowRoot;
        let variedCanvases = 0,
          canvases = 0,
          inkedCanvases = 0;
        for (const c of root.querySelectorAll('canvas')) {
          if (!c.width || !c.height || c.closest('[hidden]')) continue; // a panel the figure does not show
          canvases++;
          const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          const colours = new Set();
          let opaque = 0;
          for (let i = 0; i < d.length; i += 4 * 13) {
            if (colours.size < 3) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
            if (d[i + 3] === 255) opaque++;
          }
          if (colours.size >= 2) variedCanvases++;
          if (opaque > 0) inkedCanvases++;
        }
        return {
          t,
          canvases,
          variedCanvases,
          inkedCanvases,
          paths: root.querySelectorAll('svg path').length,
          cells: root.querySelectorAll('td').length,
          errors: [...root.querySelectorAll('.err[role=alert]')].map((e) => e.textContent),
        };
      }),
    FIGURES,
  );
}

test('the page loads with no console error or failed request and draws every figure', async () => {
  const { page } = browser;
  const problems = watch(page);
  const t0 = Date.now();
  await page.goto(srv.url);
  // formulas are typeset in the HTML itself: present before any script has run
  assert.ok((await page.locator('.katex').count()) > 20, 'KaTeX formulas in the page');
  await renderAll(page);
  const report = await inkReport(page);
  for (const r of report) {
    assert.deepEqual(r.errors, [], `${r.t} shows an error`);
    assert.ok(r.variedCanvases > 0 || r.paths > 2 || r.cells > 10, `${r.t} is blank: ${JSON.stringify(r)}`);
    if (r.canvases) assert.equal(r.inkedCanvases, r.canvases, `${r.t}: every canvas drawn`);
  }
  const chip = await page.locator('#lib-status').textContent();
  assert.match(chip, /wasm (SIMD128|scalar) · posenc \d/);
  assert.deepEqual(problems, []);
  console.log(`# all ${FIGURES.length} figures drawn in ${Date.now() - t0} ms; ${chip}`);
});

test('a control changes its figure and the URL; reloading the URL restores the view', async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.goto(srv.url);
  const sel = '#sin';
  await page.locator(sel).scrollIntoViewIfNeeded();
  let gen = await waitRendered(page, sel);
  const before = await fingerprint(page, sel);
  // the dim slider, driven by the keyboard (ArrowLeft = one step down; dim steps by 2)
  const range = page.locator(`${sel} input[type=range]`).nth(1);
  await range.focus();
  for (let i = 0; i < 32; i++) await range.press('ArrowLeft');
  gen = await waitRendered(page, sel, gen);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('sin.dim') === '64');
  assert.equal(await page.locator(sel).getAttribute('dim'), '64');
  const changed = await fingerprint(page, sel);
  assert.notEqual(changed, before, 'the heatmap changed');
  // the number box: type a base
  const base = page.locator(`${sel} input[type=number]`).nth(2);
  await base.fill('500');
  await base.press('Enter');
  gen = await waitRendered(page, sel, gen);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('sin.base') === '500');
  const view = await fingerprint(page, sel);
  const url = page.url();
  await page.reload();
  await page.locator(sel).scrollIntoViewIfNeeded();
  await waitRendered(page, sel);
  assert.equal(page.url(), url);
  assert.equal(await page.locator(sel).getAttribute('dim'), '64');
  assert.equal(await page.locator(`${sel} input[type=number]`).nth(1).inputValue(), '64');
  assert.equal(await fingerprint(page, sel), view, 'the same view after reload');
  assert.deepEqual(problems, []);
});

test('the language toggle switches the text, the figures and the URL', async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.goto(`${srv.url}?lang=en`);
  await page.locator('#sin').scrollIntoViewIfNeeded();
  await waitRendered(page, '#sin');
  assert.match(await page.locator('h1').innerText(), /Positional encodings/);
  await page.click('button[data-set-lang=zh]');
  assert.equal(await page.getAttribute('html', 'data-lang'), 'zh');
  assert.match(await page.locator('h1').innerText(), /位置编码/);
  assert.doesNotMatch(await page.locator('h1').innerText(), /Positional/);
  assert.match(await page.locator('#sin .title').innerText(), /每行一个位置/);
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'zh');
  await page.reload();
  assert.equal(await page.getAttribute('html', 'data-lang'), 'zh');
  assert.deepEqual(problems, []);
});

test("a table's numbers are the library's numbers", async () => {
  const { page } = browser;
  await page.goto(`${srv.url}?sintab.dim=24&sintab.base=777&sintab.positions=40`);
  await mountFigure(page, 'posenc-sinusoidal-table', 'sintab');
  await page.locator('#sintab').scrollIntoViewIfNeeded();
  await waitRendered(page, '#sintab');
  const { shown, expected } = await page.evaluate(async () => {
    const { load } = await import('/lib/index.js');
    const posenc = await load();
    const expected = Array.from(posenc.sinusoidal({ positions: 40, dim: 24, base: 777 }));
    const rows = [...document.querySelector('#sintab').shadowRoot.querySelectorAll('tbody tr[aria-rowindex]')];
    const shown = rows.map((tr) => ({
      i: Number(tr.getAttribute('aria-rowindex')) - 2,
      v: [...tr.querySelectorAll('td')].map((td) => Number(td.title)),
    }));
    return { shown, expected };
  });
  assert.ok(shown.length >= 10, 'rows rendered');
  let compared = 0;
  for (const { i, v } of shown) {
    assert.equal(v.length, 24);
    v.forEach((x, j) => {
      assert.equal(Math.fround(x), expected[i * 24 + j], `row ${i} col ${j}`);
      compared++;
    });
  }
  console.log(`# ${compared} table cells equal the library's float32 values bit for bit`);
});

test('a heatmap downloads as PNG, SVG and CSV; a line plot as CSV', async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.goto(`${srv.url}?sin.positions=8&sin.dim=4`);
  await page.locator('#sin').scrollIntoViewIfNeeded();
  await waitRendered(page, '#sin');
  const got = {};
  for (const kind of ['PNG', 'SVG', 'CSV']) {
    await page.locator('#sin .head .menu-btn').click(); // the formats sit in one menu, in the figure's head
    // one panel: its items are the formats alone, as they were when every panel had its own menu
    assert.deepEqual(await page.locator('#sin [role=menuitem]').allTextContents(), ['PNG', 'SVG', 'CSV']);
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#sin [role=menuitem]', { hasText: kind }).click(),
    ]);
    const path = await dl.path();
    got[kind] = { name: dl.suggestedFilename(), text: (await import('node:fs')).readFileSync(path) };
  }
  assert.match(got.PNG.name, /^sinusoidal_8x4_base10000\.png$/);
  assert.deepEqual([...got.PNG.text.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
  assert.match(got.SVG.text.toString(), /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<image[\s\S]*<\/svg>$/);
  const csv = got.CSV.text.toString().trim().split('\n');
  assert.equal(csv.length, 9, 'header + 8 positions');
  const expected = await page.evaluate(async () =>
    Array.from((await (await import('/lib/index.js')).load()).sinusoidal({ positions: 8, dim: 4 })),
  );
  assert.deepEqual(
    csv.slice(1).flatMap((line) => line.split(',').slice(1).map(Number)),
    expected,
  );
  await page.locator('#decay').scrollIntoViewIfNeeded();
  await waitRendered(page, '#decay');
  // two line plots: the menu has a group per plot, named by the plot's title
  await page.locator('#decay .head .menu-btn').click();
  const [dl] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#decay [role=group]').first().locator('[role=menuitem]', { hasText: 'CSV' }).click(),
  ]);
  assert.match(dl.suggestedFilename(), /^rope_logit_vs_distance\.csv$/);
  assert.deepEqual(problems, []);
});

test('a hostile URL executes nothing and the page still renders', async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.addInitScript(() => {
    window.__pwned = 0;
  });
  const hostile = new URLSearchParams({
    lang: '"><img src=x onerror="window.__pwned=1">',
    'sin.dim': 'NaN',
    'sin.positions': '1e12',
    'sin.base': '<script>window.__pwned=2</script>',
    'why0.encoding': '<svg onload="window.__pwned=3">',
    'learned0.position': '-1e309',
    'plane.qx': 'Infinity',
    'cmp.seq': '1e12',
    'shift.shift': '0x10',
    'elementwise.dim': '3',
    '<b>x</b>.dim': '8',
    'freqs.factor': '-Infinity',
    'freqs.original': '9'.repeat(400),
    'logits.scaling': '<img src=x onerror="window.__pwned=4">',
    'config.example': '"><script>window.__pwned=5</script>',
    'config.seqLen': '-5',
    'config.contextLength': 'NaN',
    'precision.measure': 'constructor',
    'precision.dim': '1e9',
    'alibi.head': '999',
    'alibi.mask': 'javascript:alert(1)',
    'mrope.sections': '<img src=x onerror="window.__pwned=6">',
    'mrope.height': '1e9',
    'mrope.frames': '-3',
  });
  await page.goto(`${srv.url}?${hostile}`);
  await renderAll(page);
  assert.equal(await page.evaluate(() => window.__pwned), 0);
  assert.equal(await page.locator('img[src=x]').count(), 0);
  const attrs = await page.evaluate(() => ({
    dim: document.querySelector('#sin').getAttribute('dim'),
    positions: document.querySelector('#sin').getAttribute('positions'),
    base: document.querySelector('#sin').getAttribute('base'),
    enc: document.querySelector('#why0').getAttribute('encoding'),
    seq: document.querySelector('#cmp').getAttribute('seq'),
    mdim: document.querySelector('#elementwise').getAttribute('dim'),
    lang: document.documentElement.dataset.lang,
  }));
  assert.deepEqual(attrs, {
    dim: '128',
    positions: '2048',
    base: '10000',
    enc: 'none',
    seq: '256',
    mdim: '2',
    lang: attrs.lang,
  });
  const long = await page.evaluate(() =>
    [
      'freqs:factor',
      'freqs:original',
      'logits:scaling',
      'config:example',
      'config:seq-len',
      'config:context-length',
      'precision:measure',
      'precision:dim',
      'alibi:head',
      'alibi:mask',
      'mrope:sections',
      'mrope:height',
      'mrope:frames',
    ].map((k) => {
      const [id, a] = k.split(':');
      return document.querySelector(`#${id}`).getAttribute(a);
    }),
  );
  assert.deepEqual(long, [
    '4',
    '1048576',
    'yarn',
    'llama31',
    '0',
    '0',
    'cos',
    '1024',
    '64',
    'none',
    'chunked',
    '8',
    '1',
  ]);
  assert.ok(['en', 'zh'].includes(attrs.lang));
  const report = await inkReport(page);
  for (const r of report) assert.ok(r.variedCanvases > 0 || r.paths > 2 || r.cells > 10, `${r.t} still drawn`);
  assert.deepEqual(problems, []);
});

test('phone width: no horizontal scrolling, and one screenshot per section', async () => {
  const dir = await resultsDir('sections');
  for (const [name, opts] of [
    ['desktop', { viewport: { width: 1200, height: 900 } }],
    ['phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 }],
    ['dark', { viewport: { width: 1200, height: 900 }, colorScheme: 'dark', locale: 'zh-CN' }],
  ]) {
    const b = await launch(opts);
    try {
      const problems = watch(b.page);
      await b.page.goto(srv.url);
      await renderAll(b.page);
      if (name === 'dark')
        assert.equal(await b.page.getAttribute('html', 'data-lang'), 'zh', 'language from the browser');
      const overflow = await b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${name}: page wider than the screen by ${overflow}px`);
      for (const id of SECTIONS) {
        const el = b.page.locator(`#${id}`);
        await el.scrollIntoViewIfNeeded();
        await b.page.waitForTimeout(100);
        await el.screenshot({ path: `${dir}/${name}-${id}.png` });
      }
      assert.deepEqual(problems, []);
    } finally {
      await b.close();
    }
  }
});

test("a hostile pasted config shows the library's error and executes nothing; a good one gives flags", async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.addInitScript(() => {
    window.__pwned = 0;
  });
  await page.goto(`${srv.url}?config.example=qwen-yarn&lang=en`);
  const sel = '#config';
  await page.locator(sel).scrollIntoViewIfNeeded();
  let gen = await waitRendered(page, sel);
  const flags = () => page.locator(`${sel} pre.flags`).textContent();
  assert.match(await flags(), /^--rope-scaling yarn$/m);
  assert.match(await flags(), /--rope-scaling yarn\n--rope-scale 4\n--yarn-orig-ctx 32768/);
  const hostile = [
    '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
    '{"hidden_size": 4096, "num_attention_heads": 32, "rope_theta": "<img src=x onerror=window.__pwned=3>"}',
    '{"head_dim": 128, "rope_theta": 1e999, "rope_scaling": {"rope_type": ' +
      '"yarn", "factor": 4, "original_max_position_embeddings": 4096}}',
    '{"head_dim": 128, "rope_scaling": {"rope_type": "<svg onload=window.__pwned=4>", "factor": 4}}',
    '{"head_dim": 128, "rope_scaling": {"rope_type": "linear", "factor": "8"}}',
    '{"head_dim": 1e300, "rope_scaling": null}',
    '[1, 2, 3]',
    '{"head_dim": 96, "original_max_position_embeddings": 4096, ' +
      '"rope_scaling": {"type": "longrope", "short_factor": [1, 2], ' +
      '"long_factor": {"__proto__": 1}}}',
    '{"model_type": "bloom"}',
    '{"model_type": "gpt2", "n_embd": 768}',
    '{"hidden_size": 64, "num_attention_heads": 2, "rope_scaling": {"rope_type": "su-per", "factor": 2}}',
    '',
  ];
  for (const text of hostile) {
    await page.locator(`${sel} textarea`).fill(text);
    gen = await waitRendered(page, sel, gen);
    const err = await page.locator(`${sel} .err[role=alert]`).textContent();
    // the library's own message, word for word, after the figure's one-line lead-in
    assert.equal(err, `The library cannot read this config: ${libraryError(text)}`, text);
    assert.equal(await page.locator(`${sel} img, ${sel} script, ${sel} svg[onload]`).count(), 0);
  }
  assert.match(libraryError('<img>'), /^RangeError: config must be valid JSON/);
  assert.match(libraryError('{"model_type": "bloom"}'), /^RangeError: .*rotary/);
  assert.equal(await page.evaluate(() => window.__pwned), 0);
  assert.equal(await page.locator('img[src=x]').count(), 0);
  // and back to a good config: the error goes away
  await page
    .locator(`${sel} textarea`)
    .fill(JSON.stringify({ head_dim: 64, rope_theta: 10000, rope_scaling: { rope_type: 'linear', factor: 2 } }));
  await waitRendered(page, sel, gen);
  assert.equal(await page.locator(`${sel} .err`).count(), 0);
  assert.equal(await flags(), '--rope-scaling linear\n--rope-scale 2');
  // switching the language rebuilds the figure in Chinese and keeps the pasted text
  const pasted = await page.locator(`${sel} textarea`).inputValue();
  gen = await page.evaluate((s) => Number(document.querySelector(s).dataset.ready), sel);
  await page.click('button[data-set-lang=zh]');
  await page.locator(sel).scrollIntoViewIfNeeded(); // (the toggle sits at the top: figures far from the viewport wait)
  await waitRendered(page, sel, gen);
  assert.match(await page.locator(`${sel} .title`).innerText(), /粘贴模型的/);
  assert.equal(await page.locator(`${sel} textarea`).inputValue(), pasted);
  assert.equal(await flags(), '--rope-scaling linear\n--rope-scale 2');
  assert.deepEqual(problems, []);
});

for (const lang of ['en', 'zh']) {
  test(`config figure (${lang}): every example shows what the library reads from the real config.json`, async () => {
    const { page } = browser;
    const problems = watch(page);
    await page.goto(`${srv.url}?lang=${lang}`);
    const sel = '#config';
    await page.locator(sel).scrollIntoViewIfNeeded();
    let gen = await waitRendered(page, sel);
    const examples = FIGURE_PARAMS['posenc-config-paste'].example.values;
    assert.deepEqual([...examples].sort(), Object.keys(EXAMPLE_SOURCES).sort());
    assert.equal(await page.locator(`${sel} .seg button`).count(), examples.length);
    for (const [i, name] of examples.entries()) {
      if (i > 0) {
        // the first is the default, already shown
        await page.locator(`${sel} .seg button`).nth(i).click();
        gen = await waitRendered(page, sel, gen);
      }
      await page.waitForFunction(
        (n) => new URL(location.href).searchParams.get('config.example') === (n === 'llama31' ? null : n),
        name,
      );
      const v = await configView(page, sel);
      assert.deepEqual(v.errors, [], `${name} shows an error`);
      assert.match(v.title, lang === 'zh' ? /粘贴模型的/ : /Paste a model/);
      assert.ok(v.paths > 2, `${name}: the frequency plot is drawn`);
      const full = realConfig(name);
      const layers = posenc
        .ropeFromConfig(full)
        .layerTypes.map((layerType) => posenc.ropeFromConfig(full, { layerType }));
      assert.deepEqual(
        v.layerTypes,
        layers.map((l) => l.layerType),
        `${name}: one column per layer type`,
      );
      // rows: rope_type, head dim, rotary dim, base, layout, attention factor (then M-RoPE sections)
      assert.deepEqual(
        v.rows.slice(0, 4),
        [
          layers.map((l) => l.ropeType),
          layers.map((l) => String(l.headDim)),
          layers.map((l) => String(l.rotaryDim)),
          layers.map((l) => String(l.base)),
        ],
        name,
      );
      assert.deepEqual(
        v.rows[5],
        layers.map((l) => String(l.attentionFactor)),
        name,
      );
      for (const [k, l] of layers.entries())
        assert.match(
          v.rows[4][k],
          new RegExp(`^${l.layout === 'half' ? 'half' : lang === 'zh' ? '交错' : 'interleaved'}`),
        );
      if (layers.some((l) => l.sections))
        assert.deepEqual(
          v.rows[6],
          layers.map((l) => (l.sections ? l.sections.join(', ') : '—')),
        );
      else assert.equal(v.rows.length, 6);
      const { flags, notes } = posenc.llamaCppFlags(full, { lang }); // the notes in the page's language
      assert.equal(v.flags, flags.length ? flags.join('\n') : null, `${name}: flags`);
      assert.deepEqual(v.notes, notes, `${name}: notes`);
      assert.doesNotThrow(() => JSON.parse(v.text), `${name}: the example's text is JSON`);
    }
    // the examples the brief names, spelled out
    await page.locator(`${sel} .seg button`).nth(examples.indexOf('gemma3')).click();
    gen = await waitRendered(page, sel, gen);
    assert.deepEqual((await configView(page, sel)).layerTypes, ['sliding_attention', 'full_attention']);
    assert.equal(
      await page.evaluate(
        (s) => document.querySelector(s).shadowRoot.querySelectorAll('svg path[stroke-dasharray]').length >= 1,
        sel,
      ),
      true,
      'the scaled layer has its unscaled reference',
    );
    // the llama.cpp context length reaches llamaCppFlags (Phi-3.5: which LongRoPE factors llama.cpp picks)
    await page.locator(`${sel} .seg button`).nth(examples.indexOf('phi3-longrope')).click();
    gen = await waitRendered(page, sel, gen);
    assert.ok(!(await configView(page, sel)).notes.some((n) => /^(With )?-c/.test(n)));
    const context = page.locator(`${sel} input[type=number]`).nth(1); // after the sequence length's
    assert.equal(
      await context.getAttribute('aria-label'),
      lang === 'zh' ? 'llama.cpp 上下文长度 -c（0 = 不指定）' : 'llama.cpp context -c (0 = not given)',
    );
    await context.fill('131072');
    await context.press('Enter');
    gen = await waitRendered(page, sel, gen);
    assert.equal(await page.locator(sel).getAttribute('context-length'), '131072');
    assert.deepEqual(
      (await configView(page, sel)).notes,
      posenc.llamaCppFlags(realConfig('phi3-longrope'), { contextLength: 131072, lang }).notes,
    );
    assert.ok(
      (await configView(page, sel)).notes.includes(
        lang === 'zh' ? '-c 131072 时 llama.cpp 使用长系数。' : 'With -c 131072 llama.cpp uses the long factors.',
      ),
    );
    await page.waitForFunction(() => new URL(location.href).searchParams.get('config.contextLength') === '131072');
    assert.deepEqual(problems, []);
  });
}

// The M-RoPE figure (section 6, after the config figure). Expected values come from here: the numbering as
// Qwen2-VL's get_rope_index gives it, and the number of pairs per axis from the rule the README documents.
/** Pairs per axis (t, h, w) of head dim 128: consecutive chunks, or pair j by axis j % 3 while
 *  j < 3 * sections[j % 3], else t. */
function pairsPerAxis(sections, interleaved) {
  if (!interleaved) return [...sections];
  const n = [0, 0, 0];
  for (let j = 0; j < 64; j++) n[j % 3 !== 0 && j < 3 * sections[j % 3] ? j % 3 : 0]++;
  return n;
}
const mropeView = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('#mrope').shadowRoot;
    const axes = [...root.querySelectorAll('.mr-strip [data-axis]')].map((c) => c.dataset.axis);
    return {
      title: root.querySelector('.title').textContent,
      cells: [...root.querySelectorAll('.mr-grid .tok')].map((c) => c.dataset.thw),
      shown: [...root.querySelectorAll('.mr-grid .tok')].map((c) => c.textContent),
      blocks: root.querySelectorAll('.mr-grid .frame-block').length,
      counts: ['t', 'h', 'w'].map((a) => axes.filter((x) => x === a).length),
      strip: axes.length,
      check: root.querySelector('.mr-check').textContent,
      gridLabel: root.querySelector('.mr-grid').getAttribute('aria-label'),
      stripLabel: root.querySelector('.mr-strip').getAttribute('aria-label'),
      errors: [...root.querySelectorAll('.err[role=alert]')].map((e) => e.textContent),
    };
  });

for (const lang of ['en', 'zh']) {
  test(
    `M-RoPE figure (${lang}): the (t, h, w) of a 2 x 3 ` + `image, and the pairs of each axis in both layouts`,
    async () => {
      const { page } = browser;
      const problems = watch(page);
      await page.goto(`${srv.url}?lang=${lang}&mrope.height=2&mrope.width=3`);
      const sel = '#mrope';
      await page.locator(sel).scrollIntoViewIfNeeded();
      let gen = await waitRendered(page, sel);
      let v = await mropeView(page);
      assert.deepEqual(v.errors, []);
      assert.match(v.title, lang === 'zh' ? /图像与视频/ : /image and video tokens/);
      // 3 text tokens, the patches at (start, start + row, start + column), then text from the largest + 1
      const want = ['0,0,0', '1,1,1', '2,2,2', '3,3,3', '3,3,4', '3,3,5', '3,4,3', '3,4,4', '3,4,5', '6,6,6', '7,7,7'];
      assert.deepEqual(v.cells, want);
      assert.deepEqual(
        v.shown,
        want.map((x) => x.replaceAll(',', '')),
        'each cell shows t, h, w',
      );
      assert.equal(v.blocks, 1);
      assert.match(v.gridLabel, /3 3 5; 3 4 3/);
      assert.deepEqual(v.counts, pairsPerAxis([16, 24, 24], false));
      assert.equal(v.strip, 64);
      assert.match(v.stripLabel, /t 16, h 24, w 24/);
      assert.match(v.check, lang === 'zh' ? /是$/ : /yes$/);
      // Qwen3-VL's interleaved layout, through its button (keyboard: focus and Enter)
      const button = page.locator(`${sel} .seg button`).nth(1);
      assert.match(await button.textContent(), /Qwen3-VL/);
      await button.focus();
      await page.keyboard.press('Enter');
      gen = await waitRendered(page, sel, gen);
      await page.waitForFunction(() => new URL(location.href).searchParams.get('mrope.sections') === 'interleaved');
      v = await mropeView(page);
      const interleaved = pairsPerAxis([24, 20, 20], true);
      assert.deepEqual(interleaved, [24, 20, 20]);
      assert.deepEqual(v.counts, interleaved);
      assert.deepEqual(v.cells, want, 'the numbering does not depend on the layout');
      // a video of two frames: one block each, the second at t + 1
      const frames = page.locator(`${sel} input[type=number]`).nth(2);
      assert.equal(
        await frames.getAttribute('aria-label'),
        lang === 'zh' ? '视频帧数（1 即单张图片）' : 'video frames (1 = an image)',
      );
      await frames.fill('2');
      await frames.press('Enter');
      gen = await waitRendered(page, sel, gen);
      v = await mropeView(page);
      assert.equal(v.blocks, 2);
      assert.deepEqual(v.cells.slice(9, 12), ['4,3,3', '4,3,4', '4,3,5']);
      assert.deepEqual(v.cells.slice(-2), ['6,6,6', '7,7,7']);
      const ink = await inkReport(page);
      const r = ink.find((x) => x.t === 'posenc-mrope-positions');
      assert.ok(r.variedCanvases > 0 && r.inkedCanvases === r.canvases, `the logit map is drawn: ${JSON.stringify(r)}`);
      assert.deepEqual(problems, []);
    },
  );
}
