// The RoPE types are listed once, in cpp/include/posenc/rope_types.hpp: the string unions of web/lib/index.d.ts
// name the same types, and the built module's messages list the names the table gives each surface.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { importPosenc, root } from './helpers.mjs';

const { load } = await importPosenc();
const posenc = await load({ simd: false });

/** The table's entries, in order: { name, surfaces: ['core', 'config', ...] }. */
const TABLE = (() => {
  const header = readFileSync(join(root, 'cpp/include/posenc/rope_types.hpp'), 'utf8');
  const body = /rope_type_info rope_types\[\] = \{([\s\S]*?)\n\};/.exec(header);
  assert.ok(body, 'the rope_types table of rope_types.hpp');
  return [...body[1].matchAll(/\{"(\w+)",\s*([\w:|\s]+?),\s*rope_type::/g)].map(([, name, bits]) => ({
    name,
    surfaces: [...bits.matchAll(/rope_surface::(\w+)/g)].map((m) => m[1]),
  }));
})();
const namesFor = (...surfaces) => TABLE.filter((t) => t.surfaces.some((s) => surfaces.includes(s))).map((t) => t.name);

/** The string literals of a union type in index.d.ts, found by the text that precedes it. */
function union(before) {
  const source = readFileSync(join(root, 'web/lib/index.d.ts'), 'utf8');
  const start = source.indexOf(before);
  assert.ok(start >= 0, `index.d.ts: ${before}`);
  const text = /^[^;]*/.exec(source.slice(start + before.length))[0];
  return [...text.matchAll(/'(\w+)'/g)].map((m) => m[1]);
}

/** The quoted names a message lists before the value it got. */
const listed = (message) => [...message.split(/,? got /)[0].matchAll(/'(\w+)'/g)].map((m) => m[1]);
const sorted = (names) => [...names].sort();

test('the table of rope_types.hpp was read', () => {
  assert.ok(TABLE.length >= 8, `${TABLE.length} types`);
  assert.deepEqual(TABLE.find((t) => t.name === 'proportional')?.surfaces, ['config', 'llama_cpp']);
});

test("RopeType (the core's scalings) names the core's types", () => {
  assert.deepEqual(sorted(union('export type RopeType =')), sorted(namesFor('core')));
});

test("RopeFromConfig's ropeType names the types a config may give, in any class or its own", () => {
  assert.deepEqual(sorted(union('readonly ropeType:')), sorted(namesFor('config', 'config_class')));
});

test('an unknown type is refused with the names of the table', () => {
  assert.throws(
    () => posenc.ropeFrequencies({ dim: 8, scaling: { rope_type: 'bogus' } }),
    (e) => assert.deepEqual(listed(e.message), namesFor('core')) ?? true,
  );
  const config = { model_type: 'llama', hidden_size: 64, num_attention_heads: 2, rope_scaling: { rope_type: 'bogus' } };
  assert.throws(
    () => posenc.ropeFromConfig(config),
    (e) => assert.deepEqual(listed(e.message), namesFor('config')) ?? true,
  );
});
