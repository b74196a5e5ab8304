// The package as a user gets it: `npm pack` of the built tree, installed into an empty folder with no
// repository around it. A test file calls installPacked() once, at its top, and shares the result.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireBuild, root } from './helpers.mjs';

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Packs the repository and installs the tarball into `app`, a new folder of its own (an ES module package).
 * Returns `packed` (npm pack's JSON: filename, size, files), `app`, the installed package's folder `installed`,
 * and `remove()`, which deletes all of it.
 */
export function installPacked() {
  requireBuild();
  const work = mkdtempSync(join(tmpdir(), 'posenc-pack-'));
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], root));
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }),
  );
  // No runtime dependencies: installing the tarball needs no registry.
  npm(['install', '--no-save', '--no-audit', '--no-fund', '--offline', join(work, packed.filename)], app);
  return {
    work,
    packed,
    app,
    installed: join(app, 'node_modules', 'posenc'),
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}
