// The length lab's bundles, for the page (dist/site/, by tools/build-site.mjs) and the package (dist/lib/, by
// tools/build-embed.mjs), beside the wasm modules and the shipped results (tools/lab-results.mjs):
//   posenc-embed-lab.js   esbuild bundle (ESM, minified) of web/embed/posenc-embed-lab.js: the lab's figure
//                         elements. Apart from posenc-embed.js: the core embed stays within its download budget,
//                         and only a page that shows the lab loads this (the page imports it when section 6
//                         or the learned table's blind zone comes near).
//   lab-worker.js         the lab's Worker (web/elements/lab-worker.js) with the library bundled in; the glue of
//                         the wasm modules stays external, imported by URL from beside it (as worker.js does)
import { build } from 'esbuild';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { externalGlue } from './wasm-assets.mjs';
import { colorTables } from './color-tables.mjs';
import { numberInterpolation } from './stand-ins.mjs';
import { sourceSideEffects } from './source-side-effects.mjs';
import { glueAsAssets } from './import-hints.mjs';
import { labResults, LAB_FILES } from './lab-results.mjs';

export const LAB_BUNDLES = ['posenc-embed-lab.js', 'lab-worker.js'];

const HINTS = '/* webpackIgnore: true */ /* @vite-ignore */ ';

/** lab-worker.js: every `import("./posenc-*.mjs")` as an import of the glue file beside it (see import-hints.mjs):
 *  the compute module's three as worker.js has them, and the lab's two. */
export function labGlueAsAssets(code) {
  let n = 0;
  const out = glueAsAssets(code).replace(/\bimport\("(\.\/posenc-lab-(?:simd|scalar)\.mjs)"\)/g, (_, file) => {
    n++;
    return `import(${HINTS}new URL("${file}",import.meta.url).href)`;
  });
  if (n !== 2) throw new Error(`build-lab: expected 2 lab glue imports in lab-worker.js, found ${n}`);
  return out;
}

/** esbuild's options for a minified ES module bundle into `out` (the lab's, the config figure's view). */
export const esmBundle = (out, sourcemap) => ({
  outdir: out,
  bundle: true,
  format: 'esm',
  minify: !process.env.POSENC_NO_MINIFY,
  sourcemap: sourcemap ? 'linked' : false,
  target: ['es2022'],
  legalComments: 'none',
  logLevel: 'warning',
});

/** Bundle the lab into `out`; `sourcemap` for the page. */
export async function buildLab({ root, out, sourcemap = false }) {
  await build({
    absWorkingDir: root,
    entryPoints: {
      'posenc-embed-lab': join(root, 'web', 'embed', 'posenc-embed-lab.js'),
      'lab-worker': join(root, 'web', 'elements', 'lab-worker.js'),
    },
    ...esmBundle(out, sourcemap),
    plugins: [externalGlue, colorTables(root), numberInterpolation(root), sourceSideEffects(root)],
    // as the core embed: a server that imports the module has no DOM (web/embed/server-globals.js)
    inject: [join(root, 'web', 'embed', 'server-globals.js')],
    logOverride: { 'unsupported-dynamic-import': 'silent' },
  });
  const worker = join(out, 'lab-worker.js');
  await writeFile(worker, labGlueAsAssets(await readFile(worker, 'utf8')));
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's sentences about the shipped results: every <span data-lab-fact="en|zh:key"></span> of an HTML
 *  file filled with web/elements/lab-facts.js's sentence for the first shipped set (the defaults), and every
 *  <td data-lab-cell="key"></td> of the closing table with web/elements/lab-synthesis.js's numbers. */
export async function labFactsFiller(root, results) {
  const elements = (f) => import(pathToFileURL(join(root, 'web', 'elements', f)).href);
  const [{ labFacts }, { labCells }] = await Promise.all([elements('lab-facts.js'), elements('lab-synthesis.js')]);
  const facts = { en: labFacts(results.sets[0], 'en'), zh: labFacts(results.sets[0], 'zh') };
  const cells = labCells(results.sets[0]);
  return (html, file = 'html') =>
    html
      .replace(/<span data-lab-fact="(en|zh):(\w+)"><\/span>/g, (_, lang, key) => {
        if (!(key in facts[lang])) throw new Error(`${file}: no lab fact "${key}" (web/elements/lab-facts.js)`);
        return `<span data-lab-fact="${lang}:${key}">${escapeHtml(facts[lang][key])}</span>`;
      })
      .replace(/<td data-lab-cell="([\w-]+)"><\/td>/g, (_, key) => {
        if (!(key in cells)) throw new Error(`${file}: the shipped lab results have no "${key}" (lab-synthesis.js)`);
        return `<td data-lab-cell="${key}">${escapeHtml(cells[key])}</td>`;
      });
}

/** For tools/build-site.mjs: the lab's bundles and shipped results into the page's folder `out`; returns the
 *  filler of the page's sentences about those results. */
export async function siteLab({ root, libDir, out, log }) {
  await buildLab({ root, out, sourcemap: true });
  const { results } = await labResults({ root, libDir, outDirs: [out], log });
  return labFactsFiller(root, results);
}

/** For tools/build-embed.mjs: the lab's bundles and shipped results into the package's folder `lib`, and a copy
 *  of them into `siteEmbed` (the embed the gallery and the example post load). */
export async function embedLab({ root, lib, siteEmbed, log }) {
  await buildLab({ root, out: lib });
  await labResults({ root, libDir: lib, outDirs: [lib, siteEmbed], log: () => {} });
  for (const f of LAB_BUNDLES) await copyFile(join(lib, f), join(siteEmbed, f));
  const gz = async (f) => gzipSync(await readFile(join(lib, f)), { level: 9 }).length;
  const kb = async (f) => `${f} ${((await gz(f)) / 1024).toFixed(1)} KiB`;
  const sizes = await Promise.all([...LAB_BUNDLES, ...LAB_FILES].map(kb));
  log(`build-lab: ${sizes.join(' + ')} gzipped (loaded by the lab only)`);
}
