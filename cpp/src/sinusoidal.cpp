#include "posenc/sinusoidal.hpp"

#include "angles.hpp"
#include "checks.hpp"
#include "kernels.hpp"
#include "posenc/error.hpp"
#include "posenc/rope.hpp"

namespace posenc {
namespace {

// Writes one row per position; sincos_of(r, sin, cos) fills the values of row r.
template <class SinCosOf>
std::vector<float> table(std::size_t rows, std::size_t dim, layout l, SinCosOf sincos_of) {
  const std::size_t half = dim / 2;
  std::vector<float> out(rows * dim), sin(half), cos(half);
  for (std::size_t r = 0; r < rows; ++r) {
    sincos_of(r, sin.data(), cos.data());
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
  if (count > std::size_t(position_limit))
    fail("positions", "a count in [0, " + std::to_string(position_limit) + "]", double(count));
  checked_elements("positions * dim", count, dim);
  const std::vector<double> theta = rope_frequencies(dim, base);  // the same theta_i = base^(-2i/d)
  angle_sequence sequence(kernels::active_table(), theta.data(), dim / 2, 0, count);
  return table(count, dim, l, [&](std::size_t r, float* sin, float* cos) { sequence.row(r, sin, cos); });
}

std::vector<float> sinusoidal_at(const std::int64_t* positions, std::size_t count, std::size_t dim, double base,
                                 layout l) {
  checks::dim(dim, true);
  checks::base(base);
  checked_elements("positions.length * dim", count, dim);
  checks::positions(positions, count);
  const std::vector<double> theta = rope_frequencies(dim, base);
  angle_rows rows(kernels::active_table(), theta.data(), dim / 2);
  return table(count, dim, l, [&](std::size_t r, float* sin, float* cos) { rows.at(positions[r], sin, cos); });
}

}  // namespace posenc
