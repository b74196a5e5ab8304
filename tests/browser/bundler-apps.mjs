// The three small apps tests/browser/bundlers.test.mjs builds with each bundler: what a user of the
// package writes, nothing more. Each app is a page whose module is src/index.js (webpack's default
// entry; Vite's index.html loads it) and which leaves its outcome in `window.result`.
//
// The numbers are checked in Node against Math.cos/Math.sin (expected() below), not against the
// library: a bundle that loads a wrong or half-started module cannot pass.

// Vite's entry is an HTML page; webpack's is src/index.js, and the page around its output is
// written by the test (webpack makes no HTML without a plugin).
export const page = (body, script) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>app</title><link rel="icon" href="data:,">
<script type="module" src="${script}"></script></head>
<body>${body}</body></html>
`;

// Rotating (1, 0) by position 1 with dim 2 turns it by theta_0 = 1 radian; a sinusoidal table of
// 4 positions and 8 dimensions, row p: sin(p w_i), cos(p w_i) with w_i = 10000^(-2i/8).
const compute = `
  const rope = Array.from(posenc.rope(new Float32Array([1, 0]), { dim: 2, offset: 1 }));
  const table = Array.from(posenc.sinusoidal({ positions: 4, dim: 8 }));`;

export const APPS = {
  library: {
    body: '<p>library</p>',
    files: {
      'src/index.js': `import { load } from 'posenc';

load().then((posenc) => {${compute}
  window.result = { simd: posenc.simd, rope, table };
}, (error) => { window.result = { error: error.message }; });
`,
    },
  },
  elements: {
    body: '<posenc-sinusoidal-heatmap id="figure" dim="32"></posenc-sinusoidal-heatmap>',
    files: {
      'src/index.js': `import 'posenc/elements';

const figure = document.getElementById('figure');
figure.addEventListener('render', () => { window.result = { rendered: true }; });
`,
    },
  },
  worker: {
    body: '<p>worker</p>',
    files: {
      'src/index.js': `const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.onmessage = (event) => { window.result = event.data; };
worker.onerror = (event) => { window.result = { error: event.message ?? 'the worker failed to start' }; };
`,
      'src/worker.js': `import { load } from 'posenc';

load().then((posenc) => {${compute}
  postMessage({ simd: posenc.simd, rope, table });
}, (error) => postMessage({ error: error.message }));
`,
    },
  },
};

/** What `rope` and `table` must hold, from Math alone. */
export function expected() {
  const table = [];
  for (let p = 0; p < 4; p++) {
    for (let i = 0; i < 4; i++) {
      const w = 10000 ** ((-2 * i) / 8);
      table.push(Math.sin(p * w), Math.cos(p * w));
    }
  }
  return { rope: [Math.cos(1), Math.sin(1)], table };
}
