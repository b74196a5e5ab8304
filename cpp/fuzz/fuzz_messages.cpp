// libFuzzer target over the argument checks and message formatting: any double, any
// range, must either convert exactly or throw an invalid_argument naming the parameter;
// format_number must always produce a string that reads back as the same number.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "posenc/posenc.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const double value = in.ConsumeFloatingPoint<double>();
  const std::int64_t lo = in.ConsumeIntegralInRange<std::int64_t>(-(std::int64_t{1} << 53), std::int64_t{1} << 53);
  const std::int64_t hi =
      std::min(lo + in.ConsumeIntegralInRange<std::int64_t>(0, std::int64_t{1} << 53), std::int64_t{1} << 53);

  const std::string text = posenc::format_number(value);
  if (std::isnan(value) ? text != "NaN"
                        : (std::isinf(value) ? text != (value > 0 ? "Infinity" : "-Infinity")
                                             : std::strtod(text.c_str(), nullptr) != value && value != 0))
    std::abort();

  try {
    const std::int64_t n = posenc::checked_integer("value", value, lo, hi);
    if (double(n) != value || n < lo || n > hi) std::abort();
  } catch (const posenc::invalid_argument& e) {
    if (e.parameter() != "value" || std::string(e.what()).find(text) == std::string::npos) std::abort();
    if (value >= double(lo) && value <= double(hi) && value == std::floor(value)) std::abort();
  }

  const std::string layout = in.ConsumeRandomLengthString(16);
  try {
    posenc::parse_layout(layout);
    if (layout != "interleaved" && layout != "half") std::abort();
  } catch (const posenc::invalid_argument& e) {
    if (e.parameter() != "layout") std::abort();
  }
  return 0;
}
