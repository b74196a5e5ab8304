// Memory soak of the page (on demand, not part of the test suite): `node tools/soak.mjs [minutes]`
// (default 10) after `npm run build`. Drives the heaviest figures' sliders continuously in headless
// Chromium, round-robin, one change every frame or two, and samples the JS heap (CDP
// Performance.getMetrics: JSHeapUsedSize, after a forced garbage collection, and the DOM node count) at the start,
// every
// minute and at the end. Memory is flat when the end is within a few MB of the start.
import { serve, launch, requireSite } from '../tests/browser/harness.mjs';

const minutes = Number(process.argv[2] ?? 10);
// figure, attribute, values to cycle through (big settings, so every change allocates a lot)
const DRIVE = [
  ['#sin', 'dim', (i) => String(1024 - 2 * (i % 8))],
  ['#sintab', 'positions', (i) => String(1024 - (i % 8))],
  ['#sim', 'positions', (i) => String(1024 - (i % 8))],
  ['#learned0', 'max-len', (i) => String(4096 - (i % 8))],
  ['#logits', 'original', (i) => String(4096 - 16 * (i % 8))],
  ['#decay', 'distance', (i) => String(8192 - (i % 8))],
];

requireSite();
const srv = await serve();
const b = await launch();
try {
  const cdp = await b.ctx.newCDPSession(b.page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.enable');
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name) => metrics.find((m) => m.name === name).value;
    return { mb: get('JSHeapUsedSize') / 2 ** 20, nodes: get('Nodes') };
  };
  await b.page.goto(srv.url);
  for (const [sel] of DRIVE) {
    // first draw of each, so the start includes every figure's steady state
    await b.page.locator(sel).scrollIntoViewIfNeeded();
    await b.page.waitForFunction((s) => document.querySelector(s).dataset.ready, sel, { timeout: 30000 });
  }
  const start = await heap();
  const show = (h) => `${h.mb.toFixed(1)} MB JS heap, ${h.nodes} DOM nodes`;
  console.log(`start: ${show(start)} (page)`);
  const t0 = Date.now();
  let changes = 0,
    minute = 1;
  while (Date.now() - t0 < minutes * 60e3) {
    const [sel, attr, value] = DRIVE[changes % DRIVE.length];
    // a figure far off screen does not compute: bring the one being driven into view
    if (changes % 40 < DRIVE.length) await b.page.locator(sel).scrollIntoViewIfNeeded();
    await b.page.evaluate(
      ([s, a, v]) =>
        new Promise((r) => {
          document.querySelector(s).setAttribute(a, v);
          requestAnimationFrame(() => r());
        }),
      [sel, attr, value(changes)],
    );
    changes++;
    if (Date.now() - t0 >= minute * 60e3) {
      console.log(`${minute} min: ${show(await heap())} after ${changes} changes`);
      minute++;
    }
  }
  const end = await heap();
  const d = end.mb - start.mb;
  console.log(
    `end: ${show(end)} after ${changes} changes in ${((Date.now() - t0) / 60e3).toFixed(1)} ` +
      `min (heap ${d >= 0 ? '+' : ''}${d.toFixed(1)} MB since ` +
      `the start)`,
  );
} finally {
  await b.close();
  await srv.close();
}
