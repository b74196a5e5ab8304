// The shared spec: plain ES modules with no Node imports, so that the same cases run
//   - under node:test (tests/js/spec.test.mjs, both wasm flavours),
//   - in a headless Chromium page and in a module Worker (the browser harness).
// Each case is { name, run(posenc, assert) }: posenc is a loaded PosEnc object,
// assert is ./assert.mjs. A case passes when run() returns without throwing.
//
// Browser use (served over http next to the built package):
//   import { load } from '/dist/lib/index.js';
//   import { runAll } from '/tests/js/spec/index.mjs';
//   const report = await runAll(await load());   // [{ name, ok, error? }]
import * as assert from './assert.mjs';
import { specs as attention } from './attention.mjs';
import { specs as blocks } from './blocks.mjs';
import { specs as buffers } from './buffers.mjs';
import { specs as encodings } from './encodings.mjs';
import { specs as errors } from './errors.mjs';
import { specs as leak } from './leak.mjs';

export { assert };
export const specs = [...encodings, ...attention, ...buffers, ...blocks, ...errors, ...leak];

/** Runs every case; never throws. Returns [{ name, ok, error }]. */
export async function runAll(posenc) {
  const report = [];
  for (const { name, run } of specs) {
    try {
      await run(posenc, assert);
      report.push({ name, ok: true });
    } catch (error) {
      report.push({ name, ok: false, error: `${error?.name}: ${error?.message}` });
    }
  }
  return report;
}
