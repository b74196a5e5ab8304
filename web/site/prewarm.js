// Imported first by main.js: starts the compute Worker (and the wasm download) before the
// figure elements are defined and laid out, so the two overlap.
import { prewarm } from '../elements/compute.js';

prewarm();
