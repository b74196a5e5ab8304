// Beyond the article: the RoPE frequency scalings that real models use to reach past their
// training length, with Hugging Face `rope_parameters` (formerly `rope_scaling`) names so that
// a model's config can be pasted as is. Every formula follows transformers >= 4.57
// `modeling_rope_utils.py`, evaluated in double (theta_i = base^(-2i/d), d the rotary dim):
//
//   default   theta_i
//   linear    theta_i / factor                                   (position interpolation)
//   ntk       base' = base * factor^(d/(d-2)), theta_i over base' (static NTK-aware)
//   dynamic   base' = base * (factor * L / M - (factor - 1))^(d/(d-2)), L = max(seq_len, M),
//             M = max_position_embeddings (else original_max_position_embeddings)
//   yarn      a ramp between theta_i (extrapolation) and theta_i / factor (interpolation) over
//             the pair indices [low, high] given by beta_fast and beta_slow rotations within
//             original_max_position_embeddings (floor/ceil when `truncate`, the default); a
//             null factor is max_position_embeddings / original_max_position_embeddings
//             (transformers >= 4.57; 4.51 to 4.56 took that ratio even over an explicit factor)
//   longrope  theta_i / ext_i, ext = long_factor when seq_len > original_max_position_embeddings,
//             else short_factor
//   llama3    theta_i / factor for wavelengths 2 pi / theta_i > original / low_freq_factor,
//             theta_i below original / high_freq_factor, a smooth blend in between
//
// The attention factor multiplies cos and sin (so a logit scales by its square):
//   yarn      attention_factor, else get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim)
//             when both are non-zero, else get_mscale(factor); get_mscale(s, m) = 0.1 m ln(s) + 1
//             (1 for s <= 1)
//   longrope  attention_factor, else sqrt(1 + ln(factor) / ln(original)) (1 for factor <= 1),
//             with the explicit `factor` (transformers >= 4.57), else max_position_embeddings /
//             original_max_position_embeddings when both are given (Phi-3)
//   others    1
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/fields.hpp"
#include "posenc/rope_types.hpp"

namespace posenc {

// The names rope_types (rope_types.hpp) lists for the core; anything else throws invalid_argument
// naming "rope_type".
rope_type parse_rope_type(const std::string& name);
const char* to_string(rope_type t);

// Hugging Face's rope_parameters. An empty optional is a field the config leaves out.
struct rope_scaling {
  rope_type type = rope_type::default_;
  std::optional<double> factor;                             // linear, ntk, dynamic, yarn, llama3 (required)
  std::optional<double> original_max_position_embeddings;   // yarn, longrope, llama3 (required)
  std::optional<double> max_position_embeddings;            // dynamic; longrope (with the original: factor)
  std::optional<double> low_freq_factor, high_freq_factor;  // llama3 (required, high > low)
  std::optional<double> beta_fast, beta_slow;               // yarn (defaults 32, 1)
  std::optional<double> attention_factor;                   // yarn, longrope
  std::optional<double> mscale, mscale_all_dim;             // yarn (0 counts as absent, as in HF)
  bool truncate = true;                                     // yarn
  std::vector<double> short_factor, long_factor;            // longrope (required, dim/2 each)
  // transformers >= 5 keeps the base in rope_parameters: the base when rope_options gives none
  // (both given must be equal).
  std::optional<double> rope_theta;
  // Refused when given: whether a model honours it depends on its class (Llama ignores it, Phi
  // does not), so rope() takes rotary_dim, and rope_from_config reads the model's rule.
  std::optional<double> partial_rotary_factor;
};

// The API's names of rope_scaling's fields: Hugging Face's, and "type" for the rope_type of
// configs written before transformers 4.45.
template <class Field>
void for_each_field(rope_scaling& s, Field&& field) {
  field("rope_type|type", s.type, presence::required);
  field("factor", s.factor);
  field("original_max_position_embeddings", s.original_max_position_embeddings);
  field("max_position_embeddings", s.max_position_embeddings);
  field("low_freq_factor", s.low_freq_factor);
  field("high_freq_factor", s.high_freq_factor);
  field("beta_fast", s.beta_fast);
  field("beta_slow", s.beta_slow);
  field("attention_factor", s.attention_factor);
  field("mscale", s.mscale);
  field("mscale_all_dim", s.mscale_all_dim);
  field("truncate", s.truncate);
  field("short_factor", s.short_factor);
  field("long_factor", s.long_factor);
  field("rope_theta", s.rope_theta);
  field("partial_rotary_factor", s.partial_rotary_factor);
}

// The name a message gives a field of rope_scaling, by its C++ name ("factor"): a caller that read
// the fields from elsewhere passes where (the model reader: {"factor", "config.rope_scaling.factor"}).
// A field not listed is "scaling.<field>".
using scaling_field_names = std::vector<std::pair<std::string, std::string>>;

// Checks every field the type uses (finite, > 0, integers where a length is meant, required
// fields present, longrope lists of dim/2 entries when dim > 0) and seq_len (an integer in
// [0, 2^31 - 1]; 0 means "not given"). Messages name the field as `names` says, by default
// "scaling.factor", "scaling.long_factor[3]", ... Fields the type does not use are ignored.
void check_scaling(const rope_scaling& s, std::size_t dim = 0, std::int64_t seq_len = 0,
                   const scaling_field_names& names = {});

// YaRN's get_mscale(scale, mscale) of transformers' modeling_rope_utils.py (DeepSeek-V3's
// yarn_get_mscale, llama.cpp's too): 0.1 * mscale * ln(scale) + 1, and 1 for scale <= 1.
double get_mscale(double scale, double mscale = 1.0);

// Scaled theta_i for i in 0..dim/2-1 (dim is the rotary dim: even, 2..65536; ntk and dynamic
// need dim >= 4), in double. seq_len selects the dynamic and longrope behaviour (0: not given,
// i.e. dynamic unscaled and longrope's short factors).
std::vector<double> rope_frequencies(std::size_t dim, double base, const rope_scaling& scaling,
                                     std::int64_t seq_len = 0);

// The factor that multiplies cos and sin; 1 when none applies. seq_len is accepted for
// symmetry (no type in Hugging Face makes the factor depend on it).
double rope_attention_factor(const rope_scaling& scaling, std::int64_t seq_len = 0);

// The attention factor alone: a scaling and the sequence length it is read at.
struct rope_factor_options {
  rope_scaling scaling;
  std::int64_t seq_len = 0;
};

template <class Field>
void for_each_field(rope_factor_options& o, Field&& field) {
  field("scaling", o.scaling, presence::required);
  field("seqLen", o.seq_len, presence::optional, integer_range{0, max_seq_len});
}

double rope_attention_factor(const rope_factor_options& o);

}  // namespace posenc
