// Imported first by main.js: hands the compute Worker that boot.js started (or, failing that, a new
// one) to the figures before they are defined and laid out, so its wasm loads meanwhile.
import { prewarm } from '../elements/compute.js';

prewarm(globalThis.posencBootWorker);
delete globalThis.posencBootWorker;
