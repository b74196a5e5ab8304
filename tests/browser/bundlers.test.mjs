// The packed package through the bundlers people use, in Debian's Chromium: Vite (dev server and
// `vite build`) and webpack 5, each building three apps (bundler-apps.mjs): the library on a page,
// the figure elements, and the library in a module Worker the app starts. Each app gets the
// tarball installed into its own folder (as tests/js/pack.test.mjs does) and no configuration at
// all, as docs/bundlers.md says; the one optional line the page gives (Vite, a Worker of the app's
// own) is read from the page and tested for what it claims. Last, a server that answers the wasm
// URL with an HTML page gets the error that says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { launch, serve, watch, ROOT } from './harness.mjs';
import { APPS, expected, page } from './bundler-apps.mjs';
import { configBlock, DOC } from './bundler-docs.mjs';

if (!existsSync(join(ROOT, 'dist', 'lib', 'posenc-embed.js')))
  throw new Error('dist/lib is missing: run `node tools/build.mjs` first');

const work = mkdtempSync(join(tmpdir(), 'posenc-bundlers-'));
const template = join(work, 'template'); // an app folder with the tarball installed, copied per app
let browser;

before(async () => {
  const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], ROOT));
  mkdirSync(template);
  writeFileSync(
    join(template, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }),
  );
  npm(['install', '--no-save', '--no-audit', '--no-fund', '--offline', join(work, packed.filename)], template);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A fresh app folder: the installed template, the app's sources and, given, a config file. */
function makeApp(name, app, { script, config } = {}) {
  const dir = join(work, name);
  cpSync(template, dir, { recursive: true });
  for (const [file, text] of Object.entries(app.files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  if (script) writeFileSync(join(dir, 'index.html'), page(app.body, script));
  if (config) writeFileSync(join(dir, config.file), config.text);
  return dir;
}

/** Open `url`, wait for the app's `window.result`; returns it with the page's problems. */
async function run(url, name) {
  const tab = await browser.ctx.newPage();
  const problems = watch(tab);
  const warn = (where) => (m) => {
    if (m.type() === 'warning' || (where && m.type() === 'error'))
      problems.push(`${where}console ${m.type()}: ${m.text()}`);
  };
  tab.on('console', warn(''));
  tab.on('worker', (w) => w.on('console', warn('worker ')));
  const requests = [],
    origins = new Set();
  tab.on('request', (r) => {
    const where = new URL(r.url());
    requests.push(where.pathname);
    if (where.protocol !== 'data:') origins.add(where.origin);
  });
  try {
    await tab.goto(url);
    await tab.waitForFunction(() => window.result, null, { timeout: 30000 });
    const result = await tab.evaluate(() => window.result);
    if (name === 'elements') Object.assign(result, await drawn(tab));
    return { result, problems, requests, origins: [...origins], workers: tab.workers().length };
  } finally {
    await tab.close();
  }
}

/** What the figure shows: its ready mark, canvases with at least two opaque colours, error boxes. */
const drawn = (tab) =>
  tab.evaluate(() => {
    const figure = document.getElementById('figure');
    const root = figure.shadowRoot;
    let varied = 0;
    for (const c of root.querySelectorAll('canvas')) {
      if (!c.width || !c.height) continue;
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const colours = new Set();
      for (let k = 0; k < d.length; k += 4 * 7)
        if (d[k + 3] === 255) colours.add((d[k] << 16) | (d[k + 1] << 8) | d[k + 2]);
      if (colours.size >= 2) varied++;
    }
    return {
      ready: figure.dataset.ready,
      varied,
      errors: [...root.querySelectorAll('.err[role=alert]')].map((e) => e.textContent),
    };
  });

/** The app's outcome is right: numbers as Math gives them, a drawn figure, nothing on the console. */
function check(label, name, { result, problems, requests }) {
  assert.equal(result.error, undefined, `${label}: ${result.error}`);
  if (name === 'elements') {
    assert.ok(Number(result.ready) >= 1, `${label}: the figure marked itself ready: ${JSON.stringify(result)}`);
    assert.ok(result.varied >= 1, `${label}: the figure drew: ${JSON.stringify(result)}`);
    assert.deepEqual(result.errors, [], `${label}: the figure shows an error`);
    // The Worker fetched one wasm and one glue file, of the flavour it runs: neither the other
    // flavours' glue inlined into it nor the model-config reader, which this figure does not use.
    const wasm = requests.filter((p) => p.endsWith('.wasm')),
      glue = requests.filter((p) => p.endsWith('.mjs') && !/\/vite\/dist\/client\//.test(p)); // not Vite's own client
    assert.equal(wasm.length, 1, `${label}: one wasm download: ${wasm}`);
    assert.equal(glue.length, 1, `${label}: one glue download: ${requests.join(' ')}`);
    // vite build emits worker.js twice, as the Worker and as the main thread's fallback chunk: a page
    // that starts the Worker downloads that one only
    if (label.startsWith('vite build')) {
      const workers = requests.filter((p) => /\/worker-[\w-]+\.js$/.test(p));
      assert.equal(workers.length, 1, `${label}: one copy of the compute Worker downloaded: ${requests.join(' ')}`);
    }
  } else {
    const want = expected();
    assert.equal(result.simd, true, `${label}: Chromium runs the SIMD flavour`);
    assert.equal(result.rope.length, 2);
    result.rope.forEach((v, i) =>
      assert.ok(Math.abs(v - want.rope[i]) < 1e-6, `${label}: rope ${result.rope} != ${want.rope}`),
    );
    assert.equal(result.table.length, want.table.length);
    result.table.forEach((v, i) =>
      assert.ok(Math.abs(v - want.table[i]) < 2e-6, `${label}: sinusoidal[${i}] = ${v}, want ${want.table[i]}`),
    );
  }
  assert.deepEqual(problems, [], `${label}: console or network problems`);
}

// Options of the test run only: a free port, quiet logs. Nothing about posenc.
const viteQuiet = { logLevel: 'silent', clearScreen: false };

async function viteDev(dir) {
  const { createServer } = await import('vite');
  const server = await createServer({
    root: dir,
    ...viteQuiet,
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  await server.listen();
  return { url: server.resolvedUrls.local[0], close: () => server.close() };
}

for (const name of Object.keys(APPS)) {
  test(`Vite dev server: ${name}`, async () => {
    const dir = makeApp(`vite-dev-${name}`, APPS[name], { script: '/src/index.js' });
    const server = await viteDev(dir);
    try {
      check(`vite dev ${name}`, name, await run(server.url, name));
    } finally {
      await server.close();
    }
  });
}

for (const name of Object.keys(APPS)) {
  test(`vite build: ${name}`, async () => {
    const dir = makeApp(`vite-build-${name}`, APPS[name], { script: '/src/index.js' });
    const { build } = await import('vite');
    await build({ root: dir, ...viteQuiet });
    const server = await serve(join(dir, 'dist'));
    try {
      check(`vite build ${name}`, name, await run(server.url, name));
    } finally {
      await server.close();
    }
  });
}

for (const name of Object.keys(APPS)) {
  test(`webpack: ${name}`, async () => {
    const dir = makeApp(`webpack-${name}`, APPS[name]);
    const { default: webpack } = await import('webpack');
    // No configuration: webpack's defaults (entry src/index.js, output dist/main.js). What the CLI
    // would take from its working directory is given here (context, output folder), and the mode
    // only to silence webpack's warning that it defaulted to production.
    const options = { context: dir, output: { path: join(dir, 'dist') }, mode: 'production' };
    const stats = await new Promise((resolve, reject) => {
      webpack(options, (error, s) => (error ? reject(error) : resolve(s)));
    });
    assert.ok(!stats.hasErrors(), stats.toString({ all: false, errors: true }));
    assert.ok(!stats.hasWarnings(), stats.toString({ all: false, warnings: true }));
    writeFileSync(join(dir, 'dist', 'index.html'), page(APPS[name].body, './main.js'));
    const server = await serve(join(dir, 'dist'));
    try {
      check(`webpack ${name}`, name, await run(server.url, name));
    } finally {
      await server.close();
    }
  });
}

// Served from another origin: the app's page from one server, its scripts, Worker and wasm from a second one
// (a CDN: Vite's `base`, webpack's `output.publicPath`), which sends CORS headers. Browsers start no Worker
// from another origin: the figure must compute on the main thread, from the files as the bundler named them.
const CORS = { 'access-control-allow-origin': '*' };
const cdnCsp = (cdn) =>
  `default-src 'self' ${cdn.origin}; script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'; ` +
  "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:";

/** The page's server: a folder holding only index.html, with a CSP that lets it load from `cdn`. */
async function pageServer(dir, html, cdn) {
  const folder = join(dir, 'page');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'index.html'), html);
  return serve(folder, { headers: { 'content-security-policy': cdnCsp(new URL(cdn.url)) } });
}

/** Runs the elements app of `dir` (built to dist/, page HTML given) with dist/ served by `cdn`. */
async function runFromCdn(label, dir, html, cdn) {
  const server = await pageServer(dir, html, cdn);
  try {
    const outcome = await run(server.url, 'elements');
    check(label, 'elements', outcome);
    const page = new URL(server.url).origin;
    assert.deepEqual(outcome.origins.sort(), [page, new URL(cdn.url).origin].sort(), `${label}: two origins`);
    assert.equal(outcome.workers, 0, `${label}: no Worker from another origin, the main thread computed`);
  } finally {
    await server.close();
  }
}

test('vite build with an absolute base on another origin: the figure draws', async () => {
  const dir = makeApp('vite-cdn', APPS.elements, { script: '/src/index.js' });
  const cdn = await serve(join(dir, 'dist'), { headers: CORS });
  try {
    const { build } = await import('vite');
    await build({ root: dir, base: cdn.url, ...viteQuiet });
    const html = readFileSync(join(dir, 'dist', 'index.html'), 'utf8');
    assert.ok(html.includes(cdn.url), 'the page loads its script from the other origin');
    await runFromCdn('vite build, base on another origin', dir, html, cdn);
  } finally {
    await cdn.close();
  }
});

/** webpack's build of the elements app with its files at `publicPath`; no warnings, no errors. */
async function webpackBuild(dir, publicPath) {
  const { default: webpack } = await import('webpack');
  const options = { context: dir, output: { path: join(dir, 'dist'), publicPath }, mode: 'production' };
  const stats = await new Promise((resolve, reject) => {
    webpack(options, (error, s) => (error ? reject(error) : resolve(s)));
  });
  assert.ok(!stats.hasErrors(), stats.toString({ all: false, errors: true }));
  assert.ok(!stats.hasWarnings(), stats.toString({ all: false, warnings: true }));
}

test('webpack with output.publicPath on another origin: the figure draws', async () => {
  const dir = makeApp('webpack-cdn', APPS.elements);
  const cdn = await serve(join(dir, 'dist'), { headers: CORS });
  try {
    await webpackBuild(dir, cdn.url);
    await runFromCdn('webpack, publicPath on another origin', dir, page(APPS.elements.body, `${cdn.url}main.js`), cdn);
  } finally {
    await cdn.close();
  }
});

// Without CORS headers a classic script still runs (webpack's main.js and its chunks), but no module can be
// imported from that origin: the figure says what the server must send.
test('webpack from another origin without CORS headers: the figure names the missing header', async () => {
  const dir = makeApp('webpack-cdn-no-cors', APPS.elements);
  const cdn = await serve(join(dir, 'dist'));
  const classic = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title>
<link rel="icon" href="data:,"></head><body>${APPS.elements.body}
<script src="${cdn.url}main.js"></script></body></html>`;
  try {
    await webpackBuild(dir, cdn.url);
    const server = await pageServer(dir, classic, cdn);
    const tab = await browser.ctx.newPage();
    try {
      await tab.goto(server.url);
      const alert = tab.locator('#figure .err[role=alert]');
      await alert.waitFor({ timeout: 30000 });
      const text = await alert.textContent();
      assert.match(text, /cannot import the wasm glue posenc-simd\.mjs/);
      assert.ok(text.includes(`${cdn.url}`) && text.includes('is on another origin than the page'), text);
      assert.match(text, /must send CORS headers \(Access-Control-Allow-Origin\)/);
    } finally {
      await tab.close();
      await server.close();
    }
  } finally {
    await cdn.close();
  }
});

/** `vite build` of the worker app: the paths of the JavaScript files its page and Worker load. */
async function viteWorkerScripts(dir) {
  const { build } = await import('vite');
  await build({ root: dir, ...viteQuiet });
  const server = await serve(join(dir, 'dist'));
  try {
    const outcome = await run(server.url, 'worker');
    check(`vite build worker (${dir})`, 'worker', outcome);
    return outcome.requests.filter((p) => p.endsWith('.js'));
  } finally {
    await server.close();
  }
}

test("vite build, a Worker of the app's own: the docs' worker line makes it load only the glue it runs", async () => {
  const config = configBlock('vite.config.js');
  assert.match(config, /worker: \{ format: 'es' \}/);
  const withLine = await viteWorkerScripts(
    makeApp('vite-worker-es', APPS.worker, {
      script: '/src/index.js',
      config: { file: 'vite.config.js', text: config },
    }),
  );
  const glue = (scripts) => scripts.map((p) => /\/posenc-(simd|scalar|models)[-.]/.exec(p)?.[1]).filter(Boolean);
  // load() also reads the model-config module by default; the scalar flavour is never fetched
  assert.deepEqual(glue(withLine).sort(), ['models', 'simd'], `with the line, glue chunks of what runs: ${withLine}`);
  // Without it Vite inlines every dynamic import into the (IIFE) Worker: it works (the test
  // above), and no glue is fetched on its own. If this changes, docs/bundlers.md should too.
  const without = await viteWorkerScripts(makeApp('vite-worker-iife', APPS.worker, { script: '/src/index.js' }));
  assert.deepEqual(glue(without), [], `without the line, the glue is inlined: ${without}`);
});

// A host that answers every unknown path with its HTML page: the library's wasm, as a page with
// the HTML type or (some servers) as application/octet-stream. The error must say what happened.
for (const type of ['text/html; charset=utf-8', 'application/octet-stream']) {
  test(
    `a server answering the wasm URL with an HTML page ` +
      `(${type.split(';')[0]}): the error says so and names ` +
      `the URL`,
    async () => {
      const dir = makeApp(`html-${type.split('/')[1].split(';')[0]}`, APPS.library, { script: '/src/index.js' });
      const { build } = await import('vite');
      await build({ root: dir, ...viteQuiet });
      const wasm = readdirSync(join(dir, 'dist', 'assets')).find((f) => /^posenc-simd-.*\.wasm$/.test(f));
      const fallback = { type, body: '\n<!doctype html><html><body>Not here. Try the home page.</body></html>' };
      const server = await serve(join(dir, 'dist'), { extraRoutes: { [`/assets/${wasm}`]: fallback } });
      try {
        const { result } = await run(server.url, 'library');
        assert.equal(
          result.error,
          `posenc: got HTML instead of wasm: the server did not serve ${server.url}assets/${wasm}; ` +
            'see README, Bundlers',
        );
      } finally {
        await server.close();
      }
    },
  );
}

test("the error points at the README's Bundlers section, which links docs/bundlers.md", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = /^## Bundlers\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
  assert.match(section, /\(docs\/bundlers\.md\)/);
  assert.match(readFileSync(DOC, 'utf8'), /^## "got HTML instead of wasm"$/m);
});
