// posenc: positional encodings for transformers, computed by a C++ core compiled to
// WebAssembly. `const posenc = await load()`, then see index.d.ts for every function.
export { load } from './load-lab.js';
export { simdSupported } from './load.js';
export { WasmBuffer } from './buffer.js';
