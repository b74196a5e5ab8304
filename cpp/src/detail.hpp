// Internal helpers shared between encoders (not part of the public API).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace posenc::detail {

// Row `row` of the seeded N(0, std^2) table of stream `stream` (0 learned, 1 relative).
void gaussian_row(std::size_t row, std::size_t dim, std::uint64_t seed, std::uint64_t stream, double std, float* out);
std::vector<float> gaussian_rows(std::size_t rows, std::size_t dim, std::uint64_t seed, std::uint64_t stream,
                                 double std);

}  // namespace posenc::detail
