#include "js_errors.hpp"

namespace js {

val error_object(const char* type, const std::string& message) {
  const val make = val::module_property("posencError");
  if (make.isUndefined()) return val::global(type).new_(val(message));
  return make(val(type), val(message));
}

val guarded_call(val (*compute)(void*), void* context) {
  try {
    return compute(context);
  } catch (const error_result& e) {
    return e.error;
  } catch (const posenc::missing_argument& e) {
    return error_object("TypeError", e.what());
  } catch (const posenc::invalid_argument& e) {
    return error_object("RangeError", e.what());
  } catch (const std::bad_alloc&) {
    return error_object("RangeError", "out of memory: the request does not fit in the wasm heap (at most 2 GiB)");
  } catch (const std::exception& e) {
    return error_object("Error", e.what());
  }
}

}  // namespace js
