// esbuild plugin for the page and the embed: d3-scale's import of d3-interpolate resolves to
// web/elements/interpolate.js, the numbers-only interpolation the figures' scales use.
import { join } from 'node:path';

export const numberInterpolation = (root) => ({
  name: 'posenc-number-interpolation',
  setup(b) {
    b.onResolve({ filter: /^d3-interpolate$/ }, () => ({ path: join(root, 'web', 'elements', 'interpolate.js') }));
  },
});
