// `npm pack` and `npm publish` run this first (package.json "prepack"). The package is mostly dist/,
// which `npm run build` makes and git does not hold: without this check, a fresh clone would pack
// the documentation alone and call it posenc. Prints nothing when everything is there.
// Usage: node tools/prepack.mjs [folder]   (the folder of the package.json, default the repository)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';
import { MODULES } from './wasm-modules.mjs';

/** The files that must exist before packing: the targets of package.json's "exports", "bin" and
 *  "customElements", and each wasm module with its glue, which load() looks for beside the library. */
export function requiredFiles(pkg) {
  const targets = [];
  const collect = (value) =>
    typeof value === 'string' ? targets.push(value) : Object.values(value ?? {}).forEach(collect);
  collect(pkg.exports);
  collect(pkg.bin);
  collect(pkg.customElements);
  for (const module of MODULES) targets.push(`dist/lib/posenc-${module}.mjs`, `dist/lib/posenc-${module}.wasm`);
  return [...new Set(targets.map((target) => target.replace(/^\.\//, '')))];
}

/** The required files that `folder` lacks. */
export function missingFiles(folder) {
  const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  return requiredFiles(pkg).filter((file) => !existsSync(join(folder, file)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const missing = missingFiles(resolve(process.argv[2] ?? root));
  if (missing.length) {
    const shown = missing.slice(0, 3).join(', ') + (missing.length > 3 ? `, and ${missing.length - 3} more` : '');
    console.error(
      `prepack: the package is not built (missing ${shown}).\n` +
        'Run `npm run build` first: it builds dist/, the library, the wasm and the CLI (docs/building.md).',
    );
    process.exit(1);
  }
}
