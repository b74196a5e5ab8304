// The module's RoPE functions (the rest are in embind.cpp, the helpers in js_*.hpp): each reads
// its options struct from the caller's options object, calls the core and copies the result
// out, or returns the Error that describes bad input. No checks, defaults or math here.
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
using js::floats;
using js::guarded;
using js::js_array_blocks;
using js::read;
using js::to_js;
using js::to_js_f64;
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

val rope_matrix(val o) {
  return with_options<posenc::rope_matrix_options>(
      o, [](const auto& m) { return posenc::rope_matrix(m.position, m.dim, m.base); });
}

val rope_score_by_distance(val q, val k, val o) {
  return guarded([&] {
    const auto d = read<posenc::rope_distance_options>(o);
    const auto qv = floats("q", q), kv = floats("k", k);
    return to_js(posenc::rope_score_by_distance(qv.data(), qv.size(), kv.data(), kv.size(), d));
  });
}

val rope_decay_bound(val o) {
  return with_options<posenc::rope_distance_options>(
      o, [](const auto& d) { return posenc::rope_decay_bound(d.dim, d.base, d.max_distance); });
}

template <class Parts>
val parts_to_js(const Parts& p) {
  val out = val::object();
  out.set("angle", to_js_f64(p.angle));
  out.set("cos", to_js_f64(p.cos));
  out.set("sin", to_js_f64(p.sin));
  return out;
}

val rope_precision(val o, bool errors) {
  return guarded([&] {
    const auto p = read<posenc::precision_options>(o);
    const auto* positions = p.positions.data();
    if (errors)
      return parts_to_js(posenc::rope_precision_error(p.variant, positions, p.positions.size(), p.dim, p.base));
    return parts_to_js(posenc::rope_precision_table(p.variant, positions, p.positions.size(), p.dim, p.base));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_rope) {
  using emscripten::function;
  function("rope", &rope);
  function("ropeInto", &rope_into);
  function("ropeBufferAt", &rope_buffer_at);
  function("ropeFrequencies", &rope_frequencies);
  function("ropeAttentionFactor", &rope_attention_factor);
  function("ropeMatrix", &rope_matrix);
  function("ropeScoreByDistance", &rope_score_by_distance);
  function("ropeDecayBound", &rope_decay_bound);
  function("ropePrecision", &rope_precision);
}
