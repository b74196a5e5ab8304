// Shared by the browser tests: a static server for dist/site (on 127.0.0.1, a free port, with the
// page's CSP as a header) and the system's Chromium (Debian's package) launched through playwright-core.
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve, extname, normalize, sep, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { watchFrames } from './frame-watch.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SITE = join(ROOT, 'dist', 'site');
export const RESULTS = join(ROOT, 'test-results');
export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src " +
  "'self' 'unsafe-inline'; img-src 'self' data: blob:; worker-src 'self' " +
  'blob:';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
};

export function requireSite(dir = SITE) {
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`${dir}/index.html is missing: run \`npm run build\` first`);
  if (!existsSync(join(dir, 'lib', 'index.js')))
    throw new Error(`${dir}/lib/index.js is missing (the wasm library): run \`npm run build\` first`);
}

/** Serve `dir` on 127.0.0.1 at a free port. Returns { url, close }. `headers` are added to every file's answer
 *  (CORS, another CSP). */
export async function serve(dir = SITE, { extraRoutes = {}, headers = {} } = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (extraRoutes[path]) {
      const r = extraRoutes[path];
      res.writeHead(200, { 'content-type': r.type, 'content-security-policy': r.csp ?? CSP });
      return res.end(r.body);
    }
    const file = normalize(join(dir, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(dir + sep) && file !== dir) {
      res.writeHead(403);
      return res.end();
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CSP,
        'cache-control': 'no-store',
        ...headers,
      });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  // closeAllConnections: a browser's spare keep-alive sockets would hold close() for minutes
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () =>
      new Promise((r) => {
        server.close(r);
        server.closeAllConnections();
      }),
  };
}

/** What a page test file shares: dist/site served on loopback and one browser. */
export async function openSite() {
  requireSite();
  const srv = await serve();
  return { srv, browser: await launch() };
}

/** Closes what openSite opened; either may be missing when opening failed. */
export async function closeSite({ srv, browser }) {
  await browser?.close();
  await srv?.close();
}

// The Chromium to drive: POSENC_CHROMIUM when set, else the first browser of the usual names on
// PATH (Debian's package installs /usr/bin/chromium; playwright-core brings no browser of its own).
export function chromiumPath() {
  const chosen = process.env.POSENC_CHROMIUM;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`POSENC_CHROMIUM is ${JSON.stringify(chosen)}, which does not exist`);
    return chosen;
  }
  const names = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean))
    for (const name of names) if (existsSync(join(dir, name))) return join(dir, name);
  throw new Error(
    `no Chromium found: none of ${names.join(', ')} is on PATH; install Debian's chromium or set POSENC_CHROMIUM`,
  );
}

/** Chromium with a fresh profile. Returns { ctx, page, close }. */
export async function launch({
  viewport = { width: 1200, height: 900 },
  colorScheme = 'light',
  locale = 'en-US',
  deviceScaleFactor = 1,
  // a phone: touch events and a coarse pointer
  touch = false,
  // off where timings are measured: the watch's probes would be part of them
  frameWatch = true,
} = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'chromium-profile-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    viewport,
    colorScheme,
    locale,
    deviceScaleFactor,
    hasTouch: touch,
    isMobile: touch,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  if (frameWatch) {
    for (const p of ctx.pages()) watchFrames(p);
    ctx.on('page', watchFrames);
  }
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  return {
    ctx,
    page,
    close: async () => {
      await ctx.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Collect console errors, page errors, failed requests and dialogs of a page. */
export function watch(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (!r.url().startsWith('blob:')) problems.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`http ${r.status()}: ${r.url()}`);
  });
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  return problems;
}

// the figures of sections 0-5 that the page shows
export const FIGURES = [
  'posenc-why-positions',
  'posenc-sinusoidal-heatmap',
  'posenc-sinusoidal-similarity',
  'posenc-learned-table',
  'posenc-relative-clip',
  'posenc-relative-scores',
  'posenc-rope-plane',
  'posenc-rope-elementwise',
  'posenc-rope-decay',
  'posenc-attention-compare',
];
// elements the library and the embed keep but the page no longer shows (it shows what they showed elsewhere)
export const OFF_PAGE = ['posenc-sinusoidal-table', 'posenc-rope-matrix', 'posenc-rope-shift', 'posenc-lab-blind-zone'];

/** Add figure `tag` as #`id` at the end of the page's content, for a test of an element the page does not show.
 *  Like the page's own figures it takes its parameters from the page's URL (`id.name=value`). */
export async function mountFigure(page, tag, id) {
  await page.evaluate(
    ([t, i]) => document.getElementById('content').append(Object.assign(document.createElement(t), { id: i })),
    [tag, id],
  );
}

/**
 * Scroll the `index`-th match of `sel` near and wait until it has drawn once. The scroll is the DOM's
 * own: Playwright's scrollIntoViewIfNeeded first waits for a box that keeps still over two animation
 * frames, which a figure below others that are still settling their height may not have for a long
 * time, and what is waited on here is that the figure renders once it is near. The wait polls on a
 * timer (the default polls on animation frames, which a page can stop getting); when it runs out,
 * the error says what state the figure and the page are in.
 */
export async function drawNear(page, sel, { index = 0, timeout = 30000, problems = [] } = {}) {
  await page.evaluate(([s, k]) => document.querySelectorAll(s)[k].scrollIntoView({ block: 'center' }), [sel, index]);
  await page
    .waitForFunction(([s, k]) => document.querySelectorAll(s)[k]?.dataset.ready, [sel, index], {
      timeout,
      polling: 100,
    })
    .catch(async (e) => {
      const state = await page.evaluate(
        async ([s, k]) => {
          const el = document.querySelectorAll(s)[k];
          const frames = await new Promise((done) => {
            requestAnimationFrame(() => done('yes'));
            setTimeout(() => done('none within 1 s'), 1000);
          });
          const text = (q) => el.shadowRoot?.querySelector(q)?.textContent ?? null;
          const { visible, dirty, gen, waitingForDom } = el;
          return {
            ...{ error: text('.err'), loading: text('.loading'), visible, dirty, gen, waitingForDom },
            box: el.getBoundingClientRect().toJSON(),
            ...{ scrollY, frames, visibility: document.visibilityState },
          };
        },
        [sel, index],
      );
      throw new Error(
        `${sel} #${index} did not render within ${timeout / 1000} s of being scrolled near ` +
          `(${JSON.stringify(state)}; the page's problems so far: ${JSON.stringify(problems)}): ${e.message}`,
      );
    });
}

/** Every posenc-* element of the document (or of `tags`), each drawn once near; returns the tags. */
export async function renderAll(page, { tags, timeout = 30000, problems = [] } = {}) {
  tags ??= await page.evaluate(() => [
    ...new Set([...document.querySelectorAll('*')].map((e) => e.localName).filter((n) => n.startsWith('posenc-'))),
  ]);
  for (const tag of tags) {
    const count = await page.locator(tag).count();
    for (let index = 0; index < count; index++) await drawNear(page, tag, { index, timeout, problems });
  }
  return tags;
}

/** Wait until figure `sel` has rendered a newer generation than `after`. */
export async function waitRendered(page, sel, after = 0, timeout = 30000) {
  await page.waitForFunction(([s, a]) => Number(document.querySelector(s)?.dataset.ready ?? 0) > a, [sel, after], {
    timeout,
  });
  return page.evaluate((s) => Number(document.querySelector(s).dataset.ready), sel);
}

export async function resultsDir(sub = '') {
  const d = join(RESULTS, sub);
  await mkdir(d, { recursive: true });
  return d;
}

/** Every text the reader sees: each visible text node of the document and of every shadow root (SVG labels
 *  included), with the figure it belongs to (its host's id or tag), its element's tag and whether it is marked
 *  as English. */
export const visibleTexts = (page) =>
  page.evaluate(() => {
    const out = [];
    const walk = (root) => {
      const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        const el = n.parentElement;
        if (!n.data.trim() || !el || el.closest('script, style, template')) continue;
        if (el.checkVisibility ? !el.checkVisibility() : false) continue;
        const host = root.host;
        const where = host ? host.id || host.localName : 'page';
        // English on purpose: a passage marked lang=en (the library's own messages beside their translation)
        out.push({ text: n.data.trim(), where, tag: el.localName, en: Boolean(el.closest('[lang^=en]')) });
      }
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return out;
  });
