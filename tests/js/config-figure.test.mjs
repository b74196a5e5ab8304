// The recipe behind the page's config figure (section 6c, web/elements/recipes.js `modelConfig`), on the
// built package, once per wasm flavour: it hands the config text to ropeFromConfig / llamaCppFlags and
// returns plain data (what the Worker posts to the page), with the library's errors as data. Every
// real config of tests/configs goes through it. The page itself is tested in tests/browser/page.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importPosenc } from './helpers.mjs';
import { CONFIG_TEXTS as CONFIGS, WITHOUT_ROPE } from './real-configs.mjs';

const { load } = await importPosenc();
const { RECIPES, MODEL_RECIPES } = await import('../../web/elements/recipes.js');
const flavours = [
  ['simd', await load()],
  ['scalar', await load({ simd: false })],
];

const text = (file) => CONFIGS.find(([f]) => f === file)[1];

/** The error the library throws for a config, as data. */
function thrown(fn) {
  try {
    fn();
  } catch (err) {
    return { name: err.name, message: err.message };
  }
  return null;
}

test('modelConfig is a model recipe (the Worker loads posenc-models.wasm for it only)', () => {
  assert.equal(typeof RECIPES.modelConfig, 'function');
  assert.ok(MODEL_RECIPES.has('modelConfig'));
  for (const name of MODEL_RECIPES) assert.equal(typeof RECIPES[name], 'function', name);
  assert.equal(RECIPES.configRope, undefined, 'the old recipe (config rules in JavaScript) is gone');
});

for (const [flavour, posenc] of flavours) {
  describe(`modelConfig (${flavour})`, () => {
    for (const [file, config] of CONFIGS.filter(([f]) => !WITHOUT_ROPE.has(f))) {
      test(`${file}: every layer type, as ropeFromConfig reads it, and llamaCppFlags`, () => {
        for (const [seqLen, contextLength] of [
          [0, 0],
          [1000, 2048],
          [262144, 131072],
        ]) {
          const r = RECIPES.modelConfig(posenc, { config, seqLen, contextLength });
          assert.equal(r.error, null);
          const at = seqLen ? { seqLen } : {};
          const types = posenc.ropeFromConfig(config, at).layerTypes;
          assert.deepEqual(
            r.layers.map((l) => l.layerType),
            types,
          );
          for (const l of r.layers) {
            const want = posenc.ropeFromConfig(config, { ...at, layerType: l.layerType });
            for (const k of [
              'ropeType',
              'headDim',
              'rotaryDim',
              'base',
              'layout',
              'attentionFactor',
              'sections',
              'interleavedSections',
            ])
              assert.deepEqual(l[k], want[k], `${l.layerType} ${k}`);
            assert.ok(l.frequencies instanceof Float64Array);
            assert.deepEqual(l.frequencies, want.frequencies);
            // plain RoPE at the same base and rotary dim, drawn beside a scaled layer
            if (want.ropeType === 'default' || want.axial) assert.equal(l.plain, null);
            else assert.deepEqual(l.plain, posenc.ropeFrequencies({ dim: want.rotaryDim, base: want.base }));
          }
          // the model's own notes first (each once), then llama.cpp's
          const llama = posenc.llamaCppFlags(config, contextLength ? { contextLength } : {});
          const own = types.flatMap((layerType) => posenc.ropeFromConfig(config, { ...at, layerType }).notes);
          assert.deepEqual({ flags: r.flags, notes: r.notes }, { ...llama, notes: [...new Set(own), ...llama.notes] });
          assert.deepEqual(structuredClone(r), r, 'plain data: the Worker can post it');
        }
      });
    }

    test('Gemma 3: two layer types, each with its own base; the text and the parsed object read the same', () => {
      const r = RECIPES.modelConfig(posenc, { config: text('gemma-3-4b-it.json'), seqLen: 0, contextLength: 0 });
      assert.deepEqual(
        r.layers.map((l) => [l.layerType, l.ropeType, l.base]),
        [
          ['sliding_attention', 'default', 10000],
          ['full_attention', 'linear', 1000000],
        ],
      );
      assert.deepEqual(
        RECIPES.modelConfig(posenc, { config: JSON.parse(text('gemma-3-4b-it.json')), seqLen: 0, contextLength: 0 }),
        r,
      );
    });

    test('Qwen2.5 YaRN: --rope-scaling yarn; notes say the flags are redundant for a converted GGUF', () => {
      const r = RECIPES.modelConfig(posenc, {
        config: text('qwen2.5-7b-instruct-yarn.json'),
        seqLen: 0,
        contextLength: 0,
      });
      assert.ok(r.flags.includes('--rope-scaling yarn'));
      assert.ok(r.notes.some((n) => /For a GGUF converted from this config these flags are redundant/.test(n)));
    });

    test("a vision encoder's 2-D RoPE: its axes, no plain curve beside it, no llama.cpp flag", () => {
      const r = RECIPES.modelConfig(posenc, {
        config: '{"model_type": "sam3_vit_model"}',
        seqLen: 0,
        contextLength: 0,
      });
      assert.equal(r.error, null);
      assert.deepEqual(
        r.layers.map((l) => [l.layerType, l.ropeType, l.axial, l.plain]),
        [
          ['windowed_attention', 'axial', 'xy', null],
          ['global_attention', 'axial', 'xy', null],
        ],
      );
      assert.deepEqual(r.flags, []);
      assert.ok(r.notes.some((n) => /^No flag applies/.test(n)));
    });

    test("a config the library refuses comes back as the library's error, as data", () => {
      for (const config of [
        text('bloom-560m.json'),
        text('gpt2.json'),
        '{"model_type":"bloom"}',
        '{not json',
        '',
        '[1, 2]',
        '{"hidden_size": 64, "num_attention_heads": 2, "rope_scaling": {"rope_type": "nope"}}',
        { model_type: 'bloom' },
      ]) {
        const r = RECIPES.modelConfig(posenc, { config, seqLen: 0, contextLength: 0 });
        assert.deepEqual(r, { error: thrown(() => posenc.ropeFromConfig(config)) }, String(config));
        assert.ok(['RangeError', 'TypeError'].includes(r.error.name), r.error.name);
      }
      assert.match(RECIPES.modelConfig(posenc, { config: '{"model_type":"bloom"}' }).error.message, /rotary/);
      assert.match(RECIPES.modelConfig(posenc, { config: '{not json' }).error.message, /valid JSON/);
    });
  });
}
