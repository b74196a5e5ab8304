// The length lab's shipped results: every set of settings in LAB_SHIPPED (web/elements/lab-defaults.js) trained
// in Node by the built library (dist/lib, load({ lab: true })) and the same code the page's Workers run
// (web/elements/lab-job.js), in worker threads, one run per thread, up to four at once. Two files:
//   posenc-lab-results.json    per set: its settings, and per run (scheme x seed) the loss curve (means of 10
//                              steps) and the counts of exact answers and right tokens per test length
//                              (RoPE also with each test-time scaling)
//   posenc-lab-attention.json  per set, seed 1 of each scheme: every layer's and head's attention on one
//                              example at 1x and 4x the training length (one byte per weight, base64)
// Cached under build/lab-results/, keyed by a hash of the lab's wasm and glue, the library's JavaScript, the
// lab's code and the settings: a build with none of them changed trains nothing.
// Usage: node tools/lab-results.mjs [out-dir]   (or import { labResults } and call it; tools/build-site.mjs does)
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile, copyFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
export const LAB_FILES = ['posenc-lab-results.json', 'posenc-lab-attention.json'];
// the code whose change changes the results
const SOURCES = ['web/elements/lab-job.js', 'web/elements/lab-defaults.js', 'tools/lab-results.mjs'];

const elements = (root, file) => import(pathToFileURL(join(root, 'web', 'elements', file)).href);

/** The cache key: the lab's wasm and glue, every JavaScript file of the library, the lab's code, the settings. */
async function cacheKey(root, libDir, sets) {
  const hash = createHash('sha256');
  const lib = (await readdir(libDir)).filter((f) => /^posenc-lab-.*\.(wasm|mjs)$/.test(f) || /^[\w-]+\.js$/.test(f));
  for (const f of lib.filter((f) => !/^posenc-embed|^worker\.js$|^lab-worker\.js$/.test(f)).sort())
    hash.update(f).update(await readFile(join(libDir, f)));
  for (const f of SOURCES) hash.update(f).update(await readFile(join(root, f)));
  hash.update(JSON.stringify(sets)).update(process.versions.node.split('.')[0]);
  return hash.digest('hex').slice(0, 20);
}

/** Runs `jobs` in up to `threads` worker threads; `progress(done, total, job, ms)` after each. */
function trainAll(libDir, jobs, threads, progress) {
  return new Promise((resolveAll, reject) => {
    const results = new Array(jobs.length);
    let next = 0,
      done = 0,
      failed = false;
    const feed = (w) => {
      if (next >= jobs.length) return w.terminate();
      const at = next++;
      w.postMessage({ at, job: jobs[at], started: Date.now() });
    };
    for (let t = 0; t < Math.min(threads, jobs.length); t++) {
      const w = new Worker(fileURLToPath(import.meta.url), { workerData: { libDir, root: ROOT } });
      w.on('message', ({ at, result, started, info }) => {
        results[at] = { result, info };
        progress(++done, jobs.length, jobs[at], Date.now() - started);
        feed(w); // the next job, or the end of this thread
        if (done === jobs.length) resolveAll(results);
      });
      w.on('error', (err) => {
        if (!failed) reject(err);
        failed = true;
      });
      feed(w);
    }
  });
}

/** Train the shipped sets (or take them from the cache) and write LAB_FILES into each of `outDirs`. */
export async function labResults({
  root = ROOT,
  libDir = join(root, 'dist', 'lib'),
  outDirs = [],
  log = console.log,
} = {}) {
  const { LAB_SHIPPED } = await elements(root, 'lab-defaults.js');
  const { labSettings, settingsKey, labJobs } = await elements(root, 'lab-job.js');
  if (!existsSync(join(libDir, 'posenc-lab-simd.wasm')))
    throw new Error(`lab-results: ${libDir} has no posenc-lab-simd.wasm: run node tools/build.mjs`);
  const sets = LAB_SHIPPED.map((s) => labSettings(s));
  const key = await cacheKey(root, libDir, sets);
  const cache = join(root, 'build', 'lab-results', key);
  if (!existsSync(join(cache, LAB_FILES[1]))) {
    const jobs = sets.flatMap((s, set) => labJobs(s).map((job) => ({ ...job, set })));
    const threads = Math.max(1, Math.min(4, availableParallelism()));
    const t0 = Date.now();
    log(`lab-results: training ${jobs.length} runs in ${threads} threads (cache ${key})`);
    const trained = await trainAll(libDir, jobs, threads, (done, total, job, ms) =>
      log(
        `lab-results: ${String(done).padStart(String(total).length)}/${total}  ${job.id.padEnd(18)} ` +
          `${(ms / 1000).toFixed(1)} s`,
      ),
    );
    const library = trained[0].info;
    const results = { format: 1, library, sets: [] },
      attention = { format: 1, sets: [] };
    sets.forEach((settings, i) => {
      const runs = trained.filter((_, k) => jobs[k].set === i).map(({ result }) => result);
      results.sets.push({ key: settingsKey(settings), settings, runs: runs.map(({ attention: _, ...r }) => r) });
      attention.sets.push({
        key: settingsKey(settings),
        runs: runs.filter((r) => r.attention).map(({ scheme, seed, attention: a }) => ({ scheme, seed, attention: a })),
      });
    });
    await mkdir(cache, { recursive: true });
    await writeFile(join(cache, LAB_FILES[0]), JSON.stringify(results) + '\n');
    await writeFile(join(cache, LAB_FILES[1]), JSON.stringify(attention) + '\n');
    log(`lab-results: ${jobs.length} runs in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } else log(`lab-results: cached (${key})`);
  for (const dir of outDirs) {
    await mkdir(dir, { recursive: true });
    for (const f of LAB_FILES) await copyFile(join(cache, f), join(dir, f));
  }
  return { dir: cache, results: JSON.parse(await readFile(join(cache, LAB_FILES[0]), 'utf8')) };
}

// A worker thread: load the library once, then train each job it is handed.
async function thread() {
  const { libDir, root } = workerData;
  const { load } = await import(pathToFileURL(join(libDir, 'index.js')).href);
  const { runJob } = await elements(root, 'lab-job.js');
  const posenc = await load({ lab: true, models: false });
  const info = { version: posenc.version, flavour: posenc.simd ? 'wasm SIMD128' : 'wasm scalar', runtime: 'Node.js' };
  parentPort.on('message', async ({ at, job, started }) => {
    parentPort.postMessage({ at, started, info, result: await runJob(posenc, job) });
  });
}

if (!isMainThread && workerData?.libDir) await thread();
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  labResults({ outDirs: process.argv[2] ? [resolve(process.argv[2])] : [] }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
