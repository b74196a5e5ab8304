// `import 'posenc/elements'` on a server: a layout or an MDX page that imports it is evaluated in Node
// by Next.js, Docusaurus or Astro, with no DOM. The import must work there and define nothing; where
// customElements exists (a page) the same module defines every figure.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { distLib, requireBuild, root } from './helpers.mjs';

requireBuild();

// Each in a Node of its own: nothing of one import (or of a stand-in DOM) reaches the other.
function inNode(script) {
  const r = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '', 'nothing on stderr');
  return JSON.parse(r.stdout);
}

test('in plain Node, posenc/elements (dist/lib/posenc-embed.js) imports and defines nothing', () => {
  const out = inNode(`
    const url = import.meta.resolve('posenc/elements');
    const m = await import('posenc/elements');
    console.log(JSON.stringify({
      url,
      tags: Object.keys(m.FIGURE_PARAMS),
      tag: m.RopePlane.tag,
      globals: ['HTMLElement', 'customElements', 'document', 'window'].filter((name) => name in globalThis),
    }));`);
  assert.equal(out.url, pathToFileURL(join(distLib, 'posenc-embed.js')).href);
  assert.ok(out.tags.includes('posenc-rope-plane'), 'FIGURE_PARAMS, plain data, is there on a server too');
  assert.equal(out.tag, 'posenc-rope-plane', 'the classes are exported');
  assert.deepEqual(out.globals, [], 'no DOM stand-in left behind');
});

test('where customElements exists, the same module defines every figure of FIGURE_PARAMS', () => {
  const out = inNode(`
    const defined = [];
    globalThis.HTMLElement = class {};
    globalThis.customElements = { get: () => undefined, define: (tag, cls) => defined.push([tag, cls.tag]) };
    const m = await import('posenc/elements');
    console.log(JSON.stringify({ defined, tags: Object.keys(m.FIGURE_PARAMS) }));`);
  assert.deepEqual(out.defined.map(([tag]) => tag).sort(), out.tags.sort());
  for (const [tag, classTag] of out.defined) assert.equal(classTag, tag);
});
