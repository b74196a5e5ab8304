// JavaScript objects <-> the core's options structs, mechanically: a struct is read and written by
// walking the field list its header declares (for_each_field, posenc/fields.hpp). Nothing here
// knows a field by name or holds a rule; the core checks every value where it is used.
//
// Reading follows the API's conventions: an undefined field takes the struct's default; inside
// a nested object (a Hugging Face rope_parameters) null counts as absent too, as JSON configs
// write it; a value of the wrong type is a TypeError naming the field. The library installs
// two helpers on the module (web/lib/posenc.js) so that messages and list conversion read the
// same as the rest of the JavaScript layer; they return an Error instead of throwing, since a
// JavaScript exception must never unwind through wasm frames.
#pragma once

#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "posenc/posenc.hpp"

namespace js {

using emscripten::val;

// A JavaScript Error to hand back to the caller as the call's result.
struct error_result {
  val error;
};

// The helpers the library installed on the module, looked up once.
inline val type_error_helper() {
  static const val helper = val::module_property("posencTypeError");
  return helper;
}
inline val numbers_helper() {
  static const val helper = val::module_property("posencNumbers");
  return helper;
}

// The result of a helper: an Error is thrown on as error_result.
inline val checked(val result) {
  if (result.instanceof(val::global("Error"))) throw error_result{std::move(result)};
  return result;
}

[[noreturn]] inline void type_error(const std::string& name, const char* requirement, const val& value) {
  throw error_result{type_error_helper()(val(name), val(requirement), value)};
}

// Property keys, made once per name: a key string built per call cost a crossing of its own.
// "a|b" names a field that older configs spell b.
inline const std::vector<val>& keys_of(const char* names) {
  // A few dozen names, each a string literal: found by its address.
  static std::vector<std::pair<const char*, std::vector<val>>> cache;
  for (const auto& [known, keys] : cache)
    if (known == names) return keys;
  std::vector<val> keys;
  std::string all(names);
  for (std::size_t start = 0;;) {
    const std::size_t bar = all.find('|', start);
    keys.emplace_back(all.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
    if (bar == std::string::npos) break;
    start = bar + 1;
  }
  cache.emplace_back(names, std::move(keys));
  return cache.back().second;
}

inline std::string first_name(const char* names) {
  const std::string all(names);
  return all.substr(0, all.find('|'));
}

// A field's name for messages ("scaling.factor"), built only when a message needs it: building it
// for every field of every call was a large share of a small call.
class field_name {
 public:
  field_name(const std::string& prefix, const char* names) : prefix_(&prefix), names_(names) {}
  operator std::string() const { return *prefix_ + first_name(names_); }

 private:
  const std::string* prefix_;
  const char* names_;
};

template <class T, class = void>
struct has_fields : std::false_type {};

class reader;

template <class T>
struct has_fields<T, std::void_t<decltype(for_each_field(std::declval<T&>(), std::declval<reader&>()))>>
    : std::true_type {};

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

// Fills an options struct from a JavaScript object.
class reader {
 public:
  reader(val object, std::string prefix) : object_(std::move(object)), prefix_(std::move(prefix)) {}

  template <class T>
  void operator()(const char* names, T& field, posenc::presence need = posenc::presence::optional,
                  posenc::integer_range range = {0, 0}) {
    val value = val::undefined();
    for (const val& key : keys_of(names)) {
      value = object_[key];
      if (!absent(value)) break;
    }
    const field_name name(prefix_, names);
    if (absent(value)) {
      if (need == posenc::presence::required) type_error(name, requirement<T>(), val::undefined());
      return;
    }
    read(name, value, field, range);
  }

  template <class T>
  static void read_object(const val& object, const std::string& name, T& out) {
    if (object.isNull() || object.isArray() || object.typeOf().as<std::string>() != "object") {
      type_error(name, "an object", object);
    }
    reader fields(object, name.empty() ? "" : name + ".");
    for_each_field(out, fields);
  }

 private:
  bool absent(const val& v) const { return v.isUndefined() || (!prefix_.empty() && v.isNull()); }

  template <class T>
  static const char* requirement() {
    if constexpr (std::is_same_v<T, bool>) return "a boolean";
    else if constexpr (std::is_arithmetic_v<T>) return "a number";
    else if constexpr (std::is_same_v<T, std::string> || std::is_enum_v<T>) return "a string";
    else if constexpr (has_fields<T>::value) return "an object";
    else return "given";
  }

  static double number(const field_name& name, const val& v) {
    if (!v.isNumber()) type_error(name, "a number", v);
    return v.as<double>();
  }

  static std::string text(const field_name& name, const val& v) {
    if (!v.isString()) type_error(name, "a string", v);
    return v.as<std::string>();
  }

  static void read(const field_name& name, const val& v, double& out, posenc::integer_range) { out = number(name, v); }
  static void read(const field_name& name, const val& v, bool& out, posenc::integer_range) {
    if (!v.isTrue() && !v.isFalse()) type_error(name, "a boolean", v);
    out = v.isTrue();
  }
  static void read(const field_name& name, const val& v, std::string& out, posenc::integer_range) {
    out = text(name, v);
  }
  static void read(const field_name& name, const val& v, posenc::layout& out, posenc::integer_range) {
    out = posenc::parse_layout(text(name, v));
  }
  static void read(const field_name& name, const val& v, posenc::rope_type& out, posenc::integer_range) {
    out = posenc::parse_rope_type(text(name, v));
  }
  static void read(const field_name& name, const val& v, posenc::encoding& out, posenc::integer_range) {
    out = posenc::parse_encoding(text(name, v));
  }
  static void read(const field_name& name, const val& v, posenc::precision& out, posenc::integer_range) {
    out = posenc::parse_precision(text(name, v));
  }
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  static void read(const field_name& name, const val& v, T& out, posenc::integer_range range) {
    const double x = number(name, v);
    const bool valid = x >= double(range.lo) && x <= double(range.hi) && x == std::floor(x);
    out = T(valid ? std::int64_t(x) : posenc::checked_integer(name, x, range.lo, range.hi));
  }
  static std::vector<double> numbers(const field_name& name, const val& v) {
    const val list = checked(numbers_helper()(v, val(std::string(name))));  // a Float64Array
    return emscripten::convertJSArrayToNumberVector<double>(list);
  }
  static void read(const field_name& name, const val& v, std::vector<double>& out, posenc::integer_range) {
    out = numbers(name, v);
  }
  // Integers in range; the name of an element is built only for one that fails (a string per
  // element cost as much as rotating the rows of a small call).
  static void read(const field_name& name, const val& v, std::vector<std::int64_t>& out,
                   posenc::integer_range range) {
    const std::vector<double> values = numbers(name, v);
    out.resize(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      const double x = values[i];
      const bool valid = x >= double(range.lo) && x <= double(range.hi) && x == std::floor(x);
      out[i] = valid ? std::int64_t(x)
                     : posenc::checked_integer(std::string(name) + "[" + std::to_string(i) + "]", x, range.lo,
                                               range.hi);
    }
  }
  template <class T>
  static void read(const field_name& name, const val& v, std::optional<T>& out, posenc::integer_range range) {
    T value{};
    read(name, v, value, range);
    out = std::move(value);
  }
  template <class T, std::enable_if_t<has_fields<T>::value, int> = 0>
  static void read(const field_name& name, const val& v, T& out, posenc::integer_range) {
    read_object(v, name, out);
  }

  val object_;
  std::string prefix_;
};

// Reads an options struct T from the options object of a call (which the library has checked
// to be an object).
template <class T>
T read(const val& object) {
  T out{};
  reader fields(object, "");
  for_each_field(out, fields);
  return out;
}

// Writes an options or result struct to a fresh JavaScript object. Absent optionals are left
// out (the object can be passed back as options), or written as null for results, where an
// empty list of integers (a model without sections) is null too.
class writer {
 public:
  enum class absent { omit, null };
  writer(val object, absent mode) : object_(std::move(object)), mode_(mode) {}

  template <class T, class... Ignored>
  void operator()(const char* names, const T& field, Ignored...) {
    const std::string name = first_name(names);
    if constexpr (is_optional<T>::value) {
      if (!field) {
        if (mode_ == absent::null) object_.set(name, val::null());
        return;
      }
      object_.set(name, to_js(*field, mode_));
    } else if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
      object_.set(name, field.empty() && mode_ == absent::null ? val::null() : to_js(field, mode_));
    } else {
      object_.set(name, to_js(field, mode_));
    }
  }

  template <class T>
  static val to_js(const T& v, absent mode) {
    if constexpr (has_fields<T>::value) {
      val out = val::object();
      writer fields(out, mode);
      for_each_field(const_cast<T&>(v), fields);
      return out;
    } else if constexpr (std::is_enum_v<T>) {
      return val(std::string(posenc::to_string(v)));
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      return copy_out("Float64Array", v);
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
      val out = val::array();
      for (const auto& s : v) out.call<void>("push", val(s));
      return out;
    } else if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
      val out = val::array();
      for (const auto x : v) out.call<void>("push", val(double(x)));
      return out;
    } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      return val(double(v));
    } else {
      return val(v);
    }
  }

  template <class T, class Allocator>
  static val copy_out(const char* type, const std::vector<T, Allocator>& v) {
    val out = val::global(type).new_(v.size());
    out.call<void>("set", val(emscripten::typed_memory_view(v.size(), v.data())));
    return out;
  }

 private:
  val object_;
  absent mode_;
};

}  // namespace js
