// Registers the length lab's figure elements (section 6 of the page, and the learned table's blind zone in
// section 2). A module of its own, loaded only where the lab is shown: the lab's Workers, its wasm module and
// its shipped results stay out of the core embed (web/elements/index.js).
export { LabControls } from './figures/lab-controls.js';
export { LabLoss } from './figures/lab-loss.js';
export { LabAccuracy } from './figures/lab-accuracy.js';
export { LabAttention } from './figures/lab-attention.js';
export { LabBlindZone } from './figures/lab-blind-zone.js';
export { LAB_PARAMS } from './lab-params.js';
export { session as labSession } from './lab-session.js';
