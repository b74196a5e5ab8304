/**
 * posenc: positional encodings for transformers (sinusoidal, learned, relative, RoPE),
 * computed by a C++17 SIMD core compiled to WebAssembly.
 *
 * Conventions:
 * - Matrices are row-major `Float32Array`s (distances: `Int32Array`). Every result is a
 *   fresh array owned by JavaScript; the one exception is `rope(buffer, { inPlace: true })`,
 *   which returns `buffer.view()`.
 * - `base` defaults to 10000; `theta_i = base^(-2i/d)` for `i = 0 .. d/2-1`.
 * - Bad input throws and the module stays usable: `TypeError` for a wrong type (and for a
 *   freed buffer), `RangeError` for a number out of range or not an integer, an unknown
 *   option string, or array lengths that do not match the shape. The message names the
 *   parameter and the bad value.
 * - Option objects: a key set to `undefined` counts as absent; unknown keys are ignored.
 *
 * @packageDocumentation
 */

/** Pair layout of a vector: `(x[2i], x[2i+1])` or `(x[i], x[i + d/2])`. */
export type Layout = 'interleaved' | 'half';

/**
 * Pair layout of `rope()`: a `Layout`, or `'interleaved-to-half'`: pairs `(x[2i], x[2i+1])` read, pair i
 * written to `(y[i], y[i + d/2])` (DeepSeek-V3's `apply_rotary_pos_emb_interleave`).
 */
export type RopeLayout = Layout | 'interleaved-to-half';

/** The encodings `attentionScores` compares. */
export type Encoding = 'none' | 'sinusoidal' | 'learned' | 'rope' | 'relative';

export interface LoadOptions {
  /**
   * Where the `.wasm` file is. Either the URL (or, in Node, the path) of the `.wasm` file of
   * the selected flavour, or a directory URL ending in `/` that holds `posenc-simd.wasm`,
   * `posenc-scalar.wasm` and `posenc-models.wasm` (and, for `lab`, `posenc-lab-simd.wasm` and
   * `posenc-lab-scalar.wasm`): the other modules are found beside the compute module. Relative strings
   * resolve against the page (browsers) or the working directory (Node). Default: the files next to the
   * library.
   * A single file must match the flavour: with `posenc-scalar.wasm` pass `simd: false`.
   */
  wasmUrl?: string | URL | undefined;
  /**
   * Force the flavour: `true` the SIMD128 build, `false` the scalar build. Default: SIMD128
   * when `WebAssembly.validate` accepts a small SIMD module, else scalar.
   */
  simd?: boolean | undefined;
  /**
   * Also load the model-config module (`ropeFromConfig`, `llamaCppFlags`), from beside the
   * compute module. Default `true`; if it cannot be loaded, only those two functions throw.
   * `false` skips the download.
   */
  models?: boolean | undefined;
  /**
   * Also load the length lab's module (`lab`), of the same flavour, from beside the compute module.
   * Default `false`: only a page that trains downloads it. If it cannot be loaded, only `lab` throws,
   * and the next `load({ lab: true })` tries again.
   */
  lab?: boolean | undefined;
}

/**
 * Loads the wasm module and returns the API. Memoised: the same options give the same promise
 * (and one wasm instance). Works in Node >= 20.16, browser pages and module Workers.
 * @example
 * ```js
 * import { load } from 'posenc';
 * const posenc = await load();
 * console.log(posenc.version, posenc.simd);
 * ```
 */
export function load(options?: LoadOptions): Promise<PosEnc>;

/**
 * True when this JavaScript engine runs WebAssembly SIMD128. `load()` picks the SIMD build where this
 * and WebAssembly exception handling (which that build also uses) are both available.
 * @example
 * ```js
 * import { simdSupported } from 'posenc';
 * console.log(simdSupported() ? 'SIMD128 build' : 'scalar build');
 * ```
 */
export function simdSupported(): boolean;

/** The `rope_type` of Hugging Face `rope_parameters`. */
export type RopeType = 'default' | 'linear' | 'ntk' | 'dynamic' | 'yarn' | 'longrope' | 'llama3';

/**
 * RoPE frequency scaling with Hugging Face `rope_parameters` (formerly `rope_scaling`) names, so a
 * model's `config.json` fields can be pasted as they are. Each theta_i equals a float64 evaluation of
 * transformers >= 4.57 `modeling_rope_utils.py` (to 1e-6 relative; 4.51 to 4.56 derived yarn's factor
 * from max / original even when `factor` was given):
 * - `'linear'` theta_i / factor; `'ntk'` base' = base * factor^(d/(d-2));
 * - `'dynamic'` base' = base * (factor * L / M - (factor - 1))^(d/(d-2)) with M = max_position_embeddings
 *   (else original_max_position_embeddings) and L = max(seqLen, M);
 * - `'yarn'` a ramp between theta_i and theta_i / factor over the pairs set by beta_fast (32) and
 *   beta_slow (1) within original_max_position_embeddings; floor/ceil of the bounds when `truncate`
 *   (default true); the explicit `factor` is used, max / original only when it is null; attention factor
 *   `attention_factor`, else get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim) when both
 *   are non-zero, else 0.1 ln(factor) + 1;
 * - `'longrope'` theta_i / long_factor[i] when seqLen > original_max_position_embeddings, else
 *   short_factor[i]; attention factor sqrt(1 + ln(factor) / ln(original)) with the explicit `factor`,
 *   else max_position_embeddings / original_max_position_embeddings when both are given (Phi-3);
 * - `'llama3'` theta_i / factor for wavelengths above original / low_freq_factor, unchanged below
 *   original / high_freq_factor, blended in between.
 *
 * A missing required field or a wrong type is a TypeError; an unknown `rope_type` or a bad value
 * (not finite, not > 0, a list of the wrong length, high_freq_factor <= low_freq_factor) a RangeError
 * naming the field (`scaling.factor`, `scaling.long_factor[3]`). `null` fields count as absent and
 * unknown keys are ignored. Additions: the old key `type` is accepted for `rope_type`, and `rope_theta`
 * (transformers >= 5 keeps it here) is used as `base` when `base` is not given. `partial_rotary_factor`
 * is refused: whether a model honours it depends on its class, so give `rotaryDim`, or read the
 * whole config with `ropeFromConfig`.
 */
export interface RopeScaling {
  rope_type: RopeType;
  factor?: number | null | undefined;
  original_max_position_embeddings?: number | null | undefined;
  /** llama3 */
  low_freq_factor?: number | null | undefined;
  /** llama3 */
  high_freq_factor?: number | null | undefined;
  /** yarn, default 32 */
  beta_fast?: number | null | undefined;
  /** yarn, default 1 */
  beta_slow?: number | null | undefined;
  /** yarn, longrope */
  attention_factor?: number | null | undefined;
  /** yarn (0 counts as absent) */
  mscale?: number | null | undefined;
  /** yarn (0 counts as absent) */
  mscale_all_dim?: number | null | undefined;
  /** yarn, default true */
  truncate?: boolean | null | undefined;
  /** longrope, dim/2 numbers */
  short_factor?: ArrayLike<number> | null | undefined;
  /** longrope, dim/2 numbers */
  long_factor?: ArrayLike<number> | null | undefined;
  /** dynamic (its original length); longrope (with original_max_position_embeddings: the factor) */
  max_position_embeddings?: number | null | undefined;
  /** Addition: used as `base` when `base` is not given. */
  rope_theta?: number | null | undefined;
}

/** What a `rope_type` string of an older config may be called: `type` instead of `rope_type`. */
export type RopeScalingInput = RopeScaling | (Omit<RopeScaling, 'rope_type'> & { type: RopeType });

/** Precision-lab variants (see `PosEnc.ropePrecision`). */
export type PrecisionVariant =
  'float64' | 'float32' | 'bfloat16' | 'float16' | 'bfloat16-angle' | 'float16-angle' | 'library';

/** Angle, cos and sin, Float64Arrays (see `PosEnc.ropePrecision`). */
export interface PrecisionParts {
  angle: Float64Array<ArrayBuffer>;
  cos: Float64Array<ArrayBuffer>;
  sin: Float64Array<ArrayBuffer>;
}

/** Options shared by the RoPE functions. */
export interface RopeOptions {
  /** Features per head: even, 2..65536. */
  dim: number;
  /** Heads per position; x is `[seq x heads x dim]`. Default 1. */
  heads?: number | undefined;
  /** Default 10000. */
  base?: number | undefined;
  /**
   * Default `'interleaved'` (RoFormer); `'half'` is GPT-NeoX / Hugging Face `rotate_half`;
   * `'interleaved-to-half'` turns adjacent pairs and writes them as halves (DeepSeek-V3, Kimi K2 and the
   * other models whose attention calls transformers' `apply_rotary_pos_emb_interleave`).
   */
  layout?: RopeLayout | undefined;
  /** Row s uses position `offset + s` (default 0). Not together with `positions`: both is a RangeError. */
  offset?: number | undefined;
  /**
   * One position per row (length seq), integers in [0, 2^24); `offset` must then be left out. With
   * `sections`, one row of positions per axis: an array of `sections.length` arrays of seq positions,
   * or all of them flat, axis after axis (`axes x seq`, as transformers' `position_ids` of shape
   * (3, batch, seq)). With `axial`, the two axes' rows in the order it names (`[xs, ys]` for `'xy'`).
   */
  positions?: ArrayLike<number> | ArrayLike<number>[] | undefined;
  /**
   * Rotate only the first `rotaryDim` features of each head (even, <= dim), with theta over
   * rotaryDim and, in the half layout, pairs (i, i + rotaryDim/2). Default: dim.
   */
  rotaryDim?: number | undefined;
  /** Rotate x itself and return it (for a WasmBuffer: return `buffer.view()`). Default false. */
  inPlace?: boolean | undefined;
  /**
   * Frequency scaling (theta over rotaryDim from `ropeFrequencies({ dim: rotaryDim, base, scaling,
   * seqLen })`); cos and sin are multiplied by `ropeAttentionFactor`, as Hugging Face does.
   */
  scaling?: RopeScalingInput | undefined;
  /**
   * The current sequence length for 'dynamic' and 'longrope' (integer in [0, 2^31 - 1]). Default: the
   * largest position + 1, as Hugging Face's dynamic_rope_update takes it from position_ids.
   */
  seqLen?: number | undefined;
  /**
   * Explicit inverse frequencies, rotaryDim / 2 of them (finite, >= 0; 0 leaves a pair unrotated):
   * they replace `base` and `scaling`, as a model's `inv_freq` (or ggml's freq_factors) does.
   */
  frequencies?: ArrayLike<number> | undefined;
  /** Multiplies cos and sin (a logit scales by its square); replaces the scaling's own factor. */
  attentionFactor?: number | undefined;
  /**
   * Multi-axis positions (M-RoPE): `sections[a]` consecutive frequency pairs turn by the positions of
   * axis a (Qwen2-VL's `mrope_section`, summing to rotaryDim / 2). Text tokens, whose axes are equal,
   * get plain RoPE's bits.
   */
  sections?: ArrayLike<number> | undefined;
  /**
   * Qwen3-VL's interleaved sections (3 axes): pair j turns by axis 1 or 2 when j % 3 is 1 or 2 and
   * j < 3 * sections[j % 3], else by axis 0. Default false.
   */
  interleavedSections?: boolean | undefined;
  /**
   * 2-D axial RoPE (vision transformers): the pairs split into two blocks (two equal halves, or
   * `sections`), each a 1-D RoPE over its own features (pair j of a block of n turns by p * base^(-j/n),
   * base^(-4j/dim) for equal halves), the first block turned by the token's column x (`'xy'`: SAM 3's ViT)
   * or its row y (`'yx'`: MLCD, Qwen2-VL's vision tower), the second by the other. Positions come from
   * `gridWidth` and `gridHeight`, or from `positions` with one row per axis in this order. Not with
   * `scaling`; `frequencies` replaces the blocks' own.
   */
  axial?: 'xy' | 'yx' | undefined;
  /**
   * With `axial`, a patch grid of gridWidth x gridHeight tokens (integers in [1, 2^24], both given): row s
   * of x is patch s, row after row (x = s % gridWidth, y = floor(s / gridWidth) % gridHeight). seq must be a
   * whole number of grids, and `offset` 0.
   */
  gridWidth?: number | undefined;
  /** See `gridWidth`. */
  gridHeight?: number | undefined;
}

/** One layer type's RoPE, resolved from a model's config.json as transformers does. */
export interface RopeFromConfig {
  /**
   * Every layer type with a RoPE of its own, e.g. `['full_attention']`, Gemma 3's two, Llama 4's
   * `['chunked_attention']` (its other layers have none: see `layersWithoutRope`).
   */
  readonly layerTypes: string[];
  /** The layer type this object describes. */
  readonly layerType: string;
  /**
   * The init function's name. `'ntk'` is GTE's fixed NTK, (base * f)^(-2i/d) / f^(2/d): not the
   * `scaling: { type: 'ntk' }` of `rope()` (base * f^(d/(d-2))); `options` carries its frequencies.
   * `'axial'`: a vision encoder's 2-D RoPE (see `axial`).
   */
  readonly ropeType:
    'default' | 'linear' | 'dynamic' | 'yarn' | 'longrope' | 'llama3' | 'proportional' | 'ntk' | 'axial';
  readonly headDim: number;
  /**
   * Features per head that rotate: frequencies.length * 2, or with `axial` frequencies.length * 4 (each
   * frequency turns one pair by the row and one by the column).
   */
  readonly rotaryDim: number;
  /**
   * The width of each query and key head: `headDim`, or under multi-head latent attention (DeepSeek-V2/V3,
   * Kimi K2, GLM-4.7-Flash, MiniCPM3 …) `qk_nope_head_dim + qk_rope_head_dim`, of which RoPE turns the
   * last `headDim` features.
   */
  readonly qkHeadDim: number;
  readonly base: number;
  readonly layout: RopeLayout;
  /**
   * The inverse frequencies exactly as transformers' init function returns them (float64). With `axial`,
   * one axis's: rotaryDim / 4 of them, which both axes share (`options.frequencies` lists them twice).
   */
  readonly frequencies: Float64Array<ArrayBuffer>;
  /** Multiplies cos and sin. */
  readonly attentionFactor: number;
  /** `mrope_section`, or null. */
  readonly sections: number[] | null;
  /** Qwen3-VL's interleaved M-RoPE. */
  readonly interleavedSections: boolean;
  /**
   * A vision encoder's 2-D axial RoPE over its patch grid, or null (every sequence model): which axis turns
   * the first half of the pairs, `'yx'` (the row: MLCD) or `'xy'` (the column: SAM 3's ViT, whose windowed
   * and global layers are the layer types `'windowed_attention'` and `'global_attention'`). `options.axial`
   * says the same; the grid is the image's, so give it: `rope(x, { ...r.options, gridWidth, gridHeight })`.
   */
  readonly axial: 'xy' | 'yx' | null;
  /**
   * Decoder layers (0-based, ascending) whose attention applies no RoPE: Llama 4's and SmolLM3's
   * `no_rope_layers`, the global layers of Cohere2 and EXAONE 4, Mllama's cross-attention layers,
   * Qwen3-Next's linear-attention layers, the Mamba and convolution blocks of Granite 4.0, Bamba, LFM2 and Zamba2,
   * RecurrentGemma's recurrent blocks, Llama-Nemotron's layers without attention, MiniMax-M1's lightning
   * layers, Ring-linear's linear layers when `linear_rope` is false. Empty for most models.
   */
  readonly layersWithoutRope: number[];
  /**
   * What the numbers do not say, one sentence each: a `model_type` read with Llama's rules for want of
   * its own, Hunyuan's `alpha` and the length it holds to, the layers without RoPE, a base read where
   * other readers differ (DBRX's `attn_config.rope_theta`, ChatGLM's `rope_ratio`), how DeepSeek-V3.2's and
   * GLM-5's indexers turn, a `rope_scaling` a model's code never reads (MiniMax-M1). Empty when there is
   * nothing to add. In English, or in Chinese with `{ lang: 'zh' }`.
   */
  readonly notes: string[];
  /**
   * Options for `rope()`: `posenc.rope(x, { ...r.options, heads, offset })` applies the model's RoPE; with
   * `axial`, `posenc.rope(x, { ...r.options, heads, gridWidth, gridHeight })` on the image's patch grid.
   */
  readonly options: RopeOptions;
}

/** A prepared `rope()` call (see `PosEnc.ropePlan`). */
export interface RopePlan {
  /** Rotates x in place, row s at `offset + s` (default 0), or at the listed positions; returns x. */
  apply<T extends Float32Array | WasmBuffer>(x: T, where?: number | ArrayLike<number> | ArrayLike<number>[]): T;
  /** Returns the plan's wasm memory. Idempotent; applying a freed plan is a TypeError. */
  free(): void;
}

/** The llama.cpp command-line flags for a model's RoPE, one flag with its value per entry. */
export interface LlamaCppFlags {
  flags: string[];
  /** What the flags cannot express, and when they are redundant (a GGUF converted from the config). */
  notes: string[];
}

/** Options of `sinusoidal`. */
export interface SinusoidalOptions {
  positions: number | ArrayLike<number>;
  dim: number;
  base?: number | undefined;
  layout?: Layout | undefined;
}

/** Options of `learned`. */
export interface LearnedOptions {
  maxLen: number;
  dim: number;
  seed?: number | undefined;
  std?: number | undefined;
}

/** Options of `relativeDistance`. */
export interface RelativeDistanceOptions {
  queryLen: number;
  keyLen?: number | undefined;
  min: number;
  max: number;
}

/** Options of `relative`. */
export interface RelativeOptions {
  min: number;
  max: number;
  dim: number;
  seed?: number | undefined;
  std?: number | undefined;
}

/**
 * Options of `ropeFrequencies`: those of `rope()` but the rows' positions. `dim`, `base`, `scaling`, `seqLen`,
 * `rotaryDim`, `frequencies`, `sections` and `axial` choose the frequencies; the others are checked as `rope()`
 * checks them.
 */
export interface RopeFrequenciesOptions extends Omit<RopeOptions, 'offset' | 'positions' | 'inPlace'> {}

/** Options of `ropeAttentionFactor`. */
export interface RopeAttentionFactorOptions {
  scaling: RopeScalingInput;
  seqLen?: number | undefined;
}

/** Options of `alibiSlopes`. */
export interface AlibiSlopesOptions {
  heads: number;
  maxBias?: number | undefined;
}

/** Options of `alibiBias`. */
export interface AlibiBiasOptions {
  queryLen: number;
  keyLen?: number | undefined;
  slope: number;
  causal?: boolean | undefined;
}

/** Options of `t5Buckets`. */
export interface T5BucketsOptions {
  queryLen: number;
  keyLen?: number | undefined;
  numBuckets?: number | undefined;
  maxDistance?: number | undefined;
  bidirectional?: boolean | undefined;
}

/** Options of `debertaLogBuckets`. */
export interface DebertaLogBucketsOptions {
  queryLen: number;
  keyLen?: number | undefined;
  bucketSize: number;
  maxPosition: number;
}

/** Options of `ropePrecision` and `ropePrecisionErrors`. */
export interface RopePrecisionOptions {
  variant: PrecisionVariant;
  positions: ArrayLike<number>;
  dim: number;
  base?: number | undefined;
  /**
   * A frequency scaling, as `rope()` takes it: every variant then turns by the scaled theta_i
   * (`ropeFrequencies` with the same `scaling` and `seqLen`). The factor some scalings apply to cos and
   * sin (`ropeAttentionFactor`) is not in these values.
   */
  scaling?: RopeScalingInput | undefined;
  /** The sequence length the scaling is read at (dynamic, longrope), as in `rope()`. */
  seqLen?: number | undefined;
}

/** Options of `ropeFromConfig`. */
export interface RopeFromConfigOptions {
  layerType?: string | undefined;
  seqLen?: number | undefined;
  /** The language of `notes`: English (the default) or Chinese; key names, numbers and model names stay. */
  lang?: 'en' | 'zh' | undefined;
}

/** Options of `llamaCppFlags`. */
export interface LlamaCppFlagsOptions {
  contextLength?: number | undefined;
  /** The language of `notes`, as in `RopeFromConfigOptions`. */
  lang?: 'en' | 'zh' | undefined;
}

/** Options of `ropeMatrix`. */
export interface RopeMatrixOptions {
  position: number;
  dim: number;
  base?: number | undefined;
}

/** Options of `pairAngles`. */
export interface PairAnglesOptions {
  /** Values per row: even, 2..65536. */
  dim: number;
  /** Where each pair lives in a row; default `'interleaved'`. */
  layout?: Layout | undefined;
}

/** Options of `ropeScoreByDistance`. */
export interface RopeScoreByDistanceOptions {
  dim: number;
  base?: number | undefined;
  maxDistance: number;
}

/** Options of `ropeDecayBound`. */
export interface RopeDecayBoundOptions {
  dim: number;
  base?: number | undefined;
  maxDistance: number;
}

/** Options of `RelativeTable.scores`. */
export interface RelativeScoresOptions {
  dim: number;
  scale?: boolean | undefined;
}

/** Options of `ropePlan`: those of `rope()` that stay the same from call to call. */
export type RopePlanOptions = Omit<RopeOptions, 'offset' | 'positions' | 'inPlace'>;

/** Options of `attentionScores`: 'relative' needs its clip range `min`..`max`. */
export type AttentionScoresOptions = {
  dim: number;
  base?: number | undefined;
  scale?: boolean | undefined;
  maxLen?: number | undefined;
  seed?: number | undefined;
  /** Standard deviation of the seeded learned and relative tables (default 0.02). */
  std?: number | undefined;
  layout?: Layout | undefined;
} & (
  | { encoding: Exclude<Encoding, 'relative'>; min?: number | undefined; max?: number | undefined }
  | { encoding: 'relative'; min: number; max: number }
);

/** What a length-lab model learns to do after the separator (see `PosEnc.lab`). */
export type LabTask = 'copy' | 'reverse' | 'recall';

/** How positions enter a length-lab model (see `PosEnc.lab`). */
export type LabEncoding = 'none' | 'sinusoidal' | 'learned' | 'relative' | 'rope' | 'alibi' | 't5';

/** Options of `lab`: the task, the positional scheme, the model and its training. */
export interface LabOptions {
  /**
   * `'copy'` (x1 .. xn SEP x1 .. xn, the default), `'reverse'` (x1 .. xn SEP xn .. x1) or `'recall'`
   * (k1 v1 .. km vm SEP k, answered by the value that followed k; m = n / 2 pairs, distinct keys).
   */
  task?: LabTask | undefined;
  /**
   * `'none'` (causal attention alone), `'sinusoidal'` and `'learned'` (added to the input), `'relative'`
   * (DeBERTa's clipped distances), `'rope'` (the default), `'alibi'` (a fixed linear penalty per head) or
   * `'t5'` (a trained scalar per head and distance bucket).
   */
  encoding?: LabEncoding | undefined;
  /** Training contents have 1..trainLength tokens (1..1024, default 8). */
  trainLength?: number | undefined;
  /**
   * The positions the model holds (0..16384): the learned table's rows, and the longest input that
   * `evaluate` and `attention` accept. Default 0: the positions of a content of 8 x trainLength.
   */
  maxPositions?: number | undefined;
  /** Seeds the parameters and the training examples: the same options train the same bits (default 1). */
  seed?: number | undefined;
  /** Transformer blocks, 1..4 (default 2). */
  layers?: number | undefined;
  /** Model width, a multiple of heads (default 64). */
  dim?: number | undefined;
  /** Attention heads (default 4). */
  heads?: number | undefined;
  /** MLP width (default 0: 4 x dim). */
  hidden?: number | undefined;
  /** Sequences per training step (default 32). */
  batch?: number | undefined;
  /** The copy and reverse alphabet, 2..63 symbols (default 16). */
  symbols?: number | undefined;
  /** AdamW's learning rate (default 3e-3), reached after `warmup` steps of linear warm-up. */
  learningRate?: number | undefined;
  /** AdamW's decoupled weight decay, on the weight matrices only (default 0.01). */
  weightDecay?: number | undefined;
  /** Default 0.9. */
  beta1?: number | undefined;
  /** Default 0.98. */
  beta2?: number | undefined;
  /** Default 1e-8. */
  epsilon?: number | undefined;
  /** Bound on the global gradient norm (default 1; 0 turns clipping off). */
  clip?: number | undefined;
  /** Steps of linear learning-rate warm-up (default 100). */
  warmup?: number | undefined;
  /**
   * Above 0: the rate follows a cosine from `learningRate` down to a tenth of it over the first
   * `decaySteps` steps (on top of the warm-up), then stays at a tenth. Default 0: no decay.
   */
  decaySteps?: number | undefined;
  /** The weight matrices and trained position tables start N(0, initStd^2) (default 0.02). */
  initStd?: number | undefined;
  /**
   * The token embedding starts N(0, embeddingStd^2) (default 1, PyTorch's `nn.Embedding`): on the scale
   * of the sinusoidal table added to it.
   */
  embeddingStd?: number | undefined;
  /** Train on sorted random positions in [0, maxPositions) instead of 0, 1, 2, ... (default false). */
  randomizedPositions?: boolean | undefined;
  /** RoPE's base (default 10000). */
  ropeBase?: number | undefined;
  /** RoPE's pairs (default `'half'`). */
  ropeLayout?: Layout | undefined;
  /** Features per head that RoPE turns (default 0: the whole head). */
  rotaryDim?: number | undefined;
  /** `'relative'`: k of clip(i - j, -k, k) (default 0: trainLength, so that training reaches every vector). */
  relativeDistance?: number | undefined;
  /** `'t5'`: distance buckets (default 32), one-sided as in T5's decoder. */
  t5Buckets?: number | undefined;
  /** `'t5'`: the distance the last bucket starts from (default 128). */
  t5MaxDistance?: number | undefined;
}

/** A run's options as it was made from them, every default filled in (see `LabRun.options`). */
export type LabResolvedOptions = { readonly [K in keyof LabOptions]-?: Exclude<LabOptions[K], undefined> };

/** Options of `LabRun.evaluate`. */
export interface LabEvaluateOptions {
  /** Content lengths to test, each at least 1 and within what `maxPositions` holds. */
  lengths: ArrayLike<number>;
  /** Examples per length (default 64); the same examples for every scheme and seed of a task. */
  samples?: number | undefined;
  /**
   * RoPE only: a frequency scaling applied at test time, without retraining (`{ rope_type: 'linear',
   * factor: 4 }` is position interpolation). `original_max_position_embeddings` defaults to the
   * positions of a training sequence.
   */
  scaling?: RopeScalingInput | undefined;
}

/** How a run does on one content length (see `LabRun.evaluate`). */
export interface LabLengthResult {
  readonly length: number;
  /** The share of examples whose whole answer is right. */
  readonly exactMatch: number;
  /** The share of answer tokens that are right. */
  readonly tokenAccuracy: number;
  /**
   * By input position (one entry per position the length takes): the share of the answer tokens
   * predicted there that are right, NaN where none is. Past the training positions of a `learned`
   * run, this is the table's blind zone, position by position.
   */
  readonly positionAccuracy: Float64Array;
}

/** Options of `LabRun.attention`. */
export interface LabAttentionOptions {
  /** Content length of the example shown. */
  length: number;
  /** Default 0. */
  layer?: number | undefined;
  /** Default 0. */
  head?: number | undefined;
  /** Which evaluation example of that length (default 0). */
  sample?: number | undefined;
  /** As in `evaluate`. */
  scaling?: RopeScalingInput | undefined;
}

/** One head's attention on one example (see `LabRun.attention`). */
export interface LabAttention {
  /** The model's input tokens. */
  readonly tokens: Int32Array<ArrayBuffer>;
  /** `[size x size]`: row i is query i's softmax over the keys, zero above the diagonal. */
  readonly weights: Float32Array<ArrayBuffer>;
  readonly size: number;
}

/**
 * One run of the length lab (see `PosEnc.lab`). It holds wasm memory until `delete()`; every method
 * is synchronous, and a refused call (a RangeError or TypeError naming the parameter) leaves the run
 * as it was.
 */
export interface LabRun {
  /** The options, every default filled in. */
  readonly options: LabResolvedOptions;
  /** Trained numbers in the model. */
  readonly parameterCount: number;
  /** Training steps so far. */
  readonly steps: number;
  /** One loss per step so far (a copy). */
  readonly losses: Float32Array<ArrayBuffer>;
  /** True after `delete()`. */
  readonly deleted: boolean;
  /**
   * Trains `steps` more steps (0..1e6) and returns their mean loss (NaN for 0 steps).
   * @example
   * ```js
   * const loss = run.train(200);
   * ```
   */
  train(steps: number): number;
  /**
   * Exact match and token accuracy per content length, on evaluation examples of its own (greedy answers
   * under teacher forcing, which for a fully right answer is what greedy decoding gives).
   * @example
   * ```js
   * const [inside, twice] = run.evaluate({ lengths: [8, 16], samples: 64 });
   * ```
   */
  evaluate(o: LabEvaluateOptions): LabLengthResult[];
  /**
   * One head's attention weights on one evaluation example.
   * @example
   * ```js
   * const { tokens, weights, size } = run.attention({ length: 12, layer: 1, head: 0 });
   * ```
   */
  attention(o: LabAttentionOptions): LabAttention;
  /**
   * Frees the run's wasm memory. Idempotent; afterwards `train`, `evaluate`, `attention`, `steps` and
   * `losses` throw a TypeError (`options`, `parameterCount` and `deleted` stay readable).
   */
  delete(): void;
}

export interface PosEnc {
  /** The library version. */
  readonly version: string;
  /** True when the SIMD128 build is running. */
  readonly simd: boolean;
  /** Instruction set of the SIMD kernels (`"wasm-simd128"`) or `"scalar"`. */
  readonly arch: string;
  /** The core's limits (2^26 elements, dim 65536, positions < 2^24). */
  readonly limits: { readonly maxElements: number; readonly maxDim: number; readonly positionLimit: number };

  /**
   * Sinusoidal absolute encoding, `[positions x dim]`:
   * `out[p*dim + 2i] = sin(p * theta_i)`, `out[p*dim + 2i + 1] = cos(p * theta_i)`
   * (layout `'half'`: every sin in the first dim/2 columns, every cos in the last).
   * @param o.positions a count n (positions 0..n-1) or explicit positions
   * @param o.dim even, 2..65536
   * @example
   * ```js
   * const pe = posenc.sinusoidal({ positions: 64, dim: 16 });   // 64 x 16
   * const rows = posenc.sinusoidal({ positions: [0, 100, 5000], dim: 16, layout: 'half' });
   * ```
   */
  sinusoidal(o: SinusoidalOptions): Float32Array<ArrayBuffer>;

  /**
   * Learned (trainable) absolute table, `maxLen x dim`, initialised N(0, std^2) from a
   * deterministic seeded generator (same seed, same table on every platform). Row p depends on
   * seed, dim, std and p alone: `encode([p])` is row p of `table()`, and a table's first rows are
   * those of any longer one. The values are one seeded run, row after row: `table()` holds the first
   * maxLen * dim values of any table with the same seed and std and at least as many values, whatever
   * its dim. Checks its parameters at once (RangeError for `maxLen: 0`).
   * @example
   * ```js
   * const t = posenc.learned({ maxLen: 512, dim: 64, seed: 1 });
   * const rows = t.encode([0, 1, 2]);   // 3 x 64
   * ```
   */
  learned(o: LearnedOptions): LearnedTable;

  /**
   * `clip(i - j, min, max)` for query i in 0..queryLen-1, key j in 0..keyLen-1, `[queryLen x keyLen]`.
   * @example
   * ```js
   * const d = posenc.relativeDistance({ queryLen: 4, min: -2, max: 2 });   // keyLen = queryLen
   * ```
   */
  relativeDistance(o: RelativeDistanceOptions): Int32Array<ArrayBuffer>;

  /**
   * Trained relative encoding (DeBERTa-style disentangled attention): one embedding per clipped
   * distance, `max - min + 1` rows of dim, seeded like `learned`.
   * @example
   * ```js
   * const rel = posenc.relative({ min: -4, max: 4, dim: 8 });
   * const { total, c2c, c2p, p2c } = rel.scores(q, k, { dim: 8 });
   * ```
   */
  relative(o: RelativeOptions): RelativeTable;

  /**
   * A Float32Array that lives in wasm memory, for zero-copy work on large arrays: `rope()`
   * given a WasmBuffer works in place on it. Call `free()` when done.
   * @example
   * ```js
   * const buf = posenc.buffer(seq * heads * dim);
   * buf.view().set(x);
   * posenc.rope(buf, { dim, heads, inPlace: true });
   * buf.free();
   * ```
   */
  buffer(length: number): WasmBuffer;

  /**
   * RoPE frequencies theta_i = base^(-2i/dim), length dim/2; with `scaling`, the scaled theta_i of
   * {@link RopeScaling}. `seqLen` (default: none) selects the dynamic and longrope behaviour: without
   * it 'dynamic' is unscaled and 'longrope' uses its short factors.
   * @example
   * ```js
   * const theta = posenc.ropeFrequencies({ dim: 128, base: 500000 });
   * const llama31 = posenc.ropeFrequencies({ dim: 128, base: 500000, scaling: { rope_type: 'llama3',
   *   factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } });
   * ```
   */
  ropeFrequencies(o: RopeFrequenciesOptions): Float32Array<ArrayBuffer>;

  /**
   * The factor that multiplies cos and sin under a scaling (so a logit scales by its square): yarn's
   * attention factor / mscale, longrope's sqrt(1 + ln(factor) / ln(original)); 1 when none applies.
   * @example
   * ```js
   * const f = posenc.ropeAttentionFactor({ scaling: { rope_type: 'yarn', factor: 4,
   *   original_max_position_embeddings: 32768 } });   // 0.1 ln 4 + 1 = 1.1386...
   * ```
   */
  ropeAttentionFactor(o: RopeAttentionFactorOptions): number;

  /**
   * ALiBi head slopes: 2^(-maxBias * h / n), h = 1..n, for n a power of two; for other head counts
   * the rule of the paper's code and Hugging Face Bloom's build_alibi_tensor (the slopes of the
   * closest smaller power of two n', then the odd-indexed slopes of the 2n' sequence).
   * @example
   * ```js
   * const slopes = posenc.alibiSlopes({ heads: 12 });   // 1/2, 1/4, ..., 1/256, 2^-0.5, 2^-1.5, ...
   * ```
   */
  alibiSlopes(o: AlibiSlopesOptions): Float32Array<ArrayBuffer>;

  /**
   * ALiBi bias for one head, `[queryLen x keyLen]`: -slope * |i - j| (0 on the diagonal); with
   * `causal` (default false) -Infinity where j > i. keyLen defaults to queryLen; slope finite, >= 0.
   * @example
   * ```js
   * const bias = posenc.alibiBias({ queryLen: 4, slope: 0.5, causal: true });
   * ```
   */
  alibiBias(o: AlibiBiasOptions): Float32Array<ArrayBuffer>;

  /**
   * T5 relative position buckets `[queryLen x keyLen]` of (j - i), key minus query, exactly as Hugging
   * Face's T5Attention._relative_position_bucket (its float32 logarithms included, so boundary
   * distances land in the same bucket). numBuckets default 32 (>= 4 bidirectional, >= 2 otherwise),
   * maxDistance default 128 (above the exact buckets), bidirectional default true (false: decoder,
   * future keys in bucket 0).
   * @example
   * ```js
   * const b = posenc.t5Buckets({ queryLen: 8, keyLen: 8 });   // Int32Array, 0..31
   * ```
   */
  t5Buckets(o: T5BucketsOptions): Int32Array<ArrayBuffer>;

  /**
   * DeBERTa v2/v3 log buckets `[queryLen x keyLen]` of (i - j), query minus
   * key, as Hugging Face's make_log_bucket_position (float32 as there): exact within
   * +-bucketSize/2, logarithmic beyond so that maxPosition - 1 maps to bucketSize - 1. Both required
   * (DeBERTa-v3: position_buckets 256, max_relative_positions 512).
   * @example
   * ```js
   * const b = posenc.debertaLogBuckets({ queryLen: 4, keyLen: 600, bucketSize: 256, maxPosition: 512 });
   * ```
   */
  debertaLogBuckets(o: DebertaLogBucketsOptions): Int32Array<ArrayBuffer>;

  /**
   * The precision lab's numbers: the angle, cos and sin of each (position, pair),
   * `[positions.length x dim/2]` Float64Arrays holding the values as the variant computes them:
   * `'float64'` pos*theta, cos, sin in double (the reference); `'float32'` one float32 product
   * float32(pos) * float32(theta) (as most libraries), cos/sin of it rounded to float32; `'bfloat16'` /
   * `'float16'` those cos/sin rounded to the type (a table in the model dtype); `'bfloat16-angle'` /
   * `'float16-angle'` pos, theta and their product rounded to the type, cos/sin rounded to it (float16
   * positions from 65520 up are Infinity, their cos/sin NaN); `'library'` this library's path (angle:
   * pos*theta reduced mod 2 pi in double, rounded to float32).
   * @example
   * ```js
   * const { angle, cos, sin } = posenc.ropePrecision({ variant: 'bfloat16', positions: [0, 1000], dim: 64 });
   * ```
   */
  ropePrecision(o: RopePrecisionOptions): PrecisionParts;

  /**
   * The precision lab's numbers: per position, the largest error over the dim/2 pairs
   * against `'float64'`: the angle error modulo 2 pi (in [0, pi]), |cos - cos64|, |sin - sin64| (NaN
   * where the variant has no finite value). Float64Arrays of positions.length.
   * @example
   * ```js
   * const e = posenc.ropePrecisionErrors({ variant: 'float32', positions: [10, 1e6, 2 ** 24 - 1], dim: 128 });
   * console.log(e.angle);   // grows to ~0.4 rad at 2^24 - 1; variant 'library' stays below 1e-6
   * ```
   */
  ropePrecisionErrors(o: RopePrecisionOptions): PrecisionParts;

  /**
   * Numbers rounded to bfloat16 (first to float32, then round to nearest
   * even, as torch's `.to(torch.bfloat16)`), returned as float32 values.
   * @example
   * ```js
   * posenc.roundBfloat16([1 + 2 ** -8, Math.PI]);   // Float32Array [1, 3.140625]
   * ```
   */
  roundBfloat16(values: ArrayLike<number>): Float32Array<ArrayBuffer>;

  /**
   * Numbers rounded to IEEE float16 (first to float32, then round to nearest
   * even; 65520 and above become Infinity; subnormals down to 2^-24), returned as float32 values.
   * @example
   * ```js
   * posenc.roundFloat16([65519, 65520, 2 ** -25]);   // Float32Array [65504, Infinity, 0]
   * ```
   */
  roundFloat16(values: ArrayLike<number>): Float32Array<ArrayBuffer>;

  /**
   * Rotary position embedding of x, shape `[seq x heads x dim]`. Row s uses `positions[s]` or
   * `offset + s` (give one; both is a RangeError). Interleaved pairs `(x[2i], x[2i+1])` rotate by
   * pos*theta_i: `y[2i] = x[2i]cos - x[2i+1]sin`, `y[2i+1] = x[2i+1]cos + x[2i]sin`; half pairs are
   * `(x[i], x[i+dim/2])`; `'interleaved-to-half'` turns the interleaved pairs and writes pair i to
   * `(y[i], y[i+dim/2])`. Without `inPlace`, x is unchanged and a fresh array is returned
   * (also for a WasmBuffer). A Float32Array larger than 32,768 floats passes through wasm memory
   * a block of rows (128 KiB) at a time: wasm memory grows by a block, not by the array, and the
   * result is the bits of the same call on a WasmBuffer.
   * @example
   * ```js
   * const y = posenc.rope(x, { dim: 64, heads: 8, layout: 'half', offset: 128 });
   * posenc.rope(x, { dim: 64, heads: 8, inPlace: true });   // rotates x itself
   * ```
   */
  rope(x: Float32Array | WasmBuffer, o: RopeOptions): Float32Array<ArrayBuffer>;

  /**
   * A `rope()` call prepared once: the options are read and checked now, and each `apply` is a direct
   * call into wasm with the array's address, which is what a decode loop (one token per layer, every
   * step) wants. `apply(x, offset)` rotates x in place (row s at offset + s) and returns it;
   * `apply(x, positions)` takes explicit positions instead. x: a WasmBuffer (rotated where it lies) or
   * a Float32Array (copied into the plan's wasm scratch and back). Errors are those of `rope()`. A plan
   * holds wasm memory until `free()`.
   * @example
   * ```js
   * const step = posenc.ropePlan({ dim: 128, heads: 32, layout: 'half', base: 500000 });
   * const q = posenc.buffer(32 * 128);
   * for (let position = 0; position < 4; position++) step.apply(q, position);
   * step.free();
   * ```
   */
  ropePlan(o: RopePlanOptions): RopePlan;

  /**
   * A model's RoPE from its `config.json`, as transformers main resolves it: `rope_scaling` or
   * `rope_parameters` (also nested by layer type), `rope_theta`, `partial_rotary_factor` where the
   * model's class honours it, the head dim, the original length, multimodal `text_config`, and the
   * model-specific fields (`rotary_pct`, `rotary_dim`, `rope_local_base_freq`, `mrope_section`, ...).
   * `seqLen` selects dynamic's base and longrope's factors; `layerType` defaults to `full_attention` when the
   * model has it, else to the first of its `layerTypes`.
   * A model without rotary embeddings (ALiBi, absolute positions) or an unknown rope type is a
   * RangeError.
   * @example
   * ```js
   * const r = posenc.ropeFromConfig(await (await fetch('config.json')).text());
   * const q = posenc.rope(x, { ...r.options, heads: 32, offset: 0 });
   * ```
   */
  ropeFromConfig(config: object | string, o?: RopeFromConfigOptions): RopeFromConfig;

  /**
   * The llama.cpp flags that reproduce a model's RoPE at context length `contextLength` (`-c`), and
   * notes on what they cannot express and when a converted GGUF already carries them.
   * @example
   * ```js
   * const { flags, notes } = posenc.llamaCppFlags(config, { contextLength: 131072 });
   * ```
   */
  llamaCppFlags(config: object | string, o?: LlamaCppFlagsOptions): LlamaCppFlags;

  /**
   * Fetches the model-config module (`posenc-models.wasm`) that `load({ models: false })` left out, or
   * that failed to load, and resolves to this same object, whose `ropeFromConfig` and `llamaCppFlags`
   * then work. Resolves at once when the module is already there.
   * @example
   * ```js
   * const posenc = await load({ models: false }); // the compute module only
   * // ... later, when a config is pasted:
   * const { base } = (await posenc.loadModels()).ropeFromConfig(config);
   * ```
   */
  loadModels(): Promise<PosEnc>;

  /**
   * The dim x dim block-diagonal rotation matrix R(position) with rope(x) = R x (interleaved).
   * @example
   * ```js
   * const R = posenc.ropeMatrix({ position: 3, dim: 4 });   // 16 values
   * ```
   */
  ropeMatrix(o: RopeMatrixOptions): Float32Array<ArrayBuffer>;

  /**
   * Attention logits between q `[n x dim]` and k `[m x dim]`, `[n x m]`:
   * `'none'` q.k; `'sinusoidal'` (q+PE).(k+PE); `'learned'` (q+L).(k+L) with L from
   * `learned({ maxLen (default 512), dim, seed })` (n or m > maxLen is a RangeError);
   * `'rope'` rope(q_i, i).rope(k_j, j); `'relative'` DeBERTa c2c + c2p + p2c over
   * `relative({ min, max, dim, seed })` — min and max are required for it (TypeError when
   * missing). `std` (default 0.02) is the N(0, std^2) scale of the learned or relative table.
   * `scale` (default true) divides by sqrt(dim), by sqrt(3*dim) for 'relative'.
   * @example
   * ```js
   * const s = posenc.attentionScores(q, k, { dim: 16, encoding: 'rope' });
   * const r = posenc.attentionScores(q, k, { dim: 16, encoding: 'relative', min: -8, max: 8 });
   * ```
   */
  attentionScores(q: Float32Array, k: Float32Array, o: AttentionScoresOptions): Float32Array<ArrayBuffer>;

  /**
   * RoPE logit as a function of relative distance: `s[d] = rope(q, d) . rope(k, 0)` for
   * d in 0..maxDistance (q and k of length dim).
   * @example
   * ```js
   * const s = posenc.ropeScoreByDistance(q, k, { dim: 64, maxDistance: 1000 });
   * ```
   */
  ropeScoreByDistance(q: Float32Array, k: Float32Array, o: RopeScoreByDistanceOptions): Float32Array<ArrayBuffer>;

  /**
   * Per row and pair i, the signed angle of a's pair measured from b's pair, in [-pi, pi]
   * (`atan2(b_x a_y - b_y a_x, b_x a_x + b_y a_y)` in float64; 0 where either pair is (0, 0)),
   * `[rows x dim/2]`. a and b have the same length, a multiple of dim. RoPE turns it by the distance:
   * `pairAngles(R_m q, R_n k)[i] = (m - n) theta_i + pairAngles(q, k)[i]`, modulo 2 pi.
   * @example
   * ```js
   * const phi = posenc.pairAngles(q, k, { dim: 64 });
   * const [qm, kn] = [posenc.rope(q, { dim: 64, offset: 9 }), posenc.rope(k, { dim: 64, offset: 2 })];
   * const turned = posenc.pairAngles(qm, kn, { dim: 64 });
   * // turned[i] - phi[i] = 7 theta_i (mod 2 pi)
   * ```
   */
  pairAngles(a: Float32Array, b: Float32Array, o: PairAnglesOptions): Float64Array<ArrayBuffer>;

  /**
   * RoFormer long-term decay bound `(1/(dim/2)) * sum_{j=1}^{dim/2} |S_j|`,
   * `S_j = sum_{k<j} exp(i d theta_k)`, for d in 0..maxDistance.
   * @example
   * ```js
   * const bound = posenc.ropeDecayBound({ dim: 128, maxDistance: 4096 });
   * ```
   */
  ropeDecayBound(o: RopeDecayBoundOptions): Float32Array<ArrayBuffer>;

  /**
   * One run of the length lab: a tiny decoder-only transformer (pre-LayerNorm causal attention and a GELU
   * MLP, AdamW) trained on a synthetic task with one positional scheme, to see which schemes carry past
   * their training length. Needs `load({ lab: true })`, which fetches the lab's wasm module. The options
   * are checked now (RangeError or TypeError naming the option); the same options train the same bits.
   * @example
   * ```js
   * const posenc = await load({ lab: true });
   * const run = posenc.lab({ task: 'copy', encoding: 'rope', trainLength: 8, dim: 32, layers: 1 });
   * run.train(300);
   * console.log(run.evaluate({ lengths: [8, 16, 32] }));
   * run.delete();
   * ```
   */
  lab(o: LabOptions): LabRun;

  /**
   * Bytes currently allocated in the wasm heaps, the compute module's and the lab's (for leak checks).
   * @example
   * ```js
   * const before = posenc.heapBytes();
   * ```
   */
  heapBytes(): number;

  /**
   * The size bound of `rope()`'s cos/sin cache, in floats (cos and
   * sin together; default 2^22, 16 MiB). `rope()` keeps the rows of positions 0..N-1 for the
   * last frequencies it saw, so repeated calls skip the angles; the rows are the same bits it
   * would compute, so the cache never changes a result. With an argument, sets the bound
   * (0 turns the cache off and frees it); returns the previous bound. Apart from the cache, the
   * 31 rows of the rotations by 1..31 positions (constants of the frequencies, 32 x dim floats)
   * are kept for the last frequencies whatever the bound.
   * @example
   * ```js
   * const previous = posenc.ropeCacheLimit(0);   // no cache: every call computes its angles
   * posenc.ropeCacheLimit(previous);             // back to the default
   * ```
   */
  ropeCacheLimit(limit?: number): number;
}

/**
 * A Float32Array in wasm memory. `view()` is a window onto wasm memory, not a copy: any later
 * call may grow the heap and detach it, so fetch it again after other calls. Must be freed.
 */
export declare class WasmBuffer {
  private constructor();
  /** Number of float32 elements. */
  readonly length: number;
  /** True after `free()`. */
  readonly freed: boolean;
  /**
   * A Float32Array over the buffer's memory; TypeError after `free()`.
   * @example
   * ```js
   * buf.view().set(x);
   * ```
   */
  view(): Float32Array<ArrayBuffer>;
  /**
   * Gives the memory back to the wasm heap. Idempotent; any later use is a TypeError.
   * @example
   * ```js
   * buf.free();
   * ```
   */
  free(): void;
}

export interface LearnedTable {
  readonly maxLen: number;
  readonly dim: number;
  readonly seed: number;
  readonly std: number;
  /**
   * The whole table, maxLen x dim.
   * @example
   * ```js
   * const L = posenc.learned({ maxLen: 8, dim: 4 }).table();   // 32 values
   * ```
   */
  table(): Float32Array<ArrayBuffer>;
  /**
   * Rows for the given positions; RangeError for pos < 0 or pos >= maxLen (no extrapolation).
   * @example
   * ```js
   * const rows = posenc.learned({ maxLen: 8, dim: 4 }).encode([0, 7]);   // 2 x 4
   * ```
   */
  encode(positions: ArrayLike<number>): Float32Array<ArrayBuffer>;
}

export interface RelativeScores {
  total: Float32Array<ArrayBuffer>;
  /** q_i . k_j */
  c2c: Float32Array<ArrayBuffer>;
  /** q_i . P[clip(i - j)] */
  c2p: Float32Array<ArrayBuffer>;
  /** k_j . P[clip(j - i)] */
  p2c: Float32Array<ArrayBuffer>;
}

export interface RelativeTable {
  readonly min: number;
  readonly max: number;
  readonly dim: number;
  readonly seed: number;
  readonly std: number;
  /**
   * (max - min + 1) x dim; row r is the embedding of distance min + r.
   * @example
   * ```js
   * const P = posenc.relative({ min: -2, max: 2, dim: 4 }).table();   // 5 x 4
   * ```
   */
  table(): Float32Array<ArrayBuffer>;
  /**
   * DeBERTa disentangled scores of q `[n x dim]` and k `[m x dim]`, each `[n x m]`. `o.dim` must
   * equal the table's dim; `scale` (default true) divides every part by sqrt(3*dim).
   * @example
   * ```js
   * const { total } = posenc.relative({ min: -2, max: 2, dim: 4 }).scores(q, k, { dim: 4 });
   * ```
   */
  scores(q: Float32Array, k: Float32Array, o: RelativeScoresOptions): RelativeScores;
}
