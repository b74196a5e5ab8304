// Browser benchmark of every figure at the largest values its controls allow (not a test: numbers
// are reported, never asserted). For each figure of the page, in headless Chromium:
//   jump:         all its numeric parameters set to their maximum at once -> figure redrawn and painted
//   update:       then each control stepped back and forth next to that maximum (an enum through its
//                 values), STEPS times; per control the median; the figure's worst case is the slowest
//                 control's median (target 100 ms), with the slowest single step beside it
//   rate:         while dragging: each numeric control set once per animation frame for RATE_MS,
//                 alternating between the two values `update` steps through; the frames in which
//                 the figure's update finished drawing, per second, per control (not `render` events:
//                 a drag fires those for its newest values only); the figure's rate is its slowest
//                 control's (target 20 a second)
//   first render: a fresh element of the same figure, already at its maxima, inserted into the page
//                 in view -> its first complete render painted (target 1 s; the wasm is already loaded)
// "Painted" is the task after the next animation frame that follows the figure's `render` event.
// `node tests/browser/bench-extremes.mjs [--json]` after `npm run build`; also part of bench.mjs.
import { pathToFileURL } from 'node:url';
import { serve, launch, requireSite } from './harness.mjs';
import { attrName, formatValue } from '../../web/elements/params.js';
import { FIGURE_PARAMS } from '../../web/elements/recipes.js';

const STEPS = 6,
  RATE_MS = 1500;
export const UPDATE_TARGET = 100,
  RATE_TARGET = 20,
  FIRST_TARGET = 1000;

/** The heaviest setting of a figure: every number at its maximum (enums keep their default). */
export function extremes(tag) {
  const out = {};
  for (const [name, spec] of Object.entries(FIGURE_PARAMS[tag]))
    if (spec.type === 'int' || spec.type === 'real') out[attrName(name)] = formatValue(spec, spec.max);
  return out;
}

/** The values one control steps through at the extreme: its maximum and a neighbour, or each enum value. */
export function steps(spec) {
  if (spec.type === 'enum') return spec.values;
  if (spec.type === 'bool') return [];
  let near =
    spec.scale === 'log'
      ? spec.max * 0.97
      : spec.max - (spec.type === 'int' ? (spec.even ? 2 : 1) : (spec.max - spec.min) / 100);
  if (spec.type === 'int') near = Math.round(near) - (spec.even && Math.round(near) % 2 ? 1 : 0);
  return near >= spec.min && near !== spec.max ? [formatValue(spec, near), formatValue(spec, spec.max)] : [];
}

// In the page: set attributes on a figure, resolve with the ms until the redraw is painted (NaN on
// a timeout, with the figure's error text if it shows one).
function timeChange([sel, attrs, timeout]) {
  const el = document.querySelector(sel);
  return new Promise((resolve) => {
    const t0 = performance.now();
    const timer = setTimeout(
      () => resolve({ ms: NaN, error: el.shadowRoot.querySelector('.err')?.textContent ?? 'timeout' }),
      timeout,
    );
    el.addEventListener(
      'render',
      () =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            clearTimeout(timer);
            resolve({ ms: performance.now() - t0 });
          }),
        ),
      { once: true },
    );
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    // a value the figure already had (or one its constraints undo) changes nothing: no redraw to wait for
    if (!el.dirty) {
      clearTimeout(timer);
      resolve({ ms: null });
    }
  });
}

// In the page: a drag of one control, its attribute set at every animation frame for `ms` to
// values[0], values[1], values[0], ...; resolves with the frames per second in which the figure
// finished drawing. While a drag lasts the figure's `render` event waits for the newest values, so
// a redraw is counted where the figure's `update` finishes (it draws the answer it got, even when a
// newer change has come meanwhile).
function countRate([sel, name, values, ms]) {
  const el = document.querySelector(sel);
  return new Promise((resolve) => {
    let frames = 0,
      drawn = 0,
      last = -1;
    el.update = async function (p) {
      await Object.getPrototypeOf(this).update.call(this, p);
      if (last !== frames) drawn++;
      last = frames;
    };
    const t0 = performance.now();
    const frame = (t) => {
      if (t - t0 < ms) {
        el.setAttribute(name, values[frames++ % values.length]);
        requestAnimationFrame(frame);
        return;
      }
      delete el.update;
      const perSecond = (drawn * 1000) / (t - t0),
        fps = (frames * 1000) / (t - t0);
      // the last value's redraw lands before the next measurement starts
      const settled = () =>
        el.dirty || el.dataset.ready !== String(el.gen) ? requestAnimationFrame(settled) : resolve({ perSecond, fps });
      settled();
    };
    requestAnimationFrame(frame);
  });
}

// In the page: a fresh copy of figure `sel` with `attrs`, inserted before it; ms until its first render is painted.
function timeFresh([sel, attrs, timeout]) {
  const old = document.querySelector(sel);
  const el = document.createElement(old.localName);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return new Promise((resolve) => {
    const t0 = performance.now();
    const done = (r) => {
      el.remove();
      resolve(r);
    };
    const timer = setTimeout(
      () => done({ ms: NaN, error: el.shadowRoot?.querySelector('.err')?.textContent ?? 'timeout' }),
      timeout,
    );
    el.addEventListener(
      'render',
      () =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            clearTimeout(timer);
            done({ ms: performance.now() - t0 });
          }),
        ),
      { once: true },
    );
    // in the old one's place, which is on screen: a tall figure's copy placed after it might sit
    // beyond the distance at which figures start computing
    old.before(el);
    el.scrollIntoView();
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Runs the figures' worst cases on a page served at `url`. Returns { [figure id]: result }. */
export async function benchExtremes(url, { only = null, timeout = 15000 } = {}) {
  const b = await launch({ viewport: { width: 1200, height: 900 }, frameWatch: false });
  const out = {};
  try {
    await b.page.goto(url);
    const figures = await b.page.evaluate(
      (tags) =>
        [...document.querySelectorAll('[id]')]
          .filter((el) => tags.includes(el.localName))
          .map((el) => [el.id, el.localName]),
      Object.keys(FIGURE_PARAMS),
    );
    for (const [id, tag] of figures) {
      if (only && !only.includes(id)) continue;
      const sel = `#${id}`,
        max = extremes(tag);
      await b.page.locator(sel).scrollIntoViewIfNeeded();
      await b.page.waitForFunction((s) => document.querySelector(s).dataset.ready, sel, { timeout });
      const jump = await b.page.evaluate(timeChange, [sel, max, timeout]);
      const controls = {};
      for (const [name, spec] of Object.entries(FIGURE_PARAMS[tag])) {
        const values = steps(spec);
        if (!values.length) continue;
        const times = [];
        for (let i = 0; i < STEPS; i++) {
          const r = await b.page.evaluate(timeChange, [sel, { [attrName(name)]: values[i % values.length] }, timeout]);
          if (r.ms !== null) times.push(r.ms);
          if (r.error) controls[name] = { error: r.error };
        }
        // leave the control at its maximum for the next one
        await b.page.evaluate(timeChange, [sel, { [attrName(name)]: max[attrName(name)] ?? spec.def }, timeout]);
        if (times.length) controls[name] = { ...controls[name], median: median(times), max: Math.max(...times) };
        if (spec.type === 'int' || spec.type === 'real') {
          const { perSecond, fps } = await b.page.evaluate(countRate, [sel, attrName(name), values, RATE_MS]);
          await b.page.evaluate(timeChange, [sel, { [attrName(name)]: max[attrName(name)] }, timeout]);
          controls[name] = { ...controls[name], rate: perSecond, fps };
        }
      }
      // a control that timed out (NaN) counts as the slowest
      const slow = ({ median: m }) => (m === undefined ? -1 : Number.isNaN(m) ? Infinity : m);
      const worst = Object.entries(controls).sort((a, c) => slow(c[1]) - slow(a[1]))[0];
      const rated = Object.entries(controls).filter(([, c]) => c.rate !== undefined);
      const slowest = rated.sort((a, c) => a[1].rate - c[1].rate)[0];
      const first = await b.page.evaluate(timeFresh, [sel, max, timeout]);
      out[id] = {
        tag,
        jump: jump.ms,
        first: first.ms,
        error: jump.error ?? first.error,
        worstControl: worst?.[0],
        worstMedian: worst?.[1].median ?? NaN,
        rate: slowest?.[1].rate ?? NaN,
        rateControl: slowest?.[0],
        fps: slowest?.[1].fps ?? NaN,
        worstStep: Math.max(...Object.values(controls).map((c) => c.max ?? NaN)),
        controls,
      };
      if (process.env.DEBUG) console.error(id, JSON.stringify(out[id]));
    }
  } finally {
    await b.close();
  }
  return out;
}

/** Lines of a report table. */
export function extremesTable(r) {
  const f = (x) => (Number.isFinite(x) ? x.toFixed(0) : 'n/a');
  const lines = [
    '| figure at its extremes | slowest drag, updates/s (control) | its frames/s | worst update, median ms (control) ' +
      '| slowest step ms | jump to extremes ms | first render ms | met |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const [id, x] of Object.entries(r)) {
    const ok = x.worstMedian <= UPDATE_TARGET && x.first <= FIRST_TARGET && !(x.rate < RATE_TARGET);
    lines.push(
      `| #${id} | ${f(x.rate)} (${x.rateControl ?? '-'}) | ${f(x.fps)} ` +
        `| ${f(x.worstMedian)} (${x.worstControl ?? '-'}) | ${f(x.worstStep)} | ${f(x.jump)} | ${f(x.first)} ` +
        `| ${ok ? 'yes' : '**no**'}${x.error ? ` (${x.error})` : ''} ` +
        `|`,
    );
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  requireSite();
  const srv = await serve();
  try {
    const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
    const r = await benchExtremes(srv.url, { only: only.length ? only : null });
    console.log(
      `targets: drag >= ${RATE_TARGET} updates/s, update <= ${UPDATE_TARGET} ms, first render <= ${FIRST_TARGET} ms\n`,
    );
    console.log(extremesTable(r).join('\n'));
    if (process.argv.includes('--json')) console.log(JSON.stringify(r));
  } finally {
    await srv.close();
  }
}
