// gaussian::scaled_normals with its logarithms, square roots and divisions several values per
// vector. The uniform half (SplitMix64 states and the polar method's accepted points) stays
// gaussian::accepted_points, scalar: 64-bit multiplies are emulated in SSE2 and AVX2 lanes and
// slower than scalar ones in SIMD128 too. The vector half repeats gaussian.cpp's IEEE double
// operations in the same order (+ - * / sqrt, correctly rounded in every lane, no FMA under
// -ffp-contract=off), so every value keeps the scalar generator's bits on every target.
// Compiled once per target with kernels_simd.cpp (see that file's comment on weak symbols: no
// std:: helper here, only plain loops and xsimd templates of the target's arch).
#include <xsimd/xsimd.hpp>

#include "gaussian.hpp"
#include "gaussian_simd.hpp"
#include "simd_arch.hpp"

namespace posenc::kernels::POSENC_SIMD_TARGET::simd_impl {
namespace {

using doubles = xsimd::batch<double, arch>;
using lanes64 = xsimd::batch<std::uint64_t, arch>;
constexpr std::size_t width = doubles::size;
static_assert(gaussian::block % width == 0, "a block is whole vectors");

doubles from_bits(lanes64 b) noexcept { return xsimd::bitwise_cast<doubles>(b); }

// The series' coefficients 1 / (2k + 1), k = 0..11, rounded as the scalar code's divisions are.
constexpr double odd_reciprocal[12] = {1.0 / 1,  1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11,
                                       1.0 / 13, 1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23};

// gaussian.cpp's log_of_normal and log_of_parts in every lane: exponent and mantissa from the
// bits, the mantissa moved to [sqrt(1/2), sqrt(2)), then log = e ln 2 + 2 atanh(s).
doubles log_of_normal(doubles x) noexcept {
  const lanes64 b = xsimd::bitwise_cast<lanes64>(x);
  doubles exponent = from_bits((b >> 52) | lanes64(0x4330000000000000ull)) - doubles(0x1.0p52) - doubles(1022.0);
  doubles m = from_bits((b & lanes64(0x000FFFFFFFFFFFFFull)) | lanes64(0x3FE0000000000000ull));
  const auto low = m < doubles(0.70710678118654752440);
  m = xsimd::select(low, m * doubles(2.0), m);
  exponent = xsimd::select(low, exponent - doubles(1.0), exponent);
  const doubles s = (m - doubles(1.0)) / (m + doubles(1.0));
  const doubles s2 = s * s;
  doubles series(1.0 / 25.0);
  for (int k = 11; k >= 0; --k) series = series * s2 + doubles(odd_reciprocal[k]);
  constexpr double ln2 = 0.693147180559945309417232121458;
  return exponent * doubles(ln2) + doubles(2.0) * s * series;
}

}  // namespace

void scaled_normals(std::uint64_t seed, std::uint64_t stream, std::uint64_t first, std::size_t count, double scale,
                    float* out) noexcept {
  constexpr std::size_t block = gaussian::block;
  alignas(64) double u[block], r2[block], value[block];
  for (std::size_t b = 0; b < count; b += block) {
    const std::size_t n = count - b < block ? count - b : block;
    gaussian::accepted_points(seed, stream, first + b, n, u, r2);
    // a short last block is padded to whole vectors with a point the method accepts, then dropped
    const std::size_t padded = (n + width - 1) / width * width;
    for (std::size_t i = n; i < padded; ++i) u[i] = 0.0, r2[i] = 0.5;
    for (std::size_t i = 0; i < padded; i += width) {
      const doubles r2i = doubles::load_aligned(r2 + i);
      const doubles deviate = doubles::load_aligned(u + i) * xsimd::sqrt(doubles(-2.0) * log_of_normal(r2i) / r2i);
      (doubles(scale) * deviate).store_aligned(value + i);
    }
    for (std::size_t i = 0; i < n; ++i) out[b + i] = static_cast<float>(value[i]);
  }
}

}  // namespace posenc::kernels::POSENC_SIMD_TARGET::simd_impl
