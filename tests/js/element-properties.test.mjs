// Every figure's parameters are properties of its element (web/elements/figure.js define()), as
// dist/lib/posenc-embed.d.ts types them: reading one parses its attribute the way the figure does (narrowed by
// another parameter where the figure does so), writing one writes the attribute, null removes it. Checked on
// the built embed, with a stand-in HTMLElement that keeps attributes in a Map (the properties touch nothing
// else), on instances made without the constructor, which needs a shadow root.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distLib } from './helpers.mjs';

const embed = join(distLib, 'posenc-embed.js');
if (!existsSync(embed)) throw new Error('dist/lib/posenc-embed.js is missing: run `npm run build` first');

const defined = new Map();
globalThis.HTMLElement = class {
  getAttribute(name) {
    return this.attrs?.get(name) ?? null;
  }
  setAttribute(name, value) {
    (this.attrs ??= new Map()).set(name, String(value));
  }
  removeAttribute(name) {
    this.attrs?.delete(name);
  }
};
globalThis.customElements = { get: (tag) => defined.get(tag), define: (tag, cls) => defined.set(tag, cls) };
const { FIGURE_PARAMS } = await import(pathToFileURL(embed).href);
delete globalThis.HTMLElement;
delete globalThis.customElements;

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const figure = (tag) => Object.create(defined.get(tag).prototype);

// What a number reads back as, from the spec alone: clamped, then rounded, then made even for `even` integers
// (down, unless that leaves the range).
function expected(spec, v) {
  let x = Math.min(spec.max, Math.max(spec.min, v));
  if (spec.type === 'int') x = Math.round(x);
  if (spec.even && x % 2 !== 0) x = x - 1 >= spec.min ? x - 1 : x + 1;
  return x;
}

const params = Object.entries(FIGURE_PARAMS).flatMap(([tag, specs]) =>
  Object.entries(specs).map(([name, spec]) => ({ tag, name, spec, attr: kebab(name) })),
);

test('all 22 figures are defined, with every parameter an accessor property of the class', () => {
  assert.equal(defined.size, 22);
  assert.deepEqual([...defined.keys()].sort(), Object.keys(FIGURE_PARAMS).sort());
  for (const { tag, name } of params) {
    const own = Object.getOwnPropertyDescriptor(defined.get(tag).prototype, name);
    assert.equal(typeof own?.get, 'function', `${tag}.${name} getter`);
    assert.equal(typeof own?.set, 'function', `${tag}.${name} setter`);
  }
});

test('without its attribute a parameter reads as its default', () => {
  for (const { tag, name, spec } of params) assert.equal(figure(tag)[name], spec.def, `${tag}.${name}`);
});

// The parameters a figure keeps below another one (the figure's own `constrain`), with the bound written out:
// a property reads the value the figure draws with.
const NARROWED = {
  'posenc-rope-plane': { pair: ['dim', (dim) => dim / 2 - 1] },
  'posenc-alibi-t5': { head: ['heads', (heads) => heads] },
  'posenc-relative-scores': { query: ['seq', (seq) => seq - 1] },
  'posenc-sinusoidal-similarity': { anchor: ['positions', (positions) => positions - 1] },
};

test('a number written to a property lands in the attribute and reads back clamped into range', () => {
  for (const { tag, name, spec, attr } of params.filter((p) => p.spec.type !== 'enum')) {
    const el = figure(tag);
    const bound = NARROWED[tag]?.[name];
    if (bound) el[bound[0]] = FIGURE_PARAMS[tag][bound[0]].max; // the widest range the other parameter allows
    for (const v of [spec.min, spec.max, spec.def, spec.min - 1, spec.max + 1, (spec.min + spec.max) / 2]) {
      el[name] = v;
      assert.equal(el.getAttribute(attr), String(v), `${tag}.${name} = ${v} writes ${attr}`);
      assert.equal(el[name], expected(spec, v), `${tag}.${name} = ${v}`);
    }
  }
});

test('a parameter narrowed by another reads back as the figure draws it', () => {
  for (const [tag, narrowed] of Object.entries(NARROWED))
    for (const [name, [other, limit]] of Object.entries(narrowed)) {
      const spec = FIGURE_PARAMS[tag][name],
        otherSpec = FIGURE_PARAMS[tag][other];
      const el = figure(tag);
      el[name] = spec.max;
      for (const v of [otherSpec.min, otherSpec.def, otherSpec.max]) {
        el[other] = v;
        const drawn = Math.min(spec.max, limit(el[other]));
        assert.equal(el[name], drawn, `${tag}.${name} with ${other} = ${v}`);
        assert.equal(el.getAttribute(kebab(name)), String(spec.max), 'the attribute keeps what was written');
      }
    }
});

test('a choice reads back as written; anything else, or null, reads as the default', () => {
  for (const { tag, name, spec, attr } of params.filter((p) => p.spec.type === 'enum')) {
    const el = figure(tag);
    for (const v of spec.values) {
      el[name] = v;
      assert.equal(el.getAttribute(attr), v);
      assert.equal(el[name], v, `${tag}.${name} = ${v}`);
    }
    el[name] = 'not-a-choice';
    assert.equal(el[name], spec.def, `${tag}.${name}: unknown value`);
    el[name] = null;
    assert.equal(el.getAttribute(attr), null, `${tag}.${name} = null removes ${attr}`);
    assert.equal(el[name], spec.def);
  }
});

test('an attribute reads back through its property (kebab-case attribute, camelCase property)', () => {
  const el = figure('posenc-sinusoidal-heatmap');
  el.setAttribute('mark-m', '7');
  assert.equal(el.markM, 7);
  el.markN = undefined;
  assert.equal(el.getAttribute('mark-n'), null, 'undefined removes the attribute as null does');
  const mrope = figure('posenc-mrope-positions');
  mrope.width = 6;
  assert.equal(mrope.getAttribute('width'), '6', "<posenc-mrope-positions>'s width is its parameter");
  assert.equal(mrope.width, 6);
});
