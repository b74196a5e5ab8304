#include "posenc/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace posenc {

std::string format_number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return "0";  // JavaScript prints -0 as 0 too
  // The fewest significant digits that read back exactly, as JavaScript's Number#toString.
  char text[40];
  int digits = 1;
  for (; digits < 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*e", digits - 1, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  std::snprintf(text, sizeof text, "%.*e", digits - 1, value);
  const int exponent = std::atoi(std::strchr(text, 'e') + 1);
  if (exponent >= -6 && exponent < 21) {  // plain notation, like JavaScript in this range
    std::snprintf(text, sizeof text, "%.*f", std::max(0, digits - 1 - exponent), value);
    return text;
  }
  // 1.5e-7 and 1e+21 rather than C's 1.5e-07 and 1e+21 (JavaScript drops leading zeros).
  std::string mantissa(text, std::strchr(text, 'e'));
  return mantissa + (exponent < 0 ? "e-" : "e+") + std::to_string(std::abs(exponent));
}

void fail(const std::string& name, const std::string& requirement, const std::string& value) {
  throw invalid_argument(name, name + " must be " + requirement + ", got " + value);
}

void fail(const std::string& name, const std::string& requirement, double value) {
  fail(name, requirement, format_number(value));
}

std::int64_t checked_integer(const std::string& name, double value, std::int64_t lo, std::int64_t hi) {
  // The range test comes first so the cast below can never overflow.
  if (!(value >= static_cast<double>(lo) && value <= static_cast<double>(hi)) ||
      value != std::floor(value)) {
    fail(name, "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]", value);
  }
  return static_cast<std::int64_t>(value);
}

std::size_t checked_elements(const std::string& what, std::size_t a, std::size_t b, std::size_t c) {
  // Divide instead of multiplying so that no product can overflow.
  const bool fits = (b == 0 || a <= max_elements / b) && (c == 0 || a * b <= max_elements / c);
  if (!fits) fail(what, "at most 2^26 = 67108864 elements", double(a) * double(b) * double(c));
  return a * b * c;
}

}  // namespace posenc
