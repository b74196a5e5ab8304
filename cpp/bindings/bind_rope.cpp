// The module's RoPE rotations and the functions that read their options (the analysis functions
// are in bind_rope_analysis.cpp, the rest in embind.cpp, the helpers in js_*.hpp): each reads its
// options struct from the caller's options object, calls the core and copies the result out, or
// returns the Error that describes bad input. The rules and defaults are the core's: this file checks
// only what the conversion needs (a value's type, an array's length), and does no math.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>

#include "js_arrays.hpp"
#include "js_errors.hpp"
#include "js_objects.hpp"
#include "posenc/posenc.hpp"

using emscripten::val;

namespace {

using js::checked_length;
using js::guarded;
using js::js_array_blocks;
using js::read;
using js::with_options;

// rope(x, o) on a Float32Array: into a fresh array, or into x itself (ropeInto), which saves
// allocating a JavaScript array (a large share of the cost for big inputs).
val rope_blocks(val x, val out, val o) {
  return guarded([&] {
    js_array_blocks io(x, out);
    posenc::rope_apply_blocks(checked_length("x", x), read<posenc::rope_options>(o), read<posenc::rope_positions>(o),
                              io);
    return out;
  });
}
val rope(val x, val o) { return rope_blocks(x, val::global("Float32Array").new_(x["length"]), o); }
val rope_into(val x, val o) { return rope_blocks(x, x, o); }

// rope() on a WasmBuffer, in place: its floats' address and length, as its handle keeps them
// (cpp/bindings/handles.post.js, which defines the module's ropeBuffer(buffer, o) over this).
val rope_buffer_at(double address, double length, val o) {
  return guarded([&] {
    const auto r = read<posenc::rope_options>(o);
    posenc::rope_apply(reinterpret_cast<float*>(std::uintptr_t(address)), std::size_t(length), r,
                       read<posenc::rope_positions>(o));
    return val::undefined();
  });
}

val rope_frequencies(val o) {
  return with_options<posenc::rope_options>(o, [](const auto& r) { return posenc::rope_frequencies(r); });
}

val rope_attention_factor(val o) {
  return guarded([&] { return val(posenc::rope_attention_factor(read<posenc::rope_factor_options>(o))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_rope) {
  using emscripten::function;
  function("rope", &rope);
  function("ropeInto", &rope_into);
  function("ropeBufferAt", &rope_buffer_at);
  function("ropeFrequencies", &rope_frequencies);
  function("ropeAttentionFactor", &rope_attention_factor);
}
