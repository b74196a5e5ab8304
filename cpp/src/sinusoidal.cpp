#include "posenc/sinusoidal.hpp"

#include "angles.hpp"
#include "checks.hpp"
#include "kernels.hpp"
#include "posenc/error.hpp"
#include "posenc/rope.hpp"

namespace posenc {
namespace {

// Writes one row per position; position_at(r) gives the position of row r.
template <class PositionAt>
std::vector<float> table(std::size_t rows, std::size_t dim, double base, layout l, PositionAt position_at) {
  const std::vector<double> theta = rope_frequencies(dim, base);  // the same theta_i = base^(-2i/d)
  const std::size_t half = dim / 2;
  std::vector<float> out(rows * dim), angle(half), sin(half), cos(half);
  const auto& kernels = kernels::active_table();
  for (std::size_t r = 0; r < rows; ++r) {
    sincos_row(kernels, double(position_at(r)), theta.data(), half, angle.data(), sin.data(), cos.data());
    float* row = out.data() + r * dim;
    if (l == layout::interleaved) {
      for (std::size_t i = 0; i < half; ++i) {
        row[2 * i] = sin[i];
        row[2 * i + 1] = cos[i];
      }
    } else {
      std::copy(sin.begin(), sin.end(), row);
      std::copy(cos.begin(), cos.end(), row + half);
    }
  }
  return out;
}

}  // namespace

std::vector<float> sinusoidal(std::size_t count, std::size_t dim, double base, layout l) {
  checks::dim(dim, true);
  checks::base(base);
  if (count > std::size_t(position_limit)) fail("positions", "a count in [0, 16777216]", double(count));
  checked_elements("positions * dim", count, dim);
  return table(count, dim, base, l, [](std::size_t r) { return std::int64_t(r); });
}

std::vector<float> sinusoidal_at(const std::int64_t* positions, std::size_t count, std::size_t dim, double base,
                                 layout l) {
  checks::dim(dim, true);
  checks::base(base);
  checked_elements("positions.length * dim", count, dim);
  checks::positions(positions, count);
  return table(count, dim, base, l, [positions](std::size_t r) { return positions[r]; });
}

}  // namespace posenc
