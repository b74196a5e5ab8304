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
