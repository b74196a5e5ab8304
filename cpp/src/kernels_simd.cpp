// The xsimd kernels: a vector body plus a tail, twins of kernels_scalar.cpp.
// Compiled for the baseline arch natively and for SIMD128 (via xsimd's SSE4.1
// backend) under Emscripten.
#include <xsimd/xsimd.hpp>

#include <algorithm>
#include <cmath>

#include "kernels.hpp"

namespace posenc::kernels {
// Named (not anonymous) so the symbol map tells the twins apart in the wasm check.
namespace simd_impl {

using batch = xsimd::batch<float>;
constexpr std::size_t width = batch::size;

// Lane i takes lane i ^ 1: swaps the two members of every interleaved pair.
struct pair_swap {
  static constexpr std::uint32_t get(std::size_t i, std::size_t) { return static_cast<std::uint32_t>(i ^ 1u); }
};
const auto swap_pairs = xsimd::make_batch_constant<xsimd::batch<std::uint32_t>, pair_swap>();

void sincos(const float* angle, std::size_t n, float* sin_out, float* cos_out) {
  std::size_t i = 0;
  for (; i + width <= n; i += width) {
    const auto sc = xsimd::sincos(batch::load_unaligned(angle + i));
    sc.first.store_unaligned(sin_out + i);
    sc.second.store_unaligned(cos_out + i);
  }
  if (i < n) {  // the tail goes through the same vector code, padded, so every entry matches
    alignas(64) float in[width] = {}, s[width], c[width];
    std::copy(angle + i, angle + n, in);
    const auto sc = xsimd::sincos(batch::load_aligned(in));
    sc.first.store_aligned(s);
    sc.second.store_aligned(c);
    std::copy(s, s + (n - i), sin_out + i);
    std::copy(c, c + (n - i), cos_out + i);
  }
}

// The article's elementwise form: y = x * (c0 c0 c1 c1 ...) + swap(x) * (-s0 s0 -s1 s1 ...).
void rotate_interleaved(float* x, std::size_t heads, std::size_t dim, std::size_t rotary, const float* cos,
                        const float* sin, float* scratch) {
  float* cos_pairs = scratch;
  float* sin_pairs = scratch + rotary;
  for (std::size_t i = 0; i < rotary / 2; ++i) {
    cos_pairs[2 * i] = cos_pairs[2 * i + 1] = cos[i];
    sin_pairs[2 * i] = -sin[i];
    sin_pairs[2 * i + 1] = sin[i];
  }
  const std::size_t body = rotary - rotary % width;  // width is even, so pairs never straddle
  for (std::size_t h = 0; h < heads; ++h) {
    float* v = x + h * dim;
    for (std::size_t j = 0; j < body; j += width) {
      const batch a = batch::load_unaligned(v + j);
      const batch y = a * batch::load_unaligned(cos_pairs + j) +
                      xsimd::swizzle(a, swap_pairs) * batch::load_unaligned(sin_pairs + j);
      y.store_unaligned(v + j);
    }
    for (std::size_t j = body; j < rotary; j += 2) {
      const float a = v[j], b = v[j + 1];
      v[j] = a * cos_pairs[j] + b * sin_pairs[j];
      v[j + 1] = b * cos_pairs[j + 1] + a * sin_pairs[j + 1];
    }
  }
}

// Two plain streams: the first half and the second half of each head.
void rotate_half(float* x, std::size_t heads, std::size_t dim, std::size_t rotary, const float* cos,
                 const float* sin) {
  const std::size_t half = rotary / 2;
  const std::size_t body = half - half % width;
  for (std::size_t h = 0; h < heads; ++h) {
    float* lo = x + h * dim;
    float* hi = lo + half;
    for (std::size_t i = 0; i < body; i += width) {
      const batch a = batch::load_unaligned(lo + i), b = batch::load_unaligned(hi + i);
      const batch c = batch::load_unaligned(cos + i), s = batch::load_unaligned(sin + i);
      (a * c - b * s).store_unaligned(lo + i);
      (b * c + a * s).store_unaligned(hi + i);
    }
    for (std::size_t i = body; i < half; ++i) {
      const float a = lo[i], b = hi[i];
      lo[i] = a * cos[i] - b * sin[i];
      hi[i] = b * cos[i] + a * sin[i];
    }
  }
}

float dot(const float* a, const float* b, std::size_t n) {
  // Two accumulators hide the add latency; the order differs from the scalar twin,
  // so results agree to rounding, not bit for bit.
  batch s0(0.f), s1(0.f);
  std::size_t i = 0;
  for (; i + 2 * width <= n; i += 2 * width) {
    s0 += batch::load_unaligned(a + i) * batch::load_unaligned(b + i);
    s1 += batch::load_unaligned(a + i + width) * batch::load_unaligned(b + i + width);
  }
  for (; i + width <= n; i += width) s0 += batch::load_unaligned(a + i) * batch::load_unaligned(b + i);
  float sum = xsimd::hadd(s0 + s1);
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

void add(const float* a, const float* b, float* out, std::size_t n) {
  std::size_t i = 0;
  for (; i + width <= n; i += width) (batch::load_unaligned(a + i) + batch::load_unaligned(b + i)).store_unaligned(out + i);
  for (; i < n; ++i) out[i] = a[i] + b[i];
}

}  // namespace simd_impl

const kernel_table* simd_table() noexcept {
  static const kernel_table table{xsimd::default_arch::name(), simd_impl::sincos, simd_impl::rotate_interleaved, simd_impl::rotate_half, simd_impl::dot, simd_impl::add};
  return &table;
}

}  // namespace posenc::kernels
