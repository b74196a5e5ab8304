// The length lab's part of `npm run bench` (also runnable alone: `node tools/bench-lab.mjs`):
//   step vs PyTorch   one training step of the reference model (2 layers, dim 64, 4 heads, batch 32,
//                     copy, trainLength 8, RoPE) natively against the same model in PyTorch on one
//                     thread, in interleaved rounds (goal: PyTorch / native >= 2)
//   step in wasm      the same step with the SIMD128 module in headless Chromium against the native
//                     SSE2 baseline (the same vector width) and the best native target, and the page's
//                     default model (goal: <= 5 ms)
//   page grid         the page's default grid (every scheme x 2 seeds on copy) in headless Chromium,
//                     in Web Workers (one per core), no WebGPU: wall time (goal: <= 60 s) and exact
//                     match at the training length (goal: >= 98 % for learned, sinusoidal, RoPE, T5,
//                     ALiBi; NoPE and randomized positions reported as they come)
// Ratios are what to read: absolute times drift on a shared machine.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cmakeBuild } from './cmake.mjs';
import { capture, main, root, step } from './lib.mjs';
import { LAB_DEFAULTS, LAB_MODEL, LAB_MUST_LEARN, LAB_REFERENCE } from '../web/elements/lab-defaults.js';
import { labJobs, labSettings } from '../web/elements/lab-job.js';

const ROUNDS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => [Math.min(...xs), Math.max(...xs)];

// One round of the native lab benchmarks: ms per step by case (simd, baseline, scalar).
function nativeRound(dir) {
  const { status, output } = capture(
    path.join(dir, 'posenc_bench'),
    ['--benchmark_filter=LabStep', '--benchmark_format=json', '--benchmark_min_time=0.5'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  if (status !== 0) throw new Error(`posenc_bench (lab) failed:\n${output.slice(-2000)}`);
  const report = JSON.parse(output.slice(output.indexOf('{')));
  const ms = {};
  for (const b of report.benchmarks) ms[b.name.replace('BM_LabStep_', '')] = b.real_time;
  return ms;
}

// One round of PyTorch: ms per step, and the BLAS it ran.
function torchRound() {
  const { status, output } = capture('/usr/bin/python3', [
    path.join(root, 'tools', 'bench-lab-torch.py'),
    '--steps',
    '40',
    '--rounds',
    '1',
  ]);
  if (status !== 0) throw new Error(`tools/bench-lab-torch.py failed:\n${output.slice(-2000)}`);
  const r = JSON.parse(output.trim().split('\n').pop());
  return { ms: r.ms_per_step[0], blas: r.blas, corename: r.openblas_core, torch: r.torch };
}

// The browser side: a page (served with dist/) that times steps on the main thread and runs the
// grid in a pool of module Workers, each loading the library itself.
const PAGE = `<!doctype html><meta charset="utf-8"><title>lab bench</title>
<script type="module" src="/lab-bench.js"></script>`;

const WORKER = `import { load } from '/lib/index.js';
const posenc = await load({ lab: true });
self.onmessage = ({ data: job }) => {
  const run = posenc.lab(job.options);
  for (let done = 0; done < job.steps; done += 50) run.train(Math.min(50, job.steps - done));
  const [result] = run.evaluate({ lengths: [job.options.trainLength], samples: job.samples });
  run.delete();
  self.postMessage({ ...job, exactMatch: result.exactMatch });
};
self.postMessage('ready');`;

const MAIN = `import { load } from '/lib/index.js';
async function stepMs(options, steps) {
  const posenc = await load({ lab: true });
  const run = posenc.lab(options);
  run.train(5);
  const t = performance.now();
  run.train(steps);
  const ms = (performance.now() - t) / steps;
  run.delete();
  return ms;
}
async function grid(jobs, workers) {
  const start = performance.now();
  const queue = [...jobs], results = [];
  await Promise.all(Array.from({ length: workers }, () => new Promise((resolve) => {
    const w = new Worker('/lab-bench-worker.js', { type: 'module' });
    const next = () => (queue.length ? w.postMessage(queue.shift()) : (w.terminate(), resolve()));
    w.onmessage = ({ data }) => { if (data !== 'ready') results.push(data); next(); };
  })));
  return { seconds: (performance.now() - start) / 1000, results };
}
window.labBench = { stepMs, grid, cores: navigator.hardwareConcurrency };`;

// the page's default model at its training length, as one step of the grid trains it
const { cosineDecay, ...pageModel } = { ...LAB_MODEL, task: LAB_DEFAULTS.task, trainLength: LAB_DEFAULTS.trainLength };

async function browserBench() {
  const { serve, launch } = await import(pathToFileURL(path.join(root, 'tests', 'browser', 'harness.mjs')).href);
  const type = 'text/javascript';
  const srv = await serve(path.join(root, 'dist'), {
    extraRoutes: {
      '/lab-bench.html': { type: 'text/html', body: PAGE },
      '/lab-bench.js': { type, body: MAIN },
      '/lab-bench-worker.js': { type, body: WORKER },
    },
  });
  const browser = await launch({ frameWatch: false });
  try {
    await browser.page.goto(`${srv.url}lab-bench.html`);
    await browser.page.waitForFunction(() => window.labBench);
    const steps = [];
    for (let i = 0; i < ROUNDS; i++) {
      steps.push({
        reference: await browser.page.evaluate((o) => window.labBench.stepMs(o, 30), LAB_REFERENCE),
        page: await browser.page.evaluate((o) => window.labBench.stepMs(o, 30), pageModel),
      });
    }
    const workers = Math.min(4, await browser.page.evaluate(() => window.labBench.cores));
    // the page's own jobs (web/elements/lab-job.js), tested here at the training length only
    const jobs = labJobs(labSettings(LAB_DEFAULTS)).map(({ scheme, steps, samples, options }) => ({
      scheme,
      steps,
      samples,
      options,
    }));
    const done = step(`the page's grid: ${jobs.length} runs of ${LAB_DEFAULTS.steps} steps in ${workers} Workers`);
    const gridResult = await browser.page.evaluate(({ j, w }) => window.labBench.grid(j, w), { j: jobs, w: workers });
    done();
    return { steps, workers, grid: gridResult };
  } finally {
    await browser.close();
    await srv.close();
  }
}

export async function benchLab() {
  const dir = cmakeBuild('native');
  const done = step(`lab step: native and PyTorch, ${ROUNDS} interleaved rounds`);
  const native = [],
    torch = [];
  for (let i = 0; i < ROUNDS; i++) {
    native.push(nativeRound(dir));
    torch.push(torchRound());
  }
  done();
  const browser = await browserBench();
  const ratios = native.map((n, i) => torch[i].ms / n.simd);
  const wasmRatios = native.map((n, i) => browser.steps[i].reference / n.baseline);
  const wasmBest = native.map((n, i) => browser.steps[i].reference / n.simd);
  const bySchemes = {};
  for (const r of browser.grid.results) (bySchemes[r.scheme] ??= []).push(r.exactMatch);
  return {
    torch: { blas: torch[0].blas, core: torch[0].corename, version: torch[0].torch },
    rows: [
      { what: 'native step, best SIMD (ms)', values: native.map((n) => n.simd) },
      { what: 'native step, SSE2 baseline (ms)', values: native.map((n) => n.baseline) },
      { what: 'native step, scalar twins (ms)', values: native.map((n) => n.scalar) },
      { what: 'PyTorch step, 1 thread (ms)', values: torch.map((t) => t.ms) },
      { what: 'wasm SIMD128 step in Chromium (ms)', values: browser.steps.map((s) => s.reference) },
      { what: "wasm step, the page's default model (ms)", values: browser.steps.map((s) => s.page) },
    ],
    targets: [
      { what: 'PyTorch / native step', values: ratios, goal: '>= 2', ok: median(ratios) >= 2 },
      { what: 'wasm SIMD128 / native SSE2 step', values: wasmRatios, goal: 'report', ok: null },
      { what: 'wasm SIMD128 / native best step', values: wasmBest, goal: 'report', ok: null },
      {
        what: "wasm step at the page's default size (ms)",
        values: browser.steps.map((s) => s.page),
        goal: '<= 5',
        ok: median(browser.steps.map((s) => s.page)) <= 5,
      },
      {
        what: `page grid in Chromium, ${browser.workers} Workers (s)`,
        values: [browser.grid.seconds],
        goal: '<= 60',
        ok: browser.grid.seconds <= 60,
      },
    ],
    grid: Object.entries(bySchemes).map(([scheme, values]) => ({
      scheme,
      values,
      goal: LAB_MUST_LEARN.includes(scheme) ? '>= 0.98' : 'report',
      ok: LAB_MUST_LEARN.includes(scheme) ? Math.min(...values) >= 0.98 : null,
    })),
  };
}

export function printLab(lab) {
  const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  const cell = (values) => {
    const [lo, hi] = range(values);
    return lo === hi ? fmt(lo) : `${fmt(median(values))} (${fmt(lo)}-${fmt(hi)})`;
  };
  console.log(`\nPyTorch ${lab.torch.version}, BLAS ${lab.torch.blas} (core ${lab.torch.core ?? 'n/a'})`);
  console.log(`\n| lab measurement | median (range over ${ROUNDS} rounds) |\n|---|---:|`);
  for (const r of lab.rows) console.log(`| ${r.what} | ${cell(r.values)} |`);
  console.log('\n| lab target | measured (range) | goal | met |\n|---|---:|---|---|');
  for (const t of lab.targets)
    console.log(`| ${t.what} | ${cell(t.values)} | ${t.goal} | ${t.ok === null ? '-' : t.ok ? 'yes' : '**no**'} |`);
  console.log('\n| page grid: exact match at the training length | seeds | goal | met |\n|---|---|---|---|');
  const met = (ok) => (ok === null ? '-' : ok ? 'yes' : '**no**');
  for (const g of lab.grid)
    console.log(`| ${g.scheme} | ${g.values.map((v) => v.toFixed(2)).join(', ')} | ${g.goal} | ${met(g.ok)} |`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(async () => printLab(await benchLab()));
}
