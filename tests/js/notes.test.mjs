// The model reader's notes as codes (cpp/models/note_codes.hpp) and their sentences (web/lib/notes.js): every
// code the C++ can emit has an English and a Chinese template that show exactly its values, and a Chinese
// rendering of real configs holds no English sentence. That the English sentences are the ones the reader
// always wrote is what the note texts of models.test.mjs, oracle.test.mjs and the browser tests check.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { importPosenc } from './helpers.mjs';
import { CONFIG_TEXTS, WITHOUT_ROPE } from './real-configs.mjs';
import { NOTE_LANGUAGES, NOTE_TEMPLATES, renderNote } from '../../web/lib/notes.js';

const { load } = await importPosenc();
const posenc = await load({ simd: false });

/** code -> its value names, from the C++ list: X(id, "code", "names"). */
const CODES = new Map(
  [
    ...readFileSync(new URL('../../cpp/models/note_codes.hpp', import.meta.url), 'utf8').matchAll(
      /^\s*X\(\w+, "([\w-]+)", "([\w ]*)"\)/gm,
    ),
  ].map(([, code, names]) => [code, names.split(' ').filter(Boolean)]),
);
const placeholders = (template) => [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))];

test('the C++ list of note codes was read', () => {
  assert.ok(CODES.size >= 30, `${CODES.size} codes`);
  assert.deepEqual(CODES.get('layers-without-rope'), ['count', 'layerType']);
});

test('every code has a template per language, showing each of its values and no other', () => {
  for (const [code, names] of CODES) {
    for (const lang of NOTE_LANGUAGES) {
      const template = NOTE_TEMPLATES[code]?.[lang];
      assert.equal(typeof template, 'string', `${code}: no ${lang} template`);
      assert.deepEqual(placeholders(template).sort(), [...names].sort(), `${code} (${lang}): its values`);
    }
  }
  assert.deepEqual(
    Object.keys(NOTE_TEMPLATES).filter((code) => !CODES.has(code)),
    [],
    'templates of no code',
  );
});

test('renderNote puts the values in, in either language, and names an unknown code', () => {
  const note = { code: 'scaling-not-read', params: { path: 'config.rope_scaling', modelType: 'minimax' } };
  assert.equal(renderNote(note), "config.rope_scaling was not applied: minimax's code never reads it");
  assert.equal(renderNote(note, 'zh'), 'config.rope_scaling 未被采用：minimax 的代码从不读取它');
  assert.throws(() => renderNote({ code: 'no-such-note', params: {} }), /no-such-note/);
});

// A run of four English words: a sentence left untranslated (key names and model names are single tokens).
const ENGLISH = /\b[A-Za-z][a-z']+(?:,? [a-z][a-z']+){3}\b/;
// Configs beside the real ones that reach notes the real ones do not.
const MORE_CONFIGS = [
  { model_type: 'foo_bar', hidden_size: 64, num_attention_heads: 2, partial_rotary_factor: 0.5, rotary_dim: 16 },
  { hidden_size: 64, num_attention_heads: 2 },
  { model_type: 'chatglm', hidden_size: 64, num_attention_heads: 2, rope_ratio: 2 },
];

test('in Chinese, the notes of real configs hold no English sentence, and the same values as in English', () => {
  let seen = 0;
  for (const [file, text] of CONFIG_TEXTS.filter(([f]) => !WITHOUT_ROPE.has(f))) {
    for (const layerType of posenc.ropeFromConfig(text).layerTypes) {
      const en = posenc.ropeFromConfig(text, { layerType }).notes;
      const zh = posenc.ropeFromConfig(text, { layerType, lang: 'zh' }).notes;
      assert.equal(zh.length, en.length, file);
      for (const note of zh) assert.doesNotMatch(note, ENGLISH, `${file}: ${note}`);
      seen += zh.length;
    }
  }
  for (const config of MORE_CONFIGS) {
    const zh = posenc.ropeFromConfig(config, { lang: 'zh' }).notes;
    assert.ok(zh.length > 0, JSON.stringify(config));
    for (const note of zh) assert.doesNotMatch(note, ENGLISH, note);
    seen += zh.length;
  }
  assert.ok(seen >= 10, `${seen} notes read`);
});

test("notes are English by default and for lang 'en'; another lang is refused by name", () => {
  const config = MORE_CONFIGS[0];
  assert.deepEqual(posenc.ropeFromConfig(config, { lang: 'en' }).notes, posenc.ropeFromConfig(config).notes);
  assert.match(posenc.ropeFromConfig(config).notes[0], /^model_type 'foo_bar' is not among the models/);
  assert.deepEqual(posenc.llamaCppFlags(config, { lang: 'en' }).notes, posenc.llamaCppFlags(config).notes);
  for (const f of ['ropeFromConfig', 'llamaCppFlags'])
    assert.throws(() => posenc[f](config, { lang: 'fr' }), {
      name: 'RangeError',
      message: /^lang must be 'en' or 'zh', got "fr"/,
    });
});
