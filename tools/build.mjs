// `npm run build`: everything that is shipped, under dist/.
//   dist/lib/   the npm package's files: web/lib/*, the two wasm flavours, the length lab's two and the
//               model-config module, and the embed (tools/build-embed.mjs): the script that registers every
//               figure element, its Worker, its types and manifest. One copy of each wasm serves the library
//               and the embed.
//   dist/site/  the static page (tools/build-site.mjs), with the embed gallery and example post
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildEmbed } from './build-embed.mjs';
import { buildSite } from './build-site.mjs';
import { cmakeBuild } from './cmake.mjs';
import { installWasmModule } from './wasm-assets.mjs';
import { main, root, step } from './lib.mjs';

function copyDir(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name),
      target = path.join(to, entry.name);
    if (entry.isDirectory()) copyDir(source, target);
    else copyFileSync(source, target);
  }
}

export async function build() {
  const wasm = ['wasm-simd', 'wasm-scalar'].map((name) => [name, cmakeBuild(name)]);

  const done = step('Assembling the package (dist/lib)');
  const lib = path.join(root, 'dist', 'lib');
  rmSync(lib, { recursive: true, force: true });
  copyDir(path.join(root, 'web', 'lib'), lib);
  for (const [name, dir] of wasm) {
    // Each flavour's compute module and length lab; posenc-models, the model-config reader, is built
    // once, with the scalar flavour.
    const flavour = name.replace('wasm-', '');
    const modules = [`posenc-${flavour}`, `posenc-lab-${flavour}`, ...(flavour === 'scalar' ? ['posenc-models'] : [])];
    for (const module of modules) await installWasmModule(dir, module, lib);
  }
  copyDir(path.join(root, 'web', 'cli'), path.join(root, 'dist', 'cli'));
  done();

  let finished = step('Building the page (dist/site)');
  await buildSite({ root, dist: path.join(root, 'dist') });
  finished();

  // After the page: it adds the gallery and the example post to dist/site.
  finished = step('Building the embed (dist/lib/posenc-embed.js)');
  await buildEmbed({ root, dist: path.join(root, 'dist') });
  finished();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main(build);
