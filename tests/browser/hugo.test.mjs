// The figures in a Hugo blog (Debian's hugo), set up exactly as docs/embedding.md says: the
// embed's files in static/posenc/, then either raw HTML with goldmark's `unsafe` (the toml block of
// the docs) or the docs' shortcode with `unsafe` left off. Each site is built, served and opened in
// Chromium; its figures must draw. Without either, goldmark drops the tags: checked too, since that
// silent loss is why the docs give the two ways.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch, serve, watch, ROOT } from './harness.mjs';

const docs = readFileSync(join(ROOT, 'docs', 'embedding.md'), 'utf8');
const block = (lang) => new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(docs)?.[1];
const unsafeConfig = block('toml');
const shortcode = block('go-html-template');
const LIB = join(ROOT, 'dist', 'lib');
const EMBED = [
  'posenc-embed.js',
  'worker.js',
  'posenc-simd.mjs',
  'posenc-simd.wasm',
  'posenc-scalar.mjs',
  'posenc-scalar.wasm',
];
const RAW =
  '<script type="module" src="/posenc/posenc-embed.js"></script>\n\n<posenc-rope-plane dim="8"></posenc-rope-plane>\n';
const SHORTCODE =
  '{{< posenc figure="rope-plane" dim="8" >}}\n\n{{< posenc figure="sinusoidal-heatmap" positions="32" >}}\n';

const work = mkdtempSync(join(tmpdir(), 'posenc-hugo-'));

/** A Hugo site with one post; returns the folder hugo built it into. */
function site(name, { config = '', post, shortcodes = {} }) {
  const dir = join(work, name);
  for (const d of ['content/posts', 'layouts/_default', 'layouts/shortcodes', 'static/posenc'])
    mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(
    join(dir, 'config.toml'),
    `baseURL = "/"\ntitle = "blog"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n${config}`,
  );
  const layout =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ ' +
    '.Title }}</title><link rel="icon" href="data:,"></head><body>{{ ' +
    '.Content }}</body></html>\n';
  for (const f of ['single.html', 'list.html']) writeFileSync(join(dir, 'layouts', '_default', f), layout);
  for (const [n, text] of Object.entries(shortcodes))
    writeFileSync(join(dir, 'layouts', 'shortcodes', `${n}.html`), text);
  for (const f of EMBED) copyFileSync(join(LIB, f), join(dir, 'static', 'posenc', f));
  writeFileSync(join(dir, 'content', 'posts', 'figures.md'), `---\ntitle: figures\n---\nSome text.\n\n${post}`);
  execFileSync('hugo', ['--quiet', '-s', dir, '-d', join(dir, 'public')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return join(dir, 'public');
}

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

test('docs/embedding.md gives the unsafe setting and the shortcode', () => {
  assert.match(unsafeConfig ?? '', /\[markup\.goldmark\.renderer\]\s+unsafe = true/);
  assert.match(shortcode ?? '', /posenc-embed\.js/);
});

async function figuresDrawn(publicDir, tags) {
  const server = await serve(publicDir);
  const page = await browser.ctx.newPage();
  const problems = watch(page);
  try {
    await page.goto(`${server.url}posts/figures/`);
    for (const tag of tags) {
      await page.waitForFunction((t) => document.querySelector(t)?.dataset.ready, tag, { timeout: 30000 });
      const errors = await page.evaluate(
        (t) => [...document.querySelector(t).shadowRoot.querySelectorAll('.err')].map((e) => e.textContent),
        tag,
      );
      assert.deepEqual(errors, [], `${tag} shows an error`);
    }
    assert.equal(
      await page.evaluate(() => document.querySelectorAll('script[src$="posenc-embed.js"]').length),
      1,
      'the script once',
    );
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
    await server.close();
  }
}

test('raw HTML with goldmark unsafe: the figure draws', async () => {
  await figuresDrawn(site('unsafe', { config: unsafeConfig, post: RAW }), ['posenc-rope-plane']);
});

test('the shortcode, unsafe off: both figures draw, with the script once', async () => {
  await figuresDrawn(site('shortcode', { post: SHORTCODE, shortcodes: { posenc: shortcode } }), [
    'posenc-rope-plane',
    'posenc-sinusoidal-heatmap',
  ]);
});

test('the shortcode escapes values; without unsafe or the shortcode the tags are dropped', () => {
  const hostile = site('hostile', {
    post: '{{< posenc figure="rope-plane" dim="8\\"><script>alert(1)</script>" >}}\n',
    shortcodes: { posenc: shortcode },
  });
  const html = readFileSync(join(hostile, 'posts', 'figures', 'index.html'), 'utf8');
  assert.ok(!html.includes('<script>alert(1)'), html);
  assert.match(
    html,
    /<posenc-rope-plane dim="8&#34;&gt;&lt;script&gt;|<posenc-rope-plane dim="8&quot;&gt;&lt;script&gt;/,
  );
  const plain = site('plain', { post: RAW });
  assert.ok(
    !readFileSync(join(plain, 'posts', 'figures', 'index.html'), 'utf8').includes('<posenc-rope-plane'),
    'goldmark drops raw HTML by default',
  );
});
