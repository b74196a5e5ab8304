// C++ errors -> JavaScript Error objects returned as a call's result. Nothing is thrown through
// wasm: a C++ exception crossing the boundary would leak and could leave the instance in a bad
// state; the JavaScript wrapper rethrows the object it gets.
#pragma once

#include <emscripten/val.h>

#include <exception>
#include <new>
#include <string>
#include <type_traits>

#include "js_arrays.hpp"
#include "js_objects.hpp"
#include "posenc/error.hpp"

namespace js {

// An Error of class `type` ("TypeError", "RangeError" or "Error") with the core's message, made by the
// library's posencError (web/lib/errors.js) once the library has installed it: an error keeps the place
// where it was made, which Node prints above an uncaught error's stack, and the glue is one minified line.
val error_object(const char* type, const std::string& message);

// compute(context)'s value, or the Error that describes why it failed: a missing argument is a
// TypeError, a bad value a RangeError, both with the core's message. One function for every call
// of the module, so that its handlers are in the wasm once, not copied into every binding.
val guarded_call(val (*compute)(void*), void* context);

template <class F>
val guarded(F&& compute) {
  return guarded_call([](void* context) { return (*static_cast<std::remove_reference_t<F>*>(context))(); },
                      const_cast<void*>(static_cast<const void*>(&compute)));
}

// guarded() over a function of one options struct read from o, its result copied out.
template <class Options, class F>
val with_options(const val& o, F&& compute) {
  return guarded([&] { return to_js(compute(read<Options>(o))); });
}

}  // namespace js
