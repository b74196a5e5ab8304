#include "posenc/error.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace posenc {

std::string format_number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return "0";  // JavaScript prints -0 as 0 too
  char text[32];
  // The shortest of %.1g..%.17g that reads back exactly, like JavaScript's Number#toString.
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(text, sizeof text, "%.*g", precision, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  return text;
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
  if (!fits) {
    throw invalid_argument(what, what + " needs " + format_number(double(a) * double(b) * double(c)) +
                                     " elements, more than the limit of 2^26 (" +
                                     std::to_string(max_elements) + ")");
  }
  return a * b * c;
}

}  // namespace posenc
