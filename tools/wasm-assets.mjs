// The wasm modules as dist/lib holds them, once for the package, the page and the embed: each
// module's glue (an external `import('./posenc-<flavour>.mjs')` in web/lib/load.js, minified by
// esbuild: 16.2 -> 12.4 KB gzipped, names only, no eval in it) and its wasm binary.
import { transform } from 'esbuild';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FLAVOURS, MODULES } from './wasm-modules.mjs';

export { FLAVOURS, MODULES };

/** esbuild: keep `import('./posenc-<module>.mjs')` of web/lib/load.js external (copied beside the bundle),
 *  `import('./worker.js')`, compute.js's main-thread fallback: the Worker's own bundle, never a second copy inlined,
 *  and `import('./config-paste-view.js')`, the config figure's view, a bundle of its own fetched on first use. */
export const externalGlue = {
  name: 'posenc-external-glue',
  setup(b) {
    b.onResolve(
      { filter: /^\.\/(posenc-(simd|scalar|models|lab-simd|lab-scalar)\.mjs|worker\.js|config-paste-view\.js)$/ },
      (args) => ({
        path: args.path,
        external: true,
      }),
    );
  },
};

/** Fail early, naming the missing file, if the wasm build has not run. */
export function requireWasm(lib, root) {
  for (const f of MODULES)
    for (const ext of ['mjs', 'wasm']) {
      if (!existsSync(join(lib, `posenc-${f}.${ext}`)))
        throw new Error(
          `${relative(root, lib)}/posenc-${f}.${ext} is missing: run \`node tools/build.mjs\` (the wasm build) first`,
        );
    }
}

/** The notes' sentences (web/lib/notes.js, in dist/lib with the library), which the model-config glue
 *  re-exports, so that they load with it and never with the compute module alone. */
export const NOTES_FILE = 'notes.js';

/** Copy one module's glue, minified, and its wasm from a CMake build folder into dist/lib. */
export async function installWasmModule(buildDir, module, lib) {
  let glue = await readFile(join(buildDir, `${module}.mjs`), 'utf8');
  if (module === 'posenc-models') {
    glue += `\nexport { renderNotes } from './${NOTES_FILE}';\n`;
    const notes = await readFile(new URL(`../web/lib/${NOTES_FILE}`, import.meta.url), 'utf8');
    const options = { minify: true, format: 'esm', target: 'es2020', legalComments: 'none', charset: 'utf8' };
    const { code } = await transform(notes, options);
    await writeFile(join(lib, NOTES_FILE), code); // minified like the glue: the package's size budget
  }
  const { code } = await transform(glue, { minify: true, format: 'esm', target: 'es2020', legalComments: 'none' });
  await writeFile(join(lib, `${module}.mjs`), code);
  await copyFile(join(buildDir, `${module}.wasm`), join(lib, `${module}.wasm`));
}

/** Copy every module's glue and wasm from `lib` into `out`, and the notes the model-config glue imports. */
export async function copyWasmAssets(lib, out) {
  for (const f of MODULES)
    for (const ext of ['mjs', 'wasm']) await copyFile(join(lib, `posenc-${f}.${ext}`), join(out, `posenc-${f}.${ext}`));
  await copyFile(join(lib, NOTES_FILE), join(out, NOTES_FILE));
}
