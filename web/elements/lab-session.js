// The lab's state, shared by every lab figure of a page (one module, one session): the settings the controls
// chose, the results shipped with the page (posenc-lab-results.json, trained at build time by the same code,
// tools/lab-results.mjs), and the runs trained here in the lab's Worker pool. Figures read view() and redraw
// on the session's `change` event; only the controls figure changes the settings and starts or stops runs.
import { LAB_DEFAULTS } from './lab-defaults.js';
import { labJobs, labSettings, settingsKey, binMeans } from './lab-job.js';
import * as pool from './lab-pool.js';

const RESULTS = 'posenc-lab-results.json';
const ATTENTION = 'posenc-lab-attention.json';
const THROTTLE = 250; // ms between two redraws while training

async function fetchJson(file) {
  const res = await fetch(new URL(`./${file}`, import.meta.url));
  if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
  return res.json();
}

/** How many numbers two result sets share and how many differ: exact-match and token counts, plain and scaled. */
export function compareRuns(shipped, trained) {
  let total = 0,
    differ = 0,
    maxDiff = 0;
  const both = (a = [], b = []) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      total++;
      const d = Math.abs((a[i] ?? NaN) - (b[i] ?? NaN));
      if (!(d === 0)) {
        differ++;
        maxDiff = Math.max(maxDiff, Number.isFinite(d) ? d : Infinity);
      }
    }
  };
  for (const s of shipped) {
    const t = trained.find((r) => r.scheme === s.scheme && r.seed === s.seed) ?? {};
    both(s.exact, t.exact);
    both(s.token, t.token);
    for (const type of Object.keys(s.scaled ?? {})) {
      both(s.scaled[type].exact, t.scaled?.[type]?.exact);
      both(s.scaled[type].token, t.scaled?.[type]?.token);
    }
  }
  return { total, differ, maxDiff };
}

class LabSession extends EventTarget {
  constructor() {
    super();
    this.settings = labSettings(LAB_DEFAULTS);
    this.key = settingsKey(this.settings);
    this.live = new Map(); // key -> { settings, runs: Map(id -> run), state, error, started, finished, compare }
    this.progressCount = 0; // progress messages taken (the test reads it: none after Stop)
    this.timer = 0;
  }

  /** The shipped results, fetched once: { library, sets: [{ key, settings, runs }] }, or { error }. */
  shipped() {
    this.shippedPromise ??= fetchJson(RESULTS).then(
      (json) => (this.shippedData = json),
      (error) => (this.shippedData = { error, sets: [] }),
    );
    return this.shippedPromise;
  }
  /** The shipped attention maps (fetched only by a figure that shows them). */
  shippedAttention() {
    this.attentionPromise ??= fetchJson(ATTENTION).catch((error) => ({ error, sets: [] }));
    return this.attentionPromise;
  }
  shippedSet(key = this.key) {
    return this.shippedData?.sets.find((s) => s.key === key) ?? null;
  }

  /** New settings from the controls (task, schemes, trainLength, steps, seeds). */
  configure(controls) {
    const settings = labSettings(controls);
    const key = settingsKey(settings);
    if (key === this.key) return;
    this.settings = settings;
    this.key = key;
    this.notify(true);
  }

  get running() {
    return this.live.get(this.runningKey)?.state === 'running';
  }

  /** What the figures show for the current settings: runs trained here, else the shipped ones, else none. */
  view() {
    const live = this.live.get(this.key);
    const shipped = this.shippedSet();
    const base = { settings: this.settings, key: this.key, shipped, error: this.shippedData?.error ?? null };
    if (live) {
      const runs = [...live.runs.values()].map((r) => ({
        scheme: r.scheme,
        seed: r.seed,
        step: r.step,
        loss: r.result?.loss ?? binMeans(r.losses.subarray(0, r.step), this.settings.test.lossBin),
        result: r.result,
        error: r.error,
      }));
      const done = runs.reduce((n, r) => n + r.step, 0);
      const total = runs.length * live.settings.steps;
      return { ...base, source: live.state, live, runs, progress: { done, total } };
    }
    if (shipped)
      return { ...base, source: 'shipped', runs: shipped.runs.map((r) => ({ ...r, step: r.steps, result: r })) };
    return { ...base, source: null, runs: [] };
  }

  /** Attention maps of seed 1 of `scheme` in the current view: [{ length, size, tokens, maps }] or null. */
  async attention(scheme) {
    const v = this.view();
    if (v.source !== 'shipped')
      return v.runs.find((r) => r.scheme === scheme && r.seed === 1)?.result?.attention ?? null;
    const set = (await this.shippedAttention()).sets.find((s) => s.key === v.key);
    return set?.runs.find((r) => r.scheme === scheme && r.seed === 1)?.attention ?? null;
  }

  /** Train the current settings in the pool (again, if they were trained or shipped). */
  train() {
    const settings = this.settings,
      key = this.key;
    const jobs = labJobs(settings);
    const runs = new Map(
      jobs.map((j) => [
        j.id,
        { scheme: j.scheme, seed: j.seed, step: 0, losses: new Float32Array(j.steps), result: null },
      ]),
    );
    const entry = { settings, runs, state: 'running', error: null, started: performance.now(), compare: null };
    this.live.set(key, entry);
    this.runningKey = key;
    pool.start(jobs, {
      onProgress: (job, step, losses) => {
        const r = runs.get(job.id);
        r.losses.set(losses, step - losses.length);
        r.step = step;
        this.progressCount++;
        this.notify();
      },
      onDone: (job, result) => {
        Object.assign(runs.get(job.id), { result, step: job.steps });
        this.notify();
      },
      onError: (job, error) => {
        runs.get(job.id).error = error;
        entry.error ??= error;
        this.notify(true);
      },
      onIdle: () => this.finish(key, entry),
    });
    this.notify(true);
  }

  finish(key, entry) {
    entry.state = entry.error ? 'error' : 'done';
    entry.finished = performance.now();
    const shipped = this.shippedSet(key);
    if (shipped && !entry.error)
      entry.compare = compareRuns(
        shipped.runs,
        [...entry.runs.values()].map((r) => r.result),
      );
    this.notify(true);
  }

  /** Stop training: no progress is taken after this; what finished stays, marked stopped. */
  stop() {
    const entry = this.live.get(this.runningKey);
    if (entry?.state !== 'running') return;
    pool.stop();
    entry.state = 'stopped';
    entry.finished = performance.now();
    this.notify(true);
  }

  /** Show the shipped results again instead of a run trained here (kept until the next Train). */
  showShipped() {
    const entry = this.live.get(this.key);
    if (entry && entry.state !== 'running') this.live.delete(this.key);
    this.notify(true);
  }

  /** Tell the figures: now (a state change), or at most every THROTTLE ms (progress). */
  notify(now = false) {
    if (now) {
      clearTimeout(this.timer);
      this.timer = 0;
      queueMicrotask(() => this.dispatchEvent(new Event('change')));
      return;
    }
    this.timer ||= setTimeout(() => {
      this.timer = 0;
      this.dispatchEvent(new Event('change'));
    }, THROTTLE);
  }
}

/** The page's one session. */
export const session = new LabSession();
export { pool };
