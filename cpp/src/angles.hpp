// Accurate rotation angles. pos * theta_i is formed in double and reduced modulo 2 pi
// in double; only the reduced angle (in [-pi, pi]) is rounded to float before the
// float sin/cos. A float32 product pos * theta would be off by up to ~1 radian near
// pos = 2^24; this stays within a few 1e-7.
#pragma once

#include <cstddef>
#include <cstdint>

namespace posenc {

// reduced[i] = (position * theta[i]) mod 2 pi, in [-pi, pi], for i < n.
void reduce_angles(double position, const double* theta, std::size_t n, float* reduced) noexcept;

}  // namespace posenc

namespace posenc::kernels {
struct kernel_table;
}

namespace posenc {

// sin and cos of position * theta[i] for i < n, through reduce_angles and the given
// kernel table. `angle` is scratch space for n floats.
void sincos_row(const kernels::kernel_table& kernels, double position, const double* theta, std::size_t n,
                float* angle, float* sin_out, float* cos_out) noexcept;

}  // namespace posenc

#include <vector>

namespace posenc {

// sin/cos rows for consecutive positions first, first + 1, ... without a sin/cos per
// entry: an exact anchor row every `block` positions and, in between, one complex
// multiply by the exact rotation e^{i k theta} (k < block) precomputed once. Every
// entry is one rounding step away from exactly computed values (error < 1e-6 at any
// position), at a fraction of the cost. Short runs are computed row by row.
class angle_sequence {
 public:
  static constexpr std::size_t block = 32;

  angle_sequence(const kernels::kernel_table& kernels, const double* theta, std::size_t n, std::int64_t first,
                 std::size_t count);
  // Row r (0 <= r < count); fastest when rows are visited in order.
  void row(std::size_t r, float* sin_out, float* cos_out);

 private:
  const kernels::kernel_table& kernels_;
  const double* theta_;
  std::size_t n_;
  std::int64_t first_;
  bool stepping_;
  std::size_t anchor_ = ~std::size_t{0};  // index of the block whose anchor is loaded
  std::vector<float> step_sin_, step_cos_, anchor_sin_, anchor_cos_, angle_;
};

}  // namespace posenc
