// config-paste-view.js: the view of <posenc-config-paste> (web/elements/figures/config-paste-view.js), which the
// figure imports by URL from beside the script that defines it: dist/lib/ (beside posenc-embed.js) and dist/site/
// (beside the page's app.js). A bundle of its own, so a page without the figure never downloads it. It takes the
// embed's shared parts (the line plot, the error box) from the figure: the bundle may hold its own files and the
// DOM helper only, and the build fails if it ever pulls in more (a second copy of the embed's code).
import { build } from 'esbuild';
import { join, relative } from 'node:path';
import { esmBundle } from './build-lab.mjs';

export const CONFIG_VIEW = 'config-paste-view.js';
const ALLOWED = ['figures/config-paste-view.js', 'figures/config-examples.js', 'dom.js'];

/** Bundle the view into `out`; `sourcemap` for the page. Returns the files it bundled, relative to web/elements. */
export async function buildConfigView({ root, out, sourcemap = false }) {
  const elements = join(root, 'web', 'elements');
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: { 'config-paste-view': join(elements, 'figures', CONFIG_VIEW) },
    ...esmBundle(out, sourcemap),
    metafile: true,
  });
  const inputs = Object.keys(metafile.inputs).map((f) => relative(elements, join(root, f)).replaceAll('\\', '/'));
  const extra = inputs.filter((f) => !ALLOWED.includes(f));
  if (extra.length)
    throw new Error(`build-config-view: ${CONFIG_VIEW} must take ${extra.join(', ')} from the figure, not bundle it`);
  return inputs;
}
