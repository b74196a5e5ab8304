// ropePlan(): a rope() call prepared once (posenc::rope_plan: options checked when it is made, its
// own cos/sin rows kept). Each apply() is a direct call of a wasm export with numbers and
// addresses, not an Embind call: a decode step rotates one token per layer, where the generic
// invoker and the options object cost more than the rotation itself.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <utility>
#include <vector>

#include "js_errors.hpp"
#include "js_objects.hpp"
#include "posenc/posenc.hpp"

using emscripten::val;

namespace {

class plan_handle {
 public:
  explicit plan_handle(posenc::rope_options o) : plan_(std::move(o)) {}
  posenc::rope_plan& plan() { return plan_; }

  // Byte addresses of scratch space the library copies Float32Array inputs and positions into
  // (0 when it does not fit in memory); growing it may grow wasm memory, so the caller fetches
  // its heap views afterwards.
  double floats(double n) { return address_of(floats_, std::size_t(n)); }
  double positions(double n) { return address_of(positions_, std::size_t(n)); }

  // The Error of the last apply that failed.
  val error() const { return error_; }
  int fail(val error) {
    error_ = std::move(error);
    return 1;
  }

 private:
  template <class T>
  static double address_of(std::vector<T>& v, std::size_t n) {
    try {
      if (v.size() < n) v.resize(n);
    } catch (const std::exception&) {  // bad_alloc, or length_error past the vector's max_size()
      return 0;
    }
    return double(reinterpret_cast<std::uintptr_t>(v.data()));
  }

  posenc::rope_plan plan_;
  std::vector<float> floats_;
  std::vector<double> positions_;
  val error_ = val::undefined();
};

plan_handle* plan_at(double address) { return reinterpret_cast<plan_handle*>(std::uintptr_t(address)); }

// A plan, as the byte address its JavaScript handle keeps (cpp/bindings/handles.post.js).
val new_rope_plan(val o) {
  return js::guarded([&] {
    return val(double(reinterpret_cast<std::uintptr_t>(new plan_handle(js::read<posenc::rope_options>(o)))));
  });
}

val rope_plan_error(double plan) { return plan_at(plan)->error(); }

}  // namespace

// The plan's scratch space (see plan_handle) and its delete().
extern "C" EMSCRIPTEN_KEEPALIVE double posenc_plan_floats(plan_handle* plan, double n) { return plan->floats(n); }
extern "C" EMSCRIPTEN_KEEPALIVE double posenc_plan_positions(plan_handle* plan, double n) { return plan->positions(n); }
extern "C" EMSCRIPTEN_KEEPALIVE void posenc_plan_free(plan_handle* plan) { delete plan; }

// Rotates `length` floats at x in place, row s at position offset + s. 0, or 1 with the plan's
// error() set; nothing is thrown out of wasm.
extern "C" EMSCRIPTEN_KEEPALIVE int posenc_plan_apply(plan_handle* plan, float* x, double length, double offset) {
  const val result = js::guarded([&] {
    const auto n = posenc::checked_integer("x.length", length, 0, std::int64_t(posenc::max_elements));
    const auto first = posenc::checked_integer("offset", offset, 0, posenc::position_limit - 1);
    plan->plan().apply(x, std::size_t(n), first);
    return val::undefined();
  });
  return result.isUndefined() ? 0 : plan->fail(result);
}

// The same with explicit positions, `count` doubles at `positions` (axes x seq with sections).
extern "C" EMSCRIPTEN_KEEPALIVE int posenc_plan_apply_positions(plan_handle* plan, float* x, double length,
                                                                const double* positions, double count) {
  const val result = js::guarded([&] {
    const auto n = posenc::checked_integer("x.length", length, 0, std::int64_t(posenc::max_elements));
    const auto m =
        std::size_t(posenc::checked_integer("positions.length", count, 0, std::int64_t(posenc::max_elements)));
    std::vector<std::int64_t> listed(m);
    for (std::size_t i = 0; i < m; ++i) {
      const double p = positions[i];
      const bool valid = p >= 0 && p < double(posenc::position_limit) && p == double(std::int64_t(p));
      listed[i] =
          valid ? std::int64_t(p)
                : posenc::checked_integer("positions[" + std::to_string(i) + "]", p, 0, posenc::position_limit - 1);
    }
    plan->plan().apply(x, std::size_t(n), listed.data(), m);
    return val::undefined();
  });
  return result.isUndefined() ? 0 : plan->fail(result);
}

EMSCRIPTEN_BINDINGS(posenc_rope_plan) {
  emscripten::function("newRopePlan", &new_rope_plan);
  emscripten::function("ropePlanError", &rope_plan_error);
}
