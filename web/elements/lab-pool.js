// A pool of lab Workers (lab-worker.js), one per core up to four: each trains one job at a time and takes the
// next from the queue when it is done. `start(jobs, handlers)` begins a batch; `stop()` empties the queue and
// asks every busy Worker to stop after its current slice. Messages of a batch that was stopped (a slice
// that was in flight) are dropped: after stop() no handler is called again. A Worker that does not
// acknowledge a stop within STOP_WAIT ms is terminated, and a new one is started when next needed.
const STOP_WAIT = 3000;
let batch = 0;
const workers = []; // { worker, job, batch }
let queue = [];
let handlers = null;

/** How many Workers train at once: the machine's cores, at most four. */
export const poolSize = () => Math.max(1, Math.min(4, globalThis.navigator?.hardwareConcurrency || 2));

const spawn = () => new Worker(new URL('./lab-worker.js', import.meta.url), { type: 'module', name: 'posenc-lab' });

// A Worker that never answered cannot start here (another origin, no module Workers): the jobs still queued
// fail with it. One that crashed later (out of memory) fails its own job only.
function fail(slot, message) {
  const error = { name: 'Error', message };
  const lost = slot.batch === batch && handlers && slot.job ? [slot.job] : [];
  retire(slot);
  if (!slot.answered && handlers) lost.push(...queue.splice(0));
  for (const job of lost) handlers.onError?.(job, error);
  next();
}

function retire(slot) {
  slot.worker.terminate();
  workers.splice(workers.indexOf(slot), 1);
}

function onMessage(slot, m) {
  slot.answered = true;
  const current = slot.batch === batch && handlers;
  if (m.type === 'progress') {
    if (current) handlers.onProgress?.(slot.job, m.step, m.losses);
    return;
  }
  clearTimeout(slot.stopTimer);
  slot.stopTimer = 0;
  const job = slot.job;
  slot.job = null;
  if (current && m.type === 'done') handlers.onDone?.(job, m.result);
  else if (current && m.type === 'error') handlers.onError?.(job, m.error);
  next();
}

function newSlot() {
  const slot = { worker: spawn(), job: null, batch: 0, answered: false, stopTimer: 0 };
  slot.worker.onmessage = (e) => onMessage(slot, e.data);
  // a Worker that cannot start (another origin, no module Workers) or that crashed (out of memory)
  slot.worker.onerror = (e) => {
    e.preventDefault?.();
    fail(slot, e.message || 'the lab Worker stopped');
  };
  workers.push(slot);
  return slot;
}

// Hands queued jobs to idle Workers, starting Workers up to the pool's size.
function next() {
  while (queue.length) {
    const slot = workers.find((w) => !w.job) ?? (workers.length < poolSize() ? newSlot() : null);
    if (!slot) return;
    const job = queue.shift();
    Object.assign(slot, { job, batch });
    slot.worker.postMessage({ type: 'run', id: job.id, job });
  }
  if (handlers && !workers.some((w) => w.job && w.batch === batch)) {
    const h = handlers;
    handlers = null;
    h.onIdle?.();
  }
}

/**
 * Train `jobs` (lab-job.js's labJobs) in the pool. handlers: onProgress(job, step, losses),
 * onDone(job, result), onError(job, error), onIdle() once every job has finished or failed.
 * A batch started while another runs stops the other first.
 */
export function start(jobs, h) {
  stop();
  batch++;
  queue = [...jobs];
  handlers = h;
  try {
    next();
  } catch (err) {
    // no Workers at all: every job fails with the reason
    queue = [];
    handlers = null;
    for (const job of jobs) h.onError?.(job, { name: err?.name ?? 'Error', message: String(err?.message ?? err) });
    h.onIdle?.();
  }
}

/** Stops the current batch: nothing of it is reported after this returns. */
export function stop() {
  batch++;
  queue = [];
  handlers = null;
  for (const slot of workers) {
    if (!slot.job || slot.stopTimer) continue;
    slot.worker.postMessage({ type: 'stop' });
    slot.stopTimer = setTimeout(() => {
      if (slot.job && workers.includes(slot)) retire(slot);
    }, STOP_WAIT);
  }
}

/** Workers alive, and how many train now (for tests and the status line). */
export const poolState = () => ({ workers: workers.length, busy: workers.filter((w) => w.job).length });
