// The out-of-line parts of js_objects.hpp: the field readers every options struct shares, in one
// file built for speed (-O2). Defined in the header, each binding file held a copy and the linker
// kept any one of them, so a binding file built for size (-Oz) could slow every rope() call.
#include "js_objects.hpp"

#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "posenc/posenc.hpp"

namespace js {

const val& type_error_helper() {
  static const val helper = val::module_property("posencTypeError");
  return helper;
}
const val& numbers_helper() {
  static const val helper = val::module_property("posencNumbers");
  return helper;
}
val checked(val result) {
  if (result.instanceof (val::global("Error"))) throw error_result{std::move(result)};
  return result;
}

void type_error(const std::string& name, const char* requirement, const val& value) {
  throw error_result{type_error_helper()(val(name), val(requirement), value)};
}

std::string first_name(const char* names) {
  const std::string all(names);
  return all.substr(0, all.find('|'));
}

val alternatives(const char* names) {
  val keys = val::array();
  const std::string all(names);
  for (std::size_t start = 0;;) {
    const std::size_t bar = all.find('|', start);
    keys.call<void>("push", val(all.substr(start, bar == std::string::npos ? bar : bar - start)));
    if (bar == std::string::npos) return keys;
    start = bar + 1;
  }
}

void key_collector::add(const char* names) {
  list.call<void>("push", alternatives(names));
  if (++count > max_fields) throw std::logic_error("an options struct has more fields than js::max_fields");
}

val field_value::js(std::size_t index) const {
  switch (kind()) {
    case absent_value:
      return val::undefined();
    case number_value:
      return val(slot_.number);
    case false_value:
      return val(false);
    case true_value:
      return val(true);
    case null_value:
      return val::null();
    case text_value:
      return val(text());
    default:
      return others_[index];
  }
}

bool reader::given(std::size_t index, const char* names, posenc::presence need, const char* requirement) {
  const slot_kind kind = value(index).kind();
  if (kind == thrown_value) throw error_result{others_[index]};
  if (kind != absent_value) return true;
  if (need == posenc::presence::required) type_error(field_name(prefix_, names), requirement, val::undefined());
  return false;
}

double reader::number(const field_name& name, const field_value& v, std::size_t index) const {
  if (v.kind() != number_value) type_error(name, "a number", v.js(index));
  return v.number();
}

std::string reader::text(const field_name& name, const field_value& v, std::size_t index) const {
  if (v.kind() == text_value) return v.text();
  const val value = v.js(index);
  if (!value.isString()) type_error(name, "a string", value);
  return value.as<std::string>();
}

void reader::read(const field_name& name, const field_value& v, std::size_t index, double& out, posenc::integer_range) {
  out = number(name, v, index);
}
void reader::read(const field_name& name, const field_value& v, std::size_t index, bool& out, posenc::integer_range) {
  if (v.kind() != true_value && v.kind() != false_value) type_error(name, "a boolean", v.js(index));
  out = v.kind() == true_value;
}
void reader::read(const field_name& name, const field_value& v, std::size_t index, std::string& out,
                  posenc::integer_range) {
  out = text(name, v, index);
}
void reader::read(const field_name& name, const field_value& v, std::size_t index, posenc::layout& out,
                  posenc::integer_range) {
  out = posenc::parse_layout(text(name, v, index));
}
void reader::read(const field_name& name, const field_value& v, std::size_t index, posenc::axial_axes& out,
                  posenc::integer_range) {
  out = posenc::parse_axial_axes(text(name, v, index));
}
void reader::read(const field_name& name, const field_value& v, std::size_t index, posenc::rope_type& out,
                  posenc::integer_range) {
  out = posenc::parse_rope_type(text(name, v, index));
}
void reader::read(const field_name& name, const field_value& v, std::size_t index, posenc::encoding& out,
                  posenc::integer_range) {
  out = posenc::parse_encoding(text(name, v, index));
}
void reader::read(const field_name& name, const field_value& v, std::size_t index, posenc::precision& out,
                  posenc::integer_range) {
  out = posenc::parse_precision(text(name, v, index));
}

std::int64_t reader::integer(const field_name& name, const field_value& v, std::size_t index,
                             posenc::integer_range range) const {
  const double x = number(name, v, index);
  const bool valid = x >= double(range.lo) && x <= double(range.hi) && x == std::floor(x);
  return valid ? std::int64_t(x) : posenc::checked_integer(name, x, range.lo, range.hi);
}
std::vector<double> reader::numbers(const field_name& name, const val& v) {
  const val list = checked(numbers_helper()(v, val(std::string(name))));  // a Float64Array
  return emscripten::convertJSArrayToNumberVector<double>(list);
}
void reader::read(const field_name& name, const field_value& v, std::size_t index, std::vector<double>& out,
                  posenc::integer_range) {
  out = numbers(name, v.js(index));
}
void reader::read(const field_name& name, const field_value& v, std::size_t index, std::vector<std::int64_t>& out,
                  posenc::integer_range range) {
  const std::vector<double> values = numbers(name, v.js(index));
  out.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double x = values[i];
    const bool valid = x >= double(range.lo) && x <= double(range.hi) && x == std::floor(x);
    out[i] = valid ? std::int64_t(x)
                   : posenc::checked_integer(std::string(name) + "[" + std::to_string(i) + "]", x, range.lo, range.hi);
  }
}

}  // namespace js
