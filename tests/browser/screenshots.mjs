// Takes the README screenshots (not a test): `node tests/browser/screenshots.mjs [outDir]` after
// `npm run build`. Writes small PNGs of chosen figures (default web/site/screenshots/), light and
// dark, English and Chinese, and warns about any file over 200 KB. The README's pictures are also
// written as WebP to docs/images/ (see PACKAGED): the package ships them, so that the README shows
// them on a registry page, and WebP keeps that cost small.
import { stat, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, watch, renderAll, requireSite, ROOT } from './harness.mjs';

const SHOTS = [
  // [file, selector, query, options]
  ['page-top.png', 'header.top', '?lang=en', {}],
  ['why-positions.png', '#why0', '?lang=en&why0.encoding=rope', {}],
  ['sinusoidal-heatmap.png', '#sin', '?lang=en&sin.positions=96&sin.dim=64', {}],
  ['rope-plane.png', '#plane', '?lang=en', {}],
  ['rope-dials.png', '#dials', '?lang=en', {}],
  ['rope-elementwise-zh.png', '#elementwise', '?lang=zh', { colorScheme: 'dark', locale: 'zh-CN' }],
  ['rope-decay.png', '#decay', '?lang=en', {}],
  ['attention-compare-dark.png', '#cmp', '?lang=en&cmp.seq=40&cmp.train=28', { colorScheme: 'dark' }],
  ['learned-blind-zone.png', '#learned0', '?lang=en&learned0.maxLen=128&learned0.dim=256&learned0.position=150', {}],
];

// screenshot -> packaged WebP: every picture the README shows (tests/js/pack.test.mjs checks that they ship)
// (the first screen's at 0.8, the page's at 0.6: every kilobyte is in the tarball)
const PACKAGED = [
  ['rope-plane', 0.8],
  ['rope-dials', 0.6],
].map(([name, quality]) => [`${name}.png`, join(ROOT, 'docs', 'images', `${name}.webp`), quality]);

/** Re-encode a PNG as WebP with Chromium's own encoder (no image library needed). */
async function toWebp(page, png, quality = 0.8) {
  const dataUrl = await page.evaluate(
    async ({ b64, q }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = Object.assign(document.createElement('canvas'), {
        width: img.naturalWidth,
        height: img.naturalHeight,
      });
      canvas.getContext('2d').drawImage(img, 0, 0);
      return canvas.toDataURL('image/webp', q);
    },
    { b64: png.toString('base64'), q: quality },
  );
  if (!dataUrl.startsWith('data:image/webp')) throw new Error('screenshots: this Chromium cannot encode WebP');
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

export async function takeScreenshots(outDir = join(ROOT, 'web', 'site', 'screenshots')) {
  requireSite();
  await mkdir(outDir, { recursive: true });
  const srv = await serve();
  const written = [];
  try {
    for (const [file, sel, query, opts] of SHOTS) {
      const b = await launch({ viewport: { width: 900, height: 900 }, ...opts });
      try {
        const problems = watch(b.page);
        await b.page.goto(srv.url + query);
        await renderAll(b.page);
        const el = b.page.locator(sel).first();
        await el.scrollIntoViewIfNeeded();
        await b.page.waitForTimeout(200);
        const path = join(outDir, file);
        await el.screenshot({ path });
        const size = (await stat(path)).size;
        written.push({ file, size });
        if (size > 200e3) console.warn(`${file}: ${Math.round(size / 1024)} KiB (over 200 KB)`);
        if (problems.length) console.warn(`${file}: ${problems.join('; ')}`);
      } finally {
        await b.close();
      }
    }
    const b = await launch();
    try {
      for (const [file, target, quality] of PACKAGED) {
        await mkdir(join(target, '..'), { recursive: true });
        const webp = await toWebp(b.page, await readFile(join(outDir, file)), quality);
        await writeFile(target, webp);
        written.push({ file: target.slice(ROOT.length + 1), size: webp.length });
      }
    } finally {
      await b.close();
    }
  } finally {
    await srv.close();
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { file, size } of await takeScreenshots(process.argv[2]))
    console.log(`${file.padEnd(30)} ${(size / 1024).toFixed(0)} KiB`);
}
