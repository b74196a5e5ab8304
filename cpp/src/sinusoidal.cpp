#include "posenc/sinusoidal.hpp"

#include "angles.hpp"
#include "checks.hpp"
#include "kernels.hpp"
#include "posenc/error.hpp"
#include "posenc/rope.hpp"

namespace posenc {
namespace {

// Writes row r from the angles of position_of(r), straight into out in its layout.
template <class PositionOf>
void fill(angle_rows& angles, float* out, std::size_t rows, std::size_t dim, layout l, PositionOf position_of) {
  const std::size_t half = dim / 2;
  for (std::size_t r = 0; r < rows; ++r) {
    float* row = out + r * dim;
    if (l == layout::interleaved)
      angles.at_interleaved(position_of(r), row);
    else
      angles.at(position_of(r), row, row + half);
  }
}

template <class PositionOf>
std::vector<float> table(angle_rows& angles, std::size_t rows, std::size_t dim, layout l, PositionOf position_of) {
  std::vector<float> out(rows * dim);
  fill(angles, out.data(), rows, dim, l, position_of);
  return out;
}

// The checks of the count form, in the order its messages have always come; returns count * dim.
std::size_t checked_table(std::size_t count, std::size_t dim, double base, layout l) {
  checks::dim(dim, true);
  checks::base(base);
  checks::pair_layout(l);
  if (count > std::size_t(position_limit))
    fail("positions", "a count in [0, " + std::to_string(position_limit) + "]", double(count));
  return checked_elements("positions * dim", count, dim);
}

}  // namespace

void sinusoidal_into(float* out, std::size_t out_size, std::size_t count, std::size_t dim, double base, layout l) {
  const std::size_t elements = checked_table(count, dim, base, l);
  // Checked before anything is written, so a wrong size leaves the caller's buffer as it was.
  if (out_size != elements) fail("out_size", "count * dim = " + std::to_string(elements), double(out_size));
  if (!out && elements > 0) fail("out", "a buffer of " + std::to_string(elements) + " floats", "null");
  const std::vector<double> theta = rope_frequencies(dim, base);  // the same theta_i = base^(-2i/d)
  angle_rows angles(kernels::active_table(), theta.data(), dim / 2);
  fill(angles, out, count, dim, l, [](std::size_t r) { return std::int64_t(r); });
}

std::vector<float> sinusoidal(std::size_t count, std::size_t dim, double base, layout l) {
  std::vector<float> out(checked_table(count, dim, base, l));  // a bad argument fails before the allocation
  sinusoidal_into(out.data(), out.size(), count, dim, base, l);
  return out;
}

std::vector<float> sinusoidal_at(const std::int64_t* positions, std::size_t count, std::size_t dim, double base,
                                 layout l) {
  checks::dim(dim, true);
  checks::base(base);
  checks::pair_layout(l);
  checked_elements("positions.length * dim", count, dim);
  checks::positions(positions, count);
  const std::vector<double> theta = rope_frequencies(dim, base);
  angle_rows angles(kernels::active_table(), theta.data(), dim / 2);
  return table(angles, count, dim, l, [&](std::size_t r) { return positions[r]; });
}

}  // namespace posenc
