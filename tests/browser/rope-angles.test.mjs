// The RoPE dials (§4b) and the angles chart (§6) in Debian's Chromium, in both languages: what they show
// against the library in Node (dist/lib) and against float64 computed here, driven from the keyboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openSite, closeSite, watch, waitRendered, ROOT } from './harness.mjs';

const { load } = await import(pathToFileURL(join(ROOT, 'dist', 'lib', 'index.js')).href);
const { exampleScaling, SCALINGS } = await import(pathToFileURL(join(ROOT, 'web', 'elements', 'recipes.js')).href);
const { num } = await import(pathToFileURL(join(ROOT, 'web', 'elements', 'format.js')).href);
// a card shows 4 significant digits: it is off by at most half a unit of the 4th, 5e-4 of the value
const SHOWN = 5e-4;
const posenc = await load({ models: false });
const TURN = 2 * Math.PI;
const wrap = (a) => a - TURN * Math.round(a / TURN);
const theta64 = (base, i, dim) => base ** (-(2 * i) / dim);

let srv, browser;
before(async () => ({ srv, browser } = await openSite()));
after(() => closeSite({ srv, browser }));

const dialsView = (page) =>
  page.evaluate(() => {
    const el = document.querySelector('#dials'),
      r = el.r,
      root = el.shadowRoot;
    const arr = (a) => Array.from(a);
    return {
      title: root.querySelector('.title').textContent,
      params: { ...el.params },
      q: arr(r.q),
      k: arr(r.k),
      qm: arr(r.qm),
      kn: arr(r.kn),
      theta: arr(r.theta),
      gap: arr(r.gap),
      phi: arr(r.phi),
      between: arr(r.between),
      positions: r.positions,
      together: el.series.together,
      query: el.series.query,
      logit: Number(root.querySelector('.cards .v').textContent),
      labels: [...root.querySelectorAll('.dial svg')].map((svg) => svg.getAttribute('aria-label')),
      errors: [...root.querySelectorAll('.err[role=alert]')].map((e) => e.textContent),
    };
  });

/** Float64 logit of the figure's q and k: each pair rotated by m theta_i and n theta_i, then dotted. */
function logit64({ q, k, params: { m, n, dim, base } }) {
  let sum = 0;
  for (let i = 0; i < dim / 2; i++) {
    const a = m * theta64(base, i, dim),
      b = n * theta64(base, i, dim);
    const rotate = (x, y, c) => [x * Math.cos(c) - y * Math.sin(c), x * Math.sin(c) + y * Math.cos(c)];
    const [qx, qy] = rotate(q[2 * i], q[2 * i + 1], a),
      [kx, ky] = rotate(k[2 * i], k[2 * i + 1], b);
    sum += qx * kx + qy * ky;
  }
  return sum;
}

function checkDials(v) {
  const { m, n, dim, base } = v.params;
  assert.deepEqual(v.errors, []);
  assert.equal(v.labels.length, dim / 2, 'one dial per pair');
  // the same rotation and logit from the library in Node (either wasm flavour: float32 rounding apart)
  const qm = posenc.rope(Float32Array.from(v.q), { dim, base, positions: [m] });
  const kn = posenc.rope(Float32Array.from(v.k), { dim, base, positions: [n] });
  v.qm.forEach((x, j) => assert.ok(Math.abs(x - qm[j]) < 1e-6, `R_m q[${j}]: ${x} vs ${qm[j]}`));
  v.kn.forEach((x, j) => assert.ok(Math.abs(x - kn[j]) < 1e-6, `R_n k[${j}]: ${x} vs ${kn[j]}`));
  const lib = posenc.attentionScores(qm, kn, { dim, encoding: 'none', scale: false })[0];
  assert.ok(Math.abs(v.logit - lib) <= SHOWN * Math.abs(lib) + 1e-5, `logit ${v.logit} vs library ${lib}`);
  assert.ok(Math.abs(v.logit - logit64(v)) <= SHOWN * Math.abs(lib) + 1e-4, `logit ${v.logit} vs ${logit64(v)}`);
  for (let i = 0; i < dim / 2; i++) {
    const t = theta64(base, i, dim);
    assert.ok(Math.abs(v.theta[i] - t) <= 1e-6 * t, `theta_${i}: ${v.theta[i]} vs ${t}`);
    assert.ok(Math.abs(v.gap[i] - (m - n) * t) <= 1e-12 * (1 + Math.abs((m - n) * t)), `(m - n) theta_${i}`);
    // the angle from R_n k to R_m q is (m - n) theta_i + phi_i, phi_i the angle from k_i to q_i (float64 here)
    const [qx, qy, kx, ky] = [v.q[2 * i], v.q[2 * i + 1], v.k[2 * i], v.k[2 * i + 1]];
    const phi = Math.atan2(kx * qy - ky * qx, qx * kx + qy * ky);
    assert.ok(Math.abs(wrap(v.phi[i] - phi)) < 1e-9, `phi_${i}`);
    const want = (m - n) * t + phi;
    assert.ok(Math.abs(wrap(v.between[i] - want)) < 1e-4, `pair ${i}: ${v.between[i]} vs ${want}`);
    assert.ok(v.labels[i].includes(`${num(v.between[i], 3)} rad`), `dial ${i}: ${v.labels[i]}`);
  }
}

const spread = (xs) => {
  const f = xs.filter(Number.isFinite);
  return Math.max(...f) - Math.min(...f);
};

/** The rows of §1's heatmap that are outlined, read off the drawing: the row under each outline's centre. */
const outlinedRows = (page) =>
  page.evaluate(() => {
    const el = document.querySelector('#sin'),
      root = el.shadowRoot;
    const cells = root.querySelector('.heatmap canvas').getBoundingClientRect();
    return [...root.querySelectorAll('rect.mark-row')].map((r) => {
      const box = r.getBoundingClientRect();
      const row = Math.floor(((box.top + box.height / 2 - cells.top) / cells.height) * el.params.positions);
      return { row, dashed: r.getAttribute('stroke-dasharray') !== null };
    });
  });

test("the dials' scrubber sweeps §1's heatmap: rows m (solid) and n (dashed) outlined as it moves", async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.goto(`${srv.url}?dials.m=9&dials.n=4`);
  await page.locator('#sin').scrollIntoViewIfNeeded();
  let gen = await waitRendered(page, '#sin');
  assert.deepEqual(await outlinedRows(page), [
    { row: 4, dashed: true },
    { row: 9, dashed: false },
  ]);
  // the m slider, from the keyboard ("moves n too"): m 9 -> 10, n 4 -> 5
  await page.locator('#dials').scrollIntoViewIfNeeded();
  await page.locator('#dials input[type=range]').first().focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#sin').getAttribute('mark-m') === '10');
  await page.locator('#sin').scrollIntoViewIfNeeded();
  gen = await waitRendered(page, '#sin', gen);
  assert.deepEqual(await outlinedRows(page), [
    { row: 5, dashed: true },
    { row: 10, dashed: false },
  ]);
  // ... and the step button, with only m moving
  await page.evaluate(() => document.querySelector('#dials').setAttribute('motion', 'query'));
  await page.locator('#dials button.act').first().click();
  await page.waitForFunction(() => document.querySelector('#sin').getAttribute('mark-m') === '11');
  await page.locator('#sin').scrollIntoViewIfNeeded(); // (the click scrolled to the dials)
  await waitRendered(page, '#sin', gen);
  assert.deepEqual(await outlinedRows(page), [
    { row: 5, dashed: true },
    { row: 11, dashed: false },
  ]);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('dials.m') === '11');
  assert.deepEqual(
    [...new URL(page.url()).searchParams.keys()].filter((k) => k.startsWith('sin.')),
    [],
    'the URL holds the dials only',
  );
  // a heatmap on its own (an embed without the page) outlines nothing
  const alone = await page.evaluate(async () => {
    const el = document.createElement('posenc-sinusoidal-heatmap');
    document.querySelector('#sin').before(el);
    el.scrollIntoView();
    await new Promise((done) => el.addEventListener('render', done, { once: true }));
    const marks = el.shadowRoot.querySelectorAll('rect.mark-row').length;
    el.remove();
    return marks;
  });
  assert.equal(alone, 0);
  assert.deepEqual(problems, []);
});

for (const lang of ['en', 'zh']) {
  test(`RoPE dials (${lang}): the library rotations, (m − n)θ_i + φ_i, a logit flat while m, n move`, async () => {
    const { page } = browser;
    const problems = watch(page);
    await page.goto(`${srv.url}?lang=${lang}&dials.m=9&dials.n=4&dials.dim=12&dials.seed=7`);
    const sel = '#dials';
    await page.locator(sel).scrollIntoViewIfNeeded();
    let gen = await waitRendered(page, sel);
    let v = await dialsView(page);
    assert.match(v.title, lang === 'zh' ? /从一个平面到 d\/2 个平面/ : /From one plane to d\/2 planes/);
    checkDials(v);
    const first = v.logit,
      scale = Math.max(...v.query.map(Math.abs));
    // the sparkline: flat with n = m − 5 (float32 rounding), not flat with n fixed
    assert.ok(spread(v.together) <= 1e-5 * scale, `together: spread ${spread(v.together)}`);
    assert.ok(spread(v.query) > 0.1 * scale, `only m: spread ${spread(v.query)}`);
    // "moves n too": the step button, then the m slider's arrow key, move both
    await page.locator(`${sel} button.act`).first().focus();
    await page.keyboard.press('Enter');
    gen = await waitRendered(page, sel, gen);
    await page.locator(`${sel} input[type=range]`).first().focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('dials.n') === '6');
    gen = await waitRendered(page, sel, gen);
    v = await dialsView(page);
    assert.deepEqual([v.params.m, v.params.n], [11, 6]);
    checkDials(v);
    assert.ok(Math.abs(v.logit - first) <= 1e-5 * (1 + Math.abs(first)), `moved together: ${v.logit} vs ${first}`);
    // "moves q only" (the radio group, from the keyboard): now the logit changes
    await page.locator(`${sel} .seg button[aria-checked=true]`).focus();
    await page.keyboard.press('ArrowRight');
    gen = await waitRendered(page, sel, gen);
    await page.locator(`${sel} input[type=range]`).first().focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('dials.m') === '12');
    await waitRendered(page, sel, gen);
    v = await dialsView(page);
    assert.deepEqual([v.params.m, v.params.n, v.params.motion], [12, 6, 'query']);
    checkDials(v);
    assert.ok(Math.abs(v.logit - first) > 1e-3, `only m moved: ${v.logit} vs ${first}`);
    // k ahead of q: m − n < 0
    await page.goto(`${srv.url}?lang=${lang}&dials.m=2&dials.n=40&dials.dim=16&dials.base=500`);
    await page.locator(sel).scrollIntoViewIfNeeded();
    await waitRendered(page, sel);
    checkDials(await dialsView(page));
    assert.deepEqual(problems, []);
  });

  test(`§6 angles (${lang}): seen and needed angles per pair, the never-seen range, one scaling lit`, async () => {
    const { page } = browser;
    const problems = watch(page);
    const [L, factor, dim, base] = [512, 8, 32, 10000];
    const query = `angles.original=${L}&angles.factor=${factor}&angles.dim=${dim}&angles.highlight=ntk`;
    await page.goto(`${srv.url}?lang=${lang}&${query}`);
    const sel = '#angles';
    await page.locator(sel).scrollIntoViewIfNeeded();
    let gen = await waitRendered(page, sel);
    const view = () =>
      page.evaluate(() => {
        const el = document.querySelector('#angles'),
          root = el.shadowRoot,
          r = el.r;
        return {
          title: root.querySelector('.title').textContent,
          seen: Array.from(r.seen),
          plain: Array.from(r.plain),
          needed: Object.fromEntries(Object.entries(r.needed).map(([k, a]) => [k, Array.from(a)])),
          shaded: [...root.querySelectorAll('rect.unseen')].map((e) => Number(e.dataset.pair)),
          unseen: { ...r.unseen },
          line: root.querySelector('.unseen-line').textContent,
          bold: [...root.querySelectorAll('path.needed')]
            .filter((p) => p.getAttribute('stroke-width') === '2.6')
            .map((p) => p.dataset.type),
          errors: [...root.querySelectorAll('.err[role=alert]')].map((e) => e.textContent),
        };
      });
    let v = await view();
    assert.deepEqual(v.errors, []);
    assert.match(v.title, lang === 'zh' ? /训练中见过的角度/ : /Angles seen in training/);
    const widest = (need) =>
      need.reduce((w, a, i) => (v.seen[i] < TURN ? Math.max(w, Math.min(a, TURN) - v.seen[i]) : w), 0);
    for (let i = 0; i < dim / 2; i++) {
      const t = theta64(base, i, dim);
      assert.ok(Math.abs(v.seen[i] - (L - 1) * t) <= 1e-12 * (L - 1) * t, `seen_${i}`);
      assert.ok(Math.abs(v.plain[i] - (4 * L - 1) * t) <= 1e-12 * (4 * L - 1) * t, `plain_${i}`);
    }
    for (const type of SCALINGS) {
      const scaling = exampleScaling(type, { dim, factor, original: L });
      const lib = posenc.ropeFrequencies({ dim, base, scaling, seqLen: 4 * L });
      v.needed[type].forEach((a, i) => assert.ok(Math.abs(a - lib[i] * (4 * L - 1)) <= 1e-6 * a, `${type} pair ${i}`));
      const want = widest(v.needed[type]);
      assert.ok(Math.abs(v.unseen[type] - want) <= 1e-9 * (1 + want), `${type}: ${v.unseen[type]} vs ${want}`);
    }
    // one line for the lit scaling and plain RoPE; a range below a hundredth of a radian is said to be one
    const said = (a) => (a > 0 && a < 0.01 ? (lang === 'zh' ? '不到 0.01 rad' : 'below 0.01 rad') : `${num(a)} rad`);
    assert.ok(v.line.includes(`NTK-aware ${said(widest(v.needed.ntk))}; `), v.line);
    assert.ok(v.line.endsWith(` ${said(widest(v.plain))}`), v.line);
    assert.ok(Math.abs(Number(/([\d.]+) rad$/.exec(v.line)[1]) - widest(v.plain)) <= SHOWN * widest(v.plain), v.line);
    // plain RoPE at 4L leaves slow pairs in angles never seen; interpolation by s >= 4 brings every pair back
    assert.ok(widest(v.plain) > 1, `plain: ${widest(v.plain)}`);
    assert.equal(widest(v.needed.linear), 0);
    const expectShaded = (need) => need.map((a, i) => i).filter((i) => need[i] > v.seen[i] && v.seen[i] < TURN);
    assert.deepEqual(v.shaded, expectShaded(v.needed.ntk));
    assert.deepEqual(v.bold, ['ntk']);
    // the legend, from the keyboard: the next scaling takes the highlight
    await page.locator(`${sel} .seg button[aria-checked=true]`).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('angles.highlight') === 'dynamic');
    await waitRendered(page, sel, gen);
    v = await view();
    assert.deepEqual(v.bold, ['dynamic']);
    assert.deepEqual(v.shaded, expectShaded(v.needed.dynamic));
    assert.deepEqual(problems, []);
  });
}
