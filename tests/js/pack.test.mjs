// The packed tarball works on its own: npm pack, install it into an empty folder,
// import it from there (no repository around it) and compute a table.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { requireBuild, root } from './helpers.mjs';

requireBuild();
const work = mkdtempSync(join(tmpdir(), 'posenc-pack-'));
after(() => rmSync(work, { recursive: true, force: true }));
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

test('npm pack, install the tarball into an empty folder, import it, compute a table', () => {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], root));
  const files = packed.files.map((f) => f.path);
  for (const f of ['package.json', 'README.md', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/lib/load.js',
    'dist/lib/posenc-simd.mjs', 'dist/lib/posenc-simd.wasm', 'dist/lib/posenc-scalar.mjs', 'dist/lib/posenc-scalar.wasm']) {
    assert.ok(files.includes(f), `${f} is in the tarball`);
  }
  assert.ok(!files.some((f) => /^(cpp|tests|tools|node_modules|build)\//.test(f)), 'no sources, tests or build trees');

  const app = join(work, 'app');
  execFileSync('mkdir', [app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }));
  // No runtime dependencies: installing the tarball needs no registry.
  npm(['install', '--no-save', '--no-audit', '--no-fund', '--offline', join(work, packed.filename)], app);

  const script = `
    import { load } from 'posenc';
    const fromHere = import.meta.resolve('posenc');
    const simd = await load();
    const scalar = await load({ simd: false });
    const a = simd.sinusoidal({ positions: 4, dim: 8 });
    const b = scalar.sinusoidal({ positions: 4, dim: 8 });
    console.log(JSON.stringify({ fromHere, simd: simd.simd, scalar: scalar.simd, a: Array.from(a), b: Array.from(b) }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: app, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.ok(out.fromHere.startsWith(`file://${app}/node_modules/posenc/dist/lib/index.js`.replace(/^file:\/\/\/*/, 'file:///')), out.fromHere);
  assert.equal(out.simd, true);
  assert.equal(out.scalar, false);
  assert.equal(out.a.length, 32);
  assert.equal(out.a[1], 1, 'cos(0)');
  out.a.forEach((v, i) => assert.ok(Math.abs(v - out.b[i]) < 1e-6));
});
