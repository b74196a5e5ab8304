// Argument checks shared by the encoders. Each throws posenc::invalid_argument with
// the API's parameter name; all run before anything is allocated or written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "posenc/layout.hpp"

namespace posenc::checks {

// dim in 1..65536; `even` for every sinusoidal and RoPE function.
void dim(std::size_t value, bool even, const char* name = "dim");
// A layout whose output pairs sit where its input pairs do: not rope()'s 'interleaved-to-half'.
void pair_layout(layout value);
// base finite and > 1.
void base(double value);
// A position in [0, 2^24).
void position(const std::string& name, std::int64_t value);
// Every positions[i] in [0, 2^24).
void positions(const std::int64_t* values, std::size_t count);
// offset >= 0 and offset + count - 1 < 2^24.
void offset_range(std::int64_t offset, std::size_t count);
// A length in 1..2^26 (a count of rows, a sequence length).
void count(const char* name, std::size_t value);
// std finite and >= 0.
void standard_deviation(double value);
// An input vector whose length must be a multiple of `row` (and not exceed 2^26).
std::size_t rows_of(const char* name, std::size_t length, std::size_t row, const char* row_text);

}  // namespace posenc::checks
