// The length lab's embed: one ES module that registers the lab's figure elements, for any page.
//
//   <script type="module" src=".../posenc-embed-lab.js"></script>
//   <posenc-lab-controls></posenc-lab-controls>
//   <posenc-lab-accuracy></posenc-lab-accuracy>
//
// A separate file from posenc-embed.js, so that a page without the lab downloads none of it. Its figures
// share one session: the controls train (in Workers started from lab-worker.js, beside this file, which
// load posenc-lab-simd|scalar.wasm), and the loss, accuracy and attention figures show what they train,
// or the results shipped beside this file (posenc-lab-results.json, posenc-lab-attention.json) until then.
// tools/build-embed.mjs bundles it into dist/lib/posenc-embed-lab.js.
export * from '../elements/lab-index.js';
