// The hot loops, each written twice: a plain scalar reference and an xsimd version.
// A kernel_table bundles one implementation of each; the public functions call the
// active table (see posenc/backend.hpp), tests and benchmarks call both and compare.
#pragma once

#include <cstddef>

namespace posenc::kernels {

struct kernel_table {
  const char* name;
  // sin and cos of n angles already reduced to [-pi, pi] (see angles.hpp).
  void (*sincos)(const float* angle, std::size_t n, float* sin_out, float* cos_out);
  // One position, `heads` vectors of `dim` floats each: rotates the first `rotary`
  // features of each by the pair angles whose cos/sin are given (rotary/2 values).
  // Interleaved pairs (2i, 2i+1). scratch holds 2 * rotary floats.
  void (*rotate_interleaved)(float* x, std::size_t heads, std::size_t dim, std::size_t rotary,
                             const float* cos, const float* sin, float* scratch);
  // Same with half-layout pairs (i, i + rotary/2).
  void (*rotate_half)(float* x, std::size_t heads, std::size_t dim, std::size_t rotary,
                      const float* cos, const float* sin);
  // sum a[i] * b[i]
  float (*dot)(const float* a, const float* b, std::size_t n);
  // out[j] = factor * (q . k_j) for the `rows` rows k_j of k ([rows x dim]): one query
  // against many keys, the inner loop of attention logits.
  void (*dot_rows)(const float* q, const float* k, std::size_t rows, std::size_t dim, float factor, float* out);
  // out[i] = a[i] + b[i]
  void (*add)(const float* a, const float* b, float* out, std::size_t n);
  // Angle addition, one complex multiply per entry: (cos, sin)(a + b) from those of a
  // and b. out_cos/out_sin may not alias the inputs.
  void (*add_angles)(const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b,
                     float* out_cos, float* out_sin, std::size_t n);
};

const kernel_table& scalar_table() noexcept;
// nullptr when the build has no SIMD kernels.
const kernel_table* simd_table() noexcept;
// The table selected by posenc::use_backend.
const kernel_table& active_table() noexcept;

}  // namespace posenc::kernels
