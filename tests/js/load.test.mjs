// load(): memoisation, the SIMD probe and the scalar escape hatch, wasmUrl forms,
// failures that can be retried, buffers of another instance, flavours agreeing.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { distLib, importPosenc } from './helpers.mjs';
import { randomFloat32 } from './reference.mjs';

const { load, simdSupported, WasmBuffer } = await importPosenc();
const libUrl = pathToFileURL(`${distLib}/`);

const copyDir = mkdtempSync(join(tmpdir(), 'posenc-wasm-'));
for (const f of ['posenc-simd.wasm', 'posenc-scalar.wasm']) copyFileSync(join(distLib, f), join(copyDir, f));
after(() => rmSync(copyDir, { recursive: true, force: true }));

test('load() is memoised: the same promise for the same options', async () => {
  assert.equal(load(), load());
  assert.equal(load(), load({}));
  assert.equal(load({ simd: false }), load({ simd: false }));
  assert.notEqual(load({ simd: false }), load({ simd: true }));
  assert.equal(await load(), await load({}));
});

test('the probe: Node has wasm SIMD, so load() runs the SIMD128 build; simd:false the scalar one', async () => {
  assert.equal(simdSupported(), true);
  assert.equal(load(), load({ simd: true }), 'default = the probed flavour, one instance');
  const [simd, scalar] = await Promise.all([load(), load({ simd: false })]);
  assert.equal(simd.simd, true);
  assert.equal(scalar.simd, false);
  assert.equal(scalar.arch, 'scalar');
  assert.match(simd.version, /^\d+\.\d+\.\d+/);
  assert.deepEqual(simd.limits, { maxElements: 2 ** 26, maxDim: 65536, positionLimit: 2 ** 24 });
});

test('wasmUrl: the .wasm file, as a URL, a file: string, a path or a directory', async () => {
  const forms = [
    [new URL('posenc-scalar.wasm', libUrl), false],
    [new URL('posenc-simd.wasm', libUrl).href, true],
    [join(copyDir, 'posenc-scalar.wasm'), false], // absolute path (Node)
    [relative(process.cwd(), join(copyDir, 'posenc-simd.wasm')), true], // relative to the working directory
    [`${pathToFileURL(copyDir).href}/`, false], // a directory holding both files
    [pathToFileURL(`${copyDir}/`), true],
    [`${relative(process.cwd(), copyDir)}/`, true], // a relative directory path, slash kept
  ];
  const want = (await load()).sinusoidal({ positions: 5, dim: 8 });
  for (const [wasmUrl, simd] of forms) {
    const posenc = await load({ wasmUrl, simd });
    assert.equal(posenc.simd, simd, String(wasmUrl));
    const got = posenc.sinusoidal({ positions: 5, dim: 8 });
    for (let i = 0; i < want.length; i++) assert.ok(Math.abs(got[i] - want[i]) < 1e-6, String(wasmUrl));
  }
  assert.equal(
    load({ wasmUrl: new URL('posenc-scalar.wasm', libUrl), simd: false }),
    load({ simd: false }),
    'the default file given explicitly is the same instance',
  );
});

test('load() failures reject with a useful message and can be retried; bad options are TypeErrors', async () => {
  await assert.rejects(
    load({ wasmUrl: join(copyDir, 'missing.wasm') }),
    (e) => e instanceof Error && /missing\.wasm/.test(e.message),
  );
  await assert.rejects(
    load({ simd: 'yes' }),
    (e) => e instanceof TypeError && /simd/.test(e.message) && /"yes"/.test(e.message),
  );
  await assert.rejects(
    load({ wasmUrl: 42 }),
    (e) => e instanceof TypeError && /wasmUrl/.test(e.message) && /42/.test(e.message),
  );
  await assert.rejects(load(null), (e) => e instanceof TypeError && /options/.test(e.message));
  // the wrong flavour's file for the chosen glue does not link (or traps at start-up): an Error naming the file
  await assert.rejects(
    load({ wasmUrl: join(copyDir, 'posenc-scalar.wasm'), simd: true }),
    (e) => e instanceof Error && /^posenc: .*posenc-scalar\.wasm/.test(e.message),
  );
  const posenc = await load();
  assert.equal(posenc.sinusoidal({ positions: 1, dim: 2 }).length, 2, 'still loads afterwards');
});

test('a WasmBuffer belongs to its instance', async () => {
  const [a, b] = [await load(), await load({ simd: false })];
  const buf = a.buffer(8);
  assert.ok(buf instanceof WasmBuffer);
  assert.throws(
    () => b.rope(buf, { dim: 8, inPlace: true }),
    (e) => e instanceof TypeError && /x/.test(e.message) && /another/.test(e.message),
  );
  assert.throws(() => new WasmBuffer(), TypeError);
  buf.free();
});

test('both flavours agree: learned tables bit for bit, everything else within 2e-6', async () => {
  const [simd, scalar] = [await load(), await load({ simd: false })];
  assert.deepEqual(
    simd.learned({ maxLen: 50, dim: 32, seed: 3 }).table(),
    scalar.learned({ maxLen: 50, dim: 32, seed: 3 }).table(),
  );
  assert.deepEqual(
    simd.relative({ min: -4, max: 4, dim: 16, seed: 1 }).table(),
    scalar.relative({ min: -4, max: 4, dim: 16, seed: 1 }).table(),
  );
  const x = randomFloat32(33 * 2 * 64, 5);
  const pairs = [
    [simd.sinusoidal({ positions: 300, dim: 66 }), scalar.sinusoidal({ positions: 300, dim: 66 })],
    [
      simd.rope(x, { dim: 64, heads: 2, offset: 2 ** 24 - 40 }),
      scalar.rope(x, { dim: 64, heads: 2, offset: 2 ** 24 - 40 }),
    ],
    [simd.rope(x, { dim: 64, heads: 2, layout: 'half' }), scalar.rope(x, { dim: 64, heads: 2, layout: 'half' })],
  ];
  for (const [p, q] of pairs)
    for (let i = 0; i < p.length; i++) assert.ok(Math.abs(p[i] - q[i]) <= 2e-6, `element ${i}`);
});

test('functions work detached from the object (no `this`)', async () => {
  const { sinusoidal, rope } = await load();
  assert.equal(sinusoidal({ positions: 2, dim: 4 }).length, 8);
  assert.equal(rope(new Float32Array(4), { dim: 4 }).length, 4);
});

test('a start-up failure that load() reports prints nothing of its own to stderr', async () => {
  const { spawnSync } = await import('node:child_process');
  const script = `
    import { load } from ${JSON.stringify(pathToFileURL(join(distLib, 'index.js')).href)};
    try {
      await load({ wasmUrl: ${JSON.stringify(join(copyDir, 'posenc-scalar.wasm'))}, simd: true });
      console.log('loaded');
    }
    catch (e) { console.log(e.message); }`;
  const r = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^posenc: .*posenc-scalar\.wasm/, 'the failure is reported by the rejection');
  assert.equal(r.stderr, '', 'and by nothing else');
});

test('an uncaught error names the call, not a line of the minified glue', async () => {
  const { spawnSync } = await import('node:child_process');
  const script = `
    import { load } from ${JSON.stringify(pathToFileURL(join(distLib, 'index.js')).href)};
    const posenc = await load();
    posenc.rope(new Float32Array(8), { dim: 8, base: -1 });`;
  const r = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /RangeError: base must be/);
  assert.match(r.stderr, /RangeError: base must be[^\n]*\n\s+at coreError \(.*errors\.js/, 'made by the library');
  const longest = Math.max(...r.stderr.split('\n').map((l) => l.length));
  assert.ok(longest < 300, `a line of ${longest} characters in:\n${r.stderr.slice(0, 600)}`);
});

// Node before 20.16 lacks process.getBuiltinModule, which the wasm glue needs: faked by deleting it.
test('without process.getBuiltinModule, the rejection says so first, not a guess about the file', async () => {
  const { spawnSync } = await import('node:child_process');
  const script = `
    delete process.getBuiltinModule;
    const { load } = await import(${JSON.stringify(pathToFileURL(join(distLib, 'index.js')).href)});
    for (const simd of [true, false]) await load({ simd }).catch((e) => console.log(e.message));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const messages = r.stdout.trim().split('\n');
  assert.equal(messages.length, 2, r.stdout);
  for (const message of messages) {
    assert.match(message, /^posenc: needs Node >= 20\.16 \(process\.getBuiltinModule\), this is Node v[\d.]+$/);
    assert.doesNotMatch(message, /flavour|simd:/);
  }
});

test("a binary that does not start: the file and the engine's cause first, the guess about flavours last", async () => {
  await assert.rejects(load({ wasmUrl: join(copyDir, 'posenc-scalar.wasm'), simd: true }), (e) => {
    assert.match(e.message, /^posenc: cannot start \S*posenc-scalar\.wasm with the SIMD128 glue: \S/);
    assert.match(e.message, /\(if it is the other flavour's binary, pass simd: false with this wasmUrl\)$/);
    return true;
  });
});
