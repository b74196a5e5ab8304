// The transformers configuration classes whose RoPE rules differ: for each model_type, the
// class defaults a config.json may leave out and the rules model_config.cpp branches on.
// Sources: src/transformers/models/<model>/configuration_<model>.py and modeling_<model>.py on
// transformers main (v5, dataclass configs with rope_parameters).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "note_codes.hpp"
#include "posenc/layout.hpp"

namespace posenc::detail {

// Models whose rules differ from Llama's; `generic` is any other model_type (read as Llama).
enum class family {
  generic,
  llama,
  mistral,
  qwen2,
  qwen3,
  qwen2_vl,     // Qwen2-VL and Qwen2.5-VL: sections in half layout
  qwen3_vl,     // interleaved M-RoPE sections, default [24, 20, 20]
  gemma3,       // RoPE per layer type: sliding (rope_local_base_freq) and full (rope_theta + rope_scaling)
  gemma4,       // sliding: default; full: proportional over global_head_dim
  deepseek_v3,  // head dim for RoPE = qk_rope_head_dim, interleaved pairs (rope_interleave)
  deepseek_v2,  // as DeepSeek-V3, always adjacent pairs (complex numbers), no mscale on the softmax
  phi3,         // original_max_position_embeddings always an attribute; "su" and "yarn" mean longrope
  phi,          // partial_rotary_factor 0.5 when config.json has none
  gpt_neox,     // rotary_pct and rotary_emb_base
  gptj,         // own rotary: rotary_dim, base 10000, interleaved, no rope_scaling (CodeGen, RoFormer too)
  hunyuan,      // dynamic with `alpha`: base * alpha^(d/(d-2)) up to max_position_embeddings
  phimoe,       // longrope whose attention factor is short_mscale, or long_mscale past the original length
};

// Which layers apply no RoPE (NoPE), and how the config says so: one rule a class, each holding only the
// parameters it reads (model_layers.cpp applies them).
namespace nope {

// Every layer rotates.
struct none {};

// Mllama: the cross-attention layers (config.cross_attention_layers, default [3, 8, ..., 38]) take no positions.
struct cross_attention_layers {};

// What an empty config.no_rope_layers means: a list of the wrong length (SmolLM3), or the default (Llama 4).
enum class empty_list { refused, is_default };

// Llama 4 and SmolLM3: config.no_rope_layers has one flag a layer (1 rotates); when it is absent or null,
// every no_rope_layer_interval-th layer (4) is NoPE.
struct no_rope_layers {
  const char* rotating = "full_attention";  // the name of the layer type that rotates (Llama 4's chunked_attention)
  empty_list empty = empty_list::refused;
};

// What a null config.sliding_window means to a rule that rotates sliding-window layers only.
enum class null_window {
  refused,      // no layer would rotate (Cohere2)
  rotates_all,  // no layer has a window, so every layer rotates (EXAONE 4)
  not_read,     // the layer types decide, whatever sliding_window says (AFMoE)
};

// Cohere2, EXAONE 4 and AFMoE: only the sliding-window layers rotate; without config.layer_types, every
// n-th layer (pattern_key, default 4) is full attention.
struct sliding_layers {
  null_window windowless = null_window::refused;
  const char* pattern_key = "sliding_window_pattern";
};

// Cohere2-MoE: as Cohere2, and its dense layers rotate too (prefix pattern 1).
struct cohere2_moe {};

// Which layer of each group of `interval` layers is full attention when config.layer_types is absent.
enum class full_layer {
  last_of_group,           // Qwen3-Next: linear, linear, linear, full
  first_of_group,          // transformers' MiniMax port: full, linear, full, ...
  last_of_group_or_final,  // OLMo Hybrid: and the final layer when no group is whole
};

// Qwen3-Next, Qwen3.5, MiniMax's port and OLMo Hybrid: only the full-attention layers rotate, not the
// linear-attention ones (config.layer_types, else every interval-th layer).
struct linear_attention_layers {
  const char* interval_key = "full_attention_interval";  // nullptr: the interval is the class's alone
  std::int64_t interval = 4;
  full_layer full = full_layer::last_of_group;
  // Qwen4-Exp: every layer but a linear_attention one attends, and its RoPE takes this name (its default
  // qwen_sparse_attention), whatever type the config lists (nullptr: only full_attention layers attend).
  const char* rotating = nullptr;
};

// The hybrids' blocks when the config lists none and names no attention layers.
enum class default_blocks {
  attention,  // every layer attends (LFM2)
  mamba,      // every layer is a Mamba block (Granite 4.0, Bamba): no layer rotates
  zamba2,     // Zamba2Config's 54-layer pattern of Mamba and hybrid blocks
};

// The hybrid rules below: only attention blocks rotate, not Mamba, convolution, recurrent or linear-attention
// ones. config.layer_types (alias layers_block_type) names each layer's block; without it each rule reads
// its own source.

// Granite 4.0, Bamba, LFM2, Zamba2: a key listing the attention layers (LFM2's full_attn_idxs), else the
// class's default blocks.
struct hybrid_blocks {
  const char* indices_key = nullptr;
  default_blocks otherwise = default_blocks::attention;
};

// Llama-Nemotron (DeciLM): config.block_configs, one a layer, whose attention may be no_op or replace_with_linear.
struct decilm_blocks {};

// RecurrentGemma: a list of block types (default recurrent, recurrent, attention) repeated over the layers.
struct repeated_blocks {
  const char* pattern_key = nullptr;
};

// MiniMax-M1: a required key with one flag a layer, 0 for linear attention without RoPE and 1 for softmax
// attention (attn_type_list).
struct flagged_blocks {
  const char* flags_key = nullptr;
};

// Ring-linear: every layer rotates unless the boolean key linear_rope_key says false; then only the last
// layer of each group of group_key layers (default 1), and every layer past the last whole group, rotates.
struct grouped_blocks {
  const char* group_key = nullptr;
  const char* linear_rope_key = nullptr;
};

// Granite SWA: a key listing each layer's base (layer_rope_theta), 0 for a layer without RoPE; without it
// every layer takes rope_theta. Layer types: config.layer_types, else full attention every 4th layer from the
// first and sliding the others. A layer type's RoPE turns at its layers' base, which they must share.
struct per_layer_theta {
  const char* theta_key = nullptr;
};

// Muse Glimmer: the same key, of which only a 0 is read (no RoPE); every other layer turns at rope_theta. Without
// the key, every 4th layer counted back from the last is NoPE; without config.layer_types those layers are full
// attention and the others sliding.
struct zero_theta_layers {
  const char* theta_key = nullptr;
};

// `none` comes first: the rows without a rule keep a zero index (constant data whose zeros cost nothing).
using rule = std::variant<none, cross_attention_layers, no_rope_layers, sliding_layers, cohere2_moe,
                          linear_attention_layers, hybrid_blocks, decilm_blocks, repeated_blocks, flagged_blocks,
                          grouped_blocks, per_layer_theta, zero_theta_layers>;

}  // namespace nope

// Multi-axis (M-RoPE) sections: which position axis turns each frequency pair.
enum class mrope_sections {
  none,
  chunked,      // mrope_section splits the pairs into runs, axis k % 3 (Qwen2-VL, GLM-4.1V)
  interleaved,  // pair j turns by axis j % 3 while j < 3 * section (Qwen3-VL, Qwen3.5)
};

// A vision encoder's 2-D axial RoPE over its patch grid (model_axial.cpp): rope_type 'axial', every
// frequency base^(-4j/head_dim) turning one run of pairs by the patch's row and the other by its column.
enum class vision_axial {
  none,
  mlcd,      // MLCD: rows first, rotate_half over the whole head; a class token first, at learned angles
  sam3_vit,  // SAM 3's ViT: columns first, adjacent pairs; windowed and global layers, each on a grid of its own
};

// The attention's softmax scale: the factor on q.k before the softmax (Gemma 3 and 4 and the MLA
// models are told by their family).
enum class softmax_rule {
  inverse_sqrt_head_dim,       // head_dim^-0.5 (Llama's attention)
  one,                         // 1: the q/k norms absorb it (Gemma 3n, Dia)
  query_pre_attn_scalar,       // query_pre_attn_scalar^-0.5, default 256 (Gemma 2, T5Gemma)
  attention_multiplier,        // config.attention_multiplier, default 1 (Granite's muP attention)
  attention_multiplier_or_dim  // config.attention_multiplier, head_dim^-0.5 when absent or null (HyperCLOVAX)
};

// How a multimodal config holds its text model.
enum class text_source {
  self,             // the config is the text model's
  sub_or_defaults,  // text_config, else the text class's defaults (Gemma3Config, Qwen3VLConfig)
  sub_or_flat,      // text_config, else the top-level fields (Qwen2VLConfig: hub configs are flat)
};

// A standard field and the name the class's config.json keeps it under (its attribute_map: GPT-J's
// n_embd for hidden_size), read when the standard name is absent. The standard name wins when both
// are given: PretrainedConfig sets that kwarg last, through attribute_map, over the class's field.
// A null key is the standard name (and its standard fallback), so that a row that keeps the standard
// names stores zeros; an empty key is read from no key at all.
struct config_name {
  const char* key = nullptr;
  const char* fallback = nullptr;
};

// Standard names (fallbacks): hidden_size, num_attention_heads (n_head, Falcon's old name),
// max_position_embeddings, num_hidden_layers, head_dim (the width RoPE is built on; MLA models:
// qk_rope_head_dim), rope_theta (empty: the class's base is fixed, NeoBERT), partial_rotary_factor,
// rotary_dim (a rotated width, read where rotary_dim_partial says so).
struct config_names {
  config_name hidden_size, num_attention_heads, max_position_embeddings, num_hidden_layers, head_dim, rope_theta,
      partial_rotary_factor, rotary_dim;
};

// One layer type's default rope_parameters, for classes whose config builds them per layer type and
// reads no legacy key (Gemma 4, Laguna, Mellum): partial 0 leaves partial_rotary_factor out.
struct layer_rope {
  const char* layer_type;
  const char* rope_type;
  double theta;
  double partial = 0;
};

// One field of a class's default rope_parameters.
struct rope_default {
  const char* key = nullptr;
  double value = 0;
};

// How a class builds its rope_parameters dicts, one per layer type (model_config.cpp build_ropes): one
// strategy a class, each holding only what it reads.
namespace dicts {

// convert_rope_params_to_dict: a legacy rope_scaling, else rope_parameters (flat, or keyed by layer type),
// with the class's default rope_parameters when the config has neither.
struct standard {};

// The model's code never reads rope_scaling (MiniMax-M1): the class's defaults alone, and a note says so.
struct scaling_unread {};

// One RoPE per layer type, sliding and full, built as Gemma 3's convert_rope_params_to_dict does (Gemma 3,
// ModernBERT, OLMo 3, MiMo-V2-Flash): the key of the sliding layers' base (none: the class default) and
// whether a legacy rope_scaling reaches the sliding layers too (ModernBERT) or only the full ones.
struct by_layer_type {
  const char* sliding_theta_key = nullptr;
  bool scale_sliding = false;
};

// rope_parameters keyed by layer type when the config has none (Gemma 4, Laguna, Mellum, ZAYA); no legacy
// rope_theta, rope_scaling or partial_rotary_factor is read (a constant array, kept out of every other row).
struct layer_defaults {
  const layer_rope* ropes = nullptr;
  std::size_t count = 0;
};

// Step-3.5: without rope_parameters, rope_theta and `partial_key` may list one value a layer, zipped with
// layer_types (the last layer of a type sets it), rope_scaling reaching full_attention only.
struct layer_lists {
  const char* partial_key = nullptr;
};

// DeepSeek-V4: rope_parameters keyed "main" (sliding layers) and "compress" (compressed layers).
struct main_compress {};

// `standard` comes first: the rows that keep it store a zero index.
using builder = std::variant<standard, scaling_unread, by_layer_type, layer_defaults, layer_lists, main_compress>;

}  // namespace dicts

// A literal type: the table of model_classes.cpp is constant data, built at compile time.
struct model_class {
  family kind = family::generic;
  config_names names;
  bool listed = false;  // in the table (an unknown model_type is read with Llama's rules, and says so)
  // The fields whose defaults are not zero come first, together: the table of rows is constant data,
  // and the runs of zeros after them cost the wasm module nothing.
  const char* text_key = "text_config";  // the key of the text model's config (InternVL's llm_config)
  double theta = 10000;                  // default_theta (the full-attention one for Gemma); 0: required
  const char* full_theta_key = "rope_theta";
  std::int64_t attention_width = 1;  // head_dim_from_heads: of attention_width * hidden_size (Zamba2: 2)
  const char* default_rope_type = "yarn";
  bool default_rope_truncate = true;
  layout pairs = layout::half;
  // Class defaults for fields a config.json may omit (0: none, the field is required).
  double hidden_size = 0, num_attention_heads = 0, head_dim = 0, max_position_embeddings = 0;
  text_source text = text_source::self;
  const char* text_holder = nullptr;           // the sub-config that holds text_config (Qwen Omni's thinker_config)
  note_id note = note_id::none;                // said with every reading: what the model does beside this RoPE
  const char* theta_section = nullptr;         // a sub-config whose rope_theta stands in for an absent top-level one
  note_id theta_section_note = note_id::none;  // said with that base (path, value) when it is used
  const char* theta_ratio = nullptr;           // a key multiplying the class's base (ChatGLM's rope_ratio)
  note_id theta_ratio_note = note_id::none;    // said (with its path) when that ratio is not 1
  double local_theta = 0;                      // Gemma's sliding-attention default
  dicts::builder dicts;                        // how its rope_parameters dicts are built
  // The layer type of every layer when config.layer_types is absent (ZAYA: "hybrid"), the one key a given
  // rope_parameters is then nested by (see nested_keys); a flat dict is refused, as each layer finds none.
  const char* default_layer_type = nullptr;
  // A rope type the configuration class renames (Qwen2-VL's "mrope" is "default", HunYuan-VL's "xdrope" is
  // "dynamic").
  const char* type_alias = nullptr;
  const char* type_aliased = nullptr;
  double partial_rotary_factor = 0;   // class default (0: none)
  bool partial_attribute = false;     // the default becomes config.partial_rotary_factor (Phi's setdefault)
  bool default_rope_partial = false;  // its default RoPE honours partial_rotary_factor
  bool rotary_dim_partial = false;    // config.rotary_dim sets partial_rotary_factor = rotary_dim / head_dim
  bool head_dim_from_heads = false;   // head_dim is hidden_size // heads whatever config.head_dim says
  // Cosmos 3 Edge's validate_architecture: rope_type must be "default", and mrope_section three sections
  // summing to head_dim // 2, required in a given dict (the class's own dict, when there is none, holds both).
  bool default_type_only = false;
  bool sections_required = false;
  // The wrapper builds its own text class from text_config whatever model_type that names (Cosmos3EdgeConfig,
  // DeepseekOcr2Config); other wrappers read a known text model_type by its own class.
  bool text_class_fixed = false;
  bool whole_head = false;  // GPT-J's rules without its rotary_dim: the whole head turns (RoFormer)
  // A config key whose value decides whether the model rotates at all (ESM's and Granite 4.0's
  // position_embedding_type): RoPE when it reads `rope_when`, its class default when absent or null.
  const char* rope_switch = nullptr;
  const char* rope_when = nullptr;
  const char* rope_switch_default = nullptr;
  // ALiBi instead of RoPE: when the config's boolean `alibi_flag` is true (Falcon), or when its
  // hidden_size is `alibi_hidden_size` (Baichuan's 13B models, which share the model_type).
  const char* alibi_flag = nullptr;
  double alibi_hidden_size = 0;
  // a null rope_theta means the attention applies no RoPE in any layer: refused (OLMo Hybrid's checkpoints)
  bool null_theta_nope = false;
  note_id default_rope_note = note_id::none;  // what a reader should know of the class's default RoPE
  nope::rule nope_layers;                     // which layers apply no RoPE
  double num_hidden_layers = 0;               // class default, read for the layers without RoPE (0: required)
  mrope_sections mrope = mrope_sections::none;
  // The class's rope_parameters when the config has none (YaRN for gpt-oss and Ministral 3, llama3
  // for Apertus): the type, numeric fields, and whether YaRN's range is truncated (default: yes).
  const rope_default* default_rope = nullptr;  // a constant array, kept out of every other row
  std::size_t default_rope_count = 0;          // 0: none
  std::int64_t mrope_default[3] = {0, 0, 0};   // the class's mrope_section when the config has none
  softmax_rule softmax = softmax_rule::inverse_sqrt_head_dim;
  double original_max_position_embeddings = 0;  // a class attribute with this default (Phi-3)
  bool fixed_ntk = false;                       // rope_scaling is GTE's "ntk" (model_rope::fixed_ntk_factor) or nothing
  // A boolean key whose false means Llama's attention over the whole head instead of this class's
  // (DeepSeek-VL2's use_mla: its tiny model's LlamaAttention); absent keeps the class.
  const char* mla_switch = nullptr;
  // The qk_nope_head_dim default of a class with multi-head latent attention (the DeepSeek families: 0 is
  // their 128); set, it marks a class of another family as MLA (MiniCPM3, LongCat-Flash).
  double mla_nope = 0;
  // partial_rotary_factor is the MLA rope slice's share of qk_head_dim, not a part of the slice: the slice
  // turns whole, and a factor naming any other width is refused (Mistral 4's qk_rope / (qk_nope + qk_rope)).
  bool mla_share = false;
  // A boolean key: false turns halves, true adjacent pairs, written back in place, or as halves where the
  // class's own pairs are interleaved_to_half (rope_interleave: DeepSeek-V3's apply_rotary_pos_emb_interleave).
  const char* pairs_switch = nullptr;
  const char* xpos_scale = nullptr;    // a key whose non-null value turns on xPos scaling: refused
  const char* set_note_key = nullptr;  // a key whose truthy value (not applied) adds set_note (path, value)
  note_id set_note = note_id::none;
  vision_axial axial = vision_axial::none;  // a vision encoder's 2-D RoPE instead of a sequence one
};

// The class of a model_type; unknown names read as family::generic (Llama's rules).
const model_class& model_class_of(std::string_view model_type);
// What a model without rotary embeddings uses instead ("learned absolute position embeddings"), or
// nullptr for a model_type that is not known to have none.
const char* without_rope(std::string_view model_type);
// Why rope() cannot apply the RoPE of a model_type that has one (a vision model's 2-D RoPE over continuous
// coordinates), or nullptr.
const char* inexpressible_rope(std::string_view model_type);

}  // namespace posenc::detail
