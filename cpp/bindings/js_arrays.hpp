// JavaScript arrays <-> wasm memory: copies in and out, and the stream through which rope() reads
// and writes a Float32Array a block at a time.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "js_objects.hpp"
#include "posenc/posenc.hpp"

namespace js {

inline std::size_t checked_length(const char* name, const val& array) {
  return std::size_t(posenc::checked_integer(std::string(name) + ".length", array["length"].as<double>(), 0,
                                             std::int64_t(posenc::max_elements)));
}

// A vector whose elements start uninitialised: inputs are overwritten by the copy from
// JavaScript at once, so zero-filling them first would be a wasted pass over memory.
template <class T>
struct uninitialised : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = uninitialised<U>;
  };
  uninitialised() = default;
  template <class U>
  uninitialised(const uninitialised<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
};
using input_floats = std::vector<float, uninitialised<float>>;

// A copy of a JavaScript Float32Array (the length is checked before allocating).
inline input_floats floats(const char* name, const val& array) {
  input_floats v(checked_length(name, array));
  val(emscripten::typed_memory_view(v.size(), v.data())).call<void>("set", array);
  return v;
}

// ---- C++ -> JS: copies, so no later call (or memory growth) can invalidate a result ----
inline val to_js(const std::vector<float>& v) { return js::writer::copy_out("Float32Array", v); }
inline val to_js(const input_floats& v) { return js::writer::copy_out("Float32Array", v); }
inline val to_js(const std::vector<std::int32_t>& v) { return js::writer::copy_out("Int32Array", v); }
inline val to_js(const std::vector<double>& v) {
  return to_js(std::vector<float>(v.begin(), v.end()));  // the API returns float32 frequencies
}
inline val to_js_f64(const std::vector<double>& v) { return js::writer::copy_out("Float64Array", v); }

// A JavaScript Float32Array streamed through the core's block of wasm memory.
class js_array_blocks : public posenc::rope_block_io {
 public:
  js_array_blocks(val in, val out) : in_(std::move(in)), out_(std::move(out)) {}
  void read(float* block, std::size_t first, std::size_t n) override {
    const val part = in_.call<val>("subarray", double(first), double(first + n));
    val(emscripten::typed_memory_view(n, block)).call<void>("set", part);
  }
  // A fresh view each time: the rotation may grow wasm memory (its cos/sin cache).
  void write(const float* block, std::size_t first, std::size_t n) override {
    out_.call<void>("set", val(emscripten::typed_memory_view(n, block)), double(first));
  }

 private:
  val in_, out_;
};

}  // namespace js
