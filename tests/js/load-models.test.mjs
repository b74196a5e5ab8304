// load({ models: false }) leaves the model-config module out; posenc.loadModels() fetches it later, resolves to the
// same object, reads configs as load() does, and after a failed fetch (the file missing) tries again.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { distLib, importPosenc } from './helpers.mjs';

const { load } = await importPosenc();
const CONFIG = { model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, rope_theta: 500000 };

for (const flavour of ['simd', 'scalar']) {
  const simd = flavour === 'simd';

  test(`loadModels: the module load({ models: false }) left out, on the same object (${flavour})`, async () => {
    const posenc = await load({ simd, models: false });
    assert.throws(() => posenc.ropeFromConfig(CONFIG), /loadModels/);
    const same = await posenc.loadModels();
    assert.equal(same, posenc);
    const full = await load({ simd });
    assert.deepEqual(posenc.ropeFromConfig(CONFIG), full.ropeFromConfig(CONFIG));
    assert.deepEqual(posenc.llamaCppFlags(CONFIG), full.llamaCppFlags(CONFIG));
    assert.equal(await full.loadModels(), full, 'a module loaded with its models resolves at once');
  });

  test(`loadModels: a missing file is an error naming it, and the next call tries again (${flavour})`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'posenc-models-'));
    try {
      copyFileSync(join(distLib, `posenc-${flavour}.wasm`), join(dir, `posenc-${flavour}.wasm`));
      const posenc = await load({ simd, models: false, wasmUrl: pathToFileURL(dir + '/') });
      await assert.rejects(posenc.loadModels(), /posenc-models\.wasm/);
      assert.equal(posenc.rope(new Float32Array([1, 0]), { dim: 2, offset: 0 })[0], 1, 'the compute module works');
      assert.throws(() => posenc.ropeFromConfig(CONFIG), /loadModels/);
      copyFileSync(join(distLib, 'posenc-models.wasm'), join(dir, 'posenc-models.wasm'));
      assert.equal(await posenc.loadModels(), posenc);
      assert.equal(posenc.ropeFromConfig(CONFIG).base, 500000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
