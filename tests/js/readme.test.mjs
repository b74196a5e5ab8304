// Every ```js block of the README (its quick start) and of docs/api.md's API section (between
// <!-- api:start --> and <!-- api:end -->) and "Long context" section (<!-- scaling:start --> ..
// <!-- scaling:end -->) runs against the package as a user installs it, so the documentation cannot rot.
// Each block is a module of its own, run in a folder where the packed tarball is installed and nothing
// of the repository is around: a block that reads a file of the checkout fails here as it would for a user.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { root } from './helpers.mjs';
import { installPacked } from './packed.mjs';

const { app, remove } = installPacked();
after(remove);
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
    const r = spawnSync(process.execPath, ['--input-type=module', '--eval', code], { cwd: app, encoding: 'utf8' });
    assert.equal(r.status, 0, `example ${i + 1} failed:\n${r.stderr}\n--- code ---\n${code}`);
    assert.equal(r.stderr, '', 'nothing on stderr');
  });
});

// A config of the examples is written out in the block (the package has no config files); each of its
// values must be the published file's, which tests/configs holds with SOURCES.md naming the model.
const SOURCE_ROW = /^\| `([^`]+\.json)` \| `([\w.-]+\/[\w.-]+)`/gm;
const sources = new Map(
  [...readFileSync(join(root, 'tests', 'configs', 'SOURCES.md'), 'utf8').matchAll(SOURCE_ROW)].map((m) => [m[2], m[1]]),
);
const CONFIG_LITERAL =
  /^\/\/[^\n]*?([\w.-]+\/[\w.-]+)'s config\.json[^\n]*\n(?:\/\/[^\n]*\n)*const \w+ = (\{[\s\S]*?\n\});$/gm;

/** Every leaf of `part` at its path in `whole`, `where` naming the path in messages. */
function assertPartOf(part, whole, where) {
  for (const [key, value] of Object.entries(part)) {
    assert.ok(whole !== null && typeof whole === 'object' && key in whole, `${where}.${key} is in the file`);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      assertPartOf(value, whole[key], `${where}.${key}`);
    else assert.deepEqual(value, whole[key], `${where}.${key}`);
  }
}

test("each config in docs/api.md's examples holds the published config.json's own values", () => {
  const literals = [...readme.matchAll(CONFIG_LITERAL)];
  assert.ok(literals.length >= 4, `found ${literals.length} configs written out`);
  for (const [, model, literal] of literals) {
    assert.ok(sources.has(model), `${model} has a row in tests/configs/SOURCES.md`);
    const file = JSON.parse(readFileSync(join(root, 'tests', 'configs', sources.get(model)), 'utf8'));
    assertPartOf(new Function(`return (${literal});`)(), file, model);
  }
});
