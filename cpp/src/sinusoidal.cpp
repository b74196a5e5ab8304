#include "posenc/sinusoidal.hpp"

#include "angles.hpp"
#include "checks.hpp"
#include "kernels.hpp"
#include "posenc/error.hpp"
#include "posenc/rope.hpp"

namespace posenc {
namespace {

// Writes row r from the angles of position_of(r), straight into the table in its layout.
template <class PositionOf>
std::vector<float> table(angle_rows& angles, std::size_t rows, std::size_t dim, layout l, PositionOf position_of) {
  const std::size_t half = dim / 2;
  std::vector<float> out(rows * dim);
  for (std::size_t r = 0; r < rows; ++r) {
    float* row = out.data() + r * dim;
    if (l == layout::interleaved)
      angles.at_interleaved(position_of(r), row);
    else
      angles.at(position_of(r), row, row + half);
  }
  return out;
}

}  // namespace

std::vector<float> sinusoidal(std::size_t count, std::size_t dim, double base, layout l) {
  checks::dim(dim, true);
  checks::base(base);
  if (count > std::size_t(position_limit))
    fail("positions", "a count in [0, " + std::to_string(position_limit) + "]", double(count));
  checked_elements("positions * dim", count, dim);
  const std::vector<double> theta = rope_frequencies(dim, base);  // the same theta_i = base^(-2i/d)
  angle_rows angles(kernels::active_table(), theta.data(), dim / 2);
  return table(angles, count, dim, l, [](std::size_t r) { return std::int64_t(r); });
}

std::vector<float> sinusoidal_at(const std::int64_t* positions, std::size_t count, std::size_t dim, double base,
                                 layout l) {
  checks::dim(dim, true);
  checks::base(base);
  checked_elements("positions.length * dim", count, dim);
  checks::positions(positions, count);
  const std::vector<double> theta = rope_frequencies(dim, base);
  angle_rows angles(kernels::active_table(), theta.data(), dim / 2);
  return table(angles, count, dim, l, [&](std::size_t r) { return positions[r]; });
}

}  // namespace posenc
