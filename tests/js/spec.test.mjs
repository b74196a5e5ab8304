// Drives the shared spec (./spec, also run in Chromium and in a Worker) under node:test,
// once per wasm flavour: the SIMD128 build (default on Node) and the scalar build.
import nodeAssert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importPosenc } from './helpers.mjs';
import { assert, specs } from './spec/index.mjs';

const { load } = await importPosenc();
const flavours = [
  ['simd', await load()],
  ['scalar', await load({ simd: false })],
];

for (const [flavour, posenc] of flavours) {
  describe(`shared spec [${flavour}]`, () => {
    test('the flavour asked for is running', () => {
      nodeAssert.equal(posenc.simd, flavour === 'simd');
      nodeAssert.equal(typeof posenc.version, 'string');
    });
    for (const { name, run } of specs) test(name, () => run(posenc, assert));
  });
}
