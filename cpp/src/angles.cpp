#include "angles.hpp"

namespace posenc {

void reduce_angles(double position, const double* theta, std::size_t n, float* reduced) noexcept {
  constexpr double two_pi = 6.283185307179586476925286766559;
  constexpr double inv_two_pi = 0.15915494309189533576888376337251;
  // Adding and subtracting 1.5 * 2^52 rounds to the nearest integer without a libm
  // call, so the loop vectorises (valid because |a / 2pi| < 2^51; we never use -ffast-math).
  constexpr double round_to_integer = 6755399441055744.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double a = position * theta[i];
    const double turns = (a * inv_two_pi + round_to_integer) - round_to_integer;
    reduced[i] = static_cast<float>(a - turns * two_pi);
  }
}

}  // namespace posenc

#include "kernels.hpp"

namespace posenc {

void sincos_row(const kernels::kernel_table& kernels, double position, const double* theta, std::size_t n,
                float* angle, float* sin_out, float* cos_out) noexcept {
  reduce_angles(position, theta, n, angle);
  kernels.sincos(angle, n, sin_out, cos_out);
}

}  // namespace posenc
