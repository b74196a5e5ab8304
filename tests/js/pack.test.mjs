// The packed tarball works on its own: npm pack, install it into an empty folder, and from
// there (no repository around it) import it and compute a table, run the CLI, and type-check
// a TypeScript file against the installed declarations.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { after, test } from 'node:test';
import { importPosenc, root } from './helpers.mjs';
import { installPacked } from './packed.mjs';

const { work, packed, app, installed, remove } = installPacked();
after(remove);

// A guard against shipping files by mistake (each wasm module once is checked below): the five
// wasm modules with their glue are about 430 kB of the 800 kB, the lab's figures with their shipped
// results 106 kB, the model notes' sentences in two languages 13 kB; see docs/performance.md,
// "Download sizes". What a page downloads has budgets of its own (tests/js/embed-size.test.mjs).
const PACKED_BUDGET = 820_000;

test('npm pack, install the tarball into an empty folder, import it, compute a table', () => {
  assert.ok(packed.size <= PACKED_BUDGET, `the tarball is ${packed.size} bytes, over ${PACKED_BUDGET}`);
  assert.equal(statSync(join(work, packed.filename)).size, packed.size);
  // webpack's default performance hints warn for an asset over 250,000 bytes, and the bundler tests take
  // any warning as a failure: the same limit here, checked before any bundler runs.
  for (const f of packed.files.filter((f) => f.path.endsWith('.wasm')))
    assert.ok(f.size <= 250_000, `${f.path} is ${f.size} bytes: webpack warns above 250,000 (244 KiB)`);
  const wasm = packed.files
    .filter((f) => f.path.endsWith('.wasm'))
    .map((f) => f.path)
    .sort();
  assert.deepEqual(
    wasm,
    [
      'dist/lib/posenc-lab-scalar.wasm',
      'dist/lib/posenc-lab-simd.wasm',
      'dist/lib/posenc-models.wasm',
      'dist/lib/posenc-scalar.wasm',
      'dist/lib/posenc-simd.wasm',
    ],
    'each wasm once',
  );
  const files = packed.files.map((f) => f.path);
  for (const f of [
    'package.json',
    'README.md',
    'LICENSE',
    'THIRD_PARTY_NOTICES',
    'CHANGELOG.md',
    'dist/lib/index.js',
    'dist/lib/index.d.ts',
    'dist/lib/load.js',
    'dist/lib/posenc-embed.js',
    'dist/lib/posenc-embed.d.ts',
    'dist/lib/worker.js',
    'dist/lib/config-paste-view.js',
    'dist/lib/custom-elements.json',
    'docs/elements.md',
    'dist/lib/posenc-simd.mjs',
    'dist/lib/posenc-simd.wasm',
    'dist/lib/posenc-scalar.mjs',
    'dist/lib/posenc-scalar.wasm',
    'dist/lib/lab.js',
    'dist/lib/posenc-lab-simd.mjs',
    'dist/lib/posenc-lab-simd.wasm',
    'dist/lib/posenc-lab-scalar.mjs',
    'dist/lib/posenc-lab-scalar.wasm',
    'dist/cli/lab.js',
  ]) {
    assert.ok(files.includes(f), `${f} is in the tarball`);
  }
  assert.ok(!files.some((f) => /^(cpp|tests|tools|node_modules|build)\//.test(f)), 'no sources, tests or build trees');
  // A registry page shows the README from the tarball: a relative picture that is not packed is a broken image.
  const pictures = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map(
    (m) => m[1],
  );
  assert.ok(pictures.length >= 2, 'the README shows its pictures');
  for (const src of pictures.filter((s) => !/^https:\/\//.test(s)))
    assert.ok(files.includes(src), `README picture ${src} is in the tarball`);

  const script = `
    import { load } from 'posenc';
    const fromHere = import.meta.resolve('posenc');
    const simd = await load();
    const scalar = await load({ simd: false });
    const a = simd.sinusoidal({ positions: 4, dim: 8 });
    const b = scalar.sinusoidal({ positions: 4, dim: 8 });
    console.log(JSON.stringify({ fromHere, simd: simd.simd, scalar: scalar.simd,
      a: Array.from(a), b: Array.from(b) }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: app, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.ok(
    out.fromHere.startsWith(`file://${app}/node_modules/posenc/dist/lib/index.js`.replace(/^file:\/\/\/*/, 'file:///')),
    out.fromHere,
  );
  assert.equal(out.simd, true);
  assert.equal(out.scalar, false);
  assert.equal(out.a.length, 32);
  assert.equal(out.a[1], 1, 'cos(0)');
  out.a.forEach((v, i) => assert.ok(Math.abs(v - out.b[i]) < 1e-6));

  // the CLI, through the bin link npm made
  const cli = spawnSync(join(app, 'node_modules', '.bin', 'posenc'), ['table', 'rope-frequencies', '--dim', '4'], {
    cwd: app,
    encoding: 'utf8',
  });
  assert.equal(cli.status, 0, cli.stderr);
  assert.equal(cli.stdout, 'theta\n1\n0.01\n', 'theta_i = 10000^(-2i/4)');

  // the declarations, as a TypeScript user of the package sees them
  writeFileSync(
    join(app, 'use.ts'),
    `import { load, type SinusoidalOptions } from 'posenc';
import { RopePlane } from 'posenc/elements';
const options: SinusoidalOptions = { positions: 4, dim: 8 };
export const pe: Promise<Float32Array<ArrayBuffer>> = load().then((p) => p.sinusoidal(options));
export const tag: 'posenc-rope-plane' = RopePlane.tag;
`,
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: [],
        exactOptionalPropertyTypes: true,
      },
      files: ['use.ts'],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], {
    cwd: app,
    encoding: 'utf8',
  });
  assert.equal(tsc.status, 0, `${tsc.stdout}${tsc.stderr}`);
});

const packedFiles = new Set(packed.files.map((f) => f.path));

// The targets of a markdown text's relative links and pictures, outside code (fenced blocks and spans).
function relativeLinks(markdown) {
  const prose = markdown.replace(/^[ \t]*```[\s\S]*?^[ \t]*```/gm, '').replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...prose.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]),
  ];
  return targets.filter((t) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(t));
}

// A registry page and a reader of node_modules see only the packed files: a link to anything else is broken.
test('every relative link of every packed markdown file resolves to a packed file', () => {
  const markdown = [...packedFiles].filter((f) => f.endsWith('.md'));
  assert.ok(markdown.includes('README.md') && markdown.includes('docs/api.md'), markdown.join(', '));
  const broken = [];
  for (const file of markdown) {
    const text = readFileSync(join(installed, file), 'utf8');
    for (const target of relativeLinks(text)) {
      const resolved = posix.normalize(posix.join(posix.dirname(file), decodeURI(target.replace(/[#?].*$/, ''))));
      if (!packedFiles.has(resolved)) broken.push(`${file}: ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});

test('"sideEffects" names packed files only, and "files" ships the third-party notices', () => {
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  for (const pattern of pkg.sideEffects) {
    const glob = new RegExp(
      `^${pattern
        .replace(/^\.\//, '')
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*?/g, '.*')}$`,
    );
    assert.ok(
      [...packedFiles].some((f) => glob.test(f)),
      `${pattern} matches a packed file`,
    );
  }
  assert.ok(packedFiles.has('THIRD_PARTY_NOTICES'));
});

test('the version in package.json is the newest of the CHANGELOG', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // the first change after a release raises the version (CONTRIBUTING.md): no Unreleased section
  const first = /^## (.+)$/m.exec(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'))?.[1];
  assert.equal(first, pkg.version, 'the CHANGELOG opens with the version package.json says');
});

test('the library, the C++ project and the package carry one version', async () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const cmake = /project\(posenc VERSION ([\d.]+)/.exec(readFileSync(join(root, 'CMakeLists.txt'), 'utf8'))?.[1];
  assert.equal(cmake, pkg.version, "CMakeLists.txt's project version");
  const { load } = await importPosenc();
  for (const simd of [true, false])
    assert.equal((await load({ simd, models: false })).version, pkg.version, 'posenc.version, from the wasm');
});
