// `npm pack` in a tree without dist/ (a fresh clone that was not built) stops with a message instead
// of packing a package with no code in it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { requireBuild, root } from './helpers.mjs';

const clone = mkdtempSync(join(tmpdir(), 'posenc-clone-'));
after(() => rmSync(clone, { recursive: true, force: true }));

test('npm pack without dist/ fails and says to run npm run build', () => {
  mkdirSync(join(clone, 'tools'));
  for (const file of ['package.json', 'README.md', 'tools/prepack.mjs', 'tools/lib.mjs', 'tools/wasm-modules.mjs'])
    copyFileSync(join(root, file), join(clone, file));
  const r = spawnSync('npm', ['pack', '--dry-run'], { cwd: clone, encoding: 'utf8' });
  assert.notEqual(r.status, 0, r.stdout);
  assert.match(
    r.stderr,
    /prepack: the package is not built \(missing dist\/lib\/[^\n]*\)\.\nRun `npm run build` first/,
  );
});

test('in the built tree the check passes and prints nothing (npm pack --json stays readable)', () => {
  requireBuild();
  const r = spawnSync(process.execPath, [join(root, 'tools', 'prepack.mjs')], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout + r.stderr, '');
});
