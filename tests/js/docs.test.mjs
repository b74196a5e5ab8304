// docs/elements.md is the element reference written from custom-elements.json: it must be current.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { elementDocs } from '../../tools/element-docs.mjs';
import { distLib, requireBuild, root } from './helpers.mjs';

requireBuild();

test('docs/elements.md matches custom-elements.json (node tools/element-docs.mjs rewrites it)', () => {
  const manifest = JSON.parse(readFileSync(join(distLib, 'custom-elements.json'), 'utf8'));
  const committed = readFileSync(join(root, 'docs', 'elements.md'), 'utf8');
  assert.equal(committed, elementDocs(manifest), 'docs/elements.md is stale: run node tools/element-docs.mjs');
  for (const d of manifest.modules[0].declarations) assert.ok(committed.includes(`### ${d.tagName}\n`), d.tagName);
});
