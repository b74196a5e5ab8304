// The option types of web/lib/index.d.ts against the C++ core, which lists each options struct's fields once, in
// its for_each_field function (cpp/include/posenc/fields.hpp): for every such struct, the interface the table below
// names has the same field names, a presence::required field is required there and an optional one optional.
// Reads the sources only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './helpers.mjs';

const HEADERS = ['cpp/include/posenc', 'cpp/lab/include/posenc', 'cpp/models/include/posenc'];

// Each struct with a for_each_field (by header and name), and the type of index.d.ts that a JavaScript caller
// fills it from. `with`: other structs read from the same object; `extra`: fields the JavaScript layer reads
// itself; `refused`: fields the core reads only to refuse them with a message (their type leaves them out);
// `narrowed`: optional fields that a member of a union type requires (the core requires them in that case, where it
// uses the struct); `result`: a struct the core writes (names only: a result has every field).
const TABLE = [
  { struct: 'sinusoidal.hpp:sinusoidal_options', type: 'SinusoidalOptions', with: ['positions.hpp:position_count'] },
  { struct: 'positions.hpp:position_count', type: 'SinusoidalOptions', with: ['sinusoidal.hpp:sinusoidal_options'] },
  { struct: 'positions.hpp:position_list', type: 'SinusoidalOptions', with: ['sinusoidal.hpp:sinusoidal_options'] },
  { struct: 'learned.hpp:learned_options', type: 'LearnedOptions' },
  { struct: 'relative.hpp:relative_distance_options', type: 'RelativeDistanceOptions' },
  { struct: 'positions.hpp:query_key_lengths', type: 'AlibiBiasOptions', with: ['bias.hpp:alibi_bias_options'] },
  { struct: 'relative.hpp:relative_options', type: 'RelativeOptions' },
  { struct: 'relative.hpp:relative_scores_options', type: 'RelativeScoresOptions' },
  { struct: 'rope.hpp:rope_options', type: 'RopeOptions', with: ['rope.hpp:rope_positions'], extra: ['inPlace'] },
  { struct: 'rope.hpp:rope_positions', type: 'RopeOptions', with: ['rope.hpp:rope_options'], extra: ['inPlace'] },
  { struct: 'rope.hpp:rope_options', type: 'RopePlanOptions' },
  { struct: 'rope.hpp:rope_options', type: 'RopeFrequenciesOptions' },
  { struct: 'rope.hpp:rope_matrix_options', type: 'RopeMatrixOptions' },
  { struct: 'rope.hpp:rope_distance_options', type: 'RopeScoreByDistanceOptions' },
  { struct: 'rope.hpp:rope_distance_options', type: 'RopeDecayBoundOptions' },
  { struct: 'rope.hpp:pair_angle_options', type: 'PairAnglesOptions' },
  { struct: 'scaling.hpp:rope_scaling', type: 'RopeScalingInput', refused: ['partial_rotary_factor'] },
  { struct: 'scaling.hpp:rope_factor_options', type: 'RopeAttentionFactorOptions' },
  // relative attention needs its clip range: the core checks that where it builds the table, the type says it
  { struct: 'attention.hpp:attention_options', type: 'AttentionScoresOptions', narrowed: ['min', 'max'] },
  { struct: 'bias.hpp:alibi_slopes_options', type: 'AlibiSlopesOptions' },
  { struct: 'bias.hpp:alibi_bias_options', type: 'AlibiBiasOptions' },
  { struct: 'bias.hpp:t5_bucket_options', type: 'T5BucketsOptions' },
  { struct: 'bias.hpp:deberta_bucket_options', type: 'DebertaLogBucketsOptions' },
  { struct: 'precision.hpp:precision_options', type: 'RopePrecisionOptions' },
  { struct: 'lab.hpp:lab_options', type: 'LabOptions' },
  { struct: 'lab.hpp:evaluate_options', type: 'LabEvaluateOptions' },
  { struct: 'lab.hpp:attention_options', type: 'LabAttentionOptions' },
  { struct: 'model_config.hpp:config_query', type: 'RopeFromConfigOptions', extra: ['lang'] },
  { struct: 'model_config.hpp:model_rope', type: 'RopeFromConfig', extra: ['options'], result: true },
  { struct: 'llama_cpp.hpp:llama_cpp_query', type: 'LlamaCppFlagsOptions', extra: ['lang'] },
  { struct: 'llama_cpp.hpp:llama_cpp_advice', type: 'LlamaCppFlags', result: true },
];

// Structs the module writes for the library alone: a note's code and values, which the library words as a
// sentence (web/lib/notes.js) before a caller sees it, so index.d.ts has no type for them.
const LIBRARY_ONLY = ['note.hpp:note'];

/** Every for_each_field of the headers, by `file:struct`: [{ names (alternatives, "a|b"), required }]. */
function structFields() {
  const sources = new Map();
  for (const dir of HEADERS)
    for (const f of readdirSync(join(root, dir))) sources.set(f, readFileSync(join(root, dir, f), 'utf8'));
  const bodies = new Map();
  for (const [file, text] of sources)
    for (const m of text.matchAll(/^void for_each_field\((\w+)& (\w+), Field&& field\) \{\n([\s\S]*?)\n\}/gm))
      bodies.set(`${file}:${m[1]}`, { file, text, variable: m[2], body: m[3] });
  const fieldsOf = (key) => {
    const { text, variable, body } = bodies.get(key);
    return body.split('\n').flatMap((line) => {
      const field = /^\s*field\("([^"]+)",/.exec(line);
      if (field) return [{ names: field[1].split('|'), required: line.includes('presence::required') }];
      // a struct read as part of this one: for_each_field(o.lengths, field), its type from the declaration
      const nested = new RegExp(`for_each_field\\(${variable}\\.(\\w+), field\\)`).exec(line);
      if (!nested) return [];
      const struct = key.split(':')[1];
      const decl = new RegExp(`struct ${struct} \\{[^}]*?\\b(\\w+) ${nested[1]}\\b`).exec(text);
      assert.ok(decl, `${key}: the type of member ${nested[1]}`);
      return fieldsOf([...bodies.keys()].find((k) => k.endsWith(`:${decl[1]}`)));
    });
  };
  return new Map([...bodies.keys()].map((key) => [key, fieldsOf(key)]));
}

// index.d.ts is read with a small parser of the forms its option types take (interfaces, object literals, unions,
// intersections, Omit<>): the TypeScript of node_modules is the native compiler, which has no JavaScript API.

/** `text` split where `separator` stands outside brackets, comments and strings. */
function splitTop(text, separator) {
  const parts = [];
  let depth = 0,
    start = 0,
    quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) quote = c === quote ? null : quote;
    else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('{([<'.includes(c)) depth++;
    else if ('})]'.includes(c) || (c === '>' && text[i - 1] !== '=')) depth--;
    else if (depth === 0 && c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return [...parts, text.slice(start)].map((p) => p.trim()).filter(Boolean);
}

/** The properties of an object type's body: name -> optional. */
function members(body) {
  const props = new Map();
  for (const piece of splitTop(body.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, ''), ';')) {
    const m = /^(?:readonly\s+)?'?([\w$]+)'?(\?)?\s*:/.exec(piece);
    if (m) props.set(m[1], m[2] === '?');
  }
  return props;
}

/** The branches of each exported type of index.d.ts (one, or one per member of a union): name -> optional. */
function declaredTypes() {
  const source = readFileSync(join(root, 'web', 'lib', 'index.d.ts'), 'utf8').replace(/\/\*\*[\s\S]*?\*\//g, '');
  const defs = new Map();
  for (const m of source.matchAll(/^export interface (\w+)(?: extends ([^{]+))? \{(?:\}|\n([\s\S]*?)^\})/gm))
    defs.set(m[1], `${m[2] ? `${splitTop(m[2], ',').join(' & ')} & ` : ''}{${m[3] ?? ''}}`);
  for (const m of source.matchAll(/^export type (\w+) =([\s\S]*?);\n(?=\n|export|\/\/|$)/gm)) defs.set(m[1], m[2]);
  const parse = (text) => {
    text = text.trim().replace(/^\|/, '').trim();
    const union = splitTop(text, '|');
    if (union.length > 1) return union.flatMap(parse);
    const both = splitTop(text, '&');
    if (both.length > 1)
      return both.map(parse).reduce((acc, next) => acc.flatMap((a) => next.map((b) => new Map([...a, ...b]))));
    if (text.startsWith('(')) return parse(text.slice(1, -1));
    if (text.startsWith('{')) return [members(text.slice(1, -1))];
    const omit = /^Omit<(\w+),([^>]*)>$/.exec(text);
    if (omit) {
      const gone = [...omit[2].matchAll(/'(\w+)'/g)].map((g) => g[1]);
      return parse(omit[1]).map((b) => new Map([...b].filter(([n]) => !gone.includes(n))));
    }
    if (defs.has(text)) return parse(defs.get(text));
    return [new Map()]; // a type that is not an object (a string union, a number)
  };
  return new Map([...defs.keys()].map((name) => [name, parse(name)]));
}

const structs = structFields();
const declared = declaredTypes();

test('every options struct with a for_each_field has a row in the table, and every row a struct', () => {
  const listed = new Set([...TABLE.map((row) => row.struct), ...LIBRARY_ONLY]);
  assert.deepEqual([...structs.keys()].filter((key) => !listed.has(key)).sort(), []);
  for (const row of TABLE) {
    for (const key of [row.struct, ...(row.with ?? [])]) assert.ok(structs.has(key), `${key} has a for_each_field`);
    assert.ok(declared.has(row.type), `index.d.ts exports ${row.type}`);
  }
});

for (const row of TABLE) {
  test(`${row.struct} <-> ${row.type}`, () => {
    const fields = [row.struct, ...(row.with ?? [])].flatMap((key) => structs.get(key));
    const branches = declared.get(row.type);
    const alternatives = new Set([...fields.flatMap((f) => f.names), ...(row.extra ?? [])]);
    const names = new Set(branches.flatMap((b) => [...b.keys()]));
    const refused = new Set(row.refused ?? []);
    assert.deepEqual(
      [...names].filter((n) => !alternatives.has(n)),
      [],
      `${row.type} declares fields the core does not read`,
    );
    assert.deepEqual(
      fields.filter((f) => !f.names.some((n) => names.has(n) || refused.has(n))).map((f) => f.names.join('|')),
      [],
      `${row.type} lacks fields the core reads`,
    );
    for (const name of refused) assert.ok(!names.has(name), `${row.type} leaves out ${name}, which is refused`);
    if (row.result) return;
    for (const f of fields.filter((field) => !field.names.some((n) => refused.has(n))))
      for (const [i, branch] of branches.entries()) {
        const present = f.names.filter((n) => branch.has(n));
        if (f.required)
          assert.ok(
            present.some((n) => !branch.get(n)),
            `${row.type}${branches.length > 1 ? ` (branch ${i + 1})` : ''}: ${f.names.join('|')} is required`,
          );
        else if (!row.narrowed?.includes(f.names[0]))
          assert.ok(
            present.every((n) => branch.get(n)),
            `${row.type}${branches.length > 1 ? ` (branch ${i + 1})` : ''}: ${f.names.join('|')} is optional`,
          );
      }
  });
}
