// The typed reads and the renaming of config_reads.hpp.
#include "config_reads.hpp"

#include <algorithm>
#include <cmath>

namespace posenc::detail {

using kind = config_value::kind;

std::string describe(const config_value& v) {
  switch (v.type) {
    case kind::null:
      return "null";
    case kind::boolean:
      return v.boolean ? "true" : "false";
    case kind::number:
      return format_number(v.number);
    case kind::string:
      return "'" + (v.string.size() > 60 ? v.string.substr(0, 60) + "..." : v.string) + "'";
    case kind::array:
      return "an array of " + std::to_string(v.items.size());
    case kind::object:
      return "an object";
  }
  return "?";
}

double number(const node& n, const std::string& requirement) {
  if (!n.given()) fail_missing(n.path, requirement);
  if (n.value->type != kind::number) fail(n.path, requirement, describe(*n.value));
  return n.value->number;
}

double positive(const node& n) {
  const double v = number(n, "a finite number > 0");
  if (!std::isfinite(v) || !(v > 0)) fail(n.path, "a finite number > 0", v);
  return v;
}

// rope_theta: the core's base rule (theta_i = base^(-2i/d) must fall with i).
double theta(const node& n) {
  const double v = number(n, "a finite number > 1");
  if (!std::isfinite(v) || !(v > 1)) fail(n.path, "a finite number > 1", v);
  return v;
}

double fraction(const node& n) {
  const double v = number(n, "a number in (0, 1]");
  if (!(v > 0 && v <= 1)) fail(n.path, "a number in (0, 1]", v);
  return v;
}

std::int64_t integer(const node& n, std::int64_t lo, std::int64_t hi) {
  const std::string requirement = "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  return checked_integer(n.path, number(n, requirement), lo, hi);
}

bool boolean(const node& n) {
  if (!n.given()) fail_missing(n.path, "true or false");
  if (n.value->type != kind::boolean) fail(n.path, "true or false", describe(*n.value));
  return n.value->boolean;
}

bool truthy(const node& n) {
  if (!n.present()) return false;
  const config_value& v = *n.value;
  switch (v.type) {
    case kind::boolean:
      return v.boolean;
    case kind::number:
      return v.number != 0;
    case kind::string:
      return !v.string.empty();
    case kind::array:
      return !v.items.empty();
    case kind::object:
      return !v.members.empty();
    default:
      return false;
  }
}

const std::string& text(const node& n, const std::string& requirement) {
  if (!n.given()) fail_missing(n.path, requirement);
  if (n.value->type != kind::string) fail(n.path, requirement, describe(*n.value));
  return n.value->string;
}

// An object, or absent / null (then nullptr).
const config_value* object_or_null(const node& n) {
  if (!n.present()) return nullptr;
  if (n.value->type != kind::object) fail(n.path, "an object or null", describe(*n.value));
  return n.value;
}

node member(const config_value* object, const std::string& path, const std::string& key) {
  return {object ? object->find(key) : nullptr, path + "." + key};
}

node item(const node& array, std::size_t i) {
  return {&array.value->items[i], array.path + "[" + std::to_string(i) + "]"};
}

rope_dict dict_of(const config_value* object, const std::string& path) {
  rope_dict d{path, {}};
  if (object) {
    for (const auto& m : object->members) d.items.emplace_back(m.first, node{&m.second, path + "." + m.first});
  }
  return d;
}

}  // namespace posenc::detail
