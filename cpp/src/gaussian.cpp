#include "gaussian.hpp"

#include <cmath>

namespace posenc::gaussian {
namespace {

// SplitMix64's finaliser: a bijective mixer with good avalanche.
std::uint64_t mix(std::uint64_t z) noexcept {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A uniform double in (-1, 1) from the top 53 bits.
double signed_unit(std::uint64_t bits) noexcept {
  return static_cast<double>(bits >> 11) * 0x1.0p-52 - 1.0;
}

}  // namespace

double portable_log(double x) noexcept {
  int exponent = 0;
  double m = std::frexp(x, &exponent);  // x = m * 2^exponent, m in [0.5, 1): exact
  if (m < 0.70710678118654752440) {
    m *= 2.0;
    exponent -= 1;
  }
  // log(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716: 12 odd terms reach 1e-17.
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = s * s;
  double series = 1.0 / 25.0;
  for (int k = 11; k >= 0; --k) series = series * s2 + 1.0 / (2 * k + 1);
  constexpr double ln2 = 0.693147180559945309417232121458;
  return exponent * ln2 + 2.0 * s * series;
}

double standard_normal(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) noexcept {
  std::uint64_t state = mix(mix(seed) ^ mix(stream * 0xD1B54A32D192ED03ull + index));
  for (;;) {  // accepts with probability pi/4 per draw
    state = mix(state);
    const double u = signed_unit(state);
    state = mix(state);
    const double v = signed_unit(state);
    const double r2 = u * u + v * v;
    if (r2 > 0.0 && r2 < 1.0) return u * std::sqrt(-2.0 * portable_log(r2) / r2);
  }
}

}  // namespace posenc::gaussian
