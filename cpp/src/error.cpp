#include "posenc/error.hpp"

#include <cmath>

namespace posenc {

void fail(const std::string& name, const std::string& requirement, const std::string& value) {
  throw invalid_argument(name, name + " must be " + requirement + ", got " + value);
}

void fail_missing(const std::string& name, const std::string& requirement) {
  throw missing_argument(name, name + " must be " + requirement + ", got undefined");
}

void fail(const std::string& name, const std::string& requirement, double value) {
  fail(name, requirement, format_number(value));
}

std::string integer_in(std::int64_t lo, std::int64_t hi) {
  return "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
}

std::int64_t checked_integer(const std::string& name, double value, std::int64_t lo, std::int64_t hi) {
  // The range test comes first so the cast below can never overflow.
  if (!(value >= static_cast<double>(lo) && value <= static_cast<double>(hi)) || value != std::floor(value)) {
    fail(name, integer_in(lo, hi), value);
  }
  return static_cast<std::int64_t>(value);
}

std::size_t checked_elements(const std::string& what, std::size_t a, std::size_t b, std::size_t c) {
  // Divide instead of multiplying so that no product can overflow.
  const bool fits = (b == 0 || a <= max_elements / b) && (c == 0 || a * b <= max_elements / c);
  if (!fits)
    fail(what, "at most 2^26 = " + std::to_string(max_elements) + " elements", double(a) * double(b) * double(c));
  return a * b * c;
}

}  // namespace posenc
