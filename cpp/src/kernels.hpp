// The hot loops, each written twice: a plain scalar reference and an xsimd version.
// A kernel_table bundles one implementation of each; the public functions call the
// active table (see posenc/backend.hpp), tests and benchmarks call both and compare.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace posenc::kernels {

struct kernel_table {
  const char* name;
  // sin and cos of n angles already reduced to [-pi, pi] (see angles.hpp).
  void (*sincos)(const float* angle, std::size_t n, float* sin_out, float* cos_out);
  // `rows` positions, each a row of `heads` vectors of `dim` floats ([rows x heads x dim]):
  // rotates the first `rotary` features of every vector of row r by the pair angles whose
  // cos/sin are cos + r * table_stride, sin + r * table_stride (rotary/2 values each).
  // Interleaved pairs (2i, 2i+1). scratch holds 2 * rotary floats. One call for many rows
  // (a whole offset range of the cache) saves a call and its set-up per row.
  void (*rotate_interleaved)(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                             const float* cos, const float* sin, std::size_t table_stride, float* scratch);
  // Same with half-layout pairs (i, i + rotary/2).
  void (*rotate_half)(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                      const float* cos, const float* sin, std::size_t table_stride);
  // rotate_interleaved / rotate_half of `rows` consecutive rows of x ([rows x heads x dim]),
  // the cos/sin row of each formed from two rows and never stored: row r takes the angle
  // sum of (cos_a, sin_a) and the r-th rows of cos_b, sin_b ([rows x rotary/2] each);
  // per pair, cos = cos_a cos_b - sin_a sin_b and sin = sin_a cos_b + cos_a sin_b
  // (add_angles), both times factor unless factor is 1 (the attention factor), then the
  // rotation of every head. The same float operations in the same order as add_angles,
  // the scaling and rotate_*: the result is bit-identical to that sequence.
  void (*rotate_interleaved_sum)(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                                 const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b,
                                 float factor);
  void (*rotate_half_sum)(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                          const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b, float factor);
  // sum a[i] * b[i]
  float (*dot)(const float* a, const float* b, std::size_t n);
  // out[i * out_stride + j] = factor * (q_i . k_j) for the `queries` rows q_i of q
  // ([queries x dim]) and the `rows` rows k_j of k ([rows x dim]): the attention logits.
  // Passing several queries at once lets a kernel reuse each key it loads.
  void (*dot_rows)(const float* q, std::size_t queries, const float* k, std::size_t rows, std::size_t dim, float factor,
                   float* out, std::size_t out_stride);
  // out[i] = a[i] + b[i]
  void (*add)(const float* a, const float* b, float* out, std::size_t n);
  // Angle addition, one complex multiply per entry: (cos, sin)(a + b) from those of a
  // and b. out_cos/out_sin may not alias the inputs.
  void (*add_angles)(const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b, float* out_cos,
                     float* out_sin, std::size_t n);
  // add_angles written as one interleaved row, out[2i] = sin and out[2i + 1] = cos of entry i
  // (sinusoidal's interleaved layout): the same operations, so the same bits, without the
  // second pass over the row that interleaving the two outputs would take.
  void (*add_angles_interleaved)(const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b,
                                 float* out, std::size_t n);
  // out[2i] = even[i], out[2i + 1] = odd[i]: a row kept as two halves, interleaved.
  void (*interleave)(const float* even, const float* odd, float* out, std::size_t n);
  // even[i] = in[2i], odd[i] = in[2i + 1]: interleave's inverse, which writes rotated adjacent pairs as
  // halves (rope's interleaved-to-half layout). in may not alias even or odd.
  void (*deinterleave)(const float* in, float* even, float* odd, std::size_t n);
  // gaussian::scaled_normals (see gaussian.hpp): the seeded N(0, scale^2) values first.. of a
  // stream, the same bits from every table.
  void (*scaled_normals)(std::uint64_t seed, std::uint64_t stream, std::uint64_t first, std::size_t count, double scale,
                         float* out);
};

const kernel_table& scalar_table() noexcept;
// The SIMD table the simd backend runs: the best target the running CPU supports, unless
// the environment variable POSENC_KERNELS names another (read once, for tests and
// benchmarks; see runnable_simd_tables). nullptr when the build has no SIMD kernels.
const kernel_table* simd_table() noexcept;
// Every SIMD table of this build the running CPU can execute, the baseline first and the
// best last; empty without SIMD kernels.
std::vector<const kernel_table*> runnable_simd_tables();
// The table in use until use_backend or use_table picks one: natively simd_table(), or the
// scalar table when POSENC_KERNELS is "scalar"; without SIMD kernels the scalar table. A wasm
// SIMD build never takes the scalar one, so its module links no scalar kernel.
const kernel_table& default_table() noexcept;
// The table selected by posenc::use_backend.
const kernel_table& active_table() noexcept;
// Makes `table` (scalar_table() or one of runnable_simd_tables()) the active one, for tests
// and benchmarks that compare the SIMD targets; use_backend(simd) returns to simd_table().
void use_table(const kernel_table& table) noexcept;

// The SIMD tables, one per compilation of kernels_simd.cpp, each in its own namespace:
// the baseline target (SSE2 on x86-64, SIMD128 in wasm) and, on x86-64, AVX2 and AVX-512.
// Only kernels_dispatch.cpp calls them, for the targets the build has and the CPU runs.
namespace baseline {
const kernel_table& table() noexcept;
}
namespace avx2 {
const kernel_table& table() noexcept;
}
namespace avx512 {
const kernel_table& table() noexcept;
}

}  // namespace posenc::kernels
