// The README's two page examples, as a user runs them: the packed tarball installed into an empty
// folder, each ```html block of the README saved as a page beside node_modules, served, and opened
// in Chromium. The numbers the first one prints are checked against Math.pow; the second one's figure
// must draw.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, serve, watch, ROOT } from './harness.mjs';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const [pageExample, embedExample] = [...readme.matchAll(/^```html\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
// the README's pages use an inline module script; the harness's default policy would refuse it
const csp = "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; img-src 'self' data:";

const work = mkdtempSync(join(tmpdir(), 'posenc-readme-pages-'));
let browser, server;
before(async () => {
  const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], ROOT));
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }),
  );
  npm(['install', '--no-save', '--no-audit', '--no-fund', '--offline', join(work, packed.filename)], app);
  const page = (body) => ({
    type: 'text/html',
    csp,
    body: `<!doctype html><meta charset="utf-8"><title>t</title><link rel="icon" href="data:,">\n${body}`,
  });
  server = await serve(app, { extraRoutes: { '/page.html': page(pageExample), '/embed.html': page(embedExample) } });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

test('the README has a page example and an embed example', () => {
  assert.match(pageExample ?? '', /import \{ load \} from '\/node_modules\/posenc\/dist\/lib\/index\.js'/);
  assert.match(
    embedExample ?? '',
    /<script type="module" src="\/node_modules\/posenc\/dist\/lib\/posenc-embed\.js"><\/script>/,
  );
});

test('the README page example prints the RoPE frequencies', async () => {
  const page = await browser.ctx.newPage();
  const problems = watch(page);
  await page.goto(`${server.url}page.html`);
  await page.waitForFunction(() => document.body.textContent.includes('θ ='), null, { timeout: 30000 });
  const shown = (await page.evaluate(() => document.body.textContent)).split('θ = ')[1].split(', ').map(Number);
  const expected = [0, 1, 2, 3].map((i) => Number((10000 ** ((-2 * i) / 8)).toPrecision(3)));
  assert.deepEqual(shown, expected);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the README embed example draws its figure from node_modules', async () => {
  const page = await browser.ctx.newPage();
  const problems = watch(page);
  await page.goto(`${server.url}embed.html`);
  await page.waitForFunction(() => document.querySelector('posenc-rope-plane')?.dataset.ready, null, {
    timeout: 30000,
  });
  const drawn = await page.evaluate(() => {
    const root = document.querySelector('posenc-rope-plane').shadowRoot;
    return {
      errors: [...root.querySelectorAll('.err')].map((e) => e.textContent),
      paths: root.querySelectorAll('svg path, svg line').length,
    };
  });
  assert.deepEqual(drawn.errors, []);
  assert.ok(drawn.paths > 2, `the plane is drawn: ${JSON.stringify(drawn)}`);
  assert.deepEqual(problems, []);
  await page.close();
});
