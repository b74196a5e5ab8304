// The lab's Worker: trains one run at a time with the lab's wasm module (load({ lab: true })), a slice of
// steps at a time (lab-job.js), and between two slices reads its messages, so that a Stop takes effect
// within one slice. The page runs a pool of these (lab-pool.js), one run per Worker.
//   in:  { type: 'run', id, job }   { type: 'stop' }
//   out: { type: 'progress', id, step, losses }   { type: 'done', id, result }   { type: 'stopped', id }
//        { type: 'error', id, error: { name, message } }
import { load } from '../lib/index.js';
import { runJob } from './lab-job.js';

let lib = null;
let stop = false;
const post = (m, transfer = []) => self.postMessage(m, transfer);
// a macrotask: the messages that arrived during the slice are handled before the next one
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run({ id, job }) {
  stop = false;
  try {
    lib ??= await load({ lab: true, models: false });
    if (stop) return post({ type: 'stopped', id });
    const result = await runJob(lib, job, {
      onProgress: (step, losses) => post({ type: 'progress', id, step, losses }, [losses.buffer]),
      pause,
      shouldStop: () => stop,
    });
    post(result ? { type: 'done', id, result } : { type: 'stopped', id });
  } catch (err) {
    post({ type: 'error', id, error: { name: err?.name ?? 'Error', message: String(err?.message ?? err) } });
  }
}

self.onmessage = (e) => {
  if (e.data?.type === 'stop') stop = true;
  else if (e.data?.type === 'run') run(e.data);
};
