// Builds the page into dist/site/:
//   app.js               esbuild bundle (a classic script, minified) of web/site/main.js (the figures; no
//                        library in it)
//   worker.js            esbuild bundle of web/elements/worker.js with the library in it; the wasm glue and
//   posenc-*.{mjs,wasm}  binaries of both flavours beside it (tools/wasm-assets.mjs)
//   config-paste-view.js the config figure's view, which app.js loads when that figure first builds
//                        (tools/build-config-view.mjs)
//   lib/                 the library as built by tools/build.mjs (dist/lib), for readers and tests to import
//   index.html           web/site/*.html with every <span|div class="tex"> typeset by KaTeX at build time,
//                        so formulas show before (and without) any script
//   posenc-embed-lab.js, lab-worker.js, posenc-lab-results.json, posenc-lab-attention.json
//                        the length lab (section 6), loaded when it comes near: tools/build-lab.mjs, whose
//                        results (tools/lab-results.mjs) also fill the prose's sentences about them
//   site.css, boot.js    copied; katex/ (css + woff2 fonts only, and its LICENSE)
// Usage: node tools/build-site.mjs  (or import { buildSite } and call it with { root, dist }).
// POSENC_LIB_DIR overrides where the built library is read from (default dist/lib).
import { build } from 'esbuild';
import katex from 'katex';
import { buildConfigView } from './build-config-view.mjs';
import { mkdir, readdir, readFile, rm, writeFile, copyFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { externalGlue, requireWasm, copyWasmAssets } from './wasm-assets.mjs';
import { colorTables } from './color-tables.mjs';
import { numberInterpolation } from './stand-ins.mjs';
import { displayHtml } from './tex-lines.mjs';
import { sourceSideEffects } from './source-side-effects.mjs';
import { siteLab } from './build-lab.mjs';

const LIB_FILE = /\.(m?js|wasm)$/;

/** Typeset every KaTeX placeholder of an HTML file. TeX inside may use raw & and \lt. */
export function renderTex(html, file = 'html') {
  const decode = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return html.replace(/<(span|div) class="tex( display)?">([\s\S]*?)<\/\1>/g, (_, tag, display, tex) => {
    try {
      // display formulas may wrap onto several lines on a narrow screen (tex-lines.mjs)
      const out = display
        ? displayHtml(katex, decode(tex.trim()))
        : katex.renderToString(decode(tex.trim()), { throwOnError: true, strict: 'ignore', output: 'htmlAndMathml' });
      return `<${tag} class="tex${display ?? ''}">${out}</${tag}>`;
    } catch (err) {
      throw new Error(`${file}: KaTeX cannot typeset ${JSON.stringify(tex.slice(0, 80))}: ${err.message}`);
    }
  });
}

async function copyDir(src, dst, filter) {
  await mkdir(dst, { recursive: true });
  const copied = [];
  for (const e of await readdir(src, { withFileTypes: true })) {
    const from = join(src, e.name),
      to = join(dst, e.name);
    if (e.isDirectory()) copied.push(...(await copyDir(from, to, filter)));
    else if (filter(e.name)) {
      await copyFile(from, to);
      copied.push(to);
    }
  }
  return copied;
}

/** The library's entry, web/lib/index.js, stays an external import of ./lib/index.js. */
const externalLibrary = (root) => ({
  name: 'posenc-external-library',
  setup(b) {
    const libIndex = join(root, 'web', 'lib', 'index.js');
    b.onResolve({ filter: /(^|\/)lib\/index\.js$/ }, (args) => {
      const abs = resolve(args.resolveDir, args.path);
      return abs === libIndex ? { path: './lib/index.js', external: true } : undefined;
    });
  },
});

/** app.js's plugins: the library and compute.js's fallback import of worker.js stay external. */
const pagePlugins = (root) => [
  externalLibrary(root),
  externalGlue,
  colorTables(root),
  numberInterpolation(root),
  sourceSideEffects(root),
];

export async function buildSite({
  root = process.cwd(),
  dist = join(root, 'dist'),
  libDir = process.env.POSENC_LIB_DIR || join(dist, 'lib'),
  quiet = false,
} = {}) {
  const out = join(dist, 'site');
  const site = join(root, 'web', 'site');
  const log = quiet ? () => {} : (...a) => console.log(...a);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });

  const common = {
    absWorkingDir: root,
    outdir: out,
    bundle: true,
    format: 'esm',
    minify: !process.env.POSENC_NO_MINIFY,
    sourcemap: 'linked',
    target: ['es2022'],
    legalComments: 'none',
    logLevel: 'warning',
    logOverride: { 'unsupported-dynamic-import': 'silent' },
  };
  // app.js is a classic script that the page loads (parser-blocking, preloaded from <head>) just
  // before the figures: each element is then defined before it is parsed and starts computing as it
  // connects, instead of after the whole document has been laid out once without its figures
  // (first figure drawn at 0.6-0.8 s instead of 0.9-1.7 s on this VM). import.meta.url (the Worker's
  // URL in compute.js) becomes the script's own URL, taken while it runs.
  await build({
    ...common,
    entryPoints: { app: join(site, 'main.js') },
    plugins: pagePlugins(root),
    format: 'iife',
    banner: { js: 'var __posencScriptUrl = document.currentScript && document.currentScript.src;' },
    define: { 'import.meta.url': '__posencScriptUrl' },
  });
  // The Worker gets the library bundled in: as separate modules it was a waterfall of four fetches
  // (worker -> index -> load -> posenc -> glue) before the wasm download could even start.
  await build({
    ...common,
    entryPoints: { worker: join(root, 'web', 'elements', 'worker.js') },
    plugins: [externalGlue, sourceSideEffects(root)],
  });
  // the config figure's view, which app.js imports from beside itself when that figure first builds
  await buildConfigView({ root, out, sourcemap: true });

  // the length lab (tools/build-lab.mjs): its bundles and shipped results, and the sentences about them
  const labFacts = await siteLab({ root, libDir, out, log });
  for (const f of await readdir(site)) {
    const from = join(site, f);
    if (f.endsWith('.html')) await writeFile(join(out, f), renderTex(labFacts(await readFile(from, 'utf8'), f), f));
    else if (f.endsWith('.css') || f.endsWith('.svg') || f === 'boot.js') await copyFile(from, join(out, f));
  }

  const katexDir = dirname(fileURLToPath(import.meta.resolve('katex/dist/katex.min.css')));
  await mkdir(join(out, 'katex', 'fonts'), { recursive: true });
  await copyFile(join(katexDir, 'katex.min.css'), join(out, 'katex', 'katex.min.css'));
  // KaTeX's MIT License asks for its notice beside every copy of its files
  await copyFile(join(katexDir, '..', 'LICENSE'), join(out, 'katex', 'LICENSE'));
  await copyDir(join(katexDir, 'fonts'), join(out, 'katex', 'fonts'), (n) => n.endsWith('.woff2'));

  requireWasm(libDir, root);
  await copyWasmAssets(libDir, out); // beside worker.js, which imports the glue
  // lib/: the library as a plain ES module folder, for readers and tests to import from the page
  // (the page itself does not load it)
  const files = await copyDir(libDir, join(out, 'lib'), (n) => LIB_FILE.test(n));
  if (!files.some((f) => f.endsWith('index.js'))) throw new Error(`build-site: ${libDir} has no index.js`);

  const { js, wasm } = await pageDownloadSize(out);
  log(
    `build-site: ${relative(root, out)}/  JS ${(js / 1024).toFixed(1)} ` +
      `KiB + wasm ${(wasm / 1024).toFixed(1)} KiB gzipped ` +
      `= ${((js + wasm) / 1024).toFixed(1)} KiB (budget 300)`,
  );
  return { out, gzip: { js, wasm } };
}

/** What the page downloads to run where SIMD128 exists, gzipped (-9): its scripts, the glue and the wasm. */
export const PAGE_SCRIPTS = ['boot.js', 'app.js', 'worker.js', 'config-paste-view.js', 'posenc-simd.mjs'];
export async function pageDownloadSize(out) {
  let js = 0;
  for (const f of PAGE_SCRIPTS) js += gzipSync(await readFile(join(out, f)), { level: 9 }).length;
  const wasm = gzipSync(await readFile(join(out, 'posenc-simd.wasm')), { level: 9 }).length;
  return { js, wasm, total: js + wasm };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  buildSite({ root }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
