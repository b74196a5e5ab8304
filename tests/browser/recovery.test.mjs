// A computation that fails in the compute Worker: the figure shows the error, and the next change
// draws again. Three failures: the library refusing a value (a real RangeError from the wasm core),
// a Worker that dies mid-request (an uncaught trap in its message handler, injected through
// Playwright's handle on the Worker), and a Worker reporting a trap it caught (a `fatal` answer, as
// worker.js sends for a WebAssembly.RuntimeError), after which the page must use a fresh Worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, closeSite, watch, waitRendered } from './harness.mjs';

let srv, browser;
before(async () => ({ srv, browser } = await openSite()));
after(() => closeSite({ srv, browser }));

const SEL = '#sin';
const errorText = (page) =>
  page.evaluate((s) => document.querySelector(s).shadowRoot.querySelector('.err')?.textContent ?? null, SEL);
const waitError = (page) =>
  page.waitForFunction((s) => document.querySelector(s).shadowRoot.querySelector('.err'), SEL, { timeout: 15000 });

// The figure's cells against the library's own table for the figure's current attributes.
async function assertShowsLibrary(page) {
  const { shown, expected } = await page.evaluate(async (s) => {
    const el = document.querySelector(s);
    const p = {
      positions: Number(el.getAttribute('positions')),
      dim: Number(el.getAttribute('dim')),
      base: Number(el.getAttribute('base')),
    };
    const lib = await (await import('/lib/index.js')).load();
    return { shown: Array.from(el.hm.d.data), expected: Array.from(lib.sinusoidal(p)) };
  }, SEL);
  assert.equal(shown.length, expected.length);
  assert.deepEqual(shown, expected);
}

async function change(page, base) {
  const gen = await page.evaluate((s) => Number(document.querySelector(s).dataset.ready), SEL);
  await page.evaluate(([s, b]) => document.querySelector(s).setAttribute('base', b), [SEL, String(base)]);
  return gen;
}

test('a failing computation shows its error, and the next change recovers', async () => {
  const { page } = browser;
  const problems = watch(page);
  await page.goto(`${srv.url}?sin.positions=24&sin.dim=16`);
  await page.locator(SEL).scrollIntoViewIfNeeded();
  await waitRendered(page, SEL);

  // 1. the library refuses a value: the figure's next request asks for an odd dim
  await page.evaluate((s) => {
    const el = document.querySelector(s),
      own = el.compute;
    el.compute = function (recipe, params, key) {
      el.compute = own;
      return own.call(this, recipe, { ...params, dim: 3 }, key);
    };
  }, SEL);
  let gen = await change(page, 5000);
  await waitError(page);
  assert.match(await errorText(page), /^RangeError: .*dim/);
  gen = await change(page, 6000);
  await waitRendered(page, SEL, gen);
  assert.equal(await errorText(page), null, 'the error is gone');
  await assertShowsLibrary(page);

  // 2. the Worker dies while it runs the request
  const first = page.workers().find((w) => w.url().endsWith('/worker.js'));
  assert.ok(first, 'the compute Worker');
  await first.evaluate(() => {
    self.onmessage = () => {
      throw new WebAssembly.RuntimeError('unreachable executed');
    };
  });
  gen = await change(page, 7000);
  await waitError(page);
  assert.match(await errorText(page), /unreachable executed/);
  gen = await change(page, 8000);
  await waitRendered(page, SEL, gen);
  assert.equal(await errorText(page), null);
  await assertShowsLibrary(page);
  const second = page.workers().find((w) => w !== first && w.url().endsWith('/worker.js'));
  assert.ok(second, 'a fresh Worker serves the figure');

  // 3. the Worker catches a trap and says its wasm instance is not to be trusted
  await second.evaluate(() => {
    const own = self.onmessage;
    self.onmessage = (e) => {
      self.onmessage = own;
      self.postMessage({
        id: e.data.id,
        error: { name: 'RuntimeError', message: 'memory access out of bounds' },
        fatal: true,
      });
    };
  });
  gen = await change(page, 9000);
  await waitError(page);
  assert.equal(await errorText(page), 'RuntimeError: memory access out of bounds');
  gen = await change(page, 9500);
  await waitRendered(page, SEL, gen);
  assert.equal(await errorText(page), null);
  await assertShowsLibrary(page);
  assert.ok(
    page.workers().some((w) => w !== first && w !== second && w.url().endsWith('/worker.js')),
    'the Worker was replaced',
  );

  assert.deepEqual(
    problems.filter((p) => !/unreachable executed/.test(p)),
    [],
  );
});
