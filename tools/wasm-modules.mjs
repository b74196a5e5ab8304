// The wasm modules dist/lib holds, each a glue file posenc-<module>.mjs and its posenc-<module>.wasm.
// A module of its own, without imports: tools/prepack.mjs reads it where the dev dependencies may be
// missing (a fresh clone).

export const FLAVOURS = ['simd', 'scalar'];
// Every module shipped beside the bundle: the two compute flavours, the model-config reader
// (downloaded only by a page that reads a config) and the length lab's two flavours (only by a page
// that trains).
export const MODULES = [...FLAVOURS, 'models', ...FLAVOURS.map((f) => `lab-${f}`)];
