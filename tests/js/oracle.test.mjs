// posenc.ropeFromConfig against what transformers 5.17.0 itself computes (tests/oracles/README.md): for every
// model type, variant and layer type of the oracle, the config as transformers saves it goes in, and the
// inverse frequencies, the attention factor and the pairs its apply_rotary_pos_emb turns must come out.
// Every table is equal, or listed in EXCEPTIONS with the outcome it has and why; a listed table that
// starts to agree fails too, so the list cannot go stale.
import nodeAssert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { importPosenc } from './helpers.mjs';

const ORACLE = JSON.parse(readFileSync(new URL('../oracles/transformers-5.17.0-rope.json', import.meta.url), 'utf8'));

const { load } = await importPosenc();
const posenc = await load();

const VIEWS_MODULE_PAIRS =
  "the oracle's pairing is the module's apply_rotary_pos_emb (halves), which runs only with rope_interleave " +
  'false; with it true (the default) the attention calls apply_rotary_pos_emb_interleave, adjacent pairs in ' +
  "and halves out: posenc's 'interleaved-to-half' (checked with rope_interleave false below)";
/** MLA types whose attention turns adjacent pairs into halves whatever rope_interleave says, and why. */
const ALWAYS_INTERLEAVED = {
  axk2:
    "the oracle's pairing is the module's apply_rotary_pos_emb (halves), which AXK2Attention never calls: it " +
    "turns the rope slice by apply_rotary_pos_emb_interleave, rope_interleave or not (posenc's 'interleaved-to-half')",
};
const GLM_V_DEFAULTS =
  'class defaults are not a real model: no partial_rotary_factor, so 64 pairs, while the default ' +
  'mrope_section [8, 12, 12] covers 32 (the checkpoints state partial_rotary_factor 0.5)';
const GLM_MOE_HEAD = 'class defaults are not a real model: 4096 / 96 heads gives a 42-wide head, half of it 21';
const OMNI_HIDDEN = 'class defaults are not a real model: the thinker text config has hidden_size 73';

/**
 * Tables that are not equal, by `type`, `type/variant` or `type/variant/layerType` (the most specific key
 * wins): `refused` (ropeFromConfig throws) or `different` (it returns other numbers or other pairs).
 */
const EXCEPTIONS = {
  axk1: { different: VIEWS_MODULE_PAIRS },
  axk2: { different: ALWAYS_INTERLEAVED.axk2 },
  bamba: { refused: 'class defaults list no attention layer (attn_layer_indices): no layer applies RoPE' },
  deepseek_v3: { different: VIEWS_MODULE_PAIRS },
  deepseek_v32: { different: VIEWS_MODULE_PAIRS },
  'deepseek_v4/default/main': {
    refused: 'the class default lists no sliding-window layer, the only layers the main set turns',
  },
  efficientloftr: {
    refused:
      "an image matcher's 2-D RoPE alternating row and column from one frequency to the next over the whole " +
      "hidden state, which rope()'s axial RoPE (two runs of pairs a head, one axis each) cannot express",
  },
  eomt_dinov3: {
    refused:
      "DINOv3's 2-D RoPE over patch centres normalised to [-1, 1] by the image's grid: no integer grid " +
      'positions at fixed frequencies express it',
  },
  esm: { refused: "class default position_embedding_type is 'absolute': the model has no rotary embeddings" },
  glm46v: { refused: GLM_V_DEFAULTS },
  glm4_moe: { refused: GLM_MOE_HEAD },
  glm4_moe_lite: { different: VIEWS_MODULE_PAIRS },
  glm4v: { refused: GLM_V_DEFAULTS },
  glm4v_moe: { refused: GLM_MOE_HEAD },
  glm4v_moe_text: { refused: GLM_MOE_HEAD },
  glm4v_text: { refused: GLM_V_DEFAULTS },
  glm_image: { refused: GLM_V_DEFAULTS },
  glm_image_text: { refused: GLM_V_DEFAULTS },
  glmga: { refused: GLM_V_DEFAULTS },
  granitemoehybrid: {
    refused: 'class default position_embedding_type is null: the model has no rotary embeddings',
  },
  kimi_k25: { different: VIEWS_MODULE_PAIRS },
  mistral4: { different: VIEWS_MODULE_PAIRS },
  nomic_bert: { refused: 'class default rotary_emb_fraction is 0: nothing rotates' },
  qwen3_omni_moe: { refused: OMNI_HIDDEN },
  qwen3_omni_moe_text: { refused: OMNI_HIDDEN },
  qwen3_omni_moe_thinker: { refused: OMNI_HIDDEN },
  youtu: { different: VIEWS_MODULE_PAIRS },
  zamba2: { refused: 'class default use_mem_rope is false: the model has no rotary embeddings' },
};

/** Every table of the oracle: one per type, variant and layer type ('-': the class keeps one table). */
function oracleTables() {
  const tables = [];
  for (const [type, variants] of Object.entries(ORACLE.types)) {
    for (const [variant, v] of Object.entries(variants)) {
      if (!v.rotary) continue; // transformers refused the config itself (v.error)
      const seen = new Set();
      for (const r of v.rotary) {
        if (r.error) continue; // transformers could not build this class on the defaults
        for (const [layerType, table] of Object.entries(r.tables)) {
          // classes built twice (text model and wrapper) hold the same table: compared once
          if (seen.has(layerType)) continue;
          seen.add(layerType);
          tables.push({ type, variant, layerType, config: v.config, table, pairing: r.pairing?.[layerType] });
        }
      }
    }
  }
  return tables;
}

/** The layout transformers' apply_rotary_pos_emb gives, from partner_of (null when it could not apply it). */
function oracleLayout(pairing) {
  if (!pairing || typeof pairing !== 'object') return null;
  const partner = pairing.partner_of[0];
  return partner === 1 ? 'interleaved' : partner === pairing.dim / 2 ? 'half' : `partner ${partner}`;
}

/**
 * The frequency each pair turns at, from a class's inv_freq buffer. Ernie 4.5 VL keeps its buffer permuted
 * (modeling_ernie4_5_vl_moe.py compute_default_rope_parameters: the even, then the odd pairs of the first
 * mrope_section[0] + mrope_section[1]), and its forward's recomposition_to_3d stacks the two runs back
 * pairwise (h0 w0 h1 w1 ...) before the last mrope_section[2]: pair 2i turns at inv_freq[i], pair 2i + 1 at
 * inv_freq[h + i].
 */
function perPair(type, invFreq, config) {
  if (type !== 'ernie4_5_vl_moe' && type !== 'ernie4_5_vl_moe_text') return invFreq;
  const [h, w] = (config.text_config ?? config).rope_parameters?.mrope_section ?? [22, 22, 20];
  nodeAssert.equal(h, w, `${type}: recomposition_to_3d stacks runs of equal length`);
  const pairs = [];
  for (let i = 0; i < h; i++) pairs.push(invFreq[i], invFreq[h + i]);
  return [...pairs, ...invFreq.slice(h + w)];
}

/** What differs between a ropeFromConfig result and the oracle's table ([] when they agree). */
function differences(r, { type, config, table, pairing }) {
  const found = [];
  const want = perPair(type, table.inv_freq, config);
  if (r.frequencies.length !== want.length) {
    found.push(`${r.frequencies.length} frequencies, transformers ${want.length}`);
  } else {
    for (let i = 0; i < want.length; i++) {
      const got = r.frequencies[i];
      const ok = want[i] === 0 ? got === 0 : Math.abs(got - want[i]) <= 1e-6 * Math.abs(want[i]);
      if (!ok) {
        found.push(`frequencies[${i}] ${got}, transformers ${want[i]}`);
        break;
      }
    }
  }
  if (!(Math.abs(r.attentionFactor - table.attention_scaling) <= 1e-6)) {
    found.push(`attentionFactor ${r.attentionFactor}, transformers ${table.attention_scaling}`);
  }
  const layout = oracleLayout(pairing);
  if (layout !== null) {
    if (r.layout !== layout) found.push(`layout ${r.layout}, transformers ${layout}`);
    if (r.rotaryDim !== pairing.dim) found.push(`rotaryDim ${r.rotaryDim}, transformers rotates ${pairing.dim}`);
  }
  return found;
}

/**
 * The layer type posenc is asked for. DeepSeek-V4's rotary keys its two tables by rope set, 'main' for the
 * sliding-window layers and 'compress' for the compressed ones (modeling_deepseek_v4.py); posenc keys them by
 * the config's layer types, so the compressed set is compared on the first compressed layer type.
 */
function posencLayerType({ type, layerType, config }) {
  if (type !== 'deepseek_v4') return layerType;
  if (layerType === 'main') return 'sliding_attention';
  return (config.layer_types ?? []).find((name) => name !== 'sliding_attention');
}

/** 'equal', 'refused' or 'different', with what was found. */
function outcomeOf(t) {
  let r;
  const layerType = posencLayerType(t);
  try {
    r = posenc.ropeFromConfig(t.config, layerType === '-' ? {} : { layerType });
  } catch (e) {
    return { outcome: 'refused', detail: `${e.name}: ${e.message}` };
  }
  const found = differences(r, t);
  return found.length ? { outcome: 'different', detail: found.join('; ') } : { outcome: 'equal', detail: '' };
}

/** The EXCEPTIONS key that covers a table, the most specific first (undefined: none). */
function exceptionKey({ type, variant, layerType }) {
  return [`${type}/${variant}/${layerType}`, `${type}/${variant}`, type].find((key) => key in EXCEPTIONS);
}

const TABLES = oracleTables();
const RESULTS = TABLES.map((t) => ({ ...t, ...outcomeOf(t) }));

test('the oracle is the one its README names, with every table read', () => {
  nodeAssert.equal(ORACLE.transformers, '5.17.0');
  nodeAssert.equal(Object.keys(ORACLE.types).length, 262);
  nodeAssert.equal(TABLES.length, 433);
});

test('every table equals transformers 5.17.0, or is an exception with its outcome and reason', () => {
  const wrong = [];
  for (const r of RESULTS) {
    const key = exceptionKey(r);
    const listed = key === undefined ? 'equal' : Object.keys(EXCEPTIONS[key])[0];
    if (r.outcome !== listed) {
      const where = `${r.type}/${r.variant}/${r.layerType}`;
      wrong.push(`${where}: ${r.outcome}${r.detail ? ` (${r.detail})` : ''}, listed as ${listed}`);
    }
  }
  nodeAssert.deepEqual(wrong, []);
});

test('every exception names one outcome and a reason, and covers some table', () => {
  const used = new Set(RESULTS.map(exceptionKey));
  for (const [key, entry] of Object.entries(EXCEPTIONS)) {
    const kinds = Object.keys(entry);
    nodeAssert.equal(kinds.length, 1, `${key}: one outcome`);
    nodeAssert.ok(['refused', 'different'].includes(kinds[0]), `${key}: outcome ${kinds[0]}`);
    nodeAssert.ok(entry[kinds[0]].length > 10, `${key}: a reason`);
    nodeAssert.ok(used.has(key), `${key} covers no table of the oracle`);
  }
});

test('the counts: equal, different, refused', () => {
  const counts = { equal: 0, different: 0, refused: 0 };
  for (const r of RESULTS) counts[r.outcome]++;
  // a change of these numbers is a change of the exceptions above: both move together
  nodeAssert.deepEqual(counts, { equal: 388, different: 15, refused: 30 });
});

/** The config, or its text part, that holds rope_interleave; else the part the model's fields are in. */
function interleaveHolder(config) {
  const holder = [config, config.text_config].find((c) => c && typeof c.rope_interleave === 'boolean');
  return holder ?? config.text_config ?? config;
}

test('with rope_interleave false, the models that turn adjacent pairs by default equal the oracle', () => {
  const checked = [];
  // where the oracle knows the module's pairs (LongCat-Flash's module has no apply_rotary_pos_emb)
  for (const t of RESULTS.filter((r) => r.outcome !== 'refused' && oracleLayout(r.pairing) !== null)) {
    // the types whose rope_interleave is true, as given or by their class default (DeepSeek-V3.2 states none)
    const given = posenc.ropeFromConfig(t.config, t.layerType === '-' ? {} : { layerType: t.layerType });
    const stated = interleaveHolder(t.config).rope_interleave;
    if (stated === false || (stated === undefined && given.layout !== 'interleaved-to-half')) continue;
    // a type posenc has no rules for is read as Llama, whatever rope_interleave says
    if (given.notes.some((note) => /not among the models/.test(note))) continue;
    const config = structuredClone(t.config);
    interleaveHolder(config).rope_interleave = false;
    if (t.type in ALWAYS_INTERLEAVED) {
      const r = posenc.ropeFromConfig(config, t.layerType === '-' ? {} : { layerType: t.layerType });
      nodeAssert.equal(
        r.layout,
        'interleaved-to-half',
        `${t.type}/${t.variant}/${t.layerType}: rope_interleave unread`,
      );
      continue;
    }
    const { outcome, detail } = outcomeOf({ ...t, config });
    nodeAssert.equal(outcome, 'equal', `${t.type}/${t.variant}/${t.layerType}: ${detail}`);
    // and with it true (as given), the pairs written as halves
    nodeAssert.equal(given.layout, 'interleaved-to-half', `${t.type}/${t.variant}/${t.layerType}: layout`);
    checked.push(t.type);
  }
  const types = ['axk1', 'deepseek_v3', 'deepseek_v32', 'glm4_moe_lite', 'kimi_k25', 'mistral4', 'youtu'];
  nodeAssert.deepEqual([...new Set(checked)].sort(), types);
});

/** The part of a config that gives both MLA slice widths (a nonzero rope slice), or undefined. */
function mlaHolder(config) {
  return [config, config.text_config].find((c) => c && c.qk_nope_head_dim > 0 && c.qk_rope_head_dim > 0);
}

test("qkHeadDim: the query and key head's width, transformers' qk_nope_head_dim + qk_rope_head_dim under MLA", () => {
  const mla = new Set();
  for (const t of RESULTS.filter((r) => r.outcome !== 'refused')) {
    const r = posenc.ropeFromConfig(t.config, t.layerType === '-' ? {} : { layerType: posencLayerType(t) });
    const holder = mlaHolder(t.config);
    const where = `${t.type}/${t.variant}/${t.layerType}`;
    if (!holder) {
      nodeAssert.equal(r.qkHeadDim, r.headDim, `${where}: no MLA, the whole head`);
      continue;
    }
    const width = holder.qk_nope_head_dim + holder.qk_rope_head_dim;
    nodeAssert.equal(r.qkHeadDim, width, where);
    nodeAssert.equal(r.headDim, holder.qk_rope_head_dim, `${where}: RoPE turns the rope slice`);
    if (r.notes.some((note) => /not among the models/.test(note))) continue; // no class defaults to fall back on
    // without the widths, the class's own defaults: the values transformers saved are those defaults
    const bare = structuredClone(t.config);
    delete mlaHolder(bare).qk_nope_head_dim;
    const fallback = posenc.ropeFromConfig(bare, t.layerType === '-' ? {} : { layerType: posencLayerType(t) });
    nodeAssert.equal(fallback.qkHeadDim, width, `${where} without qk_nope_head_dim`);
    mla.add(t.type);
  }
  nodeAssert.ok(mla.size >= 10, `the MLA types checked against their class defaults: ${[...mla]}`);
});

const CLASS_DEFAULT_FIELDS = ['rope_parameters', 'rope_theta', 'partial_rotary_factor', 'head_dim'];

/** A wrapper's reason: its own default text config is not the defaults of the text class it names. */
const inlineText = (wrapper, text, inline, own) =>
  `${wrapper} builds its default text_config (${inline}) only when text_config is absent; a text_config ` +
  `naming ${text} is that class, whose defaults are ${own}`;

/**
 * Types whose `default` table is equal but cannot be read from class defaults once the RoPE fields are
 * gone, and why. A listed type that reads its table all the same fails the test.
 */
const CLASS_DEFAULT_EXCEPTIONS = {
  got_ocr2: inlineText('GotOcr2Config', 'qwen2', 'base 1e6', 'base 1e4'),
  lighton_ocr: inlineText('LightOnOcrConfig', 'qwen3', 'base 1e6', 'base 1e4'),
  mistral3: inlineText('Mistral3Config', 'mistral', 'base 1e9, head_dim 128', 'base 1e4, hidden_size // heads'),
  pp_chart2table: inlineText('PPChart2TableConfig', 'qwen2', 'base 1e6', 'base 1e4'),
  voxtral: inlineText('VoxtralConfig', 'llama', 'base 1e8, head_dim 128', 'base 1e4, hidden_size // heads'),
};

/** The config without CLASS_DEFAULT_FIELDS, at the top level and in text_config. */
function withoutRopeFields(config) {
  const bare = structuredClone(config);
  for (const holder of [bare, bare.text_config].filter(Boolean))
    for (const field of CLASS_DEFAULT_FIELDS) delete holder[field];
  return bare;
}

// Every `default` table that is equal: the oracle's config is the class defaults transformers saved, so
// without its RoPE fields the class defaults posenc knows must give the same table, as transformers builds
// the missing fields from the same defaults. A type posenc has no rules for has no class defaults (it is
// read as Llama, and a note says so): not checked.
test('without its RoPE fields, every default config reads the class defaults transformers saved', () => {
  const checked = new Set();
  const wrong = [];
  for (const t of RESULTS.filter((r) => r.variant === 'default' && r.outcome === 'equal')) {
    const layerType = posencLayerType(t);
    const bare = withoutRopeFields(t.config);
    const r = posenc.ropeFromConfig(t.config, layerType === '-' ? {} : { layerType });
    if (r.notes.some((note) => /not among the models/.test(note))) continue;
    const { outcome, detail } = outcomeOf({ ...t, config: bare });
    const listed = t.type in CLASS_DEFAULT_EXCEPTIONS;
    if ((outcome === 'equal') === listed) {
      const where = `${t.type}/${t.layerType} without ${CLASS_DEFAULT_FIELDS.join(', ')}`;
      wrong.push(`${where}: ${outcome}${detail ? ` (${detail})` : ''}${listed ? ', listed as an exception' : ''}`);
    }
    checked.add(t.type);
  }
  nodeAssert.deepEqual(wrong, []);
  for (const type of Object.keys(CLASS_DEFAULT_EXCEPTIONS)) nodeAssert.ok(checked.has(type), `${type} is checked`);
  nodeAssert.ok(checked.size >= 200, `${checked.size} types checked`);
});
