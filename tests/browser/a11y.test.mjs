// Accessibility of the page and the embeds in Debian's Chromium: axe-core finds no violation once
// every figure has drawn (en and zh, light and dark), the keyboard alone reaches every control,
// a drag handle keeps its focus while the figure redraws it, and no display formula is wider than
// the page at a phone's or a laptop's width.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { serve, launch, watch, requireSite, waitRendered, renderAll } from './harness.mjs';

// axe is served from the page's own origin: the page's CSP allows scripts from 'self' only
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let srv;
before(async () => {
  requireSite();
  srv = await serve(undefined, { extraRoutes: { '/axe.min.js': { type: 'text/javascript', body: AXE } } });
});
after(async () => {
  await srv?.close();
});

/** axe's violations, one readable block per rule with the failing nodes (shadow paths included). */
async function axeViolations(page) {
  await page.addScriptTag({ url: '/axe.min.js' });
  const violations = await page.evaluate(async () =>
    (await globalThis.axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${JSON.stringify(n.target)}\n      ${n.failureSummary.replace(/\n/g, '\n      ')}`),
    })),
  );
  // the first few nodes of each rule are enough to find the rest
  const nodes = (v) =>
    [...v.nodes.slice(0, 6), ...(v.nodes.length > 6 ? [`… and ${v.nodes.length - 6} more`] : [])].join('\n    ');
  return {
    violations,
    text: violations.map((v) => `${v.id} (${v.impact}, ×${v.nodes.length}): ${v.help}\n    ${nodes(v)}`).join('\n'),
  };
}

for (const colorScheme of ['light', 'dark']) {
  for (const lang of ['en', 'zh']) {
    test(`axe: no violations on the page, ${lang}, ${colorScheme}`, async () => {
      const b = await launch({ colorScheme });
      try {
        await b.page.goto(`${srv.url}?lang=${lang}`);
        await renderAll(b.page);
        const { violations, text } = await axeViolations(b.page);
        assert.equal(violations.length, 0, `axe found:\n${text}`);
      } finally {
        await b.close();
      }
    });
  }
}

test('axe: no violations on the embed gallery', async () => {
  const b = await launch();
  try {
    await b.page.goto(`${srv.url}embed.html`);
    await b.page.waitForFunction(() => document.body.dataset.gallery === 'ready');
    await renderAll(b.page);
    const { violations, text } = await axeViolations(b.page);
    assert.equal(violations.length, 0, `axe found:\n${text}`);
  } finally {
    await b.close();
  }
});

/** The focused element, looking inside shadow roots; its data-kb number (see below) or null. */
const focusedKb = (page) =>
  page.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a?.getAttribute('data-kb') ?? null;
  });

/** The focused menu item (looking inside shadow roots): its text and place among its menu's items, or null. */
const focusedItem = (page) =>
  page.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    if (a?.getAttribute('role') !== 'menuitem') return null;
    const items = [...a.closest('[role=menu]').querySelectorAll('[role=menuitem]')];
    return `${items.indexOf(a)}: ${a.textContent}`;
  });

test('the keyboard alone reaches every control: Tab, then arrows inside radio groups and menus', async (t) => {
  const b = await launch({ viewport: { width: 1280, height: 900 } });
  const { page } = b;
  try {
    await page.goto(`${srv.url}?lang=en`);
    await renderAll(page);
    // number every control of the document and of every figure's shadow root
    const controls = await page.evaluate(() => {
      const TABBABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
      const all = [];
      const walk = (root) => {
        for (const el of root.querySelectorAll('*')) {
          // a menu's items are made when it opens: they are reached through their menu (below)
          // a log slider's range is the pointer's twin of its number box, hidden from assistive technology
          const control = el.matches(TABBABLE) && el.checkVisibility() && !el.matches('[aria-hidden=true]');
          if (control) all.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      walk(document);
      return all.map((el, i) => {
        el.setAttribute('data-kb', String(i));
        const host = el.getRootNode().host;
        return {
          kb: String(i),
          what:
            `${host ? `${host.localName}#${host.id} ` : ''}${el.localName}` +
            `${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} ` +
            `${el.getAttribute('aria-label') ?? el.textContent.trim().slice(0, 30)}`,
          role: el.getAttribute('role'),
          menu: el.getAttribute('aria-haspopup') === 'menu',
          radios: el.getAttribute('role') === 'radio' ? el.parentElement.children.length : 0,
        };
      });
    });
    const reached = new Set();
    let stops = 0;
    for (let i = 0; i < 2000; i++) {
      await page.keyboard.press('Tab');
      const kb = await focusedKb(page);
      if (kb === null) {
        if (stops) break;
        continue;
      } // past the last control: focus leaves the page
      if (reached.has(kb)) break;
      reached.add(kb);
      stops++;
    }
    t.diagnostic(`${stops} tab stops for ${controls.length} controls`);
    const byKb = new Map(controls.map((c) => [c.kb, c]));
    // menus first: opening and closing one changes nothing, while an arrow in a radio group picks another
    // option, which may hide another figure's panel (the lab's task without results hides its plots)
    const menusFirst = [...reached].sort((a, b) => Number(!byKb.get(a)?.menu) - Number(!byKb.get(b)?.menu));
    for (const kb of menusFirst) {
      const c = byKb.get(kb);
      if (c.radios > 1) {
        // a radio group is one tab stop; the arrow keys visit its other options
        await page.locator(`[data-kb="${kb}"]`).focus();
        for (let k = 1; k < c.radios; k++) {
          await page.keyboard.press('ArrowRight');
          reached.add(await focusedKb(page));
        }
      } else if (c.menu) {
        await page.locator(`[data-kb="${kb}"]`).focus();
        await page.keyboard.press('Enter');
        const items = [await focusedItem(page)];
        for (let k = 0; k < 4; k++) {
          await page.keyboard.press('ArrowDown');
          items.push(await focusedItem(page));
        }
        // the arrows go round the menu's items, which all take focus
        assert.ok(items.every(Boolean), `${c.what}: the menu takes focus: ${items}`);
        assert.ok(new Set(items).size > 1, `${c.what}: ArrowDown moves to the next item: ${items}`);
        await page.keyboard.press('Escape');
        assert.equal(await focusedKb(page), kb, `${c.what}: Escape gives focus back to the menu button`);
      }
    }
    const missed = controls.filter((c) => !reached.has(c.kb)).map((c) => c.what);
    assert.deepEqual(missed, [], `not reachable by keyboard:\n${missed.join('\n')}`);
    assert.ok(stops < controls.length, 'radio groups and menus take one tab stop each');
  } finally {
    await b.close();
  }
});

test('a drag handle takes focus, moves with the arrow keys and keeps focus while redrawn', async () => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(`${srv.url}?lang=en&plane.qx=0.5&plane.qy=0.25`);
    const fig = page.locator('posenc-rope-plane');
    await fig.scrollIntoViewIfNeeded();
    let gen = await waitRendered(page, 'posenc-rope-plane');
    const q = page.locator('posenc-rope-plane .handle[data-v=q]');
    await q.focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowUp']) {
      await page.keyboard.press(key);
      gen = await waitRendered(page, 'posenc-rope-plane', gen);
    }
    const shown = await page.evaluate(() => {
      let a = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      const cs = getComputedStyle(a);
      return {
        v: a.dataset.v,
        role: a.getAttribute('role'),
        now: a.getAttribute('aria-valuenow'),
        text: a.getAttribute('aria-valuetext'),
        stroke: cs.strokeWidth,
        inImg: Boolean(a.closest('[role=img]')),
      };
    });
    // two steps of 0.05 right and one up, from (0.5, 0.25)
    assert.deepEqual(shown, {
      v: 'q',
      role: 'slider',
      now: '0.6',
      text: 'q = (0.6, 0.3)',
      stroke: '3px',
      inImg: false,
    });
    assert.equal(await fig.getAttribute('qx'), '0.6');
    assert.equal(await fig.getAttribute('qy'), '0.3');
  } finally {
    await b.close();
  }
});

for (const width of [390, 1280]) {
  test(`no display formula is wider than the page at ${width} px, and the long ones wrap`, async () => {
    const b = await launch({ viewport: { width, height: 900 } });
    try {
      for (const lang of ['en', 'zh']) {
        // a page per language: navigating one page away would abort the first one's late requests (its icon)
        const page = await b.ctx.newPage();
        const problems = watch(page);
        b.page = page;
        await b.page.goto(`${srv.url}?lang=${lang}`);
        // after a layout, so that every font the formulas use has started loading
        await b.page.evaluate(() => {
          document.body.getBoundingClientRect();
          return document.fonts.ready;
        });
        // the page fits its formulas in the frame after the fonts arrived
        await b.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const formulas = await b.page.evaluate(() =>
          [...document.querySelectorAll('.tex.display')]
            .filter((el) => el.checkVisibility())
            .map((el) => {
              const parts = [...el.querySelectorAll(':scope > .tex-part')].map((p) => p.getBoundingClientRect());
              return {
                tex: el.querySelector('annotation')?.textContent.slice(0, 60),
                scroll: el.scrollWidth,
                width: el.clientWidth,
                right: Math.max(...parts.map((p) => p.right)),
                pageRight: document.documentElement.clientWidth,
                lines: 1 + parts.filter((p, i) => i > 0 && p.left <= parts[i - 1].left).length,
              };
            }),
        );
        assert.ok(formulas.length >= 10, `${lang}: the page's display formulas are measured (${formulas.length})`);
        const over = formulas.filter((f) => f.scroll > f.width + 1 || f.right > f.pageRight);
        assert.deepEqual(over, [], `${lang} at ${width} px: formulas wider than their box`);
        // on a phone the longest identities take several lines (at 1280 px, one line each)
        const wrapped = formulas.filter((f) => f.lines > 1).length;
        if (width === 390) assert.ok(wrapped >= 5, `${lang}: ${wrapped} formulas wrap at 390 px`);
        else assert.equal(wrapped, 0, `${lang}: no formula wraps at 1280 px`);
        assert.deepEqual(problems, []);
      }
    } finally {
      await b.close();
    }
  });
}
