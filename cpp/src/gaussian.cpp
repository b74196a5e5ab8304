#include "gaussian.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace posenc::gaussian {
namespace {

// SplitMix64's finaliser: a bijective mixer with good avalanche.
std::uint64_t mix(std::uint64_t z) noexcept {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A uniform double in (-1, 1) from the top 53 bits. Converted as a signed integer (the same value,
// below 2^53): wasm's unsigned conversion is a longer instruction sequence on x86-64.
double signed_unit(std::uint64_t bits) noexcept {
  return static_cast<double>(static_cast<std::int64_t>(bits >> 11)) * 0x1.0p-52 - 1.0;
}

// The state value `index` of stream (seed, stream) starts from; seed_key = mix(seed).
std::uint64_t start_state(std::uint64_t seed_key, std::uint64_t stream, std::uint64_t index) noexcept {
  return mix(seed_key ^ mix(stream * 0xD1B54A32D192ED03ull + index));
}

// One draw of the polar method: the point (u, v) from the next two states; r2 = u^2 + v^2.
void draw(std::uint64_t& state, double& u, double& r2) noexcept {
  state = mix(state);
  u = signed_unit(state);
  state = mix(state);
  const double v = signed_unit(state);
  r2 = u * u + v * v;
}

// Both comparisons, combined without &&'s short circuit: the block loops count rejections without a branch.
bool accepted(double r2) noexcept { return (r2 > 0.0) & (r2 < 1.0); }

// log(m * 2^exponent) for m in [0.5, 1), as frexp gives them; exponent is an integer.
double log_of_parts(double m, double exponent) noexcept {
  // A select, not a branch: the block loop below stays branch-free (and vectorisable).
  const bool low = m < 0.70710678118654752440;
  m = low ? m * 2.0 : m;
  exponent = low ? exponent - 1.0 : exponent;
  // log(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716: 12 odd terms reach 1e-17.
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = s * s;
  double series = 1.0 / 25.0;
  for (int k = 11; k >= 0; --k) series = series * s2 + 1.0 / (2 * k + 1);
  constexpr double ln2 = 0.693147180559945309417232121458;
  return exponent * ln2 + 2.0 * s * series;
}

double from_bits(std::uint64_t b) noexcept {
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
}

// portable_log of an accepted r2, with frexp done on the bits: r2 is a positive normal number
// (u and v are multiples of 2^-52, so r2 >= 2^-104), for which this split is frexp's, exactly.
double log_of_normal(double x) noexcept {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  // 2^52 + the biased exponent, less 2^52, as a double: an exact int-to-double conversion.
  const double exponent = from_bits((b >> 52) | 0x4330000000000000ull) - 0x1.0p52 - 1022.0;
  const double m = from_bits((b & 0x000FFFFFFFFFFFFFull) | 0x3FE0000000000000ull);
  return log_of_parts(m, exponent);
}

double deviate(double u, double r2, double log_r2) noexcept { return u * std::sqrt(-2.0 * log_r2 / r2); }

}  // namespace

std::uint64_t uniform_bits(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) noexcept {
  return mix(start_state(mix(seed), stream, index));
}

double portable_log(double x) noexcept {
  int exponent = 0;
  const double m = std::frexp(x, &exponent);  // x = m * 2^exponent, m in [0.5, 1): exact
  return log_of_parts(m, double(exponent));
}

double standard_normal(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) noexcept {
  std::uint64_t state = start_state(mix(seed), stream, index);
  double u = 0, r2 = 0;
  do draw(state, u, r2);  // accepts with probability pi/4 per draw
  while (!accepted(r2));
  return deviate(u, r2, portable_log(r2));
}

void accepted_points(std::uint64_t seed, std::uint64_t stream, std::uint64_t first, std::size_t count, double* u,
                     double* r2) noexcept {
  // One value at a time, each value's accept-or-retry branch is mispredicted a fifth of the
  // time and its long dependency chains run one after the other. A block takes every value's
  // first draw in a loop without a branch, lists the rejected (without a branch too), and draws
  // again for the list until it is empty, so independent values overlap. Same draws per value:
  // same bits.
  std::uint64_t state[block];
  std::size_t rejected[block], left = 0;
  const std::uint64_t seed_key = mix(seed);
  // Scalar: in wasm, clang would vectorise this loop with i64x2 multiplies, which run slower than i64 ones.
#ifdef __clang__
#pragma clang loop vectorize(disable)
#endif
  for (std::size_t i = 0; i < count; ++i) {
    state[i] = start_state(seed_key, stream, first + i);
    draw(state[i], u[i], r2[i]);
  }
  for (std::size_t i = 0; i < count; ++i) {
    rejected[left] = i;
    left += !accepted(r2[i]);
  }
  while (left > 0) {
    std::size_t still = 0;
    for (std::size_t k = 0; k < left; ++k) {
      const std::size_t i = rejected[k];
      draw(state[i], u[i], r2[i]);
      rejected[still] = i;
      still += !accepted(r2[i]);
    }
    left = still;
  }
}

void scaled_normals(std::uint64_t seed, std::uint64_t stream, std::uint64_t first, std::size_t count, double scale,
                    float* out) noexcept {
  double u[block], r2[block];
  for (std::size_t b = 0; b < count; b += block) {
    const std::size_t n = std::min(block, count - b);
    accepted_points(seed, stream, first + b, n, u, r2);
    // the logarithms in a plain loop, branch-free (log_of_parts): independent values overlap
    for (std::size_t i = 0; i < n; ++i)
      out[b + i] = static_cast<float>(scale * deviate(u[i], r2[i], log_of_normal(r2[i])));
  }
}

}  // namespace posenc::gaussian
