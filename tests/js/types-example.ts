// A typed tour of the API: `npx tsc --noEmit -p tests/js/tsconfig.json` checks it against
// dist/lib/index.d.ts (through package.json "exports"). Lines marked @ts-expect-error must
// stay errors: they are the mistakes the declarations are meant to catch.
import {
  load,
  simdSupported,
  WasmBuffer,
  type PosEnc,
  type RopeFromConfig,
  type LlamaCppFlags,
  type RopePlan,
  type LearnedTable,
  type RelativeTable,
  type RelativeScores,
  type Layout,
  type RopeScaling,
  type PrecisionParts,
  type SinusoidalOptions,
  type AttentionScoresOptions,
  type RopePlanOptions,
  type LoadOptions,
  type LabOptions,
  type LabRun,
  type LabLengthResult,
  type LabAttention,
  type LabResolvedOptions,
} from 'posenc';

async function tour(): Promise<void> {
  const posenc: PosEnc = await load();
  const scalar: PosEnc = await load({ simd: false, wasmUrl: new URL('https://example.org/wasm/') });
  const probed: boolean = simdSupported();
  const version: string = posenc.version;
  const simd: boolean = posenc.simd && !scalar.simd && probed;
  const limit: number = posenc.limits.maxElements;

  const pe: Float32Array = posenc.sinusoidal({ positions: 64, dim: 16 });
  // every option object has a type of its own name
  const peOptions: SinusoidalOptions = { positions: 8, dim: 4, base: undefined };
  const relativeScores: AttentionScoresOptions = { dim: 4, encoding: 'relative', min: -2, max: 2 };
  // @ts-expect-error: 'relative' needs its clip range
  const noRange: AttentionScoresOptions = { dim: 4, encoding: 'relative' };
  const planOptions: RopePlanOptions = { dim: 128, heads: 32, layout: 'half' };
  const loadOptions: LoadOptions = { models: false };
  console.log(posenc.sinusoidal(peOptions), relativeScores, noRange, planOptions, loadOptions);
  const pe2: Float32Array = posenc.sinusoidal({ positions: [0, 5, 9], dim: 16, base: 500, layout: 'half' });

  const learned: LearnedTable = posenc.learned({ maxLen: 512, dim: 16, seed: 1, std: 0.02 });
  const table: Float32Array = learned.table();
  const rows: Float32Array = learned.encode(new Int32Array([0, 1]));
  const maxLen: number = learned.maxLen;

  const distance: Int32Array = posenc.relativeDistance({ queryLen: 4, min: -2, max: 2 });
  const relative: RelativeTable = posenc.relative({ min: -2, max: 2, dim: 16 });
  const q = new Float32Array(3 * 16);
  const k = new Float32Array(5 * 16);
  const scores: RelativeScores = relative.scores(q, k, { dim: 16, scale: false });
  const total: Float32Array = scores.total;

  const theta: Float32Array = posenc.ropeFrequencies({ dim: 16 });
  const layout: Layout = 'half';
  const y: Float32Array = posenc.rope(q, { dim: 16, heads: 1, layout, offset: 3, rotaryDim: 8 });
  const buf: WasmBuffer = posenc.buffer(q.length);
  buf.view().set(q);
  const view: Float32Array = posenc.rope(buf, { dim: 16, positions: [4, 5, 6], inPlace: true });
  const n: number = buf.length;
  buf.free();

  const R: Float32Array = posenc.ropeMatrix({ position: 3, dim: 16 });
  const logits: Float32Array = posenc.attentionScores(q, k, { dim: 16, encoding: 'relative', min: -2, max: 2 });
  const byDistance: Float32Array = posenc.ropeScoreByDistance(q.subarray(0, 16), k.subarray(0, 16), {
    dim: 16,
    maxDistance: 100,
  });
  const bound: Float32Array = posenc.ropeDecayBound({ dim: 16, maxDistance: 100 });
  const bytes: number = posenc.heapBytes();

  // Beyond the article
  const llama31: RopeScaling = {
    rope_type: 'llama3',
    factor: 8,
    low_freq_factor: 1,
    high_freq_factor: 4,
    original_max_position_embeddings: 8192,
  };
  const scaled: Float32Array = posenc.ropeFrequencies({ dim: 128, base: 500000, scaling: llama31, seqLen: 100000 });
  const legacy: Float32Array = posenc.ropeFrequencies({
    dim: 16,
    scaling: { type: 'linear', factor: 2, attention_factor: null },
  });
  // ropeFrequencies reads what rope() reads of the frequencies: a partial rotation, 2-D axial, explicit ones
  const axialTheta: Float32Array = posenc.ropeFrequencies({ dim: 8, rotaryDim: 4, axial: 'xy' });
  const explicit: Float32Array = posenc.ropeFrequencies({ dim: 4, frequencies: [1, 0.5], attentionFactor: 2 });
  // @ts-expect-error: the rows' positions are rope()'s, not the frequencies'
  posenc.ropeFrequencies({ dim: 8, offset: 3 });
  const attention: number = posenc.ropeAttentionFactor({
    scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 32768 },
  });
  const rotated: Float32Array = posenc.rope(q, {
    dim: 16,
    rotaryDim: 8,
    scaling: {
      rope_type: 'longrope',
      short_factor: [1, 1, 1, 1],
      long_factor: new Float64Array(4).fill(2),
      original_max_position_embeddings: 4096,
    },
    seqLen: 8192,
  });
  const slopes: Float32Array = posenc.alibiSlopes({ heads: 12, maxBias: 8 });
  const alibi: Float32Array = posenc.alibiBias({ queryLen: 4, slope: 0.5, causal: true });
  const t5: Int32Array = posenc.t5Buckets({
    queryLen: 4,
    keyLen: 6,
    numBuckets: 32,
    maxDistance: 128,
    bidirectional: false,
  });
  const deberta: Int32Array = posenc.debertaLogBuckets({ queryLen: 4, bucketSize: 256, maxPosition: 512 });
  const lab: PrecisionParts = posenc.ropePrecision({ variant: 'bfloat16-angle', positions: [0, 1], dim: 8 });
  const errors: Float64Array = posenc.ropePrecisionErrors({ variant: 'library', positions: [0, 1], dim: 8 }).cos;
  const scaledLab: PrecisionParts = posenc.ropePrecision({
    variant: 'float64',
    positions: [4095],
    dim: 8,
    scaling: llama31,
    seqLen: 8192,
  });
  const angles: Float64Array<ArrayBuffer> = posenc.pairAngles(q, k, { dim: 16, layout: 'half' });
  const rounded: Float32Array = posenc.roundFloat16(posenc.roundBfloat16([1, 2]));
  // @ts-expect-error unknown rope_type
  posenc.ropeFrequencies({ dim: 8, scaling: { rope_type: 'su', factor: 2 } });
  // @ts-expect-error unknown precision variant
  posenc.ropePrecision({ variant: 'float8', positions: [0], dim: 8 });
  void [
    scaled,
    legacy,
    axialTheta,
    explicit,
    attention,
    rotated,
    slopes,
    alibi,
    t5,
    deberta,
    lab,
    errors,
    scaledLab,
    angles,
    rounded,
  ];

  // @ts-expect-error layout is 'interleaved' | 'half'
  posenc.rope(q, { dim: 16, layout: 'neox' });
  // @ts-expect-error dim is required
  posenc.sinusoidal({ positions: 4 });
  // @ts-expect-error q must be a Float32Array
  posenc.attentionScores([1, 2], k, { dim: 2, encoding: 'none' });
  // @ts-expect-error unknown encoding
  posenc.attentionScores(q, k, { dim: 16, encoding: 'alibi' });
  // @ts-expect-error version is read-only
  posenc.version = 'x';
  // @ts-expect-error WasmBuffer is created by posenc.buffer()
  new WasmBuffer();

  // Model configs, prepared calls, multi-axis positions.
  const model: RopeFromConfig = posenc.ropeFromConfig('{"model_type": "llama"}', { seqLen: 4096 });
  const frequencies: Float64Array = model.frequencies;
  const flags: LlamaCppFlags = posenc.llamaCppFlags({ model_type: 'llama' }, { contextLength: 8192 });
  const plan: RopePlan = posenc.ropePlan({ ...model.options, heads: 2 });
  const stepped: Float32Array = plan.apply(new Float32Array(2 * model.headDim), 7);
  plan.free();
  const mrope = posenc.rope(q, {
    dim: 16,
    layout: 'half',
    sections: [2, 3, 3],
    positions: [
      [0, 1],
      [0, 2],
      [0, 3],
    ],
  });
  // 2-D axial RoPE of a patch grid.
  const axial = posenc.rope(new Float32Array(8 * 16), {
    dim: 16,
    layout: 'half',
    axial: 'yx',
    gridWidth: 4,
    gridHeight: 2,
  });
  // @ts-expect-error axial names the axes' order, 'xy' or 'yx'
  posenc.rope(q, { dim: 16, axial: 'x' });
  // Under exactOptionalPropertyTypes, undefined still counts as absent.
  const absent = posenc.sinusoidal({ positions: 2, dim: 4, base: undefined });
  // Results are arrays over an ArrayBuffer: a Blob takes them as they are.
  const blob = new Blob([posenc.sinusoidal({ positions: 2, dim: 4 })]);
  // @ts-expect-error the relative encoding needs its clip range
  posenc.attentionScores(q, k, { dim: 16, encoding: 'relative' });
  void [model, frequencies, flags, stepped, mrope, axial, absent, blob];

  void [
    version,
    simd,
    limit,
    pe,
    pe2,
    table,
    rows,
    maxLen,
    distance,
    total,
    theta,
    y,
    view,
    n,
    R,
    logits,
    byDistance,
    bound,
    bytes,
  ];
}

// The length lab: a run over the lab's module.
async function lab(): Promise<void> {
  const posenc: PosEnc = await load({ lab: true });
  const o: LabOptions = { task: 'reverse', encoding: 't5', trainLength: 6, t5Buckets: 16, ropeLayout: 'half' };
  const run: LabRun = posenc.lab(o);
  const loss: number = run.train(10);
  const losses: Float32Array = run.losses;
  const results: LabLengthResult[] = run.evaluate({ lengths: [6, 12], samples: 8 });
  const scaled = run.evaluate({ lengths: new Int32Array([12]), scaling: { rope_type: 'linear', factor: 2 } });
  const map: LabAttention = run.attention({ length: 6, layer: 1, head: 0 });
  const weights: Float32Array = map.weights;
  const resolved: LabResolvedOptions = run.options;
  const dim: number = resolved.dim; // every option resolved: no undefined
  const again: LabRun = posenc.lab(run.options);
  // @ts-expect-error not a task
  posenc.lab({ task: 'sort' });
  // @ts-expect-error not an encoding
  posenc.lab({ encoding: 'xpos' });
  // @ts-expect-error the lengths to test are required
  run.evaluate({ samples: 8 });
  // @ts-expect-error the options of a run cannot be changed
  run.options.dim = 8;
  run.delete();
  again.delete();
  void [loss, losses, results, scaled, weights, dim, run.steps, run.parameterCount, run.deleted];
}

void tour;
void lab;
