// Figures at their largest settings still show the library's numbers: a virtualised table scrolled
// deep into rows and columns shows the right values in the right place, and a heatmap with more
// cells than pixels shows each pixel as the mean of its cells, while one with big cells shows each
// cell exactly. Averages and colours are computed here, independently of heatmap.js (float64
// means, d3's RdBu for the colour).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { interpolateRdBu } from 'd3-scale-chromatic';
import { rgb } from 'd3-color';
import { serve, launch, watch, waitRendered, requireSite, mountFigure } from './harness.mjs';

let srv, browser;
before(async () => {
  requireSite();
  srv = await serve();
  browser = await launch({ viewport: { width: 1200, height: 900 } });
});
after(async () => {
  await browser?.close();
  await srv?.close();
});

test('a 1024 x 512 table scrolled to row 700, column 300 shows the library values there', async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.goto(`${srv.url}?sintab.positions=1024&sintab.dim=512&sintab.base=10000`);
  await mountFigure(page, 'posenc-sinusoidal-table', 'sintab');
  await page.locator('#sintab').scrollIntoViewIfNeeded();
  await waitRendered(page, '#sintab');
  const got = await page.evaluate(async () => {
    const root = document.querySelector('#sintab').shadowRoot,
      wrap = root.querySelector('.tablewrap');
    const cellOf = () => root.querySelector('tr[aria-rowindex="702"] td[aria-colindex="302"]');
    wrap.scrollTop = 700 * 22 - 100;
    wrap.scrollLeft = 300 * 76 - 200;
    for (let i = 0; i < 20 && !cellOf(); i++) await new Promise((r) => requestAnimationFrame(r));
    const cell = cellOf(),
      box = wrap.getBoundingClientRect(),
      at = cell?.getBoundingClientRect();
    const posenc = await (await import('/lib/index.js')).load();
    const expected = posenc.sinusoidal({ positions: 1024, dim: 512, base: 10000 });
    const shown = [...root.querySelectorAll('tbody tr[aria-rowindex] td[aria-colindex]')].map((td) => ({
      i: Number(td.parentElement.getAttribute('aria-rowindex')) - 2,
      j: Number(td.getAttribute('aria-colindex')) - 2,
      v: Number(td.title),
      text: td.textContent,
    }));
    const header = root.querySelector('thead th[aria-colindex="302"]')?.textContent;
    return {
      found: Boolean(cell),
      inView:
        Boolean(at) && at.left >= box.left && at.right <= box.right && at.top >= box.top && at.bottom <= box.bottom,
      header,
      shown,
      expected: shown.map(({ i, j }) => expected[i * 512 + j]),
    };
  });
  assert.ok(got.found, 'row 700, column 300 is built');
  assert.ok(got.inView, 'and it sits inside the visible part of the table');
  assert.equal(got.header, 'sin θ₁₅₀', 'dimension 300 is the sine of pair 150');
  assert.ok(
    got.shown.some(({ i }) => i === 700) && got.shown.every(({ i }) => i > 600 && i < 800),
    'only rows near 700',
  );
  assert.ok(got.shown.length < 3000, `only the visible cells are built (${got.shown.length}, not 1024 x 512)`);
  got.shown.forEach(({ i, j, v, text }, k) => {
    assert.equal(Math.fround(v), got.expected[k], `cell [${i}, ${j}]`);
    assert.ok(Math.abs(Number(text) - got.expected[k]) <= 5e-5, `cell [${i}, ${j}] reads ${text}`);
  });
  assert.deepEqual(problems, []);
});

// In the page: the figure's canvas pixels at `points` ([row, col] of canvas pixels), and the float64
// mean of the library's cells each of those pixels covers (cell k of n goes to pixel floor(k * out / n)).
function pixelsAndMeans({ positions, dim, base, step }) {
  return (async () => {
    const el = document.querySelector('#sin'),
      canvas = el.shadowRoot.querySelector('canvas');
    const W = canvas.width,
      H = canvas.height;
    const px = canvas.getContext('2d').getImageData(0, 0, W, H).data;
    const data = (await (await import('/lib/index.js')).load()).sinusoidal({ positions, dim, base });
    const outR = Math.min(positions, H),
      outC = Math.min(dim, W);
    const covers = (p, n, out) => {
      const ks = [];
      for (let k = 0; k < n; k++) if (Math.floor((k * out) / n) === p) ks.push(k);
      return ks;
    };
    const out = [];
    // pixels on a grid of `step`, moved to the centre of their averaged cell (away from the edges,
    // where nearest-neighbour stretching may pick either side)
    const centre = (v, n, out) => Math.floor(((Math.floor(((v + 0.5) * out) / n) + 0.5) * n) / out);
    for (let y0 = 0; y0 < H; y0 += step)
      for (let x0 = 0; x0 < W; x0 += step) {
        const x = centre(x0, W, outC),
          y = centre(y0, H, outR);
        // the canvas stretches the averaged image (outC x outR) to W x H, nearest neighbour
        const r = Math.floor(((y + 0.5) * outR) / H),
          c = Math.floor(((x + 0.5) * outC) / W);
        const rows = covers(r, positions, outR),
          cols = covers(c, dim, outC);
        let sum = 0;
        for (const i of rows) for (const j of cols) sum += data[i * dim + j];
        const o = 4 * (y * W + x);
        out.push({
          x,
          y,
          mean: sum / (rows.length * cols.length),
          sample: data[Math.floor(((y + 0.5) * positions) / H) * dim + Math.floor(((x + 0.5) * dim) / W)],
          rgb: [px[o], px[o + 1], px[o + 2]],
        });
      }
    return { W, H, out };
  })();
}

// The colour heatmap.js is meant to give v on the figure's [-1, 1] scale: RdBu reversed, 256 steps.
const colour = (v) => {
  const t = Math.min(255, Math.max(0, Math.round((v + 1) * 127.5)));
  const c = rgb(interpolateRdBu(1 - t / 255));
  return [c.r, c.g, c.b];
};
const far = (a, b) => Math.max(...a.map((x, k) => Math.abs(x - b[k])));

test('a 2048 x 1024 heatmap shows each pixel as the mean of its cells; a small one, each cell', async () => {
  const { page } = browser;
  for (const [positions, dim, averaged] of [
    [2048, 1024, true],
    [24, 16, false],
  ]) {
    await page.goto(`${srv.url}?sin.positions=${positions}&sin.dim=${dim}&sin.base=10000`);
    await page.locator('#sin').scrollIntoViewIfNeeded();
    await waitRendered(page, '#sin');
    const { W, H, out } = await page.evaluate(pixelsAndMeans, { positions, dim, base: 10000, step: averaged ? 9 : 3 });
    assert.equal(W > dim || H > positions, !averaged, `canvas ${W} x ${H} for ${positions} x ${dim} cells`);
    let unlikeSample = 0;
    for (const p of out) {
      assert.ok(
        far(p.rgb, colour(p.mean)) <= 2,
        `pixel (${p.x}, ${p.y}): ${p.rgb} is not the colour of the mean ${p.mean} (${colour(p.mean)})`,
      );
      if (far(colour(p.sample), colour(p.mean)) > 16) unlikeSample++;
    }
    // where averaging matters, a picture of sampled cells would fail the check above in many places
    if (averaged)
      assert.ok(
        unlikeSample > out.length / 10,
        `the mean differs visibly from one sampled cell at ${unlikeSample} of ${out.length} pixels`,
      );
    else assert.equal(unlikeSample, 0);
  }
});
