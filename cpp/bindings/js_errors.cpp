#include "js_errors.hpp"

namespace js {

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
