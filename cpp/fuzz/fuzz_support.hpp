// Shared by the fuzz targets: run one computation on both backends and demand the same
// outcome — the same error message, or results that agree to rounding. A crash,
// a sanitizer report, any other exception or a mismatch aborts the run.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "posenc/posenc.hpp"

namespace fuzz {

// Valid requests above this many elements are skipped (they are correct but slow);
// invalid ones of any size are still made, since they must be refused before allocating.
inline constexpr double big_but_valid = double(1 << 18);

[[noreturn]] inline void failure(const std::string& what) {
  std::fprintf(stderr, "fuzz failure: %s\n", what.c_str());
  std::abort();
}

inline bool agree(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= 1e-3 * (1.0 + std::fabs(a) + std::fabs(b));
}

template <class T>
void compare(const std::vector<T>& simd, const std::vector<T>& scalar, const char* name) {
  if (simd.size() != scalar.size()) failure(std::string(name) + ": sizes differ between backends");
  for (std::size_t i = 0; i < simd.size(); ++i)
    if (!agree(double(simd[i]), double(scalar[i])))
      failure(std::string(name) + ": backends differ at " + std::to_string(i) + ": " + std::to_string(double(simd[i])) +
              " vs " + std::to_string(double(scalar[i])));
}

// Runs compute() under each backend; compute returns a vector (of float or int32).
template <class Compute>
void cross_check(const char* name, Compute compute) {
  using result = decltype(compute());
  result values[2];
  std::string errors[2];
  const posenc::backend backends[2] = {posenc::backend::simd, posenc::backend::scalar};
  const int runs = posenc::simd_available() ? 2 : 1;
  for (int b = 0; b < runs; ++b) {
    posenc::use_backend(backends[runs == 2 ? b : 1]);
    try {
      values[b] = compute();
    } catch (const posenc::invalid_argument& e) {
      errors[b] = e.what();
      if (errors[b].empty() || e.parameter().empty()) failure(std::string(name) + ": an error without a message");
    }
  }
  if (runs == 2) {
    if (errors[0] != errors[1])
      failure(std::string(name) + ": errors differ: '" + errors[0] + "' vs '" + errors[1] + "'");
    compare(values[0], values[1], name);
  }
}

// Mostly sensible values, sometimes anything at all.
inline std::size_t size_value(FuzzedDataProvider& in, std::size_t sensible_max) {
  switch (in.ConsumeIntegralInRange(0, 7)) {
    case 0:
      return in.ConsumeIntegral<std::size_t>();
    case 1:
      return std::size_t{1} << in.ConsumeIntegralInRange(0, 40);
    default:
      return in.ConsumeIntegralInRange<std::size_t>(0, sensible_max);
  }
}

inline std::int64_t position_value(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange(0, 7)) {
    case 0:
      return in.ConsumeIntegral<std::int64_t>();
    case 1:
      return posenc::position_limit - in.ConsumeIntegralInRange<std::int64_t>(-2, 64);
    default:
      return in.ConsumeIntegralInRange<std::int64_t>(0, 4096);
  }
}

inline double base_value(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange(0, 5)) {
    case 0:
      return in.ConsumeFloatingPoint<double>();
    case 1:
      return in.PickValueInArray<double>({0.0, 1.0, -1.0, NAN, INFINITY, 1.0000001, 1e308});
    default:
      return in.ConsumeFloatingPointInRange(1.5, 1e6);
  }
}

inline std::vector<float> values(FuzzedDataProvider& in, std::size_t n) {
  std::vector<float> v(n);
  for (auto& x : v) x = in.remaining_bytes() ? in.ConsumeFloatingPointInRange(-4.0f, 4.0f) : 0.5f;
  if (n && in.ConsumeIntegralInRange(0, 15) == 0) v[in.ConsumeIntegralInRange<std::size_t>(0, n - 1)] = NAN;
  return v;
}

inline std::vector<std::int64_t> positions(FuzzedDataProvider& in, std::size_t n) {
  std::vector<std::int64_t> p(n);
  for (auto& x : p) x = position_value(in);
  return p;
}

}  // namespace fuzz
