// From a model's config.json to its RoPE: the fields a transformers configuration class reads,
// resolved as transformers main does (standardize_rope_params, ROPE_INIT_FUNCTIONS and each
// model's configuration class), for one layer type at a time. Messages name the config field at
// fault by its path: "config.rope_scaling.factor", "config.text_config.rope_theta",
// "config.rope_parameters.full_attention.rope_type", ...
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/fields.hpp"
#include "posenc/layout.hpp"
#include "posenc/note.hpp"
#include "posenc/rope.hpp"
#include "posenc/scaling.hpp"

namespace posenc {

// Bounds on a config read from untrusted input (the JSON text or a JavaScript object).
inline constexpr std::size_t config_max_depth = 64;         // nesting of arrays and objects
inline constexpr std::size_t config_max_values = 1u << 20;  // values of every kind, in all
inline constexpr std::size_t config_max_text = 64u << 20;   // bytes of JSON text

// A JSON value, as parsed from config.json. Objects keep their members in order; a duplicated
// key is refused by the parser.
struct config_value {
  enum class kind { null, boolean, number, string, array, object };
  kind type = kind::null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<config_value> items;                            // kind::array
  std::vector<std::pair<std::string, config_value>> members;  // kind::object

  // The member named key of an object, or nullptr (also for a non-object).
  const config_value* find(std::string_view key) const;
  bool is_null() const noexcept { return type == kind::null; }
};

// Parses JSON text (RFC 8259; NaN, Infinity and -Infinity accepted as Python's json writes
// them). Throws invalid_argument naming "config" with the line and column of the fault, and
// for text, nesting or value counts beyond the bounds above.
config_value parse_json(std::string_view text);

// One layer type's RoPE, resolved.
struct model_rope {
  std::vector<std::string> layer_types;  // every layer type with its own RoPE, in a stable order
  std::string layer_type;                // the one described here
  std::string model_type;                // config.model_type ("" when absent)
  // A name of rope_types (rope_types.hpp) that config.json accepts: for any class, or for this
  // class alone (GTE's "ntk")
  std::string rope_type = "default";
  std::size_t head_dim = 0;
  std::size_t rotary_dim = 0;  // features per head that rotate (frequencies.size() * 2)
  // The width of each query and key head: head_dim, or with multi-head latent attention (DeepSeek-V2/V3,
  // Kimi K2, GLM-4.7-Flash, MiniCPM3 ...) qk_nope_head_dim + qk_rope_head_dim, whose last head_dim
  // features are the slice RoPE turns.
  std::size_t qk_head_dim = 0;
  double base = 10000;
  layout pairs = layout::half;
  // Inverse frequencies as transformers' init function returns them, evaluated in double
  // (rotary_dim / 2 of them; "proportional" gives head_dim / 2, zero past the rotated pairs).
  std::vector<double> frequencies;
  double attention_factor = 1;
  std::vector<std::int64_t> sections;  // mrope_section, empty when the model has none
  bool interleaved_sections = false;   // Qwen3-VL's interleaved M-RoPE
  // A vision encoder's 2-D axial RoPE (MLCD, SAM 3's ViT): which axis turns the first half of the pairs. Its
  // frequencies are then one axis's, head_dim / 4 of them, each turning one pair by the row and one by the column.
  std::optional<axial_axes> axial;
  // Decoder layers (0-based, ascending) whose attention applies no RoPE: Llama 4's and SmolLM3's
  // no_rope_layers, Cohere2's and EXAONE 4's full-attention layers, Mllama's cross-attention and
  // Qwen3-Next's linear-attention layers, the Mamba and convolution blocks of Granite 4.0, Bamba, LFM2 and Zamba2,
  // RecurrentGemma's recurrent blocks, Llama-Nemotron's layers without attention, MiniMax-M1's lightning
  // layers, Ring-linear's linear layers when linear_rope is false. Empty for most models.
  std::vector<std::size_t> layers_without_rope;
  // What the numbers do not say: a model_type read with Llama's rules for want of its own, a rule
  // that holds only up to a length, the layers without RoPE, as codes with values (posenc/note.hpp). Empty
  // when there is nothing to add.
  std::vector<note> notes;
  // The standardised scaling parameters this layer type uses, in the core's terms (type default
  // when none; "proportional" with a factor reads as linear; max_position_embeddings only where
  // the formula reads it), and the lengths they were resolved with, for readers such as
  // llama_cpp_flags.
  rope_scaling scaling;
  std::optional<double> max_position_embeddings;           // config's, or the class default
  std::optional<double> original_max_position_embeddings;  // the one in use, else the config's
  std::optional<double> partial_rotary_factor;             // the one the init function applied (none: not read)
  std::optional<bool> truncate;                            // yarn's truncate as the config gives it
  std::int64_t seq_len = 0;                                // the sequence length dynamic and longrope were resolved for
  std::optional<double> ntk_alpha;                         // Hunyuan's alpha, when it set the base
  // GTE's "ntk" (kexue.fm/archives/9706, vLLM's NTKScalingRotaryEmbedding): the factor f, when it set the
  // frequencies to (base * f)^(-2i/d) / f^(2/d), or with mixed_b to base^(-2i/d) / exp(a (i + 1)^b),
  // a = ln f / (d/2)^b. Not the core's static "ntk", base * f^(d/(d-2)).
  std::optional<double> fixed_ntk_factor;
  std::optional<double> fixed_ntk_mixed_b;
};

// The layer types with their own RoPE: ["full_attention"] for most models (gpt-oss too: its
// sliding and full layers share one RoPE), Gemma 3's and Gemma 4's ["sliding_attention",
// "full_attention"], the keys of a rope_parameters keyed by layer type (sliding_attention and
// full_attention first, then the others in key order; null ones have no RoPE).
std::vector<std::string> config_layer_types(const config_value& config);

// Resolves the RoPE of `layer_type` ("" = "full_attention" when the model has it, else the first
// of config_layer_types). seq_len (0: not
// given) selects dynamic's scaled base and longrope's long factors. Throws invalid_argument
// naming the config field ("config.rope_scaling.factor", ...) for a bad or missing value
// (missing_argument when absent), for an unknown rope type (listing the known ones), and
// "config.model_type" for a model with no rotary embeddings (ALiBi, absolute positions); the
// arguments are named "layerType" and "seqLen" (an integer in [0, 2^31 - 1]).
model_rope rope_from_config(const config_value& config, const std::string& layer_type = "", std::int64_t seq_len = 0);

// The attention's softmax scale. DeepSeek-V3 (and any config with qk_nope_head_dim and
// qk_rope_head_dim): qk_head_dim^-0.5, times yarn_get_mscale(factor, mscale_all_dim)^2 when the
// rope type is not "default" and mscale_all_dim is set (modeling_deepseek_v3's
// DeepseekV3Attention). Gemma 2, Gemma 3, T5Gemma: query_pre_attn_scalar^-0.5; Gemma 3n, Gemma 4, Dia: 1;
// Granite and its MoE and hybrid variants: attention_multiplier itself (default 1); HyperCLOVAX:
// attention_multiplier, else head_dim^-0.5; others head_dim^-0.5.
double config_softmax_scale(const config_value& config);

// What rope_from_config is asked: the layer type ("" = the first) and the sequence length.
struct config_query {
  std::string layer_type;
  std::int64_t seq_len = 0;
};

template <class Field>
void for_each_field(config_query& q, Field&& field) {
  field("layerType", q.layer_type);
  field("seqLen", q.seq_len, presence::optional, integer_range{0, max_seq_len});
}

// The API's names of a resolved RoPE (the lengths and scaling it was resolved with stay C++'s).
template <class Field>
void for_each_field(model_rope& r, Field&& field) {
  field("layerTypes", r.layer_types);
  field("layerType", r.layer_type);
  field("ropeType", r.rope_type);
  field("headDim", r.head_dim);
  field("rotaryDim", r.rotary_dim);
  field("qkHeadDim", r.qk_head_dim);
  field("base", r.base);
  field("layout", r.pairs);
  field("frequencies", r.frequencies);
  field("attentionFactor", r.attention_factor);
  field("sections", r.sections);
  field("interleavedSections", r.interleaved_sections);
  field("axial", r.axial);
  field("layersWithoutRope", r.layers_without_rope);
  field("notes", r.notes);
}

// rope_apply's options for this RoPE: head_dim features, the first rotary_dim of them turning by
// the explicit frequencies, cos and sin times the attention factor, the multi-axis sections; with axial,
// the frequencies of both axes (each axis's, twice) and no grid (the caller's image gives it).
rope_options rope_options_of(const model_rope& r);

}  // namespace posenc
