// THIRD_PARTY_NOTICES names every project whose code or data the package holds: each package esbuild
// bundles into the embed and its Worker (from its metafile, bundling exactly as tools/build-embed.mjs
// does), each colour scheme taken from d3-scale-chromatic, and what the wasm is compiled from.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';
import { embedBuildOptions } from '../../tools/build-embed.mjs';
import { importedNames } from '../../tools/color-tables.mjs';
import { root } from './helpers.mjs';

const notices = readFileSync(join(root, 'THIRD_PARTY_NOTICES'), 'utf8');
const listed = new Set([...notices.matchAll(/^Package: (\S+)$/gm)].map((m) => m[1]));

// The package an input of the bundle comes from: its folder under node_modules, or the module a
// plugin makes in its own namespace ("posenc-color-tables:d3-scale-chromatic"); null for posenc's own.
function packageOf(input) {
  const installed = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (installed) return installed[1];
  const generated = /^[\w-]+:((?:@[^/]+\/)?[^/:]+)$/.exec(input);
  return generated ? generated[1] : null;
}

test('every package bundled into dist/lib/posenc-embed.js or worker.js has its entry', async () => {
  const options = embedBuildOptions(root, join(root, 'build', 'notices-check'));
  const { metafile } = await build({ ...options, write: false, metafile: true, logLevel: 'error' });
  const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
  const bundled = new Set(inputs.map(packageOf).filter(Boolean));
  assert.ok(bundled.has('d3-selection') && bundled.has('d3-scale-chromatic'), [...bundled].join(', '));
  for (const name of bundled) assert.ok(listed.has(name), `${name} is bundled: THIRD_PARTY_NOTICES needs its entry`);
});

test('each colour scheme of d3-scale-chromatic that the figures use is named in its entry', async () => {
  const entry = notices.slice(notices.indexOf('Package: d3-scale-chromatic'));
  const section = entry.slice(0, entry.indexOf('\n====='));
  for (const name of await importedNames(root)) {
    const scheme = name.replace(/^(interpolate|scheme)/, '');
    assert.ok(new RegExp(`\\b${scheme}\\b`, 'i').test(section), `${scheme} (${name}) is named`);
  }
});

test('what the wasm is compiled from has its entry: xsimd (the SIMD kernels), Emscripten and musl', () => {
  for (const name of ['xsimd', 'Emscripten', 'musl']) assert.ok(listed.has(name), name);
});
