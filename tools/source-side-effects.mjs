// esbuild plugin for the page and the embed: every module of web/ keeps its top-level statements
// (a figure module registers its element when it runs). package.json's "sideEffects" speaks for the
// shipped files only, so without this a bare `import '../elements/index.js'` would be dropped.
// List it after the plugins that resolve some relative imports themselves (externalGlue, ...).
import { join, resolve, sep } from 'node:path';

export const sourceSideEffects = (root) => ({
  name: 'posenc-source-side-effects',
  setup(b) {
    const web = join(root, 'web') + sep;
    b.onResolve({ filter: /^\.\.?\// }, (args) =>
      args.importer.startsWith(web) ? { path: resolve(args.resolveDir, args.path), sideEffects: true } : undefined,
    );
  },
});
