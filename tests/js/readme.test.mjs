// Every ```js block of the README (its quick start) and of docs/api.md's API section (between
// <!-- api:start --> and <!-- api:end -->) and "Long context" section (<!-- scaling:start --> ..
// <!-- scaling:end -->) runs against the built package, so the documentation cannot rot.
// Each block is a module of its own that imports 'posenc' (resolved through package.json
// "exports" by self-reference, as the working directory is the repository).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { requireBuild, root } from './helpers.mjs';

requireBuild();
const readme = readFileSync(join(root, 'docs', 'api.md'), 'utf8');
const quickStart = readFileSync(join(root, 'README.md'), 'utf8');
const start = readme.indexOf('<!-- api:start -->');
const end = readme.indexOf('<!-- api:end -->');
const section = readme.slice(start, end);
// The "Long context and other schemes" section has markers of its own.
const scalingStart = readme.indexOf('<!-- scaling:start -->');
const scalingEnd = readme.indexOf('<!-- scaling:end -->');
const scalingSection = readme.slice(scalingStart, scalingEnd);
const jsBlocks = (text) => [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
const blocks = [...jsBlocks(quickStart), ...jsBlocks(section), ...jsBlocks(scalingSection)];

test('docs/api.md has an API section with examples, and the README a quick start and a lab example', () => {
  assert.ok(start >= 0 && end > start, 'markers present');
  assert.equal(jsBlocks(quickStart).length, 2, "the README's quick start and the length lab's example");
  assert.ok(jsBlocks(section).length >= 6, `found ${jsBlocks(section).length} js blocks`);
});

test('docs/api.md has a "Long context and other schemes" section with examples, after the API', () => {
  assert.ok(scalingStart > end && scalingEnd > scalingStart, 'scaling markers present, after <!-- api:end -->');
  assert.ok(jsBlocks(scalingSection).length >= 3, `found ${jsBlocks(scalingSection).length} js blocks`);
});

blocks.forEach((code, i) => {
  const title = code.split('\n').find((line) => line.trim() && !line.startsWith('import')) ?? '';
  test(`README example ${i + 1}: ${title.trim().slice(0, 60)}`, () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '--eval', code], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, `example ${i + 1} failed:\n${r.stderr}\n--- code ---\n${code}`);
    assert.equal(r.stderr, '', 'nothing on stderr');
  });
});
