// The embed: one ES module that registers every posenc figure element, for any page.
//
//   <script type="module" src=".../posenc-embed.js"></script>
//   <posenc-rope-plane dim="8"></posenc-rope-plane>
//
// Nothing here locates files by hand: the elements' compute client (web/elements/compute.js) starts
// its Worker from `new URL('./worker.js', import.meta.url)`, and the Worker's copy of the library
// (web/lib/load.js) finds `posenc-simd|scalar.mjs/.wasm` with `new URL(..., import.meta.url)`.
// tools/build-embed.mjs bundles this file into dist/lib/posenc-embed.js and the Worker into
// dist/lib/worker.js, beside the wasm modules, so both URLs resolve next to
// wherever the embed script is served from (any path on the page's origin).
// The Worker is a module singleton: every figure on the page shares it, and with it one wasm
// instance. Nothing starts until a figure comes near the viewport (its IntersectionObserver).
// If the script is served from another origin, `new Worker()` refuses the cross-origin URL and
// compute.js falls back to importing worker.js on the main thread (that needs CORS on the files).
export * from '../elements/index.js';
