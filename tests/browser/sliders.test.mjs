// Log-scale sliders as a screen reader meets them: the control that is announced says the value
// itself (base 10000, not the range's step 552), in the accessibility tree Chromium builds, and its
// arrow keys move by round steps that change the value at every size, from 0 up.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, closeSite, drawNear, waitRendered, mountFigure } from './harness.mjs';

let site;
before(async () => (site = await openSite()));
after(() => closeSite(site));

/** Every control node of the accessibility tree named `name`: [{ role, value }]. */
async function announced(page, name) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes
    .filter((n) => !n.ignored && n.name?.value === name && ['slider', 'spinbutton'].includes(n.role?.value))
    .map((n) => ({ role: n.role.value, value: String(n.value?.value ?? '') }));
}

test('a log slider announces its value, not its step', async () => {
  const page = await site.browser.ctx.newPage();
  try {
    await page.goto(`${site.srv.url}?lang=en&plane.base=10000&shift.shift=1000`);
    await drawNear(page, '#plane');
    await mountFigure(page, 'posenc-rope-shift', 'shift');
    await drawNear(page, '#shift');
    const base = await announced(page, 'base');
    assert.ok(base.length >= 2, `the base controls: ${JSON.stringify(base)}`);
    for (const c of base) assert.deepEqual(c, { role: 'spinbutton', value: '10000' });
    assert.deepEqual(await announced(page, 'shift k'), [{ role: 'spinbutton', value: '1000' }]);
  } finally {
    await page.close();
  }
});

test("a log slider's arrow keys move by round steps, from 0 and from 10000", async () => {
  const page = await site.browser.ctx.newPage();
  try {
    await page.goto(`${site.srv.url}?lang=en&matrix.position=0`);
    await mountFigure(page, 'posenc-rope-matrix', 'matrix');
    await drawNear(page, '#matrix');
    const keys = async (sel, name, key, count) => {
      const box = page.locator(`${sel} .control`, { has: page.locator(`label:text-is("${name}")`) });
      await box.locator('input[type=number]').focus();
      const seen = [];
      for (let i = 0; i < count; i++) {
        const gen = Number(await page.locator(sel).getAttribute('data-ready'));
        await page.keyboard.press(key);
        await waitRendered(page, sel, gen);
        seen.push(Number(await page.locator(sel).getAttribute(name)));
      }
      return seen;
    };
    // an integer from 0: one at a time while one is a useful step, then round values
    const up = await keys('#matrix', 'position', 'ArrowUp', 12);
    assert.deepEqual(up.slice(0, 6), [1, 2, 3, 4, 5, 6]);
    assert.ok(up.at(-1) >= 20, `the steps grow with the value: ${up}`);
    for (let i = 1; i < up.length; i++) {
      assert.ok(up[i] > up[i - 1], `up: ${up}`);
      assert.ok(up[i] <= Math.max(up[i - 1] + 2, up[i - 1] * 1.34), `no big jump: ${up}`);
    }
    // base from 10000 down: round numbers, each 10-34 % smaller
    const down = await keys('#matrix', 'base', 'ArrowDown', 4);
    let last = 10000;
    for (const v of down) {
      assert.ok(v < last && v >= last / 1.34, `down: ${down}`);
      assert.equal(Number(v.toPrecision(2)), v, `${v} is round`);
      last = v;
    }
  } finally {
    await page.close();
  }
});
