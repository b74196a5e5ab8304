// Downloads on the page, figure by figure: each figure has one download menu, in its head, shown while it
// shows a panel (heatmap, line plot or table); with several panels the menu has a group per panel shown,
// named by the title the panel shows, and each group's CSV is that panel's data. In English and Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, closeSite, watch, renderAll } from './harness.mjs';
import { t } from '../../web/elements/i18n.js';

let srv, browser;
before(async () => ({ srv, browser } = await openSite()));
after(() => closeSite({ srv, browser }));

/** What a reader finds in the `k`-th `tag` figure: its menu buttons, and the panels it shows now, each with
 *  the title shown above it (if any) and what it says of its data (the SVG's label, a table's headers). */
const figureView = (page, tag, k) =>
  page.evaluate(
    ([tg, i]) => {
      const root = document.querySelectorAll(tg)[i].shadowRoot;
      const panels = [...root.querySelectorAll('.heatmap, .lineplot, .numtable')].filter((el) => el.checkVisibility());
      return {
        buttons: [...root.querySelectorAll('.menu-btn')].map((b) => ({
          text: b.textContent,
          shown: b.checkVisibility(),
          inHead: Boolean(b.closest('.head')),
        })),
        panels: panels.map((el) => ({
          kind: el.className,
          title: (el.querySelector('.ptitle') ?? el.closest('.lab-panel')?.querySelector('.lab-ptitle'))?.textContent,
          label: el.querySelector('svg[role=img]')?.getAttribute('aria-label'),
          heads: [...el.querySelectorAll('thead th:not(.rh):not(.gap)')].map((th) => th.textContent),
          rows: Number(el.querySelector('table')?.getAttribute('aria-rowcount')),
        })),
      };
    },
    [tag, k],
  );

/** The open menu: its groups (label and items) and all its items, in order. */
const menuView = (fig) =>
  fig.locator('[role=menu]').evaluate((m) => ({
    groups: [...m.querySelectorAll('[role=group]')].map((g) => ({
      label: g.getAttribute('aria-label'),
      items: [...g.querySelectorAll('[role=menuitem]')].map((i) => i.textContent),
    })),
    items: [...m.querySelectorAll('[role=menuitem]')].map((i) => i.textContent),
  }));

/** The fields of one CSV line (quoted fields may hold commas and doubled quotes). */
const csvFields = (line) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, f]) =>
    f.startsWith('"') ? f.slice(1, -1).replace(/""/g, '"') : f,
  );

/** Choose group `g`'s CSV item and check the file is that panel's data; returns the file's name. */
async function groupCsv(page, fig, g, panel, what) {
  await fig.locator('.menu-btn').click();
  const [dl] = await Promise.all([
    page.waitForEvent('download'),
    fig.locator('[role=group]').nth(g).locator('[role=menuitem]', { hasText: 'CSV' }).click(),
  ]);
  const lines = readFileSync(await dl.path(), 'utf8')
    .trim()
    .split('\n');
  const head = csvFields(lines[0]).slice(1);
  if (panel.kind === 'lineplot') {
    // the label names the plot's series, as its legend does ("title: a, b; …")
    assert.ok(panel.label.includes(`${head.join(', ')};`), `${what}: CSV columns ${head} are the plot's series`);
  } else if (panel.kind === 'heatmap') {
    // the label gives the size ("…, rows × cols, lo … hi")
    const cols = Number(/ × (\d+), /.exec(panel.label)[1]);
    assert.equal(head.length, cols, `${what}: the CSV has the heatmap's ${cols} columns`);
  } else {
    assert.deepEqual(head, panel.heads, `${what}: the CSV has the table's columns`);
    assert.equal(lines.length, panel.rows, `${what}: header and the table's rows`);
  }
  return dl.suggestedFilename();
}

for (const lang of ['en', 'zh'])
  test(`${lang}: one download menu per figure, in its head, a group per shown panel, one file each`, async (ctx) => {
    const { page } = browser;
    const problems = watch(page);
    await page.goto(`${srv.url}?lang=${lang}`);
    const tags = await renderAll(page, { problems });
    let menus = 0,
      several = 0;
    for (const tag of tags)
      for (let k = 0; k < (await page.locator(tag).count()); k++) {
        const what = `${tag} #${k}`,
          fig = page.locator(tag).nth(k);
        const { buttons, panels } = await figureView(page, tag, k);
        assert.equal(buttons.length, 1, `${what}: one menu button`);
        assert.equal(buttons[0].shown, panels.length > 0, `${what}: the menu shows while a panel does`);
        if (!panels.length) continue;
        menus++;
        const copies = panels.some((p) => p.kind === 'numtable');
        assert.deepEqual(buttons[0], { text: t(lang, copies ? 'copy_dl' : 'download'), shown: true, inHead: true });
        await fig.locator('.menu-btn').click();
        const menu = await menuView(fig);
        await page.keyboard.press('Escape');
        const formats = (p) => (p.kind === 'numtable' ? [t(lang, 'copy'), 'CSV'] : ['PNG', 'SVG', 'CSV']);
        if (panels.length === 1) {
          assert.deepEqual(menu, { groups: [], items: formats(panels[0]) }, `${what}: the formats alone`);
          continue;
        }
        several++;
        assert.deepEqual(
          menu.groups.map((g) => g.items),
          panels.map(formats),
          `${what}: a group per panel`,
        );
        const labels = menu.groups.map((g) => g.label);
        panels.forEach((p, i) => assert.equal(labels[i], p.title ?? labels[i], `${what}: named as the panel`));
        assert.ok(labels.every(Boolean) && new Set(labels).size === labels.length, `${what}: ${labels}`);
        const files = [];
        for (const [g, panel] of panels.entries()) files.push(await groupCsv(page, fig, g, panel, `${what} ${g}`));
        assert.equal(new Set(files).size, files.length, `${what}: a file per panel: ${files}`);
      }
    ctx.diagnostic(`${menus} figures with a download menu, ${several} of them with several panels`);
    // the page shows 23 figures, 19 of them with something to download
    assert.ok(menus >= 19, `${menus} figures with a download menu`);
    assert.ok(several >= 6, `${several} figures with several panels`);
    assert.deepEqual(problems, []);
  });
