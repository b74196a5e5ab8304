// The embed (dist/lib/posenc-embed.js) in Debian's Chromium, on a host page that is not ours: the page is
// written here, with hostile CSS of its own and a strict Content-Security-Policy, and places every figure
// element twice. Both instances render, they do not interfere, they share one Worker and one wasm download,
// nothing errors, nothing violates the CSP. Then the gallery and the example post (dist/site) load clean,
// and the Custom Elements Manifest matches what the embed registers and FIGURE_PARAMS declares.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, launch, watch, ROOT, resultsDir, drawNear } from './harness.mjs';

const DIST = join(ROOT, 'dist');
const EMBED = join(DIST, 'lib'); // the package's folder: library, embed and wasm
for (const f of ['posenc-embed.js', 'worker.js', 'custom-elements.json', 'posenc-simd.wasm', 'posenc-scalar.wasm']) {
  if (!existsSync(join(EMBED, f)))
    throw new Error(
      `dist/lib/${f} is missing: run \`npm run build\` (or node tools/build-embed.mjs after node tools/build.mjs)`,
    );
}
for (const f of ['embed.html', 'example-post.html', 'embed/posenc-embed.js']) {
  if (!existsSync(join(DIST, 'site', f))) throw new Error(`dist/site/${f} is missing: run \`npm run build\``);
}
const { formatValue, attrName } = await import(pathToFileURL(join(ROOT, 'web', 'elements', 'params.js')).href);
const { FIGURE_PARAMS } = await import(pathToFileURL(join(ROOT, 'web', 'elements', 'recipes.js')).href);
const TAGS = Object.keys(FIGURE_PARAMS);

// The policy the issue asks for, and a harder one (everything else 'self', no inline style at all):
// the embed needs nothing beyond script-src 'self' 'wasm-unsafe-eval' in either.
const POLICIES = {
  issue: "script-src 'self' 'wasm-unsafe-eval'",
  hardened:
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src " +
    "'self'; img-src 'self'; object-src 'none'; base-uri 'none'; " +
    "form-action 'none'",
};

// A blog theme that tries everything: resets every element, hides every div, canvas, svg, figure, table,
// button and input, forces inherited text properties on everything, and defines the same short custom
// property names the figures use internally.
const HOSTILE_CSS = `
* { all: unset; }
head, script, style, title { display: none; }
html { display: block; background: #fffbe6; }
body { display: block; margin: 10px; font: 23px/0.8 "Comic Sans MS", cursive; color: #a0f; letter-spacing: 3px;
  word-spacing: 9px;
  text-transform: uppercase; text-align: right; text-indent: 40px; font-style: italic; cursor: wait; }
div, canvas, svg, figure, table, button, input, select, label, span, p.hide { display: none !important; }
canvas, svg { visibility: hidden !important; width: 0 !important; height: 0 !important; }
section { display: block; border: 3px dashed #f0a; padding: 4px; margin: 6px 0; }
* { box-sizing: content-box !important; --fg: #f0f; --bg: #0f0; --accent: #ff0; --border: red; --panel: blue;
  --muted: orange; --radius: 40px; }
:root { --posenc-radius: 2px; }
`;

const HOST_JS = `
window.__violations = [];
window.__changes = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
});
document.addEventListener('change', (e) => {
  if (e.target && e.target.localName && e.target.localName.indexOf('posenc-') === 0)
    window.__changes.push({ id: e.target.id, detail: e.detail });
});
`;

function hostPage() {
  const pairs = TAGS.map(
    (t) =>
      `<section><h2>${t}</h2>\n<${t} id="${t}-a"></${t}>\n<p>Some ` +
      `prose between the two.</p>\n<${t} id="${t}-b"></${t}></section>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Someone else's blog</title>
<link rel="stylesheet" href="/host/theme.css">
<script src="/host/host.js"></script>
<script type="module" src="/lib/posenc-embed.js"></script>
</head><body><h1>A blog post that embeds posenc</h1>
<p>Every figure twice, no attributes.</p>
${pairs}
</body></html>`;
}

const routes = (csp) => ({
  '/host/': { type: 'text/html; charset=utf-8', body: hostPage(), csp },
  '/host/theme.css': { type: 'text/css', body: HOSTILE_CSS, csp },
  '/host/host.js': { type: 'text/javascript', body: HOST_JS, csp },
  '/favicon.ico': { type: 'image/x-icon', body: '', csp },
});

let srv, browser;
before(async () => {
  srv = await serve(DIST, {
    extraRoutes: {
      ...routes(POLICIES.issue),
      ...Object.fromEntries(
        Object.entries(routes(POLICIES.hardened)).map(([k, v]) => [k.replace('/host/', '/host2/'), v]),
      ),
    },
  });
  browser = await launch({ viewport: { width: 1000, height: 800 } });
});
after(async () => {
  await browser?.close();
  await srv?.close();
});

/** What an element shows: canvases with varied opaque pixels, SVG marks, table cells, errors. */
const ink = (page, id) =>
  page.evaluate((i) => {
    const root = document.getElementById(i).shadowRoot;
    let varied = 0,
      canvases = 0,
      h = 0;
    const mix = (x) => {
      h = (Math.imul(h, 31) + x) | 0;
    };
    for (const c of root.querySelectorAll('canvas')) {
      if (!c.width || !c.height) continue;
      canvases++;
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const colours = new Set();
      for (let k = 0; k < d.length; k += 4 * 11) {
        if (d[k + 3] === 255) colours.add((d[k] << 16) | (d[k + 1] << 8) | d[k + 2]);
        mix(d[k] + 3 * d[k + 1]);
      }
      if (colours.size >= 2) varied++;
    }
    for (const ch of root.querySelector('.body')?.textContent ?? '') mix(ch.charCodeAt(0));
    for (const p of root.querySelectorAll('path, line, circle'))
      for (const ch of p.getAttribute('d') ?? p.getAttribute('x2') ?? p.getAttribute('cx') ?? '') mix(ch.charCodeAt(0));
    const box = root.querySelector('.frame').getBoundingClientRect();
    return {
      canvases,
      varied,
      paths: root.querySelectorAll('svg path, svg line').length,
      cells: root.querySelectorAll('td').length,
      errors: [...root.querySelectorAll('.err[role=alert]')].map((e) => e.textContent),
      w: box.width,
      h: box.height,
      hash: h,
      font: getComputedStyle(root.querySelector('.title')).fontFamily,
      transform: getComputedStyle(root.querySelector('.title')).textTransform,
      spacing: getComputedStyle(root.querySelector('.title')).letterSpacing,
      bg: getComputedStyle(root.querySelector('.frame')).backgroundColor,
      ready: Number(document.getElementById(i).dataset.ready ?? 0),
    };
  }, id);

async function renderAllTwice(page, problems = []) {
  for (const t of TAGS) for (const s of ['a', 'b']) await drawNear(page, `#${t}-${s}`, { problems });
}

for (const [name, csp] of Object.entries(POLICIES)) {
  test(
    `host page (${name} CSP: ${csp.split(';')[0]}…, hostile ` +
      `CSS): every element twice renders, once worker, no ` +
      `error`,
    async () => {
      const { page } = browser;
      const problems = watch(page);
      const wasm = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.wasm')) wasm.push(r.url());
      });
      await page.goto(`${srv.url}${name === 'issue' ? 'host' : 'host2'}/`);
      // far below the fold: not computed until scrolled near (IntersectionObserver)
      await page.waitForFunction(() => customElements.get('posenc-rope-plane'));
      await page.waitForTimeout(300);
      assert.equal(
        await page.evaluate(() => document.getElementById('posenc-attention-compare-b').dataset.ready),
        undefined,
        'the last figure waits until it is scrolled near',
      );
      await renderAllTwice(page, problems);
      for (const t of TAGS)
        for (const s of ['a', 'b']) {
          const r = await ink(page, `${t}-${s}`);
          assert.deepEqual(r.errors, [], `${t}-${s} shows an error`);
          assert.ok(r.varied > 0 || r.paths > 2 || r.cells > 10, `${t}-${s} is blank: ${JSON.stringify(r)}`);
          assert.ok(r.w > 300 && r.h > 100, `${t}-${s} collapsed by the host's CSS: ${r.w}x${r.h}`);
          if (r.canvases) assert.ok(r.varied > 0, `${t}-${s}: a canvas with no image`);
          // the host's inherited text properties and its own --fg/--bg/... on the element do not reach the figure
          assert.ok(
            !/comic/i.test(r.font) && r.transform === 'none' && r.spacing === 'normal',
            `${t}-${s} took the host's text style: ${r.font} ${r.transform} ${r.spacing}`,
          );
          assert.equal(
            r.bg,
            'rgb(255, 255, 255)',
            `${t}-${s}: frame background from --posenc-bg's default, not the host's --bg`,
          );
        }
      assert.equal(page.workers().length, 1, 'one compute Worker for all figures');
      // one compute wasm for all figures, and the model-config reader (posenc-config-paste's) once for both of its
      // instances
      const models = wasm.filter((u) => /\/posenc-models\.wasm$/.test(u)),
        compute = wasm.filter((u) => !models.includes(u));
      assert.equal(compute.length, 1, `one wasm download for all figures: ${wasm}`);
      assert.match(compute[0], /\/lib\/posenc-(simd|scalar)\.wasm$/, 'the wasm comes from beside the embed script');
      assert.deepEqual(
        models,
        [new URL('lib/posenc-models.wasm', srv.url).href],
        `the model-config wasm once, from beside the embed script: ${wasm}`,
      );
      assert.deepEqual(await page.evaluate(() => window.__violations), [], 'no CSP violation');
      assert.deepEqual(problems, []);
    },
  );
}

test('the two instances of an element do not interfere; attributes are reactive; controls emit change', async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.goto(`${srv.url}host/`);
  for (const t of ['posenc-sinusoidal-heatmap', 'posenc-rope-plane']) {
    const a = `${t}-a`,
      b = `${t}-b`;
    await page.locator(`#${b}`).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      ([x, y]) => document.getElementById(x).dataset.ready && document.getElementById(y).dataset.ready,
      [a, b],
      { timeout: 30000 },
    );
    const [ra, rb] = [await ink(page, a), await ink(page, b)];
    assert.equal(ra.hash, rb.hash, `${t}: the two default instances draw the same`);
    // change the first parameter of A from script
    const [param, spec] = Object.entries(FIGURE_PARAMS[t]).find(([, s]) => s.type === 'int');
    const value = formatValue(spec, spec.def === spec.min ? spec.def + 2 : spec.min + (spec.even ? 2 : 0));
    await page.evaluate(([x, n, v]) => document.getElementById(x).setAttribute(n, v), [a, attrName(param), value]);
    await page.waitForFunction(([x, g]) => Number(document.getElementById(x).dataset.ready) > g, [a, ra.ready], {
      timeout: 30000,
    });
    await page.waitForTimeout(200);
    const [ra2, rb2] = [await ink(page, a), await ink(page, b)];
    assert.notEqual(ra2.hash, ra.hash, `${t}: A redrew after ${attrName(param)}=${value}`);
    assert.equal(rb2.hash, rb.hash, `${t}: B unchanged`);
    assert.equal(rb2.ready, rb.ready, `${t}: B did not recompute`);
    assert.equal(
      await page.evaluate(
        (y) =>
          document
            .getElementById(y)
            .getAttributeNames()
            .filter((n) => !n.startsWith('data-'))
            .join(),
        b,
      ),
      'id',
      `${t}: B has no attribute set`,
    );
  }
  // a control inside B's shadow root: B announces a change event with its full state, A's attribute stays
  const b = 'posenc-rope-plane-b';
  const aBefore = await page.getAttribute('#posenc-rope-plane-a', 'm');
  const range = page.locator(`#${b} input[type=range]`).first();
  await range.focus();
  await range.press('ArrowRight');
  await page.waitForFunction(() => window.__changes.length > 0);
  const changes = await page.evaluate(() => window.__changes);
  assert.equal(changes.at(-1).id, b);
  assert.equal(changes.at(-1).detail.m, FIGURE_PARAMS['posenc-rope-plane'].m.def + 1);
  assert.equal(await page.getAttribute(`#${b}`, 'm'), String(FIGURE_PARAMS['posenc-rope-plane'].m.def + 1));
  assert.equal(await page.getAttribute('#posenc-rope-plane-a', 'm'), aBefore, "A's attribute untouched");
  // a parameter is a property too: writing it sets the attribute, and the figure renders with the new value
  const rendered = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const a = document.getElementById('posenc-rope-plane-a');
        a.addEventListener('render', (e) => resolve({ detail: e.detail.m, attribute: a.getAttribute('m'), m: a.m }), {
          once: true,
        });
        a.m = 9;
      }),
  );
  assert.deepEqual(rendered, { detail: 9, attribute: '9', m: 9 });
  // no-controls trims a figure; lang switches its text
  const ha = '#posenc-sinusoidal-heatmap-a';
  assert.ok(await page.locator(`${ha} .controls`).isVisible());
  await page.evaluate((s) => document.querySelector(s).setAttribute('no-controls', ''), ha);
  assert.ok(!(await page.locator(`${ha} .controls`).isVisible()), 'no-controls hides the controls');
  await page.evaluate((s) => document.querySelector(s).setAttribute('lang', 'zh'), ha);
  assert.match(await page.locator(`${ha} .title`).innerText(), /每行一个位置/);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
  const dir = await resultsDir('embed');
  await page.locator('#posenc-rope-plane-a').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(dir, 'hostile-host.png') });
});

test(
  'posenc-config-paste: example, seq-len and context-length attributes ' +
    '(old and new values) drive what the library reads',
  async () => {
    const { page } = browser;
    const problems = watch(page);
    await page.goto(`${srv.url}host/`);
    const a = 'posenc-config-paste-a',
      b = 'posenc-config-paste-b';
    await page.locator(`#${b}`).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      ([x, y]) => document.getElementById(x).dataset.ready && document.getElementById(y).dataset.ready,
      [a, b],
      { timeout: 30000 },
    );
    const view = (id) =>
      page.evaluate((i) => {
        const root = document.getElementById(i).shadowRoot;
        const flags = root.querySelector('pre.flags');
        return {
          ready: Number(document.getElementById(i).dataset.ready),
          layerTypes: [...root.querySelectorAll('table.layers thead th[data-layer-type]')].map((th) => th.textContent),
          flags: flags.closest('[hidden]') ? null : flags.textContent,
          notes: [...root.querySelectorAll('ul.notes li')].map((li) => li.textContent),
          errors: [...root.querySelectorAll('.err[role=alert]')].map((e) => e.textContent),
        };
      }, id);
    const set = async (attrs) => {
      const before = (await view(a)).ready;
      await page.evaluate(
        ([i, kv]) => {
          for (const [k, v] of Object.entries(kv)) document.getElementById(i).setAttribute(k, v);
        },
        [a, attrs],
      );
      await page.waitForFunction(([i, g]) => Number(document.getElementById(i).dataset.ready) > g, [a, before], {
        timeout: 30000,
      });
      return view(a);
    };
    const first = await view(a),
      other = await view(b);
    assert.deepEqual(first.errors, []);
    assert.deepEqual(first.layerTypes, ['full_attention']); // the default example: Llama 3.1, llama3 scaling
    assert.equal(first.flags, null, 'llama3: no flag expresses it');
    assert.ok(first.notes.some((n) => /llama3/.test(n)));
    const gemma = await set({ example: 'gemma3' });
    assert.deepEqual(gemma.layerTypes, ['sliding_attention', 'full_attention']);
    assert.match(gemma.flags, /^--rope-scaling linear\n--rope-scale 8$/);
    // the attributes of before the library read configs keep working: example='qwen-yarn', seq-len
    const qwen = await set({ example: 'qwen-yarn', 'seq-len': '65536' });
    assert.deepEqual(qwen.errors, []);
    assert.match(qwen.flags, /^--rope-scaling yarn$/m);
    const phi = await set({ example: 'phi3-longrope' });
    assert.ok(!phi.notes.some((n) => /^With -c/.test(n)));
    const phiLong = await set({ 'context-length': '131072' });
    assert.ok(phiLong.notes.includes('With -c 131072 llama.cpp uses the long factors.'), phiLong.notes.join('\n'));
    const phiShort = await set({ 'context-length': '2048' });
    assert.ok(phiShort.notes.includes('With -c 2048 llama.cpp uses the short factors.'), phiShort.notes.join('\n'));
    const after = await view(b);
    assert.equal(after.ready, other.ready, 'B did not recompute');
    assert.deepEqual(after.layerTypes, other.layerTypes);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(problems, []);
  },
);

test('hostile attribute values execute nothing and every element still renders', async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.goto(`${srv.url}host/`);
  const hostile = [
    '<img src=x onerror="window.__pwned=1">',
    'NaN',
    '1e12',
    '-Infinity',
    'javascript:window.__pwned=1',
    '"><script>window.__pwned=1</script>',
    '0x10',
    ' 3 ',
    'x'.repeat(5000),
    '-0',
  ];
  for (const t of TAGS) {
    const id = `${t}-a`;
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((i) => document.getElementById(i)?.dataset.ready, id, { timeout: 30000 });
    for (const [k, value] of Object.entries(FIGURE_PARAMS[t]).map(([name], i) => [
      attrName(name),
      hostile[i % hostile.length],
    ])) {
      await page.evaluate(([i, n, v]) => document.getElementById(i).setAttribute(n, v), [id, k, value]);
    }
    await page.evaluate((i) => document.getElementById(i).setAttribute('lang', '<b>zh</b>'), id);
    await page.waitForTimeout(150);
    await page.waitForFunction((i) => document.getElementById(i)?.dataset.ready, id, { timeout: 30000 });
    const r = await ink(page, id);
    assert.ok(r.canvases + r.paths + r.cells > 0, `${t} still draws after hostile attributes`);
    assert.ok(r.w > 50 && r.h > 50, `${t} keeps its size`);
    assert.deepEqual(
      await page.evaluate(
        (i) => document.getElementById(i).shadowRoot.querySelectorAll('img, script, iframe').length,
        id,
      ),
      0,
      `${t}: no markup from an attribute`,
    );
  }
  assert.equal(await page.evaluate(() => window.__pwned), undefined, 'nothing executed');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
});

for (const file of ['embed.html', 'example-post.html']) {
  test(`dist/site/${file} renders every embed in it with no error`, async () => {
    const { page } = browser;
    const problems = watch(page);
    await page.goto(`${srv.url}site/${file}`);
    if (file === 'embed.html') await page.waitForFunction(() => document.body.dataset.gallery === 'ready');
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.localName.startsWith('posenc-'))
        .map((e, i) => (e.id ||= `fig${i}`)),
    );
    if (file === 'embed.html')
      assert.deepEqual(
        await page.evaluate(() => [...document.querySelectorAll('.entry h2')].map((h) => h.textContent.slice(1, -1))),
        TAGS,
      );
    else assert.ok(ids.length >= 4, 'the post uses several embeds');
    for (const id of ids) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForFunction((i) => document.getElementById(i).dataset.ready, id, { timeout: 30000 });
      const r = await ink(page, id);
      assert.deepEqual(r.errors, [], `${id} shows an error`);
      assert.ok(r.varied > 0 || r.paths > 2 || r.cells > 10, `${id} is blank`);
    }
    if (file === 'embed.html') {
      const snippet = await page.locator('.entry pre code').first().textContent();
      assert.equal(
        snippet,
        `<script type="module" src="${srv.url}site/embed/posenc-embed.js"></script>\n<${TAGS[0]}></${TAGS[0]}>`,
      );
      assert.equal(await page.locator('table.attrs').count(), TAGS.length);
    } else {
      assert.equal(await page.locator('posenc-rope-plane[no-controls]').count(), 1);
      assert.ok(!(await page.locator('posenc-rope-plane .controls').isVisible()), 'trimmed figure');
    }
    assert.deepEqual(problems, []);
  });
}

test('custom-elements.json lists exactly the registered elements, with FIGURE_PARAMS as attributes', async () => {
  const { page } = browser;
  await page.goto(`${srv.url}host/`);
  const manifest = JSON.parse(readFileSync(join(EMBED, 'custom-elements.json'), 'utf8'));
  assert.equal(manifest.schemaVersion, '1.0.0');
  const decls = manifest.modules.flatMap((m) => m.declarations).filter((d) => d.customElement);
  const registered = await page.evaluate(
    async (tags) => {
      const mod = await import('/lib/posenc-embed.js');
      const named = Object.entries(mod).filter(([, v]) => typeof v === 'function' && typeof v.tag === 'string');
      const classes = named.map(([, v]) => v);
      return {
        exported: classes.map((c) => c.tag).sort(),
        defined: tags.filter((t) => customElements.get(t)),
        same: classes.every((c) => customElements.get(c.tag) === c),
        observed: Object.fromEntries(classes.map((c) => [c.tag, [...c.observedAttributes].sort()])),
        // the properties of each class that reflect an attribute, and any the browser's HTMLElement already has
        properties: Object.fromEntries(
          classes.map((c) => [
            c.tag,
            Object.entries(Object.getOwnPropertyDescriptors(c.prototype))
              .filter(([, p]) => p.get && p.set)
              .map(([n]) => n)
              .sort(),
          ]),
        ),
        native: classes.flatMap((c) => Object.keys(c.specs ?? {}).filter((n) => n in HTMLElement.prototype)),
        names: Object.fromEntries(named.map(([n, c]) => [c.tag, n])), // export names (class names are minified)
      };
    },
    decls.map((d) => d.tagName),
  );
  const listed = decls.map((d) => d.tagName).sort();
  assert.deepEqual(
    listed,
    registered.exported,
    'manifest tags = element classes the embed exports (nothing missing, nothing stale)',
  );
  assert.deepEqual([...registered.defined].sort(), listed, 'every listed tag is defined in the browser');
  assert.ok(registered.same, 'customElements.get(tag) is the exported class');
  assert.deepEqual(listed, [...TAGS].sort(), 'manifest tags = FIGURE_PARAMS');
  assert.deepEqual(registered.native, [], 'no parameter has the name of a property every HTML element has');
  for (const d of decls) {
    assert.equal(d.name, registered.names[d.tagName]);
    const params = Object.entries(FIGURE_PARAMS[d.tagName]).map(([n, s]) => ({
      name: attrName(n),
      type: s.type === 'enum' ? s.values.map((v) => `'${v}'`).join(' | ') : s.type === 'bool' ? 'boolean' : 'number',
      default: s.type === 'enum' ? `'${s.def}'` : formatValue(s, s.def),
    }));
    const own = d.attributes
      .filter((a) => a.fieldName)
      .map((a) => ({ name: a.name, type: a.type.text, default: a.default }));
    assert.deepEqual(own, params, `${d.tagName}: attributes = FIGURE_PARAMS`);
    assert.deepEqual(
      d.attributes.map((a) => a.name).sort(),
      registered.observed[d.tagName],
      `${d.tagName}: attributes = observedAttributes`,
    );
    assert.deepEqual(
      d.members.map((m) => m.name).sort(),
      registered.properties[d.tagName],
      `${d.tagName}: every parameter is a property, and the manifest lists them`,
    );
    assert.ok(d.events.some((e) => e.name === 'change'));
    assert.ok(
      d.cssProperties.length >= 10 && d.cssProperties.every((p) => p.name.startsWith('--posenc-') && p.description),
    );
  }
});

// `import 'posenc/elements'` through a bundler that does not copy `new URL(..., import.meta.url)` assets
// (esbuild): with the package's worker and wasm copied next to the bundle, as the README says, the
// elements run from the bundle.
test('an esbuild bundle of posenc/elements renders with the worker and wasm copied beside it', async () => {
  const { build } = await import('esbuild');
  const { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const work = mkdtempSync(join(tmpdir(), 'posenc-elements-bundle-'));
  let app;
  try {
    mkdirSync(join(work, 'node_modules'));
    symlinkSync(ROOT, join(work, 'node_modules', 'posenc'), 'dir'); // installed as a package
    writeFileSync(join(work, 'main.mjs'), "import 'posenc/elements';\n");
    const out = join(work, 'public');
    await build({
      entryPoints: [join(work, 'main.mjs')],
      bundle: true,
      format: 'esm',
      outfile: join(out, 'app.js'),
      absWorkingDir: work,
      logLevel: 'error',
    });
    for (const f of readdirSync(EMBED))
      if (f === 'worker.js' || /^posenc-(simd|scalar)\.(mjs|wasm)$/.test(f)) cpSync(join(EMBED, f), join(out, f));
    writeFileSync(
      join(out, 'index.html'),
      '<!doctype html><meta charset="utf-8"><title>bundled</title><link rel="icon" href="data:,">' +
        ('<script type="module" src="app.js"></script><posenc-sinusoidal-heatmap ' +
          'id="a" dim="32"></posenc-sinusoidal-heatmap>'),
    );
    app = await serve(out);
    const page = await browser.ctx.newPage();
    const problems = watch(page);
    const wasm = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.wasm')) wasm.push(r.url());
    });
    await page.goto(app.url);
    await page.waitForFunction(() => document.getElementById('a')?.dataset.ready, null, { timeout: 30000 });
    const shown = await ink(page, 'a');
    assert.ok(shown.varied >= 1, `the heatmap is drawn: ${JSON.stringify(shown)}`);
    assert.ok(
      wasm.length === 1 && !/posenc-models/.test(wasm[0]),
      `a page without posenc-config-paste loads no model-config wasm: ${wasm}`,
    );
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  }
});
