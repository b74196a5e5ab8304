// The wasm module on its own, without the library in front of it (a user who imports
// posenc-simd.mjs directly): a value of the wrong type comes back as a TypeError that names the
// option, never as an error from inside the glue, and the module keeps working after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLib, requireBuild } from './helpers.mjs';

requireBuild();

const refused = (result) => (result instanceof Error ? result : assert.fail(`not refused: ${result}`));

for (const flavour of ['simd', 'scalar']) {
  const { default: create } = await import(pathToFileURL(join(distLib, `posenc-${flavour}.mjs`)).href);
  const M = await create();

  test(`${flavour}: a wrong type is a TypeError naming the option and the value`, () => {
    const dim = refused(M.sinusoidal({ positions: 4, dim: 'x' }));
    assert.equal(dim.name, 'TypeError');
    assert.match(dim.message, /^dim must be .*, got "x"$/);
    const base = refused(M.ropeFrequencies({ dim: 8, base: [1] }));
    assert.match(base.message, /^base must be .*, got an Array$/);
    assert.equal(M.sinusoidal({ positions: 2, dim: 4 }).length, 8, 'the module works after refusing');
  });

  test(`${flavour}: position lists are read, and a bad entry is named by its index`, () => {
    const table = M.sinusoidalAt({ positions: [0, 1, 2], dim: 4 });
    assert.deepEqual(table, M.sinusoidal({ positions: 3, dim: 4 }));
    const entry = refused(M.sinusoidalAt({ positions: [0, '1'], dim: 4 }));
    assert.equal(entry.name, 'TypeError');
    assert.equal(entry.message, 'positions[1] must be a number, got "1"');
    const list = refused(M.sinusoidalAt({ positions: {}, dim: 4 }));
    assert.equal(list.message, 'positions must be an array of numbers, got an object');
    const big = refused(M.sinusoidalAt({ positions: new BigInt64Array(2), dim: 4 }));
    assert.match(big.message, /^positions\[0\] must be a number, got 0$/);
  });
}
