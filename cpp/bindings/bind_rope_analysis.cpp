// The module's RoPE analysis functions (the rotation matrix, scores by distance, the decay bound,
// the precision lab): called once per figure or table, not per token, so this file is built for
// size. Each reads its options struct, calls the core and copies the result out, or returns the
// Error that describes bad input. The rules and defaults are the core's; the readers check only a
// value's type and an array's length.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "js_arrays.hpp"
#include "js_errors.hpp"
#include "js_objects.hpp"
#include "posenc/posenc.hpp"

using emscripten::val;

namespace {

using js::floats;
using js::guarded;
using js::read;
using js::to_js;
using js::to_js_f64;
using js::with_options;

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

val pair_angles(val a, val b, val o) {
  return guarded([&] {
    const auto p = read<posenc::pair_angle_options>(o);
    const auto av = floats("a", a), bv = floats("b", b);
    return to_js_f64(posenc::pair_angles(av.data(), av.size(), bv.data(), bv.size(), p));
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
    const std::size_t n = p.positions.size();
    if (errors)
      return parts_to_js(posenc::rope_precision_error(p.variant, positions, n, p.dim, p.base, p.scaling, p.seq_len));
    return parts_to_js(posenc::rope_precision_table(p.variant, positions, n, p.dim, p.base, p.scaling, p.seq_len));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_rope_analysis) {
  using emscripten::function;
  function("ropeMatrix", &rope_matrix);
  function("ropeScoreByDistance", &rope_score_by_distance);
  function("pairAngles", &pair_angles);
  function("ropeDecayBound", &rope_decay_bound);
  function("ropePrecision", &rope_precision);
}
