// The layers whose attention applies no RoPE: Llama 4's and SmolLM3's no_rope_layers, Cohere2's
// and EXAONE 4's full-attention layers, Mllama's cross-attention layers, Qwen3-Next's linear ones,
// the Mamba and convolution blocks of hybrids (Granite 4.0, Bamba, LFM2, Zamba2), RecurrentGemma's
// recurrent blocks and Llama-Nemotron's layers without attention.
#include <algorithm>
#include <cmath>
#include <string>
#include <variant>
#include <vector>

#include "model_resolver.hpp"
#include "posenc/error.hpp"

namespace posenc::detail {

using kind = config_value::kind;

namespace {

// A list with one entry per layer (layer_types, no_rope_layers): an array of exactly `layers` items.
std::vector<node> per_layer(const node& listed, std::size_t layers, const std::string& requirement) {
  if (listed.value->type != kind::array) fail(listed.path, requirement, describe(*listed.value));
  if (listed.value->items.size() != layers) {
    fail(listed.path + ".length", "config.num_hidden_layers = " + std::to_string(layers),
         double(listed.value->items.size()));
  }
  std::vector<node> items;
  for (std::size_t i = 0; i < layers; ++i) items.push_back(item(listed, i));
  return items;
}

// configuration_zamba2.py's layers_block_type when none is given: mamba, then five mamba layers and a
// hybrid one (the shared attention block) seven times, then 4 + hybrid, 3 + hybrid, 2: 54 layers.
std::vector<std::string> zamba2_default_blocks(std::size_t layers) {
  std::vector<std::string> types{"mamba"};
  const auto add = [&](int mamba) {
    types.insert(types.end(), std::size_t(mamba), "mamba");
    types.push_back("full_attention");
  };
  for (int k = 0; k < 7; ++k) add(5);
  add(4);
  add(3);
  types.insert(types.end(), 2, "mamba");
  if (types.size() != layers) {
    fail("config.layers_block_type", "a list of num_hidden_layers block types (the default has 54)", "none");
  }
  return types;
}

}  // namespace

// config.layer_types (one per layer), else the class's default: every `interval_key`-th layer (default
// every_default) full attention, the last of each group unless `full` says otherwise, the others `other`
// (Cohere2's and EXAONE 4's sliding_window_pattern with sliding layers, Qwen3-Next's full_attention_interval
// with linear-attention layers).
std::vector<std::string> resolver::listed_layer_types(std::size_t layers, const char* interval_key, const char* other,
                                                      std::int64_t every_default, nope::full_layer full) const {
  const node listed = field("layer_types");
  std::vector<std::string> types;
  if (listed.present()) {
    for (const node& n : per_layer(listed, layers, "an array of strings or null")) types.push_back(text(n, "a string"));
    return types;
  }
  const node pattern = interval_key ? field(interval_key) : node{};
  if (pattern.present() && pattern.value->type == kind::string) {
    // EXAONE 4's published form: "LLLG", one letter a layer, repeated (L local = sliding, G global).
    const std::string& letters = pattern.value->string;
    if (letters.empty() || letters.size() > std::size_t(max_layers) ||
        letters.find_first_not_of("LG") != std::string::npos) {
      fail(pattern.path, "an integer in [1, " + std::to_string(max_layers) + "] or a pattern of L and G",
           describe(*pattern.value));
    }
    for (std::size_t i = 0; i < layers; ++i)
      types.push_back(letters[i % letters.size()] == 'L' ? other : "full_attention");
    return types;
  }
  const std::int64_t every = pattern.present() ? integer(pattern, 1, max_layers) : every_default;
  const bool first = full == nope::full_layer::first_of_group;
  for (std::size_t i = 0; i < layers; ++i) {
    types.push_back(std::int64_t(first ? i : i + 1) % every != 0 ? other : "full_attention");
  }
  if (full == nope::full_layer::last_of_group_or_final && layers > 0 &&
      std::find(types.begin(), types.end(), "full_attention") == types.end())
    types.back() = "full_attention";
  return types;
}

// The layers whose type is not `rotating`; at least one layer must be of it.
// `source`: the config field the types come from (default: config.layer_types).
void resolver::layers_not_of_type(const std::vector<std::string>& types, const std::string& rotating,
                                  const std::string& source) {
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (types[i] != rotating) layers_without_rope_.push_back(i);
  }
  if (layers_without_rope_.size() == types.size()) {
    fail(source.empty() ? field("layer_types").path : source,
         "at least one '" + rotating + "' layer (the only layers that apply RoPE)", "none: no layer would apply RoPE");
  }
}

// configuration_cohere2_moe.py: without layer_types, the first first_k_dense_replace layers (dense) are full
// attention every prefix_dense_sliding_window_pattern-th (default 1: all of them), the rest every
// sliding_window_pattern-th (4), the others sliding; mlp_layer_types, else those first layers, say which are
// dense. modular_cohere2_moe.py: Cohere2's attention turns sliding layers, and dense ones too (force_rope)
// when prefix_dense_sliding_window_pattern is 1.
const char* resolver::nope_layers(const nope::cohere2_moe&, std::size_t layers) {
  const node first_k = field("first_k_dense_replace");
  const std::size_t k = first_k.present() ? std::size_t(integer(first_k, 0, std::int64_t(layers))) : 0;
  const node prefix_node = field("prefix_dense_sliding_window_pattern");
  const std::int64_t prefix = prefix_node.present() ? integer(prefix_node, 1, max_layers) : 1;
  std::vector<std::string> types;
  if (field("layer_types").present()) {
    types = listed_layer_types(layers, nullptr, "sliding_attention");
  } else {
    const node pattern = field("sliding_window_pattern");
    const std::int64_t every = pattern.present() ? integer(pattern, 1, max_layers) : 4;
    for (std::size_t i = 0; i < layers; ++i) {
      const bool dense = i < k;
      const std::int64_t n = std::int64_t(dense ? i : i - k) + 1;
      types.push_back(n % (dense ? prefix : every) != 0 ? "sliding_attention" : "full_attention");
    }
  }
  std::vector<bool> dense(layers, false);
  const node mlp = field("mlp_layer_types");
  if (mlp.present()) {
    const std::vector<node> kinds = per_layer(mlp, layers, "an array of strings or null");
    for (std::size_t i = 0; i < layers; ++i) dense[i] = text(kinds[i], "a string") == "dense";
  } else {
    for (std::size_t i = 0; i < k; ++i) dense[i] = true;
  }
  const node window = field("sliding_window");
  const bool windowless = window.given() && window.value->is_null();
  bool full_rotates = false, any = false;
  for (std::size_t i = 0; i < layers; ++i) {
    const bool sliding = types[i] == "sliding_attention",
               rotates = (sliding && !windowless) || (dense[i] && prefix == 1);
    full_rotates = full_rotates || (rotates && !sliding);
    any = any || rotates;
    types[i] = rotates ? "sliding_attention" : "full_attention";  // which layers rotate, for layers_not_of_type
  }
  if (windowless && !any) {
    fail(window.path, "a window size (only the sliding-window layers apply RoPE)", "null: no layer would apply RoPE");
  }
  layers_not_of_type(types, "sliding_attention");
  return full_rotates ? "full_attention" : "sliding_attention";
}

// configuration_llama4.py / modular_smollm3.py no_rope_layers: 1 rotates, 0 does not; by default
// every no_rope_layer_interval-th layer (4) does not. Llama 4 takes an empty list for the default.
const char* resolver::nope_layers(const nope::no_rope_layers& rule, std::size_t layers) {
  const node listed = field("no_rope_layers");
  const bool empty = listed.present() && listed.value->type == kind::array && listed.value->items.empty();
  if (!listed.present() || (empty && rule.empty == nope::empty_list::is_default)) {
    const node interval = field("no_rope_layer_interval");
    const std::int64_t every = interval.present() ? integer(interval, 1, max_layers) : 4;
    for (std::size_t i = 0; i < layers; ++i) {
      if (std::int64_t(i + 1) % every == 0) layers_without_rope_.push_back(i);
    }
    return rule.rotating;
  }
  const std::vector<node> flags = per_layer(listed, layers, "an array of 0 and 1, one per layer");
  for (std::size_t i = 0; i < layers; ++i) {
    if (integer(flags[i], 0, 1) == 0) layers_without_rope_.push_back(i);
  }
  return rule.rotating;
}

// Mllama's cross_attention_layers (default [3, 8, ..., 38]): they attend to the image and never
// apply the position embeddings.
const char* resolver::nope_layers(const nope::cross_attention_layers&, std::size_t layers) {
  const node listed = field("cross_attention_layers");
  if (!listed.present()) {
    for (std::size_t i = 3; i < 40 && i < layers; i += 5) layers_without_rope_.push_back(i);
    return "full_attention";
  }
  if (listed.value->type != kind::array) fail(listed.path, "an array of layer indices", describe(*listed.value));
  for (std::size_t i = 0; i < listed.value->items.size(); ++i) {
    layers_without_rope_.push_back(std::size_t(integer(item(listed, i), 0, std::int64_t(layers) - 1)));
  }
  std::sort(layers_without_rope_.begin(), layers_without_rope_.end());
  layers_without_rope_.erase(std::unique(layers_without_rope_.begin(), layers_without_rope_.end()),
                             layers_without_rope_.end());
  return "full_attention";
}

// DeciLM (Llama-Nemotron's nemotron-nas): block_configs[i].attention with no_op (no attention) or
// replace_with_linear (a linear layer in its place) has no RoPE (modeling_decilm.py DeciLMDecoderLayer).
std::vector<std::string> resolver::blocks_of(const nope::decilm_blocks&, std::size_t layers, std::string& source) {
  const node listed = field("block_configs");
  source = listed.path;
  std::vector<std::string> types;
  for (const node& block : per_layer(listed, layers, "an array of block configs, one per layer")) {
    const config_value* object = object_or_null(block);
    if (!object) fail(block.path, "a block config object", describe(*block.value));
    const node attention = member(object, block.path, "attention");
    const config_value* a = object_or_null(attention);
    if (!a)
      fail(attention.path, "an attention config object", attention.present() ? describe(*attention.value) : "none");
    bool attends = true;
    for (const char* key : {"no_op", "replace_with_linear"}) {
      const node flag = member(a, attention.path, key);
      if (flag.present() && boolean(flag)) attends = false;
    }
    types.push_back(attends ? "full_attention" : "no_attention");
  }
  return types;
}

// MiniMax-M1 / MiniMax-Text-01 (modeling_minimax_m1.py): attn_type_list[i] == 0 builds lightning (linear)
// attention, which has no rotary embedding; any other value softmax attention with RoPE. The list is
// required (the model reads config.attn_type_list).
std::vector<std::string> resolver::blocks_of(const nope::flagged_blocks& rule, std::size_t layers,
                                             std::string& source) {
  const node listed = field(rule.flags_key);
  source = listed.path;
  if (!listed.present()) fail(listed.path, "one 0 (linear attention) or 1 (softmax attention) per layer", "none");
  std::vector<std::string> types;
  for (const node& flag : per_layer(listed, layers, "an array of 0 and 1, one per layer"))
    types.push_back(integer(flag, 0, 1) == 0 ? "linear_attention" : "full_attention");
  return types;
}

// Ring-linear (modeling_bailing_moe_linear.py): layer i is softmax attention when (i + 1) % layer_group_size
// == 0 or i >= num_hidden_layers // layer_group_size * layer_group_size, else linear attention, which
// applies RoPE too unless linear_rope is false.
std::vector<std::string> resolver::blocks_of(const nope::grouped_blocks& rule, std::size_t layers,
                                             std::string& source) {
  const node size = field(rule.group_key);
  source = size.path;
  const node rotate = field(rule.linear_rope_key);
  if (!rotate.present() || boolean(rotate)) return std::vector<std::string>(layers, "full_attention");
  const std::size_t group = size.present() ? std::size_t(integer(size, 1, max_layers)) : 1;
  std::vector<std::string> types;
  for (std::size_t i = 0; i < layers; ++i) {
    const bool softmax = (i + 1) % group == 0 || i >= layers / group * group;
    types.push_back(softmax ? "full_attention" : "linear_attention");
  }
  return types;
}

// RecurrentGemma: (block_types * 100)[:num_hidden_layers], block_types by default recurrent, recurrent,
// attention (configuration_recurrent_gemma.py).
std::vector<std::string> resolver::blocks_of(const nope::repeated_blocks& rule, std::size_t layers,
                                             std::string& source) {
  const node pattern = field(rule.pattern_key);
  source = pattern.path;
  std::vector<std::string> cycle;
  if (pattern.present()) {
    if (pattern.value->type != kind::array || pattern.value->items.empty())
      fail(pattern.path, "a non-empty array of block types", describe(*pattern.value));
    for (std::size_t i = 0; i < pattern.value->items.size(); ++i) cycle.push_back(text(item(pattern, i), "a string"));
  } else {
    cycle = {"recurrent", "recurrent", "attention"};
  }
  std::vector<std::string> types;
  for (std::size_t i = 0; i < layers; ++i)
    types.push_back(cycle[i % cycle.size()] == "attention" ? "full_attention" : cycle[i % cycle.size()]);
  return types;
}

// Granite 4.0, Bamba, LFM2, Zamba2 without layer_types: the class's key of attention indices (LFM2's
// full_attn_idxs), else every layer attends (LFM2), none does (Granite 4.0: every layer is Mamba) or
// Zamba2's default pattern. An error names config.layer_types.
std::vector<std::string> resolver::blocks_of(const nope::hybrid_blocks& rule, std::size_t layers, std::string&) {
  if (const node indices = rule.indices_key ? field(rule.indices_key) : node{}; indices.present()) {
    if (indices.value->type != kind::array) fail(indices.path, "an array of layer indices", describe(*indices.value));
    std::vector<std::string> types(layers, "mamba");  // or a convolution block: either way no attention
    for (std::size_t i = 0; i < indices.value->items.size(); ++i)
      types[std::size_t(integer(item(indices, i), 0, std::int64_t(layers) - 1))] = "full_attention";
    return types;
  }
  if (rule.otherwise == nope::default_blocks::zamba2) return zamba2_default_blocks(layers);
  return std::vector<std::string>(layers, rule.otherwise == nope::default_blocks::mamba ? "mamba" : "full_attention");
}

// The hybrids' blocks (Granite 4.0, Bamba, LFM2, Zamba2, Llama-Nemotron, RecurrentGemma, MiniMax,
// Ring-linear): layer_types (alias layers_block_type) names each layer's block, and only "attention" /
// "full_attention" ones (Zamba2's "hybrid") rotate; Mamba, convolution, recurrent and linear-attention
// blocks do not. False when the config has no list.
bool resolver::listed_blocks(std::size_t layers, std::vector<std::string>& types, std::string& source) {
  node listed = field("layer_types");
  if (!listed.present()) listed = field("layers_block_type");
  if (!listed.present()) return false;
  source = listed.path;  // layer_types, or Granite's and Zamba2's layers_block_type
  for (const node& n : per_layer(listed, layers, "an array of strings")) {
    const std::string& type = text(n, "a string");
    types.push_back(type == "attention" || type == "hybrid" ? "full_attention" : type);
  }
  return true;
}

// The hybrids: their listed blocks, else the rule's own source (blocks_of). An error names the field read.
template <class hybrid>
const char* resolver::nope_layers(const hybrid& rule, std::size_t layers) {
  std::vector<std::string> types;
  std::string source;  // empty: config.layer_types
  if (!listed_blocks(layers, types, source)) types = blocks_of(rule, layers, source);
  layers_not_of_type(types, "full_attention", source);
  return "full_attention";
}

// DeepSeek-V4's layer types, each once, in the order of first use: layer_types, else compress_ratios (one
// per layer and one more for the multi-token-prediction block; 0 is sliding attention, 4 compressed sparse
// and 128 heavily compressed attention, the rates of compress_rates), else two heavily compressed layers,
// then compressed sparse and heavily compressed ones in turn.
std::vector<std::string> resolver::deepseek_v4_layer_types() {
  const std::size_t n = layers();
  std::vector<std::string> types;
  const node listed = field("layer_types"), ratios = field("compress_ratios");
  if (listed.present()) {
    for (const node& t : per_layer(listed, n, "an array of strings or null")) {
      const std::string& name = text(t, "a string");
      if (name != "sliding_attention" && name != "compressed_sparse_attention" &&
          name != "heavily_compressed_attention")
        fail(t.path, "'sliding_attention', 'compressed_sparse_attention' or 'heavily_compressed_attention'",
             "'" + name + "'");
      types.push_back(name);
    }
  } else if (ratios.present()) {
    if (ratios.value->type != kind::array) fail(ratios.path, "an array of compression ratios", describe(*ratios.value));
    if (ratios.value->items.size() < n) {
      fail(ratios.path + ".length", "at least config.num_hidden_layers = " + std::to_string(n),
           double(ratios.value->items.size()));
    }
    const node rates = field("compress_rates");
    const auto rate_of = [&](const char* key, double fallback) {
      const node r = member(object_or_null(rates), rates.path, key);
      return r.given() ? double(integer(r, 1, max_seq_len)) : fallback;
    };
    const double sparse = rate_of("compressed_sparse_attention", 4),
                 heavy = rate_of("heavily_compressed_attention", 128);
    for (std::size_t i = 0; i < n; ++i) {
      const node r = item(ratios, i);
      const double ratio = double(integer(r, 0, max_seq_len));
      if (ratio == 0)
        types.push_back("sliding_attention");
      else if (ratio == sparse)
        types.push_back("compressed_sparse_attention");
      else if (ratio == heavy)
        types.push_back("heavily_compressed_attention");
      else
        fail(r.path, "0, " + format_number(sparse) + " or " + format_number(heavy) + " (compress_rates)", ratio);
    }
  } else {
    for (std::size_t i = 0; i < n; ++i)
      types.push_back(i < 2 || (i - 2) % 2 == 0 ? "heavily_compressed_attention" : "compressed_sparse_attention");
  }
  std::vector<std::string> unique;
  for (const auto& t : types) {
    if (std::find(unique.begin(), unique.end(), t) == unique.end()) unique.push_back(t);
  }
  return unique;
}

// num_hidden_layers, or the class's default.
std::size_t resolver::layers() {
  node count = named(class_->names.num_hidden_layers, "num_hidden_layers");
  if (!count.given() && class_->num_hidden_layers > 0) count = made_number(class_->num_hidden_layers, count.path);
  return std::size_t(integer(count, 1, max_layers));
}

const char* resolver::nope_layers(const nope::none&, std::size_t) { return nullptr; }

// Qwen3-Next's, Qwen3.5's, Qwen4-Exp's, MiniMax's and OLMo Hybrid's linear-attention layers
// (modeling_qwen3_next.py: only its full-attention layers take positions).
const char* resolver::nope_layers(const nope::linear_attention_layers& rule, std::size_t layers) {
  std::vector<std::string> types =
      listed_layer_types(layers, rule.interval_key, "linear_attention", rule.interval, rule.full);
  const char* rotating = rule.rotating ? rule.rotating : "full_attention";
  for (std::string& type : types) {  // modeling_qwen4_exp.py: any layer but a linear_attention one attends
    if (rule.rotating && type != "linear_attention") type = rotating;
  }
  layers_not_of_type(types, rotating);
  return rotating;
}

// Cohere2's and EXAONE 4's layers without a sliding window (modular_cohere2.py, modular_exaone4.py), AFMoE's
// full-attention layers.
const char* resolver::nope_layers(const nope::sliding_layers& rule, std::size_t layers) {
  if (rule.windowless != nope::null_window::not_read) {
    // An absent sliding_window keeps the class default (4096); null means no window.
    const node window = field("sliding_window");
    if (window.given() && window.value->is_null()) {
      if (rule.windowless == nope::null_window::rotates_all) return nullptr;  // EXAONE 4 without a window
      fail(window.path, "a window size (only the sliding-window layers apply RoPE)", "null: no layer would apply RoPE");
    }
  }
  layers_not_of_type(listed_layer_types(layers, rule.pattern_key, "sliding_attention"), "sliding_attention");
  return "sliding_attention";
}

// A layer's entry of layer_rope_theta: a base, or 0 for a layer without RoPE.
double resolver::layer_theta(const node& n) {
  const double theta = number(n, "a finite number >= 0 (0: no RoPE)");
  if (!std::isfinite(theta) || theta < 0) fail(n.path, "a finite number >= 0 (0: no RoPE)", theta);
  return theta;
}

// modular_granite_swa.py: GraniteSWAModel builds one rotary embedding per distinct non-zero base of
// layer_rope_theta (rope_parameters with that rope_theta) and passes none to a layer whose base is 0.
// posenc gives a RoPE per layer type, so each type's layers must share their base.
const char* resolver::nope_layers(const nope::per_layer_theta& rule, std::size_t layers) {
  const std::vector<std::string> types =
      listed_layer_types(layers, nullptr, "sliding_attention", 4, nope::full_layer::first_of_group);
  const node listed = field(rule.theta_key);
  if (!listed.present()) return nullptr;  // every layer at rope_theta, whatever its type
  const std::vector<node> thetas = per_layer(listed, layers, "an array of numbers, one per layer (0: no RoPE)");
  const rope_dict shared = ropes_.front().second;
  std::vector<std::pair<std::string, rope_dict>> by_type;
  for (std::size_t i = 0; i < layers; ++i) {
    const double theta = layer_theta(thetas[i]);
    if (theta == 0) {
      layers_without_rope_.push_back(i);
      continue;
    }
    auto it = std::find_if(by_type.begin(), by_type.end(), [&](const auto& t) { return t.first == types[i]; });
    if (it == by_type.end()) {
      by_type.emplace_back(types[i], shared);
      by_type.back().second.set("rope_theta", thetas[i]);
      continue;
    }
    const node& first = *it->second.get("rope_theta");
    if (first.value->number != theta) {
      fail(thetas[i].path,
           "the base of the other '" + types[i] + "' layers, " + format_number(first.value->number) + " at " +
               first.path + " (posenc gives one RoPE per layer type)",
           theta);
    }
  }
  if (by_type.empty()) fail(listed.path, "a non-zero base for at least one layer", "0 for every layer: no RoPE");
  ropes_ = std::move(by_type);
  order_layer_types();
  return nullptr;
}

// modular_muse_glimmer.py: MuseGlimmerTextModel builds one rotary embedding at rope_theta and passes none to a
// layer whose layer_rope_theta is 0 (no other value is read as a base); configuration_muse_glimmer.py: without the
// list every 4th layer counted back from the last is NoPE, and without layer_types those layers are full
// attention, the others sliding. Each layer type that rotates gets the one RoPE.
const char* resolver::nope_layers(const nope::zero_theta_layers& rule, std::size_t layers) {
  const auto from_last = [&](std::size_t i) { return (layers - 1 - i) % 4 == 0; };
  std::vector<std::string> types;
  if (field("layer_types").present()) {
    types = listed_layer_types(layers, nullptr, "sliding_attention", 4, nope::full_layer::first_of_group);
  } else {
    for (std::size_t i = 0; i < layers; ++i) types.push_back(from_last(i) ? "full_attention" : "sliding_attention");
  }
  const node listed = field(rule.theta_key);
  const std::vector<node> thetas = listed.present()
                                       ? per_layer(listed, layers, "an array of numbers, one per layer (0: no RoPE)")
                                       : std::vector<node>{};
  const rope_dict shared = ropes_.front().second;
  std::vector<std::pair<std::string, rope_dict>> by_type;
  for (std::size_t i = 0; i < layers; ++i) {
    if (listed.present() ? layer_theta(thetas[i]) == 0 : from_last(i)) {
      layers_without_rope_.push_back(i);
      continue;
    }
    if (std::none_of(by_type.begin(), by_type.end(), [&](const auto& t) { return t.first == types[i]; }))
      by_type.emplace_back(types[i], shared);
  }
  if (by_type.empty()) fail(listed.path, "a non-zero base for at least one layer", "0 for every layer: no RoPE");
  ropes_ = std::move(by_type);
  order_layer_types();
  return nullptr;
}

// The layers whose attention applies no RoPE by the class's rule; a single RoPE takes the name of the
// layer type that rotates.
void resolver::find_layers_without_rope() {
  const nope::rule& rule = class_->nope_layers;
  if (std::holds_alternative<nope::none>(rule)) return;  // num_hidden_layers is not read
  const std::size_t layers = this->layers();
  const char* rotating = std::visit([&](const auto& r) { return nope_layers(r, layers); }, rule);
  if (rotating && ropes_.size() == 1 && ropes_.front().first == "full_attention") ropes_.front().first = rotating;
}

}  // namespace posenc::detail
