// <posenc-config-paste> keeps its view (the example configs, the text box, what the library resolved) out of the
// embed: posenc-embed.js bundles neither of the view's files, and the view's own bundle holds its files and the
// DOM helper only, taking the line plot and the error box from the figure, so no page downloads the embed's
// shared code twice.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';
import { embedBuildOptions } from '../../tools/build-embed.mjs';
import { buildConfigView } from '../../tools/build-config-view.mjs';
import { root } from './helpers.mjs';

const VIEW_FILES = ['web/elements/figures/config-paste-view.js', 'web/elements/figures/config-examples.js'];

test('posenc-embed.js bundles the config figure but not its view or examples', async () => {
  const out = mkdtempSync(join(tmpdir(), 'posenc-embed-'));
  try {
    const { metafile } = await build({ ...embedBuildOptions(root, out), write: false, metafile: true });
    const embed = Object.entries(metafile.outputs).find(([name]) => name.endsWith('posenc-embed.js'))[1];
    const inputs = Object.keys(embed.inputs);
    assert.ok(inputs.includes('web/elements/figures/config-paste.js'), inputs.join(', '));
    for (const file of VIEW_FILES) assert.ok(!inputs.includes(file), `${file} is not in posenc-embed.js`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('config-paste-view.js holds the view, its examples and the DOM helper, nothing of the shared embed', async () => {
  const out = mkdtempSync(join(tmpdir(), 'posenc-config-view-'));
  try {
    const inputs = await buildConfigView({ root, out });
    assert.deepEqual(inputs.sort(), ['dom.js', 'figures/config-examples.js', 'figures/config-paste-view.js']);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
