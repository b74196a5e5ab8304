// format_number natively: C's printf and strtod find the shortest text that reads back
// as the same double. The wasm build uses JavaScript's own (cpp/src/format_number_wasm.cpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "posenc/error.hpp"

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

}  // namespace posenc
