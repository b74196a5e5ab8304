// Reading a config.json field by field: each value keeps the path it was read from
// ("config.rope_scaling.factor"), so that a message names the field at fault, and Python's
// rope_parameters dict is kept as it is while transformers' rules standardise it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/model_config.hpp"
#include "posenc/scaling.hpp"

namespace posenc::detail {

// A config value and the path messages name it by; value is null when the field is absent.
struct node {
  const config_value* value = nullptr;
  std::string path;

  bool given() const { return value != nullptr; }
  bool present() const { return value && !value->is_null(); }  // Python: not None
};

// "null", "true", a number, a quoted string (cut at 60 characters), "an array of N", "an object".
std::string describe(const config_value& v);

// Typed reads: each throws invalid_argument naming n.path (missing_argument when it is absent).
double number(const node& n, const std::string& requirement);
double positive(const node& n);  // finite, > 0
double theta(const node& n);     // rope_theta: finite, > 1 (theta_i = base^(-2i/d) must fall with i)
double fraction(const node& n);  // in (0, 1]
std::int64_t integer(const node& n, std::int64_t lo, std::int64_t hi);
bool boolean(const node& n);
// Python's truth of the value: absent, null, false, 0, "", [] and {} are false.
bool truthy(const node& n);
const std::string& text(const node& n, const std::string& requirement);
// An object, or absent / null (then nullptr).
const config_value* object_or_null(const node& n);
node member(const config_value* object, const std::string& path, const std::string& key);
// The i-th item of an array node, named "<path>[i]".
node item(const node& array, std::size_t i);

// Python's rope_parameters dict while it is standardised: keys in insertion order, each value a
// node (of the config, or one standardisation made).
struct rope_dict {
  std::string path;  // the object's path, which names the fields it lacks
  std::vector<std::pair<std::string, node>> items;

  const node* get(const std::string& key) const {
    for (const auto& item : items) {
      if (item.first == key) return &item.second;
    }
    return nullptr;
  }
  node at(const std::string& key) const {
    const node* n = get(key);
    return n ? *n : node{nullptr, path + "." + key};
  }
  void set(const std::string& key, node n) {
    for (auto& item : items) {
      if (item.first == key) {
        item.second = std::move(n);
        return;
      }
    }
    items.emplace_back(key, std::move(n));
  }
  void setdefault(const std::string& key, node n) {
    if (!get(key)) items.emplace_back(key, std::move(n));
  }
};

// The members of an object (none for nullptr), each with its path under `path`.
rope_dict dict_of(const config_value* object, const std::string& path);

// Each rope_scaling field the reader filled and the config path it was read from, for check_scaling's
// messages.
using field_paths = scaling_field_names;

}  // namespace posenc::detail
