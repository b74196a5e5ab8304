// JavaScript objects <-> the core's options structs, mechanically: a struct is read and written by
// walking the field list its header declares (for_each_field, posenc/fields.hpp). Nothing here
// knows a field by name or holds a rule; the core checks every value where it is used.
//
// Reading follows the API's conventions: an undefined field takes the struct's default; inside
// a nested object (a Hugging Face rope_parameters) null counts as absent too, as JSON configs
// write it; a value of the wrong type is a TypeError naming the field. The library installs
// two helpers on the module (web/lib/posenc.js) so that messages and list conversion read the
// same as the rest of the JavaScript layer; they, and the module's own reader of fields
// (js_fields.cpp), return an Error instead of throwing (a getter that throws included), since a
// JavaScript exception must never unwind through wasm frames.
#pragma once

#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
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

// The helpers the library installed on the module, looked up once (and not copied: a copy of a
// val is a crossing of its own).
const val& type_error_helper();
const val& numbers_helper();
// The result of a helper: an Error is thrown on as error_result.
val checked(val result);

[[noreturn, gnu::noinline]] void type_error(const std::string& name, const char* requirement, const val& value);

std::string first_name(const char* names);

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

// The names of an enum the core does not declare (the lab's task and encoding): the binding that
// reads one specialises this with `static T parse(const std::string&)`, which throws
// posenc::invalid_argument for an unknown name. The core's own enums have readers of their own.
template <class T>
struct enum_names;

template <class T>
struct is_vector_of_fields : std::false_type {};
template <class T>
struct is_vector_of_fields<std::vector<T>> : has_fields<T> {};

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

// One field's value as posenc_read_fields (js_fields.cpp) wrote it into wasm memory: all fields
// of an object in one call, since reaching each through its own Embind crossing cost more than a
// small rotation. Numbers, flags and short ASCII strings arrive here;
// any other value (an object, a list, a long string) stays in the array the helper returns.
struct field_slot {
  double number;        // the number, or where a string starts in the text block
  std::int32_t kind;    // a slot_kind, as the helper numbers them
  std::int32_t length;  // a string's bytes
};
static_assert(sizeof(field_slot) == 16, "posenc_read_fields (js_fields.cpp) writes slots of 16 bytes");
// The kinds of value a slot holds. Their numbers are macros because the JavaScript reader in
// js_fields.cpp is written with them too (a JavaScript body cannot name a C++ constant): one list.
#define POSENC_SLOT_ABSENT 0
#define POSENC_SLOT_NUMBER 1
#define POSENC_SLOT_FALSE 2
#define POSENC_SLOT_TRUE 3
#define POSENC_SLOT_NULL 4
#define POSENC_SLOT_TEXT 5
#define POSENC_SLOT_OTHER 6
#define POSENC_SLOT_THROWN 7
enum slot_kind : std::int32_t {
  absent_value = POSENC_SLOT_ABSENT,
  number_value = POSENC_SLOT_NUMBER,
  false_value = POSENC_SLOT_FALSE,
  true_value = POSENC_SLOT_TRUE,
  null_value = POSENC_SLOT_NULL,
  text_value = POSENC_SLOT_TEXT,
  other_value = POSENC_SLOT_OTHER,
  thrown_value = POSENC_SLOT_THROWN
};

}  // namespace js

// Fills `at` (the fields' slots) and `text` from the object: js_fields.cpp.
extern "C" emscripten::EM_VAL posenc_read_fields(emscripten::EM_VAL object_handle, emscripten::EM_VAL fields_handle,
                                                 void* at, char* text, int text_bytes, int null_is_absent);

namespace js {

// The most fields of one struct, and the bytes of its short strings together.
inline constexpr std::size_t max_fields = 32;
inline constexpr std::size_t text_bytes = 256;

// The keys one field may be given by ("a|b" names a field that older configs spell b), as an array.
[[gnu::noinline]] val alternatives(const char* names);

// Collects a struct's field names in the order of its for_each_field list.
struct key_collector {
  val list = val::array();
  std::size_t count = 0;
  template <class T, class... Ignored>
  void operator()(const char* names, T&, Ignored...) {
    add(names);
  }
  [[gnu::noinline]] void add(const char* names);
};

// T's field names as the helper takes them (an array of keys per field), made once per struct.
template <class T>
const val& field_keys() {
  static const val keys = [] {
    key_collector collect;
    T probe{};
    for_each_field(probe, collect);
    return collect.list;
  }();
  return keys;
}

// A field's value, decoded from its slot.
class field_value {
 public:
  field_value(const field_slot& slot, const char* text, const val& others)
      : slot_(slot), text_(text), others_(others) {}
  slot_kind kind() const { return slot_kind(slot_.kind); }
  double number() const { return slot_.number; }
  std::string text() const { return std::string(text_ + std::size_t(slot_.number), std::size_t(slot_.length)); }
  // The value itself: what a message shows and what the slower paths (objects, lists) take.
  val js(std::size_t index) const;

 private:
  const field_slot& slot_;
  const char* text_;
  const val& others_;
};

// Fills an options struct from a JavaScript object.
class reader {
 public:
  // In a nested object (a Hugging Face rope_parameters) null counts as absent.
  template <class T>
  static void fill(const val& object, const std::string& prefix, T& out) {
    reader fields(prefix);
    fields.others_ =
        val::take_ownership(posenc_read_fields(object.as_handle(), field_keys<T>().as_handle(), fields.slots_,
                                               fields.text_, int(text_bytes), !prefix.empty()));
    for_each_field(out, fields);
  }

  template <class T>
  void operator()(const char* names, T& field, posenc::presence need = posenc::presence::optional,
                  posenc::integer_range range = {0, 0}) {
    const std::size_t index = next_++;
    if (given(index, names, need, requirement<T>())) {
      read(field_name(prefix_, names), value(index), index, field, range);
    }
  }

  template <class T, class... Rest>
  void operator()(const char* names, T& field, posenc::input_only, Rest... rest) {
    (*this)(names, field, rest...);
  }

  template <class T>
  static void read_object(const val& object, const std::string& name, T& out) {
    if (object.isNull() || object.isArray() || object.typeOf().as<std::string>() != "object") {
      type_error(name, "an object", object);
    }
    fill(object, name.empty() ? "" : name + ".", out);
  }

 private:
  explicit reader(std::string prefix) : prefix_(std::move(prefix)) {}

  // Whether field `index` was given (a getter's error, or a required field missing, is thrown).
  [[gnu::noinline]] bool given(std::size_t index, const char* names, posenc::presence need, const char* requirement);
  field_value value(std::size_t index) const { return field_value(slots_[index], text_, others_); }

  template <class T>
  static const char* requirement() {
    if constexpr (std::is_same_v<T, bool>)
      return "a boolean";
    else if constexpr (std::is_arithmetic_v<T>)
      return "a number";
    else if constexpr (std::is_same_v<T, std::string> || std::is_enum_v<T>)
      return "a string";
    else if constexpr (has_fields<T>::value)
      return "an object";
    else
      return "given";
  }

  [[gnu::noinline]] double number(const field_name& name, const field_value& v, std::size_t index) const;
  [[gnu::noinline]] std::string text(const field_name& name, const field_value& v, std::size_t index) const;

  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index, double& out,
                              posenc::integer_range);
  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index, bool& out,
                              posenc::integer_range);
  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index, std::string& out,
                              posenc::integer_range);
  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index, posenc::layout& out,
                              posenc::integer_range);
  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index, posenc::axial_axes& out,
                              posenc::integer_range);
  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index, posenc::rope_type& out,
                              posenc::integer_range);
  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index, posenc::encoding& out,
                              posenc::integer_range);
  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index, posenc::precision& out,
                              posenc::integer_range);
  template <class T, std::enable_if_t<std::is_enum_v<T>, int> = 0>
  void read(const field_name& name, const field_value& v, std::size_t index, T& out, posenc::integer_range) {
    out = enum_names<T>::parse(text(name, v, index));
  }
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  void read(const field_name& name, const field_value& v, std::size_t index, T& out, posenc::integer_range range) {
    out = T(integer(name, v, index, range));
  }
  [[gnu::noinline]] std::int64_t integer(const field_name& name, const field_value& v, std::size_t index,
                                         posenc::integer_range range) const;
  static std::vector<double> numbers(const field_name& name, const val& v);
  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index, std::vector<double>& out,
                              posenc::integer_range);
  // Integers in range; the name of an element is built only for one that fails (a string per
  // element cost as much as rotating the rows of a small call).
  [[gnu::noinline]] void read(const field_name& name, const field_value& v, std::size_t index,
                              std::vector<std::int64_t>& out, posenc::integer_range range);
  template <class T>
  void read(const field_name& name, const field_value& v, std::size_t index, std::optional<T>& out,
            posenc::integer_range range) {
    T value{};
    read(name, v, index, value, range);
    out = std::move(value);
  }
  template <class T, std::enable_if_t<has_fields<T>::value, int> = 0>
  void read(const field_name& name, const field_value& v, std::size_t index, T& out, posenc::integer_range) {
    read_object(v.js(index), name, out);
  }

  std::string prefix_;
  field_slot slots_[max_fields];
  char text_[text_bytes];
  val others_ = val::undefined();
  std::size_t next_ = 0;
};

// Reads an options struct T from the options object of a call (which the library has checked
// to be an object).
template <class T>
T read(const val& object) {
  T out{};
  reader::fill(object, "", out);
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

  // A field only read (posenc::input_only) is never written: no code for it.
  template <class T, class... Ignored>
  void operator()(const char*, const T&, posenc::input_only, Ignored...) {}

  template <class T>
  static val to_js(const T& v, absent mode) {
    if constexpr (has_fields<T>::value) {
      val out = val::object();
      writer fields(out, mode);
      for_each_field(const_cast<T&>(v), fields);
      return out;
    } else if constexpr (std::is_enum_v<T>) {
      using posenc::to_string;  // and, found by argument, the to_string of another namespace's enum
      return val(std::string(to_string(v)));
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      return copy_out("Float64Array", v);
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
      val out = val::array();
      for (const auto& s : v) out.call<void>("push", val(s));
      return out;
    } else if constexpr (std::is_same_v<T, std::vector<std::pair<std::string, std::string>>>) {
      val out = val::object();  // named values, in order (a note's)
      for (const auto& [name, value] : v) out.set(name, val(value));
      return out;
    } else if constexpr (is_vector_of_fields<T>::value) {
      val out = val::array();
      for (const auto& item : v) out.call<void>("push", to_js(item, mode));
      return out;
    } else if constexpr (std::is_same_v<T, std::vector<std::int64_t>> || std::is_same_v<T, std::vector<std::size_t>>) {
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
