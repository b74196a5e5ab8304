// The resolver of model_config.cpp: one config.json, read once, standardised per layer type as
// transformers main does, then resolved into a model_rope on demand. model_layers.cpp holds the
// rules for layers without RoPE.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config_reads.hpp"
#include "model_classes.hpp"
#include "posenc/model_config.hpp"

namespace posenc::detail {

inline constexpr std::int64_t max_layers = 65536;  // num_hidden_layers of a model with layers without RoPE

class resolver {
 public:
  explicit resolver(const config_value& config);

  std::vector<std::string> layer_types() const;
  model_rope resolve(const std::string& layer_type, std::int64_t seq_len);
  double softmax_scale();

 private:
  node field(const std::string& key) const { return member(text_, text_path_, key); }
  node made_number(double value, const std::string& path);
  node made_string(const std::string& value, const std::string& path);
  node max_positions();
  node default_theta_for(const std::string& layer_type);
  node top_partial();
  node named(const config_name& name, const char* standard, const char* standard_fallback = nullptr) const;
  void rotary_dim_as_partial(rope_dict& d);
  void check_alibi();
  void check_xpos();

  void pick_text(const config_value& config);
  void build_ropes();
  // What the strategies read: the config's rope_parameters and legacy rope_scaling (null when not objects).
  struct dict_sources {
    const config_value* parameters;
    std::string parameters_path;
    const config_value* scaling;
    std::string scaling_path;
  };
  void build(const dicts::standard&, const dict_sources& from);
  void build(const dicts::scaling_unread&, const dict_sources& from);
  void build(const dicts::by_layer_type& rule, const dict_sources& from);
  void build(const dicts::layer_defaults& rule, const dict_sources& from);
  void build(const dicts::layer_lists& rule, const dict_sources& from);
  void build(const dicts::main_compress&, const dict_sources& from);
  void merge_full_scaling(const config_value* scaling, const std::string& scaling_path);
  void build_main_compress(const config_value* parameters, const std::string& parameters_path,
                           const config_value* scaling, const std::string& scaling_path);
  std::vector<std::string> deepseek_v4_layer_types();
  std::size_t layers();
  void build_flat(const config_value* source, const std::string& path);
  void convert(rope_dict& d);
  void standardize_flat(rope_dict& d);
  void standardize_nested(const config_value& nested, const std::string& path);
  void standardize_layer(rope_dict& d, const std::string& layer_type);
  void restandardize_partial(rope_dict& d, const std::string& type);
  std::vector<std::string> nested_keys(const config_value& object) const;
  bool keyed_by_layer_types(const config_value& object) const;
  std::vector<std::string> layer_type_names(std::vector<std::string> absent) const;
  std::string rope_type_of(const rope_dict& d) const;

  std::size_t head_dim(const std::string& layer_type, std::string& path);
  std::size_t heads_split(std::string& path);
  model_rope resolve_gptj(std::int64_t seq_len);
  const rope_dict* pick(std::string& layer_type, std::int64_t seq_len) const;
  std::string checked_type(const rope_dict& d) const;
  void set_dims(model_rope& out, const rope_dict& d);
  void mla_slice(model_rope& out, const node* partial, const std::string& head_path);
  std::optional<std::int64_t> mla_nope_dim();
  void proportional(model_rope& out, const rope_dict& d);
  void compute(model_rope& out, const rope_dict& d);
  void set_lengths(model_rope& out, const rope_dict& d);
  void fill_scaling(model_rope& out, const rope_dict& d, const std::string& type, field_paths& paths, bool nested);
  void fill_sections(model_rope& out, const rope_dict& d);
  void rope_defaults(rope_dict& d, const std::string& path);
  void find_layers_without_rope();
  // One function a rule (model_layers.cpp): each finds the layers without RoPE and returns the name of the
  // layer type that rotates, or nullptr when every layer does.
  const char* nope_layers(const nope::none& rule, std::size_t layers);
  const char* nope_layers(const nope::cross_attention_layers& rule, std::size_t layers);
  const char* nope_layers(const nope::no_rope_layers& rule, std::size_t layers);
  const char* nope_layers(const nope::sliding_layers& rule, std::size_t layers);
  const char* nope_layers(const nope::cohere2_moe& rule, std::size_t layers);
  const char* nope_layers(const nope::linear_attention_layers& rule, std::size_t layers);
  const char* nope_layers(const nope::per_layer_theta& rule, std::size_t layers);
  const char* nope_layers(const nope::zero_theta_layers& rule, std::size_t layers);
  double layer_theta(const node& n);
  void order_layer_types();
  template <class hybrid>
  const char* nope_layers(const hybrid& rule, std::size_t layers);  // the hybrids' attention blocks
  bool listed_blocks(std::size_t layers, std::vector<std::string>& types, std::string& source);
  // The hybrids' blocks when the config has no layer_types, and the field they come from (empty: layer_types).
  std::vector<std::string> blocks_of(const nope::hybrid_blocks& rule, std::size_t layers, std::string& source);
  std::vector<std::string> blocks_of(const nope::decilm_blocks& rule, std::size_t layers, std::string& source);
  std::vector<std::string> blocks_of(const nope::repeated_blocks& rule, std::size_t layers, std::string& source);
  std::vector<std::string> blocks_of(const nope::flagged_blocks& rule, std::size_t layers, std::string& source);
  std::vector<std::string> blocks_of(const nope::grouped_blocks& rule, std::size_t layers, std::string& source);
  void check_rope_switch();
  std::vector<std::string> listed_layer_types(std::size_t layers, const char* interval_key, const char* other,
                                              std::int64_t every_default = 4,
                                              nope::full_layer full = nope::full_layer::last_of_group) const;
  void layers_not_of_type(const std::vector<std::string>& types, const std::string& rotating,
                          const std::string& source = "");
  void hunyuan_alpha(model_rope& out, const node& alpha);
  void fixed_ntk(model_rope& out, const rope_dict& d);
  void phimoe_mscale(model_rope& out, const rope_dict& d);
  void add_notes(model_rope& out, const rope_dict& d) const;
  // model_axial.cpp: the vision encoders' 2-D axial RoPE (model_classes.hpp, vision_axial).
  void split_vision_layers();
  std::int64_t sam3_grid(std::string& path);
  void resolve_axial(model_rope& out);

  const config_value* text_ = nullptr;  // the text model's fields
  std::string text_path_ = "config";
  std::string model_type_;
  note_id wrapper_note_ = note_id::none;  // the outer class's note, when a text model's class takes over
  std::string class_name_;                // the model_type the class was looked up by (text_config's for a wrapper)
  const model_class* class_ = nullptr;
  std::vector<std::size_t> layers_without_rope_;
  std::deque<config_value> made_;  // values standardisation adds (a deque keeps their addresses)
  bool nested_ = false;
  std::vector<std::pair<std::string, rope_dict>> ropes_;  // per layer type, in order
};

}  // namespace posenc::detail
