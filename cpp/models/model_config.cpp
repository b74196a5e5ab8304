// config.json -> RoPE, as transformers main resolves it:
//   1. the configuration class's convert_rope_params_to_dict (configuration_<model>.py): which of
//      rope_scaling / rope_parameters is kept, where rope_theta and partial_rotary_factor come from;
//   2. RotaryEmbeddingConfigMixin.standardize_rope_params (modeling_rope_utils.py): rope_type from
//      "type", original_max_position_embeddings for llama3 / yarn / longrope, one dict per layer
//      type when the dict is keyed by layer types;
//   3. the init function: the model's compute_default_rope_parameters (modeling_<model>.py) for
//      "default", else ROPE_INIT_FUNCTIONS[rope_type], which calls standardize_rope_params again
//      once every config.json key is an attribute (so a top-level original_max_position_embeddings
//      or partial_rotary_factor then overrides the dict's).
// Each value keeps the path it was read from, so a message names the config field at fault.
#include "posenc/model_config.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model_resolver.hpp"
#include "posenc/error.hpp"
#include "posenc/rope_types.hpp"

namespace posenc {
namespace detail {

namespace {

using kind = config_value::kind;

// The types any class builds (rope_types.hpp), as a message lists them.
std::string known_types() { return "one of " + rope_type_names(rope_surface::config); }

// The types standardize_rope_params gives an original_max_position_embeddings.
bool scaled_type(const std::string& type) {
  const rope_type_info* t = find_rope_type(type);
  return t && t->needs_original_length();
}

}  // namespace

node resolver::made_number(double value, const std::string& path) {
  made_.emplace_back();
  made_.back().type = kind::number;
  made_.back().number = value;
  return {&made_.back(), path};
}

node resolver::made_string(const std::string& value, const std::string& path) {
  made_.emplace_back();
  made_.back().type = kind::string;
  made_.back().string = value;
  return {&made_.back(), path};
}

// config.max_position_embeddings (under the class's name for it), or the class default (absent when
// the class has none).
node resolver::max_positions() {
  node n = named(class_->names.max_position_embeddings, "max_position_embeddings");
  if (!n.given() && class_->max_position_embeddings > 0) return made_number(class_->max_position_embeddings, n.path);
  return n;  // checked where a type reads it (the core's length rule)
}

// The base a layer type falls back on: config.rope_theta, else the class's default_theta (the
// local one for Gemma's sliding layers).
node resolver::default_theta_for(const std::string& layer_type) {
  const char* theta_key = class_->names.rope_theta.key;
  if (theta_key && !*theta_key) return made_number(class_->theta, "config.rope_theta");  // never read
  const node top = named(class_->names.rope_theta, "rope_theta");
  if (top.given()) return top;
  if (class_->theta_section) {  // DBRX: attn_config.rope_theta
    const node section = field(class_->theta_section);
    if (const config_value* object = object_or_null(section)) {
      const node inner = member(object, section.path, "rope_theta");
      if (inner.given()) return inner;
    }
  }
  const bool local = layer_type == "sliding_attention" && class_->local_theta > 0;
  const double theta = local ? class_->local_theta : class_->theta;
  if (class_->theta_ratio) {  // ChatGLM: base = 10000 * rope_ratio
    const node ratio = field(class_->theta_ratio);
    if (ratio.given()) {
      const double r = number(ratio, "a finite number > 0");
      if (!std::isfinite(r) || !(r > 0) || !std::isfinite(theta * r)) fail(ratio.path, "a finite number > 0", r);
      return made_number(theta * r, ratio.path);
    }
  }
  if (theta == 0) fail_missing(top.path, "a base (the model's code has no default)");
  return made_number(theta, top.path);
}

// config.partial_rotary_factor, which becomes an attribute once the config is built; PhiConfig
// puts 0.5 in its place when config.json has none (kwargs.setdefault). Absent: not given.
node resolver::top_partial() {
  const node top = named(class_->names.partial_rotary_factor, "partial_rotary_factor");
  if (top.present() || !class_->partial_attribute) return top;
  return made_number(class_->partial_rotary_factor, top.path);
}

// config[name.key], else config[name.fallback] when only that is given; the node names the standard
// key when neither is.
node resolver::named(const config_name& name, const char* standard, const char* standard_fallback) const {
  const char* key = name.key ? name.key : standard;
  const char* fallback = name.key ? name.fallback : standard_fallback;
  const node n = field(key);
  if (n.given() || !fallback) return n;
  const node other = field(fallback);
  return other.given() ? other : n;
}

void resolver::pick_text(const config_value& config) {
  const node type{config.find("model_type"), "config.model_type"};
  if (type.present()) model_type_ = text(type, "a string");
  if (const char* what = detail::without_rope(model_type_)) {
    fail("config.model_type", "a model with rotary position embeddings",
         "'" + model_type_ + "' (" + what + ": the model has no rotary embeddings)");
  }
  if (const char* why = detail::inexpressible_rope(model_type_)) {
    fail("config.model_type", "a model whose RoPE rope() can apply", "'" + model_type_ + "' (" + why + ")");
  }
  class_ = &detail::model_class_of(model_type_);
  class_name_ = model_type_;
  text_ = &config;
  const bool wrapper = class_->text != text_source::self;
  if (!wrapper && class_->kind != family::generic) return;
  // Qwen Omni keeps its text model one level down, in thinker_config.text_config; a missing level
  // is built from its class's defaults.
  const config_value* holder = &config;
  std::string holder_path = "config";
  if (class_->text_holder) {
    const node inner{config.find(class_->text_holder), holder_path + "." + class_->text_holder};
    holder_path = inner.path;
    if (const config_value* object = object_or_null(inner)) {
      holder = object;
    } else {
      made_.emplace_back();
      made_.back().type = kind::object;
      holder = &made_.back();
    }
  }
  const node sub{holder->find(class_->text_key), holder_path + "." + class_->text_key};
  if (const config_value* object = object_or_null(sub)) {
    text_ = object;
    text_path_ = sub.path;
    const node sub_type = member(object, sub.path, "model_type");
    if (sub_type.present()) {
      const std::string& name = text(sub_type, "a string");
      if (const char* what = detail::without_rope(name)) {
        fail(sub_type.path, "a model with rotary position embeddings",
             "'" + name + "' (" + what + ": the model has no rotary embeddings)");
      }
      const model_class& c = detail::model_class_of(name);
      if (!class_->text_class_fixed && (c.kind != family::generic || class_->kind == family::generic)) {
        if (&c != class_) wrapper_note_ = class_->note;  // PaliGemma's, kept beside its Gemma's
        class_ = &c;
        class_name_ = name;
      }
    }
  } else if (class_->text == text_source::sub_or_defaults) {
    // Gemma3Config / Qwen3VLConfig build a default text config when text_config is missing.
    made_.emplace_back();
    made_.back().type = kind::object;
    text_ = &made_.back();
    text_path_ = sub.path;
  } else if (holder != &config) {
    // a flat config one level down (ColQwen2's vlm_config as Qwen2-VL checkpoints were published)
    text_ = holder;
    text_path_ = holder_path;
  }
}

resolver::resolver(const config_value& config) {
  if (config.type != kind::object) fail("config", "a JSON object", describe(config));
  pick_text(config);
  if (class_->mla_switch) {  // DeepSeek-VL2's use_mla false: transformers' LlamaAttention over the whole head
    const node mla = field(class_->mla_switch);
    if (mla.present() && !boolean(mla)) class_ = &model_class_of("llama");
  }
  check_rope_switch();
  check_alibi();
  check_xpos();
  if (class_->kind == family::gptj) return;
  build_ropes();
  if (class_->axial == vision_axial::sam3_vit) split_vision_layers();
  order_layer_types();
  find_layers_without_rope();
}

// transformers walks set(layer_types), in no order: list sliding_attention, full_attention, then
// any other layer type in the config's key order, so that equal models list equally.
void resolver::order_layer_types() {
  const auto rank = [](const std::string& name) {
    return name == "sliding_attention" ? 0 : name == "full_attention" ? 1 : 2;
  };
  std::stable_sort(ropes_.begin(), ropes_.end(),
                   [&](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
}

// ESM's and Granite 4.0's position_embedding_type, Zamba2's use_mem_rope: any value but the one
// naming RoPE means the model builds no rotary embedding (absolute positions, or none at all).
void resolver::check_rope_switch() {
  if (!class_->rope_switch) return;
  const node n = field(class_->rope_switch);
  const bool flag = std::string(class_->rope_when) == "true";  // a boolean switch, else a string one
  std::string value = class_->rope_switch_default;
  if (n.present()) value = flag ? (boolean(n) ? "true" : "false") : text(n, "a string or null");
  if (value == class_->rope_when) return;
  const auto shown = [&](const std::string& v) { return flag ? v : "'" + v + "'"; };
  fail(n.path, shown(class_->rope_when) + " for a model with rotary position embeddings",
       shown(value) + (n.present() ? "" : " (the default)") + ": the model has no rotary embeddings");
}

// Falcon's alibi flag (configuration_falcon.py: rotary = not alibi); Baichuan's 13B models, whose
// remote code builds ALiBi biases where the 7B ones rotate (vLLM tells them apart by hidden_size).
void resolver::check_alibi() {
  if (class_->alibi_flag) {
    const node alibi = field(class_->alibi_flag);
    if (alibi.present() && boolean(alibi)) {
      fail(alibi.path, "false for a model with rotary position embeddings",
           "true (ALiBi attention biases: the model has no rotary embeddings)");
    }
  }
  if (class_->alibi_hidden_size > 0) {
    const node hidden = named(class_->names.hidden_size, "hidden_size");
    if (hidden.given() && hidden.value->type == kind::number && hidden.value->number == class_->alibi_hidden_size) {
      fail(hidden.path, "the width of a " + class_name_ + " model with rotary embeddings",
           format_number(class_->alibi_hidden_size) + " (a 13B " + class_name_ +
               " model: ALiBi attention biases, no rotary embeddings)");
    }
  }
}

// Jina's rotary_emb_scale_base: xPos multiplies q and k by a decay over the positions as well, which
// no RoPE option here expresses.
void resolver::check_xpos() {
  if (!class_->xpos_scale) return;
  const node scale = field(class_->xpos_scale);
  if (scale.present()) {
    fail(scale.path, "null (xPos scaling, a decay on q and k beside the rotation, is not supported)",
         describe(*scale.value));
  }
}

std::vector<std::string> resolver::layer_types() const {
  if (class_->kind == family::gptj) return {"full_attention"};
  std::vector<std::string> names;
  for (const auto& rope : ropes_) names.push_back(rope.first);
  return names;
}

// The names config.layer_types lists, else `absent` (the layer types a class generates by default).
std::vector<std::string> resolver::layer_type_names(std::vector<std::string> absent) const {
  const node listed = field("layer_types");
  if (!listed.present()) return absent;
  if (listed.value->type != kind::array) fail(listed.path, "an array of strings or null", describe(*listed.value));
  std::vector<std::string> names;
  for (std::size_t i = 0; i < listed.value->items.size(); ++i) names.push_back(text(item(listed, i), "a string"));
  return names;
}

// transformers main's nested_rope_parameter_keys: the keys of a rope dict that name a layer type of the
// config (config.layer_types, else the ones the class generates: sliding and full, ZAYA's "hybrid"). A dict
// with any of them holds one dict per such key, and its other keys are not read.
std::vector<std::string> resolver::nested_keys(const config_value& object) const {
  const std::vector<std::string> names = class_->default_layer_type
                                             ? layer_type_names({class_->default_layer_type})
                                             : layer_type_names({"sliding_attention", "full_attention"});
  std::vector<std::string> keys;
  for (const auto& m : object.members) {
    if (std::find(names.begin(), names.end(), m.first) != names.end()) keys.push_back(m.first);
  }
  return keys;
}

bool resolver::keyed_by_layer_types(const config_value& object) const { return !nested_keys(object).empty(); }

// The dicts as the class's strategy builds them (model_classes.hpp, namespace dicts).
void resolver::build_ropes() {
  const node scaling = field("rope_scaling"), parameters = field("rope_parameters");
  const dict_sources from{object_or_null(parameters), parameters.path, object_or_null(scaling), scaling.path};
  std::visit([&](const auto& strategy) { build(strategy, from); }, class_->dicts);
}

// convert_rope_params_to_dict: "rope_scaling or self.rope_parameters" (an empty dict is false).
void resolver::build(const dicts::standard&, const dict_sources& from) {
  if (from.scaling && !from.scaling->members.empty()) return build_flat(from.scaling, from.scaling_path);
  if (from.parameters) return build_flat(from.parameters, from.parameters_path);
  build_flat(nullptr, from.scaling_path);
}

// The class's defaults alone; a note names the keys skipped.
void resolver::build(const dicts::scaling_unread&, const dict_sources& from) { build_flat(nullptr, from.scaling_path); }

void resolver::build(const dicts::main_compress&, const dict_sources& from) {
  build_main_compress(from.parameters, from.parameters_path, from.scaling, from.scaling_path);
}

// Models with one dict (or a dict keyed by layer type in the new format).
void resolver::build_flat(const config_value* source, const std::string& path) {
  if (source && keyed_by_layer_types(*source)) return standardize_nested(*source, path);
  rope_dict d = dict_of(source, path);
  if (!source && class_->default_rope_count > 0) rope_defaults(d, path);
  convert(d);
  standardize_flat(d);
  ropes_.emplace_back("full_attention", std::move(d));
}

// The class's rope_parameters when the config has none (GptOssConfig, Ministral3Config, ApertusConfig).
void resolver::rope_defaults(rope_dict& d, const std::string& path) {
  d.set("rope_type", made_string(class_->default_rope_type, path + ".rope_type"));
  for (std::size_t i = 0; i < class_->default_rope_count; ++i) {
    const rope_default& field = class_->default_rope[i];
    d.set(field.key, made_number(field.value, path + "." + field.key));
  }
  if (!class_->default_rope_truncate) {
    made_.emplace_back();
    made_.back().type = kind::boolean;  // false
    d.set("truncate", {&made_.back(), path + ".truncate"});
  }
  if (class_->sections_required) {  // Cosmos 3 Edge's own dict holds its mrope_section
    config_value sections;
    sections.type = kind::array;
    for (const std::int64_t s : class_->mrope_default) {
      sections.items.emplace_back();
      sections.items.back().type = kind::number;
      sections.items.back().number = double(s);
    }
    made_.push_back(std::move(sections));
    d.set("mrope_section", {&made_.back(), path + ".mrope_section"});
  }
}

// The class's convert_rope_params_to_dict: rope_theta and partial_rotary_factor into the dict.
void resolver::convert(rope_dict& d) {
  const node partial = top_partial();
  switch (class_->kind) {
    case family::gpt_neox: {  // configuration_gpt_neox.py: rotary_emb_base, rotary_pct
      const node base = field("rotary_emb_base"), pct = field("rotary_pct");
      d.setdefault("rope_theta", base.given() ? base : made_number(class_->theta, base.path));
      d.setdefault("partial_rotary_factor", pct.given() ? pct : made_number(class_->partial_rotary_factor, pct.path));
      return;
    }
    case family::phi3:  // configuration_phi3.py: partial_rotary_factor defaults to 1.0
      d.setdefault("rope_theta", default_theta_for("full_attention"));
      d.setdefault("partial_rotary_factor", partial.present() ? partial : made_number(1.0, partial.path));
      return;
    default:
      d.setdefault("rope_theta", default_theta_for("full_attention"));
      if (partial.present()) d.setdefault("partial_rotary_factor", partial);
      if (class_->rotary_dim_partial) rotary_dim_as_partial(d);
      return;
  }
}

// MiniMax-M2 names the rotated width: config.rotary_dim becomes partial_rotary_factor = rotary_dim /
// head_dim when the config gives no factor (configuration_minimax_m2.py).
void resolver::rotary_dim_as_partial(rope_dict& d) {
  const node rotary = named(class_->names.rotary_dim, "rotary_dim");
  if (!rotary.given() || d.get("partial_rotary_factor")) return;
  std::string path;
  const double width = double(head_dim("full_attention", path));
  const double r = double(integer(rotary, 2, std::int64_t(max_dim)));
  if (r > width) fail(rotary.path, "at most the head dim (" + path + " = " + format_number(width) + ")", r);
  d.set("partial_rotary_factor", made_number(r / width, rotary.path));
}

std::string resolver::rope_type_of(const rope_dict& d) const {
  const node t = d.at("rope_type");
  return text(t, "a string naming the RoPE type, " + known_types());
}

// standardize_rope_params, case 1 (one dict), as it stands when the init function runs.
void resolver::standardize_flat(rope_dict& d) {
  if (!d.get("rope_type")) {
    const node* old = d.get("type");
    d.set("rope_type", old ? *old : made_string("default", d.path + ".rope_type"));
  }
  if (class_->type_alias && d.at("rope_type").present() && d.at("rope_type").value->type == kind::string &&
      d.at("rope_type").value->string == class_->type_alias) {
    d.set("rope_type", made_string(class_->type_aliased, d.at("rope_type").path));  // Qwen2VLTextConfig's
  }
  if (class_->kind == family::phi3 && d.at("rope_type").present() && d.at("rope_type").value->type == kind::string) {
    const std::string& t = d.at("rope_type").value->string;
    if (t == "su" || t == "yarn") d.set("rope_type", made_string("longrope", d.at("rope_type").path));
  }
  const std::string type = rope_type_of(d);
  if (class_->default_type_only && type != "default") {
    fail(d.at("rope_type").path, "'default' (model_type '" + model_type_ + "' accepts no other)", "'" + type + "'");
  }
  restandardize_partial(d, type);
  if (!scaled_type(type)) return;
  // The top-level original_max_position_embeddings wins when the config has that attribute:
  // Phi3Config always (default 4096), any class once config.json's keys are attributes.
  const node top_original = field("original_max_position_embeddings");
  if (top_original.given()) {
    d.set("original_max_position_embeddings", top_original);
  } else if (class_->original_max_position_embeddings > 0) {
    d.set("original_max_position_embeddings", made_number(class_->original_max_position_embeddings, top_original.path));
  } else {
    d.setdefault("original_max_position_embeddings", max_positions());
  }
}

// standardize_rope_params, case 2: one dict per layer type (null: that layer type has no RoPE).
void resolver::standardize_nested(const config_value& nested, const std::string& path) {
  nested_ = true;
  for (const std::string& key : nested_keys(nested)) {
    const node entry{nested.find(key), path + "." + key};
    const config_value* object = object_or_null(entry);
    if (!object) continue;
    rope_dict d = dict_of(object, entry.path);
    // ZayaConfig's convert_rope_params_to_dict sets no base, and standardize_rope_params' setdefault of
    // getattr(self, "rope_theta", None) finds one only at the top level
    if (class_->default_layer_type && !d.get("rope_theta") && !field("rope_theta").given()) {
      fail(entry.path + ".rope_theta", "a number (or config.rope_theta)", "absent");
    }
    standardize_layer(d, key);
    ropes_.emplace_back(key, std::move(d));
  }
  if (ropes_.empty()) fail(path, "an object with at least one layer type's RoPE", "null for every layer type");
}

void resolver::standardize_layer(rope_dict& d, const std::string& layer_type) {
  if (!d.get("rope_type")) {
    const node* old = d.get("type");
    d.set("rope_type", old ? *old : made_string("default", d.path + ".rope_type"));
  }
  d.setdefault("rope_theta", default_theta_for(layer_type));
  const std::string type = rope_type_of(d);
  restandardize_partial(d, type);
  if (scaled_type(type)) d.setdefault("original_max_position_embeddings", max_positions());
}

// The init functions of ROPE_INIT_FUNCTIONS (every type but "default") call
// standardize_rope_params again, when config.partial_rotary_factor is an attribute: it then
// replaces the dict's. The default RoPE reads the dict as __post_init__ left it.
void resolver::restandardize_partial(rope_dict& d, const std::string& type) {
  const node partial = top_partial();
  if (type != "default" && partial.present()) d.set("partial_rotary_factor", partial);
}

// Gemma3TextConfig.convert_rope_params_to_dict: a dict per layer type (sliding, full by default),
// rope_scaling merged into full_attention's, rope_theta for full and rope_local_base_freq for
// sliding when the dicts lack a base. ModernBertConfig's is the same with rope_scaling merged into
// both and the bases global_rope_theta and local_rope_theta; MiMo-V2-Flash's sliding base is
// swa_rope_theta, and both of its layer types take the partial factor.
void resolver::build(const dicts::by_layer_type& rule, const dict_sources& from) {
  nested_ = true;
  const config_value* s = from.scaling;
  const config_value* p = from.parameters;
  std::vector<std::pair<std::string, rope_dict>> dicts;
  if (p) {
    if (!p->members.empty() && !keyed_by_layer_types(*p)) {
      fail(from.parameters_path, "an object keyed by layer type ('sliding_attention', 'full_attention')", "an object");
    }
    for (const auto& m : p->members) {
      const node entry{&m.second, from.parameters_path + "." + m.first};
      dicts.emplace_back(m.first, dict_of(object_or_null(entry), entry.path));  // null: {"rope_type": "default"}
    }
  } else {
    dicts.emplace_back("sliding_attention", rope_dict{from.parameters_path + ".sliding_attention", {}});
    dicts.emplace_back("full_attention", rope_dict{from.parameters_path + ".full_attention", {}});
  }
  auto find = [&](const std::string& name) -> rope_dict& {
    for (auto& d : dicts) {
      if (d.first == name) return d.second;
    }
    dicts.emplace_back(name, rope_dict{from.parameters_path + "." + name, {}});
    return dicts.back().second;
  };
  // Gemma 3 merges rope_scaling into the full-attention dict, ModernBERT into both.
  find("full_attention");
  find("sliding_attention");  // both made before either is held: find may grow the vector
  rope_dict& full = find("full_attention");
  rope_dict& sliding = find("sliding_attention");
  for (rope_dict* d : {&full, &sliding}) {
    if (!s || (d == &sliding && !rule.scale_sliding)) continue;
    for (const auto& m : s->members) d->set(m.first, {&m.second, from.scaling_path + "." + m.first});
  }
  const node global = field(class_->full_theta_key);
  full.setdefault("rope_theta", global.given() ? global : made_number(class_->theta, global.path));
  const node local = rule.sliding_theta_key ? field(rule.sliding_theta_key) : node{};
  const std::string local_path = rule.sliding_theta_key ? local.path : sliding.path + ".rope_theta";
  sliding.setdefault("rope_theta", local.given() ? local : made_number(class_->local_theta, local_path));
  if (class_->default_rope_partial) {  // MiMo-V2-Flash: both layer types turn the same part of the head
    const node partial = top_partial();
    if (partial.present()) {
      full.setdefault("partial_rotary_factor", partial);
      sliding.setdefault("partial_rotary_factor", partial);
    }
  }
  for (auto& [name, d] : dicts) {
    standardize_layer(d, name);
    ropes_.emplace_back(name, std::move(d));
  }
}

// Gemma4TextConfig, LagunaConfig, MellumConfig: rope_parameters as given (keyed by layer type), else the
// class's dict for each layer type; their configs never merge a legacy rope_theta or rope_scaling.
void resolver::build(const dicts::layer_defaults& rule, const dict_sources& from) {
  const config_value* parameters = from.parameters;
  const std::string& path = from.parameters_path;
  if (parameters && class_->default_layer_type && !keyed_by_layer_types(*parameters)) {
    // ZAYA: each layer looks up the dict of its type, and a flat dict has none
    fail(path, std::string("an object keyed by the layer types in use ('") + class_->default_layer_type + "' ...)",
         "no such key");
  }
  if (parameters) return build_flat(parameters, path);
  nested_ = true;
  for (std::size_t i = 0; i < rule.count; ++i) {
    const layer_rope& l = rule.ropes[i];
    rope_dict d{path + "." + l.layer_type, {}};
    d.set("rope_type", made_string(l.rope_type, d.path + ".rope_type"));
    d.set("rope_theta", made_number(l.theta, d.path + ".rope_theta"));
    if (l.partial > 0) d.set("partial_rotary_factor", made_number(l.partial, d.path + ".partial_rotary_factor"));
    ropes_.emplace_back(l.layer_type, std::move(d));
  }
  for (auto& rope : ropes_) standardize_layer(rope.second, rope.first);
}

// Step3p7TextConfig (step3p5): rope_parameters as given, else a dict per layer type of layer_types, whose
// rope_theta and partial_rotary_factor come from rope_theta and partial_rotary_factors, each a number or
// a list of one value a layer (the hub's lists go on past num_hidden_layers, into its multi-token-prediction
// layers); dict(zip(layer_types, values)) keeps the last layer of each type. rope_scaling updates
// full_attention's dict only.
void resolver::build(const dicts::layer_lists& rule, const dict_sources& from) {
  const config_value *parameters = from.parameters, *scaling = from.scaling;
  const std::string &parameters_path = from.parameters_path, &scaling_path = from.scaling_path;
  if (parameters && !keyed_by_layer_types(*parameters)) return build_flat(parameters, parameters_path);
  nested_ = true;
  if (parameters) {
    for (const std::string& key : nested_keys(*parameters)) {
      const node entry{parameters->find(key), parameters_path + "." + key};
      ropes_.emplace_back(key, dict_of(object_or_null(entry), entry.path));
    }
    return merge_full_scaling(scaling, scaling_path);
  }
  const std::vector<std::string> types = listed_layer_types(layers(), nullptr, "full_attention", 1);
  const node theta = named(class_->names.rope_theta, "rope_theta"), partial = field(rule.partial_key);
  const auto value_at = [&](const node& n, std::size_t i) {
    if (n.value->type != kind::array) return n;
    if (n.value->items.size() < types.size()) {
      fail(n.path + ".length", "at least config.num_hidden_layers = " + std::to_string(types.size()),
           double(n.value->items.size()));
    }
    return item(n, i);
  };
  const std::string path = "config.rope_parameters";
  for (std::size_t i = 0; i < types.size(); ++i) {
    auto it = std::find_if(ropes_.begin(), ropes_.end(), [&](const auto& r) { return r.first == types[i]; });
    if (it == ropes_.end()) {
      ropes_.emplace_back(types[i], rope_dict{path + "." + types[i], {}});
      it = std::prev(ropes_.end());
      it->second.set("rope_type", made_string("default", it->second.path + ".rope_type"));
    }
    it->second.set("rope_theta", theta.present() ? value_at(theta, i) : made_number(class_->theta, theta.path));
    if (partial.present()) it->second.set("partial_rotary_factor", value_at(partial, i));
  }
  merge_full_scaling(scaling, scaling_path);
}

// A legacy rope_scaling updates the full-attention dict, then each dict is standardized.
void resolver::merge_full_scaling(const config_value* scaling, const std::string& scaling_path) {
  for (auto& [name, d] : ropes_) {
    if (scaling && name == "full_attention") {
      for (const auto& m : scaling->members) d.set(m.first, {&m.second, scaling_path + "." + m.first});
    }
    standardize_layer(d, name);
  }
}

// DeepSeek-V4 (configuration_deepseek_v4.py): rope_parameters keyed "main" (the sliding layers: default at
// rope_theta) and "compress" (the compressed layers, CSA and HCA: compress_rope_theta, with a legacy
// rope_scaling's keys and, for YaRN, attention_factor 1.0), each over int(head_dim * partial_rotary_factor)
// features, the factor 64 / 512 or a legacy qk_rope_head_dim / head_dim. Each layer type of the model
// takes its set's dict.
void resolver::build_main_compress(const config_value* parameters, const std::string& parameters_path,
                                   const config_value* scaling, const std::string& scaling_path) {
  nested_ = true;
  rope_dict main{parameters_path + ".main", {}}, compress{parameters_path + ".compress", {}};
  if (parameters) {  // as transformers saves it
    for (rope_dict* d : {&main, &compress}) {
      const std::string key = d == &main ? "main" : "compress";
      const node entry = member(parameters, parameters_path, key);
      const config_value* object = object_or_null(entry);
      if (!object)
        fail(entry.path, "an object (DeepSeek-V4's rope_parameters are keyed main and compress)",
             entry.given() ? describe(*entry.value) : "missing");
      *d = dict_of(object, entry.path);
    }
  } else {
    main.set("rope_type", made_string("default", main.path + ".rope_type"));
    compress.set("rope_type", made_string("default", compress.path + ".rope_type"));
    const node base = field("compress_rope_theta");
    compress.set("rope_theta", base.given() ? base : made_number(160000, base.path));
    if (scaling && !scaling->members.empty()) {
      for (const auto& m : scaling->members) {
        if (m.first != "rope_theta") compress.set(m.first, {&m.second, scaling_path + "." + m.first});
      }
      if (!compress.get("rope_type") || compress.get("type")) {
        const node* t = compress.get("type");
        if (t) compress.set("rope_type", *t);
      }
      if (rope_type_of(compress) == "yarn") {
        compress.set("attention_factor", made_number(1.0, compress.path + ".attention_factor"));
      }
    }
  }
  // the rope slice: partial_rotary_factor, else qk_rope_head_dim / head_dim, else 64 / 512
  node partial = top_partial();
  if (!partial.present()) {
    const node rope = field("qk_rope_head_dim");
    std::string head_path;
    const double width = double(head_dim("full_attention", head_path));
    partial = rope.given() ? made_number(double(integer(rope, 2, std::int64_t(max_dim))) / width, rope.path)
                           : made_number(64.0 / 512.0, partial.path);
  }
  for (rope_dict* d : {&main, &compress}) d->setdefault("partial_rotary_factor", partial);
  for (const std::string& type : deepseek_v4_layer_types()) {
    ropes_.emplace_back(type, type == "sliding_attention" ? main : compress);
    standardize_layer(ropes_.back().second, type);
  }
}

// hidden_size // num_attention_heads, under the class's names for them (GPT-J: n_embd // n_head).
std::size_t resolver::heads_split(std::string& path) {
  node hidden = named(class_->names.hidden_size, "hidden_size");
  node heads = named(class_->names.num_attention_heads, "num_attention_heads", "n_head");
  if (!hidden.given() && class_->hidden_size > 0) hidden = made_number(class_->hidden_size, hidden.path);
  if (!heads.given() && class_->num_attention_heads > 0) heads = made_number(class_->num_attention_heads, heads.path);
  const std::int64_t h = integer(hidden, 1, max_seq_len);
  const std::int64_t n = integer(heads, 1, max_seq_len);
  const std::int64_t width = class_->attention_width;  // Zamba2's attention runs on 2 * hidden_size
  const std::int64_t dim = width * h / n;
  if (dim < 2 || dim > std::int64_t(max_dim)) {
    const std::string times = width == 1 ? "" : std::to_string(width) + " * ";
    fail(hidden.path,
         "a head dim (" + times + hidden.path + " // " + heads.path + ") in [2, " + std::to_string(max_dim) + "]",
         times + std::to_string(h) + " // " + std::to_string(n) + " = " + std::to_string(dim));
  }
  path = hidden.path;
  return std::size_t(dim);
}

// The head dim the RoPE of `layer_type` is built on.
std::size_t resolver::head_dim(const std::string& layer_type, std::string& path) {
  if (class_->head_dim_from_heads) return heads_split(path);  // Cohere2Config sets head_dim so
  node n;
  if (class_->kind == family::gemma4 && layer_type == "full_attention") {
    n = field("global_head_dim");  // Gemma4: full attention runs on global_head_dim
    if (!n.given()) n = made_number(512, n.path);
  } else {
    n = named(class_->names.head_dim, "head_dim");  // DeepseekV3Config: head_dim = qk_rope_head_dim
  }
  if (!n.given() && class_->head_dim > 0) n = made_number(class_->head_dim, n.path);
  if (!n.present()) return heads_split(path);  // `getattr(config, "head_dim", None) or ...`
  path = n.path;
  return std::size_t(integer(n, 1, std::int64_t(max_dim)));
}

// The fields of the core's rope_scaling the type reads, each remembered with its config path.
void resolver::fill_scaling(model_rope& out, const rope_dict& d, const std::string& type, field_paths& paths,
                            bool nested) {
  rope_scaling& s = out.scaling;
  const auto take = [&](const char* name, std::optional<double>& slot, const node& n) {
    slot = number(n, "a number");
    paths.emplace_back(name, n.path);
  };
  const auto optional = [&](const char* name, std::optional<double>& slot) {
    const node* n = d.get(name);
    if (n && n->present()) take(name, slot, *n);
  };
  const auto required = [&](const char* name, std::optional<double>& slot) { take(name, slot, d.at(name)); };
  // max_position_embeddings, for dynamic and for the factor yarn and longrope derive when the
  // config gives none (config.max_position_embeddings / original_max_position_embeddings).
  const auto max_length_field = [&]() { take("max_position_embeddings", s.max_position_embeddings, max_positions()); };
  const auto list = [&](const char* name, std::vector<double>& slot) {
    const node n = d.at(name);
    if (!n.given()) fail_missing(n.path, "an array of numbers");
    if (n.value->type != kind::array) fail(n.path, "an array of numbers", describe(*n.value));
    if (n.value->items.size() != out.rotary_dim / 2) {
      fail(n.path + ".length", "rotary_dim / 2 = " + std::to_string(out.rotary_dim / 2), double(n.value->items.size()));
    }
    for (std::size_t i = 0; i < n.value->items.size(); ++i) {
      slot.push_back(number(item(n, i), "a number"));
    }
    paths.emplace_back(name, n.path);
  };
  if (type == "linear") {
    s.type = rope_type::linear;
    required("factor", s.factor);
  } else if (type == "dynamic") {
    s.type = rope_type::dynamic;
    required("factor", s.factor);
    max_length_field();
  } else if (type == "yarn") {
    s.type = rope_type::yarn;
    const node factor = d.at("factor");  // rope_parameters_dict["factor"]: null means derived
    if (!factor.given()) fail_missing(factor.path, "a number (or null: max_position_embeddings / original)");
    if (factor.present()) take("factor", s.factor, factor);
    required("original_max_position_embeddings", s.original_max_position_embeddings);
    if (!factor.present()) max_length_field();
    optional("attention_factor", s.attention_factor);
    optional("beta_fast", s.beta_fast);
    optional("beta_slow", s.beta_slow);
    if (s.beta_fast == 0.0) s.beta_fast.reset();  // `get("beta_fast") or 32`
    if (s.beta_slow == 0.0) s.beta_slow.reset();
    optional("mscale", s.mscale);
    optional("mscale_all_dim", s.mscale_all_dim);
    // _compute_yarn_parameters reads config.rope_parameters.get("truncate", True): the top dict,
    // so a dict keyed by layer type always truncates; null is falsy.
    const node* truncate = d.get("truncate");
    if (truncate && truncate->present()) out.truncate = boolean(*truncate);
    s.truncate = nested || !truncate || (truncate->present() && *out.truncate);
  } else if (type == "longrope") {
    s.type = rope_type::longrope;
    list("short_factor", s.short_factor);
    list("long_factor", s.long_factor);
    required("original_max_position_embeddings", s.original_max_position_embeddings);
    optional("factor", s.factor);
    if (!s.factor) max_length_field();
    optional("attention_factor", s.attention_factor);
    if (class_->kind == family::phimoe) phimoe_mscale(out, d);
  } else if (type == "llama3") {
    s.type = rope_type::llama3;
    required("factor", s.factor);
    required("low_freq_factor", s.low_freq_factor);
    required("high_freq_factor", s.high_freq_factor);
    required("original_max_position_embeddings", s.original_max_position_embeddings);
  }
}

// mrope_section (Qwen2-VL, Qwen3-VL, Qwen3.5, GLM-4.1V ...), in pairs of rotary features per axis, or
// the class default.
void resolver::fill_sections(model_rope& out, const rope_dict& d) {
  using detail::mrope_sections;
  if (class_->mrope == mrope_sections::none) return;
  out.interleaved_sections = class_->mrope == mrope_sections::interleaved;
  const node n = d.at("mrope_section");
  const bool given = n.present();
  if (!given && class_->mrope_default[0] == 0) return;  // Qwen2-VL: none, text positions only
  if (!given && class_->sections_required) {
    fail(n.path, "three integers summing to rotary_dim / 2 = " + std::to_string(out.rotary_dim / 2), "absent");
  }
  if (!given) {
    out.sections.assign(class_->mrope_default, class_->mrope_default + 3);
  } else {
    if (n.value->type != kind::array || n.value->items.empty() || n.value->items.size() > 8) {
      fail(n.path, "an array of 1 to 8 integers", describe(*n.value));
    }
    for (std::size_t i = 0; i < n.value->items.size(); ++i) {
      out.sections.push_back(integer(item(n, i), 0, std::int64_t(out.rotary_dim / 2)));
    }
  }
  std::int64_t sum = 0;
  for (const std::int64_t s : out.sections) sum += s;
  // apply_multimodal_rotary_pos_emb splits cos and sin by mrope_section * 2; Cosmos 3 Edge checks three
  // sections that sum up, interleaved as they are.
  if (class_->sections_required && given && out.sections.size() != 3) {
    fail(n.path + ".length", "3 (temporal, height, width)", double(out.sections.size()));
  }
  if ((!out.interleaved_sections || class_->sections_required) && sum != std::int64_t(out.rotary_dim / 2)) {
    fail(n.path, "integers summing to rotary_dim / 2 = " + std::to_string(out.rotary_dim / 2),
         given ? format_number(double(sum)) : "absent (the class default sums to " + std::to_string(sum) + ")");
  }
}

model_rope resolver::resolve_gptj(std::int64_t seq_len) {
  model_rope out;
  out.layer_types = layer_types();
  out.layer_type = "full_attention";
  out.model_type = model_type_;
  out.seq_len = seq_len;
  std::string path;
  out.head_dim = heads_split(path);
  // GPTJAttention: rotary_dim (default 64) of each head, rotate_every_two, base 10000; a null
  // rotary_dim rotates the whole head, as RoFormer always does.
  node rotary = field("rotary_dim");
  if (class_->whole_head) {
    out.rotary_dim = out.head_dim;
  } else {
    if (!rotary.given()) rotary = made_number(64, rotary.path);
    out.rotary_dim = rotary.present() ? std::size_t(integer(rotary, 2, std::int64_t(out.head_dim))) : out.head_dim;
  }
  if (out.rotary_dim % 2 != 0) {
    if (class_->whole_head) fail(path, "a value giving an even head size", double(out.rotary_dim));
    fail(rotary.path, "an even integer in [2, head_dim]", double(out.rotary_dim));
  }
  const node values = field("rotary_value");  // RoFormerSelfAttention turns the values too
  if (class_->whole_head && values.present() && boolean(values)) {
    out.notes.push_back(make_note(note_id::values_turn, {values.path}));
  }
  out.base = 10000;
  out.pairs = class_->pairs;  // GPT-J, CodeGen and RoFormer turn adjacent pairs, ESM rotate_half ones
  out.frequencies = rope_frequencies(out.rotary_dim, out.base, out.scaling);
  const node m = max_positions();
  if (m.present() && m.value->type == kind::number) out.max_position_embeddings = m.value->number;
  return out;
}

// The dict of `layer_type` ("" = the first), after checking the caller's arguments.
const rope_dict* resolver::pick(std::string& layer_type, std::int64_t seq_len) const {
  if (seq_len < 0 || seq_len > max_seq_len) fail("seqLen", integer_in(0, max_seq_len), double(seq_len));
  const std::vector<std::string> names = layer_types();  // never empty (standardize_nested)
  if (layer_type.empty()) {
    const bool full = std::find(names.begin(), names.end(), "full_attention") != names.end();
    layer_type = full ? "full_attention" : names.front();
  }
  if (std::find(names.begin(), names.end(), layer_type) == names.end()) {
    fail("layerType", quoted_list(names), "'" + layer_type + "'");
  }
  for (const auto& rope : ropes_) {
    if (rope.first == layer_type) return &rope.second;
  }
  return nullptr;  // GPT-J: no dict
}

// rope_type: one of ROPE_INIT_FUNCTIONS' names or "default" (Phi-3: default or longrope only).
std::string resolver::checked_type(const rope_dict& d) const {
  const std::string type = rope_type_of(d);
  const rope_type_info* info = find_rope_type(type);
  if (class_->axial != vision_axial::none) {  // MLCDRotaryEmbedding, Sam3ViTRotaryEmbedding: ValueError otherwise
    if (type != "axial")
      fail(d.at("rope_type").path, "'axial' (the only RoPE '" + model_type_ + "' builds)", "'" + type + "'");
    return type;
  }
  if (class_->fixed_ntk) {  // GTE's _init_rope: no scaling, or "ntk"; any other type raises ValueError
    if (type != "default" && type != "ntk")
      fail(d.at("rope_type").path, "'ntk' (the only scaling GTE's code builds)", "'" + type + "'");
    return type;
  }
  if (!info || !info->accepted_by(rope_surface::config)) fail(d.at("rope_type").path, known_types(), "'" + type + "'");
  if (class_->kind == family::phi3 && type != "default" && type != "longrope") {  // Phi3Config.validate_rope
    fail(d.at("rope_type").path, "'default' or 'longrope' for phi3 ('su' and 'yarn' read as 'longrope')",
         "'" + type + "'");
  }
  if (class_->kind == family::phimoe && type != "default" && type != "longrope") {  // its checkpoints' types
    fail(d.at("rope_type").path, "'default' or 'longrope' for phimoe", "'" + type + "'");
  }
  return type;
}

// head_dim, partial_rotary_factor and rotary_dim. Every ROPE_INIT_FUNCTIONS entry reads
// partial_rotary_factor; the default RoPE only in the models that honour it (Phi, Phi-3,
// GPT-NeoX; not Llama, Mistral, Qwen2, gpt-oss, DeepSeek).
void resolver::set_dims(model_rope& out, const rope_dict& d) {
  std::string head_path;
  out.head_dim = head_dim(out.layer_type, head_path);
  const node* partial = d.get("partial_rotary_factor");
  if (class_->mla_share) return mla_slice(out, partial, head_path);
  const bool reads_partial = out.rope_type != "default" || class_->default_rope_partial;
  if (reads_partial && partial) out.partial_rotary_factor = fraction(*partial);
  if (out.rope_type == "proportional") {
    if (out.head_dim % 2 != 0) fail(head_path, "an even integer", double(out.head_dim));
    out.rotary_dim = out.head_dim;  // frequencies for every pair, zero past the rotated ones
    return;
  }
  const double p = out.partial_rotary_factor.value_or(1.0);
  out.rotary_dim = std::size_t(std::floor(double(out.head_dim) * p));  // int(head_dim * partial)
  if (out.rotary_dim >= 2 && out.rotary_dim % 2 == 0) return;
  if (out.partial_rotary_factor) {
    const std::string head = std::to_string(out.head_dim);
    fail(partial->path, "a factor giving an even rotary dim of at least 2 from head_dim " + head, p);
  }
  fail(head_path, "an even integer of at least 2", double(out.head_dim));
}

// Mistral 4: the rope slice (qk_rope_head_dim) turns whole. transformers builds it as int(qk_head_dim *
// partial_rotary_factor) features of qk_head_dim = qk_nope_head_dim + qk_rope_head_dim, so a factor must
// name the slice's width; any other would not fit the slice it turns.
void resolver::mla_slice(model_rope& out, const node* partial, const std::string& head_path) {
  if (out.head_dim < 2 || out.head_dim % 2 != 0) fail(head_path, "an even integer of at least 2", double(out.head_dim));
  out.rotary_dim = out.head_dim;
  if (!partial || !partial->present()) return;
  const double p = fraction(*partial);
  const double n = double(*mla_nope_dim());
  const double width = double(out.head_dim);
  if (std::floor((n + width) * p) != width) {
    fail(partial->path,
         "qk_rope_head_dim / (qk_nope_head_dim + qk_rope_head_dim) = " + format_number(width / (n + width)) +
             " (the rope slice turns whole)",
         p);
  }
}

// _compute_proportional_rope_parameters: int(partial * head_dim // 2) pairs rotate with exponents
// 2i / head_dim, the others get 0; all divided by factor (default 1).
void resolver::proportional(model_rope& out, const rope_dict& d) {
  const node* factor = d.get("factor");
  const double f = factor ? positive(*factor) : 1.0;
  if (factor) {
    out.scaling.type = rope_type::linear;
    out.scaling.factor = f;
  }
  const double p = out.partial_rotary_factor.value_or(1.0);
  const std::size_t angles = std::size_t(std::floor(p * double(out.head_dim) / 2));
  out.frequencies.assign(out.head_dim / 2, 0.0);
  for (std::size_t i = 0; i < angles; ++i) {
    out.frequencies[i] = 1.0 / std::pow(out.base, double(2 * i) / double(out.head_dim)) / f;
  }
}

// Frequencies and attention factor: the core's formulas, checked first under the config paths the fields
// were read from.
void resolver::compute(model_rope& out, const rope_dict& d) {
  if (out.rope_type == "ntk") return fixed_ntk(out, d);  // GTE's: checked_type lets no other class through
  field_paths paths;
  fill_scaling(out, d, out.rope_type, paths, nested_);
  // `rope_parameters.get("alpha")` is tested for truth: 0 and null leave the plain dynamic rule.
  const node* alpha = d.get("alpha");
  const bool hunyuan = class_->kind == family::hunyuan && out.rope_type == "dynamic" && alpha && truthy(*alpha);
  if (out.rope_type == "proportional") {
    proportional(out, d);
  } else if (hunyuan && (out.seq_len == 0 || double(out.seq_len) <= *out.scaling.max_position_embeddings)) {
    hunyuan_alpha(out, *alpha);
  } else {
    check_scaling(out.scaling, out.rotary_dim, out.seq_len, paths);
    out.frequencies = rope_frequencies(out.rotary_dim, out.base, out.scaling, out.seq_len);
    out.attention_factor = rope_attention_factor(out.scaling, out.seq_len);
    if (hunyuan) {
      out.notes.push_back(make_note(note_id::hunyuan_alpha_past, {alpha->path, format_number(positive(*alpha)),
                                                                  format_number(*out.scaling.max_position_embeddings),
                                                                  std::to_string(out.seq_len)}));
    }
  }
  // Extreme values each within its own rule (a factor of 1e-320) can still overflow.
  const auto finite = [](double f) { return std::isfinite(f); };
  if (!finite(out.attention_factor) || !std::all_of(out.frequencies.begin(), out.frequencies.end(), finite)) {
    fail(d.path, "parameters giving finite frequencies and attention factor", "an overflow");
  }
}

// PhimoeRotaryEmbedding.forward: past "default", the cos and sin are scaled by long_mscale when the
// sequence is longer than original_max_position_embeddings, else by short_mscale, in place of the
// attention factor longrope computes (PhimoeConfig.validate_rope requires both to be numbers).
void resolver::phimoe_mscale(model_rope& out, const rope_dict& d) {
  const auto mscale = [&](const char* name) {
    const node n = d.at(name);
    if (!n.given()) fail_missing(n.path, "a number (Phi-3.5-MoE's attention factor)");
    return std::make_pair(number(n, "a number"), n.path);
  };
  const auto shorter = mscale("short_mscale"), longer = mscale("long_mscale");
  const double original = *out.scaling.original_max_position_embeddings;
  const bool long_context = double(out.seq_len) > original;
  out.scaling.attention_factor = long_context ? longer.first : shorter.first;
  out.notes.push_back(
      make_note(note_id::phimoe_mscale, {long_context ? longer.second : shorter.second, format_number(original)}));
}

// modeling_hunyuan_v1_dense.py: a dynamic dict with `alpha` builds its frequencies over the whole
// head from the NTK base rope_theta * alpha^(d / (d - 2)), with no attention factor. Past
// max_position_embeddings, dynamic_rope_update recomputes them with the plain dynamic rule (the
// caller's branch), where alpha plays no part.
void resolver::hunyuan_alpha(model_rope& out, const node& alpha) {
  const double a = positive(alpha);
  const double d_head = double(out.head_dim);
  const double base = out.base * std::pow(a, d_head / (d_head - 2));
  if (!std::isfinite(base) || !(base > 1))
    fail(alpha.path, "a value giving a finite base rope_theta * alpha^(d/(d-2)) > 1", a);
  out.rotary_dim = out.head_dim;
  out.frequencies = rope_frequencies(out.head_dim, base);  // base^(-2i/d), as for any base
  out.attention_factor = 1;
  out.ntk_alpha = a;
  out.notes.push_back(make_note(note_id::hunyuan_alpha, {alpha.path, format_number(a), format_number(base),
                                                         format_number(*out.scaling.max_position_embeddings)}));
}

// GTE's NTKScalingRotaryEmbedding: its cache is built for max_position_embeddings * factor, which
// recomputes inv_freq once, at init, when that passes max_position_embeddings (factor > 1): every
// position then turns by (rope_theta * f)^(-2i/d) / f^(2/d), or with mixed_b by rope_theta^(-2i/d) /
// exp(a (i + 1)^b), a = ln f / (d/2)^b (kexue.fm/archives/9706, eqs. 6 and 10-13). A factor up to 1
// leaves the plain frequencies.
void resolver::fixed_ntk(model_rope& out, const rope_dict& d) {
  const node& factor = d.at("factor");
  const double f = positive(factor);
  const node* mixed = d.get("mixed_b");
  const std::optional<double> b =
      mixed && mixed->present() ? std::optional<double>(number(*mixed, "a number")) : std::nullopt;
  const double dim = double(out.rotary_dim);
  out.attention_factor = 1;
  out.frequencies = rope_frequencies(out.rotary_dim, out.base);
  if (!(f > 1)) {
    out.rope_type = "default";  // what GTE builds: its cache never passes max_position_embeddings
    out.notes.push_back(make_note(note_id::gte_ntk_plain, {factor.path, format_number(f)}));
    return;
  }
  out.fixed_ntk_factor = f;
  out.fixed_ntk_mixed_b = b;
  if (!b) {  // the core's base^(-2i/d) at GTE's scaled base, then the one divisor of every frequency
    const double scaled = out.base * f;
    if (!std::isfinite(scaled)) fail(factor.path, "a value giving a finite base rope_theta * factor", f);
    out.frequencies = rope_frequencies(out.rotary_dim, scaled);
  }
  const double a = b ? std::log(f) / std::pow(dim / 2, *b) : 0;
  for (std::size_t i = 0; i < out.frequencies.size(); ++i) {
    out.frequencies[i] /= b ? std::exp(a * std::pow(double(i + 1), *b)) : std::pow(f, 2 / dim);
    if (!std::isfinite(out.frequencies[i]) || !(out.frequencies[i] > 0))
      fail(b ? mixed->path : factor.path, "a value giving finite frequencies > 0", b ? *b : f);
  }
}

// What the numbers do not say: a model_type read with Llama's rules for want of its own, a
// partial_rotary_factor those rules leave unapplied, the layers without RoPE.
void resolver::add_notes(model_rope& out, const rope_dict& d) const {
  if (!class_->listed) {
    out.notes.push_back(class_name_.empty() ? make_note(note_id::no_model_type)
                                            : make_note(note_id::unknown_model_type, {class_name_}));
    const node* partial = d.get("partial_rotary_factor");
    if (out.rope_type == "default" && partial && partial->present() && partial->value->type == kind::number &&
        partial->value->number != 1) {
      out.notes.push_back(
          make_note(note_id::partial_not_applied, {partial->path, format_number(partial->value->number)}));
    }
    // Some models name the rotated width instead (MiniMax, GPT-J style): Llama's rules never read it.
    const node rotary = field("rotary_dim");
    if (rotary.present() && rotary.value->type == kind::number && rotary.value->number != double(out.head_dim)) {
      out.notes.push_back(make_note(note_id::rotary_dim_not_applied, {rotary.path, format_number(rotary.value->number),
                                                                      std::to_string(out.rotary_dim)}));
    }
  }
  if (class_->default_rope_note != note_id::none && out.rope_type == "default") {
    out.notes.push_back(make_note(class_->default_rope_note));
  }
  if (std::holds_alternative<dicts::scaling_unread>(class_->dicts)) {
    for (const char* key : {"rope_scaling", "rope_parameters"}) {
      const node skipped = field(key);
      const config_value* object = object_or_null(skipped);
      if (object && !object->members.empty())
        out.notes.push_back(make_note(note_id::scaling_not_read, {skipped.path, class_name_}));
    }
  }
  if (class_->set_note_key) {
    const node set = field(class_->set_note_key);
    if (truthy(set)) out.notes.push_back(make_note(class_->set_note, {set.path, describe(*set.value)}));
  }
  if (wrapper_note_ != note_id::none) out.notes.push_back(make_note(wrapper_note_));
  if (class_->note != note_id::none) out.notes.push_back(make_note(class_->note));
  if (class_->theta_ratio_note != note_id::none) {
    const node ratio = field(class_->theta_ratio);
    if (ratio.given() && number(ratio, "a number") != 1) {
      out.notes.push_back(make_note(class_->theta_ratio_note, {ratio.path}));
    }
  }
  const node* base = d.get("rope_theta");
  if (class_->theta_section_note != note_id::none && base &&
      base->path == text_path_ + "." + class_->theta_section + ".rope_theta") {
    out.notes.push_back(make_note(class_->theta_section_note, {base->path, format_number(number(*base, "a number"))}));
  }
  const node* beta = d.get("llama_4_scaling_beta");
  if (beta && beta->present()) {
    out.notes.push_back(
        make_note(note_id::llama4_scaling_beta, {beta->path, format_number(number(*beta, "a number"))}));
  }
  if (!layers_without_rope_.empty()) {  // the indices themselves are the result's layers_without_rope
    out.notes.push_back(
        make_note(note_id::layers_without_rope, {std::to_string(layers_without_rope_.size()), out.layer_type}));
  }
}

// The lengths for other readers: max_position_embeddings and the original length in use.
void resolver::set_lengths(model_rope& out, const rope_dict& d) {
  const auto numeric = [](const node& n) { return n.present() && n.value->type == kind::number; };
  const node m = max_positions();
  if (numeric(m)) out.max_position_embeddings = m.value->number;
  const node original = d.at("original_max_position_embeddings");
  const node top_original = field("original_max_position_embeddings");
  if (numeric(original)) {
    out.original_max_position_embeddings = original.value->number;
  } else if (numeric(top_original)) {
    out.original_max_position_embeddings = top_original.value->number;
  }
}

model_rope resolver::resolve(const std::string& layer_type, std::int64_t seq_len) {
  std::string wanted = layer_type;
  const rope_dict* d = pick(wanted, seq_len);
  if (class_->kind == family::gptj) return resolve_gptj(seq_len);
  model_rope out;
  out.layer_types = layer_types();
  out.layer_type = wanted;
  out.model_type = model_type_;
  out.seq_len = seq_len;
  out.rope_type = checked_type(*d);
  const node base = d->at("rope_theta");
  if (class_->null_theta_nope && base.given() && base.value->is_null()) {
    fail(base.path, "a base (with null the model builds no rotary embedding: no layer applies RoPE)", "null");
  }
  out.base = theta(base);
  if (class_->axial != vision_axial::none) {
    resolve_axial(out);
    return out;
  }
  set_dims(out, *d);
  compute(out, *d);
  out.pairs = class_->pairs;
  if (class_->pairs_switch) {
    const node interleave = field(class_->pairs_switch);
    if (interleave.present()) {
      const layout adjacent = class_->pairs == layout::half ? layout::interleaved : class_->pairs;
      out.pairs = boolean(interleave) ? adjacent : layout::half;
    }
  }
  fill_sections(out, *d);
  set_lengths(out, *d);
  out.layers_without_rope = layers_without_rope_;
  const std::optional<std::int64_t> nope = mla_nope_dim();
  out.qk_head_dim = out.head_dim + std::size_t(nope.value_or(0));
  add_notes(out, *d);
  return out;
}

// Multi-head latent attention (the DeepSeek families, and any config giving both slice widths): the
// width of each query and key head's slice without positions, qk_nope_head_dim (its class default, else
// DeepSeek-V3's 128). None for any other attention.
std::optional<std::int64_t> resolver::mla_nope_dim() {
  const node nope = field("qk_nope_head_dim"), rope = field("qk_rope_head_dim");
  // a zero rope slice is no MLA (DeepSeek-VL2-tiny's config writes 0 for both beside use_mla false)
  const bool mla_sizes =
      nope.present() && rope.present() && !(rope.value->type == kind::number && rope.value->number == 0);
  const bool mla_class =
      class_->kind == family::deepseek_v2 || class_->kind == family::deepseek_v3 || class_->mla_nope > 0;
  if (!mla_class && !mla_sizes) return std::nullopt;
  if (nope.given()) return integer(nope, 0, std::int64_t(max_dim));
  return class_->mla_nope > 0 ? std::int64_t(class_->mla_nope) : 128;
}

// The attention's softmax scale (the factor on q.k before the softmax).
double resolver::softmax_scale() {
  const bool v2 = class_->kind == family::deepseek_v2;
  if (const std::optional<std::int64_t> nope = mla_nope_dim()) {
    // DeepseekV3Attention: qk_head_dim^-0.5, times mscale^2 when rope_type is not "default" and
    // mscale_all_dim is set, mscale = yarn_get_mscale(factor, mscale_all_dim). DeepseekV2Attention
    // has no mscale: its attention factor multiplies the complex frequencies instead.
    const node rope = field("qk_rope_head_dim");
    const double n = double(*nope);
    const double rope_default = class_->head_dim > 0 ? class_->head_dim : 64;  // the class's rope slice
    const double r = rope.given() ? double(integer(rope, 0, std::int64_t(max_dim))) : rope_default;
    if (!(n + r > 0)) fail(rope.path, "> 0 together with " + field("qk_nope_head_dim").path, r);
    double scale = 1.0 / std::sqrt(n + r);
    if (v2 || ropes_.empty()) return scale;
    const rope_dict& d = ropes_.front().second;
    const node* all_dim = d.get("mscale_all_dim");
    if (rope_type_of(d) != "default" && all_dim && all_dim->present()) {
      const double m = number(*all_dim, "a finite number >= 0");
      if (!std::isfinite(m) || !(m >= 0)) fail(all_dim->path, "a finite number >= 0", m);
      if (m != 0) {
        const double mscale = get_mscale(positive(d.at("factor")), m);
        scale *= mscale * mscale;
      }
    }
    if (!std::isfinite(scale)) fail(d.path, "parameters giving a finite softmax scale", "an overflow");
    return scale;
  }
  const softmax_rule rule = class_->softmax;
  if (class_->kind == family::gemma4 || rule == softmax_rule::one) return 1.0;  // Gemma 3n's, Gemma 4's scaling = 1.0
  if (class_->kind == family::gemma3 || rule == softmax_rule::query_pre_attn_scalar) {
    // Gemma2Attention, Gemma3Attention: query_pre_attn_scalar ** -0.5 (default 256).
    node q = field("query_pre_attn_scalar");
    if (!q.given()) q = made_number(256, q.path);
    return 1.0 / std::sqrt(positive(q));
  }
  if (rule == softmax_rule::attention_multiplier || rule == softmax_rule::attention_multiplier_or_dim) {
    // GraniteAttention: self.scaling = config.attention_multiplier, the factor itself (muP), not a root.
    const node m = field("attention_multiplier");
    if (m.present()) return positive(m);
    if (rule == softmax_rule::attention_multiplier) {
      if (m.given()) fail(m.path, "a finite number > 0 (the attention's softmax scale)", "null");
      return 1.0;
    }
  }
  std::string path;
  const std::size_t dim = class_->kind == family::gptj ? heads_split(path) : head_dim("full_attention", path);
  return 1.0 / std::sqrt(double(dim));
}

}  // namespace detail

std::vector<std::string> config_layer_types(const config_value& config) {
  return detail::resolver(config).layer_types();
}

model_rope rope_from_config(const config_value& config, const std::string& layer_type, std::int64_t seq_len) {
  return detail::resolver(config).resolve(layer_type, seq_len);
}

double config_softmax_scale(const config_value& config) { return detail::resolver(config).softmax_scale(); }

}  // namespace posenc
