// The raw module's WasmBuffer and RopePlan handles (cpp/bindings/handles.post.js), below the library:
// each owns its memory until delete(), after which every method throws instead of reaching freed
// memory, a second delete() throws, and bad input comes back as an Error object, on both flavours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLib, requireBuild } from './helpers.mjs';

requireBuild();

for (const flavour of ['simd', 'scalar']) {
  const { default: create } = await import(pathToFileURL(join(distLib, `posenc-${flavour}.mjs`)).href);
  const M = await create();
  // One of each first: what the first call of a kind allocates for good is not a leak.
  M.createBuffer(1).delete();
  M.createRopePlan({ dim: 4 }).delete();

  test(`${flavour}: a buffer is zeroed floats at a fixed address, freed once`, () => {
    const before = M.heapBytes();
    const buffer = M.createBuffer(6);
    assert.equal(buffer.length(), 6);
    const view = buffer.view();
    assert.ok(view instanceof Float32Array && view.buffer === M.HEAPU8.buffer);
    assert.equal(view.byteOffset, buffer.address());
    assert.deepEqual([...view], [0, 0, 0, 0, 0, 0]);
    assert.ok(M.heapBytes() >= before + 6 * 4, 'the floats are on the wasm heap');
    assert.equal(buffer.isDeleted(), false);
    buffer.delete();
    assert.equal(buffer.isDeleted(), true);
    assert.equal(M.heapBytes(), before, 'delete() gives the memory back');
    for (const method of ['view', 'address', 'length']) assert.throws(() => buffer[method](), /deleted/);
    assert.throws(() => buffer.delete(), { name: 'TypeError', message: /deleted twice/ });
    assert.throws(() => M.ropeBuffer(buffer, { dim: 2 }), /deleted/);
  });

  test(`${flavour}: an empty buffer has an address of its own`, () => {
    const a = M.createBuffer(0),
      b = M.createBuffer(0);
    assert.equal(a.view().length, 0);
    assert.notEqual(a.address(), 0);
    assert.notEqual(a.address(), b.address());
    a.delete();
    b.delete();
  });

  test(`${flavour}: bad buffer lengths are RangeErrors naming length`, () => {
    for (const length of [-1, 1.5, 2 ** 40, NaN]) {
      const made = M.createBuffer(length);
      assert.ok(made instanceof RangeError, `createBuffer(${length})`);
      assert.match(made.message, /^length must be an integer/);
    }
  });

  test(`${flavour}: ropeBuffer rotates a buffer in place like rope() copies`, () => {
    const x = Float32Array.from({ length: 3 * 4 }, (_, i) => Math.cos(i + 0.5));
    const o = { dim: 4, base: 100 };
    const copied = M.rope(x, o);
    const buffer = M.createBuffer(x.length);
    buffer.view().set(x);
    assert.equal(M.ropeBuffer(buffer, o), undefined);
    assert.deepEqual([...buffer.view()], [...copied]);
    const bad = M.ropeBuffer(buffer, { dim: 5 });
    assert.ok(bad instanceof RangeError && /dim/.test(bad.message), 'odd dim: a RangeError');
    buffer.delete();
  });

  test(`${flavour}: a plan hands out scratch space, keeps its last error and is freed once`, () => {
    const before = M.heapBytes();
    const plan = M.createRopePlan({ dim: 4 });
    const at = plan.floats(8);
    assert.ok(at > 0 && at % 4 === 0, 'a float-aligned address');
    assert.equal(plan.floats(4), at, 'no move while the space suffices');
    assert.ok(plan.positions(3) % 8 === 0, 'a double-aligned address');
    assert.equal(M._posenc_plan_apply(plan.address(), at, 6, 0), 1, '6 floats are not rows of dim 4');
    assert.ok(plan.error() instanceof RangeError);
    assert.match(plan.error().message, /x\.length/);
    plan.delete();
    assert.equal(plan.isDeleted(), true);
    assert.equal(M.heapBytes(), before, 'delete() gives the plan and its scratch space back');
    for (const method of ['floats', 'positions', 'error', 'address']) assert.throws(() => plan[method](1), /deleted/);
    assert.throws(() => plan.delete(), { name: 'TypeError', message: /deleted twice/ });
  });

  test(`${flavour}: bad plan options come back as the Error, no handle made`, () => {
    const before = M.heapBytes();
    const made = M.createRopePlan({ dim: 3 });
    assert.ok(made instanceof RangeError && /dim/.test(made.message));
    assert.equal(M.heapBytes(), before);
  });

  test(`${flavour}: scratch space that cannot fit is a RangeError, not address 0`, () => {
    const plan = M.createRopePlan({ dim: 4 });
    // 2 GiB of floats is more than the heap can grow to; 2^30 doubles is past the vector's max_size().
    assert.throws(() => plan.floats(2 ** 29), { name: 'RangeError', message: /out of memory/ });
    assert.throws(() => plan.positions(2 ** 30), { name: 'RangeError', message: /out of memory/ });
    assert.ok(plan.floats(8) > 0, 'and the plan still works');
    plan.delete();
  });
}
