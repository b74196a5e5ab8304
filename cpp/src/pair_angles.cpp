// The angle between the matching pairs of two vectors: what the RoPE dials show turning.
#include <cmath>
#include <string>

#include "checks.hpp"
#include "posenc/error.hpp"
#include "posenc/rope.hpp"

namespace posenc {

std::vector<double> pair_angles(const float* a, std::size_t a_length, const float* b, std::size_t b_length,
                                const pair_angle_options& o) {
  checks::dim(o.dim, true);
  checks::pair_layout(o.pairs);
  const std::size_t rows = checks::rows_of("a", a_length, o.dim, "dim");
  if (b_length != a_length) fail("b.length", "a.length = " + std::to_string(a_length), double(b_length));
  const std::size_t half = o.dim / 2;
  // Pair i of a row: (row[i * step], row[i * step + other]).
  const std::size_t step = o.pairs == layout::interleaved ? 2 : 1;
  const std::size_t other = o.pairs == layout::interleaved ? 1 : half;
  std::vector<double> out(rows * half);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t i = 0; i < half; ++i) {
      const std::size_t at = r * o.dim + i * step;
      const double ax = a[at], ay = a[at + other], bx = b[at], by = b[at + other];
      const bool zero = (ax == 0 && ay == 0) || (bx == 0 && by == 0);  // no direction: atan2 would give +-pi or 0
      out[r * half + i] = zero ? 0.0 : std::atan2(bx * ay - by * ax, bx * ax + by * ay);
    }
  return out;
}

}  // namespace posenc
