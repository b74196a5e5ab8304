// The per-architecture table of model_classes.hpp. Defaults are the configuration classes'
// field defaults on transformers main; every entry names the file it comes from.
#include "model_classes.hpp"

namespace posenc::detail {

namespace {

struct named_class {
  const char* model_type;
  model_class c;
};

constexpr model_class make(family kind, double theta, double hidden, double heads, double max_positions) {
  model_class c;
  c.kind = kind;
  c.theta = theta;
  c.hidden_size = hidden;
  c.num_attention_heads = heads;
  c.max_position_embeddings = max_positions;
  c.listed = true;
  return c;
}

// A model read with Llama's rules whose class gives no defaults the config may omit.
constexpr model_class llama_rules(double theta = 1e4) { return make(family::llama, theta, 0, 0, 0); }

constexpr model_class interleaved(model_class c) {
  c.pairs = layout::interleaved;
  return c;
}

// A class whose default RoPE rotates int(head_dim * partial_rotary_factor) features, with the
// default put in place as config.partial_rotary_factor when config.json has none.
constexpr model_class partial(model_class c, double factor) {
  c.partial_rotary_factor = factor;
  c.partial_attribute = true;
  c.default_rope_partial = true;
  return c;
}

// The rule saying which layers apply no RoPE (a copy assignment: a variant's converting one is not constexpr
// in C++17).
constexpr model_class with_nope(model_class c, nope::rule rule) {
  c.nope_layers = rule;
  return c;
}

constexpr model_class with_head_dim(model_class c, double head_dim) {
  c.head_dim = head_dim;
  return c;
}

// RoPE only when config[key] reads `when` (its class default `fallback` when absent or null): ESM's and
// GTE's position_embedding_type, Zamba2's use_mem_rope. Anything else is refused.
constexpr model_class rope_switched(model_class c, const char* key, const char* when, const char* fallback) {
  c.rope_switch = key;
  c.rope_when = when;
  c.rope_switch_default = fallback;
  return c;
}

// head_dim is hidden_size // num_attention_heads whatever config.head_dim says.
constexpr model_class heads_split(model_class c) {
  c.head_dim_from_heads = true;
  return c;
}

// The attention scales q.k by a factor the class sets (see softmax_rule) instead of head_dim^-0.5.
constexpr model_class softmax_scaled(model_class c, softmax_rule rule) {
  c.softmax = rule;
  return c;
}

// Granite's muP attention: Llama's RoPE, q.k scaled by config.attention_multiplier (default 1.0).
constexpr model_class granite_attention(model_class c) { return softmax_scaled(c, softmax_rule::attention_multiplier); }

// The class's rope_parameters when config.json has none.
template <std::size_t N>
constexpr model_class with_default_rope(model_class c, const char* type, const rope_default (&fields)[N]) {
  c.default_rope_type = type;
  c.default_rope = fields;
  c.default_rope_count = N;
  return c;
}

constexpr model_class as_wrapper(model_class c, text_source text) {
  c.text = text;
  return c;
}

// A wrapper whose config class builds its own text class from text_config, whatever model_type it names.
constexpr model_class own_text_class(model_class c) {
  c.text = text_source::sub_or_defaults;
  c.text_class_fixed = true;
  return c;
}

// Gemma 3's two layer types: the sliding ones at rope_local_base_freq (default 1e4).
constexpr model_class gemma_layer_types(model_class c) {
  c.local_theta = 1e4;
  c.dicts = dicts::builder(dicts::by_layer_type{"rope_local_base_freq"});
  return c;
}

// configuration_gemma3.py: Gemma3TextConfig (default_theta {"global": 1e6, "local": 1e4}).
constexpr model_class gemma3() {
  return gemma_layer_types(with_head_dim(make(family::gemma3, 1e6, 2304, 8, 131072), 256));
}

// configuration_gemma4.py: Gemma4TextConfig; default rope_parameters sliding {default, 1e4},
// full {proportional, partial_rotary_factor 0.25, 1e6}; global_head_dim 512.
template <std::size_t N>
constexpr model_class with_layer_ropes(model_class c, const layer_rope (&ropes)[N]) {
  c.dicts = dicts::builder(dicts::layer_defaults{ropes, N});
  return c;
}

constexpr layer_rope gemma4_ropes[] = {{"sliding_attention", "default", 1e4},
                                       {"full_attention", "proportional", 1e6, 0.25}};
constexpr model_class gemma4() {
  model_class c = with_head_dim(make(family::gemma4, 1e6, 2304, 8, 131072), 256);
  c.local_theta = 1e4;
  return with_layer_ropes(c, gemma4_ropes);
}

// configuration_gemma3n.py: default_theta {"global": 1e6, "local": 1e4}, head_dim 256, per layer
// type as Gemma 3 (rope_local_base_freq for sliding layers); modeling_gemma3n.py: scaling = 1.0.
constexpr model_class gemma3n() {
  model_class c = gemma_layer_types(with_head_dim(make(family::gemma3, 1e6, 0, 0, 0), 256));
  c.softmax = softmax_rule::one;
  return c;
}

// configuration_deepseek_v2.py: head_dim = qk_rope_head_dim (64); modeling_deepseek_v2.py rotates
// q_pe and k_pe as complex numbers (adjacent pairs) and scales the softmax by qk_head_dim^-0.5 alone.
// transformers' class has no use_mla; DeepSeek-VL2's own DeepseekV2Config has, and its modeling_deepseek.py
// takes transformers' LlamaAttention when it is false.
constexpr model_class deepseek_v2() {
  model_class c = interleaved(with_head_dim(make(family::deepseek_v2, 1e4, 0, 0, 0), 64));
  c.names.head_dim = {"qk_rope_head_dim"};
  c.mla_switch = "use_mla";
  return c;
}

// DeepSeek-VL2's remote code (deepseek_vl_v2): DeepseekV2Config(**language_config), whose own defaults
// are 30 layers, 32 heads, qk_rope_head_dim 64, rope_theta 10000 and use_mla True.
constexpr model_class deepseek_vl_v2() {
  model_class c = as_wrapper(deepseek_v2(), text_source::sub_or_defaults);
  c.text_key = "language_config";
  c.num_attention_heads = 32;
  c.num_hidden_layers = 30;
  return c;
}

// Janus and Janus-Pro's remote modeling_vlm.py (multi_modality): LlamaConfig(**language_config) and a
// LlamaForCausalLM; the published language_config leaves the sizes to LlamaConfig (4096 hidden, 32 heads).
constexpr model_class janus() {
  model_class c = as_wrapper(make(family::llama, 1e4, 4096, 32, 2048), text_source::sub_or_defaults);
  c.text_key = "language_config";
  return c;
}

// configuration_llava.py (LlavaConfig; LlavaNextConfig, LlavaNextVideoConfig, VideoLlavaConfig, VipLlavaConfig
// and PerceptionLMConfig alike): text_config's model_type, "llama" when it names none. A config without
// text_config is the original LLaVA repository's LlavaLlamaForCausalLM, a LlamaConfig whose fields are the
// top-level ones (transformers' own classes always write text_config); read as Llama's.
constexpr model_class llava_text() {
  return as_wrapper(make(family::llama, 1e4, 4096, 32, 2048), text_source::sub_or_flat);
}

// configuration_llava_onevision.py: LlavaOnevisionConfig, text_config "qwen2" when it names no model_type
// (Qwen2Config's defaults: base 1e4, 4096 / 32 heads, 32768 positions).
constexpr model_class llava_onevision_text() {
  return as_wrapper(make(family::qwen2, 1e4, 4096, 32, 32768), text_source::sub_or_flat);
}

// configuration_mllama.py MllamaTextConfig: default_theta 500000, 4096 / 32 heads, 131072
// positions; modeling_mllama.py's cross-attention layers never apply the position embeddings.
constexpr model_class mllama_text() {
  model_class c = with_nope(make(family::llama, 5e5, 4096, 32, 131072), nope::cross_attention_layers{});
  c.num_hidden_layers = 40;
  return c;
}

// modeling_llama4.py: view_as_complex over adjacent pairs; configuration_llama4.py: default_theta 500000,
// no_rope_layers (every 4th layer NoPE when absent or empty), its rotating layers named chunked_attention.
constexpr model_class llama4_text() {
  return with_nope(interleaved(llama_rules(5e5)),
                   nope::no_rope_layers{"chunked_attention", nope::empty_list::is_default});
}

// configuration_qwen3_next.py: head_dim 256 (not hidden / heads), partial_rotary_factor 0.25, 48 layers, every
// full_attention_interval-th (4) full attention; the linear-attention layers take no positions.
constexpr model_class qwen3_next() {
  model_class c = with_nope(partial(with_head_dim(llama_rules(), 256), 0.25), nope::linear_attention_layers{});
  c.num_hidden_layers = 48;
  return c;
}

// A class whose M-RoPE sections are `kind`, with a default (0s: none).
constexpr model_class with_mrope(model_class c, mrope_sections kind, std::int64_t t = 0, std::int64_t h = 0,
                                 std::int64_t w = 0) {
  c.mrope = kind;
  c.mrope_default[0] = t;
  c.mrope_default[1] = h;
  c.mrope_default[2] = w;
  return c;
}

// configuration_qwen2_vl.py / configuration_qwen2_5_vl.py: Qwen2VLTextConfig default_theta 1e6;
// modeling_qwen2_vl.py apply_multimodal_rotary_pos_emb: chunked sections, no default.
constexpr model_class qwen2_vl() {
  model_class c = with_mrope(make(family::qwen2_vl, 1e6, 8192, 64, 32768), mrope_sections::chunked);
  c.type_alias = "mrope";  // Qwen2VLTextConfig: rope_type "mrope" is "default"
  c.type_aliased = "default";
  return c;
}

// configuration_cosmos3_edge.py: Cosmos3EdgeTextConfig default_theta 1e8, head_dim 128, 2048 hidden, 16
// heads, 131072 positions, rope_parameters {default, mrope_section [24, 20, 20]} when absent;
// modular_cosmos3_edge.py: Qwen3-VL's interleaved sections, then rotate_half.
constexpr rope_default cosmos3_edge_rope[] = {{"rope_theta", 1e8}};
constexpr model_class cosmos3_edge_text() {
  model_class c = with_mrope(with_head_dim(make(family::llama, 1e8, 2048, 16, 131072), 128),
                             mrope_sections::interleaved, 24, 20, 20);
  c = with_default_rope(c, "default", cosmos3_edge_rope);  // its rope_theta: a top-level one is not read then
  c.default_type_only = true;
  c.sections_required = true;
  return c;
}

// configuration_qwen3_vl.py: Qwen3VLTextConfig default_theta 5e5, head_dim 128;
// modeling_qwen3_vl.py apply_interleaved_mrope, mrope_section [24, 20, 20] by default.
constexpr model_class qwen3_vl(double hidden) {
  return with_mrope(with_head_dim(make(family::qwen3_vl, 5e5, hidden, 32, 128000), 128), mrope_sections::interleaved,
                    24, 20, 20);
}

// configuration_qwen2_5_omni.py: Qwen2_5OmniTextConfig (in thinker_config.text_config) default_theta 1e6,
// 3584 / 28 heads, 32768 positions; modeling_qwen2_5_omni.py: rotate_half, chunked M-RoPE with
// rope_parameters.get("mrope_section", [16, 24, 24]).
constexpr model_class qwen2_5_omni_text() {
  return with_mrope(make(family::llama, 1e6, 3584, 28, 32768), mrope_sections::chunked, 16, 24, 24);
}

// configuration_qwen3_omni_moe.py: Qwen3OmniMoeTextConfig default_theta 1e6, 2048 / 28 heads, 32768
// positions; modeling_qwen3_omni_moe.py: interleaved M-RoPE, mrope_section [24, 20, 20] by default,
// whatever mrope_interleaved says.
constexpr model_class qwen3_omni_text() {
  return with_mrope(make(family::llama, 1e6, 2048, 28, 32768), mrope_sections::interleaved, 24, 20, 20);
}

// configuration_paligemma.py: text_config a Gemma (2048 hidden, 8 heads, head_dim 256) by default;
// modeling_paligemma.py: position_ids = cache_position + 1, "PaliGemma positions are 1-indexed".
constexpr model_class paligemma() {
  model_class c = as_wrapper(with_head_dim(make(family::llama, 1e4, 2048, 8, 8192), 256), text_source::sub_or_defaults);
  c.note = note_id::paligemma_positions;
  return c;
}

// InternVL's remote configuration_internvl_chat.py: the language model's config in llm_config (an
// InternLM2, Qwen2 or Llama config); without one, InternLM2's defaults.
constexpr model_class internvl_chat() {
  model_class c = as_wrapper(heads_split(make(family::llama, 1e4, 4096, 32, 2048)), text_source::sub_or_defaults);
  c.text_key = "llm_config";
  return c;
}

// The Omni models' config: the thinker's text model in thinker_config.text_config.
constexpr model_class omni(model_class text) {
  model_class c = as_wrapper(text, text_source::sub_or_defaults);
  c.text_holder = "thinker_config";
  return c;
}

// The retrieval wrappers around a vision-language model (configuration_colqwen2.py ColQwen2Config,
// configuration_colmodernvbert.py ColModernVBertConfig): its config in vlm_config, the language model in that
// config's text_config (a flat Qwen2-VL vlm_config is its own text config); vlm_config's class defaults when
// it is missing.
constexpr model_class retrieval_wrapper(model_class text, text_source source) {
  model_class c = as_wrapper(text, source);
  c.text_holder = "vlm_config";
  return c;
}

// configuration_qwen3_5.py / _qwen3_5_moe.py Qwen3_5TextConfig: head_dim 256, partial_rotary_factor
// 0.25 (kwargs.setdefault), full_attention_interval 4 over 32 (40) layers, the others linear
// attention; modeling_qwen3_5.py: interleaved M-RoPE, mrope_section [11, 11, 10] by default.
constexpr model_class qwen3_5(double hidden, double layers) {
  model_class c = with_nope(partial(with_head_dim(make(family::llama, 1e4, hidden, 16, 32768), 256), 0.25),
                            nope::linear_attention_layers{});
  c.num_hidden_layers = layers;
  return with_mrope(c, mrope_sections::interleaved, 11, 11, 10);
}

// configuration_qwen4_exp.py / modular_qwen4_exp.py (transformers 5.17.0) Qwen4ExpTextConfig: 2048 hidden, 16
// heads, head_dim 256, 40 layers, 32768 positions, default_theta 1e4 and, unlike Qwen3.5, no default
// partial_rotary_factor (its rotary embedding turns the whole head unless rope_parameters says otherwise); layer
// types linear_attention but every 4th qwen_sparse_attention. modeling_qwen4_exp.py Qwen4ExpTextDecoderLayer: a
// linear_attention layer is GatedDeltaNet (no RoPE), any other attends; Qwen4ExpTextRotaryEmbedding is Qwen3.5's:
// interleaved M-RoPE, mrope_section [11, 11, 10] by default.
constexpr model_class qwen4_exp_text() {
  model_class c = with_nope(with_head_dim(make(family::llama, 1e4, 2048, 16, 32768), 256),
                            nope::linear_attention_layers{"full_attention_interval", 4, nope::full_layer::last_of_group,
                                                          "qwen_sparse_attention"});
  c.default_rope_partial = true;
  c.num_hidden_layers = 40;
  return with_mrope(c, mrope_sections::interleaved, 11, 11, 10);
}

// configuration_glm4v.py Glm4vTextConfig: 4096 / 32 heads, 32768 positions; modeling_glm4v.py: head
// dim hidden_size // heads, adjacent pairs (rotate_half_llm) on int(head_dim * partial_rotary_factor)
// features, chunked M-RoPE [8, 12, 12].
constexpr model_class glm4v() {
  model_class c = interleaved(make(family::llama, 1e4, 4096, 32, 32768));
  c.head_dim_from_heads = true;
  c.default_rope_partial = true;  // its default RoPE reads partial_rotary_factor (1.0 when absent)
  return with_mrope(c, mrope_sections::chunked, 8, 12, 12);
}

// configuration_glm4v_moe.py: 4096 / 96 heads, 65536 positions, partial_rotary_factor 0.5;
// modeling_glm4v_moe.py: GPT-NeoX's rotate_half, chunked M-RoPE [8, 12, 12].
constexpr model_class glm4v_moe() {
  return with_mrope(partial(make(family::llama, 1e4, 4096, 96, 65536), 0.5), mrope_sections::chunked, 8, 12, 12);
}

// configuration_ministral3.py: 4096 / 32 heads, head_dim 128, 262144 positions, and a YaRN
// rope_parameters by default (__post_init__), with Llama 4's query temperature beta.
constexpr rope_default ministral3_rope[] = {{"rope_theta", 1e6},
                                            {"factor", 16},
                                            {"original_max_position_embeddings", 16384},
                                            {"beta_fast", 32},
                                            {"beta_slow", 1},
                                            {"mscale", 1},
                                            {"mscale_all_dim", 1},
                                            {"llama_4_scaling_beta", 0.1}};
constexpr model_class ministral3() {
  return with_default_rope(with_head_dim(make(family::llama, 1e6, 4096, 32, 262144), 128), "yarn", ministral3_rope);
}

// configuration_gpt_oss.py: default_theta 150000, head_dim 64, and a YaRN rope_parameters by
// default (factor 32 over 4096 positions, truncate false).
constexpr rope_default gpt_oss_rope[] = {
    {"factor", 32}, {"beta_fast", 32}, {"beta_slow", 1}, {"original_max_position_embeddings", 4096}};
constexpr model_class gpt_oss(double hidden = 2880, double heads = 64) {
  model_class c =
      with_default_rope(with_head_dim(make(family::llama, 150000, hidden, heads, 131072), 64), "yarn", gpt_oss_rope);
  c.default_rope_truncate = false;
  return c;
}

// modular_openai_privacy_filter.py: OpenAIPrivacyFilterConfig(GptOssConfig) with 640 hidden and 14 heads
// (head_dim stays gpt-oss's 64) and the same default YaRN; its _apply_rotary_emb turns x[..., ::2] against
// x[..., 1::2] (adjacent pairs), where gpt-oss turns halves.
constexpr model_class openai_privacy_filter() { return interleaved(gpt_oss(640, 14)); }

// configuration_phi3.py: original_max_position_embeddings: int = 4096; its default RoPE reads
// partial_rotary_factor (modeling_phi3.py), default 1.0.
constexpr model_class phi3() {
  model_class c = make(family::phi3, 1e4, 3072, 32, 4096);
  c.original_max_position_embeddings = 4096;
  c.partial_rotary_factor = 1.0;
  c.default_rope_partial = true;
  return c;
}

// configuration_phi.py: kwargs.setdefault("partial_rotary_factor", 0.5), read by PhiRotaryEmbedding.
constexpr model_class phi() { return partial(make(family::phi, 1e4, 2048, 32, 2048), 0.5); }

// configuration_gpt_neox.py: rotary_pct 0.25, rotary_emb_base 10000.
constexpr model_class gpt_neox() {
  model_class c = make(family::gpt_neox, 1e4, 6144, 64, 2048);
  c.partial_rotary_factor = 0.25;
  c.default_rope_partial = true;
  return c;
}

// configuration_deepseek_v3.py: head_dim = qk_rope_head_dim (64); rope_interleave True.
// modeling_deepseek_v3.py: with rope_interleave, apply_rotary_pos_emb_interleave turns adjacent pairs
// and writes them as halves (q[0::2], q[1::2] rotated, then concatenated); without, rotate_half.
constexpr model_class deepseek_v3() {
  model_class c = with_head_dim(make(family::deepseek_v3, 1e4, 7168, 128, 4096), 64);
  c.names.head_dim = {"qk_rope_head_dim"};
  c.pairs = layout::interleaved_to_half;
  c.pairs_switch = "rope_interleave";
  return c;
}

// configuration_minicpm3.py: head_dim = qk_rope_head_dim (32) in __post_init__, 2560 hidden, 40 heads,
// 32768 positions; modeling_minicpm3.py: MLA whose rope slice turns by Llama's rotate_half.
constexpr model_class minicpm3() {
  model_class c = with_head_dim(make(family::llama, 1e4, 2560, 40, 32768), 32);
  c.names.head_dim = {"qk_rope_head_dim"};
  c.mla_nope = 64;
  return c;
}

// configuration_longcat_flash.py: default_theta 1e7, head_dim 64 (the width its rotary embedding is
// built on), 6144 hidden, 64 heads, 131072 positions; modeling_longcat_flash.py: MLA with
// apply_rotary_pos_emb_interleave (adjacent pairs in, halves out).
constexpr model_class longcat_flash() {
  model_class c = with_head_dim(make(family::llama, 1e7, 6144, 64, 131072), 64);
  c.pairs = layout::interleaved_to_half;
  c.mla_nope = 128;
  return c;
}

// configuration_glm4_moe_lite.py (GLM-4.7-Flash): head_dim is qk_rope_head_dim (64), rope_interleave
// True, 2048 hidden, 20 heads, 202752 positions; modular_glm4_moe_lite.py: DeepSeek-V3's attention
// (MLA, the rope slice of q and k) with GLM's rotary embedding, whose default RoPE reads
// partial_rotary_factor (no class default, so 1).
constexpr model_class glm4_moe_lite() {
  model_class c = deepseek_v3();
  c.hidden_size = 2048;
  c.num_attention_heads = 20;
  c.max_position_embeddings = 202752;
  c.default_rope_partial = true;
  c.mla_nope = 192;
  return c;
}

// configuration_deepseek_v32.py: DeepSeek-V3's MLA (head_dim = qk_rope_head_dim 64, adjacent pairs), 7168
// hidden, 128 heads, 163840 positions. modeling_deepseek_v32.py and DeepSeek's inference/model.py: the
// lightning indexer rotates the first 64 features of its heads with the same cos/sin, by halves.
constexpr model_class deepseek_v32() {
  model_class c = deepseek_v3();
  c.max_position_embeddings = 163840;
  c.note = note_id::deepseek_v32_indexer;
  return c;
}

// configuration_axk1.py / modular_axk1.py (A.X-K1): AXK1Config(DeepseekV3Config) with 64 heads and 32768 positions;
// AXK1Attention is DeepSeek-V3's (the rope slice, rope_interleave).
constexpr model_class axk1() {
  model_class c = deepseek_v3();
  c.num_attention_heads = 64;
  c.max_position_embeddings = 32768;
  return c;
}

// configuration_axk2.py / modular_axk2.py (A.X-K2): AXK2Config(DeepseekV32Config), 2048 hidden, 32 heads, 131072
// positions, head_dim = qk_rope_head_dim 32, qk_nope_head_dim 64; AXK2Attention turns the rope slice by
// apply_rotary_pos_emb_interleave whatever rope_interleave says, and its indexer is DeepSeek-V3.2's.
constexpr model_class axk2() {
  model_class c = with_head_dim(deepseek_v32(), 32);
  c.hidden_size = 2048;
  c.num_attention_heads = 32;
  c.max_position_embeddings = 131072;
  c.mla_nope = 64;
  c.pairs_switch = nullptr;
  return c;
}

// configuration_deepseek_ocr2.py: DeepseekOcr2TextConfig sets head_dim = hidden_size // heads (4096 / 32,
// 2048 positions), default_theta 1e4; its attention is Llama's (no MLA), in the wrapper's text_config.
constexpr model_class deepseek_ocr2_text() { return heads_split(make(family::llama, 1e4, 4096, 32, 2048)); }

// DeepSeek-V3's MLA with pairs fixed whatever rope_interleave says, and a note on how the sparse-attention
// indexer turns its own q and k.
constexpr model_class fixed_pairs_mla(layout pairs, double hidden, double heads, double positions, note_id note) {
  model_class c = deepseek_v3();
  c.pairs = pairs;
  c.pairs_switch = nullptr;
  c.hidden_size = hidden;
  c.num_attention_heads = heads;
  c.max_position_embeddings = positions;
  c.note = note;
  c.mla_nope = 192;  // HY V4's and GLM-5's qk_nope_head_dim
  return c;
}

// configuration_hy_v4.py: head_dim = qk_rope_head_dim (64), 2816 hidden, 32 heads, 262144 positions, no
// default_theta (1e4); modular_hy_v4.py: DeepSeek-V3's MLA (Glm4MoeLiteAttention) whose forward calls
// apply_rotary_pos_emb (rotate_half) whatever rope_interleave says, and an indexer that turns the last
// qk_rope_head_dim of its index_head_dim features the same way.
constexpr model_class hy_v4() { return fixed_pairs_mla(layout::half, 2816, 32, 262144, note_id::hy_v4_indexer); }

// configuration_glm_moe_dsa.py (GLM-5): head_dim = qk_rope_head_dim (64), 6144 hidden, 64 heads, 202752
// positions, default_theta 10000; modeling_glm_moe_dsa.py: DeepSeek-V3's MLA and an indexer, both through
// apply_rotary_pos_emb_interleave (adjacent pairs) whatever rope_interleave says.
constexpr model_class glm_moe_dsa() {
  return fixed_pairs_mla(layout::interleaved, 6144, 64, 202752, note_id::glm5_indexer);
}

// configuration_gptj.py: n_embd 4096, n_head 16, n_positions 2048, rotary_dim 64; modeling_gptj.py
// create_sinusoidal_positions with base 10000 and rotate_every_two.
// attribute_map: hidden_size -> n_embd, num_attention_heads -> n_head, max_position_embeddings -> n_positions,
// num_hidden_layers -> n_layer (CodeGen's too).
constexpr model_class gptj() {
  model_class c = interleaved(make(family::gptj, 1e4, 4096, 16, 2048));
  c.names.hidden_size = {"hidden_size", "n_embd"};
  c.names.num_attention_heads = {"num_attention_heads", "n_head"};
  c.names.max_position_embeddings = {"max_position_embeddings", "n_positions"};
  c.names.num_hidden_layers = {"num_hidden_layers", "n_layer"};
  return c;
}

constexpr model_class exaone() {
  model_class c = llama_rules();
  c.names.num_hidden_layers = {"num_hidden_layers", "num_layers"};
  return c;
}

constexpr model_class jetmoe() {
  model_class c = with_head_dim(llama_rules(), 128);
  c.names.head_dim = {"head_dim", "kv_channels"};
  return c;
}

// configuration_falcon.py: rotary = not alibi; attribute_map n_head / n_layer.
constexpr model_class falcon() {
  model_class c = llama_rules();
  c.alibi_flag = "alibi";
  c.names.num_hidden_layers = {"num_hidden_layers", "n_layer"};
  return c;
}

// Baichuan's remote code (baichuan-inc Baichuan-7B, Baichuan2-7B modeling_baichuan.py): Llama's
// rotate_half over the whole head at a fixed base of 10000. Baichuan-13B and Baichuan2-13B share the
// model_type but build ALiBi biases; vLLM's baichuan.py tells them apart by hidden_size 5120.
constexpr model_class baichuan() {
  model_class c = llama_rules();
  c.alibi_hidden_size = 5120;
  return c;
}

// Llama-Nemotron (nemotron-nas, remote configuration_decilm.py / modeling_decilm.py): Llama's RoPE,
// and per-layer block_configs whose attention may be no_op or replace_with_linear: those layers
// have no attention, so no RoPE.
constexpr model_class nemotron_nas() { return with_nope(llama_rules(), nope::decilm_blocks{}); }

// ChatGLM's remote code (THUDM chatglm3-6b, glm-4-9b-chat: configuration_chatglm.py, modeling_chatglm.py):
// the head is kv_channels wide (else hidden_size // heads) and RotaryEmbedding(head // 2) turns its first
// half in adjacent pairs (reshape(..., rot_dim // 2, 2)) at base 10000 * rope_ratio (default 1);
// seq_length is the length and num_layers the layer count.
constexpr model_class chatglm() {
  model_class c = interleaved(make(family::llama, 1e4, 0, 0, 0));
  c.names.head_dim = {"kv_channels"};
  c.names.max_position_embeddings = {"max_position_embeddings", "seq_length"};
  c.names.num_hidden_layers = {"num_hidden_layers", "num_layers"};
  c.partial_rotary_factor = 0.5;
  c.partial_attribute = true;
  c.default_rope_partial = true;
  c.theta_ratio = "rope_ratio";
  c.theta_ratio_note = note_id::chatglm_rope_ratio;
  return c;
}

// configuration_moonshine.py: encoder_num_attention_heads for num_attention_heads (attribute_map),
// 288 hidden, 8 heads, 512 positions, partial_rotary_factor 0.9; modeling_moonshine.py: GLM's rotary
// embedding, adjacent pairs of the first int(head_dim * factor) features, the same in encoder and decoder.
constexpr model_class moonshine() {
  model_class c = interleaved(partial(make(family::llama, 1e4, 288, 8, 512), 0.9));
  c.names.num_attention_heads = {"num_attention_heads", "encoder_num_attention_heads"};
  return c;
}

// configuration_moonshine_streaming.py: MoonshineStreamingConfig, 320 hidden / 8 heads, head_dim = hidden_size //
// heads unless given, 4096 positions, rope_parameters {default, 1e4, partial_rotary_factor 0.8} when it has none;
// modeling_moonshine_streaming.py: Moonshine's adjacent pairs over int(head_dim * partial_rotary_factor) features.
constexpr rope_default moonshine_streaming_rope[] = {{"rope_theta", 1e4}, {"partial_rotary_factor", 0.8}};
constexpr model_class moonshine_streaming() {
  model_class c = interleaved(make(family::llama, 1e4, 320, 8, 4096));
  c.default_rope_partial = true;
  return with_default_rope(c, "default", moonshine_streaming_rope);
}

// configuration_pe_video.py: PeVideoEncoderConfig, head_dim 128, 1792 hidden / 14 heads, 10000 positions,
// rope_parameters {rope_theta: 20000}; modeling_pe_video.py turns adjacent pairs over the whole head.
constexpr model_class pe_video_encoder() {
  return interleaved(with_head_dim(make(family::llama, 2e4, 1792, 14, 10000), 128));
}

// configuration_recurrent_gemma.py: partial_rotary_factor 0.5 (setdefault), head_dim = hidden_size //
// num_attention_heads (2560 / 10), 26 layers whose blocks repeat block_types (recurrent, recurrent,
// attention); modeling_recurrent_gemma.py rotates the first half of q and k (torch.chunk) by
// rotate_half in the attention blocks only.
constexpr model_class recurrent_gemma() {
  model_class c =
      with_nope(heads_split(partial(make(family::llama, 1e4, 2560, 10, 0), 0.5)), nope::repeated_blocks{"block_types"});
  c.num_hidden_layers = 26;
  return c;
}

// configuration_apertus.py: default_theta 1.2e7 and, when the config has none, rope_parameters
// {rope_type llama3, factor 8, original_max_position_embeddings 8192, low_freq_factor 1,
// high_freq_factor 4}; modeling_apertus.py: Llama's rotate_half after the q/k norms.
constexpr rope_default apertus_rope[] = {{"rope_theta", 1.2e7},
                                         {"factor", 8},
                                         {"original_max_position_embeddings", 8192},
                                         {"low_freq_factor", 1},
                                         {"high_freq_factor", 4}};
constexpr model_class apertus() { return with_default_rope(llama_rules(1.2e7), "llama3", apertus_rope); }

// configuration_minimax_m2.py: default_theta 5e6, head_dim 128 (not hidden / heads), rotary_dim taken as
// partial_rotary_factor = rotary_dim / head_dim; modeling_minimax_m2.py rotates the first rotary_dim features by
// rotate_half (the checkpoint's own code: rotary_dim = cos.shape[-1]).
constexpr model_class minimax_m2() {
  model_class c = with_head_dim(llama_rules(5e6), 128);
  c.default_rope_partial = true;
  c.rotary_dim_partial = true;
  return c;
}

// configuration_minimax_m3_vl.py / modular_minimax_m3_vl.py (transformers 5.17.0)
// MiniMaxM3VLTextConfig(MiniMaxM2Config): MiniMax-M2's default_theta 5e6 and head_dim 128, but its __post_init__ skips
// MiniMax-M2's, so rotary_dim (64) never becomes partial_rotary_factor: MiniMaxM3VLRotaryEmbedding builds the whole
// head and MiniMaxM3VLAttention turns cos.shape[-1] features by rotate_half, every layer (full_attention and
// minimax_m3_sparse). A note says rotary_dim is not applied. MiniMaxM3VLConfig builds this class from text_config,
// whatever model_type it names.
constexpr model_class minimax_m3_vl_text() {
  model_class c = with_head_dim(llama_rules(5e6), 128);
  c.default_rope_partial = true;
  c.set_note_key = "rotary_dim";
  c.set_note = note_id::minimax_m3_rotary_dim;
  return c;
}

// Ling's remote code (model_type bailing_moe for Ling 1.x and, with architectures BailingMoeV2ForCausalLM,
// Ling 2.0): configuration_bailing_moe.py defaults 1024 hidden, 16 heads, 16384 positions, base 10000,
// head_dim = config.head_dim or hidden_size // heads. modeling_bailing_moe_v2.py rotates the first
// int(head_dim * partial_rotary_factor) features by rotate_half (the factor 1.0 when the config has
// none, as in every Ling 1.x config), in any rope type.
constexpr model_class bailing_moe() {
  model_class c = make(family::llama, 1e4, 1024, 16, 16384);
  c.default_rope_partial = true;
  return c;
}

// Ring-linear's remote code (bailing_moe_linear): Ling's rotation in every layer, the linear-attention ones
// too while linear_rope is true (its default); configuration_bailing_moe_linear.py: layer_group_size 1.
constexpr model_class bailing_moe_linear() {
  model_class c = with_nope(bailing_moe(), nope::grouped_blocks{"layer_group_size", "linear_rope"});
  c.num_hidden_layers = 24;
  return c;
}

// MiniMax-Text-01 and MiniMax-M1's remote code (configuration_minimax_text_01.py, _minimax_m1.py: base 1e6,
// 4096 hidden, 32 heads, 131072 positions, 32 layers; head_dim, rotary_dim and attn_type_list come from
// config.json). modeling_minimax_m1.py: head_dim = getattr(config, 'head_dim', hidden_size // heads),
// rotary_dim = getattr(config, 'rotary_dim', head_dim), rotate_half over the first rotary_dim features,
// and a rotary embedding of (dim, base) alone, so rope_scaling is never read; attn_type_list[i] == 0
// is lightning attention, without RoPE.
constexpr model_class minimax_m1() {
  model_class c = with_nope(make(family::llama, 1e6, 4096, 32, 4096 * 32), nope::flagged_blocks{"attn_type_list"});
  c.default_rope_partial = true;
  c.rotary_dim_partial = true;
  c.num_hidden_layers = 32;
  c.dicts = dicts::builder(dicts::scaling_unread{});
  return c;
}

// XLM-RoBERTa (configuration_xlm_roberta.py: position_embedding_type "absolute", 768 hidden, 12 heads, 512
// positions) has learned positions; jina-embeddings-v3's remote code (xlm-roberta-flash-implementation,
// modeling_xlm_roberta.py) rotates with "rotary": rotary_emb_dim features (default head_dim = hidden_size
// / heads) at config.rotary_emb_base, which it reads without a default, rotate_half unless
// rotary_emb_interleaved, xPos when rotary_emb_scale_base is set; positions from 0, no rope_scaling.
constexpr model_class xlm_roberta() {
  model_class c =
      rope_switched(heads_split(make(family::llama, 0, 768, 12, 512)), "position_embedding_type", "rotary", "absolute");
  c.names.rope_theta = {"rotary_emb_base"};
  c.names.rotary_dim = {"rotary_emb_dim"};
  c.default_rope_partial = true;
  c.rotary_dim_partial = true;
  c.pairs_switch = "rotary_emb_interleaved";
  c.xpos_scale = "rotary_emb_scale_base";
  c.dicts = dicts::builder(dicts::scaling_unread{});
  return c;
}

// nomic-embed-text's remote code: configuration_hf_nomic_bert.py (NomicBertConfig(GPT2Config): n_embd 768,
// n_head 12, n_positions 1024, n_layer 12, rotary_emb_fraction 0.0, rotary_emb_base 10000,
// rotary_emb_interleaved False) and modeling_hf_nomic_bert.py: int(head_dim * rotary_emb_fraction)
// features by rotate_half unless interleaved, positions from 0, no rope_scaling; rotary_scaling_factor
// raises the base by dynamic NTK past max_trained_positions (said in a note).
constexpr model_class nomic_bert() {
  model_class c = partial(heads_split(make(family::llama, 1e4, 768, 12, 1024)), 0);  // 0: no rotary at all
  c.names.hidden_size = {"hidden_size", "n_embd"};
  c.names.num_attention_heads = {"num_attention_heads", "n_head"};
  c.names.max_position_embeddings = {"max_position_embeddings", "n_positions"};
  c.names.num_hidden_layers = {"num_hidden_layers", "n_layer"};
  c.names.rope_theta = {"rotary_emb_base"};
  c.names.partial_rotary_factor = {"rotary_emb_fraction"};
  c.pairs_switch = "rotary_emb_interleaved";
  c.dicts = dicts::builder(dicts::scaling_unread{});
  c.set_note_key = "rotary_scaling_factor";
  c.set_note = note_id::nomic_dynamic_ntk;
  return c;
}

// NeoBERT's modeling (neobert): precompute_freqs_cis(hidden_size // num_attention_heads, max_length) at
// theta 10000, read from no key, turned as complex numbers over adjacent pairs; 768 hidden, 12 heads.
constexpr model_class neobert() {
  model_class c = interleaved(heads_split(make(family::llama, 1e4, 768, 12, 0)));
  c.names.rope_theta = {""};  // read from no key
  c.names.max_position_embeddings = {"max_length"};
  c.dicts = dicts::builder(dicts::scaling_unread{});
  return c;
}

// configuration_gpt_neox_japanese.py: rotary_pct 1.0 (GPT-NeoX: 0.25), rotary_emb_base 10000, 2560 hidden,
// 32 heads, 2048 positions; modeling_gpt_neox_japanese.py turns the first int(head_size * rotary_pct)
// features by rotate_half.
constexpr model_class gpt_neox_japanese() {
  model_class c = gpt_neox();
  c.partial_rotary_factor = 1;
  c.hidden_size = 2560;
  c.num_attention_heads = 32;
  return c;
}

// configuration_afmoe.py (Arcee Trinity): default_theta 10000, head_dim 128, layer_types sliding but every
// global_attn_every_n_layers-th (4) full; modeling_afmoe.py applies RoPE only where is_local_attention (the
// sliding layers): the full-attention layers are NoPE.
constexpr model_class afmoe() {
  return with_head_dim(
      with_nope(llama_rules(), nope::sliding_layers{nope::null_window::not_read, "global_attn_every_n_layers"}), 128);
}

// GTE v1.5 and gte-multilingual (Alibaba's remote "new" model: configuration.py, modeling.py):
// position_embedding_type "rope" by default ("absolute": learned positions), a rotary embedding of
// int(hidden_size / num_attention_heads) features at rope_theta (default 10000) by rotate_half, and
// rope_scaling None or {"type": "ntk", "factor", "mixed_b"}: fixed NTK (resolver::fixed_ntk).
constexpr model_class gte() {
  model_class c =
      rope_switched(heads_split(make(family::llama, 1e4, 768, 12, 512)), "position_embedding_type", "rope", "rope");
  c.fixed_ntk = true;
  return c;
}

// configuration_dbrx.py: d_model 2048, n_heads 16, max_seq_len 2048, n_layers 24 (its attribute_map),
// and the base in the attention sub-config, DbrxAttentionConfig.rope_theta (default 10000; the DBRX
// checkpoints hold 500000). DBRX's attention reads its base there (modeling_dbrx.py in transformers
// 4.x, as in vLLM and llama.cpp's converter); rotate_half over the whole head d_model // n_heads.
constexpr model_class dbrx() {
  model_class c = make(family::llama, 1e4, 2048, 16, 2048);
  c.names.hidden_size = {"hidden_size", "d_model"};
  c.names.num_attention_heads = {"num_attention_heads", "n_heads"};
  c.names.max_position_embeddings = {"max_position_embeddings", "max_seq_len"};
  c.names.num_hidden_layers = {"num_hidden_layers", "n_layers"};
  c.theta_section = "attn_config";
  // configuration_dbrx.py on main: DbrxAttentionConfig has no rope_theta field, and the rotary
  // embedding is built from the top-level rope_parameters (default 10000)
  c.theta_section_note = note_id::dbrx_attn_base;
  return c;
}

// configuration_roformer.py: hidden_size 768, 12 heads, max_position_embeddings 1536, no RoPE
// fields; modeling_roformer.py: RoFormerSinusoidalPositionalEmbedding over the whole head
// (hidden_size // heads), base 10000, turning the pairs (x[2i], x[2i + 1]): the RoPE paper's model.
constexpr model_class roformer() {
  model_class c = interleaved(make(family::gptj, 1e4, 768, 12, 1536));
  c.whole_head = true;
  return c;
}

// configuration_esm.py: position_embedding_type "absolute" by default, "rotary" for ESM-2;
// modeling_esm.py RotaryEmbedding(dim=attention_head_size): 1 / 10000^(2i/d) fixed, rotate_half
// over the whole head (hidden_size // num_attention_heads), no rope_theta or scaling read.
constexpr model_class esm() {
  model_class c =
      rope_switched(make(family::gptj, 1e4, 768, 12, 1026), "position_embedding_type", "rotary", "absolute");
  c.whole_head = true;
  return c;
}

// configuration_granite_swa.py (GraniteSWAConfig(GraniteConfig), modular_granite_swa.py): 2560 hidden, 20 heads,
// 24 layers, 8192 positions, default_theta 1e4; layer_rope_theta gives each layer its base (0: no RoPE), and
// GraniteSWAAttention keeps Granite's softmax scale, attention_multiplier. granitemoe_swa
// (configuration_granitemoe_swa.py, GraniteMoeSWAConfig(GraniteMoeSharedConfig)): the same rules, with GraniteMoe's
// 4096 hidden, 32 heads, 32 layers and 2048 positions.
constexpr model_class granite_swa(double hidden, double heads, double layers, double positions) {
  model_class c = with_nope(granite_attention(make(family::llama, 1e4, hidden, heads, positions)),
                            nope::per_layer_theta{"layer_rope_theta"});
  c.num_hidden_layers = layers;
  return c;
}

// configuration_muse_glimmer.py MuseGlimmerTextConfig: 6656 hidden, 32 heads, head_dim 128, 52 layers, 131072
// positions, default_theta 1e4; modular_muse_glimmer.py: one rotary embedding (Gemma 2's, rotate_half) for every
// layer whose layer_rope_theta is not 0, and none for the others (see nope::zero_theta_layers).
constexpr model_class muse_glimmer_text() {
  model_class c = with_nope(with_head_dim(make(family::llama, 1e4, 6656, 32, 131072), 128),
                            nope::zero_theta_layers{"layer_rope_theta"});
  c.num_hidden_layers = 52;
  return c;
}

// configuration_granitemoehybrid.py: position_embedding_type None by default, "rope" turns RoPE on
// (modeling_granitemoehybrid.py builds no rotary embedding otherwise: Granite 4.0-H's "nope");
// layer_types (alias layers_block_type) "mamba" or "attention", and only attention layers rotate.
// GraniteMoeHybridAttention(GraniteMoeSharedAttention): Granite's softmax scale, attention_multiplier.
constexpr model_class granite_hybrid() {
  // layer_types: ["mamba"] * num_hidden_layers when absent
  return rope_switched(
      with_nope(granite_attention(llama_rules()), nope::hybrid_blocks{nullptr, nope::default_blocks::mamba}),
      "position_embedding_type", "rope", "null");
}

// configuration_lfm2.py: default_theta 1e6; layer_types "full_attention" or "conv", else from
// full_attn_idxs, else every layer attends; modeling_lfm2.py: the short-convolution layers take none.
constexpr model_class lfm2() {
  return with_nope(llama_rules(1e6), nope::hybrid_blocks{"full_attn_idxs", nope::default_blocks::attention});
}

// configuration_bamba.py: attn_layer_indices name the attention layers (the others are Mamba, and all
// are without them), partial_rotary_factor 0.5 forced into the RoPE parameters; modeling_bamba.py:
// Llama's default RoPE, which rotates the whole head, while the scaled types take the 0.5.
constexpr model_class bamba() {
  model_class c = with_nope(llama_rules(), nope::hybrid_blocks{"attn_layer_indices", nope::default_blocks::mamba});
  c.partial_rotary_factor = 0.5;
  c.partial_attribute = true;
  c.default_rope_note = note_id::bamba_default_rope;
  return c;
}

// configuration_zamba2.py: hidden_size 2560, 32 heads, 4096 positions, 54 layers; use_mem_rope False
// by default (modeling_zamba2.py builds its rotary embedding only when true); attention_head_dim is
// always 2 * hidden_size // num_attention_heads (the shared block attends over 2 * hidden_size); only
// the "hybrid" layers of layers_block_type run that attention.
constexpr model_class zamba2() {
  model_class c = rope_switched(
      with_nope(make(family::llama, 1e4, 2560, 32, 4096), nope::hybrid_blocks{nullptr, nope::default_blocks::zamba2}),
      "use_mem_rope", "true", "false");
  c.head_dim_from_heads = true;
  c.attention_width = 2;
  c.num_hidden_layers = 54;
  return c;
}

// configuration_modernbert.py: default_theta {"global": 160000, "local": 10000} read from
// global_rope_theta / local_rope_theta, rope_scaling merged into both layer types, layer types from
// global_attn_every_n_layers; modeling_modernbert.py: head_dim = hidden_size // num_attention_heads.
constexpr model_class modernbert() {
  model_class c = make(family::llama, 160000, 768, 12, 8192);
  c.local_theta = 1e4;
  c.head_dim_from_heads = true;
  c.full_theta_key = "global_rope_theta";
  c.dicts = dicts::builder(dicts::by_layer_type{"local_rope_theta", true});
  return c;
}

// modular_olmo3.py (main): Gemma 3's rotary embedding per layer type; convert_rope_params_to_dict
// merges a legacy rope_scaling into full_attention only, sets full_attention's rope_theta from
// kwargs.pop("rope_theta", 500000) and then sliding_attention's from the same pop, by then empty:
// the sliding layers turn at default_theta 500000. layer_types: every 4th layer full, else sliding.
constexpr model_class olmo3() {
  model_class c = make(family::llama, 5e5, 0, 0, 0);
  c.local_theta = 5e5;
  c.dicts = dicts::builder(dicts::by_layer_type{});
  return c;
}

// configuration_mimo_v2_flash.py (MiMo-V2-Flash): one RoPE per layer type, full_attention at rope_theta
// (default 5e6) and sliding_attention at the hub config's swa_rope_theta (1e4, as vLLM reads it), both over
// int(head_dim * partial_rotary_factor) features (192 * 0.334: 64) by rotate_half; the conversion to
// transformers puts a legacy rope_scaling into full_attention only. 4096 hidden, 64 heads, 262144 positions.
constexpr model_class mimo_v2_flash() {
  model_class c = partial(with_head_dim(make(family::llama, 5e6, 4096, 64, 262144), 192), 0.334);
  c.local_theta = 1e4;
  c.dicts = dicts::builder(dicts::by_layer_type{"swa_rope_theta"});
  return c;
}

// configuration_cohere2_moe.py: head_dim 128 (read), 8192 hidden, 64 heads, 8192 positions, rope_theta 1e4;
// modular_cohere2_moe.py: Cohere2's attention and rotary embedding (adjacent pairs), with its dense layers.
constexpr model_class cohere2_moe() {
  model_class c =
      with_nope(interleaved(with_head_dim(make(family::llama, 1e4, 8192, 64, 8192), 128)), nope::cohere2_moe{});
  return c;
}

// configuration_cohere2.py: head_dim = hidden_size // num_attention_heads (set in __post_init__);
// modeling_cohere2.py rotates only when the layer has a sliding window, with Cohere's
// repeat_interleave'd cos/sin (adjacent pairs).
constexpr model_class cohere2() {
  model_class c =
      with_nope(interleaved(make(family::llama, 1e4, 0, 0, 0)), nope::sliding_layers{nope::null_window::refused});
  c.head_dim_from_heads = true;
  return c;
}

// configuration_gemma2.py (and VaultGemmaConfig(Gemma2Config)): head_dim 256; modeling_gemma2.py:
// scaling = query_pre_attn_scalar ** -0.5 (default 256; Gemma 2 27B's 144 with a 128-wide head).
constexpr model_class gemma2() {
  model_class c = with_head_dim(llama_rules(), 256);
  c.softmax = softmax_rule::query_pre_attn_scalar;
  return c;
}

// configuration_cwm.py: default_theta 1e6, head_dim 128, and when the config has no rope_parameters a
// llama3 RoPE (factor 16 over 8192 positions, low 1, high 4); modeling_cwm.py: Llama's attention in
// its sliding and full layers alike.
constexpr rope_default cwm_rope[] = {
    {"factor", 16}, {"original_max_position_embeddings", 8192}, {"low_freq_factor", 1}, {"high_freq_factor", 4}};
constexpr model_class cwm() { return with_default_rope(with_head_dim(llama_rules(1e6), 128), "llama3", cwm_rope); }

// configuration_minimax.py (transformers' port of MiniMax-Text-01): default_theta 1e6, layer_types
// full_attention for even layers and linear_attention for odd ones by default; modeling_minimax.py: the
// lightning (linear) layers never use position_embeddings. The port builds its RoPE over the whole head
// and reads no rotary_dim; the checkpoints' own code (and vLLM) turn the first rotary_dim features, as
// MiniMax-M2's class does, so a rotary_dim in the config is honoured here and a note names the difference.
constexpr model_class minimax() {
  model_class c =
      with_nope(llama_rules(1e6), nope::linear_attention_layers{nullptr, 2, nope::full_layer::first_of_group});
  c.default_rope_partial = true;
  c.rotary_dim_partial = true;
  c.num_hidden_layers = 32;
  c.set_note_key = "rotary_dim";
  c.set_note = note_id::minimax_rotary_dim;
  return c;
}

// configuration_mistral4.py: MLA with qk_rope_head_dim 64 and qk_nope_head_dim 64, rope_interleave
// (default true), default_theta 1e4, and when the config has none a YaRN rope_parameters (factor 128 over
// 8192 positions, beta 32 / 1, mscale 1 / 1, llama_4_scaling_beta 0.1) whose partial_rotary_factor is the
// rope slice's share of the head; modular_mistral4.py: the slice turns whole (interleaved pairs unless
// rope_interleave is false), scaling = qk_head_dim^-0.5 with no mscale, and a Llama 4 query temperature.
constexpr rope_default mistral4_rope[] = {{"factor", 128},
                                          {"original_max_position_embeddings", 8192},
                                          {"beta_fast", 32},
                                          {"beta_slow", 1},
                                          {"mscale", 1},
                                          {"mscale_all_dim", 1},
                                          {"llama_4_scaling_beta", 0.1}};
constexpr model_class mistral4() {
  model_class c = with_default_rope(interleaved(with_head_dim(make(family::deepseek_v2, 1e4, 4096, 32, 1048576), 64)),
                                    "yarn", mistral4_rope);
  c.names.head_dim = {"qk_rope_head_dim"};
  c.pairs = layout::interleaved_to_half;  // modeling_mistral4.py: apply_rotary_pos_emb_interleave
  c.pairs_switch = "rope_interleave";
  c.mla_nope = 64;
  c.mla_share = true;
  return c;
}

// configuration_nanochat.py: no default_theta (1e4), head_dim = hidden_size // heads; modeling_nanochat.py:
// rotate_half returns (x2, -x1), so q * cos + rotate_half(q) * sin turns each pair by -m * theta_i.
constexpr model_class nanochat() {
  model_class c = heads_split(make(family::llama, 1e4, 768, 6, 2048));
  c.note = note_id::nanochat_rotation;
  return c;
}

// StepFun's Step-3 (model_type step3_vl, its text model in text_config as step3_text; the checkpoint's
// remote configuration_step3.py, read with vLLM's step3_text.py): head_dim 256 (not hidden / heads:
// 7168 / 64), rope_theta 500000, max_position_embedding (singular) 65536; every layer turns the whole
// head with rotate_half.
constexpr model_class step3_text() {
  model_class c = with_head_dim(make(family::llama, 5e5, 7168, 64, 65536), 256);
  c.names.max_position_embeddings = {"max_position_embeddings", "max_position_embedding"};
  return c;
}

// configuration_t5gemma.py: the encoder's and the decoder's fields each in their own T5GemmaModuleConfig
// (model_type t5_gemma_module: head_dim 256, 2304 hidden, 8 heads, one flat rope_parameters at 1e4 for
// sliding and full layers alike); modeling_t5gemma.py: self-attention turns q and k with rotate_half,
// cross-attention takes no positions. The decoder is read; the encoder is its own config.
constexpr model_class t5gemma_module() {
  model_class c = with_head_dim(make(family::llama, 1e4, 2304, 8, 8192), 256);
  c.softmax = softmax_rule::query_pre_attn_scalar;  // T5GemmaSelfAttention: query_pre_attn_scalar ** -0.5
  return c;
}
constexpr model_class t5gemma() {
  model_class c = as_wrapper(t5gemma_module(), text_source::sub_or_defaults);
  c.text_key = "decoder";
  c.note = note_id::t5gemma_decoder;
  return c;
}

// configuration_t5gemma2.py: T5Gemma2Config keeps the decoder in `decoder` (T5Gemma2DecoderConfig,
// model_type t5gemma2_decoder) and the encoder's text model in encoder.text_config (t5gemma2_text); both are
// Gemma 3's text rules (default_theta 1e6 / rope_local_base_freq 1e4 by layer type, sliding_window_pattern 6,
// head_dim 256, query_pre_attn_scalar 256). The decoder's merged attention turns its own keys, not the
// encoder's.
constexpr model_class t5gemma2() {
  model_class c = as_wrapper(gemma3(), text_source::sub_or_defaults);
  c.text_key = "decoder";
  c.note = note_id::t5gemma2_decoder;
  return c;
}

// configuration_dia.py: DiaConfig keeps the decoder in decoder_config (dia_decoder: 2048 hidden, 16
// heads, head_dim 128, 3072 positions) and the encoder in encoder_config (dia_encoder: 1024, 16, 128, 1024);
// no default_theta (1e4). modeling_dia.py: DiaSelfAttention is Llama's rotation with scaling = 1, and
// DiaCrossAttention takes no positions.
constexpr model_class dia_part(double hidden, double max_positions) {
  model_class c = with_head_dim(make(family::llama, 1e4, hidden, 16, max_positions), 128);
  c.softmax = softmax_rule::one;
  return c;
}
constexpr model_class dia() {
  model_class c = as_wrapper(dia_part(2048, 3072), text_source::sub_or_defaults);
  c.text_key = "decoder_config";
  c.note = note_id::dia_decoder;
  return c;
}

// configuration_blt.py: four sub-configs, each with head_dim = hidden_size // heads: global_config
// (blt_global_transformer, 2048 / 16, 4096 positions), encoder_config and decoder_config (blt_local_encoder /
// blt_local_decoder, 1024 / 16, 24576 positions), all default_theta 500000, and patcher_config (blt_patcher,
// 768 / 12, 8192 positions, base 1e4). modeling_blt.py: repeat_interleave'd cos/sin with Cohere's
// rotate_half (adjacent pairs) in every self-attention; the cross-attention between bytes and patches
// takes no positions.
constexpr model_class blt_part(double theta, double hidden, double heads, double max_positions) {
  return interleaved(heads_split(make(family::llama, theta, hidden, heads, max_positions)));
}
constexpr model_class blt() {
  model_class c = as_wrapper(blt_part(5e5, 2048, 16, 4096), text_source::sub_or_defaults);
  c.text_key = "global_config";
  c.note = note_id::blt_global;
  return c;
}

// Qwen (the first generation, model_type qwen): the checkpoints' remote configuration_qwen.py /
// modeling_qwen.py. RotaryEmbedding(kv_channels * rotary_pct, base=rotary_emb_base) over the first
// features of the head (kv_channels, default 128), rotate_half; no rope_scaling.
constexpr model_class qwen() {
  model_class c = with_head_dim(make(family::llama, 1e4, 2048, 16, 8192), 128);
  c.names.head_dim = {"kv_channels"};
  c.names.rope_theta = {"rotary_emb_base"};
  c.names.partial_rotary_factor = {"rotary_pct"};
  c.partial_rotary_factor = 1.0;
  c.partial_attribute = true;
  c.default_rope_partial = true;
  c.dicts = dicts::builder(dicts::scaling_unread{});
  c.note = note_id::qwen_dynamic_ntk;
  return c;
}

// configuration_laguna.py: head_dim 128 (a field, not hidden / heads), layer_types all full_attention by
// default, and rope_parameters {full_attention: default at 500000 over half the head, sliding_attention:
// default at 1e4 over the whole head}; convert_rope_params_to_dict returns its kwargs, so no legacy key is
// read. modeling_laguna.py turns the first int(head_dim * partial_rotary_factor) features by rotate_half.
constexpr layer_rope laguna_ropes[] = {{"full_attention", "default", 5e5, 0.5},
                                       {"sliding_attention", "default", 1e4, 1.0}};
constexpr model_class laguna() {
  model_class c = with_layer_ropes(with_head_dim(make(family::llama, 5e5, 2048, 48, 131072), 128), laguna_ropes);
  c.default_rope_partial = true;
  return c;
}

// modular_zaya.py: ZayaConfig(LagunaConfig) with 8 heads (head_dim 128), layer_types "hybrid" for every
// layer when absent, rope_parameters {hybrid: default at 5e6, hybrid_sliding: default at 1e4, both over half
// the head} when absent, and no legacy key read (the hub's stray top-level rope_type is dropped);
// Qwen3.5-MoE's apply_rotary_pos_emb turns the first int(head_dim * factor) features by rotate_half.
constexpr layer_rope zaya_ropes[] = {{"hybrid", "default", 5e6, 0.5}, {"hybrid_sliding", "default", 1e4, 0.5}};
constexpr model_class zaya() {
  model_class c = with_layer_ropes(with_head_dim(make(family::llama, 5e6, 2048, 8, 131072), 128), zaya_ropes);
  c.default_rope_partial = true;
  c.default_layer_type = "hybrid";
  return c;
}

// configuration_neomme.py (NeoMME, an encoder of text and page images): rope_parameters per layer type, the
// class's full {default, 1e6, partial 0.25} and sliding {default, 1e4, partial 1.0}; head_dim 64, 1024 hidden,
// 16 heads, 16384 positions. modeling_neomme.py: cos/sin over int(head_dim * partial) features, rotate_half;
// its two M-RoPE axes both take the token index for text, so text pairs turn at inv_freq in order (a note
// says what images do).
constexpr layer_rope neomme_ropes[] = {{"sliding_attention", "default", 1e4, 1.0},
                                       {"full_attention", "default", 1e6, 0.25}};
constexpr model_class neomme() {
  model_class c = with_layer_ropes(with_head_dim(make(family::llama, 1e6, 1024, 16, 16384), 64), neomme_ropes);
  c.default_rope_partial = true;
  c.note = note_id::neomme_axes;
  return c;
}

// configuration_mellum.py: MellumConfig(Qwen3MoeConfig), head_dim 128, layer_types all full_attention by
// default, rope_parameters {full_attention: 500000, sliding_attention: 1e4} and no legacy key read;
// modeling_mellum.py: Qwen3's rotation over the whole head.
constexpr layer_rope mellum_ropes[] = {{"full_attention", "default", 5e5}, {"sliding_attention", "default", 1e4}};
constexpr model_class mellum() {
  return with_layer_ropes(with_head_dim(make(family::llama, 5e5, 2304, 32, 131072), 128), mellum_ropes);
}

// configuration_olmo_hybrid.py: OlmoHybridConfig(LlamaConfig) without head_dim (hidden_size // heads),
// layer_types linear_attention but every 4th (i % 4 == 3) full_attention, and the last one when no other
// is; modular_olmo_hybrid.py: only the full-attention layers turn, and with no rope_theta (the released
// checkpoints' null) it builds no rotary embedding at all.
constexpr model_class olmo_hybrid() {
  model_class c = with_nope(heads_split(make(family::llama, 1e4, 3840, 30, 65536)),
                            nope::linear_attention_layers{nullptr, 4, nope::full_layer::last_of_group_or_final});
  c.num_hidden_layers = 32;
  c.null_theta_nope = true;
  return c;
}

// Step-3.5 (step3p5, the text config of step3p7; configuration_step3p7.py / modular_step3p7.py): head_dim
// 128, 4096 hidden, 64 heads, 45 layers, layer_types all full_attention by default, default_theta 1e4; its
// hub configs list rope_theta and partial_rotary_factors per layer, one value per layer type in effect.
// The rotation turns the first int(head_dim * factor) features by rotate_half.
constexpr model_class step3p5() {
  model_class c = with_head_dim(make(family::llama, 1e4, 4096, 64, 128000), 128);
  c.num_hidden_layers = 45;
  c.dicts = dicts::builder(dicts::layer_lists{"partial_rotary_factors"});
  c.default_rope_partial = true;
  return c;
}

// configuration_deepseek_v4.py / modeling_deepseek_v4.py: head_dim 512 with one KV head, the last
// int(head_dim * partial_rotary_factor) = 64 features of each head turned in adjacent pairs
// (repeat_interleave'd cos / sin), by the "main" set in sliding layers and the "compress" set in the
// compressed ones; 4096 hidden, 64 heads, 43 layers, 1048576 positions; scaling head_dim^-0.5.
constexpr model_class deepseek_v4() {
  model_class c = interleaved(with_head_dim(make(family::llama, 1e4, 4096, 64, 1048576), 512));
  c.num_hidden_layers = 43;
  c.dicts = dicts::builder(dicts::main_compress{});
  c.default_rope_partial = true;
  c.note = note_id::deepseek_v4_slice;
  return c;
}

// configuration_paddleocr_vl.py: PaddleOCRTextConfig(Ernie4_5Config), default_theta 500000, head_dim 128
// (a field), 1024 hidden, 16 heads, 131072 positions; the hub's config is flat (the wrapper takes the text
// keys from the top level). modeling_paddleocr_vl.py: Qwen2-VL's rotary and chunked M-RoPE by halves, with
// rope_parameters["mrope_section"] required.
constexpr model_class paddleocr_vl_text() {
  return with_mrope(with_head_dim(make(family::qwen2_vl, 5e5, 1024, 16, 131072), 128), mrope_sections::chunked);
}

// configuration_glm_image.py: GlmImageTextConfig, 4096 / 32 heads, 131072 positions, base 1e4; modeling_glm_image.py:
// int(head_dim * partial_rotary_factor) features (1.0 when absent) by rotate_half, chunked M-RoPE [8, 12, 12]
// (which needs the published partial_rotary_factor 0.5 to fit).
constexpr model_class glm_image_text() {
  model_class c = make(family::llama, 1e4, 4096, 32, 131072);
  c.default_rope_partial = true;
  return with_mrope(c, mrope_sections::chunked, 8, 12, 12);
}

// configuration_ernie4_5_vl_moe.py: Ernie4_5_VLMoeTextConfig, default_theta 500000, head_dim = hidden_size //
// heads (2560 / 20), 131072 positions, the "default" rope type only; modeling_ernie4_5_vl_moe.py: adjacent pairs
// over the whole head, and for image and video tokens its own 3-D split of the pairs.
constexpr model_class ernie4_5_vl_text() {
  model_class c = interleaved(heads_split(make(family::llama, 5e5, 2560, 20, 131072)));
  c.note = note_id::ernie45_vl_sections;
  return c;
}

// configuration_hunyuan_vl.py: HunYuanVLTextConfig(HunYuanDenseV1Config), base 1e4, head_dim required in
// practice; convert_rope_params_to_dict renames rope type "xdrope" to "dynamic" and xdrope_section to
// mrope_section. modeling_hunyuan_vl.py: HunYuan's alpha base rope_theta * alpha^(d / (d - 2)) for "dynamic",
// rotate_half over the whole head, and four position axes for image tokens.
constexpr model_class hunyuan_vl_text() {
  model_class c = make(family::hunyuan, 1e4, 4096, 32, 2048);
  c.type_alias = "xdrope";
  c.type_aliased = "dynamic";
  c.note = note_id::hunyuan_vl_sections;
  return c;
}

// modeling_mlcd.py (MLCDVisionConfig: 1664 hidden, 16 heads, head_dim = hidden_size // heads) and
// modeling_sam3.py (Sam3ViTConfig: 1024 hidden, 16 heads): rope_parameters {rope_theta 1e4, rope_type 'axial'},
// the only type their rotary embeddings build. MLCD turns rows, then columns, by rotate_half; SAM 3's ViT
// columns, then rows, in adjacent pairs (rotate_pairwise).
constexpr rope_default axial_rope[] = {{"rope_theta", 1e4}};
constexpr model_class vision_axial_rope(double hidden, double heads, vision_axial rule, layout pairs) {
  model_class c = with_default_rope(heads_split(make(family::llama, 1e4, hidden, heads, 0)), "axial", axial_rope);
  c.axial = rule;
  c.pairs = pairs;
  return c;
}

// Sam3ViTConfig: 32 layers, window_size 24, global_attn_indexes [7, 15, 23, 31], image_size 1008, patch_size 14.
constexpr model_class sam3_vit() {
  model_class c = vision_axial_rope(1024, 16, vision_axial::sam3_vit, layout::interleaved);
  c.num_hidden_layers = 32;
  return c;
}

constexpr named_class classes[] = {
    {"llama", make(family::llama, 1e4, 4096, 32, 2048)},                       // configuration_llama.py
    {"mistral", make(family::mistral, 1e4, 4096, 32, 4096 * 32)},              // configuration_mistral.py
    {"qwen2", make(family::qwen2, 1e4, 4096, 32, 32768)},                      // configuration_qwen2.py
    {"qwen3", with_head_dim(make(family::qwen3, 1e4, 4096, 32, 32768), 128)},  // configuration_qwen3.py
    {"qwen2_vl", as_wrapper(qwen2_vl(), text_source::sub_or_flat)},
    {"qwen2_vl_text", qwen2_vl()},
    {"qwen2_5_vl", as_wrapper(qwen2_vl(), text_source::sub_or_flat)},
    {"qwen2_5_vl_text", qwen2_vl()},
    {"mlcd", vision_axial_rope(1664, 16, vision_axial::mlcd, layout::half)},
    {"mlcd_vision_model", vision_axial_rope(1664, 16, vision_axial::mlcd, layout::half)},
    {"sam3_vit_model", sam3_vit()},
    {"qwen3_vl", as_wrapper(qwen3_vl(4096), text_source::sub_or_defaults)},
    {"qwen3_vl_text", qwen3_vl(4096)},
    {"qwen3_vl_moe", as_wrapper(qwen3_vl(2048), text_source::sub_or_defaults)},
    {"qwen3_vl_moe_text", qwen3_vl(2048)},
    {"paligemma", paligemma()},
    {"internvl_chat", internvl_chat()},
    {"qwen2_5_omni", omni(qwen2_5_omni_text())},
    {"qwen2_5_omni_thinker", as_wrapper(qwen2_5_omni_text(), text_source::sub_or_defaults)},
    {"qwen2_5_omni_text", qwen2_5_omni_text()},
    // configuration_qwen2_5_omni.py Qwen2_5OmniTalkerConfig: the text model's defaults (3584 / 28 heads, head_dim
    // 128, base 1e6); modeling_qwen2_5_omni.py: its layers are Qwen2_5OmniDecoderLayer, the text model's.
    {"qwen2_5_omni_talker", qwen2_5_omni_text()},
    {"qwen3_omni_moe", omni(qwen3_omni_text())},
    {"qwen3_omni_moe_thinker", as_wrapper(qwen3_omni_text(), text_source::sub_or_defaults)},
    {"qwen3_omni_moe_text", qwen3_omni_text()},
    // configuration_qwen3_omni_moe.py Qwen3OmniMoeTalkerCodePredictorConfig: head_dim 128 (not hidden / heads),
    // base 1e4; its attention is Qwen3's, one sequence of positions.
    {"qwen3_omni_moe_talker_code_predictor", with_head_dim(llama_rules(), 128)},
    {"qwen3_5", as_wrapper(qwen3_5(4096, 32), text_source::sub_or_defaults)},
    {"qwen3_5_text", qwen3_5(4096, 32)},
    {"qwen3_5_moe", as_wrapper(qwen3_5(2048, 40), text_source::sub_or_defaults)},
    {"qwen3_5_moe_text", qwen3_5(2048, 40)},
    {"qwen4_exp", as_wrapper(qwen4_exp_text(), text_source::sub_or_defaults)},  // Qwen4ExpConfig(Qwen3_5MoeConfig)
    {"qwen4_exp_text", qwen4_exp_text()},
    {"glm4v", as_wrapper(glm4v(), text_source::sub_or_defaults)},
    {"glm4v_text", glm4v()},
    {"glm4v_moe", as_wrapper(glm4v_moe(), text_source::sub_or_defaults)},
    {"glm4v_moe_text", glm4v_moe()},
    {"ministral3", ministral3()},
    {"gemma3", as_wrapper(gemma3(), text_source::sub_or_defaults)},
    {"gemma3_text", gemma3()},
    {"gemma4", as_wrapper(gemma4(), text_source::sub_or_defaults)},
    {"gemma4_text", gemma4()},
    // modular_gemma4_unified.py and modular_diffusion_gemma.py: Gemma4TextConfig, Gemma 4's attention and
    // rotary embedding (DiffusionGemmaTextRotaryEmbedding(Gemma4TextRotaryEmbedding), global_head_dim).
    {"gemma4_unified", as_wrapper(gemma4(), text_source::sub_or_defaults)},
    {"gemma4_unified_text", gemma4()},
    {"diffusion_gemma", as_wrapper(gemma4(), text_source::sub_or_defaults)},
    {"diffusion_gemma_text", gemma4()},
    {"gpt_oss", gpt_oss()},
    {"deepseek_v3", deepseek_v3()},
    {"deepseek_v2", deepseek_v2()},
    {"deepseek_vl_v2", deepseek_vl_v2()},
    {"multi_modality", janus()},
    // Kimi K2's config.json maps AutoConfig and the model to DeepSeek-V3's remote code
    // (configuration_deepseek.DeepseekV3Config, modeling_deepseek.py).
    {"kimi_k2", deepseek_v3()},
    {"deepseek_v32", deepseek_v32()},
    {"axk1", axk1()},
    {"axk2", axk2()},
    {"glm_moe_dsa", glm_moe_dsa()},
    {"minicpm3", minicpm3()},
    {"longcat_flash", longcat_flash()},
    {"glm4_moe_lite", glm4_moe_lite()},
    {"gemma3n", as_wrapper(gemma3n(), text_source::sub_or_defaults)},
    {"gemma3n_text", gemma3n()},
    {"mllama", as_wrapper(mllama_text(), text_source::sub_or_defaults)},
    {"llava", llava_text()},
    {"llava_next", llava_text()},
    {"llava_next_video", llava_text()},
    {"video_llava", llava_text()},
    {"vipllava", llava_text()},
    {"perception_lm", llava_text()},
    {"llava_onevision", llava_onevision_text()},
    {"mllama_text_model", mllama_text()},
    {"phi3", phi3()},
    // configuration_phi4_multimodal.py (Phi4MultimodalConfig: the text model's fields at the top level,
    // partial_rotary_factor default 1.0) and Phi-4-multimodal-instruct's remote configuration_phi4mm.py /
    // modeling_phi4mm.py: Phi-3's longrope, original_max_position_embeddings 4096, rotary_ndims =
    // int(head_dim * partial_rotary_factor).
    {"phi4_multimodal", phi3()},
    {"phi4mm", phi3()},
    {"phi", phi()},
    {"gpt_neox", gpt_neox()},
    {"gpt_neox_japanese", gpt_neox_japanese()},
    {"afmoe", afmoe()},
    {"gptj", gptj()},
    {"roformer", roformer()},
    {"codegen", gptj()},  // modeling_codegen.py: GPT-J's create_sinusoidal_positions and rotate_every_two
    // modeling_glm.py / modeling_glm4.py: x[..., 0::2] pairs, cos/sin repeat_interleave'd;
    // configuration_glm*.py: kwargs.setdefault("partial_rotary_factor", 0.5).
    {"glm", partial(interleaved(llama_rules()), 0.5)},
    {"glm4", partial(interleaved(llama_rules()), 0.5)},
    // modular_glmasr.py: GlmAsrRotaryEmbedding(GlmRotaryEmbedding) reads partial_rotary_factor (the encoder
    // config's default 0.5) and its apply_rotary_pos_emb turns rotate_half pairs of the first rotary_dim.
    {"glmasr_encoder", partial(llama_rules(), 0.5)},
    // modeling_glm4_moe.py: GPT-NeoX's apply_rotary_pos_emb (rotate_half inside the rotated slice).
    {"glm4_moe", partial(llama_rules(), 0.5)},
    // configuration_stablelm.py / _persimmon.py / _nemotron.py / _qwen3_next.py: the class default
    // partial_rotary_factor, read by each model's compute_default_rope_parameters.
    {"stablelm", partial(llama_rules(), 0.25)},
    {"persimmon", partial(llama_rules(), 0.5)},
    // configuration_fuyu.py: the hub's flat config becomes a persimmon text_config (rope_theta and the
    // sizes popped from the top level, partial_rotary_factor 0.5); sizes default to 4096 / 64 heads.
    {"fuyu", as_wrapper(partial(make(family::llama, 1e4, 4096, 64, 16384), 0.5), text_source::sub_or_flat)},
    {"nemotron", partial(llama_rules(), 0.5)},
    {"qwen3_next", qwen3_next()},
    // modeling_cohere.py: repeat_interleave'd freqs, x[..., ::2] pairs; default_theta 500000.
    {"cohere", interleaved(llama_rules(5e5))},
    {"cohere2", cohere2()},
    {"cohere2_moe", cohere2_moe()},
    // modeling_exaone4.py: rotate_half; RoPE only in sliding-window layers when there is a window.
    {"exaone4", with_nope(llama_rules(), nope::sliding_layers{nope::null_window::rotates_all})},
    // modeling_ernie4_5.py: x[..., 0::2] pairs, cos/sin repeat_interleave'd; default_theta 500000;
    // configuration_ernie4_5.py: head_dim 128 (not hidden / heads; Ernie4_5MoeConfig has none).
    {"ernie4_5", with_head_dim(interleaved(llama_rules(5e5)), 128)},
    {"ernie4_5_moe", interleaved(llama_rules(5e5))},
    {"llama4", as_wrapper(llama4_text(), text_source::sub_or_flat)},
    {"llama4_text", llama4_text()},
    // configuration_smollm3.py: default_theta 2000000, no_rope_layers filled when None.
    {"smollm3", with_nope(llama_rules(2e6), nope::no_rope_layers{})},
    {"falcon", falcon()},
    // modeling_hunyuan_v1_dense.py / _moe.py: the dynamic rope type's `alpha` sets an NTK base.
    {"hunyuan_v1_dense", make(family::hunyuan, 1e4, 0, 0, 0)},
    {"hunyuan_v1_moe", make(family::hunyuan, 1e4, 0, 0, 0)},
    // configuration_phimoe.py: default_theta 1e6, 4096 hidden, 32 heads, 4096 * 32 positions, short_mscale
    // and long_mscale required past "default"; modeling_phimoe.py: they replace longrope's attention factor.
    {"phimoe", make(family::phimoe, 1e6, 4096, 32, 4096 * 32)},
    {"modernbert", modernbert()},
    // configuration_modernbert_decoder.py: ModernBERT's default_theta {global 160000, local 10000}, read from
    // global_rope_theta / local_rope_theta, rope_scaling into both layer types, head_dim hidden_size // heads.
    {"modernbert-decoder", modernbert()},
    {"colmodernvbert", retrieval_wrapper(modernbert(), text_source::sub_or_defaults)},
    {"colqwen2", retrieval_wrapper(qwen2_vl(), text_source::sub_or_flat)},
    {"olmo3", olmo3()},
    {"esm", esm()},
    {"granitemoehybrid", granite_hybrid()},
    {"lfm2", lfm2()},
    {"lfm2_moe", lfm2()},  // configuration_lfm2_moe.py: default_theta 1e6, LFM2's conv and attention layers
    {"bamba", bamba()},
    {"zamba2", zamba2()},
    // modular_helium.py: rotate_half on x[..., 0::2] / x[..., 1::2] (adjacent pairs), default_theta 1e5,
    // head_dim 128.
    {"helium", with_head_dim(interleaved(llama_rules(1e5)), 128)},
    // configuration_bitnet.py: default_theta 5e5; configuration_seed_oss.py: head_dim 128; Llama's RoPE.
    {"bitnet", llama_rules(5e5)},
    {"seed_oss", with_head_dim(llama_rules(), 128)},
    // Models whose modeling files use Llama's RoPE as it is.
    {"mixtral", llama_rules(1e6)},  // configuration_mixtral.py: default_theta 1e6
    {"qwen2_moe", llama_rules()},
    {"qwen3_moe", llama_rules()},
    // configuration_gemma.py / _gemma2.py / _vaultgemma.py: head_dim 256 by default, not hidden / heads.
    {"gemma", with_head_dim(llama_rules(), 256)},
    {"gemma2", gemma2()},
    {"vaultgemma", gemma2()},
    // transformers 5.17.0, configuration_granite.py / modular_granite.py and configuration_granitemoe.py /
    // modular_granitemoe.py: Llama's RoPE (GraniteRotaryEmbedding, rotate_half) at default_theta 1e4, and
    // GraniteAttention / GraniteMoeAttention's `self.scaling = config.attention_multiplier` (default 1.0).
    {"granite", granite_attention(llama_rules())},
    {"granitemoe", granite_attention(llama_rules())},
    {"granite_swa", granite_swa(2560, 20, 24, 8192)},
    {"granitemoe_swa", granite_swa(4096, 32, 32, 2048)},
    // MuseGlimmerConfig builds MuseGlimmerTextConfig from text_config, its defaults when absent.
    {"muse_glimmer", own_text_class(muse_glimmer_text())},
    {"muse_glimmer_text", muse_glimmer_text()},
    // configuration_muse_glimmer_assistant.py: 6656 hidden, 32 heads, head_dim 128, 131072 positions, default_theta
    // 5e5; modular_muse_glimmer_assistant.py: every layer rotates its queries and keys by rotate_half.
    {"muse_glimmer_assistant", with_head_dim(make(family::llama, 5e5, 6656, 32, 131072), 128)},
    // transformers 5.17.0, configuration_starcoder2.py / modeling_starcoder2.py: Starcoder2RotaryEmbedding
    // is Llama's (rotate_half, default_theta 1e4), and so is its attention's head_dim^-0.5.
    {"starcoder2", llama_rules()},
    {"dbrx", dbrx()},
    {"minimax_m2", minimax_m2()},
    {"minimax_m3_vl", own_text_class(minimax_m3_vl_text())},
    {"minimax_m3_vl_text", minimax_m3_vl_text()},
    {"bailing_moe", bailing_moe()},
    {"xlm-roberta", xlm_roberta()},
    {"nomic_bert", nomic_bert()},
    {"neobert", neobert()},
    {"new", gte()},
    {"bailing_moe_linear", bailing_moe_linear()},
    {"minimax_text_01", minimax_m1()},
    {"minimax_m1", minimax_m1()},
    {"apertus", apertus()},
    {"chatglm", chatglm()},
    {"nemotron-nas", nemotron_nas()},
    {"baichuan", baichuan()},
    {"internlm3", llama_rules()},  // InternLM3's remote code: Llama's RoPE, head_dim, rope_scaling
    {"moonshine", moonshine()},
    {"moonshine_streaming", moonshine_streaming()},
    {"pe_video_encoder", pe_video_encoder()},
    {"recurrent_gemma", recurrent_gemma()},
    {"arcee", llama_rules()},  // configuration_arcee.py: ArceeConfig(LlamaConfig)
    {"mimo_v2_flash", mimo_v2_flash()},
    {"mimo", llama_rules()},   // MiMo-7B's remote MiMoConfig(Qwen2Config): Qwen2's rotation, MTP layers beside
    {"dots1", llama_rules()},  // modular_dots1.py: Qwen3's RoPE, the same for sliding and full layers
    {"olmo", llama_rules()},
    {"olmo2", llama_rules()},
    {"olmoe", llama_rules()},      // modular_olmoe.py: OlmoeRotaryEmbedding(LlamaRotaryEmbedding)
    {"falcon_h1", llama_rules()},  // modular_falcon_h1.py: LlamaAttention with config.head_dim
    {"ministral", llama_rules()},  // modular_ministral.py: one base for sliding and full layers
    {"doge", llama_rules()},       // modeling_doge.py: q/k norms, then Llama's rotation
    {"mimi", llama_rules()},       // configuration_mimi.py: head_dim or hidden / heads, base 1e4
    {"csm", llama_rules(5e5)},     // configuration_csm.py: the backbone's default_theta 500000
    // configuration_csm.py CsmDepthDecoderConfig and configuration_evolla.py EvollaConfig: default_theta 500000,
    // head_dim hidden_size // heads; Llama's rotation.
    {"csm_depth_decoder_model", llama_rules(5e5)},
    {"evolla", llama_rules(5e5)},
    // configuration_voxtral_realtime.py VoxtralRealtimeEncoderConfig: head_dim 64 (not hidden / heads), base 1e4.
    {"voxtral_realtime_encoder", with_head_dim(llama_rules(), 64)},
    // configuration_voxtral_realtime.py VoxtralRealtimeTextConfig(MistralConfig), modeling_voxtral_realtime.py
    // VoxtralRealtimeTextAttention(MistralAttention): Mistral's class defaults and RoPE. VoxtralRealtimeConfig
    // builds its text config over _default_text_config_kwargs (3072 hidden, 32 heads, base 1e6, head_dim 128,
    // 131072 positions), whether text_config is given or not.
    {"voxtral_realtime_text", make(family::mistral, 1e4, 4096, 32, 4096 * 32)},
    {"voxtral_realtime", own_text_class(with_head_dim(make(family::mistral, 1e6, 3072, 32, 131072), 128))},
    // configuration_yi.py (remote, before Yi moved to model_type "llama"): rope_theta 5000000.
    {"yi", llama_rules(5e6)},
    // modeling_internlm2.py (remote), modeling_granitemoeshared.py, modeling_chameleon.py: head_dim =
    // hidden_size // num_heads in the attention, whatever config.head_dim says; GraniteMoeShared's decoder
    // layer is GraniteMoe's, and so is its attention_multiplier.
    {"internlm2", heads_split(llama_rules())},
    {"granitemoeshared", granite_attention(heads_split(llama_rules()))},
    {"chameleon", heads_split(llama_rules())},
    // configuration_exaone.py (EXAONE 3.x): num_layers for num_hidden_layers (its attribute_map).
    {"exaone", exaone()},
    // configuration_jetmoe.py: attribute_map head_dim -> kv_channels (128); heads are kv heads * top-k.
    {"jetmoe", jetmoe()},
    // configuration_emu3.py: the text model in text_config (emu3_text_model), default_theta 1e6;
    // modular_aria.py: AriaTextConfig(LlamaConfig) in text_config (aria_text).
    {"emu3", as_wrapper(llama_rules(1e6), text_source::sub_or_defaults)},
    {"emu3_text_model", llama_rules(1e6)},
    {"aria", as_wrapper(llama_rules(), text_source::sub_or_defaults)},
    {"aria_text", llama_rules()},
    {"cwm", cwm()},
    {"minimax", minimax()},
    {"mistral4", mistral4()},
    {"nanochat", nanochat()},
    {"step3_vl", as_wrapper(step3_text(), text_source::sub_or_defaults)},
    {"step3_text", step3_text()},
    {"t5gemma", t5gemma()},
    {"t5_gemma_module", t5gemma_module()},
    {"t5gemma2", t5gemma2()},
    {"t5gemma2_decoder", gemma3()},
    {"t5gemma2_text", gemma3()},
    {"dia", dia()},
    {"dia_decoder", dia_part(2048, 3072)},
    {"dia_encoder", dia_part(1024, 1024)},
    {"blt", blt()},
    {"blt_global_transformer", blt_part(5e5, 2048, 16, 4096)},
    {"blt_local_encoder", blt_part(5e5, 1024, 16, 24576)},
    {"blt_local_decoder", blt_part(5e5, 1024, 16, 24576)},
    {"blt_patcher", blt_part(1e4, 768, 12, 8192)},
    {"qwen", qwen()},
    {"laguna", laguna()},
    {"mellum", mellum()},
    {"neomme", neomme()},
    {"zaya", zaya()},
    {"olmo_hybrid", olmo_hybrid()},
    {"step3p7", as_wrapper(step3p5(), text_source::sub_or_defaults)},
    {"step3p5", step3p5()},
    {"deepseek_v4", deepseek_v4()},
    {"paddleocr_vl", as_wrapper(paddleocr_vl_text(), text_source::sub_or_flat)},
    {"paddleocr_vl_text", paddleocr_vl_text()},
    {"glm_image", as_wrapper(glm_image_text(), text_source::sub_or_defaults)},
    {"glm_image_text", glm_image_text()},
    {"ernie4_5_vl_moe", as_wrapper(ernie4_5_vl_text(), text_source::sub_or_flat)},
    {"ernie4_5_vl_moe_text", ernie4_5_vl_text()},
    {"hunyuan_vl", as_wrapper(hunyuan_vl_text(), text_source::sub_or_flat)},
    {"hunyuan_vl_text", hunyuan_vl_text()},
    // MiniCPM-V and MiniCPM-o (remote configuration_minicpm.py): the language model's fields at the top level,
    // a MiniCPM, Llama, Qwen2 or Qwen3 config by version, each turned by Llama's rotation.
    {"minicpmv", llama_rules()},
    {"minicpmo", llama_rules()},
    // configuration_diffllama.py, configuration_jais2.py (Jais2Config(LlamaConfig), no default_theta on main),
    // modular_hyperclovax.py (Granite's attention), and DeepSeek LLM / DeepSeekMoE's remote
    // modeling_deepseek.py (model_type deepseek): Llama's RoPE at base 1e4, head_dim or hidden / heads.
    {"diffllama", llama_rules()},
    {"jais2", llama_rules()},
    // modular_hyperclovax.py: HyperCLOVAXAttention(GraniteAttention), attention_multiplier None resolved
    // to head_dim ** -0.5 in __post_init__.
    {"hyperclovax", softmax_scaled(llama_rules(), softmax_rule::attention_multiplier_or_dim)},
    {"deepseek", llama_rules()},
    // modular_flex_olmo.py: default_theta 500000, OLMo 2's attention (q/k norms, then Llama's rotation).
    {"flex_olmo", llama_rules(5e5)},
    // modular_hy_v3.py: default_theta 11158840, head_dim 128, Apertus' attention (Llama's rotation).
    {"hy_v3", with_head_dim(llama_rules(11158840), 128)},
    // modular_solar_open.py: SolarOpenConfig(Glm4MoeConfig) with default_theta 1e6, head_dim 128 and
    // partial_rotary_factor 1.0; SolarOpenAttention is LlamaAttention, which turns the whole head.
    {"solar_open", with_head_dim(llama_rules(1e6), 128)},
    // modular_exaone_moe.py: ExaoneMoeConfig(Exaone4Config), ExaoneMoeAttention(Exaone4Attention).
    {"exaone_moe", with_nope(llama_rules(), nope::sliding_layers{nope::null_window::rotates_all})},
    // modular_youtu.py: YoutuConfig(DeepseekV3Config), YoutuAttention(DeepseekV3Attention).
    {"youtu", deepseek_v3()},
    // modular_minicpm.py: MiniCPMConfig(LlamaConfig), LlamaRotaryEmbedding (its longrope picks long_factor past
    // original_max_position_embeddings, as Llama's does), Llama's rotate_half.
    {"minicpm", make(family::llama, 1e4, 4096, 32, 32768)},
    {"deepseek_ocr2", own_text_class(deepseek_ocr2_text())},
    {"deepseek_ocr2_text", deepseek_ocr2_text()},
    {"cosmos3_edge", own_text_class(cosmos3_edge_text())},
    {"cosmos3_edge_text", cosmos3_edge_text()},
    // configuration_eurobert.py on main: EuroBertConfig(LlamaConfig) without default_theta (1e4; the 4.x
    // classes defaulted to 250000, which EuroBERT's config.json files state); modular_jina_embeddings_v3.py:
    // default_theta 20000, Llama's rotary embedding and rotate_half.
    {"eurobert", make(family::llama, 1e4, 768, 12, 8192)},
    {"jina_embeddings_v3", make(family::llama, 2e4, 1024, 16, 0)},
    {"openai_privacy_filter", openai_privacy_filter()},
    {"hy_v4", hy_v4()},
};

// Models without rotary embeddings, and what each uses instead (ALiBi, learned or sinusoidal absolute
// positions, relative biases or buckets, no attention): rope() refuses them by name.
struct without_rope_model {
  const char* model_type;
  const char* what;
};

constexpr without_rope_model without_rope_models[] = {
    // modeling_nemotron_h.py: NemotronHAttention is Jamba's, with no position encoding.
    {"nemotron_h", "attention without position encoding beside Mamba layers"},
    {"gpt2", "learned absolute position embeddings"},
    {"gpt_neo", "learned absolute position embeddings"},
    {"gpt_bigcode", "learned absolute position embeddings"},
    {"opt", "learned absolute position embeddings"},
    {"bert", "learned absolute position embeddings"},
    {"roberta", "learned absolute position embeddings"},
    {"bloom", "ALiBi attention biases"},
    {"mpt", "ALiBi attention biases"},
    {"t5", "relative position buckets"},
    {"mt5", "relative position buckets"},
    {"umt5", "relative position buckets"},
    {"longt5", "relative position buckets"},
    {"deberta", "disentangled relative position embeddings"},
    {"deberta-v2", "disentangled relative position embeddings"},
    {"xlnet", "Transformer-XL relative position encodings"},
    {"distilbert", "absolute position embeddings, learned or sinusoidal"},
    {"albert", "learned absolute position embeddings"},
    {"electra", "learned absolute position embeddings"},
    {"camembert", "learned absolute position embeddings"},
    {"longformer", "learned absolute position embeddings"},
    {"bart", "learned absolute position embeddings"},
    {"mbart", "learned absolute position embeddings"},
    {"whisper", "sinusoidal (encoder) and learned (decoder) absolute position embeddings"},
    // modeling_jamba.py: JambaAttention applies no position encoding; its Mamba layers see the order.
    {"jamba", "attention without position encoding beside Mamba layers"},
    // Kimi Linear's remote modeling_kimi.py (assert self.use_nope) and modeling_kimi_linear.py: no rotary
    // embedding; a kimi_k3 config holds one as its text_config.
    {"kimi_linear", "no positions at all: NoPE multi-head latent attention beside KDA linear attention"},
    {"mamba", "state-space layers instead of attention"},
    {"mamba2", "state-space layers instead of attention"},
    {"falcon_mamba", "state-space layers instead of attention"},
    {"rwkv", "recurrent time mixing instead of attention"},
    // configuration_rwkv7.py: all-recurrent, attention-free.
    {"rwkv7", "recurrent time mixing instead of attention"},
    // modular_inkling.py: a learned relative position bias conditioned on the hidden states (r_proj times a
    // fixed table over rel_extent distances), no rotary embedding; inkling_mm_model holds one as its text model.
    {"inkling_text", "a learned relative position bias computed from the hidden states"},
    {"inkling_mm_model", "a learned relative position bias computed from the hidden states"},
    // configuration_glm5_next.py / modular_glm5_next.py: qk_rope_head_dim must be 0 and every layer gets
    // position_embeddings=None (NoPE sparse attention beside KDA linear attention); glm5_next may be flat.
    {"glm5_next_text", "no positions at all: NoPE sparse attention beside KDA linear attention"},
    {"glm5_next", "no positions at all: NoPE sparse attention beside KDA linear attention"},
    // modeling_<model>.py of each: the position encoding its embeddings or attention use instead.
    {"xglm", "sinusoidal absolute position embeddings"},
    {"pegasus_x", "sinusoidal absolute position embeddings"},
    {"xlm", "learned (or sinusoidal) absolute position embeddings"},
    {"nystromformer", "learned absolute position embeddings"},
    {"big_bird", "learned absolute position embeddings"},
    {"led", "learned absolute position embeddings"},
    {"ernie", "learned absolute position embeddings"},
    {"reformer", "axial (or learned) absolute position embeddings"},
    {"funnel", "Transformer-XL relative position encodings"},
    {"mpnet", "learned absolute positions and relative position buckets"},
    // modeling_mega.py: "rotary" there turns two learned vectors into an additive bias, not q and k.
    {"mega", "a relative position bias (rotated learned vectors, not q and k)"},
    // modeling_zamba.py: ZambaAttention takes no cos and sin; its Mamba layers see the order.
    {"zamba", "attention without position encoding beside Mamba layers"},
    // More models whose modeling_<model>.py encodes positions another way: they are refused, not read as Llama.
    {"openai-gpt", "learned absolute position embeddings"},
    {"biogpt", "learned absolute position embeddings"},
    {"megatron-bert", "learned absolute position embeddings"},
    {"ibert", "learned absolute position embeddings"},
    {"data2vec-text", "learned absolute position embeddings"},
    {"roc_bert", "learned absolute position embeddings"},
    {"xmod", "learned absolute position embeddings"},
    {"rembert", "learned absolute position embeddings"},
    {"squeezebert", "learned absolute position embeddings"},
    {"mobilebert", "learned absolute position embeddings"},
    {"canine", "learned absolute position embeddings"},
    {"luke", "learned absolute position embeddings"},
    {"bert-generation", "learned absolute position embeddings"},
    {"ernie_m", "learned absolute position embeddings"},
    {"fnet", "learned absolute position embeddings"},
    {"yoso", "learned absolute position embeddings"},
    {"mra", "learned absolute position embeddings"},
    {"blenderbot", "learned absolute position embeddings"},
    {"blenderbot-small", "learned absolute position embeddings"},
    {"plbart", "learned absolute position embeddings"},
    {"mvp", "learned absolute position embeddings"},
    {"bigbird_pegasus", "learned absolute position embeddings"},
    {"clip", "learned absolute position embeddings"},
    {"clip_text_model", "learned absolute position embeddings"},
    {"clip_vision_model", "learned absolute position embeddings"},
    {"siglip", "learned absolute position embeddings"},
    {"siglip_text_model", "learned absolute position embeddings"},
    {"siglip_vision_model", "learned absolute position embeddings"},
    {"vit", "learned absolute position embeddings"},
    {"deit", "learned absolute position embeddings"},
    {"dinov2", "learned absolute position embeddings"},
    {"ctrl", "sinusoidal absolute position embeddings"},
    {"marian", "sinusoidal absolute position embeddings"},
    {"fsmt", "sinusoidal absolute position embeddings"},
    {"m2m_100", "sinusoidal absolute position embeddings"},
    {"nllb-moe", "sinusoidal absolute position embeddings"},
    {"pegasus", "sinusoidal absolute position embeddings"},
    {"speech_to_text", "sinusoidal absolute position embeddings"},
    {"layoutlm", "learned absolute and 2-D layout position embeddings"},
    {"layoutlmv2", "learned absolute and 2-D layout embeddings, relative position biases"},
    {"layoutlmv3", "learned absolute and 2-D layout embeddings, relative position biases"},
    {"markuplm", "learned absolute and XPath embeddings"},
    {"lilt", "learned absolute and layout position embeddings"},
    {"tapas", "learned absolute and table position embeddings"},
    {"nezha", "functional (sinusoidal) relative position encodings"},
    {"prophetnet", "learned absolute positions and relative n-gram buckets"},
    {"transfo-xl", "Transformer-XL relative position encodings"},
    {"beit", "relative position biases"},
    {"swin", "relative position biases"},
};

// Models whose RoPE turns continuous coordinates, which rope()'s integer positions cannot express.
constexpr without_rope_model inexpressible_rope_models[] = {
    // modeling_eomt_dinov3.py (DINOv3's RoPE): patch centres normalised to [-1, 1] on each axis, so the
    // angles depend on the image's patch grid and include an offset; training shifts, jitters and rescales them.
    {"eomt_dinov3",
     "DINOv3's 2-D RoPE, whose angles are 2 pi times patch-centre coordinates normalised to [-1, 1] by the "
     "image's patch grid: not integer grid positions at fixed frequencies"},
    // modeling_efficientloftr.py: emb[..., 0::2] = row * inv_freq, emb[..., 1::2] = column * inv_freq over
    // hidden_size // 2 angles (partial_rotary_factor 4), the whole hidden state rather than each head.
    {"efficientloftr",
     "an image matcher's 2-D RoPE over its feature map that alternates the row and the column from one "
     "frequency to the next across the whole hidden state: rope()'s axial RoPE turns each head in two runs of "
     "pairs, one axis each"},
};

}  // namespace

const model_class& model_class_of(std::string_view model_type) {
  static const model_class generic;
  for (const auto& entry : classes) {
    if (model_type == entry.model_type) return entry.c;
  }
  return generic;
}

const char* without_rope(std::string_view model_type) {
  for (const auto& entry : without_rope_models) {
    if (model_type == entry.model_type) return entry.what;
  }
  return nullptr;
}

const char* inexpressible_rope(std::string_view model_type) {
  for (const auto& entry : inexpressible_rope_models) {
    if (model_type == entry.model_type) return entry.what;
  }
  return nullptr;
}

}  // namespace posenc::detail
