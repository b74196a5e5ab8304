// How an options struct names its fields for the API. Each options struct of the core lists
// its fields once, beside its declaration, as a for_each_field function:
//
//   template <class Field> void for_each_field(rope_options& o, Field&& field) {
//     field("dim", o.dim, presence::required, integer_range{1, max_dim});
//     field("base", o.base);
//   }
//
// A binding walks that list to fill the struct from an object of the host language (by the
// API's names), so a new field is written in its struct's header and nowhere else in C++.
// A list holds only what a reader needs to convert a value (whether it may be absent, the
// range of an integer); every other rule (an even dim, min <= max) is the core's, checked
// where the struct is used.
#pragma once

#include <cstdint>

namespace posenc {

// Whether the API lets a caller leave a field out (its default applies).
enum class presence { optional, required };

// The integers an integer field can hold, used when a binding converts a number to it (the
// core checks the finer rules, such as an even dim, where the value is used).
struct integer_range {
  std::int64_t lo, hi;
};

// Marks a field the API reads and never writes back, given before the presence:
//   field("gridWidth", o.grid_width, input_only{});
// No result carries it, so the writer of results leaves it out, and a module that only writes the
// struct (a model's options) links no code for it.
struct input_only {};

}  // namespace posenc
