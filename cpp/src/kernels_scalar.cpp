// The scalar references: the formulas of kernel_formulas.hpp, one element at a time.
#include <algorithm>
#include <cmath>

#include "gaussian.hpp"
#include "kernels.hpp"

namespace posenc::kernels {
// Named (not anonymous) so the symbol map tells the twins apart in the wasm check.
namespace scalar_impl {

#define POSENC_KERNEL_FORMULAS_SCOPE posenc::kernels::scalar_impl
#include "kernel_formulas.hpp"

void sincos(const float* angle, std::size_t n, float* sin_out, float* cos_out) {
  for (std::size_t i = 0; i < n; ++i) {
    sin_out[i] = std::sin(angle[i]);
    cos_out[i] = std::cos(angle[i]);
  }
}

void rotate_interleaved(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                        const float* cos, const float* sin, std::size_t table_stride, float* /*scratch*/) {
  for (std::size_t r = 0; r < rows; ++r, cos += table_stride, sin += table_stride)
    for (std::size_t h = 0; h < heads; ++h) {
      float* v = x + (r * heads + h) * dim;
      for (std::size_t i = 0; i < rotary / 2; ++i) rotate_pair(v[2 * i], v[2 * i + 1], cos[i], sin[i]);
    }
}

void rotate_half(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary, const float* cos,
                 const float* sin, std::size_t table_stride) {
  const std::size_t half = rotary / 2;
  for (std::size_t r = 0; r < rows; ++r, cos += table_stride, sin += table_stride)
    for (std::size_t h = 0; h < heads; ++h) {
      float* v = x + (r * heads + h) * dim;
      rotate_half_pairs(v, v + half, cos, sin, 0, half);
    }
}

// The fused rotations take the pairs of a row a few at a time: the cos/sin of `chunk`
// pairs are formed once, then serve every head (and the short loops still vectorise
// natively).
constexpr std::size_t chunk = 8;

// The cos/sin of pair i of a fused rotation's row.
void pair_angle_sum(const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b, std::size_t i,
                    float factor, float& c, float& s) {
  scaled_angle_sum(cos_a[i], sin_a[i], cos_b[i], sin_b[i], factor != 1.0f, factor, c, s);
}

void rotate_interleaved_sum(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                            const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b,
                            float factor) {
  const std::size_t half = rotary / 2;
  for (std::size_t r = 0; r < rows; ++r, x += heads * dim, cos_b += half, sin_b += half)
    for (std::size_t i0 = 0; i0 < half; i0 += chunk) {
      const std::size_t m = std::min(chunk, half - i0);
      float c[chunk], s[chunk];
      for (std::size_t t = 0; t < m; ++t) pair_angle_sum(cos_a, sin_a, cos_b, sin_b, i0 + t, factor, c[t], s[t]);
      for (std::size_t h = 0; h < heads; ++h) {
        float* v = x + h * dim + 2 * i0;
        for (std::size_t t = 0; t < m; ++t) rotate_pair(v[2 * t], v[2 * t + 1], c[t], s[t]);
      }
    }
}

void rotate_half_sum(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                     const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b, float factor) {
  const std::size_t half = rotary / 2;
  for (std::size_t r = 0; r < rows; ++r, x += heads * dim, cos_b += half, sin_b += half)
    for (std::size_t i0 = 0; i0 < half; i0 += chunk) {
      const std::size_t m = std::min(chunk, half - i0);
      float c[chunk], s[chunk];
      for (std::size_t t = 0; t < m; ++t) pair_angle_sum(cos_a, sin_a, cos_b, sin_b, i0 + t, factor, c[t], s[t]);
      for (std::size_t h = 0; h < heads; ++h) {
        float* v = x + h * dim + i0;
        for (std::size_t t = 0; t < m; ++t) rotate_pair(v[t], v[t + half], c[t], s[t]);
      }
    }
}

float dot(const float* a, const float* b, std::size_t n) { return dot_in_order(0.0f, a, b, 0, n); }

void dot_rows(const float* q, std::size_t queries, const float* k, std::size_t rows, std::size_t dim, float factor,
              float* out, std::size_t out_stride) {
  for (std::size_t i = 0; i < queries; ++i)
    for (std::size_t j = 0; j < rows; ++j) out[i * out_stride + j] = factor * dot(q + i * dim, k + j * dim, dim);
}

void add(const float* a, const float* b, float* out, std::size_t n) { add_entries(a, b, out, 0, n); }

void add_angles(const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b, float* out_cos,
                float* out_sin, std::size_t n) {
  add_angles_entries(cos_a, sin_a, cos_b, sin_b, out_cos, out_sin, 0, n);
}

void add_angles_interleaved(const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b, float* out,
                            std::size_t n) {
  add_angles_interleaved_entries(cos_a, sin_a, cos_b, sin_b, out, 0, n);
}

void interleave(const float* even, const float* odd, float* out, std::size_t n) {
  interleave_entries(even, odd, out, 0, n);
}

void deinterleave(const float* in, float* even, float* odd, std::size_t n) {
  deinterleave_entries(in, even, odd, 0, n);
}

}  // namespace scalar_impl

const kernel_table& scalar_table() noexcept {
  static const kernel_table table{"scalar",
                                  scalar_impl::sincos,
                                  scalar_impl::rotate_interleaved,
                                  scalar_impl::rotate_half,
                                  scalar_impl::rotate_interleaved_sum,
                                  scalar_impl::rotate_half_sum,
                                  scalar_impl::dot,
                                  scalar_impl::dot_rows,
                                  scalar_impl::add,
                                  scalar_impl::add_angles,
                                  scalar_impl::add_angles_interleaved,
                                  scalar_impl::interleave,
                                  scalar_impl::deinterleave,
                                  gaussian::scaled_normals};
  return table;
}

}  // namespace posenc::kernels
