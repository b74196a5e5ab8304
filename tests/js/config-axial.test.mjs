// ropeFromConfig on vision encoders with a 2-D axial RoPE (MLCD, SAM 3's ViT): the result's options, given
// the image's patch grid, make rope() turn q as the model's rotary embedding does, written out here in float64
// from modeling_mlcd.py and modeling_sam3.py; and the encoders whose 2-D RoPE rope() cannot express are refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importPosenc } from './helpers.mjs';
import { randomFloat32 } from './reference.mjs';

const { load } = await importPosenc();
const posenc = await load();

/** Largest |got - want|. */
function worst(got, want) {
  assert.equal(got.length, want.length);
  let w = 0;
  for (let i = 0; i < got.length; i++) w = Math.max(w, Math.abs(got[i] - want[i]));
  return w;
}

/** q * cos + turn(q) * sin for each token's angles (one per feature), every head of a row. */
function applyAngles(q, heads, headDim, anglesOf, turn) {
  const out = new Float64Array(q.length);
  const tokens = q.length / (heads * headDim);
  for (let t = 0; t < tokens; t++) {
    const emb = anglesOf(t);
    for (let h = 0; h < heads; h++) {
      const row = Array.from(q.subarray((t * heads + h) * headDim, (t * heads + h + 1) * headDim));
      const turned = turn(row);
      for (let i = 0; i < headDim; i++) {
        out[(t * heads + h) * headDim + i] = row[i] * Math.cos(emb[i]) + turned[i] * Math.sin(emb[i]);
      }
    }
  }
  return out;
}

// modeling_mlcd.py: inv_freq = 1 / theta^(arange(0, dim, 2) / dim) with dim = head_dim // 2; a patch at
// (h, w) of a grid `width` wide gets cat(h * inv_freq, w * inv_freq), emb = cat(that, that), rotate_half.
function mlcd(q, { heads, headDim, width, theta = 10000 }) {
  const dim = headDim / 2;
  const invFreq = [];
  for (let i = 0; i < dim; i += 2) invFreq.push(1 / theta ** (i / dim));
  const angles = (t) => {
    const h = Math.floor(t / width),
      w = t % width;
    const rotary = [...invFreq.map((f) => h * f), ...invFreq.map((f) => w * f)];
    return [...rotary, ...rotary];
  };
  const rotateHalf = (x) => [...x.slice(x.length / 2).map((v) => -v), ...x.slice(0, x.length / 2)];
  return applyAngles(q, heads, headDim, angles, rotateHalf);
}

// modeling_sam3.py, Sam3ViTRotaryEmbedding(end_x, end_y, scale): freqs = 1 / theta^(arange(0, dim, 4)[:dim // 4]
// / dim); token i of the grid at x = (i % end_x) * scale, y = (i // end_x) * scale; angles cat(x * freqs,
// y * freqs).repeat_interleave(2), rotate_pairwise. Windowed layers repeat the grid window after window.
function sam3(q, { heads, headDim, endX, endY, scale, theta = 10000 }) {
  const freqs = [];
  for (let i = 0; i < headDim && freqs.length < headDim / 4; i += 4) freqs.push(1 / theta ** (i / headDim));
  const angles = (t) => {
    const i = t % (endX * endY);
    const x = (i % endX) * scale,
      y = Math.floor(i / endX) * scale;
    return [...freqs.map((f) => x * f), ...freqs.map((f) => y * f)].flatMap((a) => [a, a]);
  };
  const rotatePairwise = (x) => x.map((_, i) => (i % 2 === 0 ? -x[i + 1] : x[i - 1]));
  return applyAngles(q, heads, headDim, angles, rotatePairwise);
}

const MLCD = {
  model_type: 'mlcd_vision_model',
  hidden_size: 96,
  num_attention_heads: 3,
  rope_parameters: { rope_theta: 10000, rope_type: 'axial' },
};

test('MLCD: rows then columns, rotate_half over the head, as modeling_mlcd.py', () => {
  const r = posenc.ropeFromConfig(MLCD);
  assert.equal(r.ropeType, 'axial');
  assert.equal(r.axial, 'yx');
  assert.equal(r.options.axial, 'yx');
  assert.equal(r.layout, 'half');
  assert.equal(r.headDim, 32);
  assert.equal(r.rotaryDim, 32);
  assert.equal(r.frequencies.length, 8); // one axis's, rotaryDim / 4
  assert.equal(r.options.frequencies.length, 16); // both axes'
  const [width, height, heads] = [5, 3, 3];
  const q = randomFloat32(width * height * heads * 32, 7);
  const got = posenc.rope(q, { ...r.options, heads, gridWidth: width, gridHeight: height });
  const want = mlcd(q, { heads, headDim: 32, width });
  assert.ok(worst(got, want) < 2e-6 * 8, `worst ${worst(got, want)}`);
  // a wrong axis order is far off: the test can fail
  const swapped = posenc.rope(q, { ...r.options, axial: 'xy', heads, gridWidth: width, gridHeight: height });
  assert.ok(worst(swapped, want) > 0.1);
});

test("MLCD's class defaults: 1664 hidden over 16 heads, rope_type 'axial' at 10000, and the class token's note", () => {
  const r = posenc.ropeFromConfig({ model_type: 'mlcd_vision_model' });
  assert.equal(r.headDim, 104);
  assert.equal(r.frequencies.length, 26);
  r.frequencies.forEach((f, j) => assert.ok(Math.abs(f - 10000 ** (-j / 26)) <= 1e-15));
  assert.equal(r.notes.length, 1);
  assert.match(r.notes[0], /class token.*class_pos_emb/);
  assert.throws(
    () => posenc.ropeFromConfig({ ...MLCD, rope_parameters: { rope_type: 'linear', factor: 2 } }),
    /config\.rope_parameters\.rope_type must be 'axial'.*got 'linear'/,
  );
  assert.throws(() => posenc.ropeFromConfig({ ...MLCD, hidden_size: 90 }), /multiple of 4/); // head_dim 30
});

test('MLCD: the score of q at one patch and k at another depends only on (row, column) offsets', () => {
  const r = posenc.ropeFromConfig(MLCD);
  const [width, height] = [4, 4];
  const n = width * height;
  const q0 = randomFloat32(32, 3),
    k0 = randomFloat32(32, 4);
  const tile = (v) => Float32Array.from({ length: n * 32 }, (_, i) => v[i % 32]);
  const q = posenc.rope(tile(q0), { ...r.options, gridWidth: width, gridHeight: height });
  const k = posenc.rope(tile(k0), { ...r.options, gridWidth: width, gridHeight: height });
  const byOffset = new Map();
  for (let s = 0; s < n; s++) {
    for (let t = 0; t < n; t++) {
      let score = 0;
      for (let i = 0; i < 32; i++) score += q[s * 32 + i] * k[t * 32 + i];
      const key = `${Math.floor(s / width) - Math.floor(t / width)},${(s % width) - (t % width)}`;
      if (!byOffset.has(key)) byOffset.set(key, []);
      byOffset.get(key).push(score);
    }
  }
  assert.equal(byOffset.size, 49);
  for (const [key, scores] of byOffset) {
    for (const s of scores) assert.ok(Math.abs(s - scores[0]) < 1e-4, `offset ${key}: ${s} vs ${scores[0]}`);
  }
  // and the offsets are told apart: a row step is not a column step
  assert.ok(Math.abs(byOffset.get('1,0')[0] - byOffset.get('0,1')[0]) > 1e-3);
});

const SAM3 = {
  model_type: 'sam3_vit_model',
  hidden_size: 64,
  num_attention_heads: 4,
  num_hidden_layers: 4,
  window_size: 2,
  global_attn_indexes: [3],
  image_size: 56,
  patch_size: 14,
  rope_parameters: { rope_theta: 10000, rope_type: 'axial' },
};

test("SAM 3's ViT: columns then rows in adjacent pairs, windowed and global layers, as modeling_sam3.py", () => {
  const heads = 4;
  const windowed = posenc.ropeFromConfig(SAM3);
  assert.deepEqual(windowed.layerTypes, ['windowed_attention', 'global_attention']);
  assert.equal(windowed.layerType, 'windowed_attention');
  assert.equal(windowed.axial, 'xy');
  assert.equal(windowed.layout, 'interleaved');
  assert.equal(windowed.frequencies.length, 4);
  // two windows of 2 x 2 patches, one after the other (window_partition's order), at scale 2 / 2 = 1
  const q = randomFloat32(8 * heads * 16, 11);
  const got = posenc.rope(q, { ...windowed.options, heads, gridWidth: 2, gridHeight: 2 });
  const want = sam3(q, { heads, headDim: 16, endX: 2, endY: 2, scale: 1 });
  assert.ok(worst(got, want) < 2e-6 * 8, `windowed: worst ${worst(got, want)}`);
  // the global layer: the whole 56 / 14 = 4 patches a side, positions scaled by window_size / 4 = 0.5
  const global = posenc.ropeFromConfig(SAM3, { layerType: 'global_attention' });
  assert.match(global.notes[0], /= 4 patches a side.*2 \/ 4 = 0\.5/);
  const g = randomFloat32(16 * heads * 16, 12);
  const gotGlobal = posenc.rope(g, { ...global.options, heads, gridWidth: 4, gridHeight: 4 });
  const wantGlobal = sam3(g, { heads, headDim: 16, endX: 4, endY: 4, scale: 0.5 });
  assert.ok(worst(gotGlobal, wantGlobal) < 2e-6 * 8, `global: worst ${worst(gotGlobal, wantGlobal)}`);
  const unscaled = sam3(g, { heads, headDim: 16, endX: 4, endY: 4, scale: 1 });
  assert.ok(worst(gotGlobal, unscaled) > 0.1);
});

test('the class defaults of SAM 3: 28 windowed and 4 global layers, the global grid 1008 / 14 = 72', () => {
  const r = posenc.ropeFromConfig({ model_type: 'sam3_vit_model' }, { layerType: 'global_attention' });
  assert.equal(r.headDim, 64);
  r.frequencies.forEach((f, j) => assert.ok(Math.abs(f - (24 / 72) * 10000 ** (-j / 16)) <= 1e-15));
  const allGlobal = posenc.ropeFromConfig({ ...SAM3, global_attn_indexes: [0, 1, 2, 3] });
  assert.deepEqual(allGlobal.layerTypes, ['global_attention']);
});

test('a sequence model has no axial RoPE', () => {
  const r = posenc.ropeFromConfig({ model_type: 'llama', hidden_size: 64, num_attention_heads: 2 });
  assert.equal(r.axial, null);
  assert.equal('axial' in r.options, false);
});

test('the 2-D RoPEs rope() cannot express are refused by name, with the reason', () => {
  assert.throws(
    () => posenc.ropeFromConfig({ model_type: 'eomt_dinov3', hidden_size: 1024, num_attention_heads: 16 }),
    (e) => e instanceof RangeError && /'eomt_dinov3' \(DINOv3's 2-D RoPE.*normalised to \[-1, 1\]/.test(e.message),
  );
  assert.throws(
    () => posenc.ropeFromConfig({ model_type: 'efficientloftr', hidden_size: 256, num_attention_heads: 8 }),
    (e) => e instanceof RangeError && /'efficientloftr' \(an image matcher's 2-D RoPE.*alternates/.test(e.message),
  );
});

test("llama.cpp's flags: none for a vision encoder, and a note that says why", () => {
  const advice = posenc.llamaCppFlags(MLCD);
  assert.deepEqual(advice.flags, []);
  assert.equal(advice.notes.length, 1);
  assert.match(advice.notes[0], /^No flag applies: .*vision encoder's 2-D axial RoPE/);
});

test('posenc config prints the axes, the width each axis turns and the frequencies per axis', async () => {
  const { configText } = await import('../../web/cli/config-text.js');
  const layers = ['windowed_attention', 'global_attention'].map((layerType) =>
    posenc.ropeFromConfig(SAM3, { layerType }),
  );
  const text = configText(layers, posenc.llamaCppFlags(SAM3));
  assert.match(text, /rotary dim {7}16 \(8 by each axis\)/);
  assert.match(text, /axial {12}xy: columns turn the first half of the pairs and rows the second/);
  assert.match(text, /frequencies {6}4: 1\.00000, 0\.100000, 0\.0100000, 0\.00100000 \(each axis\)/);
  assert.match(text, /frequencies {6}4: 0\.500000, 0\.0500000,/); // global: scaled by 2 / 4
  assert.match(text, /flags: \(none\)\n {2}- No flag applies/);
});
