// posenc.ropeFromConfig against real model configs (tests/configs, sources in tests/configs/SOURCES.md)
// and against tests/js/reference-models.mjs, an independent float64 evaluation written from Hugging Face
// transformers main (modeling_rope_utils.py + each model's configuration/modeling file). Runs once per
// wasm flavour, on the built package (see helpers.mjs). Documented in docs/api.md, "From a model's config".
import nodeAssert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importPosenc } from './helpers.mjs';
import { randomFloat32 as randomVector } from './reference.mjs';
import { LLAMA_LIKE, NO_ROPE, referenceApply, referenceRope } from './reference-models.mjs';
import { CONFIG_TEXTS, WITHOUT_ROPE } from './real-configs.mjs';

const { load } = await importPosenc();
const flavours = [
  ['simd', await load()],
  ['scalar', await load({ simd: false })],
];

const CONFIGS = CONFIG_TEXTS.map(([file, text]) => [file, JSON.parse(text)]);
const ROPE_CONFIGS = CONFIGS.filter(([file]) => !WITHOUT_ROPE.has(file));

// ---------------------------------------------------------------------------------------------
// Helpers

/** Text positions from 0 up to 2^20: the angles must stay accurate far out (API.md conventions). */
const TEXT_POSITIONS = [0, 1, 2, 3, 17, 255, 4095, 4096, 8191, 32768, 65537, 131071, 262143, 524287, 1048575, 1048576];

/** Three M-RoPE axes (temporal, height, width) that differ from one another at every token. */
function visionPositions(text) {
  return [text, text.map((p, s) => p + 1 + (s % 5)), text.map((p, s) => p + 2 + 3 * (s % 7))];
}

/**
 * M-RoPE positions as posenc.rope takes them: "positions (axes x seq)" (API.md), read here as one
 * row-major array of axes * seq integers, axis-major (all temporal positions, then height, then width).
 */
function axesForPosenc(axes) {
  return Int32Array.from(axes.flat());
}

/** The largest |a[i] - b[i]|. */
function maxAbsDiff(a, b) {
  nodeAssert.equal(a.length, b.length, 'lengths differ');
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** frequencies within 1e-6 relative (exact zeros stay zeros: transformers' proportional RoPE). */
function assertFrequencies(got, want, where) {
  nodeAssert.equal(got.length, want.length, `${where}: frequencies.length`);
  for (let i = 0; i < want.length; i++) {
    const ok = want[i] === 0 ? got[i] === 0 : Math.abs(got[i] - want[i]) <= 1e-6 * Math.abs(want[i]);
    nodeAssert.ok(ok, `${where}: frequencies[${i}] = ${got[i]}, want ${want[i]}`);
  }
}

/**
 * The notes the spec fixes (the rest of a note is free text): layers without RoPE say "no RoPE", a Hunyuan
 * alpha config says "alpha", an unknown model_type says "Llama" (and names the type in quotes).
 */
const SPEC_NOTES = [
  /no RoPE/,
  /alpha/,
  /Llama/,
  /llama_4_scaling_beta/,
  /transformers 5/,
  /ChatGLM2-6B-32K/,
  /positions from 1/,
  /indexer/,
  /rope_scaling was not applied/,
];

/** notes: an array of strings. */
function assertNotesShape(notes, where) {
  nodeAssert.ok(Array.isArray(notes), `${where}: notes is an array`);
  for (const note of notes) nodeAssert.equal(typeof note, 'string', `${where}: every note is a string`);
}

/** Some note of r matches pattern. */
function assertNote(r, pattern, where) {
  assertNotesShape(r.notes, where);
  nodeAssert.ok(
    r.notes.some((note) => pattern.test(note)),
    `${where}: no note matches ${pattern} (notes: ${JSON.stringify(r.notes)})`,
  );
}

/** Each pattern matches a note of r; an empty list of patterns means no notes at all. */
function assertNotes(r, patterns, where) {
  assertNotesShape(r.notes, where);
  if (patterns.length === 0) nodeAssert.deepEqual(Array.from(r.notes), [], `${where}: notes`);
  for (const pattern of patterns) assertNote(r, pattern, where);
}

/** Every field of a RopeFromConfig result against the reference (options are checked by applying them). */
function assertSameRope(got, want, where) {
  nodeAssert.deepEqual(Array.from(got.layerTypes), want.layerTypes, `${where}: layerTypes`);
  for (const key of ['layerType', 'ropeType', 'headDim', 'rotaryDim', 'base', 'layout', 'interleavedSections']) {
    nodeAssert.equal(got[key], want[key], `${where}: ${key}`);
  }
  nodeAssert.deepEqual(got.sections === null ? null : Array.from(got.sections), want.sections, `${where}: sections`);
  nodeAssert.ok(got.frequencies instanceof Float64Array, `${where}: frequencies is a Float64Array`);
  assertFrequencies(got.frequencies, want.frequencies, where);
  nodeAssert.ok(
    Math.abs(got.attentionFactor - want.attentionFactor) <= 1e-7,
    `${where}: attentionFactor ${got.attentionFactor}, want ${want.attentionFactor}`,
  );
  nodeAssert.ok(got.options && typeof got.options === 'object', `${where}: options`);
  nodeAssert.ok(Array.isArray(got.layersWithoutRope), `${where}: layersWithoutRope is an array`);
  nodeAssert.deepEqual(got.layersWithoutRope, want.layersWithoutRope, `${where}: layersWithoutRope`);
  assertNotesShape(got.notes, where);
  // the note kinds the spec fixes: where the reference has one, the library must have one too
  for (const pattern of SPEC_NOTES) if (want.notes.some((note) => pattern.test(note))) assertNote(got, pattern, where);
}

/** posenc.rope with r.options against referenceApply, within 2e-6. */
function assertApply(posenc, got, want, positions, where, heads = 3) {
  const seq = typeof positions[0] === 'number' ? positions.length : positions[0].length;
  const x32 = randomVector(seq * heads * want.headDim, 0x5eed + seq + want.headDim);
  const ropePositions = typeof positions[0] === 'number' ? positions : axesForPosenc(positions);
  const y = posenc.rope(x32, { ...got.options, heads, positions: ropePositions });
  const ref = referenceApply(Float64Array.from(x32), want, heads, positions);
  const err = maxAbsDiff(y, ref);
  nodeAssert.ok(err <= 2e-6, `${where}: rope() is ${err} away from the float64 reference`);
}

/** Layer types and sequence lengths each config is checked at. */
function casesOf(config) {
  const cases = [];
  for (const layerType of referenceRope(config).layerTypes) {
    cases.push({ layerType });
    const { ropeType } = referenceRope(config, { layerType });
    // dynamic and longrope change with the sequence length: also at the original length (still the
    // short behaviour: longrope's short_factor, Hunyuan's alpha up to max_position_embeddings) and beyond it
    if (ropeType === 'dynamic' || ropeType === 'longrope') {
      const original = originalLength(config);
      cases.push(
        { layerType, seqLen: original },
        { layerType, seqLen: original + 1 },
        { layerType, seqLen: 4 * original },
      );
    }
  }
  return cases;
}

/**
 * The pretraining length a config states (top level, text_config or the rope dict). Hunyuan's dynamic
 * dict states none: max_position_embeddings, where its alpha frequencies end.
 */
function originalLength(config) {
  const tc = config.text_config ?? config;
  const rope = tc.rope_scaling ?? tc.rope_parameters ?? {};
  return tc.original_max_position_embeddings ?? rope.original_max_position_embeddings ?? tc.max_position_embeddings;
}

const label = ({ layerType, seqLen }) => `${layerType}${seqLen ? `, seqLen ${seqLen}` : ''}`;

/** Inverse frequencies 1/base^(2i/dim), written out again for the hand-made rule tests. */
const invFreq = (dim, base) => Array.from({ length: dim / 2 }, (_, i) => 1 / base ** ((2 * i) / dim));

/**
 * A precedence rule: `expect` holds the values transformers main gives (hand-derived in each test).
 * The reference must give them too (a check of the reference itself), and the library must equal
 * the reference in every field.
 */
function checkRule(posenc, config, o, expect) {
  const want = referenceRope(config, o);
  for (const [key, value] of Object.entries(expect)) {
    if (key === 'frequencies') assertFrequencies(want.frequencies, value, `reference ${key}`);
    else if (key === 'attentionFactor')
      nodeAssert.ok(Math.abs(want[key] - value) <= 1e-12, `reference attentionFactor ${want[key]}, want ${value}`);
    else if (key === 'notes') assertNotes(want, value, 'reference');
    else nodeAssert.deepEqual(want[key], value, `reference ${key}`);
  }
  const got = posenc.ropeFromConfig(config, o);
  assertSameRope(got, want, 'ropeFromConfig');
  // expect.notes: patterns the notes must match ([]: no notes), for the library as for the reference
  if (expect.notes) assertNotes(got, expect.notes, 'ropeFromConfig');
  return want;
}

/** A small Llama-style text config. */
const tiny = (extra = {}) => ({
  model_type: 'llama',
  hidden_size: 64,
  num_attention_heads: 2,
  max_position_embeddings: 2048,
  ...extra,
});

/**
 * An error rule: the library (from an object and from JSON text) and the reference throw an error of
 * `type` whose message matches `pattern`; the library stays usable afterwards.
 */
function checkError(posenc, config, o, pattern, type = RangeError) {
  const matches = (e) => e instanceof type && pattern.test(e.message);
  nodeAssert.throws(() => posenc.ropeFromConfig(config, o), matches);
  nodeAssert.throws(() => posenc.ropeFromConfig(JSON.stringify(config), o), matches);
  nodeAssert.throws(() => referenceRope(config, o), matches);
  assertSameRope(posenc.ropeFromConfig(tiny()), referenceRope(tiny()), 'after the error');
}

/** config without the key `key` (absent, not undefined: JSON text has no undefined). */
const without = (config, key) => Object.fromEntries(Object.entries(config).filter(([k]) => k !== key));

/** Options with seqLen only when it is given. */
const withSeqLen = (seqLen) => (seqLen === undefined ? {} : { seqLen });

// ---------------------------------------------------------------------------------------------

for (const [flavour, posenc] of flavours) {
  describe(`ropeFromConfig: real model configs [${flavour}]`, () => {
    for (const [file, config] of ROPE_CONFIGS) {
      for (const o of casesOf(config)) {
        test(`${file} (${label(o)}): fields equal the transformers reference`, () => {
          assertSameRope(posenc.ropeFromConfig(config, o), referenceRope(config, o), file);
        });

        test(`${file} (${label(o)}): rope() with its options equals the float64 reference`, () => {
          const got = posenc.ropeFromConfig(config, o);
          const want = referenceRope(config, o);
          assertApply(posenc, got, want, TEXT_POSITIONS, file);
          if (want.sections) assertApply(posenc, got, want, visionPositions(TEXT_POSITIONS), `${file} (M-RoPE)`);
        });
      }

      test(`${file}: the same config as JSON text gives the same result`, () => {
        for (const o of casesOf(config)) {
          const fromText = posenc.ropeFromConfig(JSON.stringify(config), o);
          assertSameRope(fromText, referenceRope(config, o), `${file} as text (${label(o)})`);
        }
      });
    }

    for (const [file, config] of ROPE_CONFIGS.filter(([, c]) => referenceRope(c).sections)) {
      test(`${file}: text tokens (three equal axes) give exactly the plain rope() bits`, () => {
        const r = posenc.ropeFromConfig(config);
        const { sections, interleavedSections, ...plain } = r.options;
        const heads = 2;
        const x = randomVector(TEXT_POSITIONS.length * heads * r.headDim, 7);
        const text = TEXT_POSITIONS;
        const viaAxes = posenc.rope(x, { ...r.options, heads, positions: axesForPosenc([text, text, text]) });
        const viaText = posenc.rope(x, { ...plain, heads, positions: text });
        nodeAssert.deepEqual(
          new Uint32Array(viaAxes.buffer, viaAxes.byteOffset, viaAxes.length),
          new Uint32Array(viaText.buffer, viaText.byteOffset, viaText.length),
        );
      });
    }
  });

  describe(`ropeFromConfig: errors [${flavour}]`, () => {
    test('an unknown rope type is a RangeError naming it and listing the known ones', () => {
      const config = tiny({ rope_scaling: { rope_type: 'zigzag', factor: 2 } });
      nodeAssert.throws(
        () => posenc.ropeFromConfig(config),
        (e) => e instanceof RangeError && /zigzag/.test(e.message) && /yarn/.test(e.message),
      );
      nodeAssert.throws(() => referenceRope(config), RangeError);
      // the module stays usable
      assertSameRope(posenc.ropeFromConfig(tiny()), referenceRope(tiny()), 'after the error');
    });

    for (const file of WITHOUT_ROPE) {
      test(`${file} (no rotary embeddings) is a RangeError saying so`, () => {
        const config = CONFIGS.find(([f]) => f === file)[1];
        nodeAssert.throws(
          () => posenc.ropeFromConfig(config),
          (e) => e instanceof RangeError && /rotary|rope/i.test(e.message),
        );
        nodeAssert.throws(() => posenc.ropeFromConfig(JSON.stringify(config)), RangeError);
        nodeAssert.throws(() => referenceRope(config), RangeError);
      });
    }

    test('a layer type the model does not have is a RangeError', () => {
      nodeAssert.throws(() => posenc.ropeFromConfig(tiny(), { layerType: 'sliding_attention' }), RangeError);
    });
  });

  describe(`ropeFromConfig: one test per transformers rule [${flavour}]`, () => {
    test(
      'partial_rotary_factor is ignored by the default RoPE of Llama, ' +
        'Mistral, Qwen2, gpt-oss, DeepSeek-V3 (modeling_llama.py ' +
        'compute_default_rope_parameters: dim = head_dim)',
      () => {
        for (const model_type of ['llama', 'mistral', 'qwen2']) {
          checkRule(
            posenc,
            tiny({ model_type, rope_theta: 10000, partial_rotary_factor: 0.5 }),
            {},
            { headDim: 32, rotaryDim: 32, frequencies: invFreq(32, 10000) },
          );
        }
        // GptOssConfig defaults head_dim to 64 and its rope_parameters to YaRN: give both explicitly.
        const gptOss = tiny({
          model_type: 'gpt_oss',
          head_dim: 32,
          rope_parameters: { rope_type: 'default', rope_theta: 10000 },
          partial_rotary_factor: 0.5,
        });
        checkRule(posenc, gptOss, {}, { headDim: 32, rotaryDim: 32, frequencies: invFreq(32, 10000) });
        const deepseek = tiny({
          model_type: 'deepseek_v3',
          qk_rope_head_dim: 16,
          rope_theta: 10000,
          partial_rotary_factor: 0.5,
        });
        checkRule(posenc, deepseek, {}, { headDim: 16, rotaryDim: 16, frequencies: invFreq(16, 10000) });
      },
    );

    test(
      'the scaled rope types read rope_parameters["partial_rotary_factor"] in ' +
        'every model (modeling_rope_utils.py ' +
        '_compute_linear_scaling_rope_parameters)',
      () => {
        const config = tiny({
          rope_theta: 10000,
          rope_scaling: { rope_type: 'linear', factor: 2, partial_rotary_factor: 0.5 },
        });
        checkRule(
          posenc,
          config,
          {},
          { ropeType: 'linear', headDim: 32, rotaryDim: 16, frequencies: invFreq(16, 10000).map((f) => f / 2) },
        );
      },
    );

    test(
      'Phi honours partial_rotary_factor and defaults it to 0.5 ' +
        '(configuration_phi.py kwargs.setdefault("partial_rotary_factor", 0.5); ' +
        'modeling_phi.py)',
      () => {
        checkRule(
          posenc,
          tiny({ model_type: 'phi', rope_theta: 10000 }),
          {},
          { headDim: 32, rotaryDim: 16, frequencies: invFreq(16, 10000) },
        );
        checkRule(
          posenc,
          tiny({ model_type: 'phi', hidden_size: 160, rope_theta: 10000, partial_rotary_factor: 0.4 }),
          {},
          { headDim: 80, rotaryDim: 32 },
        );
      },
    );

    test(
      'Phi-3 honours partial_rotary_factor, default 1.0 ' +
        '(configuration_phi3.py convert_rope_params_to_dict; modeling_phi3.py)',
      () => {
        checkRule(posenc, tiny({ model_type: 'phi3', hidden_size: 128 }), {}, { headDim: 64, rotaryDim: 64 });
        checkRule(
          posenc,
          tiny({ model_type: 'phi3', hidden_size: 128, partial_rotary_factor: 0.75 }),
          {},
          { headDim: 64, rotaryDim: 48, frequencies: invFreq(48, 10000) },
        );
      },
    );

    test(
      'GPT-NeoX reads rotary_pct (default 0.25) and rotary_emb_base ' +
        '(configuration_gpt_neox.py convert_rope_params_to_dict)',
      () => {
        checkRule(
          posenc,
          tiny({ model_type: 'gpt_neox', hidden_size: 128 }),
          {},
          { headDim: 64, rotaryDim: 16, base: 10000, layout: 'half' },
        );
        checkRule(
          posenc,
          tiny({ model_type: 'gpt_neox', hidden_size: 128, rotary_pct: 0.5, rotary_emb_base: 20000 }),
          {},
          { rotaryDim: 32, base: 20000, frequencies: invFreq(32, 20000) },
        );
      },
    );

    test(
      'head_dim is head_dim when given, else hidden_size // ' +
        'num_attention_heads (getattr(config, "head_dim", None) or ...)',
      () => {
        checkRule(posenc, tiny({ hidden_size: 96, head_dim: 32 }), {}, { headDim: 32, rotaryDim: 32 });
        checkRule(posenc, tiny({ hidden_size: 200, num_attention_heads: 3 }), {}, { headDim: 66, rotaryDim: 66 });
      },
    );

    test(
      'a config without RoPE fields gets its class default theta (LlamaConfig ' +
        '1e4, GptOssConfig 150000, Qwen2-VL text 1e6, Gemma3TextConfig 1e6 / ' +
        '1e4)',
      () => {
        checkRule(posenc, tiny(), {}, { base: 10000, ropeType: 'default' });
        checkRule(posenc, tiny({ model_type: 'gpt_oss' }), {}, { base: 150000 });
        checkRule(posenc, tiny({ model_type: 'qwen2_5_vl' }), {}, { base: 1e6 });
        const gemma = { model_type: 'gemma3_text' };
        checkRule(posenc, gemma, { layerType: 'full_attention' }, { base: 1e6, headDim: 256 });
        checkRule(posenc, gemma, { layerType: 'sliding_attention' }, { base: 1e4, headDim: 256 });
      },
    );

    test(
      'rope_parameters["rope_theta"] wins over a top-level rope_theta ' + '(convert_rope_params_to_dict: setdefault)',
      () => {
        checkRule(
          posenc,
          tiny({ rope_theta: 10000, rope_parameters: { rope_type: 'default', rope_theta: 500000 } }),
          {},
          { base: 500000, frequencies: invFreq(32, 500000) },
        );
      },
    );

    test(
      'a non-empty legacy rope_scaling wins over rope_parameters ' +
        '(convert_rope_params_to_dict: rope_scaling or rope_parameters)',
      () => {
        const both = tiny({
          rope_theta: 20000,
          rope_scaling: { rope_type: 'linear', factor: 2 },
          rope_parameters: { rope_type: 'linear', factor: 4, rope_theta: 10000 },
        });
        checkRule(
          posenc,
          both,
          {},
          { ropeType: 'linear', base: 20000, frequencies: invFreq(32, 20000).map((f) => f / 2) },
        );
        const emptyLegacy = tiny({
          rope_scaling: {},
          rope_parameters: { rope_type: 'linear', factor: 4, rope_theta: 10000 },
        });
        checkRule(posenc, emptyLegacy, {}, { ropeType: 'linear', frequencies: invFreq(32, 10000).map((f) => f / 4) });
      },
    );

    test('the legacy "type" key names the rope type, and "rope_type" wins over it (standardize_rope_params)', () => {
      checkRule(posenc, tiny({ rope_scaling: { type: 'linear', factor: 2 } }), {}, { ropeType: 'linear' });
      checkRule(
        posenc,
        tiny({ rope_scaling: { type: 'linear', rope_type: 'dynamic', factor: 2 } }),
        {},
        { ropeType: 'dynamic' },
      );
    });

    test(
      'Phi3Config always has original_max_position_embeddings (default 4096) ' +
        'and it wins over the rope dict (standardize_rope_params "Phi3 ... ' +
        'exception case")',
      () => {
        const short = Array(32).fill(1);
        const long = Array(32).fill(4);
        const config = tiny({
          model_type: 'phi3',
          hidden_size: 128,
          max_position_embeddings: 131072,
          rope_scaling: {
            type: 'longrope',
            short_factor: short,
            long_factor: long,
            original_max_position_embeddings: 8192,
          },
        });
        const attention = Math.sqrt(1 + Math.log(131072 / 4096) / Math.log(4096));
        checkRule(
          posenc,
          config,
          { seqLen: 4096 },
          { ropeType: 'longrope', attentionFactor: attention, frequencies: invFreq(64, 10000) },
        );
        checkRule(posenc, config, { seqLen: 5000 }, { frequencies: invFreq(64, 10000).map((f) => f / 4) });
        const top = { ...config, original_max_position_embeddings: 2048 };
        checkRule(
          posenc,
          top,
          { seqLen: 3000 },
          {
            frequencies: invFreq(64, 10000).map((f) => f / 4),
            attentionFactor: Math.sqrt(1 + Math.log(64) / Math.log(2048)),
          },
        );
      },
    );

    test(
      'a top-level original_max_position_embeddings wins for llama3 in any ' +
        'model (config.json keys become attributes before the init functions ' +
        're-run standardize_rope_params)',
      () => {
        const scaling = {
          rope_type: 'llama3',
          factor: 8,
          low_freq_factor: 1,
          high_freq_factor: 4,
          original_max_position_embeddings: 8192,
        };
        const stated = checkRule(
          posenc,
          tiny({ rope_theta: 500000, rope_scaling: scaling }),
          {},
          { ropeType: 'llama3' },
        );
        const overridden = checkRule(
          posenc,
          tiny({ rope_theta: 500000, rope_scaling: scaling, original_max_position_embeddings: 2048 }),
          {},
          { ropeType: 'llama3' },
        );
        nodeAssert.notDeepEqual(Array.from(stated.frequencies), Array.from(overridden.frequencies));
        checkRule(
          posenc,
          tiny({ rope_theta: 500000, rope_scaling: { ...scaling, original_max_position_embeddings: 2048 } }),
          {},
          { frequencies: overridden.frequencies },
        );
      },
    );

    test('Phi3Config renames "su" and "yarn" to "longrope" (configuration_phi3.py)', () => {
      const factors = { short_factor: Array(16).fill(1), long_factor: Array(16).fill(2) };
      for (const type of ['su', 'yarn', 'longrope']) {
        checkRule(
          posenc,
          tiny({ model_type: 'phi3', max_position_embeddings: 16384, rope_scaling: { type, ...factors } }),
          {},
          { ropeType: 'longrope' },
        );
      }
    });

    test(
      'longrope: an explicit factor is used instead of max/original, and the ' +
        'attention factor does not depend on seqLen ' +
        '(_compute_longrope_parameters, main)',
      () => {
        const factors = { short_factor: Array(16).fill(1), long_factor: Array(16).fill(2) };
        const config = tiny({
          max_position_embeddings: 131072,
          rope_scaling: { rope_type: 'longrope', factor: 4, original_max_position_embeddings: 4096, ...factors },
        });
        const attention = Math.sqrt(1 + Math.log(4) / Math.log(4096));
        checkRule(posenc, config, { seqLen: 10 }, { attentionFactor: attention, frequencies: invFreq(32, 10000) });
        checkRule(
          posenc,
          config,
          { seqLen: 100000 },
          { attentionFactor: attention, frequencies: invFreq(32, 10000).map((f) => f / 2) },
        );
        const derived = tiny({
          max_position_embeddings: 131072,
          rope_scaling: { rope_type: 'longrope', original_max_position_embeddings: 4096, ...factors },
        });
        checkRule(posenc, derived, {}, { attentionFactor: Math.sqrt(1 + Math.log(32) / Math.log(4096)) });
      },
    );

    test(
      'yarn: a null factor becomes max_position_embeddings / ' +
        'original_max_position_embeddings (_compute_yarn_parameters, main)',
      () => {
        const derived = tiny({
          max_position_embeddings: 16384,
          rope_theta: 10000,
          rope_scaling: { rope_type: 'yarn', factor: null, original_max_position_embeddings: 4096 },
        });
        const stated = tiny({
          max_position_embeddings: 16384,
          rope_theta: 10000,
          rope_scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096 },
        });
        const want = checkRule(posenc, stated, {}, { attentionFactor: 0.1 * Math.log(4) + 1 });
        checkRule(posenc, derived, {}, { attentionFactor: 0.1 * Math.log(4) + 1, frequencies: want.frequencies });
      },
    );

    test(
      'yarn: attention_factor, then mscale / mscale_all_dim, then 0.1 ' +
        'ln(factor) + 1; truncate false keeps the correction range fractional ' +
        '(_compute_yarn_parameters, main)',
      () => {
        const yarn = (extra) =>
          tiny({
            max_position_embeddings: 8192,
            rope_theta: 10000,
            rope_scaling: { rope_type: 'yarn', factor: 40, original_max_position_embeddings: 4096, ...extra },
          });
        const m = (scale, ms) => 0.1 * ms * Math.log(scale) + 1;
        checkRule(posenc, yarn({}), {}, { attentionFactor: m(40, 1) });
        checkRule(posenc, yarn({ mscale: 0.707, mscale_all_dim: 0.707 }), {}, { attentionFactor: 1 });
        checkRule(posenc, yarn({ mscale: 1, mscale_all_dim: 0.5 }), {}, { attentionFactor: m(40, 1) / m(40, 0.5) });
        checkRule(posenc, yarn({ mscale: 1 }), {}, { attentionFactor: m(40, 1) });
        checkRule(
          posenc,
          yarn({ attention_factor: 0.75, mscale: 1, mscale_all_dim: 0.5 }),
          {},
          { attentionFactor: 0.75 },
        );
        const truncated = checkRule(posenc, yarn({}), {}, {});
        const fractional = checkRule(posenc, yarn({ truncate: false }), {}, {});
        nodeAssert.notDeepEqual(Array.from(truncated.frequencies), Array.from(fractional.frequencies));
      },
    );

    test(
      'dynamic: seqLen beyond max_position_embeddings raises the base, ' +
        'shorter lengths keep it (_compute_dynamic_ntk_parameters)',
      () => {
        const config = tiny({ rope_theta: 10000, rope_scaling: { rope_type: 'dynamic', factor: 2 } });
        checkRule(posenc, config, {}, { ropeType: 'dynamic', base: 10000, frequencies: invFreq(32, 10000) });
        checkRule(posenc, config, { seqLen: 1000 }, { frequencies: invFreq(32, 10000) });
        checkRule(posenc, config, { seqLen: 4096 }, { frequencies: invFreq(32, 10000 * 3 ** (32 / 30)) });
      },
    );

    test(
      'multimodal configs: the RoPE fields are read from text_config ' + '(Gemma3Config, Qwen3VLConfig sub_configs)',
      () => {
        const config = {
          model_type: 'qwen3_vl',
          rope_theta: 123,
          text_config: {
            model_type: 'qwen3_vl_text',
            hidden_size: 64,
            num_attention_heads: 2,
            head_dim: 16,
            rope_theta: 5000000,
            rope_scaling: { rope_type: 'default', mrope_section: [3, 3, 2] },
          },
        };
        checkRule(
          posenc,
          config,
          {},
          {
            base: 5000000,
            headDim: 16,
            sections: [3, 3, 2],
            interleavedSections: true,
            frequencies: invFreq(16, 5000000),
          },
        );
      },
    );

    test(
      'M-RoPE: Qwen2-VL\'s legacy type "mrope" is the default RoPE with ' +
        'chunked sections; Qwen3-VL always interleaves ' +
        '(configuration_qwen2_vl.py; modeling_qwen3_vl.py ' +
        'apply_interleaved_mrope)',
      () => {
        const qwen2 = tiny({
          model_type: 'qwen2_vl',
          hidden_size: 32,
          rope_theta: 1e6,
          rope_scaling: { type: 'mrope', mrope_section: [2, 3, 3] },
        });
        checkRule(
          posenc,
          qwen2,
          {},
          { ropeType: 'default', headDim: 16, sections: [2, 3, 3], interleavedSections: false },
        );
        const qwen3 = {
          model_type: 'qwen3_vl',
          text_config: {
            model_type: 'qwen3_vl_text',
            hidden_size: 32,
            num_attention_heads: 2,
            rope_theta: 1e6,
            rope_scaling: { rope_type: 'default', mrope_section: [2, 3, 3] },
          },
        };
        checkRule(posenc, qwen3, {}, { sections: [2, 3, 3], interleavedSections: true });
      },
    );

    test(
      'Gemma 3: sliding layers use rope_local_base_freq (default 1e4) without ' +
        'scaling, full layers rope_theta (default 1e6) with rope_scaling ' +
        '(configuration_gemma3.py)',
      () => {
        const config = {
          model_type: 'gemma3_text',
          head_dim: 64,
          rope_local_base_freq: 20000,
          rope_scaling: { rope_type: 'linear', factor: 8 },
        };
        checkRule(
          posenc,
          config,
          {},
          { layerTypes: ['sliding_attention', 'full_attention'], layerType: 'full_attention' },
        );
        checkRule(
          posenc,
          config,
          { layerType: 'full_attention' },
          { ropeType: 'linear', base: 1e6, frequencies: invFreq(64, 1e6).map((f) => f / 8) },
        );
        checkRule(
          posenc,
          config,
          { layerType: 'sliding_attention' },
          { ropeType: 'default', base: 20000, frequencies: invFreq(64, 20000) },
        );
      },
    );

    test(
      'Gemma 4: full layers use global_head_dim (default 512) and ' +
        '"proportional": 1/base^(2i/head_dim) for i < int(p*head_dim//2), then ' +
        'zeros (configuration_gemma4.py; _compute_proportional_rope_parameters)',
      () => {
        const zeros = (n) => Array(n).fill(0);
        const rotated = (n, dim, base) => Array.from({ length: n }, (_, i) => 1 / base ** ((2 * i) / dim));
        const defaults = { model_type: 'gemma4_text', hidden_size: 1024, num_attention_heads: 8 };
        checkRule(
          posenc,
          defaults,
          { layerType: 'full_attention' },
          {
            ropeType: 'proportional',
            headDim: 512,
            rotaryDim: 512,
            base: 1e6,
            frequencies: [...rotated(64, 512, 1e6), ...zeros(192)],
          },
        );
        checkRule(
          posenc,
          defaults,
          { layerType: 'sliding_attention' },
          { ropeType: 'default', headDim: 256, rotaryDim: 256, base: 1e4 },
        );
        const custom = {
          ...defaults,
          global_head_dim: 128,
          rope_parameters: {
            sliding_attention: { rope_type: 'default', rope_theta: 10000 },
            full_attention: { rope_type: 'proportional', partial_rotary_factor: 0.5, rope_theta: 1e6, factor: 2 },
          },
        };
        checkRule(
          posenc,
          custom,
          { layerType: 'full_attention' },
          { headDim: 128, rotaryDim: 128, frequencies: [...rotated(32, 128, 1e6).map((f) => f / 2), ...zeros(32)] },
        );
        // Gemma 4 Unified and DiffusionGemma: Gemma4TextConfig and Gemma 4's rotary embedding
        // (modular_gemma4_unified.py, modular_diffusion_gemma.py)
        for (const type of ['gemma4_unified', 'diffusion_gemma']) {
          const wrapped = { model_type: type, text_config: { ...defaults, model_type: `${type}_text` } };
          checkRule(
            posenc,
            wrapped,
            { layerType: 'full_attention' },
            { headDim: 512, frequencies: [...rotated(64, 512, 1e6), ...zeros(192)], notes: [] },
          );
          checkRule(posenc, wrapped, { layerType: 'sliding_attention' }, { headDim: 256, base: 1e4 });
        }
      },
    );

    test(
      'DeepSeek-V3: the RoPE head is qk_rope_head_dim and adjacent pairs are written as halves ' +
        '(apply_rotary_pos_emb_interleave) unless rope_interleave is false (configuration_deepseek_v3.py; ' +
        'modeling_deepseek_v3.py)',
      () => {
        const config = tiny({
          model_type: 'deepseek_v3',
          hidden_size: 256,
          qk_rope_head_dim: 32,
          qk_nope_head_dim: 64,
          rope_theta: 10000,
        });
        checkRule(posenc, config, {}, { headDim: 32, rotaryDim: 32, layout: 'interleaved-to-half' });
        checkRule(posenc, { ...config, rope_interleave: false }, {}, { layout: 'half' });
      },
    );

    test(
      'layout per architecture: GPT-J rotates adjacent pairs of its first ' +
        'rotary_dim features with base 10000, the rest rotate_half ' +
        '(modeling_gptj.py; modeling_llama.py)',
      () => {
        const gptj = { model_type: 'gptj', n_embd: 256, n_head: 2, rotary_dim: 32, rope_theta: 500000 };
        checkRule(
          posenc,
          gptj,
          {},
          { layout: 'interleaved', headDim: 128, rotaryDim: 32, base: 10000, frequencies: invFreq(32, 10000) },
        );
        checkRule(posenc, { model_type: 'gptj', n_embd: 256, n_head: 2 }, {}, { rotaryDim: 64 });
        // both names: the standard one wins (PretrainedConfig sets it last, through attribute_map)
        checkRule(posenc, { model_type: 'gptj', n_embd: 256, hidden_size: 512, n_head: 2 }, {}, { headDim: 256 });
        for (const model_type of ['llama', 'mistral', 'qwen2', 'phi', 'phi3', 'gpt_neox', 'gpt_oss'])
          checkRule(posenc, tiny({ model_type }), {}, { layout: 'half' });
      },
    );

    test(
      'layer types: one RoPE set is ["full_attention"], even when layer_types ' +
        'mixes sliding and full layers (gpt-oss); Gemma has two',
      () => {
        const gptOss = tiny({ model_type: 'gpt_oss', layer_types: ['sliding_attention', 'full_attention'] });
        checkRule(posenc, gptOss, {}, { layerTypes: ['full_attention'], layerType: 'full_attention' });
        checkRule(
          posenc,
          { model_type: 'gemma3_text' },
          {},
          { layerTypes: ['sliding_attention', 'full_attention'], layerType: 'full_attention' },
        );
      },
    );

    test(
      'GLM / GLM-4 rotate adjacent pairs of the first partial_rotary_factor of the head, default 0.5 ' +
        '(configuration_glm.py / configuration_glm4.py; modeling_glm.py apply_rotary_pos_emb)',
      () => {
        for (const model_type of ['glm', 'glm4']) {
          checkRule(
            posenc,
            tiny({ model_type, hidden_size: 128 }),
            {},
            { headDim: 64, rotaryDim: 32, layout: 'interleaved', base: 10000, frequencies: invFreq(32, 10000) },
          );
          checkRule(
            posenc,
            tiny({ model_type, hidden_size: 128, partial_rotary_factor: 0.25, rope_theta: 20000 }),
            {},
            { rotaryDim: 16, layout: 'interleaved', base: 20000, frequencies: invFreq(16, 20000) },
          );
        }
      },
    );

    test(
      'GLM-4-MoE and Persimmon rotate_half the first half of the head by default ' +
        '(configuration_glm4_moe.py / configuration_persimmon.py: 0.5)',
      () => {
        for (const model_type of ['glm4_moe', 'persimmon']) {
          checkRule(
            posenc,
            tiny({ model_type, hidden_size: 128 }),
            {},
            { headDim: 64, rotaryDim: 32, layout: 'half', base: 10000, frequencies: invFreq(32, 10000) },
          );
        }
        // GLM-4.5-Air's RoPE fields: head_dim 128, partial_rotary_factor 0.5, rope_theta 1e6
        checkRule(
          posenc,
          tiny({ model_type: 'glm4_moe', head_dim: 128, partial_rotary_factor: 0.5, rope_theta: 1e6 }),
          {},
          { headDim: 128, rotaryDim: 64, layout: 'half', frequencies: invFreq(64, 1e6) },
        );
      },
    );

    test(
      'StableLM honours partial_rotary_factor, default 0.25, also in the scaled rope types ' +
        '(configuration_stablelm.py; modeling_stablelm.py)',
      () => {
        const stablelm = (extra) => tiny({ model_type: 'stablelm', hidden_size: 128, ...extra });
        checkRule(
          posenc,
          stablelm(),
          {},
          { headDim: 64, rotaryDim: 16, layout: 'half', base: 10000, frequencies: invFreq(16, 10000) },
        );
        checkRule(
          posenc,
          stablelm({ partial_rotary_factor: 0.5 }),
          {},
          { headDim: 64, rotaryDim: 32, frequencies: invFreq(32, 10000) },
        );
        checkRule(
          posenc,
          stablelm({ rope_scaling: { rope_type: 'linear', factor: 2 } }),
          {},
          { ropeType: 'linear', rotaryDim: 16, frequencies: invFreq(16, 10000).map((f) => f / 2) },
        );
      },
    );

    test(
      'Qwen3-Next honours partial_rotary_factor, default 0.25, and rotates only its full-attention ' +
        'layers (configuration_qwen3_next.py)',
      () => {
        const qwen3Next = (extra) => tiny({ model_type: 'qwen3_next', head_dim: 256, ...extra });
        checkRule(
          posenc,
          qwen3Next(),
          {},
          { headDim: 256, rotaryDim: 64, layout: 'half', base: 10000, frequencies: invFreq(64, 10000) },
        );
        checkRule(
          posenc,
          qwen3Next({ partial_rotary_factor: 0.5, rope_theta: 1e7 }),
          {},
          { rotaryDim: 128, base: 1e7, frequencies: invFreq(128, 1e7) },
        );
        // only the full-attention layers (every full_attention_interval-th, default 4) take positions
        checkRule(
          posenc,
          qwen3Next({ num_hidden_layers: 8 }),
          {},
          {
            layerType: 'full_attention',
            layersWithoutRope: [0, 1, 2, 4, 5, 6],
            notes: [/no RoPE/],
          },
        );
        const types = ['full_attention', 'linear_attention', 'full_attention'];
        checkRule(posenc, qwen3Next({ num_hidden_layers: 3, layer_types: types }), {}, { layersWithoutRope: [1] });
        checkError(posenc, qwen3Next({ num_hidden_layers: 2, full_attention_interval: 3 }), {}, /no layer.*RoPE/s);
      },
    );

    test(
      'Cohere and ERNIE 4.5 rotate adjacent pairs of the whole head, rope_theta default 500000 ' +
        '(modeling_cohere.py rotate_half; configuration_cohere.py; modeling_ernie4_5.py; ' +
        'configuration_ernie4_5.py: head_dim 128 when absent)',
      () => {
        for (const [model_type, head] of [
          ['cohere', {}],
          ['ernie4_5', { head_dim: 64 }],
        ]) {
          checkRule(
            posenc,
            tiny({ model_type, hidden_size: 128, partial_rotary_factor: 0.5, ...head }),
            {},
            { headDim: 64, rotaryDim: 64, layout: 'interleaved', base: 500000, frequencies: invFreq(64, 500000) },
          );
        }
        // ERNIE 4.5's head is 128 wide unless config.head_dim says otherwise, whatever hidden_size / heads gives
        checkRule(
          posenc,
          tiny({ model_type: 'ernie4_5', hidden_size: 128 }),
          {},
          { headDim: 128, rotaryDim: 128, frequencies: invFreq(128, 500000) },
        );
        checkRule(
          posenc,
          tiny({ model_type: 'cohere', hidden_size: 128, rope_theta: 4000000 }),
          {},
          { base: 4000000, frequencies: invFreq(64, 4000000) },
        );
      },
    );

    test(
      "Cohere2-MoE: Cohere2's adjacent pairs over head_dim (128), and its dense layers rotate too " +
        '(configuration_cohere2_moe.py; modular_cohere2_moe.py force_rope)',
      () => {
        const moe = (extra) =>
          tiny({ model_type: 'cohere2_moe', num_hidden_layers: 8, first_k_dense_replace: 2, ...extra });
        checkRule(
          posenc,
          moe(),
          {},
          {
            layerTypes: ['full_attention'],
            headDim: 128,
            rotaryDim: 128,
            layout: 'interleaved',
            base: 10000,
            frequencies: invFreq(128, 10000),
            // layers 0 and 1: dense, full attention, forced; then every 4th of the other six: layer 5
            layersWithoutRope: [5],
          },
        );
        checkRule(posenc, moe({ prefix_dense_sliding_window_pattern: 2 }), {}, { layersWithoutRope: [1, 5] });
        checkRule(
          posenc,
          moe({ first_k_dense_replace: undefined }),
          {},
          { layerTypes: ['sliding_attention'], layersWithoutRope: [3, 7] },
        );
        checkError(posenc, moe({ sliding_window: null, first_k_dense_replace: 0 }), {}, /sliding/);
      },
    );

    test(
      'Cohere 2: head_dim is hidden_size // num_attention_heads, and only sliding layers rotate ' +
        '(configuration_cohere2.py layer_types; modeling_cohere2.py: RoPE if sliding_window is not None)',
      () => {
        const cohere2 = (extra) =>
          tiny({
            model_type: 'cohere2',
            hidden_size: 128,
            head_dim: 32,
            num_hidden_layers: 8,
            sliding_window: 4096,
            ...extra,
          });
        checkRule(
          posenc,
          cohere2(),
          {},
          {
            layerTypes: ['sliding_attention'],
            layerType: 'sliding_attention',
            headDim: 64,
            rotaryDim: 64,
            layout: 'interleaved',
            base: 10000,
            frequencies: invFreq(64, 10000),
            // sliding_window_pattern 4: layers 3 and 7 are full_attention
            layersWithoutRope: [3, 7],
            notes: [/no RoPE/],
          },
        );
        checkRule(posenc, cohere2({ sliding_window_pattern: 2 }), {}, { layersWithoutRope: [1, 3, 5, 7] });
        const types = ['full_attention', 'sliding_attention', 'sliding_attention', 'full_attention'];
        checkRule(
          posenc,
          cohere2({ num_hidden_layers: 4, sliding_window_pattern: 2, layer_types: types }),
          {},
          { layerTypes: ['sliding_attention'], layersWithoutRope: [0, 3], notes: [/no RoPE/] },
        );
        nodeAssert.throws(() => posenc.ropeFromConfig(cohere2(), { layerType: 'full_attention' }), RangeError);
        nodeAssert.throws(() => referenceRope(cohere2(), { layerType: 'full_attention' }), RangeError);
        // sliding_window null, or no sliding layer: no layer applies RoPE
        checkError(posenc, cohere2({ sliding_window: null }), {}, /no layer.*RoPE/s);
        checkError(
          posenc,
          cohere2({ num_hidden_layers: 4, layer_types: Array(4).fill('full_attention') }),
          {},
          /no layer.*RoPE/s,
        );
        checkError(posenc, without(cohere2(), 'num_hidden_layers'), {}, /num_hidden_layers/, Error);
      },
    );

    test(
      'EXAONE 4: only sliding layers rotate when there is a sliding_window, every layer without one ' +
        '(modular_exaone4.py: RoPE if sliding_window is None or the layer is sliding)',
      () => {
        const exaone4 = (extra) =>
          tiny({ model_type: 'exaone4', hidden_size: 128, num_hidden_layers: 8, partial_rotary_factor: 0.5, ...extra });
        checkRule(
          posenc,
          exaone4({ sliding_window: 4096 }),
          {},
          {
            layerTypes: ['sliding_attention'],
            layerType: 'sliding_attention',
            headDim: 64,
            rotaryDim: 64,
            layout: 'half',
            base: 10000,
            frequencies: invFreq(64, 10000),
            layersWithoutRope: [3, 7],
            notes: [/no RoPE/],
          },
        );
        checkRule(
          posenc,
          exaone4({ sliding_window: null }),
          {},
          {
            layerTypes: ['full_attention'],
            layerType: 'full_attention',
            rotaryDim: 64,
            layout: 'half',
            frequencies: invFreq(64, 10000),
            layersWithoutRope: [],
          },
        );
        const types = Array(8).fill('full_attention');
        checkRule(posenc, exaone4({ sliding_window: null, layer_types: types }), {}, { layersWithoutRope: [] });
        checkError(posenc, exaone4({ sliding_window: 4096, layer_types: types }), {}, /no layer.*RoPE/s);
        // the pattern as EXAONE 4's configs write it: one letter a layer, L sliding, G global
        const letters = exaone4({ sliding_window: 4096, sliding_window_pattern: 'LLLG' });
        checkRule(posenc, letters, {}, { layersWithoutRope: [3, 7] });
      },
    );

    test(
      'Llama 4: text_config of "llama4" is llama4_text; no_rope_layers (absent, null or empty: every ' +
        'no_rope_layer_interval-th layer, default 4) turns RoPE off; RoPE layers are chunked_attention ' +
        '(configuration_llama4.py; modeling_llama4.py apply_rotary_emb)',
      () => {
        const llama4 = (text) => ({
          model_type: 'llama4',
          text_config: {
            hidden_size: 256,
            num_attention_heads: 2,
            head_dim: 128,
            num_hidden_layers: 48,
            max_position_embeddings: 8192,
            ...text,
          },
        });
        const every4th = Array.from({ length: 12 }, (_, k) => 4 * k + 3); // 3, 7, ..., 47
        for (const text of [{}, { no_rope_layers: null }, { no_rope_layers: [] }]) {
          checkRule(
            posenc,
            llama4(text),
            {},
            {
              layerTypes: ['chunked_attention'],
              layerType: 'chunked_attention',
              headDim: 128,
              rotaryDim: 128,
              layout: 'interleaved',
              base: 500000,
              frequencies: invFreq(128, 500000),
              layersWithoutRope: every4th,
              notes: [/no RoPE/],
            },
          );
        }
        const flat = { model_type: 'llama4_text', ...llama4({}).text_config };
        checkRule(posenc, flat, {}, { layerTypes: ['chunked_attention'], layersWithoutRope: every4th });
        checkRule(
          posenc,
          llama4({ num_hidden_layers: 4, no_rope_layers: [1, 0, 1, 1] }),
          {},
          { layersWithoutRope: [1] },
        );
        checkRule(
          posenc,
          llama4({ num_hidden_layers: 6, no_rope_layer_interval: 2 }),
          {},
          { layersWithoutRope: [1, 3, 5] },
        );
        nodeAssert.throws(() => posenc.ropeFromConfig(llama4({}), { layerType: 'full_attention' }), RangeError);
        checkError(posenc, llama4({ num_hidden_layers: 4, no_rope_layers: [1, 0, 1] }), {}, /no_rope_layers/, Error);
      },
    );

    test(
      'SmolLM3: no_rope_layers as given (the interval default only when absent or null), ' +
        'rope_theta default 2000000 (modular_smollm3.py)',
      () => {
        const smollm3 = (extra) =>
          tiny({ model_type: 'smollm3', hidden_size: 128, num_hidden_layers: 8, partial_rotary_factor: 0.5, ...extra });
        checkRule(
          posenc,
          smollm3({ num_hidden_layers: 4, no_rope_layers: [1, 1, 1, 0] }),
          {},
          {
            layerTypes: ['full_attention'],
            layerType: 'full_attention',
            headDim: 64,
            rotaryDim: 64,
            layout: 'half',
            base: 2000000,
            frequencies: invFreq(64, 2000000),
            layersWithoutRope: [3],
            notes: [/no RoPE/],
          },
        );
        checkRule(posenc, smollm3(), {}, { layersWithoutRope: [3, 7] });
        checkRule(
          posenc,
          smollm3({ no_rope_layers: null, no_rope_layer_interval: 3 }),
          {},
          { layersWithoutRope: [2, 5] },
        );
        // an empty list is kept, and 8 layers need 8 entries
        checkError(posenc, smollm3({ no_rope_layers: [] }), {}, /no_rope_layers/, Error);
      },
    );

    test(
      "DBRX: d_model / n_heads / max_seq_len stand for the standard names, and the base is attn_config's " +
        '(configuration_dbrx.py, modeling_dbrx.py)',
      () => {
        const dbrx = { model_type: 'dbrx', d_model: 256, n_heads: 4, max_seq_len: 4096 };
        const withBase = { ...dbrx, attn_config: { kv_n_heads: 2, rope_theta: 500000 } };
        const expect = { headDim: 64, layout: 'half', base: 500000, frequencies: invFreq(64, 500000) };
        checkRule(posenc, withBase, {}, { ...expect, notes: [/transformers 5/] });
        assertNote(posenc.ropeFromConfig(withBase), /^config\.attn_config\.rope_theta = 500000, /, 'ropeFromConfig');
        checkRule(posenc, dbrx, {}, { base: 10000, notes: [] });
        checkRule(posenc, { ...withBase, rope_theta: 20000 }, {}, { base: 20000, notes: [] });
        checkRule(posenc, { ...dbrx, hidden_size: 512 }, {}, { headDim: 128 });
        checkRule(posenc, { model_type: 'dbrx' }, {}, { headDim: 128 });
        // dynamic NTK grows past max_seq_len, the model's max_position_embeddings
        const dynamic = { ...dbrx, rope_scaling: { rope_type: 'dynamic', factor: 2 } };
        checkRule(posenc, dynamic, { seqLen: 4096 }, { base: 10000 });
        checkRule(posenc, dynamic, { seqLen: 8192 }, { frequencies: invFreq(64, 10000 * 3 ** (64 / 62)) });
        // the errors name the field as the config spells it (the reference checks no sizes)
        nodeAssert.throws(() => posenc.ropeFromConfig({ ...dbrx, n_heads: 0 }), /config\.n_heads .*got 0/);
        nodeAssert.throws(
          () => posenc.ropeFromConfig({ ...dbrx, attn_config: { rope_theta: -1 } }),
          /config\.attn_config\.rope_theta .*got -1/,
        );
      },
    );

    test(
      'RecurrentGemma: half of each head turns, in the attention blocks of its repeated block_types ' +
        '(configuration_recurrent_gemma.py, modeling_recurrent_gemma.py)',
      () => {
        const rg = { model_type: 'recurrent_gemma', hidden_size: 2560, num_attention_heads: 10, head_dim: 128 };
        const recurrent = Array.from({ length: 26 }, (_, i) => i).filter((i) => i % 3 !== 2);
        checkRule(
          posenc,
          rg,
          {},
          {
            headDim: 256,
            rotaryDim: 128,
            layout: 'half',
            frequencies: invFreq(128, 1e4),
            layersWithoutRope: recurrent,
          },
        );
        const pattern = { ...rg, num_hidden_layers: 4, block_types: ['attention', 'recurrent'] };
        checkRule(posenc, pattern, {}, { layersWithoutRope: [1, 3] });
        checkRule(posenc, { ...rg, partial_rotary_factor: 1 }, {}, { rotaryDim: 256 });
        checkError(posenc, { ...rg, block_types: ['recurrent'] }, {}, /attention/);
      },
    );

    test('ChatGLM turns half its head in adjacent pairs at 10000 * rope_ratio (modeling_chatglm.py)', () => {
      const glm = { model_type: 'chatglm', hidden_size: 4096, num_attention_heads: 32 };
      const glm4 = { ...glm, kv_channels: 128, rope_ratio: 500, seq_length: 131072 };
      checkRule(
        posenc,
        glm4,
        {},
        {
          headDim: 128,
          rotaryDim: 64,
          layout: 'interleaved',
          base: 5e6,
          frequencies: invFreq(64, 5e6),
          notes: [/ChatGLM2-6B-32K/],
        },
      );
      assertNote(posenc.ropeFromConfig(glm4), /^config\.rope_ratio multiplies the base/, 'ropeFromConfig');
      checkRule(posenc, glm, {}, { headDim: 128, rotaryDim: 64, base: 10000, notes: [] });
      nodeAssert.throws(() => posenc.ropeFromConfig({ ...glm, rope_ratio: 0 }), /config\.rope_ratio .*got 0/);
    });

    test('OLMo 3: YaRN on the full-attention layers only; the sliding ones keep 500000 (modular_olmo3.py)', () => {
      const olmo3 = { model_type: 'olmo3', hidden_size: 4096, num_attention_heads: 32, rope_theta: 500000 };
      const yarn = { rope_type: 'yarn', factor: 8, original_max_position_embeddings: 8192, attention_factor: 1.2 };
      const long = { ...olmo3, max_position_embeddings: 65536, rope_scaling: yarn };
      checkRule(posenc, long, {}, { layerTypes: ['sliding_attention', 'full_attention'], ropeType: 'yarn', notes: [] });
      checkRule(
        posenc,
        long,
        { layerType: 'sliding_attention' },
        {
          ropeType: 'default',
          base: 500000,
          frequencies: invFreq(128, 500000),
          attentionFactor: 1,
        },
      );
      // both layer types pop the same rope_theta: the sliding one finds it gone
      checkRule(posenc, { ...olmo3, rope_theta: 1e6 }, { layerType: 'sliding_attention' }, { base: 500000 });
      checkRule(posenc, { ...olmo3, rope_theta: 1e6 }, {}, { base: 1e6 });
    });

    test("Baichuan's 7B models rotate as Llama; its 13B ones (hidden_size 5120) use ALiBi", () => {
      const baichuan = { model_type: 'baichuan', num_attention_heads: 32, max_position_embeddings: 4096 };
      checkRule(posenc, { ...baichuan, hidden_size: 4096 }, {}, { headDim: 128, base: 10000, notes: [] });
      checkError(posenc, { ...baichuan, hidden_size: 5120, num_attention_heads: 40 }, {}, /ALiBi/);
      checkRule(posenc, tiny({ model_type: 'internlm3', head_dim: 128 }), {}, { headDim: 128, notes: [] });
    });

    test("Qwen Omni: the thinker's text model, in thinker_config.text_config (configuration_qwen*_omni*.py)", () => {
      const text = { hidden_size: 3584, num_attention_heads: 28, rope_theta: 1e6 };
      const q25 = {
        model_type: 'qwen2_5_omni',
        thinker_config: {
          model_type: 'qwen2_5_omni_thinker',
          text_config: { ...text, model_type: 'qwen2_5_omni_text', rope_scaling: { mrope_section: [16, 24, 24] } },
        },
      };
      checkRule(posenc, q25, {}, { headDim: 128, sections: [16, 24, 24], interleavedSections: false, notes: [] });
      const q3text = { hidden_size: 2048, num_attention_heads: 32, head_dim: 128, model_type: 'qwen3_omni_moe_text' };
      const rope = { mrope_interleaved: false, mrope_section: [24, 20, 20], rope_theta: 1e6, rope_type: 'default' };
      const q3 = {
        model_type: 'qwen3_omni_moe',
        thinker_config: { text_config: { ...q3text, rope_parameters: rope } },
      };
      checkRule(posenc, q3, {}, { headDim: 128, sections: [24, 20, 20], interleavedSections: true, base: 1e6 });
      checkRule(posenc, { model_type: 'qwen2_5_omni' }, {}, { headDim: 128, sections: [16, 24, 24] });
    });

    test('Llama-Nemotron: block_configs whose attention is no_op or linear take no RoPE (modeling_decilm.py)', () => {
      const block = (attention) => ({ attention, ffn: { ffn_mult: 5.25, no_op: false, replace_with_linear: false } });
      const attends = { n_heads_in_group: 8, no_op: false, replace_with_linear: false };
      const nas = {
        model_type: 'nemotron-nas',
        hidden_size: 8192,
        num_attention_heads: 64,
        num_hidden_layers: 4,
        rope_theta: 500000,
        rope_scaling: {
          factor: 8,
          high_freq_factor: 4,
          low_freq_factor: 1,
          original_max_position_embeddings: 8192,
          rope_type: 'llama3',
        },
        block_configs: [
          block(attends),
          block({ ...attends, n_heads_in_group: null, no_op: true }),
          block({ ...attends, replace_with_linear: true }),
          block(attends),
        ],
      };
      checkRule(posenc, nas, {}, { ropeType: 'llama3', headDim: 128, layersWithoutRope: [1, 2], notes: [/no RoPE/] });
      checkError(posenc, { ...nas, num_hidden_layers: 5 }, {}, /block_configs/);
    });

    test('InternVL reads its language model from llm_config (configuration_internvl_chat.py)', () => {
      // InternVL3-1B's llm_config (a Qwen2 with dynamic NTK), below a top-level hidden_size of its own
      const llm = { model_type: 'qwen2', hidden_size: 896, num_attention_heads: 14, max_position_embeddings: 32768 };
      const scaled = { ...llm, rope_theta: 1e6, rope_scaling: { factor: 2.0, rope_type: 'dynamic', type: 'dynamic' } };
      const internvl = { model_type: 'internvl_chat', hidden_size: 896, llm_config: scaled };
      checkRule(posenc, internvl, {}, { headDim: 64, ropeType: 'dynamic', base: 1e6, notes: [] });
      checkRule(posenc, internvl, { seqLen: 65536 }, { frequencies: invFreq(64, 1e6 * 3 ** (64 / 62)) });
    });

    test('PaliGemma: its Gemma text model, and a note that it numbers positions from 1 (modeling_paligemma.py)', () => {
      const text = { model_type: 'gemma', hidden_size: 2048, num_attention_heads: 8, num_hidden_layers: 18 };
      const pali = { model_type: 'paligemma', text_config: text };
      checkRule(posenc, pali, {}, { headDim: 256, frequencies: invFreq(256, 1e4), notes: [/positions from 1/] });
      assertNote(posenc.ropeFromConfig(pali), /offset \+ 1/, 'ropeFromConfig');
      checkRule(posenc, { model_type: 'paligemma' }, {}, { headDim: 256, notes: [/positions from 1/] });
    });

    test('LLaVA and its kin: the text_config model, Llama when unnamed or flat (configuration_llava.py)', () => {
      // llava-hf/llava-1.5-13b-hf's text_config names its type; an unnamed one is LlavaConfig's "llama"
      const text = { model_type: 'llama', hidden_size: 5120, num_attention_heads: 40, max_position_embeddings: 4096 };
      for (const type of ['llava', 'llava_next', 'llava_next_video', 'video_llava', 'vipllava', 'perception_lm']) {
        checkRule(posenc, { model_type: type, text_config: text }, {}, { headDim: 128, notes: [] });
        const { model_type: _, ...unnamed } = text;
        checkRule(
          posenc,
          { model_type: type, text_config: { ...unnamed, rope_theta: 5e5 } },
          {},
          { base: 5e5, notes: [] },
        );
      }
      // the original LLaVA repository's flat config: its top-level fields are the LlamaConfig
      const flat = { model_type: 'llava', hidden_size: 5120, num_attention_heads: 40, rope_theta: 1e6 };
      checkRule(posenc, flat, {}, { headDim: 128, base: 1e6, notes: [] });
      // LLaVA-OneVision's language model is a Qwen2 unless text_config says otherwise
      const onevision = { model_type: 'llava_onevision', text_config: { hidden_size: 896, num_attention_heads: 14 } };
      checkRule(posenc, onevision, {}, { headDim: 64, base: 1e4, notes: [] });
    });

    test('Fuyu reads its flat config as Persimmon: half of each head turns (configuration_fuyu.py)', () => {
      const fuyu = { model_type: 'fuyu', hidden_size: 4096, num_attention_heads: 64, rope_theta: 25000 };
      checkRule(
        posenc,
        fuyu,
        {},
        { headDim: 64, rotaryDim: 32, base: 25000, frequencies: invFreq(32, 25000), notes: [] },
      );
      const nested = { model_type: 'fuyu', text_config: { ...fuyu, model_type: 'persimmon' } };
      checkRule(posenc, nested, {}, { rotaryDim: 32, base: 25000 });
    });

    test('MiniMax-M2 rotates rotary_dim of its head by rotate_half (configuration_minimax_m2.py)', () => {
      const m2 = { model_type: 'minimax_m2', hidden_size: 3072, num_attention_heads: 48, head_dim: 128 };
      checkRule(
        posenc,
        { ...m2, rotary_dim: 64, rope_theta: 5e6 },
        {},
        {
          headDim: 128,
          rotaryDim: 64,
          layout: 'half',
          frequencies: invFreq(64, 5e6),
          notes: [],
        },
      );
      checkRule(posenc, m2, {}, { rotaryDim: 128, base: 5e6 });
      checkRule(posenc, { ...m2, rotary_dim: 64, partial_rotary_factor: 0.25 }, {}, { rotaryDim: 32 });
      const yarn = { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096 };
      checkRule(posenc, { ...m2, rotary_dim: 64, rope_scaling: yarn }, {}, { rotaryDim: 64, ropeType: 'yarn' });
      nodeAssert.throws(() => posenc.ropeFromConfig({ ...m2, rotary_dim: 256 }), /config\.rotary_dim .*256/);
    });

    test('Phi-4-multimodal reads its text RoPE as Phi-3 does (configuration_phi4_multimodal.py, phi4mm)', () => {
      const phi4mini = JSON.parse(CONFIG_TEXTS.find(([file]) => file === 'phi-4-mini-instruct.json')[1]);
      for (const model_type of ['phi4_multimodal', 'phi4mm'])
        for (const seqLen of [4096, 4097]) {
          const as = (type) => posenc.ropeFromConfig({ ...phi4mini, model_type: type }, { seqLen });
          const [got, phi3] = [as(model_type), as('phi3')];
          for (const key of ['ropeType', 'headDim', 'rotaryDim', 'layout', 'attentionFactor'])
            nodeAssert.equal(got[key], phi3[key], `${model_type} ${key}`);
          nodeAssert.deepEqual(got.frequencies, phi3.frequencies, `${model_type} frequencies`);
          nodeAssert.deepEqual(got.notes, [], model_type);
          checkRule(posenc, { ...phi4mini, model_type }, { seqLen }, { rotaryDim: 96, ropeType: 'longrope' });
        }
    });

    test(
      "MLA models turn their rope slice: Kimi K2 as DeepSeek-V3, MiniCPM3's qk_rope_head_dim by rotate_half, " +
        "LongCat-Flash's head_dim in adjacent pairs written as halves (modeling_deepseek.py, modeling_minicpm3.py, " +
        'modeling_longcat_flash.py)',
      () => {
        const mla = { hidden_size: 2560, num_attention_heads: 40, qk_nope_head_dim: 64, qk_rope_head_dim: 32 };
        const kimi = { ...mla, model_type: 'kimi_k2' };
        checkRule(posenc, kimi, {}, { headDim: 32, layout: 'interleaved-to-half', notes: [] });
        checkRule(posenc, { ...kimi, rope_interleave: false }, {}, { layout: 'half' });
        const minicpm3 = { ...mla, model_type: 'minicpm3', head_dim: 96 };
        checkRule(posenc, minicpm3, {}, { headDim: 32, layout: 'half', frequencies: invFreq(32, 1e4), notes: [] });
        checkRule(posenc, { model_type: 'minicpm3' }, {}, { headDim: 32 });
        const longcat = { model_type: 'longcat_flash', hidden_size: 6144, num_attention_heads: 64 };
        checkRule(posenc, longcat, {}, { headDim: 64, layout: 'interleaved-to-half', base: 1e7, notes: [] });
        checkRule(posenc, { ...longcat, head_dim: 32 }, {}, { headDim: 32, frequencies: invFreq(32, 1e7) });
      },
    );

    test(
      "DeepSeek-V3.2 and GLM-5 turn DeepSeek-V3's rope slice in adjacent pairs (V3.2 writes them as halves), " +
        'and say how their indexers ' +
        'turn (modeling_deepseek_v32.py, modeling_glm_moe_dsa.py)',
      () => {
        const mla = { hidden_size: 6144, num_attention_heads: 64, qk_nope_head_dim: 192, qk_rope_head_dim: 64 };
        const v32 = { ...mla, model_type: 'deepseek_v32' };
        checkRule(posenc, v32, {}, { headDim: 64, layout: 'interleaved-to-half', notes: [/indexer.*halves/] });
        checkRule(posenc, { ...v32, rope_interleave: false }, {}, { layout: 'half' });
        const glm5 = { ...mla, model_type: 'glm_moe_dsa', rope_parameters: { rope_theta: 1e6, rope_type: 'default' } };
        checkRule(posenc, glm5, {}, { headDim: 64, frequencies: invFreq(64, 1e6), notes: [/indexer/] });
        checkRule(posenc, { ...glm5, rope_interleave: false }, {}, { layout: 'interleaved' });
      },
    );

    test(
      'HY V4 turns its qk_rope_head_dim slice by rotate_half whatever rope_interleave says, and notes its ' +
        'indexer (configuration_hy_v4.py, modeling_hy_v4.py)',
      () => {
        const hy = {
          model_type: 'hy_v4',
          hidden_size: 2816,
          num_attention_heads: 32,
          head_dim: 256,
          qk_nope_head_dim: 192,
          qk_rope_head_dim: 64,
        };
        checkRule(
          posenc,
          hy,
          {},
          {
            headDim: 64,
            rotaryDim: 64,
            layout: 'half',
            base: 1e4,
            frequencies: invFreq(64, 1e4),
            notes: [/indexer/],
          },
        );
        checkRule(
          posenc,
          { ...hy, rope_interleave: true, qk_rope_head_dim: 32, rope_theta: 1e6 },
          {},
          { headDim: 32, rotaryDim: 32, layout: 'half', frequencies: invFreq(32, 1e6) },
        );
        checkRule(posenc, { model_type: 'hy_v4' }, {}, { headDim: 64, base: 1e4, frequencies: invFreq(64, 1e4) });
        // mscale / mscale_all_dim 1 / 1: YaRN's attention factor is 1 (yarn_apply_mscale scales the softmax)
        const yarn = {
          rope_type: 'yarn',
          factor: 40,
          original_max_position_embeddings: 4096,
          mscale: 1,
          mscale_all_dim: 1,
        };
        checkRule(
          posenc,
          { ...hy, rope_parameters: yarn },
          {},
          { ropeType: 'yarn', rotaryDim: 64, attentionFactor: 1 },
        );
      },
    );

    test('Kimi Linear has no rotary embeddings, alone or as the text model of a kimi_k3 config', () => {
      const kimiLinear = { model_type: 'kimi_linear', hidden_size: 2304, num_attention_heads: 32, mla_use_nope: true };
      checkError(posenc, kimiLinear, {}, /kimi_linear.*no rotary/);
      checkError(posenc, { model_type: 'kimi_k3', text_config: kimiLinear }, {}, /kimi_linear.*no rotary/);
    });

    test('Inkling, GLM-5-Next and RWKV-7 have no rotary embeddings, alone or inside their multimodal configs', () => {
      // modular_inkling.py: a learned relative position bias; modular_glm5_next.py: position_embeddings=None;
      // configuration_rwkv7.py: attention-free
      const inkling = { model_type: 'inkling_text', hidden_size: 4096, num_hidden_layers: 42, d_rel: 16 };
      checkError(posenc, inkling, {}, /inkling_text.*no rotary/);
      checkError(posenc, { model_type: 'inkling_mm_model', text_config: inkling }, {}, /inkling_mm_model.*no rotary/);
      const bare = { model_type: 'inkling_mm_model', text_config: { hidden_size: 4096 } };
      checkError(posenc, bare, {}, /inkling_mm_model.*no rotary/);
      const glm = { model_type: 'glm5_next_text', hidden_size: 4096, num_attention_heads: 64, qk_rope_head_dim: 0 };
      checkError(posenc, glm, {}, /glm5_next_text.*no rotary/);
      checkError(posenc, { model_type: 'glm5_next', text_config: glm }, {}, /'glm5_next'.*no rotary/);
      checkError(posenc, { ...glm, model_type: 'glm5_next' }, {}, /'glm5_next'.*no rotary/);
      checkError(
        posenc,
        { model_type: 'rwkv7', hidden_size: 768, head_dim: 64, num_heads: 12 },
        {},
        /rwkv7.*no rotary/,
      );
    });

    test(
      "Ling, Ring-linear and MiniMax-M1 turn a part of the head by rotate_half; Ring-linear's linear layers " +
        "rotate unless linear_rope is false, MiniMax's lightning layers never (their remote modeling files)",
      () => {
        const ling2 = { model_type: 'bailing_moe', hidden_size: 2048, num_attention_heads: 16, head_dim: 128 };
        checkRule(
          posenc,
          { ...ling2, partial_rotary_factor: 0.5, rope_theta: 6e5 },
          {},
          {
            rotaryDim: 64,
            layout: 'half',
            frequencies: invFreq(64, 6e5),
            notes: [],
          },
        );
        checkRule(posenc, ling2, {}, { rotaryDim: 128 });
        const ring = { ...ling2, model_type: 'bailing_moe_linear', partial_rotary_factor: 0.5, layer_group_size: 5 };
        checkRule(posenc, { ...ring, num_hidden_layers: 20 }, {}, { rotaryDim: 64, layersWithoutRope: [], notes: [] });
        const linear = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18];
        checkRule(
          posenc,
          { ...ring, num_hidden_layers: 22, linear_rope: false },
          {},
          {
            layersWithoutRope: linear,
            notes: [/no RoPE/],
          },
        );
        for (const model_type of ['minimax_m1', 'minimax_text_01']) {
          const m1 = {
            model_type,
            hidden_size: 6144,
            num_attention_heads: 64,
            head_dim: 128,
            rotary_dim: 64,
            rope_theta: 1e7,
            num_hidden_layers: 8,
            attn_type_list: [0, 0, 0, 1, 0, 0, 0, 1],
          };
          checkRule(
            posenc,
            m1,
            {},
            {
              rotaryDim: 64,
              layout: 'half',
              frequencies: invFreq(64, 1e7),
              layersWithoutRope: [0, 1, 2, 4, 5, 6],
              notes: [/no RoPE/],
            },
          );
          const scaled = { ...m1, rope_scaling: { type: 'linear', factor: 4 } };
          checkRule(posenc, scaled, {}, { ropeType: 'default', frequencies: invFreq(64, 1e7) });
          nodeAssert.match(posenc.ropeFromConfig(scaled).notes.join('\n'), /config\.rope_scaling was not applied/);
          checkError(posenc, without(m1, 'attn_type_list'), {}, /attn_type_list/);
          checkError(posenc, { ...m1, attn_type_list: [0, 0, 0, 0, 0, 0, 0, 0] }, {}, /no layer/);
        }
      },
    );

    test(
      'Embedding models that rotate: jina-embeddings-v3 (XLM-RoBERTa with rotary positions), nomic-embed-text ' +
        'and NeoBERT, by the keys of their own code',
      () => {
        const xlmr = { model_type: 'xlm-roberta', hidden_size: 1024, num_attention_heads: 16 };
        const jina = { ...xlmr, position_embedding_type: 'rotary', rotary_emb_base: 20000.0 };
        checkRule(posenc, jina, {}, { headDim: 64, rotaryDim: 64, layout: 'half', base: 20000, notes: [] });
        checkRule(
          posenc,
          { ...jina, rotary_emb_dim: 32, rotary_emb_interleaved: true, rope_theta: 5e5 },
          {},
          {
            rotaryDim: 32,
            layout: 'interleaved',
            frequencies: invFreq(32, 20000),
          },
        );
        checkError(posenc, xlmr, {}, /position_embedding_type/);
        checkError(posenc, without(jina, 'rotary_emb_base'), {}, /rotary_emb_base/, TypeError);
        checkError(posenc, { ...jina, rotary_emb_scale_base: 512 }, {}, /rotary_emb_scale_base/);
        const nomic = {
          model_type: 'nomic_bert',
          n_embd: 768,
          n_head: 12,
          n_positions: 8192,
          rotary_emb_base: 1000,
          rotary_emb_fraction: 1.0,
        };
        checkRule(posenc, nomic, {}, { headDim: 64, rotaryDim: 64, layout: 'half', base: 1000, notes: [] });
        checkRule(
          posenc,
          { ...nomic, rotary_scaling_factor: 2 },
          {},
          {
            frequencies: invFreq(64, 1000),
            notes: [/rotary_scaling_factor = 2/],
          },
        );
        nodeAssert.match(
          posenc.ropeFromConfig({ ...nomic, rotary_scaling_factor: 2 }).notes.join('\n'),
          /rotary_scaling_factor = 2: past max_trained_positions/,
        );
        checkError(posenc, without(nomic, 'rotary_emb_fraction'), {}, /rotary_emb_fraction/);
        const neobert = { model_type: 'neobert', hidden_size: 768, num_attention_heads: 12, rope_theta: 5e5 };
        checkRule(posenc, neobert, {}, { headDim: 64, layout: 'interleaved', frequencies: invFreq(64, 1e4) });
      },
    );

    test(
      "Arcee Trinity rotates its sliding layers only; LFM2-MoE, GPT-NeoX-Japanese and MiMo by their classes' " +
        'rules (modeling_afmoe.py, configuration_lfm2_moe.py, configuration_gpt_neox_japanese.py)',
      () => {
        const trinity = { model_type: 'afmoe', hidden_size: 2048, num_attention_heads: 32, num_hidden_layers: 8 };
        checkRule(
          posenc,
          trinity,
          {},
          {
            layerTypes: ['sliding_attention'],
            headDim: 128,
            layersWithoutRope: [3, 7],
            notes: [/no RoPE/],
          },
        );
        checkRule(
          posenc,
          { ...trinity, num_hidden_layers: 6, global_attn_every_n_layers: 3 },
          {},
          {
            layersWithoutRope: [2, 5],
          },
        );
        const lfm = { model_type: 'lfm2_moe', hidden_size: 2048, num_attention_heads: 32, num_hidden_layers: 4 };
        checkRule(
          posenc,
          { ...lfm, layer_types: ['conv', 'conv', 'full_attention', 'conv'] },
          {},
          {
            base: 1e6,
            layersWithoutRope: [0, 1, 3],
          },
        );
        const japanese = { model_type: 'gpt_neox_japanese', hidden_size: 2560, num_attention_heads: 32 };
        checkRule(posenc, japanese, {}, { rotaryDim: 80, notes: [] });
        checkRule(posenc, { ...japanese, rotary_pct: 0.5, rotary_emb_base: 20000 }, {}, { rotaryDim: 40, base: 20000 });
        checkRule(posenc, { ...tiny({ model_type: 'mimo' }), rope_theta: 640000 }, {}, { base: 640000, notes: [] });
      },
    );

    test('the minimax port rotates its full-attention layers (configuration_minimax.py)', () => {
      const minimax = { model_type: 'minimax', hidden_size: 512, num_attention_heads: 4, num_hidden_layers: 6 };
      checkRule(
        posenc,
        minimax,
        {},
        { rotaryDim: 128, frequencies: invFreq(128, 1e6), layersWithoutRope: [1, 3, 5], notes: [/no RoPE/] },
      );
      const listed = {
        ...minimax,
        num_hidden_layers: 3,
        full_attention_interval: 1,
        layer_types: ['linear_attention', 'linear_attention', 'full_attention'],
      };
      checkRule(posenc, listed, {}, { layersWithoutRope: [0, 1] });
      checkRule(
        posenc,
        { ...minimax, num_hidden_layers: 2, rotary_dim: 64 },
        {},
        { rotaryDim: 64, frequencies: invFreq(64, 1e6), notes: [/no RoPE/, /rotary_dim = 64: turned here as MiniMax/] },
      );
      checkError(posenc, { ...minimax, layer_types: Array(6).fill('linear_attention') }, {}, /full_attention/);
    });

    test('Mistral 4 turns its MLA slice whole, YaRN 128 by default; its partial factor names the slice', () => {
      const mla = { model_type: 'mistral4', hidden_size: 4096, num_attention_heads: 32 };
      checkRule(
        posenc,
        mla,
        {},
        {
          ropeType: 'yarn',
          base: 1e4,
          headDim: 64,
          rotaryDim: 64,
          layout: 'interleaved-to-half',
          attentionFactor: 1,
          notes: [/llama_4_scaling_beta/],
        },
      );
      const given = {
        ...mla,
        rope_interleave: false,
        rope_parameters: {
          rope_type: 'yarn',
          rope_theta: 10000,
          factor: 128,
          original_max_position_embeddings: 8192,
          beta_fast: 32,
          beta_slow: 1,
          mscale: 1,
          mscale_all_dim: 1,
          partial_rotary_factor: 0.5,
        },
      };
      checkRule(posenc, given, {}, { rotaryDim: 64, layout: 'half' });
      const plain = (p, extra = {}) => ({ ...mla, ...extra, rope_parameters: { rope_type: 'default', ...p } });
      checkRule(posenc, plain({ partial_rotary_factor: 0.5 }), {}, { rotaryDim: 64, frequencies: invFreq(64, 1e4) });
      checkRule(
        posenc,
        plain({ partial_rotary_factor: 0.25 }, { qk_rope_head_dim: 32, qk_nope_head_dim: 96 }),
        {},
        { rotaryDim: 32, frequencies: invFreq(32, 1e4) },
      );
      checkError(posenc, plain({ partial_rotary_factor: 0.25 }), {}, /partial_rotary_factor/);
    });

    test('nanochat, Step-3, T5Gemma and the models read as a known class keep their own rules', () => {
      const nanochat = { model_type: 'nanochat', hidden_size: 1280, num_attention_heads: 10, head_dim: 64 };
      checkRule(posenc, nanochat, {}, { headDim: 128, frequencies: invFreq(128, 1e4), notes: [/other way/] });
      const step3 = {
        model_type: 'step3_vl',
        text_config: { model_type: 'step3_text', hidden_size: 7168, num_attention_heads: 64 },
      };
      checkRule(posenc, step3, {}, { headDim: 256, frequencies: invFreq(256, 5e5), notes: [] });
      const t5 = {
        model_type: 't5gemma',
        encoder: { model_type: 't5_gemma_module', rope_theta: 20000 },
        decoder: { model_type: 't5_gemma_module', hidden_size: 2304, num_attention_heads: 8 },
      };
      checkRule(posenc, t5, {}, { headDim: 256, frequencies: invFreq(256, 1e4), notes: [/config\.encoder/] });
      const small = (model_type, extra = {}) => ({ ...tiny({ model_type, num_hidden_layers: 4 }), ...extra });
      for (const type of ['diffllama', 'jais2', 'hyperclovax', 'deepseek'])
        checkRule(posenc, small(type), {}, { frequencies: invFreq(32, 1e4), notes: [] });
      checkRule(posenc, small('exaone_moe', { sliding_window: 4096 }), {}, { layersWithoutRope: [3] });
      checkRule(posenc, small('youtu', { qk_rope_head_dim: 16 }), {}, { headDim: 16, layout: 'interleaved-to-half' });
      checkRule(
        posenc,
        small('deepseek', { rope_scaling: { type: 'linear', factor: 4 } }),
        {},
        { ropeType: 'linear', frequencies: invFreq(32, 1e4).map((v) => v / 4) },
      );
    });

    test(
      'MiniCPM rotates as Llama; its longrope takes short_factor up to original_max_position_embeddings and ' +
        'long_factor past it (configuration_minicpm.py, modular_minicpm.py MiniCPMRotaryEmbedding)',
      () => {
        const minicpm = { model_type: 'minicpm', hidden_size: 256, num_attention_heads: 4, num_hidden_layers: 2 };
        checkRule(
          posenc,
          minicpm,
          {},
          { headDim: 64, rotaryDim: 64, layout: 'half', base: 1e4, frequencies: invFreq(64, 1e4), notes: [] },
        );
        checkRule(
          posenc,
          { ...minicpm, head_dim: 32, rope_theta: 5e5, partial_rotary_factor: 0.5 },
          {},
          { headDim: 32, rotaryDim: 32, frequencies: invFreq(32, 5e5) },
        );
        const short = Array.from({ length: 16 }, (_, i) => 1 + i / 16);
        const long = Array.from({ length: 16 }, (_, i) => 2 + i);
        const longrope = {
          ...minicpm,
          head_dim: 32,
          max_position_embeddings: 8192,
          rope_theta: 10000,
          rope_scaling: {
            rope_type: 'longrope',
            factor: 4,
            original_max_position_embeddings: 2048,
            short_factor: short,
            long_factor: long,
          },
        };
        // _compute_longrope_parameters: sqrt(1 + ln(factor) / ln(original_max_position_embeddings))
        const attentionFactor = Math.sqrt(1 + Math.log(4) / Math.log(2048));
        checkRule(
          posenc,
          longrope,
          { seqLen: 2048 },
          { ropeType: 'longrope', attentionFactor, frequencies: invFreq(32, 1e4).map((f, i) => f / short[i]) },
        );
        checkRule(
          posenc,
          longrope,
          { seqLen: 2049 },
          { ropeType: 'longrope', attentionFactor, frequencies: invFreq(32, 1e4).map((f, i) => f / long[i]) },
        );
      },
    );

    test(
      "DeepSeek-OCR-2's text model rotates as Llama over hidden_size // heads, its text_config read as that " +
        'class whatever model_type it names (configuration_deepseek_ocr2.py, modular_deepseek_ocr2.py)',
      () => {
        const text = {
          model_type: 'deepseek_ocr2_text',
          hidden_size: 1280,
          num_attention_heads: 10,
          head_dim: 64,
          qk_rope_head_dim: 64,
        };
        const ocr = { model_type: 'deepseek_ocr2', text_config: text };
        checkRule(
          posenc,
          ocr,
          {},
          { headDim: 128, rotaryDim: 128, layout: 'half', base: 1e4, frequencies: invFreq(128, 1e4), notes: [] },
        );
        checkRule(posenc, text, {}, { headDim: 128, layout: 'half', frequencies: invFreq(128, 1e4) });
        const named = { ...ocr, text_config: { ...text, model_type: 'deepseek_v2', rope_theta: 5e4 } };
        checkRule(posenc, named, {}, { headDim: 128, layout: 'half', frequencies: invFreq(128, 5e4) });
        // DeepseekOcr2Config builds DeepseekOcr2TextConfig() (4096 / 32 heads) when there is no text_config
        checkRule(posenc, { model_type: 'deepseek_ocr2' }, {}, { headDim: 128, frequencies: invFreq(128, 1e4) });
      },
    );

    test(
      "EuroBERT and jina-embeddings-v3 (transformers' port) rotate as Llama, at 1e4 and 20000 by default " +
        '(configuration_eurobert.py, configuration_jina_embeddings_v3.py)',
      () => {
        const euro = { model_type: 'eurobert', hidden_size: 768, num_attention_heads: 12, rope_theta: 250000 };
        checkRule(
          posenc,
          euro,
          {},
          { headDim: 64, rotaryDim: 64, layout: 'half', base: 250000, frequencies: invFreq(64, 2.5e5), notes: [] },
        );
        checkRule(posenc, { model_type: 'eurobert' }, {}, { headDim: 64, base: 1e4, frequencies: invFreq(64, 1e4) });
        checkRule(
          posenc,
          { ...euro, hidden_size: 1152, num_attention_heads: 18, head_dim: 128, partial_rotary_factor: 0.5 },
          {},
          { headDim: 128, rotaryDim: 128, frequencies: invFreq(128, 2.5e5) },
        );
        const jina = { model_type: 'jina_embeddings_v3', hidden_size: 1024, num_attention_heads: 16 };
        checkRule(
          posenc,
          jina,
          {},
          { headDim: 64, rotaryDim: 64, layout: 'half', base: 20000, frequencies: invFreq(64, 2e4), notes: [] },
        );
        checkRule(posenc, { ...jina, rope_theta: 10000 }, {}, { base: 1e4, frequencies: invFreq(64, 1e4) });
        checkRule(posenc, { model_type: 'jina_embeddings_v3' }, {}, { headDim: 64, base: 20000 });
      },
    );

    test("T5Gemma 2, Dia and BLT are read from their decoder's (BLT: global) sub-config, with a note", () => {
      const t5 = {
        model_type: 't5gemma2',
        decoder: {
          model_type: 't5gemma2_decoder',
          num_hidden_layers: 6,
          rope_scaling: { rope_type: 'linear', factor: 2 },
        },
      };
      checkRule(
        posenc,
        t5,
        { layerType: 'sliding_attention' },
        { headDim: 256, frequencies: invFreq(256, 1e4), notes: [/encoder\.text_config/] },
      );
      checkRule(
        posenc,
        t5,
        { layerType: 'full_attention' },
        { ropeType: 'linear', frequencies: invFreq(256, 1e6).map((v) => v / 2) },
      );
      const dia = {
        model_type: 'dia',
        encoder_config: { model_type: 'dia_encoder' },
        decoder_config: { model_type: 'dia_decoder', rope_theta: 20000 },
      };
      checkRule(posenc, dia, {}, { headDim: 128, frequencies: invFreq(128, 2e4), notes: [/encoder_config/] });
      const blt = { model_type: 'blt', global_config: { hidden_size: 4096, num_attention_heads: 32, head_dim: 64 } };
      checkRule(
        posenc,
        blt,
        {},
        { headDim: 128, layout: 'interleaved', frequencies: invFreq(128, 5e5), notes: [/global transformer/] },
      );
      checkRule(posenc, { model_type: 'blt_patcher' }, {}, { headDim: 64, frequencies: invFreq(64, 1e4), notes: [] });
    });

    test("Qwen's first generation reads kv_channels, rotary_pct and rotary_emb_base, never rope_scaling", () => {
      const qwen = { model_type: 'qwen', hidden_size: 4096, num_attention_heads: 32 };
      checkRule(
        posenc,
        { ...qwen, kv_channels: 128, rotary_emb_base: 10000, rope_theta: 5 },
        {},
        { rotaryDim: 128, frequencies: invFreq(128, 1e4), notes: [/use_dynamic_ntk/] },
      );
      checkRule(
        posenc,
        { ...qwen, rotary_pct: 0.5, rotary_emb_base: 20000, rope_scaling: { type: 'linear', factor: 4 } },
        {},
        { rotaryDim: 64, frequencies: invFreq(64, 2e4) },
      );
      checkRule(posenc, { ...tiny({ model_type: 'minicpmv' }), head_dim: 128 }, {}, { headDim: 128, notes: [] });
    });

    test('Laguna and Mellum build a dict per layer type and read no legacy key (configuration_laguna.py)', () => {
      const laguna = { model_type: 'laguna', hidden_size: 2048, num_attention_heads: 48 };
      const legacy = { ...laguna, rope_theta: 1e6, partial_rotary_factor: 1 };
      const full = { layerType: 'full_attention' };
      checkRule(posenc, legacy, full, { headDim: 128, rotaryDim: 64, frequencies: invFreq(64, 5e5), notes: [] });
      checkRule(posenc, laguna, { layerType: 'sliding_attention' }, { rotaryDim: 128, frequencies: invFreq(128, 1e4) });
      const given = {
        ...laguna,
        rope_parameters: {
          full_attention: { rope_type: 'default', rope_theta: 1e6, partial_rotary_factor: 0.25 },
          sliding_attention: { rope_type: 'default', rope_theta: 1e4 },
        },
      };
      checkRule(posenc, given, full, { rotaryDim: 32, frequencies: invFreq(32, 1e6) });
      const mellum = { model_type: 'mellum', hidden_size: 2304, num_attention_heads: 32, rope_theta: 1e6 };
      checkRule(posenc, mellum, full, { frequencies: invFreq(128, 5e5) });
      checkRule(posenc, mellum, { layerType: 'sliding_attention' }, { frequencies: invFreq(128, 1e4) });
    });

    test('ZAYA reads one dict per layer type in use, over half its 128-wide head (modular_zaya.py)', () => {
      const zaya = { model_type: 'zaya', hidden_size: 2048, num_attention_heads: 8, num_hidden_layers: 4 };
      // no rope_parameters: hybrid at 5e6 and hybrid_sliding at 1e4, each turning 64 of 128 features
      checkRule(posenc, zaya, {}, { layerType: 'hybrid', headDim: 128, rotaryDim: 64, frequencies: invFreq(64, 5e6) });
      checkRule(posenc, zaya, { layerType: 'hybrid_sliding' }, { rotaryDim: 64, frequencies: invFreq(64, 1e4) });
      // the hub's form: both types beside a stray rope_type, while every layer is "hybrid"
      const hub = {
        ...zaya,
        layer_types: ['hybrid', 'hybrid', 'hybrid', 'hybrid'],
        rope_parameters: {
          hybrid: { rope_type: 'default', rope_theta: 2e6, partial_rotary_factor: 0.25 },
          hybrid_sliding: { rope_type: 'default', rope_theta: 1e4, partial_rotary_factor: 0.5 },
          rope_type: 'default',
        },
      };
      checkRule(posenc, hub, {}, { layerTypes: ['hybrid'], rotaryDim: 32, frequencies: invFreq(32, 2e6), notes: [] });
      checkError(
        posenc,
        { ...zaya, rope_parameters: { rope_type: 'default', rope_theta: 1e6 } },
        {},
        /rope_parameters/,
      );
      checkError(posenc, { ...zaya, rope_parameters: { hybrid: { rope_type: 'default' } } }, {}, /rope_theta/);
    });

    test('OLMo Hybrid rotates its full-attention layers only, and a null base is no RoPE at all', () => {
      const olmo = { model_type: 'olmo_hybrid', hidden_size: 3840, num_attention_heads: 30 };
      checkRule(
        posenc,
        { ...olmo, num_hidden_layers: 8, head_dim: 64 },
        {},
        { headDim: 128, frequencies: invFreq(128, 1e4), layersWithoutRope: [0, 1, 2, 4, 5, 6] },
      );
      checkRule(posenc, { ...olmo, num_hidden_layers: 3 }, {}, { layersWithoutRope: [0, 1] });
      checkError(posenc, { ...olmo, rope_parameters: { rope_type: 'default', rope_theta: null } }, {}, /null/);
      checkError(posenc, { ...olmo, rope_theta: null }, {}, /null/);
      checkRule(posenc, { ...olmo, rope_parameters: null }, {}, { frequencies: invFreq(128, 1e4) });
    });

    test('Step-3.5 collapses its per-layer bases and partial factors by layer type (configuration_step3p7.py)', () => {
      const step = {
        model_type: 'step3p7',
        text_config: {
          model_type: 'step3p5',
          num_hidden_layers: 4,
          layer_types: ['full_attention', 'sliding_attention', 'sliding_attention', 'full_attention'],
          rope_theta: [5e6, 1e4, 2e4, 6e6, 9, 9],
          partial_rotary_factors: [0.5, 1, 1, 0.5, 0.1, 0.1],
          rope_scaling: { rope_type: 'linear', factor: 2 },
        },
      };
      checkRule(
        posenc,
        step,
        { layerType: 'full_attention' },
        { ropeType: 'linear', rotaryDim: 64, frequencies: invFreq(64, 6e6).map((v) => v / 2) },
      );
      checkRule(
        posenc,
        step,
        { layerType: 'sliding_attention' },
        { ropeType: 'default', rotaryDim: 128, frequencies: invFreq(128, 2e4) },
      );
      checkRule(posenc, { model_type: 'step3p5', rope_theta: 5e5 }, {}, { layerTypes: ['full_attention'] });
      checkError(posenc, { model_type: 'step3p5', num_hidden_layers: 4, rope_theta: [1e4, 1e4] }, {}, /rope_theta/);
    });

    test('DeepSeek-V4: the main set in sliding layers, the compress set (YaRN, attention 1) in the others', () => {
      const ratios = [0, 0, 4, 128, ...Array.from({ length: 39 }, (_, i) => (i % 2 ? 4 : 128)), 0];
      const flash = {
        model_type: 'deepseek_v4',
        hidden_size: 4096,
        num_attention_heads: 64,
        head_dim: 512,
        num_hidden_layers: 43,
        qk_rope_head_dim: 64,
        rope_theta: 10000,
        compress_rope_theta: 160000,
        rope_scaling: {
          type: 'yarn',
          factor: 16,
          beta_fast: 32,
          beta_slow: 1,
          original_max_position_embeddings: 65536,
        },
        compress_ratios: ratios,
      };
      const slice = { headDim: 512, rotaryDim: 64, layout: 'interleaved' };
      checkRule(
        posenc,
        flash,
        { layerType: 'sliding_attention' },
        { ...slice, ropeType: 'default', frequencies: invFreq(64, 1e4), notes: [/last 64 features/] },
      );
      for (const layerType of ['compressed_sparse_attention', 'heavily_compressed_attention'])
        checkRule(posenc, flash, { layerType }, { ...slice, ropeType: 'yarn', base: 160000, attentionFactor: 1 });
      checkRule(
        posenc,
        { model_type: 'deepseek_v4', num_hidden_layers: 4 },
        {},
        {
          layerTypes: ['heavily_compressed_attention', 'compressed_sparse_attention'],
          frequencies: invFreq(64, 1.6e5),
        },
      );
      const saved = {
        model_type: 'deepseek_v4',
        num_hidden_layers: 2,
        layer_types: ['sliding_attention', 'heavily_compressed_attention'],
        rope_parameters: {
          main: { rope_type: 'default', rope_theta: 20000, partial_rotary_factor: 0.25 },
          compress: { rope_type: 'default', rope_theta: 40000, partial_rotary_factor: 0.125 },
        },
      };
      checkRule(posenc, saved, { layerType: 'sliding_attention' }, { rotaryDim: 128, frequencies: invFreq(128, 2e4) });
      checkError(posenc, { model_type: 'deepseek_v4', rope_parameters: { full_attention: {} } }, {}, /main/);
      checkError(posenc, { model_type: 'deepseek_v4', num_hidden_layers: 2, compress_ratios: [0, 8, 0] }, {}, /8/);
    });

    test('PaddleOCR-VL, GLM-Image and ERNIE 4.5 VL: their text models, sections as their code splits them', () => {
      const paddle = {
        model_type: 'paddleocr_vl',
        hidden_size: 1024,
        num_attention_heads: 16,
        rope_parameters: { rope_type: 'default', rope_theta: 500000, mrope_section: [16, 24, 24] },
      };
      checkRule(
        posenc,
        paddle,
        {},
        { headDim: 128, layout: 'half', sections: [16, 24, 24], frequencies: invFreq(128, 5e5), notes: [] },
      );
      const glm = {
        model_type: 'glm_image',
        text_config: {
          model_type: 'glm_image_text',
          rope_parameters: { rope_type: 'default', rope_theta: 10000, partial_rotary_factor: 0.5 },
        },
      };
      checkRule(
        posenc,
        glm,
        {},
        { rotaryDim: 64, layout: 'half', sections: [8, 12, 12], frequencies: invFreq(64, 1e4) },
      );
      const ernie = {
        model_type: 'ernie4_5_vl_moe',
        text_config: {
          head_dim: 64,
          rope_parameters: { rope_type: 'default', rope_theta: 500000, mrope_section: [22, 22, 20] },
        },
      };
      checkRule(
        posenc,
        ernie,
        {},
        { headDim: 128, layout: 'interleaved', sections: null, frequencies: invFreq(128, 5e5), notes: [/3-D split/] },
      );
      const ocr = {
        model_type: 'hunyuan_vl',
        hidden_size: 1024,
        num_attention_heads: 16,
        head_dim: 128,
        max_position_embeddings: 32768,
        rope_theta: 10000,
        rope_scaling: { alpha: 1000, factor: 1, type: 'xdrope', xdrope_section: [16, 16, 16, 16] },
      };
      const alphaBase = 1e4 * 1000 ** (128 / 126);
      checkRule(
        posenc,
        ocr,
        {},
        { ropeType: 'dynamic', frequencies: invFreq(128, alphaBase), notes: [/four position axes/] },
      );
    });

    test("MiMo-V2-Flash turns a third of its head in both layer types, at two bases (its hub config's keys)", () => {
      const flash = {
        model_type: 'mimo_v2_flash',
        hidden_size: 4096,
        num_attention_heads: 64,
        head_dim: 192,
        partial_rotary_factor: 0.334,
        rope_theta: 5e6,
        swa_rope_theta: 1e4,
      };
      const both = { headDim: 192, rotaryDim: 64, layout: 'half', notes: [] };
      checkRule(posenc, flash, { layerType: 'full_attention' }, { ...both, frequencies: invFreq(64, 5e6) });
      checkRule(posenc, flash, { layerType: 'sliding_attention' }, { ...both, frequencies: invFreq(64, 1e4) });
      const scaled = {
        ...flash,
        rope_scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 32768 },
      };
      checkRule(posenc, scaled, { layerType: 'full_attention' }, { ropeType: 'yarn', rotaryDim: 64 });
      checkRule(posenc, scaled, { layerType: 'sliding_attention' }, { ropeType: 'default' });
      checkRule(
        posenc,
        { model_type: 'mimo_v2_flash' },
        { layerType: 'sliding_attention' },
        { base: 1e4, rotaryDim: 64 },
      );
    });

    test('GTE v1.5 turns by its own fixed NTK (modeling.py NTKScalingRotaryEmbedding), its one scaling', () => {
      const gte = {
        model_type: 'new',
        hidden_size: 768,
        num_attention_heads: 12,
        max_position_embeddings: 8192,
        rope_theta: 5e5,
        rope_scaling: { type: 'ntk', factor: 2 },
      };
      // (base * f)^(-2i/d) / f^(2/d), written out again
      const fixed = Array.from({ length: 32 }, (_, i) => 1 / 1e6 ** (i / 32) / 2 ** (1 / 32));
      checkRule(posenc, gte, {}, { ropeType: 'ntk', headDim: 64, layout: 'half', frequencies: fixed, notes: [] });
      const mixed = Array.from(
        { length: 32 },
        (_, i) => 1 / 5e5 ** (i / 32) / Math.exp((Math.LN2 / 32 ** 0.5) * (i + 1) ** 0.5),
      );
      checkRule(posenc, { ...gte, rope_scaling: { type: 'ntk', factor: 2, mixed_b: 0.5 } }, {}, { frequencies: mixed });
      checkRule(posenc, { ...gte, rope_scaling: null }, {}, { ropeType: 'default', frequencies: invFreq(64, 5e5) });
      checkRule(posenc, { ...gte, rope_scaling: { type: 'ntk', factor: 1 } }, {}, { ropeType: 'default' });
      checkError(posenc, { ...gte, rope_scaling: { type: 'linear', factor: 2 } }, {}, /linear/);
      checkError(posenc, { ...gte, position_embedding_type: 'absolute' }, {}, /absolute/);
      const { flags } = posenc.llamaCppFlags(gte);
      nodeAssert.equal(flags[0], '--rope-freq-base 1000000');
      // factor^(-2/d) as the shortest decimal that reads back as the same float
      nodeAssert.equal(Math.fround(Number(flags[1].split(' ')[1])), Math.fround(2 ** (-2 / 64)));
    });

    test('Janus-Pro and DeepSeek-VL2 keep their language model in language_config (their remote code)', () => {
      const janus = {
        model_type: 'multi_modality',
        language_config: { max_position_embeddings: 16384, model_type: 'llama', num_hidden_layers: 30 },
      };
      checkRule(posenc, janus, {}, { headDim: 128, layout: 'half', frequencies: invFreq(128, 1e4), notes: [] });
      const small = { model_type: 'deepseek_v2', hidden_size: 2048, num_attention_heads: 16, num_hidden_layers: 27 };
      checkRule(
        posenc,
        { model_type: 'deepseek_vl_v2', language_config: small },
        {},
        { headDim: 64, layout: 'interleaved' },
      );
      const tiny = {
        model_type: 'deepseek_v2',
        hidden_size: 1280,
        num_attention_heads: 10,
        use_mla: false,
        qk_nope_head_dim: 0,
        qk_rope_head_dim: 0,
      };
      checkRule(
        posenc,
        { model_type: 'deepseek_vl_v2', language_config: tiny },
        {},
        {
          headDim: 128,
          rotaryDim: 128,
          layout: 'half',
          frequencies: invFreq(128, 1e4),
        },
      );
    });

    test(
      "Llama's rotation with each class's own defaults: Gemma's head 256, Yi's base, heads " +
        "split whatever head_dim says, JetMoE's kv_channels, EXAONE's num_layers",
      () => {
        for (const model_type of ['olmoe', 'falcon_h1', 'ministral', 'doge', 'mimi', 'exaone'])
          checkRule(posenc, tiny({ model_type }), {}, { layout: 'half', headDim: 32, base: 10000, notes: [] });
        for (const model_type of ['gemma', 'gemma2']) {
          checkRule(posenc, tiny({ model_type }), {}, { headDim: 256, frequencies: invFreq(256, 10000), notes: [] });
          checkRule(posenc, tiny({ model_type, head_dim: 16 }), {}, { headDim: 16 });
        }
        checkRule(posenc, tiny({ model_type: 'yi' }), {}, { base: 5e6, notes: [] });
        for (const model_type of ['internlm2', 'granitemoeshared', 'chameleon'])
          checkRule(posenc, tiny({ model_type, head_dim: 16 }), {}, { headDim: 32, notes: [] });
        checkRule(posenc, tiny({ model_type: 'jetmoe' }), {}, { headDim: 128, frequencies: invFreq(128, 1e4) });
        checkRule(posenc, tiny({ model_type: 'jetmoe', kv_channels: 64 }), {}, { headDim: 64 });
        checkRule(posenc, tiny({ model_type: 'jetmoe', kv_channels: 64, head_dim: 16 }), {}, { headDim: 16 });
      },
    );

    test(
      'Falcon: config.alibi true has no rotary embeddings; n_head / n_layer stand for ' +
        'num_attention_heads / num_hidden_layers (configuration_falcon.py)',
      () => {
        const falcon = { model_type: 'falcon', hidden_size: 256, n_head: 4, n_layer: 2, max_position_embeddings: 2048 };
        checkRule(
          posenc,
          falcon,
          {},
          {
            headDim: 64,
            rotaryDim: 64,
            layout: 'half',
            base: 10000,
            frequencies: invFreq(64, 10000),
            layersWithoutRope: [],
          },
        );
        checkRule(
          posenc,
          { ...falcon, num_attention_heads: 8, rope_theta: 20000, alibi: false },
          {},
          { headDim: 32, rotaryDim: 32, base: 20000, frequencies: invFreq(32, 20000) },
        );
        checkError(posenc, { ...falcon, alibi: true }, {}, /alibi/);
      },
    );

    test(
      'Hunyuan: a dynamic dict with alpha uses base rope_theta * alpha^(d/(d-2)) up to ' +
        'max_position_embeddings, plain dynamic NTK beyond (modeling_hunyuan_v1_dense.py)',
      () => {
        const hunyuan = (scaling, model_type = 'hunyuan_v1_dense') =>
          tiny({
            model_type,
            hidden_size: 128,
            head_dim: 64,
            max_position_embeddings: 4096,
            rope_theta: 10000,
            rope_scaling: scaling,
          });
        const alpha = { type: 'dynamic', alpha: 1000, factor: 2 };
        const alphaBase = 10000 * 1000 ** (64 / 62);
        for (const model_type of ['hunyuan_v1_dense', 'hunyuan_v1_moe']) {
          for (const seqLen of [undefined, 100, 4096]) {
            checkRule(posenc, hunyuan(alpha, model_type), withSeqLen(seqLen), {
              ropeType: 'dynamic',
              base: 10000,
              headDim: 64,
              rotaryDim: 64,
              layout: 'half',
              attentionFactor: 1,
              frequencies: invFreq(64, alphaBase),
              notes: [/alpha/],
            });
          }
        }
        // seqLen 8192 > 4096: base * (factor * 8192 / 4096 - (factor - 1)) ** (d / (d - 2)), alpha unused
        checkRule(
          posenc,
          hunyuan(alpha),
          { seqLen: 8192 },
          { ropeType: 'dynamic', base: 10000, frequencies: invFreq(64, 10000 * 3 ** (64 / 62)), notes: [/alpha/] },
        );
        // without alpha: the ordinary dynamic RoPE
        checkRule(posenc, hunyuan({ type: 'dynamic', factor: 2 }), {}, { frequencies: invFreq(64, 10000) });
        // `rope_parameters.get("alpha")` is tested for truth: 0, false and "" are no alpha
        for (const falsy of [0, false, ''])
          checkRule(
            posenc,
            hunyuan({ type: 'dynamic', factor: 2, alpha: falsy }),
            {},
            { frequencies: invFreq(64, 1e4) },
          );
        // factor stays required, as for any dynamic dict
        checkError(posenc, hunyuan({ type: 'dynamic', alpha: 1000 }), {}, /factor/, Error);
      },
    );

    test(
      "DeepSeek-V2 rotates adjacent pairs of qk_rope_head_dim; Gemma 3n has Gemma 3's two layer types; " +
        "Mllama's cross-attention layers take no RoPE (modeling_deepseek_v2.py, configuration_gemma3n.py, " +
        'modeling_mllama.py)',
      () => {
        checkRule(
          posenc,
          tiny({ model_type: 'deepseek_v2', qk_rope_head_dim: 16, qk_nope_head_dim: 32, rope_theta: 10000 }),
          {},
          { headDim: 16, rotaryDim: 16, layout: 'interleaved', frequencies: invFreq(16, 10000), notes: [] },
        );
        const gemma3n = { model_type: 'gemma3n', text_config: { model_type: 'gemma3n_text', hidden_size: 2048 } };
        checkRule(
          posenc,
          gemma3n,
          { layerType: 'sliding_attention' },
          { headDim: 256, frequencies: invFreq(256, 1e4) },
        );
        checkRule(posenc, gemma3n, { layerType: 'full_attention' }, { headDim: 256, frequencies: invFreq(256, 1e6) });
        const mllama = (extra) => ({
          model_type: 'mllama',
          text_config: { model_type: 'mllama_text_model', hidden_size: 64, num_attention_heads: 2, ...extra },
        });
        checkRule(
          posenc,
          mllama({ num_hidden_layers: 40 }),
          {},
          { base: 500000, layersWithoutRope: [3, 8, 13, 18, 23, 28, 33, 38], notes: [/no RoPE/] },
        );
        checkRule(
          posenc,
          mllama({ num_hidden_layers: 6, cross_attention_layers: [5, 1] }),
          {},
          {
            layersWithoutRope: [1, 5],
          },
        );
        checkError(posenc, mllama({ num_hidden_layers: 6, cross_attention_layers: [6] }), {}, /cross_attention_layers/);
      },
    );

    test(
      'Qwen3.5 (interleaved M-RoPE [11, 11, 10] on a quarter of the head, linear-attention layers without ' +
        'RoPE), GLM-4.1V / GLM-4.5V (chunked [8, 12, 12]), Ministral 3 (YaRN by default) ' +
        '(modeling_qwen3_5.py, modeling_glm4v.py, modeling_glm4v_moe.py, configuration_ministral3.py)',
      () => {
        const qwen35 = {
          model_type: 'qwen3_5',
          text_config: { model_type: 'qwen3_5_text', hidden_size: 4096, num_hidden_layers: 8, rope_theta: 1e7 },
        };
        checkRule(
          posenc,
          qwen35,
          {},
          {
            headDim: 256,
            rotaryDim: 64,
            frequencies: invFreq(64, 1e7),
            sections: [11, 11, 10],
            interleavedSections: true,
            layersWithoutRope: [0, 1, 2, 4, 5, 6],
          },
        );
        const glm4v = (extra) => ({
          model_type: 'glm4v',
          text_config: { model_type: 'glm4v_text', hidden_size: 4096, num_attention_heads: 32, ...extra },
        });
        checkRule(
          posenc,
          glm4v({ partial_rotary_factor: 0.5 }),
          {},
          {
            layout: 'interleaved',
            rotaryDim: 64,
            sections: [8, 12, 12],
            interleavedSections: false,
          },
        );
        checkError(posenc, glm4v({}), {}, /mrope_section/);
        const glm45v = { model_type: 'glm4v_moe_text', head_dim: 128, hidden_size: 4096, num_attention_heads: 96 };
        checkRule(posenc, glm45v, {}, { layout: 'half', rotaryDim: 64, sections: [8, 12, 12] });
        const ministral = { model_type: 'ministral3', hidden_size: 4096, num_attention_heads: 32 };
        checkRule(
          posenc,
          ministral,
          {},
          {
            ropeType: 'yarn',
            base: 1e6,
            headDim: 128,
            attentionFactor: 1,
            notes: [/llama_4_scaling_beta/],
          },
        );
      },
    );

    test(
      'Cosmos3 Edge: interleaved M-RoPE [24, 20, 20] at 1e8 over head_dim 128 unless rope_parameters says ' +
        'otherwise, then rotate_half (configuration_cosmos3_edge.py, modular_cosmos3_edge.py)',
      () => {
        const text = { model_type: 'cosmos3_edge_text', hidden_size: 2048, num_attention_heads: 16, head_dim: 128 };
        const edge = { model_type: 'cosmos3_edge', text_config: text };
        const mrope = { sections: [24, 20, 20], interleavedSections: true };
        checkRule(
          posenc,
          edge,
          {},
          {
            ...mrope,
            ropeType: 'default',
            headDim: 128,
            rotaryDim: 128,
            layout: 'half',
            base: 1e8,
            frequencies: invFreq(128, 1e8),
            notes: [],
          },
        );
        // Cosmos3EdgeConfig builds Cosmos3EdgeTextConfig() when there is no text_config
        checkRule(posenc, { model_type: 'cosmos3_edge' }, {}, { ...mrope, headDim: 128, base: 1e8 });
        // __post_init__ writes rope_theta 1e8 into the dict it makes, so convert_rope_params_to_dict's
        // setdefault leaves a top-level rope_theta unread
        checkRule(posenc, { ...text, rope_theta: 5e5 }, {}, { ...mrope, base: 1e8, frequencies: invFreq(128, 1e8) });
        const given = { rope_type: 'default', rope_theta: 1e6, mrope_section: [16, 24, 24] };
        // the text_config dict becomes Cosmos3EdgeTextConfig whatever model_type it names
        checkRule(
          posenc,
          { ...edge, text_config: { ...text, model_type: 'llama', rope_parameters: given } },
          {},
          { sections: [16, 24, 24], interleavedSections: true, base: 1e6, frequencies: invFreq(128, 1e6) },
        );
        checkRule(
          posenc,
          { ...text, head_dim: 64, rope_parameters: { ...given, mrope_section: [12, 10, 10] } },
          {},
          { headDim: 64, rotaryDim: 64, sections: [12, 10, 10], frequencies: invFreq(64, 1e6) },
        );
        // validate_architecture: rope_type 'default' only, and mrope_section read without a default
        checkError(
          posenc,
          { ...text, rope_parameters: { rope_type: 'default', rope_theta: 1e6 } },
          {},
          /mrope_section/,
        );
        checkError(posenc, { ...text, rope_scaling: { rope_type: 'linear', factor: 2 } }, {}, /linear/);
      },
    );

    test('only the multimodal classes read mrope_section; a Llama-like model ignores it (modeling_llama.py)', () => {
      const sections = { rope_type: 'default', mrope_section: [16, 24, 24], mrope_interleaved: true };
      checkRule(posenc, tiny({ model_type: 'mixtral', rope_scaling: sections }), {}, { sections: null, notes: [] });
      checkRule(
        posenc,
        tiny({ model_type: 'my_vlm', rope_scaling: sections }),
        {},
        {
          sections: null,
          notes: [/'my_vlm'.*Llama/s],
        },
      );
    });

    test(
      'RoFormer turns adjacent pairs of the whole head with base 10000 and reads no RoPE keys ' +
        '(modeling_roformer.py RoFormerSinusoidalPositionalEmbedding)',
      () => {
        const roformer = {
          model_type: 'roformer',
          hidden_size: 768,
          num_attention_heads: 12,
          max_position_embeddings: 1536,
        };
        const expect = {
          layout: 'interleaved',
          headDim: 64,
          rotaryDim: 64,
          base: 10000,
          frequencies: invFreq(64, 1e4),
        };
        checkRule(posenc, roformer, {}, { ...expect, notes: [] });
        checkRule(
          posenc,
          { ...roformer, rotary_dim: 16, rope_theta: 5, rope_scaling: { type: 'linear', factor: 4 } },
          {},
          expect,
        );
        checkRule(posenc, { ...roformer, rotary_value: true }, {}, { ...expect, notes: [/rotary_value/] });
      },
    );

    test(
      'ModernBERT: global_rope_theta for the full layers, local_rope_theta for the sliding ones, rope_scaling ' +
        'for both, head_dim = hidden_size // heads (configuration_modernbert.py)',
      () => {
        const bert = {
          model_type: 'modernbert',
          hidden_size: 768,
          num_attention_heads: 12,
          head_dim: 128,
          global_rope_theta: 160000,
          local_rope_theta: 10000,
          rope_theta: 5,
          num_hidden_layers: 22,
        };
        const layerTypes = ['sliding_attention', 'full_attention'];
        checkRule(posenc, bert, {}, { layerTypes, headDim: 64, base: 160000, frequencies: invFreq(64, 160000) });
        checkRule(posenc, bert, { layerType: 'sliding_attention' }, { base: 10000, frequencies: invFreq(64, 1e4) });
        const scaled = { ...bert, rope_scaling: { rope_type: 'linear', factor: 2 } };
        const halved = (f) => f.map((x) => x / 2);
        checkRule(posenc, scaled, {}, { ropeType: 'linear', frequencies: halved(invFreq(64, 160000)) });
        checkRule(
          posenc,
          scaled,
          { layerType: 'sliding_attention' },
          { ropeType: 'linear', frequencies: halved(invFreq(64, 1e4)) },
        );
      },
    );

    test(
      "Phi-3.5-MoE's attention factor is short_mscale, or long_mscale past original_max_position_embeddings, " +
        "not longrope's (modeling_phimoe.py PhimoeRotaryEmbedding.forward)",
      () => {
        const factors = { short_factor: Array(32).fill(1), long_factor: Array(32).fill(2) };
        const moe = (extra = {}) => ({
          model_type: 'phimoe',
          hidden_size: 128,
          num_attention_heads: 2,
          max_position_embeddings: 131072,
          rope_theta: 10000,
          rope_scaling: {
            type: 'longrope',
            original_max_position_embeddings: 4096,
            short_mscale: 1.25,
            long_mscale: 1.5,
            ...factors,
            ...extra,
          },
        });
        checkRule(posenc, moe(), {}, { attentionFactor: 1.25, frequencies: invFreq(64, 1e4) });
        checkRule(posenc, moe(), { seqLen: 4096 }, { attentionFactor: 1.25 });
        checkRule(
          posenc,
          moe(),
          { seqLen: 4097 },
          { attentionFactor: 1.5, frequencies: invFreq(64, 1e4).map((f) => f / 2) },
        );
        checkRule(posenc, moe({ attention_factor: 3 }), {}, { attentionFactor: 1.25 });
        checkRule(
          posenc,
          { model_type: 'phimoe', hidden_size: 128, num_attention_heads: 2 },
          {},
          { base: 1e6, attentionFactor: 1 },
        );
        const { short_mscale, ...noShort } = moe().rope_scaling;
        nodeAssert.equal(short_mscale, 1.25);
        checkError(posenc, { ...moe(), rope_scaling: noShort }, {}, /short_mscale/, Error);
      },
    );

    test(
      'position_embedding_type decides whether ESM and Granite 4.0 rotate; only attention blocks of Granite ' +
        'and LFM2 take RoPE (modeling_esm.py, modeling_granitemoehybrid.py, configuration_lfm2.py)',
      () => {
        const esm = { model_type: 'esm', hidden_size: 320, num_attention_heads: 20, position_embedding_type: 'rotary' };
        checkRule(posenc, { ...esm, rope_theta: 5 }, {}, { headDim: 16, rotaryDim: 16, layout: 'half', base: 10000 });
        checkError(posenc, { ...esm, position_embedding_type: 'absolute' }, {}, /absolute/);
        const granite = tiny({
          model_type: 'granitemoehybrid',
          num_hidden_layers: 4,
          rope_theta: 1e7,
          position_embedding_type: 'rope',
        });
        const layers = { layer_types: ['mamba', 'attention', 'mamba', 'mamba'] };
        checkRule(
          posenc,
          { ...granite, ...layers },
          {},
          { base: 1e7, layersWithoutRope: [0, 2, 3], notes: [/no RoPE/] },
        );
        checkRule(
          posenc,
          { ...granite, layers_block_type: ['attention', 'mamba', 'attention', 'mamba'] },
          {},
          {
            layersWithoutRope: [1, 3],
          },
        );
        checkError(posenc, { ...granite, ...layers, position_embedding_type: 'nope' }, {}, /nope/);
        checkError(posenc, granite, {}, /layer/);
        const lfm2 = tiny({ model_type: 'lfm2', num_hidden_layers: 5 });
        checkRule(
          posenc,
          { ...lfm2, layer_types: ['conv', 'full_attention', 'conv', 'conv', 'full_attention'] },
          {},
          {
            base: 1e6,
            layersWithoutRope: [0, 2, 3],
          },
        );
        checkRule(posenc, { ...lfm2, full_attn_idxs: [4, 1] }, {}, { layersWithoutRope: [0, 2, 3] });
        checkRule(posenc, lfm2, {}, { layersWithoutRope: [], notes: [] });
      },
    );

    test("Bamba: attention in attn_layer_indices only; main's default RoPE takes the whole head", () => {
      const bamba = tiny({ model_type: 'bamba', num_hidden_layers: 4, attn_layer_indices: [1, 3] });
      checkRule(posenc, bamba, {}, { rotaryDim: 32, layersWithoutRope: [0, 2], notes: [/no RoPE/, /4\.x/] });
      // the scaled types read the forced 0.5
      checkRule(posenc, { ...bamba, rope_scaling: { rope_type: 'linear', factor: 2 } }, {}, { rotaryDim: 16 });
      checkError(posenc, tiny({ model_type: 'bamba', num_hidden_layers: 4 }), {}, /layer|attention/);
    });

    test('Zamba2 rotates only with use_mem_rope, in its hybrid layers, on heads of 2 * hidden / heads', () => {
      const zamba = {
        model_type: 'zamba2',
        hidden_size: 2560,
        num_attention_heads: 32,
        num_hidden_layers: 4,
        use_mem_rope: true,
        layers_block_type: ['mamba', 'hybrid', 'mamba', 'hybrid'],
      };
      checkRule(posenc, zamba, {}, { headDim: 160, frequencies: invFreq(160, 1e4), layersWithoutRope: [0, 2] });
      const defaults = checkRule(posenc, { model_type: 'zamba2', use_mem_rope: true }, {}, { headDim: 160 });
      nodeAssert.equal(defaults.layersWithoutRope.length, 45);
      checkError(posenc, { ...zamba, use_mem_rope: false }, {}, /use_mem_rope/);
    });

    test('Helium turns adjacent pairs of a 128-wide head at base 1e5 (modular_helium.py)', () => {
      checkRule(
        posenc,
        { model_type: 'helium', hidden_size: 2560, num_attention_heads: 20 },
        {},
        {
          layout: 'interleaved',
          headDim: 128,
          base: 1e5,
          frequencies: invFreq(128, 1e5),
          notes: [],
        },
      );
    });

    test("GLM-4.7-Flash: DeepSeek-V3's MLA slice, pairs in, halves out, GLM's partial factor (glm4_moe_lite)", () => {
      const flash = {
        model_type: 'glm4_moe_lite',
        hidden_size: 2048,
        num_attention_heads: 20,
        qk_rope_head_dim: 64,
        qk_nope_head_dim: 192,
        rope_theta: 1e6,
      };
      checkRule(
        posenc,
        flash,
        {},
        {
          headDim: 64,
          rotaryDim: 64,
          layout: 'interleaved-to-half',
          frequencies: invFreq(64, 1e6),
          notes: [],
        },
      );
      checkRule(
        posenc,
        { ...flash, partial_rotary_factor: 0.5, rope_interleave: false },
        {},
        {
          rotaryDim: 32,
          layout: 'half',
          frequencies: invFreq(32, 1e6),
        },
      );
    });

    test('encoders with relative or absolute positions, Jamba, Mamba and RWKV have no rotary embeddings', () => {
      // every model type the reference knows to have no rotary embeddings
      for (const model_type of NO_ROPE) {
        checkError(posenc, tiny({ model_type }), {}, new RegExp(`'${model_type}'`));
      }
    });

    test('CodeGen is read exactly as GPT-J (modeling_codegen.py; configuration_codegen.py rotary_dim=64)', () => {
      const shape = { n_embd: 256, n_head: 2, rotary_dim: 32, rope_theta: 500000 };
      const gptj = checkRule(
        posenc,
        { model_type: 'gptj', ...shape },
        {},
        { layout: 'interleaved', headDim: 128, rotaryDim: 32, base: 10000, frequencies: invFreq(32, 10000) },
      );
      checkRule(
        posenc,
        { model_type: 'codegen', ...shape },
        {},
        { layout: 'interleaved', headDim: 128, rotaryDim: 32, base: 10000, frequencies: gptj.frequencies },
      );
      checkRule(posenc, { model_type: 'codegen', n_embd: 256, n_head: 2 }, {}, { rotaryDim: 64 });
    });

    test(
      "an unknown model_type is read with Llama's rules plus a note naming it; the listed " +
        'Llama-like types (Mixtral, Gemma, Granite, OLMo ...) are known and give no note',
      () => {
        const llama = checkRule(posenc, tiny({ partial_rotary_factor: 0.5 }), {}, { notes: [] });
        checkRule(
          posenc,
          tiny({ model_type: 'foo_bar', partial_rotary_factor: 0.5 }),
          {},
          {
            headDim: 32,
            rotaryDim: 32,
            layout: 'half',
            base: 10000,
            frequencies: llama.frequencies,
            notes: [/'foo_bar'.*Llama|Llama.*'foo_bar'/s],
          },
        );
        // a width given as rotary_dim (as MiniMax-M2 writes it) is named, not applied
        const named = tiny({ model_type: 'foo_baz', rotary_dim: 16 });
        checkRule(posenc, named, {}, { rotaryDim: 32, notes: [/'foo_baz'/] });
        assertNote(posenc.ropeFromConfig(named), /config\.rotary_dim = 16 was not applied/, 'foo_baz');
        for (const model_type of LLAMA_LIKE) {
          checkRule(
            posenc,
            tiny({ model_type, partial_rotary_factor: 0.5 }),
            {},
            { headDim: 32, rotaryDim: 32, layout: 'half', base: 10000, frequencies: invFreq(32, 10000), notes: [] },
          );
        }
      },
    );
  });
}
