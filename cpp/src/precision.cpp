#include "posenc/precision.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "angles.hpp"
#include "checks.hpp"
#include "kernels.hpp"
#include "posenc/error.hpp"
#include "posenc/rope.hpp"

namespace posenc {

namespace {

std::uint32_t bits_of(float x) noexcept {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

float float_of(std::uint32_t u) noexcept {
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}

}  // namespace

std::uint16_t bfloat16_bits(float x) noexcept {
  const std::uint32_t u = bits_of(x);
  if (std::isnan(x)) return static_cast<std::uint16_t>((u >> 16) | 0x0040);  // stays a (quiet) NaN
  // Round to nearest, ties to even: add 0x7FFF plus the lowest kept bit, then truncate.
  // A carry out of the mantissa bumps the exponent, up to infinity: that is the right overflow.
  const std::uint32_t rounded = u + 0x7FFFu + ((u >> 16) & 1u);
  return static_cast<std::uint16_t>(rounded >> 16);
}

float from_bfloat16_bits(std::uint16_t bits) noexcept { return float_of(std::uint32_t(bits) << 16); }

float round_bfloat16(float x) noexcept { return from_bfloat16_bits(bfloat16_bits(x)); }

std::uint16_t float16_bits(float x) noexcept {
  const std::uint32_t u = bits_of(x);
  const std::uint16_t sign = static_cast<std::uint16_t>((u >> 16) & 0x8000u);
  const std::uint32_t magnitude = u & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) return static_cast<std::uint16_t>(sign | 0x7E00u);   // NaN
  if (magnitude >= 0x477FF000u) return static_cast<std::uint16_t>(sign | 0x7C00u);  // >= 65520: infinity
  if (magnitude < 0x38800000u) {
    // Below 2^-14: a float16 subnormal (or zero), a multiple of 2^-24. |x| * 2^24 rounded to an
    // integer with ties to even is exact in float arithmetic: the 2^-24 quantum is above
    // float32's own resolution in this range, and rint rounds ties to even.
    const float scaled = std::nearbyint(float_of(magnitude) * 16777216.0f);
    return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(scaled));
  }
  // Normal: rebias the exponent (127 -> 15) and round the 23-bit mantissa to 10 bits, ties to even;
  // a carry into the exponent is correct (up to 65504 -> the largest finite value).
  const std::uint32_t rebiased = magnitude - ((127u - 15u) << 23);
  const std::uint32_t rounded = rebiased + 0xFFFu + ((rebiased >> 13) & 1u);
  return static_cast<std::uint16_t>(sign | (rounded >> 13));
}

float from_float16_bits(std::uint16_t bits) noexcept {
  const float sign = (bits & 0x8000u) ? -1.0f : 1.0f;
  const std::uint32_t exponent = (bits >> 10) & 0x1Fu, mantissa = bits & 0x3FFu;
  if (exponent == 0) return sign * std::ldexp(float(mantissa), -24);  // zero and subnormals
  if (exponent == 31) return mantissa ? std::numeric_limits<float>::quiet_NaN() : sign * INFINITY;
  return sign * std::ldexp(float(mantissa | 0x400u), int(exponent) - 25);
}

float round_float16(float x) noexcept { return from_float16_bits(float16_bits(x)); }

void round_bfloat16_in_place(float* values, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) values[i] = round_bfloat16(values[i]);
}
void round_float16_in_place(float* values, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) values[i] = round_float16(values[i]);
}

precision parse_precision(const std::string& name) {
  if (name == "float64") return precision::float64;
  if (name == "float32") return precision::float32;
  if (name == "bfloat16") return precision::bfloat16;
  if (name == "float16") return precision::float16;
  if (name == "bfloat16-angle") return precision::bfloat16_angle;
  if (name == "float16-angle") return precision::float16_angle;
  if (name == "library") return precision::library;
  fail("variant", "'float64', 'float32', 'bfloat16', 'float16', 'bfloat16-angle', 'float16-angle' or 'library'",
       "'" + name + "'");
}

const char* to_string(precision p) {
  switch (p) {
    case precision::float32:
      return "float32";
    case precision::bfloat16:
      return "bfloat16";
    case precision::float16:
      return "float16";
    case precision::bfloat16_angle:
      return "bfloat16-angle";
    case precision::float16_angle:
      return "float16-angle";
    case precision::library:
      return "library";
    case precision::float64:
      break;
  }
  return "float64";
}

namespace {

void check(const std::int64_t* positions, std::size_t count, std::size_t dim, double base) {
  checks::dim(dim, true);
  checks::base(base);
  checked_elements("positions.length * dim / 2", count, dim / 2);
  checks::positions(positions, count);
}

// sin and cos of one angle. glibc's and musl's sincos reduce the argument once for both, with the
// bits of their sin and cos; these tables take two per entry, most of their time.
void sin_cos(double a, double& s, double& c) noexcept {
#if defined(__GLIBC__) || defined(__EMSCRIPTEN__)
  ::sincos(a, &s, &c);
#else
  s = std::sin(a);
  c = std::cos(a);
#endif
}

// cos and sin of a float angle, evaluated in double and rounded to float32.
void float_sincos(float angle, float& c, float& s) {
  double sd, cd;
  sin_cos(double(angle), sd, cd);
  c = static_cast<float>(cd);
  s = static_cast<float>(sd);
}

}  // namespace

rope_precision_values rope_precision_table(precision variant, const std::int64_t* positions, std::size_t count,
                                           std::size_t dim, double base, const rope_scaling& scaling,
                                           std::int64_t seq_len) {
  check(positions, count, dim, base);
  const std::size_t half = dim / 2;
  const std::vector<double> theta = rope_frequencies(dim, base, scaling, seq_len);
  rope_precision_values out{std::vector<double>(count * half), std::vector<double>(count * half),
                            std::vector<double>(count * half)};
  std::vector<float> angle(half), sin(half), cos(half);
  angle_rows library_rows(kernels::active_table(), theta.data(), half);
  for (std::size_t r = 0; r < count; ++r) {
    const double p = double(positions[r]);
    double* a_out = out.angle.data() + r * half;
    double* c_out = out.cos.data() + r * half;
    double* s_out = out.sin.data() + r * half;
    if (variant == precision::library) {
      reduce_angles(p, theta.data(), half, angle.data());
      library_rows.at(positions[r], sin.data(), cos.data());
      for (std::size_t i = 0; i < half; ++i) {
        a_out[i] = angle[i];
        c_out[i] = cos[i];
        s_out[i] = sin[i];
      }
      continue;
    }
    for (std::size_t i = 0; i < half; ++i) {
      double a, c, s;
      switch (variant) {
        case precision::float64:
          a = p * theta[i];
          sin_cos(a, s, c);
          break;
        case precision::bfloat16_angle:
        case precision::float16_angle: {
          const auto to_small = variant == precision::bfloat16_angle ? round_bfloat16 : round_float16;
          // Both operands have <= 11 significant bits, so the float32 product is exact and one
          // rounding gives the correctly rounded product in the small type.
          const float af = to_small(to_small(static_cast<float>(p)) * to_small(static_cast<float>(theta[i])));
          float cf, sf;
          float_sincos(af, cf, sf);
          a = af;
          c = to_small(cf);
          s = to_small(sf);
          break;
        }
        default: {  // float32, and the bfloat16 / float16 tables made from it
          const float af = static_cast<float>(p) * static_cast<float>(theta[i]);
          float cf, sf;
          float_sincos(af, cf, sf);
          if (variant == precision::bfloat16) {
            cf = round_bfloat16(cf);
            sf = round_bfloat16(sf);
          } else if (variant == precision::float16) {
            cf = round_float16(cf);
            sf = round_float16(sf);
          }
          a = af;
          c = cf;
          s = sf;
          break;
        }
      }
      a_out[i] = a;
      c_out[i] = c;
      s_out[i] = s;
    }
  }
  return out;
}

rope_precision_errors rope_precision_error(precision variant, const std::int64_t* positions, std::size_t count,
                                           std::size_t dim, double base, const rope_scaling& scaling,
                                           std::int64_t seq_len) {
  check(positions, count, dim, base);
  const std::size_t half = dim / 2;
  const rope_precision_values got = rope_precision_table(variant, positions, count, dim, base, scaling, seq_len);
  const std::vector<double> theta = rope_frequencies(dim, base, scaling, seq_len);
  constexpr double two_pi = 6.283185307179586476925286766559;
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  rope_precision_errors out{std::vector<double>(count, 0.0), std::vector<double>(count, 0.0),
                            std::vector<double>(count, 0.0)};
  // The largest error, NaN as soon as one is NaN.
  auto worst = [](double& m, double e) { m = (std::isnan(m) || std::isnan(e)) ? nan : std::max(m, e); };
  for (std::size_t r = 0; r < count; ++r) {
    for (std::size_t i = 0; i < half; ++i) {
      const std::size_t at = r * half + i;
      const double a = double(positions[r]) * theta[i];
      const double da = got.angle[at] - a;
      worst(out.angle[r], std::isfinite(da) ? std::fabs(std::remainder(da, two_pi)) : nan);
      double sin_a, cos_a;
      sin_cos(a, sin_a, cos_a);
      worst(out.cos[r], std::fabs(got.cos[at] - cos_a));
      worst(out.sin[r], std::fabs(got.sin[at] - sin_a));
    }
  }
  return out;
}

}  // namespace posenc
