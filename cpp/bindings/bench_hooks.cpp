// Benchmark hooks, not API: the baselines of cpp/bench/baselines.hpp callable from
// tools/bench-wasm.mjs, so "the same loop inside wasm" is measured in the same run as
// the library. They take a Buffer made by createBuffer (cpp/bindings/handles.post.js).
#include <emscripten/bind.h>

#include <cstdint>
#include <cstring>

#include "../bench/baselines.hpp"

namespace {

// buffer address and length come from JS as numbers (a view's byteOffset and length).
void bench_stream_in_place(double address, double length, double a) {
  posenc::baselines::stream_in_place(reinterpret_cast<float*>(std::uintptr_t(address)), std::size_t(length), float(a));
}

// memcpy between two buffers: the same bytes as an in-place pass, through twice the memory.
void bench_memcpy(double to, double from, double length) {
  std::memcpy(reinterpret_cast<float*>(std::uintptr_t(to)), reinterpret_cast<const float*>(std::uintptr_t(from)),
              std::size_t(length) * sizeof(float));
}

void bench_naive_sinusoidal(double address, double positions, double dim) {
  posenc::baselines::naive_sinusoidal(std::size_t(positions), std::size_t(dim), 10000.0,
                                      reinterpret_cast<float*>(std::uintptr_t(address)));
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_bench_hooks) {
  emscripten::function("benchStreamInPlace", &bench_stream_in_place);
  emscripten::function("benchMemcpy", &bench_memcpy);
  emscripten::function("benchNaiveSinusoidal", &bench_naive_sinusoidal);
}
