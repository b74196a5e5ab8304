// The library through a bundler that does not copy `new URL('./x.wasm', import.meta.url)` assets
// (esbuild, which builds this project's page): the bundle runs once told where the wasm is
// (`wasmUrl`, as the README says), and without it fails with an error that names the missing file.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { build } from 'esbuild';
import { distLib, requireBuild, root } from './helpers.mjs';

requireBuild();
const work = mkdtempSync(join(tmpdir(), 'posenc-bundle-'));
after(() => rmSync(work, { recursive: true, force: true }));
// 'posenc' installed as a package (a link to this repository), resolved through its "exports"
mkdirSync(join(work, 'node_modules'));
symlinkSync(root, join(work, 'node_modules', 'posenc'), 'dir');

async function bundle(name, source) {
  const entry = join(work, `${name}.mjs`);
  writeFileSync(entry, source);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    splitting: true,
    outdir: join(work, name),
    absWorkingDir: work,
    logLevel: 'error',
  });
  return spawnSync(process.execPath, [join(work, name, `${name}.js`)], { encoding: 'utf8' });
}

test('an esbuild bundle of posenc runs with wasmUrl pointing at the wasm files', async () => {
  const r = await bundle(
    'withurl',
    `
    import { load } from 'posenc';
    for (const simd of [true, false]) {
      const posenc = await load({ simd, wasmUrl: ${JSON.stringify(pathToFileURL(distLib).href + '/')} });
      const y = posenc.rope(new Float32Array([1, 0]), { dim: 2, offset: 1 });
      console.log(JSON.stringify({ simd: posenc.simd, y: Array.from(y) }));
    }`,
  );
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    lines.map((l) => l.simd),
    [true, false],
  );
  for (const { y } of lines) {
    // (1, 0) turned by 1 radian
    assert.ok(Math.abs(y[0] - Math.cos(1)) < 1e-6 && Math.abs(y[1] - Math.sin(1)) < 1e-6, JSON.stringify(y));
  }
});

test('without wasmUrl the bundle fails with an error naming the wasm file it looked for', async () => {
  const r = await bundle(
    'without',
    `
    import { load } from 'posenc';
    try { await load(); console.log('loaded'); } catch (e) { console.log(e.message); }`,
  );
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /posenc: cannot read file:.*\/without\/posenc-(simd|scalar)\.wasm/);
});
