// What the kernels are measured against, compiled into the native benchmark and into
// the wasm module (as benchmark hooks), so each yardstick is the same code on both.
#pragma once

#include <cstddef>

namespace posenc::baselines {

// The honest limit for in-place work: read and write every float once.
void stream_in_place(float* x, std::size_t n, float a);

// What a user would write for a sinusoidal table: sinf/cosf of the float32 product
// p * theta_i (inaccurate at large positions: it misses the accuracy contract).
void naive_sinusoidal(std::size_t positions, std::size_t dim, double base, float* out);

}  // namespace posenc::baselines
