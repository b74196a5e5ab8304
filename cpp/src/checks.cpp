#include "checks.hpp"

#include <cmath>

#include "posenc/error.hpp"

namespace posenc::checks {

void dim(std::size_t value, bool even, const char* name) {
  if (value < 1 || value > max_dim || (even && value % 2 != 0)) {
    fail(name, even ? "an even integer in [2, " + std::to_string(max_dim) + "]" : integer_in(1, std::int64_t(max_dim)),
         double(value));
  }
}

void pair_layout(layout value) {
  if (value == layout::interleaved_to_half) fail("layout", "'interleaved' or 'half'", "'interleaved-to-half'");
}

void base(double value) {
  if (!std::isfinite(value) || !(value > 1.0)) fail("base", "a finite number > 1", value);
}

void position(const std::string& name, std::int64_t value) {
  if (value < 0 || value >= position_limit) fail(name, integer_in(0, position_limit - 1), double(value));
}

void positions(const std::int64_t* values, std::size_t count) {
  // The name is built only for a value that fails: a string per position cost more than the
  // rotation of small rows.
  for (std::size_t i = 0; i < count; ++i)
    if (values[i] < 0 || values[i] >= position_limit) position("positions[" + std::to_string(i) + "]", values[i]);
}

void offset_range(std::int64_t offset, std::size_t count) {
  position("offset", offset);
  if (count > 0 && offset + std::int64_t(count) - 1 >= position_limit) {
    fail("offset", "such that offset + seq - 1 < 2^24 (seq = " + std::to_string(count) + ")", double(offset));
  }
}

void count(const char* name, std::size_t value) {
  if (value < 1 || value > max_elements) fail(name, integer_in(1, std::int64_t(max_elements)), double(value));
}

void standard_deviation(double value) {
  // Above 1e37 a deviate of a few sigma overflows float32 to infinity.
  if (!std::isfinite(value) || value < 0 || value > 1e37) fail("std", "a number in [0, 1e37]", value);
}

std::size_t rows_of(const char* name, std::size_t length, std::size_t row, const char* row_text) {
  if (length > max_elements)
    fail(std::string(name) + ".length", "at most 2^26 (" + std::to_string(max_elements) + ")", double(length));
  if (length % row != 0) {
    fail(std::string(name) + ".length", std::string("a multiple of ") + row_text + " = " + std::to_string(row),
         double(length));
  }
  return length / row;
}

}  // namespace posenc::checks
