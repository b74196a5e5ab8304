// Accurate rotation angles, and their sin/cos rows.
//
// pos * theta_i is formed in double and reduced modulo 2 pi in double; only the reduced
// angle (in [-pi, pi]) is rounded to float before the float sin/cos. A float32 product
// pos * theta would be off by up to ~1 radian near pos = 2^24.
//
// The sin/cos of position p is defined as the rotation of an exact anchor row, at
// a = p - p mod 32, by the exact row of k = p mod 32 (one complex multiply, the angle
// addition formula): every entry is a rounding step or two from exact values (under
// 1e-6 at any position below 2^24), the value depends on p alone (so a cached table,
// a run of consecutive positions and an explicit position all give the same bits), and
// consecutive positions cost one complex multiply per entry instead of a sin and a cos.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace posenc::kernels {
struct kernel_table;
}

namespace posenc {

// reduced[i] = (position * theta[i]) mod 2 pi, in [-pi, pi], for i < n.
void reduce_angles(double position, const double* theta, std::size_t n, float* reduced) noexcept;

// sin/cos rows of positions, for one theta vector, through one kernel table.
class angle_rows {
 public:
  static constexpr std::int64_t block = 32;

  angle_rows(const kernels::kernel_table& kernels, const double* theta, std::size_t n);
  // Read the step rows from sin/cos (block rows of n, as step_rows() fills them for the same
  // theta and kernels, kept alive by the caller) instead of computing them on first use.
  void use_step_rows(const float* sin, const float* cos) noexcept {
    given_sin_ = sin;
    given_cos_ = cos;
  }

  // The exact sin/cos rows of positions 0..block-1 (row k at k * n): what the step rows are.
  static void step_rows(const kernels::kernel_table& kernels, const double* theta, std::size_t n, float* sin_out,
                        float* cos_out);
  // sin and cos of position * theta[i] for i < n. Fastest when positions are visited
  // in order (the anchor row is kept); the 31 step rows are computed once, when first needed.
  void at(std::int64_t position, float* sin_out, float* cos_out);
  // The same values as one interleaved row: out[2i] = sin, out[2i + 1] = cos (2n floats).
  void at_interleaved(std::int64_t position, float* out);

  // The rows whose angle sums (kernels.add_angles(anchor, step)) are the rows of the
  // `count` positions position, position + 1, ..., for kernels that form them in
  // registers: they share one anchor row, and their step rows follow one another
  // (step_cos + r * n for position + r). count is at most max_count (>= 1) and stops at
  // the next anchor. At an anchor position (a multiple of block) the row is the anchor
  // row itself: step_cos and step_sin are nullptr and count is 1. Valid until the next call.
  struct sum_rows {
    const float *anchor_cos, *anchor_sin, *step_cos, *step_sin;
    std::size_t count;
  };
  sum_rows parts(std::int64_t position, std::size_t max_count = 1);

 private:
  void exact(double position, float* sin_out, float* cos_out);

  const kernels::kernel_table& kernels_;
  const double* theta_;
  std::size_t n_;
  std::int64_t anchor_ = -1;  // position of the anchor row held in anchor_sin_/anchor_cos_
  std::vector<float> angle_, anchor_sin_, anchor_cos_, step_sin_, step_cos_;
  std::vector<char> step_ready_;
  const float* given_sin_ = nullptr;  // step rows given to the constructor, if any
  const float* given_cos_ = nullptr;
};

}  // namespace posenc

namespace posenc {

// The rows of positions first, first + 1, ...: row(r) is at(first + r).
class angle_sequence {
 public:
  angle_sequence(const kernels::kernel_table& kernels, const double* theta, std::size_t n, std::int64_t first,
                 std::size_t /*count*/)
      : rows_(kernels, theta, n), first_(first) {}
  void row(std::size_t r, float* sin_out, float* cos_out) { rows_.at(first_ + std::int64_t(r), sin_out, cos_out); }

 private:
  angle_rows rows_;
  std::int64_t first_;
};

}  // namespace posenc
