// Errors and limits shared by every encoder.
//
// Every public function validates all of its arguments before it allocates or
// writes anything, and reports a bad one with posenc::invalid_argument, whose
// message names the parameter and the value (the JavaScript layer turns it into
// a RangeError with the same text).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace posenc {

// Largest feature dimension accepted anywhere.
inline constexpr std::size_t max_dim = 65536;
// Positions (explicit, offset + seq - 1, maxLen - 1, distances) lie in [0, position_limit).
inline constexpr std::int64_t position_limit = std::int64_t{1} << 24;
// No result or intermediate table may hold more elements than this (256 MiB of float32).
inline constexpr std::size_t max_elements = std::size_t{1} << 26;
// Context lengths and sequence lengths (seqLen, a config's max_position_embeddings): 2^31 - 1.
inline constexpr std::int64_t max_seq_len = 2147483647;

class invalid_argument : public std::invalid_argument {
 public:
  invalid_argument(std::string parameter, const std::string& message)
      : std::invalid_argument(message), parameter_(std::move(parameter)) {}
  // The name of the offending parameter, e.g. "dim" or "positions[3]".
  const std::string& parameter() const noexcept { return parameter_; }

 private:
  std::string parameter_;
};

// A required argument that was not given (a TypeError in JavaScript, like a missing option).
class missing_argument : public invalid_argument {
 public:
  using invalid_argument::invalid_argument;
};

// Formats a number the way JavaScript prints it (2, 2.5, NaN, Infinity), so
// messages read the same in C++ and in the browser.
std::string format_number(double value);

// Throws invalid_argument "<name> must be <requirement>, got <value>".
[[noreturn]] void fail(const std::string& name, const std::string& requirement, double value);
[[noreturn]] void fail(const std::string& name, const std::string& requirement, const std::string& value);

// Throws missing_argument "<name> must be <requirement>, got undefined".
[[noreturn]] void fail_missing(const std::string& name, const std::string& requirement);

// "an integer in [lo, hi]": the requirement of an integer parameter, from the limits above.
std::string integer_in(std::int64_t lo, std::int64_t hi);

// The requirement of a parameter that takes one of `names`: "'a', 'b' or 'c'" (any indexable list of strings).
template <class Names>
std::string quoted_list(const Names& names) {
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i) {
    list += std::string(i == 0 ? "'" : i + 1 == names.size() ? " or '" : ", '") + names[i] + "'";
  }
  return list;
}

// Converts a JavaScript number to an integer in [lo, hi], or throws naming `name`.
std::int64_t checked_integer(const std::string& name, double value, std::int64_t lo, std::int64_t hi);

// Checks a * b (* c) <= max_elements without overflow; throws naming `what`.
std::size_t checked_elements(const std::string& what, std::size_t a, std::size_t b, std::size_t c = 1);

}  // namespace posenc
