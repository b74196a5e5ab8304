// The RoPE types, listed once: their names, where each is accepted, and the keys of its
// rope_parameters dict. Modelled on transformers' ROPE_INIT_FUNCTIONS (the names) and
// RotaryEmbeddingConfigMixin's _validate_<type>_rope_parameters (the required and optional keys),
// modeling_rope_utils.py. The core's parse_rope_type / to_string, the model reader's type checks and
// the llama.cpp advisor read this table, and so do their messages; tests/js/rope-types.test.mjs
// checks the string unions of web/lib/index.d.ts against it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace posenc {

// The core's frequency scalings (scaling.hpp).
// llama3 stays last (the check below counts up to it).
enum class rope_type { default_, linear, ntk, dynamic, yarn, longrope, llama3 };

// Where a type's name is accepted (bits of rope_type_info::surfaces).
struct rope_surface {
  enum : unsigned {
    core = 1,          // rope_scaling.rope_type of rope(), ropeFrequencies, ...: the core computes it
    config = 2,        // config.json's rope_type in any model class: ROPE_INIT_FUNCTIONS' names and "default"
    config_class = 4,  // config.json's rope_type in the classes whose own code builds it (GTE's fixed "ntk",
                       // the vision encoders' "axial")
    llama_cpp = 8,     // model_rope.rope_type of llama_cpp_flags: the advisor has advice for it
  };
};

struct rope_type_info {
  const char* name;
  unsigned surfaces;  // rope_surface bits
  rope_type type;     // the core's value; rope_type::default_ where `surfaces` lacks core
  // The keys its dict must give and may give, besides rope_type, rope_theta and partial_rotary_factor,
  // which every type takes (unused slots are null).
  const char* required[4];
  const char* optional[6];

  constexpr bool accepted_by(unsigned surface) const { return (surfaces & surface) != 0; }
  constexpr bool needs(std::string_view key) const {
    for (const char* k : required) {
      if (k && key == k) return true;
    }
    return false;
  }
  // transformers' standardize_rope_params sets original_max_position_embeddings (from
  // max_position_embeddings) for exactly the types whose validation requires it: llama3, yarn, longrope.
  constexpr bool needs_original_length() const { return needs("original_max_position_embeddings"); }
};

// In the order of the messages that list them. "ntk" is the core's static NTK-aware scaling, which
// transformers does not have (a GTE config's "ntk" names GTE's own fixed NTK, a different formula);
// "proportional" (Gemma 4) has no rope_scaling of the core: the model reader computes it.
inline constexpr rope_type_info rope_types[] = {
    {"default", rope_surface::core | rope_surface::config | rope_surface::llama_cpp, rope_type::default_, {}, {}},
    {"linear", rope_surface::core | rope_surface::config | rope_surface::llama_cpp, rope_type::linear, {"factor"}, {}},
    {"ntk", rope_surface::core | rope_surface::config_class | rope_surface::llama_cpp, rope_type::ntk, {"factor"}, {}},
    {"dynamic",
     rope_surface::core | rope_surface::config | rope_surface::llama_cpp,
     rope_type::dynamic,
     {"factor"},
     {}},
    {"yarn",
     rope_surface::core | rope_surface::config | rope_surface::llama_cpp,
     rope_type::yarn,
     {"factor", "original_max_position_embeddings"},
     {"attention_factor", "beta_fast", "beta_slow", "mscale", "mscale_all_dim", "truncate"}},
    {"longrope",
     rope_surface::core | rope_surface::config | rope_surface::llama_cpp,
     rope_type::longrope,
     {"short_factor", "long_factor", "original_max_position_embeddings"},
     {"attention_factor", "factor"}},
    {"llama3",
     rope_surface::core | rope_surface::config | rope_surface::llama_cpp,
     rope_type::llama3,
     {"factor", "original_max_position_embeddings", "low_freq_factor", "high_freq_factor"},
     {}},
    // transformers requires only rope_theta; _compute_proportional_rope_parameters reads factor (default 1)
    {"proportional", rope_surface::config | rope_surface::llama_cpp, rope_type::default_, {}, {"factor"}},
    // MLCD's and SAM 3's ViT: 2-D RoPE over the patch grid, only rope_theta (the model reader resolves it)
    {"axial", rope_surface::config_class, rope_type::default_, {}, {}},
};

// The entry named `name` (case-sensitive, as transformers' dict lookup), or null.
constexpr const rope_type_info* find_rope_type(std::string_view name) {
  for (const rope_type_info& t : rope_types) {
    if (name == t.name) return &t;
  }
  return nullptr;
}

namespace detail {
constexpr bool one_entry_per_core_type() {
  for (int v = 0; v <= int(rope_type::llama3); ++v) {
    int n = 0;
    for (const rope_type_info& t : rope_types) n += t.accepted_by(rope_surface::core) && int(t.type) == v;
    if (n != 1) return false;
  }
  return true;
}
}  // namespace detail
static_assert(detail::one_entry_per_core_type(), "every rope_type value has exactly one core entry");

// The names `surfaces` accepts (any of its bits), as a message lists them: "'default', 'linear' or 'yarn'".
std::string rope_type_names(unsigned surfaces);

}  // namespace posenc
