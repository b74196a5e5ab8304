// Independent float64 reference for posenc.ropeFromConfig: a model's config.json -> its RoPE.
//
// What it covers, and what it leaves to the oracle. tests/js/oracle.test.mjs checks ropeFromConfig against
// what transformers 5.17.0 itself computes for every model type it ships with a rotary class, built from that
// class's defaults (tests/oracles/README.md). This file keeps what that cannot give:
//   - model types transformers does not ship (remote code: ChatGLM, Baichuan, InternLM2 / 3, Qwen, Yi,
//     DeepSeek LLM, MiniCPM, MiniMax-M1, Ling / Ring, GTE, nomic-bert, jina-embeddings-v3, NeoBERT, ...);
//   - the structural rules: layers without RoPE, rope_parameters keyed by layer type, M-RoPE sections,
//     partial rotary, the sub-config a wrapper reads its text model from;
//   - what a default config never holds: legacy keys, scaling dicts, seqLen, configs that must be refused;
//   - every real config of tests/configs, whatever its model type.
// The types read by their class defaults alone, equal in the oracle, have no rules here (Apertus, Aria, BitNet,
// CSM, CWM, Emu3, ERNIE 4.5 MoE, FlexOlmo, GLM-ASR, HY V3, Moonshine, Nemotron, OpenAI Privacy Filter,
// Seed-OSS, Solar Open, VaultGemma): the oracle test checks them, also with their RoPE fields left out.
//
// Written from Hugging Face transformers main, never from the code under test (nothing here comes
// from web/lib or dist). The files it follows, cited at each rule below:
//   [rope]   src/transformers/modeling_rope_utils.py
//            RotaryEmbeddingConfigMixin.convert_rope_params_to_dict / standardize_rope_params,
//            ROPE_INIT_FUNCTIONS = { linear, dynamic, yarn, longrope, llama3, proportional } and their
//            _compute_*_parameters functions ('default' is no longer in the table on main: each model's
//            RotaryEmbedding has its own static compute_default_rope_parameters).
//   [cfg]    src/transformers/configuration_utils.py PreTrainedConfig.__post_init__: it calls
//            convert_rope_params_to_dict(**kwargs) first and only then sets the leftover config.json
//            keys as attributes, so the init functions (which call standardize_rope_params() again
//            when the model is built) see those keys as attributes.
//   and each model's configuration_*.py / modeling_*.py / modular_*.py, named where used.
// Besides the RoPE itself, a result lists the decoder layers that apply no RoPE at all
// (layersWithoutRope: Cohere 2, EXAONE 4, Llama 4, SmolLM3) and notes a reader needs (notes).
// Plain JavaScript, no imports: it runs in Node and in a browser alike.

/** Layer types of a model with one set of RoPE parameters (transformers' default layer type name). */
const SINGLE = ['full_attention'];
/** Gemma 3 / Gemma 4 (configuration_gemma3.py / configuration_gemma4.py: rope_parameters keyed by these). */
const GEMMA_LAYERS = ['sliding_attention', 'full_attention'];

/** Rope types transformers main can build (ROPE_INIT_FUNCTIONS plus each model's own 'default'). */
export const KNOWN_ROPE_TYPES = ['default', 'linear', 'dynamic', 'yarn', 'longrope', 'llama3', 'proportional'];

/** Model types whose position information is not rotary (ALiBi, learned absolute, relative buckets). */
export const NO_ROPE = new Set([
  'bloom',
  'gpt2',
  'gpt_neo',
  'gpt_bigcode',
  'opt',
  'mpt',
  'bert',
  'roberta',
  't5',
  'falcon_mamba',
  'mamba',
  // relative positions (DeBERTa's disentangled attention, T5's buckets, Transformer-XL's encodings),
  // absolute ones, and models without attention or without any position encoding in it (modeling_jamba.py)
  'deberta',
  'deberta-v2',
  'mt5',
  'umt5',
  'longt5',
  'xlnet',
  'distilbert',
  'albert',
  'electra',
  'camembert',
  'longformer',
  'bart',
  'mbart',
  'whisper',
  'jamba',
  // Kimi Linear's remote modeling_kimi.py: `assert self.use_nope` in its MLA layers, and KDA linear attention
  'kimi_linear',
  'mamba2',
  'rwkv',
  // modeling_nemotron_h.py: NemotronHAttention(JambaAttention), no rotary call
  'nemotron_h',
  // modular_inkling.py: InklingAttention adds a learned relative position bias over distance (conditioned on the
  // hidden states) and short convolutions on k and v, no rotation; inkling_mm_model is its multimodal config
  'inkling_text',
  'inkling_mm_model',
  // configuration_glm5_next.py / modular_glm5_next.py: NoPE multi-head latent attention (qk_rope_head_dim 0,
  // position_embeddings=None) beside KDA linear attention; glm5_next is its multimodal (or flat) config
  'glm5_next_text',
  'glm5_next',
  // configuration_rwkv7.py: RWKV-7, all-recurrent time mixing instead of attention
  'rwkv7',
  // sinusoidal (modeling_xglm.py, modeling_pegasus_x.py), learned (modeling_xlm.py, _nystromformer.py,
  // _big_bird.py, _led.py, modular_ernie.py), axial (modeling_reformer.py) absolute positions; relative
  // ones (modeling_funnel.py, modeling_mpnet.py); modeling_mega.py's "rotary" bias turns learned vectors,
  // not q and k; modeling_zamba.py's attention takes no position embeddings.
  'xglm',
  'pegasus_x',
  'xlm',
  'nystromformer',
  'big_bird',
  'led',
  'ernie',
  'reformer',
  'funnel',
  'mpnet',
  'mega',
  'zamba',
  // more models whose modeling_<model>.py encodes positions another way (learned or sinusoidal absolute
  // positions, relative biases or buckets)
  'openai-gpt',
  'biogpt',
  'megatron-bert',
  'ibert',
  'data2vec-text',
  'roc_bert',
  'xmod',
  'rembert',
  'squeezebert',
  'mobilebert',
  'canine',
  'luke',
  'bert-generation',
  'ernie_m',
  'fnet',
  'yoso',
  'mra',
  'blenderbot',
  'blenderbot-small',
  'plbart',
  'mvp',
  'bigbird_pegasus',
  'clip',
  'clip_text_model',
  'clip_vision_model',
  'siglip',
  'siglip_text_model',
  'siglip_vision_model',
  'vit',
  'deit',
  'dinov2',
  'ctrl',
  'marian',
  'fsmt',
  'm2m_100',
  'nllb-moe',
  'pegasus',
  'speech_to_text',
  'layoutlm',
  'layoutlmv2',
  'layoutlmv3',
  'markuplm',
  'lilt',
  'tapas',
  'nezha',
  'prophetnet',
  'transfo-xl',
  'beit',
  'swin',
]);

/**
 * What each model class does differently. Fields:
 *   theta:          default rope_theta of the configuration class (used when the config has none)
 *   theta:          null when the model's code reads its base without a default (a missing one is an error)
 *   thetaKey:       config.json key read as rope_theta by the class; fixedTheta: no key is read at all
 *   partial:        'honoured' when the model's compute_default_rope_parameters reads
 *                   partial_rotary_factor, 'ignored' when it uses the whole head (the ROPE_INIT_FUNCTIONS
 *                   of the other rope types read it in every model)
 *   partialKey / partialDefault: where the class reads partial_rotary_factor from and its default
 *   aliases:        rope type renames done by the configuration class
 *   originalDefault: class default of a top-level original_max_position_embeddings attribute
 *   mrope:          'chunked' (Qwen2-VL) or 'interleaved' (Qwen3-VL) multimodal sections
 */
const CLASSES = {
  // modeling_llama.py LlamaRotaryEmbedding.compute_default_rope_parameters:
  //   dim = getattr(config, "head_dim", None) or hidden_size // num_attention_heads  (no partial factor)
  llama: { theta: 10000, partial: 'ignored' },
  // modeling_mistral.py / modeling_qwen2.py: the same compute_default_rope_parameters as Llama.
  mistral: { theta: 10000, partial: 'ignored' },
  qwen2: { theta: 10000, partial: 'ignored' },
  // configuration_gpt_oss.py GptOssConfig: default_theta 150000, head_dim: int = 64, and __post_init__
  // sets rope_parameters to its YaRN dict when the config has none; modeling_gpt_oss.py uses Llama's
  // default RoPE for a default dict.
  gpt_oss: {
    theta: 150000,
    partial: 'ignored',
    headDimDefault: 64,
    ropeDefault: {
      rope_type: 'yarn',
      factor: 32,
      beta_fast: 32,
      beta_slow: 1,
      truncate: false,
      original_max_position_embeddings: 4096,
    },
  },
  // configuration_deepseek_v3.py: self.head_dim = qk_rope_head_dim; rope_interleave (default True)
  // selects modeling_deepseek_v3.py apply_rotary_pos_emb_interleave.
  deepseek_v3: {
    theta: 10000,
    partial: 'ignored',
    headDim: (c) => c.qk_rope_head_dim ?? 64,
    layout: (c) => ((c.rope_interleave ?? true) ? 'interleaved-to-half' : 'half'),
  },
  // ChatGLM's remote modeling_chatglm.py (chatglm3-6b, glm-4-9b-chat): rotary_dim = kv_channels (else
  // hidden_size // num_attention_heads); RotaryEmbedding(rotary_dim // 2, rope_ratio) with base
  // 10000 * rope_ratio over that half; apply_rotary_pos_emb turns x[..., :rot_dim] as
  // reshape(..., rot_dim // 2, 2) pairs (adjacent). seq_length and num_layers name the length and depth.
  chatglm: {
    theta: 10000,
    thetaRatio: 'rope_ratio',
    partial: 'honoured',
    partialDefault: 0.5,
    layout: () => 'interleaved',
    headDim: (c) => c.kv_channels ?? Math.floor(c.hidden_size / c.num_attention_heads),
    attributeMap: { seq_length: 'max_position_embeddings', num_layers: 'num_hidden_layers' },
  },
  // Llama-Nemotron (remote modeling_decilm.py): Llama's RoPE; a layer whose block_configs[i].attention is
  // no_op or replace_with_linear has no attention.
  'nemotron-nas': { theta: 10000, partial: 'ignored', nope: 'blocks', blockConfigs: true },
  // configuration_recurrent_gemma.py: partial_rotary_factor 0.5, head_dim = hidden_size // num_attention_heads,
  // layers_block_type = (block_types * 100)[:num_hidden_layers] with block_types (recurrent, recurrent,
  // attention) and 26 layers; modeling_recurrent_gemma.py: the first chunk of q/k (half) turns by
  // rotate_half, only in the attention blocks.
  recurrent_gemma: {
    theta: 10000,
    partial: 'honoured',
    partialDefault: 0.5,
    headDim: (c) => Math.floor((c.hidden_size ?? 2560) / (c.num_attention_heads ?? 10)),
    nope: 'blocks',
    blockPattern: 'block_types',
  },
  // Ling's remote modeling_bailing_moe_v2.py: config.partial_rotary_factor if hasattr(config, ...) else 1.0,
  // read by transformers' init functions; apply_rotary_pos_emb turns q[..., :rotary_dim] by rotate_half.
  bailing_moe: { theta: 10000, partial: 'honoured' },
  // Ring-linear's remote modeling_bailing_moe_linear.py: the same rotation in the softmax layers and, while
  // config.linear_rope (default True), in the linear-attention ones.
  bailing_moe_linear: { theta: 10000, partial: 'honoured', nope: 'ring' },
  // MiniMax-M1's remote configuration_minimax_m1.py (rope_theta 1e6) and modeling_minimax_m1.py: rotary_dim =
  // getattr(config, 'rotary_dim', head_dim), rotate_half over it, MiniMaxM1RotaryEmbedding(dim, base) with no
  // scaling; attn_type_list[i] == 0 builds lightning attention, without RoPE.
  minimax_m1: { theta: 1e6, partial: 'honoured', rotaryDimPartial: true, nope: 'minimax', readsScaling: false },
  // configuration_glm_moe_dsa.py (GLM-5): head_dim = qk_rope_head_dim (64); modeling_glm_moe_dsa.py turns the
  // MLA slice and the indexer by apply_rotary_pos_emb_interleave, never reading rope_interleave.
  glm_moe_dsa: {
    theta: 10000,
    partial: 'ignored',
    headDim: (c) => c.qk_rope_head_dim ?? 64,
    layout: () => 'interleaved',
    classNote: 'the indexer of GLM-5 turns its rope slice in adjacent pairs as well',
  },
  // jina-embeddings-v3's remote modeling_xlm_roberta.py (xlm-roberta-flash-implementation): with
  // position_embedding_type "rotary", RotaryEmbedding(rotary_emb_dim (default head_dim), base=rotary_emb_base,
  // interleaved=rotary_emb_interleaved, scale_base=rotary_emb_scale_base); plain XLM-RoBERTa is "absolute".
  'xlm-roberta': {
    theta: null,
    thetaKey: 'rotary_emb_base',
    partial: 'honoured',
    rotaryDimPartial: true,
    rotaryDimKey: 'rotary_emb_dim',
    headDim: (c) => Math.floor(c.hidden_size / c.num_attention_heads),
    layout: (c) => (c.rotary_emb_interleaved ? 'interleaved' : 'half'),
    ropeSwitch: ['position_embedding_type', 'rotary'],
    xposKey: 'rotary_emb_scale_base',
    readsScaling: false,
  },
  // nomic-embed-text's remote configuration_hf_nomic_bert.py (NomicBertConfig(GPT2Config), rotary_emb_fraction
  // 0.0, rotary_emb_base 10000) and modeling_hf_nomic_bert.py: rotary_emb_dim = head_dim * rotary_emb_fraction,
  // rotate_half unless rotary_emb_interleaved; rotary_scaling_factor: dynamic NTK past max_trained_positions.
  nomic_bert: {
    theta: 10000,
    thetaKey: 'rotary_emb_base',
    partial: 'honoured',
    partialKey: 'rotary_emb_fraction',
    partialDefault: 0,
    headDim: (c) => Math.floor((c.hidden_size ?? c.n_embd) / (c.num_attention_heads ?? c.n_head)),
    layout: (c) => (c.rotary_emb_interleaved ? 'interleaved' : 'half'),
    readsScaling: false,
    setNote: ['rotary_scaling_factor', 'dynamic NTK past max_trained_positions'],
  },
  // GTE v1.5 (Alibaba's remote "new" model, modeling.py): position_embedding_type 'rope' by default,
  // RotaryEmbedding(int(hidden_size / num_attention_heads), base=rope_theta), rotate_half; rope_scaling None
  // or {type: 'ntk', factor, mixed_b} (gteNtk below).
  new: {
    theta: 10000,
    partial: 'ignored',
    headDim: (c) => Math.floor(c.hidden_size / c.num_attention_heads),
    ropeSwitch: ['position_embedding_type', 'rope', 'rope'],
    gteNtk: true,
  },
  // NeoBERT: precompute_freqs_cis(hidden_size // num_attention_heads, max_length) with theta 10000 from no
  // key, view_as_complex over adjacent pairs.
  neobert: {
    theta: 10000,
    fixedTheta: true,
    partial: 'ignored',
    headDim: (c) => Math.floor(c.hidden_size / c.num_attention_heads),
    layout: () => 'interleaved',
    readsScaling: false,
  },
  // configuration_minimax_m2.py: default_theta 5e6, head_dim 128, rotary_dim -> partial_rotary_factor
  // (rotary_dim / head_dim); modeling_minimax_m2.py: rotate_half on the first rotary_dim features.
  minimax_m2: { theta: 5e6, partial: 'honoured', rotaryDimPartial: true, headDimDefault: 128 },
  // configuration_minicpm3.py: head_dim = qk_rope_head_dim (default 32); modeling_minicpm3.py: rotate_half.
  minicpm3: { theta: 10000, partial: 'ignored', headDim: (c) => c.qk_rope_head_dim ?? 32 },
  // configuration_longcat_flash.py: default_theta 1e7, head_dim 64; modeling_longcat_flash.py builds its
  // rotary embedding on config.head_dim and turns q_pe / k_pe with apply_rotary_pos_emb_interleave.
  longcat_flash: { theta: 1e7, partial: 'ignored', headDimDefault: 64, layout: () => 'interleaved-to-half' },
  // configuration_qwen2_vl.py / configuration_qwen2_5_vl.py (text config): rope_theta 1e6, and a legacy
  // rope type 'mrope' becomes 'default' (the sections stay in rope_parameters['mrope_section']).
  qwen2_vl_text: { theta: 1e6, partial: 'ignored', aliases: { mrope: 'default' }, mrope: 'chunked' },
  qwen2_5_vl_text: { theta: 1e6, partial: 'ignored', aliases: { mrope: 'default' }, mrope: 'chunked' },
  // modeling_qwen3_vl.py Qwen3VLTextRotaryEmbedding: always apply_interleaved_mrope.
  // configuration_qwen3_vl.py Qwen3VLTextConfig: default_theta 500000.0, head_dim=128.
  qwen3_vl_text: { theta: 5e5, partial: 'ignored', mrope: 'interleaved', headDimDefault: 128 },
  // configuration_qwen2_5_omni.py Qwen2_5OmniTextConfig: default_theta 1e6, 3584 / 28 heads;
  // modeling_qwen2_5_omni.py: chunked sections, rope_parameters.get("mrope_section", [16, 24, 24]).
  qwen2_5_omni_text: {
    theta: 1e6,
    partial: 'ignored',
    mrope: 'chunked',
    mropeDefault: [16, 24, 24],
    headDim: (c) => c.head_dim ?? Math.floor((c.hidden_size ?? 3584) / (c.num_attention_heads ?? 28)),
  },
  // configuration_qwen3_omni_moe.py Qwen3OmniMoeTextConfig: default_theta 1e6, 2048 / 28 heads;
  // modeling_qwen3_omni_moe.py: interleaved sections (the code's, not mrope_interleaved), default [24, 20, 20].
  qwen3_omni_moe_text: {
    theta: 1e6,
    partial: 'ignored',
    mrope: 'interleaved',
    mropeDefault: [24, 20, 20],
    headDim: (c) => c.head_dim ?? Math.floor((c.hidden_size ?? 2048) / (c.num_attention_heads ?? 28)),
  },
  // configuration_phi.py PhiConfig.__post_init__: kwargs.setdefault("partial_rotary_factor", 0.5);
  // modeling_phi.py compute_default_rope_parameters: dim = int(head_dim * partial_rotary_factor).
  phi: { theta: 10000, partial: 'honoured', partialDefault: 0.5 },
  // configuration_phi3.py Phi3Config: original_max_position_embeddings: int = 4096 (always an attribute),
  // rope_parameters.setdefault("partial_rotary_factor", kwargs.get("partial_rotary_factor", 1.0)),
  // and "su" / "yarn" are renamed "longrope". modeling_phi3.py honours the partial factor.
  phi3: {
    theta: 10000,
    partial: 'honoured',
    partialDefault: 1.0,
    originalDefault: 4096,
    aliases: { su: 'longrope', yarn: 'longrope' },
  },
  // configuration_phimoe.py PhimoeConfig: default_theta 1e6; validate_rope requires short_mscale and
  // long_mscale past 'default'. modeling_phimoe.py PhimoeRotaryEmbedding.forward multiplies cos and sin by
  // long_mscale when seq_len > rope_parameters['original_max_position_embeddings'], else short_mscale,
  // instead of the init function's attention factor.
  phimoe: { theta: 1e6, partial: 'ignored', mscales: true },
  // configuration_granitemoehybrid.py: position_embedding_type None by default; modeling builds its rotary
  // embedding only for "rope" (Granite 4.0-H ships "nope"). layer_types / layers_block_type: "mamba" or
  // "attention", and the Mamba layers have no attention.
  granitemoehybrid: {
    theta: 10000,
    partial: 'ignored',
    nope: 'blocks',
    ropeSwitch: ['position_embedding_type', 'rope'],
    defaultBlock: 'mamba',
  },
  // configuration_bamba.py: attn_layer_indices (the other layers, and all without them, are Mamba);
  // __post_init__ forces kwargs["partial_rotary_factor"] = 0.5 into rope_parameters. modeling_bamba.py:
  // BambaRotaryEmbedding(LlamaRotaryEmbedding), whose default RoPE takes the whole head; the
  // ROPE_INIT_FUNCTIONS of the scaled types read the 0.5.
  bamba: {
    theta: 10000,
    partial: 'ignored',
    partialDefault: 0.5,
    nope: 'blocks',
    attentionIndices: 'attn_layer_indices',
    defaultBlock: 'mamba',
    defaultNote: 'transformers 4.x rotated the first half of the head (partial_rotary_factor 0.5)',
  },
  // configuration_zamba2.py: attention_head_dim = 2 * hidden_size // num_attention_heads (always), use_mem_rope
  // False by default (modeling_zamba2.py builds no rotary embedding then), layers_block_type "mamba" / "hybrid"
  // with a 54-layer default; only the hybrid layers run the shared attention.
  zamba2: {
    theta: 10000,
    partial: 'ignored',
    headDim: (c) => Math.floor((2 * (c.hidden_size ?? 2560)) / (c.num_attention_heads ?? 32)),
    nope: 'blocks',
    ropeSwitch: ['use_mem_rope', true],
    defaultBlocks: () =>
      [
        'mamba',
        ...Array(7)
          .fill([...Array(5).fill('mamba'), 'hybrid'])
          .flat(),
      ].concat([...Array(4).fill('mamba'), 'hybrid', ...Array(3).fill('mamba'), 'hybrid', 'mamba', 'mamba']),
  },
  // configuration_lfm2.py: default_theta 1e6; layer_types "conv" / "full_attention", else full_attn_idxs, else
  // every layer attends (modeling_lfm2.py: Lfm2ShortConv layers have no attention).
  lfm2: { theta: 1e6, partial: 'ignored', nope: 'blocks', attentionIndices: 'full_attn_idxs' },
  // configuration_lfm2_moe.py: default_theta 1e6, the same conv / full_attention layers
  lfm2_moe: { theta: 1e6, partial: 'ignored', nope: 'blocks', attentionIndices: 'full_attn_idxs' },
  // configuration_afmoe.py: default_theta 10000, head_dim 128, layer_types sliding except every
  // global_attn_every_n_layers-th; modeling_afmoe.py rotates the sliding (local) layers only.
  afmoe: { theta: 10000, partial: 'ignored', headDimDefault: 128, nope: 'afmoe' },
  // modular_helium.py: rotate_half over x[..., 0::2] / x[..., 1::2] (adjacent pairs), cos/sin
  // repeat_interleave'd; configuration_helium.py: default_theta 100000, head_dim 128.
  helium: { theta: 1e5, partial: 'ignored', layout: () => 'interleaved', headDimDefault: 128 },
  // configuration_gpt_neox.py convert_rope_params_to_dict:
  //   rope_parameters.setdefault("rope_theta", kwargs.pop("rotary_emb_base", default_theta))
  //   rope_parameters.setdefault("partial_rotary_factor", kwargs.pop("rotary_pct", 0.25))
  gpt_neox: {
    theta: 10000,
    thetaKey: 'rotary_emb_base',
    partial: 'honoured',
    partialKey: 'rotary_pct',
    partialDefault: 0.25,
  },
  // configuration_gpt_neox_japanese.py: the same keys, rotary_pct 1.0 by default
  gpt_neox_japanese: {
    theta: 10000,
    thetaKey: 'rotary_emb_base',
    partial: 'honoured',
    partialKey: 'rotary_pct',
    partialDefault: 1,
  },
};

/** Layout of the models that rotate adjacent pairs (x[2i], x[2i+1]). */
const INTERLEAVED = () => 'interleaved';

/** Qwen3.5's text configs, dense and MoE (the same RoPE). */
const QWEN3_5 = {
  theta: 10000,
  partial: 'honoured',
  partialDefault: 0.25,
  headDimDefault: 256,
  mrope: 'interleaved',
  mropeDefault: [11, 11, 10],
  nope: 'qwen3_next',
};

Object.assign(CLASSES, {
  // modeling_glm.py apply_rotary_pos_emb: cos/sin repeat_interleave(2) and rotate_half on x[..., 0::2] /
  // x[..., 1::2] of the rotated slice (adjacent pairs); its default RoPE reads partial_rotary_factor.
  // configuration_glm.py / configuration_glm4.py: partial_rotary_factor defaults to 0.5.
  glm: { theta: 10000, partial: 'honoured', partialDefault: 0.5, layout: INTERLEAVED },
  glm4: { theta: 10000, partial: 'honoured', partialDefault: 0.5, layout: INTERLEAVED },
  // modeling_glm4_moe.py: Llama's rotate_half inside the rotated slice (pairs j, j + rotaryDim/2);
  // configuration_glm4_moe.py: partial_rotary_factor defaults to 0.5.
  glm4_moe: { theta: 10000, partial: 'honoured', partialDefault: 0.5 },
  // configuration_stablelm.py: partial_rotary_factor=0.25; modeling_stablelm.py rotates the first
  // int(head_dim * partial_rotary_factor) features with rotate_half.
  stablelm: { theta: 10000, partial: 'honoured', partialDefault: 0.25 },
  // configuration_persimmon.py: partial_rotary_factor=0.5, rotate_half.
  persimmon: { theta: 10000, partial: 'honoured', partialDefault: 0.5 },
  // configuration_qwen3_next.py: head_dim 256, partial_rotary_factor=0.25, num_hidden_layers 48, layer_types
  // from full_attention_interval (4); modeling_qwen3_next.py: only the full-attention layers take positions
  // (its Gated DeltaNet layers get none).
  qwen3_next: { theta: 10000, partial: 'honoured', partialDefault: 0.25, headDimDefault: 256, nope: 'qwen3_next' },
  // configuration_mixtral.py MixtralConfig: default_theta 1e6; modeling_mixtral.py: Llama's RoPE and rotate_half.
  mixtral: { theta: 1e6, partial: 'ignored' },
  // modeling_cohere.py rotate_half: x[..., ::2] / x[..., 1::2] stacked back (adjacent pairs), cos/sin
  // repeat_interleave'd; configuration_cohere.py: rope_theta default 500000.
  cohere: { theta: 500000, partial: 'ignored', layout: INTERLEAVED },
  // configuration_cohere2.py / modeling_cohere2.py: Cohere's rotation; the attention's head_dim is
  // hidden_size // num_attention_heads (config.head_dim is not read). Only sliding layers rotate.
  cohere2: {
    theta: 10000,
    partial: 'ignored',
    layout: INTERLEAVED,
    headDim: (c) => Math.floor(c.hidden_size / c.num_attention_heads),
    nope: 'cohere2',
  },
  // configuration_cohere2_moe.py: head_dim field (default 128), rope_theta 1e4. modular_cohere2_moe.py:
  // Cohere2Attention and Cohere2RotaryEmbedding, plus force_rope on dense layers.
  cohere2_moe: { theta: 10000, partial: 'ignored', layout: INTERLEAVED, headDimDefault: 128, nope: 'cohere2_moe' },
  // modular_exaone4.py: rotate_half; RoPE only in sliding layers, or in every layer without a window.
  exaone4: { theta: 10000, partial: 'ignored', nope: 'exaone4' },
  // modeling_ernie4_5.py apply_rotary_pos_emb: adjacent pairs (x[..., 0::2], x[..., 1::2]);
  // configuration_ernie4_5.py: rope_theta default 500000, head_dim 128.
  ernie4_5: { theta: 500000, partial: 'ignored', layout: INTERLEAVED, headDimDefault: 128 },
  // modeling_llama4.py apply_rotary_emb: view_as_complex(x.reshape(..., -1, 2)) * freqs_cis, a complex
  // product on adjacent pairs; configuration_llama4.py Llama4TextConfig: rope_theta 500000, no_rope_layers.
  llama4_text: { theta: 500000, partial: 'ignored', layout: INTERLEAVED, nope: 'llama4' },
  // modular_smollm3.py: rotate_half, rope_theta 2000000, no_rope_layers.
  smollm3: { theta: 2000000, partial: 'ignored', nope: 'smollm3' },
  // configuration_falcon.py: rotary = not alibi; attribute_map num_hidden_layers -> n_layer,
  // num_attention_heads -> n_head. modeling_falcon.py: rotate_half over the whole head.
  falcon: {
    theta: 10000,
    partial: 'ignored',
    alibiFlag: true,
    attributeMap: { n_head: 'num_attention_heads', n_layer: 'num_hidden_layers' },
  },
  // configuration_gemma.py, configuration_gemma2.py: head_dim: int = 256.
  gemma: { theta: 10000, partial: 'ignored', headDimDefault: 256 },
  gemma2: { theta: 10000, partial: 'ignored', headDimDefault: 256 },
  // configuration_yi.py (remote code of the first Yi checkpoints): rope_theta=5000000.0.
  yi: { theta: 5000000, partial: 'ignored' },
  // modeling_internlm2.py (remote), modeling_granitemoeshared.py, modeling_chameleon.py: the attention's
  // head_dim = hidden_size // num_heads; config.head_dim is not read.
  internlm2: { theta: 10000, partial: 'ignored', headDim: (c) => Math.floor(c.hidden_size / c.num_attention_heads) },
  granitemoeshared: {
    theta: 10000,
    partial: 'ignored',
    headDim: (c) => Math.floor(c.hidden_size / c.num_attention_heads),
  },
  chameleon: { theta: 10000, partial: 'ignored', headDim: (c) => Math.floor(c.hidden_size / c.num_attention_heads) },
  // configuration_exaone.py (EXAONE 3.x): attribute_map num_hidden_layers -> num_layers.
  exaone: { theta: 10000, partial: 'ignored', attributeMap: { num_layers: 'num_hidden_layers' } },
  // configuration_jetmoe.py: attribute_map head_dim -> kv_channels, kv_channels default 128.
  jetmoe: { theta: 10000, partial: 'ignored', attributeMap: { kv_channels: 'head_dim' }, headDimDefault: 128 },
  // Baichuan's remote modeling_baichuan.py: Baichuan-7B and Baichuan2-7B rotate as Llama at a fixed 10000;
  // the 13B models (hidden_size 5120, the test vLLM's baichuan.py uses) build ALiBi biases instead.
  baichuan: { theta: 10000, partial: 'ignored', alibiHidden: 5120 },
  // configuration_dbrx.py: attribute_map hidden_size -> d_model, num_attention_heads -> n_heads,
  // max_position_embeddings -> max_seq_len, num_hidden_layers -> n_layers (defaults 2048, 16, 2048, 24);
  // the base is the attention sub-config's, DbrxAttentionConfig.rope_theta (default 10000), which
  // DbrxAttention reads (modeling_dbrx.py in transformers 4.x). LlamaRotaryEmbedding: rotate_half.
  dbrx: {
    theta: 10000,
    partial: 'ignored',
    attributeMap: {
      d_model: 'hidden_size',
      n_heads: 'num_attention_heads',
      max_seq_len: 'max_position_embeddings',
      n_layers: 'num_hidden_layers',
    },
    sectionTheta: (c) => c.attn_config?.rope_theta,
    headDim: (c) => Math.floor((c.hidden_size ?? 2048) / (c.num_attention_heads ?? 16)),
  },
  // modeling_hunyuan_v1_dense.py / modeling_hunyuan_v1_moe.py: rotate_half; a dynamic dict with
  // "alpha" builds the DynamicNTKAlpha frequencies (hunyuanAlpha below).
  hunyuan_v1_dense: { theta: 10000, partial: 'ignored', alpha: true },
  hunyuan_v1_moe: { theta: 10000, partial: 'ignored', alpha: true },
  // configuration_glm4_moe_lite.py (GLM-4.7-Flash): attribute_map head_dim -> qk_rope_head_dim (64),
  // rope_interleave True; modular_glm4_moe_lite.py: DeepseekV3Attention with Glm4MoeRotaryEmbedding,
  // whose compute_default_rope_parameters reads partial_rotary_factor (default 1.0).
  glm4_moe_lite: {
    theta: 10000,
    partial: 'honoured',
    partialDefault: 1,
    headDim: (c) => c.qk_rope_head_dim ?? 64,
    layout: (c) => ((c.rope_interleave ?? true) ? 'interleaved-to-half' : 'half'),
  },
  // configuration_deepseek_v2.py: head_dim = qk_rope_head_dim (default 64); modeling_deepseek_v2.py
  // apply_rotary_emb: view_as_complex over adjacent pairs of q_pe / k_pe, always.
  deepseek_v2: { theta: 10000, partial: 'ignored', headDim: (c) => c.qk_rope_head_dim ?? 64, layout: INTERLEAVED },
  // configuration_mllama.py MllamaTextConfig: rope_theta 500000, cross_attention_layers; modeling_mllama.py:
  // MllamaCrossAttentionDecoderLayer never passes position_embeddings to its attention.
  mllama_text_model: { theta: 500000, partial: 'ignored', nope: 'mllama' },
  // configuration_qwen3_5.py / configuration_qwen3_5_moe.py (text configs): head_dim 256,
  // kwargs.setdefault("partial_rotary_factor", 0.25), layer_types from full_attention_interval (4) with
  // linear_attention between; modeling_qwen3_5.py: interleaved M-RoPE, rope_parameters.get("mrope_section",
  // [11, 11, 10]), RoPE in the full-attention layers only.
  qwen3_5_text: QWEN3_5,
  qwen3_5_moe_text: QWEN3_5,
  // configuration_glm4v.py / modeling_glm4v.py: head dim hidden_size // num_attention_heads, rotate_half_llm
  // on adjacent pairs of the first int(head_dim * partial_rotary_factor) features (default 1.0), chunked
  // M-RoPE [8, 12, 12] (apply_mrope: the frequencies split by mrope_section, chunk k to axis k % 3).
  glm4v_text: {
    theta: 10000,
    partial: 'honoured',
    partialDefault: 1,
    layout: INTERLEAVED,
    headDim: (c) => Math.floor(c.hidden_size / c.num_attention_heads),
    mrope: 'chunked',
    mropeDefault: [8, 12, 12],
  },
  // configuration_glm4v_moe.py: partial_rotary_factor 0.5 (setdefault); modeling_glm4v_moe.py: GPT-NeoX's
  // rotate_half, the same chunked sections as GLM-4.1V.
  glm4v_moe_text: {
    theta: 10000,
    partial: 'honoured',
    partialDefault: 0.5,
    mrope: 'chunked',
    mropeDefault: [8, 12, 12],
  },
  // configuration_ministral3.py: head_dim 128, and __post_init__'s rope_parameters when there are none:
  // YaRN factor 16 over 16384 positions, theta 1e6, llama_4_scaling_beta 0.1 (a query temperature in
  // modeling_ministral3.py, applied after the rotation: not RoPE).
  ministral3: {
    theta: 1e6,
    partial: 'ignored',
    headDimDefault: 128,
    ropeDefault: {
      type: 'yarn',
      rope_theta: 1e6,
      factor: 16,
      original_max_position_embeddings: 16384,
      beta_fast: 32,
      beta_slow: 1,
      mscale: 1,
      mscale_all_dim: 1,
      llama_4_scaling_beta: 0.1,
    },
  },
});

/**
 * Model types whose modeling file uses Llama's default RoPE and rotate_half unchanged (modeling_qwen2_moe.py,
 * modeling_qwen3_moe.py, modeling_granite.py, modeling_granitemoe.py, modeling_starcoder2.py, modeling_olmo.py,
 * modeling_olmo2.py): known, so no note.
 */
export const LLAMA_LIKE = [
  'qwen2_moe',
  'qwen3_moe',
  'granite',
  'granitemoe',
  'starcoder2',
  'olmo',
  'olmo2',
  'arcee',
  'dots1',
  // MiMo-7B's remote configuration_mimo.py: MiMoConfig(Qwen2Config), MTP layers beside
  'mimo',
  // modular_olmoe.py, modular_falcon_h1.py, modular_ministral.py, modeling_doge.py, configuration_mimi.py
  'olmoe',
  'falcon_h1',
  'ministral',
  'doge',
  'mimi',
  // InternLM3's remote modeling (internlm3-8b-instruct): Llama's rotary embedding and rotate_half
  'internlm3',
  // configuration_diffllama.py, configuration_jais2.py, modular_hyperclovax.py, and DeepSeek LLM / DeepSeekMoE's
  // remote modeling_deepseek.py (model_type deepseek)
  'diffllama',
  'jais2',
  'hyperclovax',
  'deepseek',
  // MiniCPM-V / MiniCPM-o (remote configuration_minicpm.py): a MiniCPM, Llama, Qwen2 or Qwen3 config at the top
  'minicpmv',
  'minicpmo',
];

// Phi-4-multimodal: configuration_phi4_multimodal.py (transformers) and the checkpoint's remote
// configuration_phi4mm.py keep the text model's fields at the top level and rotate as Phi-3 does.
CLASSES.phi4_multimodal = CLASSES.phi3;
CLASSES.phi4mm = CLASSES.phi3;

// Kimi K2's config.json: "model_type": "kimi_k2" with auto_map to DeepSeek-V3's configuration_deepseek.py
// and modeling_deepseek.py, so it is read by DeepSeek-V3's rules.
CLASSES.kimi_k2 = CLASSES.deepseek_v3;

// configuration_deepseek_v32.py / modeling_deepseek_v32.py: DeepSeek-V3's MLA; the indexer turns the first
// qk_rope_head_dim of its heads with the same cos/sin by rotate_half ("not interleaved" in DeepSeek's
// inference/model.py).
CLASSES.deepseek_v32 = {
  ...CLASSES.deepseek_v3,
  classNote: 'the indexer of DeepSeek-V3.2 turns its rope slice by halves (rotate_half)',
};
// MiniMax-Text-01's remote code is MiniMax-M1's.
CLASSES.minimax_text_01 = CLASSES.minimax_m1;

// configuration_minimax.py / modeling_minimax.py (transformers' port): layer_types full_attention for
// even layers and linear_attention (no RoPE) for odd ones by default. The port ignores rotary_dim; the
// checkpoint's own code turns rotary_dim features, which is what a rotary_dim in the config gives here.
CLASSES.minimax = {
  theta: 1e6,
  partial: 'honoured',
  rotaryDimPartial: true,
  nope: 'minimax_port',
  setNote: ['rotary_dim', "turned here as MiniMax's own code turns it"],
};
// configuration_mistral4.py / modular_mistral4.py: MLA; the rope slice (qk_rope_head_dim, 64) turns whole,
// in adjacent pairs unless rope_interleave is false; rope_parameters by default YaRN factor 128 over 8192
// at 1e4 (beta 32 / 1, mscale 1 / 1, llama_4_scaling_beta 0.1); partial_rotary_factor is the slice's share
// of qk_head_dim = qk_nope_head_dim + qk_rope_head_dim.
CLASSES.mistral4 = {
  theta: 10000,
  partial: 'mlaShare',
  nopeDefault: 64,
  headDim: (c) => c.qk_rope_head_dim ?? 64,
  layout: (c) => ((c.rope_interleave ?? true) ? 'interleaved-to-half' : 'half'),
  ropeDefault: {
    rope_type: 'yarn',
    rope_theta: 10000,
    factor: 128,
    original_max_position_embeddings: 8192,
    beta_fast: 32,
    beta_slow: 1,
    mscale: 1,
    mscale_all_dim: 1,
    llama_4_scaling_beta: 0.1,
  },
};
/** head_dim = hidden_size // num_attention_heads, whatever config.head_dim says (or the class's sizes). */
const splitHeads =
  (hidden = undefined, heads = undefined) =>
  (c) =>
    Math.floor((c.hidden_size ?? hidden) / (c.num_attention_heads ?? heads));
/** config.head_dim, else hidden_size // num_attention_heads (or the class's sizes). */
const headDimOrSplit = (hidden, heads) => (c) => c.head_dim ?? splitHeads(hidden, heads)(c);
// configuration_nanochat.py / modeling_nanochat.py: base 1e4, head_dim = hidden_size // heads, and
// rotate_half = cat(x2, -x1): each pair turns by -m * theta_i.
CLASSES.nanochat = {
  theta: 10000,
  partial: 'ignored',
  headDim: splitHeads(),
  classNote: 'nanochat turns the other way',
};
// Step-3's remote configuration_step3.py (read with vLLM's step3_text.py): head_dim 256, rope_theta 500000.
CLASSES.step3_text = { theta: 5e5, partial: 'ignored', headDimDefault: 256 };
// configuration_t5gemma.py: T5GemmaModuleConfig, head_dim 256, one flat rope_parameters (base 1e4).
CLASSES.t5_gemma_module = { theta: 10000, partial: 'ignored', headDimDefault: 256 };
// modular_exaone_moe.py: Exaone4's config and attention; modular_youtu.py: DeepSeek-V3's.
CLASSES.exaone_moe = CLASSES.exaone4;
// configuration_olmo_hybrid.py: head_dim = hidden_size // heads; only full_attention layers turn.
CLASSES.olmo_hybrid = {
  theta: 10000,
  partial: 'ignored',
  headDim: splitHeads(),
  nope: 'olmo_hybrid',
};
// configuration_dia.py: DiaDecoderConfig / DiaEncoderConfig, head_dim 128, base 1e4 (scaling 1, not RoPE).
CLASSES.dia_decoder = { theta: 10000, partial: 'ignored', headDimDefault: 128 };
CLASSES.dia_encoder = CLASSES.dia_decoder;
// configuration_hunyuan_vl.py / modeling_hunyuan_vl.py: HunYuan's alpha base, rope type "xdrope" read as
// "dynamic"; image tokens take four position axes (a note).
CLASSES.hunyuan_vl_text = {
  ...CLASSES.hunyuan_v1_dense,
  aliases: { xdrope: 'dynamic' },
  classNote: 'HunYuan-VL turns image tokens by four position axes',
};
// configuration_paddleocr_vl.py / modeling_paddleocr_vl.py: ERNIE 4.5's base 500000, head_dim 128, Qwen2-VL's
// chunked M-RoPE by halves (mrope_section required).
CLASSES.paddleocr_vl_text = { theta: 5e5, partial: 'ignored', headDimDefault: 128, mrope: 'chunked' };
// configuration_glm_image.py / modeling_glm_image.py: partial_rotary_factor (1.0 when absent) by rotate_half,
// chunked M-RoPE [8, 12, 12].
CLASSES.glm_image_text = {
  theta: 10000,
  partial: 'honoured',
  partialDefault: 1,
  headDim: headDimOrSplit(4096, 32),
  mrope: 'chunked',
  mropeDefault: [8, 12, 12],
};
// configuration_ernie4_5_vl_moe.py / modeling_ernie4_5_vl_moe.py: base 500000, hidden_size // heads, adjacent
// pairs; image and video tokens take its own 3-D split (a note).
CLASSES.ernie4_5_vl_moe_text = {
  theta: 5e5,
  partial: 'ignored',
  headDim: splitHeads(2560, 20),
  layout: () => 'interleaved',
  classNote: 'ERNIE 4.5 VL turns image and video tokens by its own 3-D split',
};
// configuration_blt.py / modeling_blt.py: head_dim = hidden_size // heads, repeat_interleave'd cos/sin
// with Cohere's rotate_half (adjacent pairs); default_theta 500000 except the patcher's (1e4).
const bltPart = (theta, hidden, heads) => ({
  theta,
  partial: 'ignored',
  headDim: splitHeads(hidden, heads),
  layout: () => 'interleaved',
});
CLASSES.blt_global_transformer = bltPart(5e5, 2048, 16);
CLASSES.blt_local_encoder = bltPart(5e5, 1024, 16);
CLASSES.blt_local_decoder = bltPart(5e5, 1024, 16);
CLASSES.blt_patcher = bltPart(10000, 768, 12);
// Qwen's remote configuration_qwen.py / modeling_qwen.py: RotaryEmbedding(kv_channels * rotary_pct,
// base=rotary_emb_base), rotate_half, no rope_scaling; dynamic NTK and logn past seq_length (a note).
CLASSES.qwen = {
  theta: 10000,
  thetaKey: 'rotary_emb_base',
  partial: 'honoured',
  partialKey: 'rotary_pct',
  partialDefault: 1,
  headDim: (c) => c.kv_channels ?? 128,
  readsScaling: false,
  classNote: 'use_dynamic_ntk',
};
CLASSES.youtu = CLASSES.deepseek_v3;
// configuration_minicpm.py / modular_minicpm.py: MiniCPMConfig(LlamaConfig) (no default_theta: 1e4; head_dim, else
// hidden_size // heads, 4096 / 32); MiniCPMRotaryEmbedding(LlamaRotaryEmbedding), whose longrope forward takes
// long_factor when position_ids.max() + 1 > original_max_position_embeddings, else short_factor, over
// int(head_dim * partial_rotary_factor) features: Llama's longrope; LlamaAttention's rotate_half.
CLASSES.minicpm = { theta: 10000, partial: 'ignored', headDim: headDimOrSplit(4096, 32) };
// configuration_deepseek_ocr2.py DeepseekOcr2TextConfig(DeepseekV2Config): head_dim = hidden_size // heads whatever
// the config says (4096 / 32), no default_theta (1e4); modular_deepseek_ocr2.py: LlamaRotaryEmbedding and
// LlamaAttention (rotate_half over the whole head) in DeepSeek-V2's decoder layers, no MLA.
CLASSES.deepseek_ocr2_text = { theta: 10000, partial: 'ignored', headDim: splitHeads(4096, 32) };
// configuration_eurobert.py / modular_eurobert.py: EuroBertConfig(LlamaConfig) (no default_theta: 1e4; EuroBERT's
// config.json states 250000), head_dim else hidden_size // heads (768 / 12); LlamaAttention, LlamaRotaryEmbedding.
CLASSES.eurobert = { theta: 10000, partial: 'ignored', headDim: headDimOrSplit(768, 12) };
// configuration_jina_embeddings_v3.py: default_theta 20000, 1024 / 16 heads (no head_dim field);
// modular_jina_embeddings_v3.py: LlamaRotaryEmbedding and LlamaAttention's apply_rotary_pos_emb (rotate_half).
CLASSES.jina_embeddings_v3 = {
  theta: 20000,
  partial: 'ignored',
  headDim: headDimOrSplit(1024, 16),
};
// configuration_cosmos3_edge.py Cosmos3EdgeTextConfig: default_theta 1e8, head_dim 128, and rope_parameters
// {default, rope_theta 1e8, mrope_section [24, 20, 20]} when the config has none (so a top-level rope_theta is
// not read then); validate_architecture: rope_type must be 'default' and mrope_section three sections adding up
// to head_dim // 2. modular_cosmos3_edge.py Cosmos3EdgeTextRotaryEmbedding: inv_freq over config.head_dim, split
// by Qwen3-VL's interleaved masks (height where i % 3 == 1 and i < 3 * s[1], width where i % 3 == 2 and
// i < 3 * s[2]), then cat(freqs, freqs) and LlamaAttention's rotate_half.
CLASSES.cosmos3_edge_text = {
  theta: 1e8,
  partial: 'ignored',
  headDimDefault: 128,
  mrope: 'interleaved',
  ropeDefault: { rope_type: 'default', rope_theta: 1e8, mrope_section: [24, 20, 20] },
  onlyDefault: true,
  sectionsRequired: true,
};
// configuration_hy_v4.py: head_dim = qk_rope_head_dim (64) always, no default_theta (1e4), no rope_interleave;
// modeling_hy_v4.py: compute_default_rope_parameters over head_dim, and apply_rotary_pos_emb with rotate_half on
// the MLA rope slice and on the last qk_rope_head_dim features of the indexer's heads. (yarn_apply_mscale
// scales the softmax, not the rotation.)
CLASSES.hy_v4 = {
  theta: 10000,
  partial: 'ignored',
  headDim: (c) => c.qk_rope_head_dim ?? 64,
  classNote: "HY V4's indexer turns the last qk_rope_head_dim features of its heads by rotate_half too",
};

/** Any other rotary model type is read like Llama (the common case in transformers). */
const GENERIC = CLASSES.llama;

/** Model types read by their own rules (the others get a note saying Llama's rules were assumed). */
const KNOWN = new Set([
  ...Object.keys(CLASSES),
  ...LLAMA_LIKE,
  'gptj',
  'codegen',
  'roformer',
  'modernbert',
  'olmo3',
  'mimo_v2_flash',
  'esm',
  'gemma3_text',
  'gemma3n_text',
  'gemma4_text',
  'gemma4_unified_text',
  'diffusion_gemma_text',
  'step3_vl',
  't5gemma',
  't5gemma2',
  't5gemma2_decoder',
  't5gemma2_text',
  'dia',
  'blt',
  'laguna',
  'mellum',
  'zaya',
  'step3p5',
  'step3p7',
  'deepseek_v4',
  'paddleocr_vl',
  'glm_image',
  'ernie4_5_vl_moe',
  'hunyuan_vl',
]);

// ---------------------------------------------------------------------------------------------
// Small helpers

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** Python truthiness of a dict: None and {} are false. */
const truthyDict = (v) => isObject(v) && Object.keys(v).length > 0;
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

function parse(config) {
  if (typeof config === 'string') return JSON.parse(config);
  if (!isObject(config)) throw new TypeError(`config must be an object or JSON text, got ${typeof config}`);
  return config;
}

/**
 * Multimodal wrappers keep the language model's fields in text_config (Gemma3Config, Gemma4Config,
 * Qwen3VLConfig ...). Qwen2-VL / Qwen2.5-VL checkpoints were published flat: their configuration
 * class builds text_config from the top-level keys (configuration_qwen2_5_vl.py __post_init__).
 */
function textConfig(cfg) {
  const wrappers = {
    gemma3: 'gemma3_text',
    gemma4: 'gemma4_text',
    // modular_gemma4_unified.py, modular_diffusion_gemma.py: Gemma4TextConfig, attention and rotary embedding
    gemma4_unified: 'gemma4_unified_text',
    diffusion_gemma: 'diffusion_gemma_text',
    qwen2_vl: 'qwen2_vl_text',
    qwen2_5_vl: 'qwen2_5_vl_text',
    qwen3_vl: 'qwen3_vl_text',
    qwen3_5: 'qwen3_5_text',
    qwen3_5_moe: 'qwen3_5_moe_text',
    glm4v: 'glm4v_text',
    glm4v_moe: 'glm4v_moe_text',
    // configuration_llama4.py Llama4Config: the language model is Llama4TextConfig (llama4_text).
    llama4: 'llama4_text',
    // configuration_gemma3n.py Gemma3nConfig / configuration_mllama.py MllamaConfig: their text configs.
    gemma3n: 'gemma3n_text',
    mllama: 'mllama_text_model',
    // configuration_paligemma.py: a Gemma text_config by default
    paligemma: 'gemma',
    qwen2_5_omni_thinker: 'qwen2_5_omni_text',
    qwen3_omni_moe_thinker: 'qwen3_omni_moe_text',
    // configuration_fuyu.py: a flat hub config becomes a persimmon text_config
    fuyu: 'persimmon',
    // Step-3's remote configuration_step3.py: Step3VLConfig's text_config is a step3_text config
    step3_vl: 'step3_text',
    // configuration_step3p7.py: Step3p7Config's text_config is Step3p7TextConfig (step3p5)
    step3p7: 'step3p5',
    // configuration_paddleocr_vl.py (flat on the hub), _glm_image.py, _ernie4_5_vl_moe.py: their text configs
    paddleocr_vl: 'paddleocr_vl_text',
    glm_image: 'glm_image_text',
    ernie4_5_vl_moe: 'ernie4_5_vl_moe_text',
    hunyuan_vl: 'hunyuan_vl_text',
    // configuration_llava.py and its kin: text_config "llama" when it names no model_type; a flat config is
    // the original LLaVA repository's LlamaConfig. configuration_llava_onevision.py: "qwen2".
    llava: 'llama',
    llava_next: 'llama',
    llava_next_video: 'llama',
    video_llava: 'llama',
    vipllava: 'llama',
    perception_lm: 'llama',
    llava_onevision: 'qwen2',
  };
  // configuration_qwen2_5_omni.py / configuration_qwen3_omni_moe.py: the thinker's text model sits in
  // thinker_config.text_config, and a missing level is built from its class's defaults.
  const omni = { qwen2_5_omni: 'qwen2_5_omni_text', qwen3_omni_moe: 'qwen3_omni_moe_text' }[cfg.model_type];
  // Janus's modeling_vlm.py LlamaConfig(**language_config); DeepSeek-VL2's DeepseekV2Config(**language_config)
  const language = { multi_modality: 'llama', deepseek_vl_v2: 'deepseek_v2' }[cfg.model_type];
  if (language) {
    const tc = isObject(cfg.language_config) ? cfg.language_config : {};
    // configuration_llama.py's sizes fill a Janus language_config that leaves them out
    const sizes = language === 'llama' ? { hidden_size: 4096, num_attention_heads: 32 } : {};
    return { ...sizes, ...tc, model_type: tc.model_type ?? language };
  }
  // configuration_deepseek_ocr2.py / configuration_cosmos3_edge.py: the wrapper builds text_config as its own
  // text class whatever model_type the dict names, and from that class's defaults when there is none
  const own = { deepseek_ocr2: 'deepseek_ocr2_text', cosmos3_edge: 'cosmos3_edge_text' }[cfg.model_type];
  if (own) return { ...(isObject(cfg.text_config) ? cfg.text_config : {}), model_type: own };
  // configuration_t5gemma.py / _t5gemma2.py / _dia.py / _blt.py: the decoder's config (the global
  // transformer's for BLT), its class's defaults when absent
  const part = {
    t5gemma: ['decoder', 't5_gemma_module'],
    t5gemma2: ['decoder', 't5gemma2_decoder'],
    dia: ['decoder_config', 'dia_decoder'],
    blt: ['global_config', 'blt_global_transformer'],
  }[cfg.model_type];
  if (part) {
    const tc = isObject(cfg[part[0]]) ? cfg[part[0]] : {};
    return { ...tc, model_type: tc.model_type ?? part[1] };
  }
  // InternVL's remote configuration_internvl_chat.py: the language model's config is llm_config
  if (cfg.model_type === 'internvl_chat') {
    const tc = isObject(cfg.llm_config) ? cfg.llm_config : {};
    return { ...tc, model_type: tc.model_type ?? 'internlm2' };
  }
  if (omni) {
    const thinker = isObject(cfg.thinker_config) ? cfg.thinker_config : {};
    const tc = isObject(thinker.text_config) ? thinker.text_config : {};
    return { ...tc, model_type: tc.model_type ?? omni };
  }
  if (isObject(cfg.text_config)) {
    const tc = cfg.text_config;
    return { ...tc, model_type: tc.model_type ?? wrappers[cfg.model_type] ?? cfg.model_type };
  }
  return { ...cfg, model_type: wrappers[cfg.model_type] ?? cfg.model_type };
}

/** head_dim: getattr(config, "head_dim", None) or hidden_size // num_attention_heads. */
function headDimOf(tc, cls, headDimDefault) {
  if (cls.headDim) return cls.headDim(tc);
  const explicit = tc.head_dim ?? headDimDefault;
  if (explicit) return explicit;
  // GPT-J / BLOOM style names (attribute_map hidden_size -> n_embd, num_attention_heads -> n_head).
  const hidden = tc.hidden_size ?? tc.n_embd;
  const heads = tc.num_attention_heads ?? tc.n_head;
  return Math.floor(hidden / heads);
}

/** Python's int(x * y // 2) for the proportional rope: floor division of a float, then int. */
const floorHalf = (x) => Math.floor(x / 2);

// ---------------------------------------------------------------------------------------------
// Inverse frequencies, float64, one function per ROPE_INIT_FUNCTIONS entry ([rope]).

/** inv_freq = 1 / base^(arange(0, dim, 2) / dim) */
function defaultInvFreq(dim, base) {
  const out = [];
  for (let k = 0; k < dim; k += 2) out.push(1 / base ** (k / dim));
  return out;
}

/** _compute_linear_scaling_rope_parameters: inv_freq /= factor. */
function linear(dim, base, p) {
  return { inv: defaultInvFreq(dim, base).map((v) => v / p.factor), attention: 1 };
}

/**
 * _compute_dynamic_ntk_parameters: seq_len defaults to (and is at least) max_position_embeddings;
 * base' = base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2)).
 */
function dynamic(dim, base, p, { maxPos, seqLen }) {
  const seq = seqLen == null ? maxPos : Math.max(seqLen, maxPos);
  const scaled = base * ((p.factor * seq) / maxPos - (p.factor - 1)) ** (dim / (dim - 2));
  return { inv: defaultInvFreq(dim, scaled), attention: 1 };
}

/** get_mscale inside _compute_yarn_parameters. */
const getMscale = (scale, mscale = 1) => (scale <= 1 ? 1 : 0.1 * mscale * Math.log(scale) + 1);

/**
 * _compute_yarn_parameters (main):
 *   factor None -> max_position_embeddings / original_max_position_embeddings
 *   attention_factor None -> get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim) when both
 *                            mscale and mscale_all_dim are truthy, else get_mscale(factor)
 *   beta_fast/beta_slow: `get(...) or 32` / `or 1`
 *   truncate = config.rope_parameters.get("truncate", True)  (the top-level dict, not the layer's)
 *   correction range over the ORIGINAL length, floor/ceil only when truncating, clamped to [0, dim-1]
 */
function yarn(dim, base, p, { maxPos, topDict }) {
  const original = p.original_max_position_embeddings;
  const factor = p.factor ?? maxPos / original;
  let attention = p.attention_factor;
  if (attention == null) {
    attention =
      p.mscale && p.mscale_all_dim
        ? getMscale(factor, p.mscale) / getMscale(factor, p.mscale_all_dim)
        : getMscale(factor);
  }
  const betaFast = p.beta_fast || 32;
  const betaSlow = p.beta_slow || 1;
  const truncate = has(topDict, 'truncate') ? Boolean(topDict.truncate) : true;
  const correctionDim = (rotations) => (dim * Math.log(original / (rotations * 2 * Math.PI))) / (2 * Math.log(base));
  let low = correctionDim(betaFast);
  let high = correctionDim(betaSlow);
  if (truncate) {
    low = Math.floor(low);
    high = Math.ceil(high);
  }
  low = Math.max(low, 0);
  high = Math.min(high, dim - 1);
  if (low === high) high += 0.001; // linear_ramp_factor: "Prevent singularity"
  const inv = [];
  for (let i = 0; i < dim / 2; i++) {
    const posFreq = base ** ((2 * i) / dim);
    const ramp = Math.min(1, Math.max(0, (i - low) / (high - low)));
    const extrapolation = 1 - ramp; // inv_freq_extrapolation_factor
    inv.push((1 / (factor * posFreq)) * (1 - extrapolation) + (1 / posFreq) * extrapolation);
  }
  return { inv, attention };
}

/**
 * _compute_longrope_parameters (main): an explicit `factor` is used as is; only when it is None does
 * it become max_position_embeddings / original_max_position_embeddings. The attention factor does not
 * depend on seq_len. long_factor when seq_len > original_max_position_embeddings, else short_factor.
 */
function longrope(dim, base, p, { maxPos, seqLen }) {
  const original = p.original_max_position_embeddings;
  const factor = p.factor ?? maxPos / original;
  let attention = p.attention_factor;
  if (attention == null) attention = factor <= 1 ? 1 : Math.sqrt(1 + Math.log(factor) / Math.log(original));
  const ext = seqLen && seqLen > original ? p.long_factor : p.short_factor;
  const inv = [];
  for (let k = 0, i = 0; k < dim; k += 2, i++) inv.push(1 / (ext[i] * base ** (k / dim)));
  return { inv, attention };
}

/** _compute_llama3_parameters (main). */
function llama3(dim, base, p) {
  const old = p.original_max_position_embeddings;
  const lowWavelen = old / p.low_freq_factor;
  const highWavelen = old / p.high_freq_factor;
  const inv = defaultInvFreq(dim, base).map((f) => {
    const wavelen = (2 * Math.PI) / f;
    const scaled = wavelen > lowWavelen ? f / p.factor : f;
    const smooth = (old / wavelen - p.low_freq_factor) / (p.high_freq_factor - p.low_freq_factor);
    const medium = !(wavelen < highWavelen) && !(wavelen > lowWavelen);
    return medium ? ((1 - smooth) * scaled) / p.factor + smooth * scaled : scaled;
  });
  return { inv, attention: 1 };
}

/**
 * _compute_proportional_rope_parameters (main, used by Gemma 4's full-attention layers):
 *   rope_angles = int(partial_rotary_factor * head_dim // 2)
 *   inv_freq[i] = 1 / base^(2i / head_dim) for i < rope_angles      (denominator: the whole head_dim)
 *   then head_dim // 2 - rope_angles zeros (those angles never rotate), and inv_freq /= factor (default 1)
 * It always returns head_dim // 2 frequencies: the rotation covers the whole head.
 */
function proportional(headDim, base, p) {
  const angles = Math.trunc(floorHalf((p.partial_rotary_factor ?? 1) * headDim));
  const factor = p.factor ?? 1;
  const inv = [];
  for (let i = 0; i < Math.floor(headDim / 2); i++) inv.push(i < angles ? 1 / base ** ((2 * i) / headDim) / factor : 0);
  return { inv, attention: 1 };
}

// ---------------------------------------------------------------------------------------------
// Standardising the RoPE fields of one config ([rope] + the configuration classes)

/**
 * convert_rope_params_to_dict: `self.rope_parameters = rope_scaling or self.rope_parameters`, i.e. a
 * non-empty legacy rope_scaling wins over rope_parameters; rope_theta and partial_rotary_factor are
 * set with setdefault, so values already inside the dict win over the top-level keys.
 */
function flatRopeDict(tc) {
  return truthyDict(tc.rope_scaling)
    ? { ...tc.rope_scaling }
    : isObject(tc.rope_parameters)
      ? { ...tc.rope_parameters }
      : {};
}

/** standardize_rope_params: rope_type defaults to the legacy "type", then to "default". */
function ropeTypeOf(p, cls) {
  const type = p.rope_type ?? p.type ?? 'default';
  return cls.aliases?.[type] ?? type;
}

function checkRopeType(type) {
  if (!KNOWN_ROPE_TYPES.includes(type)) {
    throw new RangeError(`unknown rope_type '${type}' (known: ${KNOWN_ROPE_TYPES.join(', ')})`);
  }
}

/**
 * standardize_rope_params, case 1, for llama3 / yarn / longrope: a top-level
 * original_max_position_embeddings attribute wins ("Phi3 ... exception case where we give priority to
 * self.original_max_position_embeddings"); otherwise setdefault(max_position_embeddings). Phi3Config
 * declares the attribute (default 4096). For other classes a top-level key in config.json becomes an
 * attribute too ([cfg]) and the init functions re-run standardize_rope_params(), so it wins as well.
 */
function originalMax(tc, cls, p) {
  if (tc.original_max_position_embeddings != null) return tc.original_max_position_embeddings;
  if (cls.originalDefault != null) return cls.originalDefault;
  return p.original_max_position_embeddings ?? tc.max_position_embeddings;
}

/** The partial rotary factor the model actually applies for this rope type (see CLASSES). */
function partialFactor(tc, cls, p, type, headDim) {
  if (cls.partial === 'mlaShare') return mlaShare(tc, cls, p, headDim);
  if (cls.partial === 'ignored' && type === 'default') return 1;
  const key = cls.partialKey ?? 'partial_rotary_factor';
  // configuration_minimax_m2.py: a rotary_dim without a factor becomes rotary_dim / head_dim
  const width = tc[cls.rotaryDimKey ?? 'rotary_dim'];
  const fromRotaryDim = cls.rotaryDimPartial && width != null ? width / headDim : undefined;
  return p.partial_rotary_factor ?? tc[key] ?? fromRotaryDim ?? cls.partialDefault ?? 1;
}

/**
 * Mistral 4 (modular_mistral4.py): cos/sin are built over int(qk_head_dim * partial_rotary_factor) features
 * and turn q_rot, the qk_rope_head_dim slice, so the factor must name that slice; the slice turns whole.
 */
function mlaShare(tc, cls, p, slice) {
  const factor = p.partial_rotary_factor ?? tc.partial_rotary_factor;
  if (factor == null) return 1;
  const qkHead = (tc.qk_nope_head_dim ?? cls.nopeDefault) + slice;
  if (Math.floor(qkHead * factor) !== slice)
    throw new RangeError(`partial_rotary_factor must be qk_rope_head_dim / qk_head_dim, got ${factor}`);
  return 1;
}

/** Runs the init function of `type` for a rotation of `dim` features (or a head of `dim` for proportional). */
function initFunction(type, dim, base, p, ctx) {
  switch (type) {
    case 'default':
      return { inv: defaultInvFreq(dim, base), attention: 1 };
    case 'linear':
      return linear(dim, base, p);
    case 'dynamic':
      return dynamic(dim, base, p, ctx);
    case 'yarn':
      return yarn(dim, base, p, ctx);
    case 'longrope':
      return longrope(dim, base, p, ctx);
    case 'llama3':
      return llama3(dim, base, p);
    case 'proportional':
      return proportional(dim, base, p);
    default:
      throw new RangeError(`unknown rope_type '${type}'`);
  }
}

/**
 * The rotated width: int(head_dim * partial_rotary_factor) in every init function, except proportional,
 * which always covers the whole head (zero frequencies for the angles it does not rotate).
 */
function rotaryWidth(type, headDim, partial) {
  return type === 'proportional' ? headDim : Math.trunc(headDim * partial);
}

/** One layer type's RoPE, once its parameter dict `p` is standardised. */
function resolve({ tc, p, type, headDim, rotaryDim, layout, ctx, sections, interleaved }) {
  checkRopeType(type);
  const base = p.rope_theta;
  const { inv, attention } = initFunction(type, rotaryDim, base, p, { maxPos: tc.max_position_embeddings, ...ctx });
  return {
    ropeType: type,
    headDim,
    rotaryDim,
    base,
    layout,
    frequencies: Float64Array.from(inv),
    attentionFactor: attention,
    sections: sections ? [...sections] : null,
    interleavedSections: Boolean(sections) && interleaved,
  };
}

// ---------------------------------------------------------------------------------------------
// Layers without RoPE (NoPE)

/** config.num_hidden_layers: the NoPE rules need it (only Mllama's and Qwen3-Next's class defaults are assumed). */
function layerCount(tc) {
  // the class defaults of MllamaTextConfig and Qwen3NextConfig
  const n =
    tc.num_hidden_layers ??
    {
      mllama_text_model: 40,
      qwen3_next: 48,
      qwen3_5_text: 32,
      qwen3_5_moe_text: 40,
      zamba2: 54,
      recurrent_gemma: 26,
      bailing_moe_linear: 24,
      minimax_m1: 32,
      minimax_text_01: 32,
      minimax: 32,
      olmo_hybrid: 32,
      step3p5: 45,
    }[tc.model_type];
  if (!Number.isInteger(n) || n < 1) {
    throw new RangeError(
      `config.num_hidden_layers must be a positive integer for model_type '${tc.model_type}' ` +
        `(it decides which layers apply RoPE), got ${JSON.stringify(n)}`,
    );
  }
  return n;
}

/** A flag of no_rope_layers that turns RoPE off: Python's `flag == 0` (0, 0.0, False). */
const isNoRopeFlag = (flag) => flag === 0 || flag === false;

/**
 * no_rope_layers, one flag per layer (modeling_llama4.py / modular_smollm3.py: self.use_rope =
 * config.no_rope_layers[layer_idx]). Without one, the configuration class builds
 * [int((i + 1) % no_rope_layer_interval != 0) for i in range(num_hidden_layers)] (interval default 4):
 * configuration_llama4.py also for an empty list (`no_rope_layers if no_rope_layers else ...`),
 * modular_smollm3.py only for None (`if no_rope_layers is None`), so there an empty list stays.
 */
function noRopeFlags(tc, n, emptyMeansDefault) {
  const given = tc.no_rope_layers;
  if (given == null || (emptyMeansDefault && Array.isArray(given) && given.length === 0)) {
    const interval = tc.no_rope_layer_interval ?? 4;
    if (!Number.isInteger(interval) || interval < 1) {
      throw new RangeError(`config.no_rope_layer_interval must be a positive integer, got ${JSON.stringify(interval)}`);
    }
    return Array.from({ length: n }, (_, i) => ((i + 1) % interval !== 0 ? 1 : 0));
  }
  // modeling indexes the list by layer: it must cover every layer
  if (!Array.isArray(given) || given.length !== n) {
    throw new RangeError(
      `config.no_rope_layers must have num_hidden_layers (${n}) entries, got ${JSON.stringify(given)}`,
    );
  }
  return given;
}

/**
 * configuration_mllama.py: cross_attention_layers, default [3, 8, 13, 18, 23, 28, 33, 38]: the layers built
 * as MllamaCrossAttentionDecoderLayer, which attend to the image without position embeddings.
 */
function crossAttentionLayers(tc, n) {
  const listed = tc.cross_attention_layers ?? [3, 8, 13, 18, 23, 28, 33, 38];
  for (const i of listed) {
    if (!Number.isInteger(i) || i < 0 || i >= n) {
      throw new RangeError(`config.cross_attention_layers holds ${JSON.stringify(i)}, not a layer in [0, ${n - 1}]`);
    }
  }
  return [...new Set(listed)].sort((a, b) => a - b);
}

/**
 * configuration_cohere2.py / modular_exaone4.py: config.layer_types when given, else every
 * sliding_window_pattern-th layer (default 4) is full_attention and the others sliding_attention
 * ("sliding_attention" if bool((i + 1) % pattern) else "full_attention").
 */
function slidingLayerTypes(tc, n, key = 'sliding_window_pattern', other = 'sliding_attention') {
  if (tc.layer_types != null) return tc.layer_types;
  const pattern = tc[key] ?? 4;
  // EXAONE 4's configs write the pattern as letters, one a layer and repeated: L local (sliding), G global
  if (typeof pattern === 'string' && /^[LG]+$/.test(pattern))
    return Array.from({ length: n }, (_, i) => (pattern[i % pattern.length] === 'L' ? other : 'full_attention'));
  if (!Number.isInteger(pattern) || pattern < 1) {
    throw new RangeError(`config.${key} must be a positive integer, got ${JSON.stringify(pattern)}`);
  }
  return Array.from({ length: n }, (_, i) => ((i + 1) % pattern !== 0 ? other : 'full_attention'));
}

/**
 * configuration_qwen3_next.py: layer_types, else "linear_attention" if bool((i + 1) % full_attention_interval)
 * else "full_attention"; modeling_qwen3_next.py applies RoPE in Qwen3NextAttention (full layers) only.
 */
function fullAttentionOnly(tc, n) {
  const types = slidingLayerTypes(tc, n, 'full_attention_interval', 'linear_attention');
  const withoutRope = types.flatMap((t, i) => (t === 'full_attention' ? [] : [i]));
  if (withoutRope.length === types.length) {
    throw new RangeError(`no layer of this ${tc.model_type} config applies RoPE: no layer is full_attention`);
  }
  return { layerTypes: SINGLE, withoutRope };
}

/**
 * modeling_cohere2.py Cohere2Attention: sliding_window = config.sliding_window on sliding_attention
 * layers, else None, and RoPE only `if self.sliding_window is not None`: only sliding layers rotate, and
 * none when config.sliding_window is None. modular_exaone4.py Exaone4Attention rotates
 * `if self.sliding_window is None or self.is_sliding`: without a window every layer rotates.
 * An absent sliding_window key keeps the class default (4096 in both configuration classes).
 */
function slidingOnly(tc, n, windowlessRotatesAll, patternKey, windowDecides = true) {
  const windowless = windowDecides && has(tc, 'sliding_window') && tc.sliding_window === null;
  if (windowless && windowlessRotatesAll) return { layerTypes: SINGLE, withoutRope: [] };
  const why = 'only sliding_attention layers rotate';
  if (windowless) {
    throw new RangeError(
      `no layer of this ${tc.model_type} config applies RoPE: ${why}, and config.sliding_window is null`,
    );
  }
  const types = slidingLayerTypes(tc, n, patternKey);
  const withoutRope = types.flatMap((t, i) => (t === 'sliding_attention' ? [] : [i]));
  if (withoutRope.length === types.length) {
    throw new RangeError(`no layer of this ${tc.model_type} config applies RoPE: ${why}, and no layer is sliding`);
  }
  return { layerTypes: ['sliding_attention'], withoutRope };
}

/**
 * Cohere2MoeConfig.__post_init__: without layer_types, k = first_k_dense_replace (default 0) prefix layers
 * "sliding_attention" if (i + 1) % prefix_dense_sliding_window_pattern else "full_attention", then the rest
 * by (i + 1) % sliding_window_pattern over their own count; mlp_layer_types defaults to "dense" for i < k.
 * Cohere2MoeAttention: RoPE if self.sliding_window is not None (sliding layers, a window given) or
 * force_rope (a dense layer and prefix_dense_sliding_window_pattern == 1).
 */
function cohere2MoeLayers(tc, n) {
  const k = tc.first_k_dense_replace ?? 0;
  const prefix = tc.prefix_dense_sliding_window_pattern ?? 1;
  const every = tc.sliding_window_pattern ?? 4;
  const types =
    tc.layer_types ??
    Array.from({ length: n }, (_, i) =>
      (i < k ? (i + 1) % prefix : (i - k + 1) % every) !== 0 ? 'sliding_attention' : 'full_attention',
    );
  const dense = tc.mlp_layer_types ?? Array.from({ length: n }, (_, i) => (i < k ? 'dense' : 'sparse'));
  const windowless = has(tc, 'sliding_window') && tc.sliding_window === null;
  const rotates = (i) => (types[i] === 'sliding_attention' && !windowless) || (dense[i] === 'dense' && prefix === 1);
  const withoutRope = types.flatMap((_, i) => (rotates(i) ? [] : [i]));
  if (withoutRope.length === n) {
    throw new RangeError(`no layer of this ${tc.model_type} config applies RoPE: no sliding-window or dense layer`);
  }
  const fullRotates = types.some((t, i) => t !== 'sliding_attention' && rotates(i));
  return { layerTypes: fullRotates ? SINGLE : ['sliding_attention'], withoutRope };
}

/**
 * Hybrids (Granite 4.0, LFM2): layer_types (Granite's layers_block_type) names each layer's block; the
 * attention ones ("attention", "full_attention") rotate, Mamba and convolution blocks have no attention.
 * Without a list, LFM2 marks its attention layers in full_attn_idxs, and without that every layer attends.
 */
function attentionBlocks(tc, n, cls) {
  let types = tc.layer_types ?? tc.layers_block_type ?? cls.defaultBlocks?.();
  if (cls.blockConfigs) {
    const blocks = tc.block_configs;
    if (!Array.isArray(blocks) || blocks.length !== n)
      throw new RangeError(`config.block_configs must have num_hidden_layers (${n}) entries`);
    types = blocks.map((b) => (b.attention.no_op || b.attention.replace_with_linear ? 'linear' : 'full_attention'));
  }
  if (types == null && cls.blockPattern) {
    const cycle = tc[cls.blockPattern] ?? ['recurrent', 'recurrent', 'attention'];
    types = Array.from({ length: n }, (_, i) => cycle[i % cycle.length]);
  }
  if (types == null) {
    const indices = cls.attentionIndices ? tc[cls.attentionIndices] : null;
    // configuration_granitemoehybrid.py: ["mamba"] * num_hidden_layers; configuration_lfm2.py: full_attn_idxs,
    // else every layer
    const attends = (i) => (indices == null ? !cls.defaultBlock : indices.includes(i));
    types = Array.from({ length: n }, (_, i) => (attends(i) ? 'full_attention' : (cls.defaultBlock ?? 'conv')));
    for (const i of indices ?? []) {
      if (!Number.isInteger(i) || i < 0 || i >= n)
        throw new RangeError(`config.full_attn_idxs holds ${i}, not a layer`);
    }
  }
  if (!Array.isArray(types) || types.length !== n) {
    throw new RangeError(`config.layer_types must have num_hidden_layers (${n}) entries, got ${JSON.stringify(types)}`);
  }
  const attends = (t) => t === 'attention' || t === 'full_attention' || t === 'hybrid';
  const withoutRope = types.flatMap((t, i) => (attends(t) ? [] : [i]));
  if (withoutRope.length === n) throw new RangeError(`no layer of this ${tc.model_type} config has attention`);
  return { layerTypes: SINGLE, withoutRope };
}

/** MiniMax-M1 (modeling_minimax_m1.py): attn_type_list, required; 0 is lightning attention, without RoPE. */
function minimaxLayers(tc, n) {
  const flags = tc.attn_type_list;
  if (!Array.isArray(flags) || flags.length !== n)
    throw new RangeError(`config.attn_type_list must have num_hidden_layers (${n}) entries`);
  const withoutRope = flags.flatMap((flag, i) => (flag === 0 ? [i] : []));
  if (withoutRope.length === n) throw new RangeError(`no layer of this ${tc.model_type} config is softmax attention`);
  return { layerTypes: SINGLE, withoutRope };
}

/**
 * transformers' minimax port (configuration_minimax.py): layer_types, else "full_attention" if bool((i + 1) % 2)
 * else "linear_attention"; MiniMaxLightningAttention never uses position_embeddings.
 */
function minimaxPortLayers(tc, n) {
  const types =
    tc.layer_types ?? Array.from({ length: n }, (_, i) => ((i + 1) % 2 ? 'full_attention' : 'linear_attention'));
  const withoutRope = types.flatMap((t, i) => (t === 'full_attention' ? [] : [i]));
  if (withoutRope.length === n) throw new RangeError(`no layer of this minimax config is full_attention`);
  return { layerTypes: SINGLE, withoutRope };
}

/**
 * configuration_olmo_hybrid.py: layer_types, else linear_attention with full_attention where i % 4 == 3, and
 * the last layer when that leaves none; only the full-attention layers take position_embeddings.
 */
function olmoHybridLayers(tc, n) {
  let types = tc.layer_types;
  if (types == null) {
    types = Array.from({ length: n }, (_, i) => (i % 4 === 3 ? 'full_attention' : 'linear_attention'));
    if (!types.includes('full_attention')) types[n - 1] = 'full_attention';
  }
  const withoutRope = types.flatMap((t, i) => (t === 'full_attention' ? [] : [i]));
  if (withoutRope.length === n) throw new RangeError(`no layer of this olmo_hybrid config is full_attention`);
  return { layerTypes: SINGLE, withoutRope };
}

/**
 * Ring-linear (modeling_bailing_moe_linear.py): layer i is softmax attention when (i + 1) % layer_group_size
 * == 0 or i >= num_hidden_layers // layer_group_size * layer_group_size; the others are linear attention,
 * which rotates as well unless config.linear_rope is false.
 */
function ringLinearLayers(tc, n) {
  if (tc.linear_rope !== false) return { layerTypes: SINGLE, withoutRope: [] };
  const g = tc.layer_group_size ?? 1;
  const softmax = (i) => (i + 1) % g === 0 || i >= Math.floor(n / g) * g;
  return { layerTypes: SINGLE, withoutRope: Array.from({ length: n }, (_, i) => i).filter((i) => !softmax(i)) };
}

/**
 * The RoPE layer type of a model and the layers that apply no RoPE. The one RoPE dict of these models
 * belongs to that layer type. Llama 4 rotates in its chunked-attention layers (configuration_llama4.py
 * layer_types: the NoPE layers are the full-attention ones), SmolLM3 in full-attention layers.
 */
function ropeLayers(tc, cls) {
  if (!cls.nope) return { layerTypes: SINGLE, withoutRope: [] };
  const n = layerCount(tc);
  const fromFlags = (flags, layerType) => ({
    layerTypes: [layerType],
    withoutRope: flags.flatMap((flag, i) => (isNoRopeFlag(flag) ? [i] : [])),
  });
  if (cls.nope === 'mllama') return { layerTypes: SINGLE, withoutRope: crossAttentionLayers(tc, n) };
  if (cls.nope === 'qwen3_next') return fullAttentionOnly(tc, n);
  if (cls.nope === 'llama4') return fromFlags(noRopeFlags(tc, n, true), 'chunked_attention');
  if (cls.nope === 'smollm3') return fromFlags(noRopeFlags(tc, n, false), 'full_attention');
  if (cls.nope === 'blocks') return attentionBlocks(tc, n, cls);
  if (cls.nope === 'minimax') return minimaxLayers(tc, n);
  if (cls.nope === 'minimax_port') return minimaxPortLayers(tc, n);
  if (cls.nope === 'olmo_hybrid') return olmoHybridLayers(tc, n);
  // modeling_afmoe.py: RoPE `if self.is_local_attention`, by layer type alone
  if (cls.nope === 'afmoe') return slidingOnly(tc, n, false, 'global_attn_every_n_layers', false);
  if (cls.nope === 'ring') return ringLinearLayers(tc, n);
  if (cls.nope === 'cohere2_moe') return cohere2MoeLayers(tc, n);
  return slidingOnly(tc, n, cls.nope === 'exaone4');
}

/** The note for layers without RoPE: their attention has no position information at all. */
const noRopeNote = (withoutRope) =>
  `layers ${withoutRope.join(', ')} apply no RoPE (NoPE): their attention scores carry no position information`;

// ---------------------------------------------------------------------------------------------
// GTE's fixed NTK

/**
 * GTE's modeling.py NTKScalingRotaryEmbedding (kexue.fm/archives/9706): its cache is built for
 * max_position_embeddings * factor, so for factor > 1 inv_freq is recomputed once at init:
 *   mixed_b None: base = rope_theta * factor; inv_freq = 1 / base ** (arange(0, d, 2) / d) / factor ** (2 / d)
 *   mixed_b b:    inv_freq = 1 / rope_theta ** (arange(0, d, 2) / d) / exp(a * arange(1, d/2 + 1) ** b),
 *                 a = ln(factor) / (d / 2) ** b
 * and every position turns by it; a factor up to 1 keeps the plain frequencies.
 */
function gteNtk(p, headDim) {
  const f = p.factor;
  if (typeof f !== 'number' || !(f > 0)) throw new RangeError(`rope_scaling.factor must be > 0, got ${f}`);
  const d = headDim;
  const plain = defaultInvFreq(d, p.rope_theta);
  const b = p.mixed_b ?? null;
  const inv =
    f <= 1
      ? plain
      : b === null
        ? defaultInvFreq(d, p.rope_theta * f).map((x) => x / f ** (2 / d))
        : plain.map((x, i) => x / Math.exp((Math.log(f) / (d / 2) ** b) * (i + 1) ** b));
  return {
    ropeType: f <= 1 ? 'default' : 'ntk',
    headDim: d,
    rotaryDim: d,
    base: p.rope_theta,
    layout: 'half',
    frequencies: Float64Array.from(inv),
    attentionFactor: 1,
    sections: null,
    interleavedSections: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Hunyuan's NTK alpha

/** A Hunyuan dynamic dict with a numeric alpha (modeling_hunyuan_v1_dense.py: `if rope_scaling.get("alpha")`). */
const usesAlpha = (cls, type, p) =>
  Boolean(cls.alpha) && type === 'dynamic' && typeof p.alpha === 'number' && p.alpha !== 0; // Python's truth of it

/**
 * modeling_hunyuan_v1_dense.py HunYuanDenseV1RotaryEmbedding (same in _moe), dynamic with alpha:
 *   dim = head_dim; base = rope_theta * alpha ** (dim / (dim - 2));
 *   inv_freq = 1 / base ** (arange(0, dim, 2) / dim); attention_scaling = 1.
 * Past max_position_embeddings, dynamic_rope_update recomputes inv_freq with the ordinary dynamic init
 * function (alpha unused), so this applies up to that length only. The reported base stays rope_theta.
 */
function hunyuanAlpha(tc, p, headDim) {
  const scaled = p.rope_theta * p.alpha ** (headDim / (headDim - 2));
  const r = resolve({
    tc,
    p: { rope_theta: scaled },
    type: 'default',
    headDim,
    rotaryDim: headDim,
    layout: 'half',
    ctx: {},
    sections: null,
    interleaved: false,
  });
  return { ...r, ropeType: 'dynamic', base: p.rope_theta };
}

const alphaNote = (p) =>
  `Hunyuan NTK alpha ${p.alpha}: up to max_position_embeddings the frequencies use base rope_theta * ` +
  'alpha^(head_dim / (head_dim - 2)) (base reports rope_theta); beyond it, the plain dynamic NTK frequencies';

// ---------------------------------------------------------------------------------------------
// Model families

/** Models with one set of RoPE parameters (case 1 of standardize_rope_params). */
function singleSet(tc, cls, ctx) {
  const given = cls.readsScaling === false ? {} : flatRopeDict(tc);
  const p = Object.keys(given).length === 0 && cls.ropeDefault ? { ...cls.ropeDefault } : given;
  const sectionTheta = cls.fixedTheta
    ? undefined
    : (p.rope_theta ?? tc[cls.thetaKey ?? 'rope_theta'] ?? cls.sectionTheta?.(tc));
  if (sectionTheta == null && cls.theta === null)
    throw new TypeError(`config.${cls.thetaKey} is required: the model's code reads it without a default`);
  // DBRX: configuration_dbrx.py on main has no rope_theta in DbrxAttentionConfig and builds the rotary
  // embedding from the top-level rope_parameters, so transformers 5 would use 10000 for this config
  const sectionNote = p.rope_theta == null && tc[cls.thetaKey ?? 'rope_theta'] == null && sectionTheta != null;
  const ratio = cls.thetaRatio ? tc[cls.thetaRatio] : undefined;
  p.rope_theta = sectionTheta ?? cls.theta * (ratio ?? 1);
  const type = ropeTypeOf(p, cls);
  // configuration_cosmos3_edge.py validate_architecture: "Cosmos3 Edge requires `rope_type='default'`"
  if (cls.onlyDefault && type !== 'default')
    throw new RangeError(`model_type '${tc.model_type}' builds only rope_type 'default', got '${type}'`);
  if (cls.gteNtk && type !== 'default' && type !== 'ntk')
    throw new RangeError(`GTE builds no rope_scaling type '${type}' (only 'ntk')`);
  if (['llama3', 'yarn', 'longrope'].includes(type)) p.original_max_position_embeddings = originalMax(tc, cls, p);
  // Only the multimodal models' rotary embeddings read mrope_section (a Llama-like model ignores it); a
  // class's default applies when the dict has none (Qwen3-VL, Qwen3.5, GLM-4.1V, GLM-4.5V). Whether the
  // sections interleave is the model's code, not the dict's mrope_interleaved flag (Qwen3-VL and Qwen3.5
  // always interleave, Qwen2-VL and GLM-4.1V never do).
  const sections = cls.mrope ? (p.mrope_section ?? cls.mropeDefault ?? null) : null;
  const interleaved = cls.mrope === 'interleaved';
  const { layerTypes, withoutRope } = ropeLayers(tc, cls);
  const notes = withoutRope.length ? [noRopeNote(withoutRope)] : [];
  if (cls.defaultNote && type === 'default') notes.push(cls.defaultNote);
  if (cls.classNote) notes.push(cls.classNote);
  if (cls.setNote && tc[cls.setNote[0]])
    notes.push(`config.${cls.setNote[0]} = ${tc[cls.setNote[0]]}: ${cls.setNote[1]}`);
  for (const key of ['rope_scaling', 'rope_parameters'])
    if (cls.readsScaling === false && truthyDict(tc[key])) notes.push(`config.${key} was not applied by the model`);
  if (sectionNote) notes.push(`the base is the attention sub-config's, which transformers 5 no longer reads`);
  if (ratio != null && ratio !== 1)
    notes.push(`rope_ratio multiplies the base (ChatGLM3, GLM-4); ChatGLM2-6B-32K divides the positions by it`);
  if (p.llama_4_scaling_beta != null)
    notes.push(`llama_4_scaling_beta ${p.llama_4_scaling_beta}: a query temperature after the rotation, not RoPE`);
  const alpha = usesAlpha(cls, type, p);
  if (alpha) {
    // _compute_dynamic_ntk_parameters reads factor: a dynamic dict needs it, alpha or not
    if (typeof p.factor !== 'number') throw new RangeError('a dynamic rope dict needs a numeric "factor"');
    notes.push(alphaNote(p));
  }
  return {
    layerTypes,
    withoutRope,
    notes,
    build: (layerType) => {
      if (!layerTypes.includes(layerType))
        throw new RangeError(`layerType '${layerType}' is not one of: ${layerTypes.join(', ')}`);
      const headDim = headDimOf(tc, cls, cls.headDimDefault);
      if (alpha && !(ctx.seqLen > tc.max_position_embeddings)) return hunyuanAlpha(tc, p, headDim);
      if (cls.gteNtk && type === 'ntk') return gteNtk(p, headDim);
      const rotaryDim = rotaryWidth(type, headDim, partialFactor(tc, cls, p, type, headDim));
      if (rotaryDim < 2)
        throw new RangeError(`${cls.partialKey ?? 'partial_rotary_factor'} leaves ${rotaryDim} features to rotate`);
      // chunked sections split the rotaryDim / 2 frequencies: a default that does not add up fails there
      const total = (sections ?? []).reduce((a, b) => a + b, 0);
      if (sections && !interleaved && !p.mrope_section && total !== rotaryDim / 2)
        throw new RangeError(`mrope_section: the default [${sections}] does not split ${rotaryDim / 2} frequencies`);
      // configuration_cosmos3_edge.py: three sections adding up to head_dim // 2, read with no default
      const splitsHalf = Array.isArray(sections) && sections.length === 3 && total === Math.floor(headDim / 2);
      if (cls.sectionsRequired && !splitsHalf)
        throw new RangeError(`mrope_section must be three sections adding up to head_dim // 2 (${headDim / 2})`);
      const r = resolve({
        tc,
        p,
        type,
        headDim,
        rotaryDim,
        layout: cls.layout ? cls.layout(tc) : 'half',
        ctx: { ...ctx, topDict: p },
        sections,
        interleaved,
      });
      return cls.mscales && type !== 'default' ? withMscale(r, p, ctx) : r;
    },
  };
}

/** Phi-3.5-MoE's attention factor (CLASSES.phimoe): short_mscale, or long_mscale past the original length. */
function withMscale(r, p, { seqLen }) {
  for (const key of ['short_mscale', 'long_mscale'])
    if (typeof p[key] !== 'number') throw new RangeError(`rope_scaling.${key} must be a number`);
  const longer = Boolean(seqLen) && seqLen > p.original_max_position_embeddings;
  return { ...r, attentionFactor: longer ? p.long_mscale : p.short_mscale };
}

/**
 * GPT-J (modeling_gptj.py): create_sinusoidal_positions(max_positions, rotary_dim) with a fixed base of
 * 10000 (no rope_theta, no scaling), rotate_every_two on the first rotary_dim features (adjacent pairs),
 * sin/cos repeat_interleave'd. configuration_gptj.py: rotary_dim: int = 64; None rotates the whole head.
 * CodeGen is the same model for RoPE: modeling_codegen.py copies create_sinusoidal_positions,
 * rotate_every_two and apply_rotary_pos_emb from GPT-J; configuration_codegen.py: rotary_dim=64.
 */
function gptj(tc) {
  const headDim = headDimOf(tc, GENERIC);
  return fixedBase(tc, headDim, has(tc, 'rotary_dim') ? (tc.rotary_dim ?? headDim) : 64, 'interleaved', []);
}

/**
 * RoFormer (modeling_roformer.py): RoFormerSinusoidalPositionalEmbedding(max_position_embeddings,
 * hidden_size // num_attention_heads) gives sin(pos / 10000^(2j/d)) and cos of the same angle for
 * j < d/2, spread to (theta_0, theta_0, theta_1, theta_1, ...) and applied with
 * stack([-x[..., 1::2], x[..., ::2]]): adjacent pairs over the whole head, base 10000, no rope_theta or
 * rope_scaling read. rotary_value (default False) rotates the values too.
 * configuration_roformer.py: hidden_size 768, num_attention_heads 12.
 */
function roformer(tc) {
  const headDim = Math.floor((tc.hidden_size ?? 768) / (tc.num_attention_heads ?? 12));
  const notes = tc.rotary_value ? ['rotary_value is true: the values are rotated too'] : [];
  return fixedBase(tc, headDim, headDim, 'interleaved', notes);
}

/**
 * ESM (modeling_esm.py): RotaryEmbedding(dim=attention_head_size = hidden_size // num_attention_heads),
 * inv_freq = 1 / 10000^(arange(0, dim, 2) / dim), rotate_half via x.chunk(2): the whole head, no
 * rope_theta or scaling. Only with position_embedding_type "rotary" (configuration_esm.py default
 * "absolute": ESM-1b's learned positions).
 */
function esm(tc) {
  const type = tc.position_embedding_type ?? 'absolute';
  if (type !== 'rotary') throw new RangeError(`model_type 'esm' with position_embedding_type '${type}' has no RoPE`);
  const headDim = Math.floor((tc.hidden_size ?? 768) / (tc.num_attention_heads ?? 12));
  return fixedBase(tc, headDim, headDim, 'half', []);
}

/** A model with its own sinusoid (GPT-J, CodeGen, RoFormer, ESM): base 10000, one layer type. */
function fixedBase(tc, headDim, rotaryDim, layout, notes) {
  return {
    layerTypes: SINGLE,
    notes,
    build: (layerType) => {
      if (layerType !== 'full_attention')
        throw new RangeError(`layerType '${layerType}' is not one of: full_attention`);
      return resolve({
        tc,
        p: { rope_theta: 10000 },
        type: 'default',
        headDim,
        rotaryDim,
        layout,
        ctx: {},
        sections: null,
        interleaved: false,
      });
    },
  };
}

/**
 * configuration_modernbert.py ModernBertConfig.convert_rope_params_to_dict (main): rope_parameters
 * default {sliding_attention: {rope_type: default}, full_attention: {rope_type: default}}; a legacy
 * rope_scaling updates both; full_attention.setdefault(rope_theta, kwargs.pop("global_rope_theta",
 * 160000)), sliding_attention.setdefault(rope_theta, kwargs.pop("local_rope_theta", 10000)).
 * modeling_modernbert.py: head_dim = hidden_size // num_attention_heads (768 / 12 by default), rotate_half.
 */
function modernbert(tc, ctx) {
  const rp = byLayerType(tc, ['full_attention', 'sliding_attention']);
  rp.full_attention.rope_theta ??= tc.global_rope_theta ?? 160000;
  rp.sliding_attention.rope_theta ??= tc.local_rope_theta ?? 10000;
  return layered(tc, rp, ctx, () => Math.floor((tc.hidden_size ?? 768) / (tc.num_attention_heads ?? 12)));
}

/**
 * The sliding and full dicts of a two-layer-type config: its nested rope_parameters, else
 * {rope_type: default} each, a missing one made so; a legacy rope_scaling is merged into `scaled`.
 */
function byLayerType(tc, scaled) {
  const nested = isObject(tc.rope_parameters) && Object.keys(tc.rope_parameters).some((k) => GEMMA_LAYERS.includes(k));
  const rp = nested ? structuredClone(tc.rope_parameters) : {};
  for (const layerType of GEMMA_LAYERS) {
    rp[layerType] = { ...(rp[layerType] ?? { rope_type: 'default' }) };
    if (scaled.includes(layerType) && isObject(tc.rope_scaling)) Object.assign(rp[layerType], tc.rope_scaling);
  }
  return rp;
}

/**
 * configuration_gemma3.py Gemma3TextConfig.convert_rope_params_to_dict (main):
 *   default {sliding_attention: {rope_type: default}, full_attention: {rope_type: default}} unless the
 *   config already has (nested) rope_parameters; a legacy rope_scaling updates full_attention only;
 *   full_attention.setdefault(rope_theta, kwargs.pop("rope_theta", 1e6)),
 *   sliding_attention.setdefault(rope_theta, kwargs.pop("rope_local_base_freq", 1e4)).
 * head_dim: int = 256. Gemma 3's compute_default_rope_parameters takes the whole head.
 */
function gemma3(tc, ctx) {
  const rp = byLayerType(tc, ['full_attention']);
  rp.full_attention.rope_theta ??= tc.rope_theta ?? 1e6;
  rp.sliding_attention.rope_theta ??= tc.rope_local_base_freq ?? 1e4;
  return layered(tc, rp, ctx, () => headDimOf(tc, GENERIC, 256));
}

/**
 * modular_olmo3.py Olmo3Config.convert_rope_params_to_dict (main): as Gemma 3's, a legacy rope_scaling
 * updates full_attention only; full_attention.setdefault(rope_theta, kwargs.pop("rope_theta", 500000)),
 * then sliding_attention.setdefault(rope_theta, kwargs.pop("rope_theta", 500000)), a second pop of a key
 * already gone: the sliding layers keep 500000. Olmo3RotaryEmbedding(Gemma3RotaryEmbedding): the whole
 * head by rotate_half.
 */
function olmo3(tc, ctx) {
  const rp = byLayerType(tc, ['full_attention']);
  rp.full_attention.rope_theta ??= tc.rope_theta ?? 500000;
  rp.sliding_attention.rope_theta ??= 500000;
  return layered(tc, rp, ctx, () => headDimOf(tc, GENERIC));
}

/**
 * configuration_mimo_v2_flash.py (MiMo-V2-Flash): full_attention {rope_theta 5e6, partial_rotary_factor 0.334},
 * sliding_attention {rope_theta 1e4, partial_rotary_factor 0.334}; the hub config writes the sliding base as
 * swa_rope_theta (vLLM's getattr(config, "swa_rope_theta", rope_theta)) and convert_mimo_v2_flash_weights_to_hf.py
 * updates full_attention alone with a legacy rope_scaling. head_dim 192; int(head_dim * partial) features turn by
 * rotate_half in every rope type.
 */
function mimoV2Flash(tc, ctx) {
  const rp = byLayerType(tc, ['full_attention']);
  rp.full_attention.rope_theta ??= tc.rope_theta ?? 5e6;
  rp.sliding_attention.rope_theta ??= tc.swa_rope_theta ?? 1e4;
  for (const t of GEMMA_LAYERS) rp[t].partial_rotary_factor ??= tc.partial_rotary_factor ?? 0.334;
  return layered(tc, rp, ctx, () => headDimOf(tc, GENERIC, 192), true);
}

/**
 * configuration_gemma4.py Gemma4TextConfig.__post_init__ (main): when rope_parameters is None it is
 *   {sliding_attention: {rope_type: default, rope_theta: 1e4},
 *    full_attention: {rope_type: proportional, partial_rotary_factor: 0.25, rope_theta: 1e6}}
 * (convert_rope_params_to_dict does nothing: "no old-format rope_scaling"). head_dim: int = 256,
 * global_head_dim: int = 512; modeling_gemma4.py builds the full_attention RoPE with
 * head_dim_key="global_head_dim", so those layers rotate over global_head_dim.
 */
/**
 * configuration_laguna.py / configuration_mellum.py: rope_parameters as given (keyed by layer type), else
 * their own dict per layer type; convert_rope_params_to_dict returns its kwargs, so no legacy rope_theta,
 * rope_scaling or partial_rotary_factor is read. head_dim is a field (128).
 */
function lagunaLike(tc, ctx, defaults, takesPartial) {
  const rp = structuredClone(isObject(tc.rope_parameters) ? tc.rope_parameters : defaults);
  return layered(tc, rp, ctx, () => tc.head_dim ?? 128, takesPartial);
}

/**
 * modular_zaya.py ZayaConfig(LagunaConfig): layer_types default to "hybrid" for every layer; rope_parameters
 * default to {hybrid: 5e6, hybrid_sliding: 1e4}, both with partial_rotary_factor 0.5, and convert_rope_params_to_dict
 * reads no legacy key. A given dict is nested by the keys that are layer types of the config
 * (nested_rope_parameter_keys: only those count, so the hub's stray top-level rope_type is never read); with none
 * of them the layers find no dict of their type. head_dim 128 (LagunaConfig); Qwen3.5-MoE's apply_rotary_pos_emb
 * turns the first int(head_dim * factor) features by rotate_half, for the default type too.
 */
function zaya(tc, ctx) {
  const used = tc.layer_types ?? Array(tc.num_hidden_layers ?? 1).fill('hybrid');
  const defaults = {
    hybrid: { rope_type: 'default', rope_theta: 5e6, partial_rotary_factor: 0.5 },
    hybrid_sliding: { rope_type: 'default', rope_theta: 1e4, partial_rotary_factor: 0.5 },
  };
  const given = isObject(tc.rope_parameters);
  const rp = structuredClone(given ? tc.rope_parameters : defaults);
  const names = Object.keys(rp).filter((k) => !given || used.includes(k));
  if (names.length === 0)
    throw new RangeError("config.rope_parameters must be keyed by the layer types in use ('hybrid' ...)");
  // standardize_rope_params: setdefault("rope_theta", getattr(self, "rope_theta", None)), and no class default
  for (const k of names) {
    if (!isObject(rp[k])) continue;
    rp[k].rope_theta ??= tc.rope_theta;
    if (rp[k].rope_theta == null) throw new RangeError(`config.rope_parameters.${k}.rope_theta is required`);
  }
  return layered(tc, rp, ctx, () => tc.head_dim ?? 128, true, names);
}

/**
 * configuration_step3p7.py (Step3p7TextConfig, step3p5): rope_parameters as given, else a dict per layer type
 * from rope_theta and partial_rotary_factors, each a number or one value a layer, zipped with layer_types
 * (the last layer of a type wins; entries past num_hidden_layers are the MTP layers'); a legacy rope_scaling
 * updates full_attention only. The rotation turns the first int(head_dim * factor) features.
 */
function step3p5(tc, ctx) {
  const n = layerCount(tc);
  const types = tc.layer_types ?? Array(n).fill('full_attention');
  let rp = isObject(tc.rope_parameters) ? structuredClone(tc.rope_parameters) : null;
  if (!rp) {
    rp = {};
    const theta = tc.rope_theta ?? 10000;
    const factors = tc.partial_rotary_factors;
    for (const [name, v] of [
      ['rope_theta', theta],
      ['partial_rotary_factors', factors],
    ])
      if (Array.isArray(v) && v.length < n) throw new RangeError(`config.${name} has fewer values than layers`);
    types.forEach((t, i) => {
      rp[t] ??= { rope_type: 'default' };
      rp[t].rope_theta = Array.isArray(theta) ? theta[i] : theta;
      if (factors != null) rp[t].partial_rotary_factor = Array.isArray(factors) ? factors[i] : factors;
    });
  }
  if (truthyDict(tc.rope_scaling) && rp.full_attention) Object.assign(rp.full_attention, tc.rope_scaling);
  return layered(tc, rp, ctx, () => tc.head_dim ?? 128, true);
}

/**
 * configuration_deepseek_v4.py / modeling_deepseek_v4.py: rope_parameters keyed main (sliding layers: default
 * at rope_theta) and compress (compressed layers: compress_rope_theta 160000, plus a legacy rope_scaling's keys,
 * YaRN's attention_factor forced to 1.0); each over int(head_dim * partial_rotary_factor) features (64 / 512, or a
 * legacy qk_rope_head_dim / head_dim), adjacent pairs. Layer types: layer_types, else compress_ratios (0 sliding,
 * compress_rates' 4 and 128 the two compressed kinds), else two heavily compressed then alternating.
 */
function deepseekV4(tc, ctx) {
  const n = tc.num_hidden_layers ?? 43;
  const SPARSE = 'compressed_sparse_attention';
  const HEAVY = 'heavily_compressed_attention';
  let types = tc.layer_types;
  if (types == null && Array.isArray(tc.compress_ratios)) {
    if (tc.compress_ratios.length < n) throw new RangeError('config.compress_ratios has fewer values than layers');
    const sparse = tc.compress_rates?.[SPARSE] ?? 4;
    const heavy = tc.compress_rates?.[HEAVY] ?? 128;
    types = tc.compress_ratios.slice(0, n).map((r) => {
      if (r === 0) return 'sliding_attention';
      if (r === sparse) return SPARSE;
      if (r === heavy) return HEAVY;
      throw new RangeError(`config.compress_ratios holds ${r}, not 0, ${sparse} or ${heavy}`);
    });
  }
  types ??= Array.from({ length: n }, (_, i) => (i < 2 || (i - 2) % 2 === 0 ? HEAVY : SPARSE));
  const headDim = tc.head_dim ?? 512;
  const partial = tc.partial_rotary_factor ?? (tc.qk_rope_head_dim != null ? tc.qk_rope_head_dim / headDim : 64 / 512);
  let sets;
  if (isObject(tc.rope_parameters)) {
    sets = structuredClone(tc.rope_parameters);
    for (const key of ['main', 'compress'])
      if (!isObject(sets[key])) throw new RangeError(`config.rope_parameters.${key} is missing`);
  } else {
    sets = {
      main: { rope_type: 'default', rope_theta: tc.rope_theta ?? 10000 },
      compress: { rope_type: 'default', rope_theta: tc.compress_rope_theta ?? 160000 },
    };
    if (truthyDict(tc.rope_scaling)) {
      const { rope_theta: _ignored, type, ...rest } = tc.rope_scaling;
      Object.assign(sets.compress, rest);
      if (type != null && rest.rope_type == null) sets.compress.rope_type = type;
      if (sets.compress.rope_type === 'yarn') sets.compress.attention_factor = 1;
    }
  }
  for (const set of Object.values(sets)) set.partial_rotary_factor ??= partial;
  const layerTypes = [...new Set(types)];
  for (const t of layerTypes)
    if (!['sliding_attention', SPARSE, HEAVY].includes(t)) throw new RangeError(`unknown layer type '${t}'`);
  return {
    layerTypes,
    notes: ['the last 64 features'],
    build: (layerType) => {
      if (!layerTypes.includes(layerType))
        throw new RangeError(`layerType '${layerType}' is not one of: ${layerTypes.join(', ')}`);
      const p = { ...sets[layerType === 'sliding_attention' ? 'main' : 'compress'] };
      const type = p.rope_type ?? p.type ?? 'default';
      if (['llama3', 'yarn', 'longrope'].includes(type))
        p.original_max_position_embeddings ??= tc.max_position_embeddings ?? 1048576;
      return resolve({
        tc,
        p,
        type,
        headDim,
        rotaryDim: rotaryWidth(type, headDim, p.partial_rotary_factor),
        layout: 'interleaved',
        ctx: { ...ctx, topDict: sets },
        sections: null,
        interleaved: false,
      });
    },
  };
}

function gemma4(tc, ctx) {
  const rp = isObject(tc.rope_parameters)
    ? structuredClone(tc.rope_parameters)
    : {
        sliding_attention: { rope_type: 'default', rope_theta: 1e4 },
        full_attention: { rope_type: 'proportional', partial_rotary_factor: 0.25, rope_theta: 1e6 },
      };
  const headDim = (layerType) => {
    if (layerType !== 'full_attention') return headDimOf(tc, GENERIC, 256);
    // getattr(config, "global_head_dim", None) or hidden_size // num_attention_heads
    const global = has(tc, 'global_head_dim') ? tc.global_head_dim : 512;
    return global || Math.floor(tc.hidden_size / tc.num_attention_heads);
  };
  return layered(tc, rp, ctx, headDim);
}

/** standardize_rope_params, case 2: one dict per layer type; rope_type setdefault per layer. */
function layered(tc, rp, ctx, headDim, defaultTakesPartial = false, names = GEMMA_LAYERS) {
  const layerTypes = names.filter((t) => isObject(rp[t]));
  return {
    layerTypes,
    build: (layerType) => {
      if (!layerTypes.includes(layerType))
        throw new RangeError(`layerType '${layerType}' is not one of: ${layerTypes.join(', ')}`);
      const p = { ...rp[layerType] };
      const type = p.rope_type ?? p.type ?? 'default';
      if (['llama3', 'yarn', 'longrope'].includes(type))
        p.original_max_position_embeddings ??= tc.max_position_embeddings;
      const dim = headDim(layerType);
      // Gemma's default computation uses the whole head; the scaled types read the layer dict's factor.
      const partial = type === 'default' && !defaultTakesPartial ? 1 : (p.partial_rotary_factor ?? 1);
      return resolve({
        tc,
        p,
        type,
        headDim: dim,
        rotaryDim: rotaryWidth(type, dim, partial),
        layout: 'half',
        ctx: { ...ctx, topDict: rp },
        sections: null,
        interleaved: false,
      });
    },
  };
}

/**
 * A class's attribute_map: configuration_falcon.py's n_head and n_layer name num_attention_heads and
 * num_hidden_layers, configuration_dbrx.py's d_model, n_heads, max_seq_len and n_layers name hidden_size,
 * num_attention_heads, max_position_embeddings and num_hidden_layers (read so when the config has no
 * field of the standard name).
 */
function withAttributeMap(tc, cls) {
  if (!cls.attributeMap) return tc;
  const out = { ...tc };
  for (const [from, to] of Object.entries(cls.attributeMap))
    if (out[to] == null && out[from] != null) out[to] = out[from];
  return out;
}

/** The note for a model_type without rules here: it names the type and says Llama's rules were used. */
function unknownTypeNote(type) {
  const what = typeof type === 'string' ? `model_type '${type}' is not a known model` : 'the config has no model_type';
  return `${what}: read with Llama's rules (rotate_half over the whole head, rope_theta default 10000)`;
}

/** The family reader for a (text) config. */
function familyOf(tc, ctx) {
  const type = tc.model_type;
  if (NO_ROPE.has(type)) {
    throw new RangeError(
      `model_type '${type}' has no rotary position embeddings (it uses ALiBi or absolute/relative positions)`,
    );
  }
  if (type === 'gptj' || type === 'codegen') return gptj(tc);
  if (type === 'roformer') return roformer(tc);
  if (type === 'esm') return esm(tc);
  if (type === 'modernbert') return modernbert(tc, ctx);
  if (type === 'olmo3') return olmo3(tc, ctx);
  if (type === 'mimo_v2_flash') return mimoV2Flash(tc, ctx);
  // configuration_gemma3n.py: the same two layer types, bases and rope_scaling placement as Gemma 3
  // configuration_t5gemma2.py: T5Gemma 2's decoder and encoder text configs are Gemma 3's text rules
  if (['gemma3_text', 'gemma3n_text', 't5gemma2_decoder', 't5gemma2_text'].includes(type)) return gemma3(tc, ctx);
  if (['gemma4_text', 'gemma4_unified_text', 'diffusion_gemma_text'].includes(type)) return gemma4(tc, ctx);
  if (type === 'laguna') {
    const ropes = {
      full_attention: { rope_type: 'default', rope_theta: 5e5, partial_rotary_factor: 0.5 },
      sliding_attention: { rope_type: 'default', rope_theta: 1e4, partial_rotary_factor: 1 },
    };
    return lagunaLike(tc, ctx, ropes, true);
  }
  if (type === 'mellum') {
    const ropes = {
      full_attention: { rope_type: 'default', rope_theta: 5e5 },
      sliding_attention: { rope_type: 'default', rope_theta: 1e4 },
    };
    return lagunaLike(tc, ctx, ropes, false);
  }
  if (type === 'zaya') return zaya(tc, ctx);
  if (type === 'step3p5') return step3p5(tc, ctx);
  if (type === 'deepseek_v4') return deepseekV4(tc, ctx);
  // modular_olmo_hybrid.py: no rotary embedding at all when rope_parameters' rope_theta is None
  if (type === 'olmo_hybrid') {
    const p = isObject(tc.rope_parameters) ? tc.rope_parameters : {};
    if (p.rope_theta === null || (!has(p, 'rope_theta') && tc.rope_theta === null))
      throw new RangeError('a null rope_theta means OLMo Hybrid builds no rotary embedding: no layer applies RoPE');
  }
  // DeepSeek-VL2's modeling_deepseek.py: use_mla false takes transformers' LlamaAttention
  const cls = type === 'deepseek_v2' && tc.use_mla === false ? CLASSES.llama : (CLASSES[type] ?? GENERIC);
  // configuration_falcon.py: `rotary = not alibi`; modeling_falcon.py builds no rotary embedding then
  if (cls.ropeSwitch && (tc[cls.ropeSwitch[0]] ?? cls.ropeSwitch[2]) !== cls.ropeSwitch[1]) {
    const [key, on] = cls.ropeSwitch;
    throw new RangeError(
      `model_type '${type}' with ${key} ${JSON.stringify(tc[key] ?? null)} (not '${on}') has no RoPE`,
    );
  }
  if (cls.alibiHidden && tc.hidden_size === cls.alibiHidden) {
    throw new RangeError(`model_type '${type}' with hidden_size ${cls.alibiHidden} (13B) uses ALiBi: it has no RoPE`);
  }
  if (cls.xposKey && tc[cls.xposKey] != null)
    throw new RangeError(`config.${cls.xposKey} turns on xPos scaling, which is not rotary embedding alone`);
  if (cls.alibiFlag && tc.alibi) {
    throw new RangeError(`model_type '${type}' with config.alibi true uses ALiBi: it has no rotary embeddings`);
  }
  return singleSet(withAttributeMap(tc, cls), cls, ctx);
}

/** familyOf, with the layers without RoPE and the notes every family reports. */
function family(tc, ctx) {
  const fam = familyOf(tc, ctx);
  const unknown = KNOWN.has(tc.model_type) ? [] : [unknownTypeNote(tc.model_type)];
  return { ...fam, withoutRope: fam.withoutRope ?? [], notes: [...unknown, ...(fam.notes ?? [])] };
}

/**
 * The RoPE of one layer type of a model config, as transformers main builds it.
 * @param {object|string} config  the model's config.json (object or JSON text)
 * @param {{ layerType?: string, seqLen?: number }} o  seqLen selects dynamic / longrope behaviour
 * @returns {{ layerTypes: string[], layerType: string, ropeType: string, headDim: number, rotaryDim: number,
 *   base: number, layout: 'half'|'interleaved', frequencies: Float64Array, attentionFactor: number,
 *   sections: number[]|null, interleavedSections: boolean, layersWithoutRope: number[], notes: string[] }}
 * The default layerType is 'full_attention' when the model has it, else its only RoPE layer type.
 * layersWithoutRope: 0-based decoder layers whose attention applies no RoPE (ascending).
 */
export function referenceRope(config, { layerType, seqLen } = {}) {
  // a multimodal model without RoPE (Inkling's inkling_mm_model) is refused by its own name, text model or not
  if (NO_ROPE.has(parse(config).model_type)) familyOf(parse(config));
  const tc = textConfig(parse(config));
  const fam = family(tc, { seqLen });
  // modeling_paligemma.py: position_ids = cache_position.unsqueeze(0) + 1 ("PaliGemma positions are 1-indexed")
  if (parse(config).model_type === 'paligemma') fam.notes.push('PaliGemma numbers positions from 1');
  // modeling_t5gemma.py: the encoder's self-attention has its own config, cross-attention takes no positions
  const partNote = {
    t5gemma: "the encoder's is read from config.encoder",
    t5gemma2: "the encoder's is read from config.encoder.text_config",
    dia: "the encoder's is read from config.encoder_config",
    blt: 'the global transformer',
  }[parse(config).model_type];
  if (partNote) fam.notes.push(partNote);
  const chosen = layerType ?? (fam.layerTypes.includes('full_attention') ? 'full_attention' : fam.layerTypes[0]);
  return {
    layerTypes: [...fam.layerTypes],
    layerType: chosen,
    ...fam.build(chosen),
    layersWithoutRope: [...fam.withoutRope],
    notes: [...fam.notes],
  };
}

// ---------------------------------------------------------------------------------------------
// Applying the rotation

/**
 * The position axis (0 = temporal, 1 = height, 2 = width) of each of the rotaryDim/2 frequencies.
 *   chunked (modeling_qwen2_vl.py apply_multimodal_rotary_pos_emb): cos/sin over the whole rotary width
 *     (cat(freqs, freqs)) are split into mrope_section * 2 chunks and chunk k takes axis k % 3; so
 *     frequency j takes the axis of the section j falls in (and j + rotaryDim/2 the same one).
 *   interleaved (modeling_qwen3_vl.py apply_interleaved_mrope): start from the temporal freqs and
 *     overwrite freqs[..., 1:3*mrope_section[1]:3] with height and freqs[..., 2:3*mrope_section[2]:3]
 *     with width.
 */
export function frequencyAxes(r) {
  const half = r.rotaryDim / 2;
  const axes = new Int32Array(half);
  const s = r.sections;
  if (!s) return axes;
  if (r.interleavedSections) {
    for (let j = 0; j < half; j++) {
      if (j % 3 === 1 && j < 3 * s[1]) axes[j] = 1;
      else if (j % 3 === 2 && j < 3 * s[2]) axes[j] = 2;
    }
    return axes;
  }
  let start = 0;
  for (let k = 0; k < s.length; k++) {
    for (let j = start; j < Math.min(start + s[k], half); j++) axes[j] = k % 3;
    start += s[k];
  }
  return axes;
}

/** The two feature indices rotated together by frequency i in a head starting at o. */
function pair(layout, o, i, half) {
  // modeling_llama.py rotate_half: (x[i], x[i + d/2]); modeling_gptj.py rotate_every_two: (x[2i], x[2i+1]).
  return layout === 'half' ? [o + i, o + i + half] : [o + 2 * i, o + 2 * i + 1];
}

/**
 * Where pair i is written: in place, except modeling_deepseek_v3.py apply_rotary_pos_emb_interleave, which
 * takes q1 = q[0::2], q2 = q[1::2] and returns cat(q1 cos - q2 sin, q2 cos + q1 sin): (y[i], y[i + d/2]).
 */
function written(layout, o, i, half) {
  return layout === 'interleaved-to-half' ? [o + i, o + i + half] : pair(layout, o, i, half);
}

/**
 * apply_rotary_pos_emb in float64: q * cos + rotate(q) * sin with cos and sin multiplied by
 * attentionFactor (the RotaryEmbedding forward's attention_scaling), on the first rotaryDim features
 * of each head; the rest pass through unchanged (partial rotary: q_rot / q_pass in modeling_phi.py,
 * modeling_gpt_neox.py, modeling_gptj.py).
 * DeepSeek-V3's apply_rotary_pos_emb_interleave ('interleaved-to-half') writes its pairs as halves.
 * @param {Float64Array} x  [seq x heads x headDim]
 * @param {object} r  a referenceRope result
 * @param {number} heads
 * @param {number[]|number[][]} positions  seq positions, or (axes x seq) for M-RoPE
 */
export function referenceApply(x, r, heads, positions) {
  const d = r.headDim;
  const half = r.rotaryDim / 2;
  const seq = x.length / (heads * d);
  const multi = typeof positions[0] !== 'number';
  const axes = frequencyAxes(r);
  const out = Float64Array.from(x);
  for (let s = 0; s < seq; s++) {
    for (let i = 0; i < half; i++) {
      const pos = multi ? positions[axes[i]][s] : positions[s];
      const angle = pos * r.frequencies[i];
      const c = r.attentionFactor * Math.cos(angle);
      const sn = r.attentionFactor * Math.sin(angle);
      for (let h = 0; h < heads; h++) {
        const [a, b] = pair(r.layout, (s * heads + h) * d, i, half);
        const [ya, yb] = written(r.layout, (s * heads + h) * d, i, half);
        out[ya] = x[a] * c - x[b] * sn;
        out[yb] = x[b] * c + x[a] * sn;
      }
    }
  }
  return out;
}
