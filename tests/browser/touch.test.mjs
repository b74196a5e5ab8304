// The RoPE plane on a phone and with a mouse: a swipe that starts on the plane scrolls the page (only
// the handles take the gesture), a handle is big enough for a fingertip (44 px) or a pointer (24 px),
// and no label of the drawing lies on a handle or on another label.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite, closeSite, launch, drawNear, waitRendered } from './harness.mjs';

let site;
before(async () => {
  site = await openSite();
  await site.browser.close(); // each test launches the browser it needs
  site.browser = null;
});
after(() => closeSite(site));

const PLANE = 'posenc-rope-plane';

/** Wait until the page has stopped scrolling (a swipe's fling runs on): ten frames at the same place. */
const settle = (page) =>
  page.evaluate(
    () =>
      new Promise((done) => {
        let last = scrollY,
          still = 0;
        const frame = () => {
          still = scrollY === last ? still + 1 : 0;
          last = scrollY;
          if (still >= 10) done();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );

/** How far the page scrolls after a finger at (x, y) of the viewport moves 300 px up and lifts. */
async function swipeFrom(page, x, y) {
  await settle(page);
  const before = await page.evaluate(() => scrollY);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  await touch('touchStart', [{ x, y }]);
  for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x, y: y - i * 30 }]);
  await touch('touchEnd', []);
  await cdp.detach();
  await settle(page);
  return (await page.evaluate(() => scrollY)) - before;
}

/** The plane's handles (centre and radius) and its labels' boxes, in viewport px. */
const geometry = (page) =>
  page.evaluate((tag) => {
    const root = document.querySelector(tag).shadowRoot;
    const box = (el) => el.getBoundingClientRect();
    return {
      svg: box(root.querySelector('svg')).toJSON(),
      handles: [...root.querySelectorAll('.handle')].map((c) => {
        const b = box(c);
        return { v: c.dataset.v, x: b.x + b.width / 2, y: b.y + b.height / 2, r: b.width / 2 };
      }),
      labels: [...root.querySelectorAll('svg text')].map((t) => ({ text: t.textContent, ...box(t).toJSON() })),
    };
  }, PLANE);

const discMeetsBox = (c, b) =>
  Math.hypot(c.x - Math.max(b.x, Math.min(c.x, b.right)), c.y - Math.max(b.y, Math.min(c.y, b.bottom))) < c.r;
const boxesMeet = (a, b) => a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom;

/** Every label clear of every handle and of every other label, at each m in `ms`. */
async function labelsClear(page, ms) {
  let gen = await page.evaluate((tag) => Number(document.querySelector(tag).dataset.ready), PLANE);
  for (const m of ms) {
    await page.evaluate(([tag, v]) => document.querySelector(tag).setAttribute('m', String(v)), [PLANE, m]);
    gen = await waitRendered(page, PLANE, gen);
    const { handles, labels } = await geometry(page);
    for (const l of labels) {
      for (const c of handles) assert.ok(!discMeetsBox(c, l), `m = ${m}: label ${l.text} lies on handle ${c.v}`);
      for (const o of labels)
        if (o !== l) assert.ok(!boxesMeet(l, o), `m = ${m}: labels ${l.text} and ${o.text} overlap`);
    }
  }
}

test('on a phone (390 px, touch, zh) the plane scrolls the page, handles are 44 px and labels clear', async () => {
  const b = await launch({ viewport: { width: 390, height: 844 }, touch: true });
  try {
    const { page } = b;
    await page.goto(`${site.srv.url}?lang=zh`);
    await drawNear(page, PLANE);
    await page.evaluate((tag) => document.querySelector(tag).shadowRoot.querySelector('svg').scrollIntoView(), PLANE);
    const { svg, handles } = await geometry(page);
    for (const c of handles) assert.ok(c.r * 2 >= 44, `handle ${c.v} is ${c.r * 2} px across on touch`);
    // a point of the plane away from both handles: its lower left, where q and k (upper right by default) are not
    const at = { x: svg.x + 24, y: svg.y + svg.height - 24 };
    for (const c of handles) assert.ok(Math.hypot(c.x - at.x, c.y - at.y) > c.r + 10);
    const moved = await swipeFrom(page, at.x, at.y);
    assert.ok(moved > 100, `a swipe from the plane moved the page ${moved} px`);
    // a swipe from a handle drags it instead of scrolling
    const q = handles.find((c) => c.v === 'q');
    await page.evaluate((tag) => document.querySelector(tag).shadowRoot.querySelector('svg').scrollIntoView(), PLANE);
    await settle(page);
    const qx = await page.locator(PLANE).getAttribute('qx');
    const { handles: now } = await geometry(page);
    const q2 = now.find((c) => c.v === q.v);
    assert.ok((await swipeFrom(page, q2.x, q2.y)) < 5, 'a swipe from a handle leaves the page where it is');
    assert.notEqual(await page.locator(PLANE).getAttribute('qx'), qx, 'and moves the handle');
    await labelsClear(page, [0, 1, 2, 3, 5, 7, 9, 12, 20, 33, 64]);
  } finally {
    await b.close();
  }
});

test('with a mouse (1280 px, en) handles are at least 24 px and labels clear', async () => {
  const b = await launch({ viewport: { width: 1280, height: 900 } });
  try {
    const { page } = b;
    await page.goto(`${site.srv.url}?lang=en`);
    await drawNear(page, PLANE);
    const { handles } = await geometry(page);
    for (const c of handles) assert.ok(c.r * 2 >= 24, `handle ${c.v} is ${c.r * 2} px across`);
    await labelsClear(page, [0, 1, 2, 3, 5, 7, 9, 12, 20, 33, 64]);
  } finally {
    await b.close();
  }
});
