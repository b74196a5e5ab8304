// The length lab's module (posenc-lab-*.wasm): a trainer lives on the wasm heap, and JavaScript keeps
// its byte address in a small handle (web/lib/lab.js) that calls the functions below with it, as a
// RopePlan's does. Each function reads its options struct through the field lists of lab.hpp, calls
// the trainer, and copies the result out, or returns the Error that describes bad input: nothing is
// thrown out of wasm, so a refused call leaves the instance and the trainer as they were.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cstdint>
#include <string>

#include "js_arrays.hpp"
#include "js_errors.hpp"
#include "js_objects.hpp"
#include "posenc/lab.hpp"

using emscripten::val;
namespace lab = posenc::lab;

// The lab's two enums, read by name like the core's (js_objects.hpp).
template <>
struct js::enum_names<lab::task> {
  static lab::task parse(const std::string& name) { return lab::parse_task(name); }
};
template <>
struct js::enum_names<lab::encoding> {
  static lab::encoding parse(const std::string& name) { return lab::parse_encoding(name); }
};

namespace {

lab::trainer& trainer_at(double address) { return *reinterpret_cast<lab::trainer*>(std::uintptr_t(address)); }

// The options as the caller named them. The core's layout reader names its parameter "layout", which
// in these options is ropeLayout.
lab::lab_options read_options(const val& o) {
  try {
    return js::read<lab::lab_options>(o);
  } catch (const posenc::invalid_argument& e) {
    const std::string message = e.what();
    if (e.parameter() != "layout" || message.rfind("layout ", 0) != 0) throw;
    throw posenc::invalid_argument("ropeLayout", "ropeLayout" + message.substr(6));
  }
}

// A trainer built from the options, as the byte address its handle keeps.
val new_lab(val o) {
  return js::guarded([&] {
    const lab::lab_options options = read_options(o);
    return val(double(reinterpret_cast<std::uintptr_t>(new lab::trainer(options))));
  });
}

// Trains `steps` steps; their mean loss.
val lab_train(double address, double steps) {
  return js::guarded([&] {
    const auto n = posenc::checked_integer("steps", steps, 0, 1000000);
    return val(trainer_at(address).train(n));
  });
}

val lab_evaluate(double address, val o) {
  return js::guarded([&] {
    const auto results = trainer_at(address).evaluate(js::read<lab::evaluate_options>(o));
    val out = val::array();
    for (const auto& r : results) {
      val row = val::object();
      row.set("length", double(r.length));
      row.set("exactMatch", r.exact_match);
      row.set("tokenAccuracy", r.token_accuracy);
      row.set("positionAccuracy", js::to_js_f64(r.position_accuracy));
      out.call<void>("push", row);
    }
    return out;
  });
}

val lab_attention(double address, val o) {
  return js::guarded([&] {
    const lab::attention_map map = trainer_at(address).attention(js::read<lab::attention_options>(o));
    val out = val::object();
    out.set("tokens", js::to_js(map.tokens));
    out.set("weights", js::to_js(map.weights));
    out.set("size", double(map.size));
    return out;
  });
}

// The trainer's state, read by the handle; none of these can fail.
val options_of(double address) { return js::writer::to_js(trainer_at(address).options(), js::writer::absent::omit); }
val losses_of(double address) { return js::to_js(trainer_at(address).losses()); }
double steps_of(double address) { return double(trainer_at(address).steps_done()); }
double parameter_count_of(double address) { return double(trainer_at(address).parameter_count()); }

double heap_bytes() { return double(mallinfo().uordblks); }
// Whether this is the SIMD128 build: load() refuses a lab module of the other flavour than its glue.
bool simd() { return posenc::simd_available(); }

}  // namespace

// A handle's delete(): the trainer and everything it holds.
extern "C" EMSCRIPTEN_KEEPALIVE void posenc_lab_free(lab::trainer* trainer) { delete trainer; }

EMSCRIPTEN_BINDINGS(posenc_lab) {
  using emscripten::function;
  function("newLab", &new_lab);
  function("labTrain", &lab_train);
  function("labEvaluate", &lab_evaluate);
  function("labAttention", &lab_attention);
  function("labOptions", &options_of);
  function("labLosses", &losses_of);
  function("labSteps", &steps_of);
  function("labParameterCount", &parameter_count_of);
  function("heapBytes", &heap_bytes);
  function("simd", &simd);
}
