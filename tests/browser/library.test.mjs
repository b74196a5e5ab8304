// The JavaScript library's shared spec (tests/js/spec, the same cases node:test runs) in Chromium:
// once in a page and once in a module Worker, for each wasm flavour (SIMD128 and scalar), under
// the page's CSP. Each case is reported as its own subtest.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, watch, ROOT } from './harness.mjs';

const RUNNER = `
import { load } from '/dist/lib/index.js';
import { runAll } from '/tests/js/spec/index.mjs';
export async function run() {
  const out = {};
  for (const simd of [true, false]) {
    const posenc = await load({ simd });
    out[simd ? 'simd' : 'scalar'] = { simd: posenc.simd, version: posenc.version, report: await runAll(posenc) };
  }
  return out;
}`;
const PAGE_JS = `
import { run } from '/spec-runner.js';
const inPage = await run().catch((e) => ({ error: String(e) }));
const worker = new Worker('/spec-worker.js', { type: 'module' });
const inWorker = await new Promise((resolve) => {
  worker.onmessage = (e) => resolve(e.data);
  worker.onerror = (e) => resolve({ error: e.message || 'worker failed to start' });
});
window.__specReport = { page: inPage, worker: inWorker };`;
const WORKER_JS = `import { run } from '/spec-runner.js';
run().then((r) => self.postMessage(r), (e) => self.postMessage({ error: String(e) }));`;
const HTML =
  '<!doctype html><meta charset="utf-8"><link rel="icon" ' +
  'href="data:,"><title>posenc spec</title><script type="module" ' +
  'src="/spec-page.js"></script>';

let srv, browser, result;

before(async () => {
  for (const f of ['dist/lib/index.js', 'tests/js/spec/index.mjs']) {
    if (!existsSync(join(ROOT, f)))
      throw new Error(`${f} is missing: run \`npm run build\` first (and the spec must exist)`);
  }
  const js = (body) => ({ type: 'text/javascript', body });
  srv = await serve(ROOT, {
    extraRoutes: {
      '/spec.html': { type: 'text/html; charset=utf-8', body: HTML },
      '/spec-page.js': js(PAGE_JS),
      '/spec-worker.js': js(WORKER_JS),
      '/spec-runner.js': js(RUNNER),
    },
  });
  browser = await launch();
  const problems = watch(browser.page);
  await browser.page.goto(`${srv.url}spec.html`);
  await browser.page.waitForFunction(() => window.__specReport, null, { timeout: 240000, polling: 250 });
  result = await browser.page.evaluate(() => window.__specReport);
  result.problems = problems;
});
after(async () => {
  await browser?.close();
  await srv?.close();
});

for (const where of ['page', 'worker']) {
  for (const flavour of ['simd', 'scalar']) {
    describe(`shared spec in Chromium (${where}, ${flavour})`, () => {
      test('loaded the flavour asked for', () => {
        assert.equal(result[where].error, undefined, result[where].error);
        assert.equal(result[where][flavour].simd, flavour === 'simd');
      });
      test('every case passes', async (t) => {
        const report = result[where][flavour]?.report ?? [];
        assert.ok(report.length > 0, 'the spec has cases');
        for (const c of report) await t.test(c.name, () => assert.ok(c.ok, c.error));
      });
    });
  }
}

test('no console error or failed request while running the spec', () => {
  assert.deepEqual(result.problems, []);
});

test('in a browser, a wasm that cannot be fetched or linked is an Error naming its URL', async () => {
  const page = await browser.ctx.newPage();
  try {
    await page.goto(`${srv.url}spec.html?errors`);
    const out = await page.evaluate(async () => {
      const { load } = await import('/dist/lib/index.js');
      const attempt = (options) =>
        load(options).then(
          () => 'loaded',
          (e) => `${e.constructor.name}: ${e.message}`,
        );
      return {
        missing: await attempt({ simd: false, wasmUrl: '/no-such-dir/posenc-scalar.wasm' }),
        // the SIMD glue with the scalar binary: different imports, the instantiation must fail cleanly
        wrongFlavour: await attempt({ simd: true, wasmUrl: '/dist/lib/posenc-scalar.wasm' }),
        // and a good load afterwards still works
        after: await load({ simd: false }).then((p) => p.sinusoidal({ positions: 1, dim: 2 })[1]),
      };
    });
    assert.match(
      out.missing,
      /^Error: posenc: cannot fetch http:\/\/127\.0\.0\.1:\d+\/no-such-dir\/posenc-scalar\.wasm: HTTP 404$/,
    );
    assert.match(out.wrongFlavour, /^Error: posenc: .*posenc-scalar\.wasm/);
    assert.equal(out.after, 1, 'cos(0) of a fresh load');
  } finally {
    await page.close();
  }
});
