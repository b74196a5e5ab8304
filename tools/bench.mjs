// `npm run bench`: native Google Benchmark and the wasm benchmarks in Node (and the page's
// browser benchmark when present), one table, the target ratios, a JSON file and a plot.
// Ratios are what to read: absolute times drift on a shared machine.
//   results: cpp/bench/results/latest.json, cpp/bench/results/gbps.svg
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cmakeBuild } from './cmake.mjs';
import { capture, main, root, run, step } from './lib.mjs';
import { plotBars } from './bench-plot.mjs';
import { benchCli, printCli } from './bench-cli.mjs';
import { benchLab, printLab } from './bench-lab.mjs';

function machine() {
  const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? os.cpus()[0]?.model;
  const flags = readFileSync('/proc/cpuinfo', 'utf8').match(/flags\s*:\s*(.*)/)?.[1] ?? '';
  const simd = ['avx512f', 'avx2', 'fma', 'sse4_1'].filter((f) => flags.split(' ').includes(f)).join(' ');
  return (
    `${cpu}, ${os.cpus().length} cores (${simd}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `Linux ${os.release()}, Node ${process.version}`
  );
}

const REPETITIONS = 9;

// One row per case: { name, ms, gbps, itemsPerSecond } from a Google Benchmark entry.
function nativeRow(b, name) {
  return {
    name,
    ms: (b.real_time / 1e6) * ({ ns: 1, us: 1e3, ms: 1e6 }[b.time_unit] ?? 1),
    gbps: b.bytes_per_second ? b.bytes_per_second / 1e9 : undefined,
    itemsPerSecond: b.items_per_second,
  };
}

// The medians of every case, and the same rows once per repetition (repetitions[i] holds each case's i-th
// repetition): the targets' ranges come from those.
function benchNative() {
  const dir = cmakeBuild('native');
  const done = step(`Native benchmarks (Google Benchmark, ${REPETITIONS} interleaved repetitions, medians)`);
  const { status, output } = capture(
    path.join(dir, 'posenc_bench'),
    [
      '--benchmark_format=json',
      `--benchmark_repetitions=${REPETITIONS}`,
      '--benchmark_enable_random_interleaving=true',
      '--benchmark_min_time=0.2',
      // the lab's steps are timed apart, against PyTorch (tools/bench-lab.mjs)
      '--benchmark_filter=-LabStep',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  if (status !== 0) throw new Error(`posenc_bench failed:\n${output.slice(-2000)}`);
  const report = JSON.parse(output.slice(output.indexOf('{')));
  done();
  const medians = report.benchmarks
    .filter((b) => b.aggregate_name === 'median')
    .map((b) => nativeRow(b, b.name.replace(/_median$/, '')));
  const repetitions = Array.from({ length: REPETITIONS }, () => []);
  for (const b of report.benchmarks)
    if (b.run_type === 'iteration') repetitions[b.repetition_index]?.push(nativeRow(b, b.run_name));
  return { medians, repetitions };
}

// The wasm benchmarks, each run in a fresh Node process: on this VM a process keeps the speed
// it started with (V8's plain loop ran at 1.9 GB/s in some processes and 2.6-3.7 in others),
// so one process is one draw. Each case is the median of the processes' medians.
function benchWasmProcesses(processes) {
  // The bench-only modules (the API plus the baselines), beside the shipped ones npm run build made.
  for (const flavour of ['simd', 'scalar']) {
    run('cmake', ['--build', path.join(root, 'build', `wasm-${flavour}`), '--target', `posenc-bench-${flavour}`]);
  }
  const runs = [];
  for (let i = 0; i < processes; i++) {
    const { status, output } = capture(process.execPath, [path.join(root, 'tools', 'bench-wasm.mjs')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (status !== 0) throw new Error(`tools/bench-wasm.mjs failed:\n${output.slice(-2000)}`);
    runs.push(
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line)),
    );
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const merged = runs[0].map((row) => {
    const same = runs.map((run) => run.find((r) => r.group === row.group && r.name === row.name));
    const ms = median(same.map((r) => r.ms));
    const perProcess = same.map((r) => r.ms);
    return row.gbps !== undefined
      ? { group: row.group, name: row.name, ms, gbps: (row.gbps * row.ms) / ms, perProcess }
      : { group: row.group, name: row.name, ms, itemsPerSecond: (row.itemsPerSecond * row.ms) / ms, perProcess };
  });
  return { merged, runs };
}

const fmt = (x, digits = 2) => (x === undefined ? '' : x.toFixed(digits));

// Target rows: { what, value, goal, ok } (ok null: a bound shown for reading, not a goal).
function targetRows() {
  const rows = [];
  const check = (what, value, goal, atLeast = true) =>
    rows.push({
      what,
      value,
      goal: `${atLeast ? '>=' : '<='} ${goal}`,
      ok: value !== undefined && !Number.isNaN(value) && (atLeast ? value >= goal : value <= goal),
    });
  const bound = (what, value, goal = 'none') => rows.push({ what, value, goal, ok: null });
  return { rows, check, bound };
}

function ropeTargets({ check, bound }, n, w, layout) {
  check(
    `native RoPE A cached ${layout} / native in-place stream`,
    n(`rope_cached/A/${layout}/simd`)?.gbps / n('stream_in_place/A')?.gbps,
    0.7,
  );
  for (const s of ['A', 'B'])
    check(
      `native RoPE ${s} fused / cached ${layout} (time)`,
      n(`rope_fused/${s}/${layout}/simd`)?.ms / n(`rope_cached/${s}/${layout}/simd`)?.ms,
      2,
      false,
    );
  const group = `rope A ${layout}`;
  const cached = w(group, 'wasm simd, API on a WasmBuffer (cached)');
  const stream = w('rope A interleaved', 'wasm simd, in-place stream x[i] *= a');
  check(`wasm RoPE A cached ${layout} / in-wasm in-place stream`, cached?.gbps / stream?.gbps, 0.6);
  const plain = w(group, 'plain JavaScript loop (cached cos/sin)');
  check(`wasm RoPE A cached ${layout} / plain JS loop`, cached?.gbps / plain?.gbps, 6);
  // The bound on the row above: an in-place pass that does no arithmetic at all.
  bound(`(bound) in-wasm in-place stream / plain JS loop ${layout}`, stream?.gbps / plain?.gbps);
  check(
    `wasm RoPE A fused / cached ${layout} (time)`,
    w(group, 'wasm simd, API on a WasmBuffer (fused)')?.ms / cached?.ms,
    2,
    false,
  );
  const groupB = `rope B ${layout}`;
  check(
    `wasm RoPE B fused / cached ${layout} (time)`,
    w(groupB, 'wasm simd, API on a WasmBuffer (fused)')?.ms / w(groupB, 'wasm simd, API on a WasmBuffer (cached)')?.ms,
    2,
    false,
  );
  check(
    `wasm RoPE A Float32Array in place / WasmBuffer ${layout} (time)`,
    w(group, 'wasm simd, API on a Float32Array, in place (copy in/out)')?.ms / cached?.ms,
    3,
    false,
  );
}

function decodeTargets({ check, bound }, w) {
  const decode = (name) => w('decode [1 x 32 x 128]', name)?.ms;
  check(
    'wasm decode step [1 x 32 x 128], ropePlan on a WasmBuffer / plain JS loop with its own angles (speed)',
    decode('plain JavaScript loop (its own angles)') / decode('wasm simd, ropePlan on a WasmBuffer'),
    6,
  );
  check(
    'wasm decode step, ropePlan on a Float32Array / on a WasmBuffer (time)',
    decode('wasm simd, ropePlan on a Float32Array') / decode('wasm simd, ropePlan on a WasmBuffer'),
    1.6,
    false,
  );
  const token = (name) => w('token (32 layers of q and k)', name)?.ms;
  bound(
    'token of 32 layers (q [1 x 32 x 128], k [1 x 8 x 128]): ropePlan us / plain JS us',
    token('wasm simd, ropePlan on WasmBuffers') * 1e3,
    `plain JS ${fmt(token('plain JavaScript loop (angles once per token)') * 1e3)} us`,
  );
}

// The wide native target against the baseline one, where the CPU has both (the bench registers a case per
// runnable target). The sinusoidal table is measured into a reused buffer (the work the kernels do) and as
// `sinusoidal()` returns it, in fresh memory whose first write costs the same on every target (a bound); its row
// kernel alone, with nothing leaving L1, is the most the wider target can gain on it (a ceiling).
function nativeTargetTargets({ check, bound }, n) {
  const speedup = (name) => n(`${name}/avx2`)?.itemsPerSecond / n(`${name}/sse2`)?.itemsPerSecond;
  if (!n('attention_rope_1024x1024x64/avx2')) return;
  check('native attention with RoPE 1024x1024x64, AVX2 / SSE2 (speed)', speedup('attention_rope_1024x1024x64'), 1.5);
  check(
    'native sinusoidal 8192x512 into a reused buffer, AVX2 / SSE2 (speed)',
    speedup('sinusoidal_8192x512_into'),
    1.5,
  );
  bound('(bound) native sinusoidal 8192x512, fresh table, AVX2 / SSE2 (speed)', speedup('sinusoidal_8192x512'));
  bound(
    '(ceiling) its row kernel alone, writing one row in L1, AVX2 / SSE2 (speed)',
    speedup('sinusoidal_8192x512_row_kernel'),
  );
  if (!n('attention_rope_1024x1024x64/avx512bw')) return;
  const over = (name, wide, base) => n(`${name}/${wide}`)?.itemsPerSecond / n(`${name}/${base}`)?.itemsPerSecond;
  for (const [label, name] of [
    ['attention with RoPE 1024x1024x64', 'attention_rope_1024x1024x64'],
    ['sinusoidal 8192x512 into a reused buffer', 'sinusoidal_8192x512_into'],
  ]) {
    bound(`(AVX-512) native ${label}, AVX-512 / AVX2 (speed)`, over(name, 'avx512bw', 'avx2'));
  }
}

function targets(native, wasm) {
  const n = (name) => native.find((r) => r.name === name);
  const w = (group, name) => wasm.find((r) => r.group === group && r.name === name);
  const t = targetRows();
  for (const layout of ['interleaved', 'half']) ropeTargets(t, n, w, layout);
  decodeTargets(t, w);
  t.check(
    'native sinusoidal 8192x512 / scalar sinf loop',
    n('sinusoidal_8192x512/simd')?.itemsPerSecond / n('sinusoidal_8192x512/naive_sinf')?.itemsPerSecond,
    3,
  );
  nativeTargetTargets(t, n);
  t.check(
    'wasm sinusoidal 8192x512 / the same sinf loop in wasm',
    w('sinusoidal 8192x512', 'wasm simd, library')?.itemsPerSecond /
      w('sinusoidal 8192x512', 'wasm simd, naive sinf loop')?.itemsPerSecond,
    2,
  );
  t.check(
    'wasm attention with RoPE, SIMD / scalar build',
    w('attention rope 1024x1024x64', 'wasm simd, library')?.itemsPerSecond /
      w('attention rope 1024x1024x64', 'wasm scalar, library')?.itemsPerSecond,
    4,
  );
  return t.rows;
}

// The page's rows: download size, first render, the stress case and the slider updates.
function pageRows(r) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const spread = (m) => `${m.median.toFixed(0)} (${m.min.toFixed(0)}-${m.max.toFixed(0)})`;
  return [
    {
      what: 'page JS + SIMD wasm, gzip -9',
      value: `${kb(r.size.js)} + ${kb(r.size.wasm)} = ${kb(r.size.total)}`,
      budget: '<= 300 KB',
      ok: r.size.total <= 300e3,
    },
    {
      what: `first complete render: first screen drawn, its fonts loaded (ms, median of ${r.runs} loads, range)`,
      value: spread(r.firstScreen),
      budget: '<= 1000',
      ok: r.firstScreen.median <= 1000,
    },
    {
      what: `stress case: all ${r.figures} figures forced visible at once (ms, median, range)`,
      value: spread(r.firstRenderAll),
      budget: 'none',
      ok: true,
    },
    ...Object.entries(r.updates).map(([k, v]) => ({
      what: `slider update ${k} (median ms)`,
      value: v.median.toFixed(1),
      budget: '<= 16',
      ok: v.median <= 16,
    })),
  ];
}

async function benchPage() {
  const pageBench = path.join(root, 'tests', 'browser', 'bench.mjs');
  if (!existsSync(pageBench)) return {};
  const finished = step('Page benchmark (headless Chromium)');
  const r = await (await import(pathToFileURL(pageBench).href)).benchPage();
  finished();
  return { page: pageRows(r), pageExtremes: r.extremes };
}

function printMeasurements(native, wasm) {
  console.log(`\nMachine: ${machine()}\n`);
  console.log('| native benchmark | median ms | GB/s | items/s |\n|---|---:|---:|---:|');
  const items = (r) => (r.itemsPerSecond ? (r.itemsPerSecond / 1e6).toFixed(0) + ' M' : '');
  for (const r of native) console.log(`| ${r.name} | ${fmt(r.ms, 3)} | ${fmt(r.gbps)} | ${items(r)} |`);
  console.log('\n| wasm workload | implementation | median ms | GB/s | items/s |\n|---|---|---:|---:|---:|');
  for (const r of wasm) console.log(`| ${r.group} | ${r.name} | ${fmt(r.ms, 3)} | ${fmt(r.gbps)} | ${items(r)} |`);
}

// Targets from the medians; beside each, its range over the wasm processes and the native repetitions
// (each target reads one side only, so the other side's variations leave it at its median).
function targetsWithRanges(native, wasm, runs) {
  const goals = targets(native.medians, wasm);
  const variations = [
    ...runs.map((run) => targets(native.medians, run)),
    ...native.repetitions.filter((rep) => rep.length).map((rep) => targets(rep, wasm)),
  ];
  goals.forEach((g, i) => {
    const values = variations.map((t) => t[i].value).filter(Number.isFinite);
    g.range = values.length ? [Math.min(...values), Math.max(...values)] : [g.value, g.value];
  });
  return goals;
}

async function printPage(page, pageExtremes) {
  console.log('\n| page (headless Chromium) | measured | budget | met |\n|---|---:|---|---|');
  for (const r of page)
    console.log(`| ${r.what} | ${r.value} | ${r.budget} | ${r.budget === 'none' ? '-' : r.ok ? 'yes' : '**no**'} |`);
  const { extremesTable, RATE_TARGET, UPDATE_TARGET, FIRST_TARGET } = await import(
    pathToFileURL(path.join(root, 'tests', 'browser', 'bench-extremes.mjs')).href
  );
  console.log(
    `\nEvery figure with its controls at their maxima (targets: drag >= ${RATE_TARGET} updates/s, ` +
      `update <= ${UPDATE_TARGET} ms, first render <= ${FIRST_TARGET} ms)\n`,
  );
  console.log(extremesTable(pageExtremes).join('\n'));
}

await main(async () => {
  const native = benchNative();
  const processes = 3;
  const done = step(`wasm benchmarks (Node, both flavours, interleaved rounds, medians; ${processes} processes)`);
  const { merged: wasm, runs } = benchWasmProcesses(processes);
  done();
  const { page, pageExtremes } = await benchPage();
  printMeasurements(native.medians, wasm);
  const goals = targetsWithRanges(native, wasm, runs);
  console.log(
    `\n| target | measured (range over ${processes} wasm processes and ${REPETITIONS} native repetitions) ` +
      `| goal | met |\n|---|---:|---|---|`,
  );
  for (const g of goals) {
    const range = g.range[0] === g.range[1] ? '' : ` (${fmt(g.range[0])}-${fmt(g.range[1])})`;
    console.log(
      `| ${g.what} | ${fmt(g.value)}${range} | ${g.goal} | ${g.ok === null ? '-' : g.ok ? 'yes' : '**no**'} |`,
    );
  }
  if (page) await printPage(page, pageExtremes);
  const lab = await benchLab();
  printLab(lab);
  const cli = await benchCli();
  printCli(cli);

  const out = path.join(root, 'cpp', 'bench', 'results');
  mkdirSync(out, { recursive: true });
  const result = {
    date: new Date().toISOString(),
    machine: machine(),
    native: native.medians,
    wasm,
    targets: goals,
    page,
    pageExtremes,
    lab,
    cli,
  };
  writeFileSync(path.join(out, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
  writeFileSync(path.join(out, 'gbps.svg'), plotBars(result));
  console.log(`\nwrote ${path.relative(root, out)}/latest.json and gbps.svg`);
});
