// Browser benchmark of the page (not a test): `node tests/browser/bench.mjs` (after `npm run build`).
//   first render:          navigation start -> the figure of the first screen drawn (budget 1 s), and
//                          -> every figure of the page drawn, all treated as visible from the start
//                          (a stress case: the page computes a figure only near the viewport; budget 1 s)
//   slider update:         setting one parameter -> that figure redrawn (Worker round trip + draw), median
//                          and 95th percentile over 40 updates per figure (budget 16 ms)
//   size:                  JS + wasm the page downloads (SIMD flavour), gzip -9 (budget 300 KB)
// Prints a table and, with --json, one JSON line. Exported as benchPage() for tools/bench.mjs.
import { pathToFileURL } from 'node:url';
import { serve, launch, requireSite, SITE } from './harness.mjs';
import { pageDownloadSize } from '../../tools/build-site.mjs';

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

export async function benchPage() {
  requireSite();
  const srv = await serve();
  const out = { size: await pageDownloadSize(SITE) };
  try {
    // 1. first render, everything visible at once
    {
      const b = await launch({ viewport: { width: 1200, height: 900 } });
      // every figure counts as visible from the start (a very tall window, without its paint cost)
      await b.page.addInitScript(() => {
        window.IntersectionObserver = class { constructor(cb) { this.cb = cb; } observe(el) { queueMicrotask(() => this.cb([{ isIntersecting: true, target: el }])); } unobserve() {} disconnect() {} };
      });
      await b.page.addInitScript(() => { window.__renders = {}; document.addEventListener('render', (e) => { window.__renders[e.target.localName] ??= performance.now(); }); });
      await b.page.goto(srv.url);
      // every figure element of the page (all sections), each drawn at least once
      await b.page.waitForFunction(() => {
        const figures = [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('posenc-'));
        return figures.length > 0 && figures.every((el) => window.__renders[el.localName] !== undefined);
      }, null, { timeout: 30000, polling: 20 });
      const r = await b.page.evaluate(() => window.__renders);
      out.figures = Object.keys(r).length;
      out.firstRenderAll = Math.max(...Object.values(r));
      out.firstRenderEach = r;
      await b.close();
    }
    // 2. first screen at a normal size, then slider updates
    const b = await launch({ viewport: { width: 1200, height: 900 } });
    await b.page.addInitScript(() => { window.__renders = {}; document.addEventListener('render', (e) => { window.__renders[e.target.localName] ??= performance.now(); }); });
    await b.page.goto(srv.url);
    await b.page.waitForFunction(() => window.__renders['posenc-why-positions'], null, { timeout: 30000 });
    out.firstScreen = await b.page.evaluate(() => window.__renders['posenc-why-positions']);
    out.updates = {};
    for (const [sel, attr, value] of UPDATES) {
      await b.page.locator(sel).scrollIntoViewIfNeeded();
      await b.page.waitForFunction((s) => document.querySelector(s).dataset.ready, sel);
      const times = [];
      for (let i = 0; i < 40; i++) {
        times.push(await b.page.evaluate(([s, a, v]) => new Promise((resolve) => {
          const el = document.querySelector(s);
          const t0 = performance.now();
          el.addEventListener('render', () => resolve(performance.now() - t0), { once: true });
          setTimeout(() => resolve(NaN), 5000);
          el.setAttribute(a, v);
        }), [sel, attr, value(i)]));
      }
      if (process.env.DEBUG) console.log(sel, attr, times.map((x) => x.toFixed(1)).join(' '));
      times.sort((a, c) => a - c);
      out.updates[`${sel} ${attr}`] = { median: times[20], p95: times[37] };
    }
    await b.close();
  } finally { await srv.close(); }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchPage();
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`size (gzip -9): JS ${kb(r.size.js)} + wasm ${kb(r.size.wasm)} = ${kb(r.size.total)}   budget 300 KB  ${r.size.total <= 300e3 ? 'ok' : 'OVER'}`);
  console.log(`first render, all ${r.figures} figures: ${r.firstRenderAll.toFixed(0)} ms   budget 1000 ms  ${r.firstRenderAll <= 1000 ? 'ok' : 'OVER'}`);
  console.log(`first render, first screen: ${r.firstScreen.toFixed(0)} ms   budget 1000 ms  ${r.firstScreen <= 1000 ? 'ok' : 'OVER'}`);
  for (const [k, v] of Object.entries(r.updates)) console.log(`update ${k.padEnd(22)} median ${v.median.toFixed(1).padStart(5)} ms  p95 ${v.p95.toFixed(1).padStart(5)} ms  ${v.median <= 16 ? 'ok' : 'OVER'}`);
  if (process.argv.includes('--json')) console.log(JSON.stringify(r));
}
