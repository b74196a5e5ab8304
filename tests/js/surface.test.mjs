// What the package exposes is what it documents: each shipped wasm module registers only functions
// the library calls (no benchmark hooks, no backend switch), and the PosEnc object has exactly the
// members index.d.ts declares.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { distLib, importPosenc, requireBuild } from './helpers.mjs';

requireBuild();
const librarySource = ['posenc.js', 'buffer.js', 'load.js', 'load-lab.js', 'lab.js']
  .map((f) => readFileSync(join(distLib, f), 'utf8'))
  .join('\n');

async function registeredFunctions(name) {
  const { default: factory } = await import(pathToFileURL(join(distLib, `${name}.mjs`)).href);
  const M = await factory({ wasmBinary: readFileSync(join(distLib, `${name}.wasm`)) });
  // Embind marks the functions it registers with their argument count.
  return Object.keys(M).filter((key) => typeof M[key] === 'function' && M[key].argCount !== undefined);
}

for (const name of ['posenc-simd', 'posenc-scalar', 'posenc-models', 'posenc-lab-simd', 'posenc-lab-scalar']) {
  test(`${name}.wasm registers only functions the library calls`, async () => {
    const names = await registeredFunctions(name);
    assert.ok(names.length > 0, 'no registered function found: the check would prove nothing');
    for (const fn of names) {
      const called = librarySource.includes(`.${fn}(`) || librarySource.includes(`'${fn}'`);
      assert.ok(called, `${name} registers ${fn}, which the library never calls`);
    }
  });
}

test('the PosEnc object has exactly the members index.d.ts declares', async () => {
  const dts = readFileSync(join(distLib, 'index.d.ts'), 'utf8');
  const body = dts.slice(dts.indexOf('export interface PosEnc {'));
  const declared = new Set();
  for (const line of body.slice(0, body.indexOf('\n}\n')).split('\n')) {
    const member = /^ {2}(?:readonly )?(\w+)\??[(:<]/.exec(line);
    if (member) declared.add(member[1]);
  }
  const posenc = await (await importPosenc()).load();
  assert.deepEqual(new Set(Object.keys(posenc)), declared);
});

test('every option object of the API has an exported type of its own name', () => {
  const dts = readFileSync(join(distLib, 'index.d.ts'), 'utf8');
  // a parameter typed inline (`o: { ... }`) leaves users no name to declare their options with
  const inline = [...dts.matchAll(/^\s*(\w+)\([^)]*\bo\??: \{/gm)].map((m) => m[1]);
  assert.deepEqual(inline, [], `options typed inline in index.d.ts: ${inline}`);
  const used = new Set([...dts.matchAll(/\bo\??: (\w+)\)/g)].map((m) => m[1]));
  for (const name of used)
    assert.match(dts, new RegExp(`^export (interface|type) ${name}\\b`, 'm'), `${name} is exported`);
  assert.ok(used.size >= 20, `option types found: ${[...used]}`);
});
