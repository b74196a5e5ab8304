// Node-only helpers for the test files (the shared specs in ./spec do not use this).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const distLib = join(root, 'dist', 'lib');
export const BUILD_FILES = [
  'index.js',
  'index.d.ts',
  'posenc-simd.mjs',
  'posenc-simd.wasm',
  'posenc-scalar.mjs',
  'posenc-scalar.wasm',
  'posenc-lab-simd.mjs',
  'posenc-lab-simd.wasm',
  'posenc-lab-scalar.mjs',
  'posenc-lab-scalar.wasm',
];

/** Fails loudly (never skips) when the package has not been built. */
export function requireBuild() {
  if (process.env.POSENC_ENTRY) return;
  const missing = BUILD_FILES.filter((f) => !existsSync(join(distLib, f)));
  if (missing.length) {
    throw new Error(
      `the built package is missing (dist/lib/${missing.join(', dist/lib/')}): run \`npm run build\` first`,
    );
  }
}

/**
 * The package as users import it: 'posenc' resolves through package.json "exports"
 * (self-reference). POSENC_ENTRY=<path to an index.js> tests another copy.
 */
export async function importPosenc() {
  requireBuild();
  return import(process.env.POSENC_ENTRY ?? 'posenc');
}
