// Browser benchmark of the page (not a test): `node tests/browser/bench.mjs` (after `npm run build`).
//   first complete render: navigation start -> the page as first shown is complete: every figure on the
//                          first screen (1200 x 900) drawn and the web fonts loaded, each painted
//                          (budget 1 s; the page computes a figure only as it comes near the viewport)
//   stress case:           navigation start -> all 19 figures drawn, every one treated as visible from
//                          the start (no budget: what the whole page costs at once)
//                          (both: median and range over several loads, each in a fresh browser)
//   slider update:         setting one parameter -> that figure redrawn (Worker round trip + draw), median
//                          and 95th percentile over 40 updates per figure (budget 16 ms)
//   size:                  JS + wasm the page downloads (SIMD flavour), gzip -9 (budget 300 KB)
//   figures at extremes:   each figure's worst-case update and first render with its controls at
//                          their maxima (targets 100 ms and 1 s), see bench-extremes.mjs
// Prints a table and, with --json, one JSON line. Exported as benchPage() for tools/bench.mjs.
import { pathToFileURL } from 'node:url';
import { serve, launch, requireSite, SITE } from './harness.mjs';
import { pageDownloadSize } from '../../tools/build-site.mjs';
import { benchExtremes, extremesTable } from './bench-extremes.mjs';

const UPDATES = [
  ['#sin', 'base', (i) => String(9000 + 37 * i)],
  ['#why0', 'seed', (i) => String(i + 2)],
  ['#plane', 'm', (i) => String(i % 60)],
  ['#matrix', 'position', (i) => String(100 + i)],
  ['#decay', 'base', (i) => String(9000 + 37 * i)],
  ['#shift', 'shift', (i) => String(1001 + i)],
  ['#cmp', 'seed', (i) => String(i + 2)],
  ['#learned0', 'position', (i) => String(100 + i)],
];

// In every page: the first render of each figure element, and the moment each web font (a FontFace)
// became loaded, each taken when the frame that shows it has been painted (a task after the
// frame's requestAnimationFrame). Fonts are polled once a frame.
function recordRenders() {
  const painted = (record) => requestAnimationFrame(() => setTimeout(() => record(performance.now())));
  window.__renders = {};
  document.addEventListener('render', (e) => {
    const name = e.target.localName;
    if (!(name in window.__renders)) {
      window.__renders[name] = 0;
      painted((t) => {
        window.__renders[name] = t;
      });
    }
  });
  const weight = (w) => ({ normal: '400', bold: '700' })[w] ?? String(w);
  window.__fontKey = (family, w, style) => `${family.replace(/["']/g, '').trim()}|${weight(w)}|${style}`;
  window.__fonts = {};
  const poll = () => {
    for (const f of document.fonts ?? []) {
      const key = window.__fontKey(f.family, f.weight, f.style);
      if (f.status === 'loaded' && !(key in window.__fonts)) {
        window.__fonts[key] = 0;
        setTimeout(() => {
          window.__fonts[key] = performance.now();
        });
      }
    }
    if (performance.now() < 20000) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

// The web fonts the text on the first screen is drawn with (family|weight|style, as recordRenders).
function fontsOnScreen() {
  const faces = new Set([...(document.fonts ?? [])].map((f) => window.__fontKey(f.family, f.weight, f.style)));
  const needed = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.data.trim() || !n.parentElement) continue;
    const r = n.parentElement.getBoundingClientRect();
    // off screen, hidden, or KaTeX's 1px MathML copy
    if (!(r.width > 1 && r.top < innerHeight && r.bottom > 0)) continue;
    const cs = getComputedStyle(n.parentElement);
    const key = window.__fontKey(cs.fontFamily.split(',')[0], cs.fontWeight, cs.fontStyle);
    if (faces.has(key)) needed.add(key);
  }
  return [...needed];
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

// One fresh browser per load, so nothing is cached between runs.
async function firstRender(srv, { forceVisible }) {
  const b = await launch({ viewport: { width: 1200, height: 900 }, frameWatch: false });
  try {
    if (forceVisible) {
      // every figure counts as visible from the start (a very tall window, without its paint cost)
      await b.page.addInitScript(() => {
        window.IntersectionObserver = class {
          constructor(cb) {
            this.cb = cb;
          }
          observe(el) {
            queueMicrotask(() => this.cb([{ isIntersecting: true, target: el }]));
          }
          unobserve() {}
          disconnect() {}
        };
      });
    }
    await b.page.addInitScript(recordRenders);
    await b.page.goto(srv.url);
    // the figures that must be drawn: all of them, or those on the first screen
    const wanted = forceVisible
      ? () => [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('posenc-'))
      : () =>
          [...document.querySelectorAll('*')].filter((el) => {
            if (!el.localName.startsWith('posenc-')) return false;
            const r = el.getBoundingClientRect();
            return r.top < innerHeight && r.bottom > 0;
          });
    await b.page.waitForFunction(
      `(() => {
      const figures = (${wanted})();
      return document.readyState === 'complete' && figures.length > 0 &&
        figures.every((el) => window.__renders[el.localName] > 0);
    })()`,
      null,
      { timeout: 30000, polling: 20 },
    );
    await b.page.evaluate(() => document.fonts?.ready);
    await b.page.waitForTimeout(100); // the last font's painted frame
    return await b.page.evaluate(`(() => {
      const figures = (${wanted})();
      const renders = Object.fromEntries(figures.map((el) => [el.localName, window.__renders[el.localName]]));
      const fonts = Object.fromEntries((${fontsOnScreen})().map((key) => [key, window.__fonts[key]]));
      if (Object.values(fonts).some((t) => !(t > 0)))
        throw new Error('a font of the first screen never loaded: ' + JSON.stringify(fonts));
      return { renders, fonts, complete: Math.max(...Object.values(renders), ...Object.values(fonts)) };
    })()`);
  } finally {
    await b.close();
  }
}

export async function benchPage({ runs = 5 } = {}) {
  requireSite();
  const srv = await serve();
  const out = { size: await pageDownloadSize(SITE), runs };
  try {
    // 1. first complete render: the first screen as a reader sees it (its figures drawn, its fonts
    //    loaded, both painted); and the stress case, every figure of the page at once. Loads alternate.
    const screen = [],
      all = [];
    for (let i = 0; i < runs; i++) {
      screen.push(await firstRender(srv, { forceVisible: false }));
      all.push(await firstRender(srv, { forceVisible: true }));
    }
    const summary = (rs) => ({
      median: median(rs.map((r) => r.complete)),
      min: Math.min(...rs.map((r) => r.complete)),
      max: Math.max(...rs.map((r) => r.complete)),
    });
    out.firstScreen = summary(screen);
    out.firstScreenFigures = Object.keys(screen[0].renders);
    out.firstScreenFonts = Object.keys(screen[0].fonts);
    out.firstRenderAll = summary(all);
    out.figures = Object.keys(all[0].renders).length;
    // 2. slider updates on a normally loaded page
    const b = await launch({ viewport: { width: 1200, height: 900 }, frameWatch: false });
    await b.page.goto(srv.url);
    out.updates = {};
    for (const [sel, attr, value] of UPDATES) {
      await b.page.locator(sel).scrollIntoViewIfNeeded();
      await b.page.waitForFunction((s) => document.querySelector(s).dataset.ready, sel);
      const times = [];
      for (let i = 0; i < 40; i++) {
        times.push(
          await b.page.evaluate(
            ([s, a, v]) =>
              new Promise((resolve) => {
                const el = document.querySelector(s);
                const t0 = performance.now();
                el.addEventListener('render', () => resolve(performance.now() - t0), { once: true });
                setTimeout(() => resolve(NaN), 5000);
                el.setAttribute(a, v);
              }),
            [sel, attr, value(i)],
          ),
        );
      }
      if (process.env.DEBUG) console.log(sel, attr, times.map((x) => x.toFixed(1)).join(' '));
      times.sort((a, c) => a - c);
      out.updates[`${sel} ${attr}`] = { median: times[20], p95: times[37] };
    }
    await b.close();
    // 3. every figure at the largest values its controls allow
    out.extremes = await benchExtremes(srv.url);
  } finally {
    await srv.close();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchPage();
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `size (gzip -9): JS ${kb(r.size.js)} + wasm ${kb(r.size.wasm)} ` +
      `= ${kb(r.size.total)}   budget 300 KB  ${r.size.total <= 300e3 ? 'ok' : 'OVER'}`,
  );
  const range = (x) =>
    `median ${x.median.toFixed(0)} ms (${x.min.toFixed(0)}-${x.max.toFixed(0)} over ${r.runs} loads)`;
  console.log(
    `first complete render (first screen: ${r.firstScreenFigures.join(', ')}; ` +
      `${r.firstScreenFonts.join(', ')}): ${range(r.firstScreen)}   ` +
      `budget 1000 ms  ${r.firstScreen.median <= 1000 ? 'ok' : 'OVER'}`,
  );
  console.log(`stress, all ${r.figures} figures forced visible at once: ${range(r.firstRenderAll)}   (no budget)`);
  for (const [k, v] of Object.entries(r.updates))
    console.log(
      `update ${k.padEnd(22)} median ${v.median.toFixed(1).padStart(5)} ` +
        `ms  p95 ${v.p95.toFixed(1).padStart(5)} ms  ${v.median <= 16 ? 'ok' : 'OVER'}`,
    );
  console.log(extremesTable(r.extremes).join('\n'));
  if (process.argv.includes('--json')) console.log(JSON.stringify(r));
}
