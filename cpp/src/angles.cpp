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

#include <algorithm>

#include "kernels.hpp"

namespace posenc {

void sincos_row(const kernels::kernel_table& kernels, double position, const double* theta, std::size_t n,
                float* angle, float* sin_out, float* cos_out) noexcept {
  reduce_angles(position, theta, n, angle);
  kernels.sincos(angle, n, sin_out, cos_out);
}

}  // namespace posenc

namespace posenc {

angle_sequence::angle_sequence(const kernels::kernel_table& kernels, const double* theta, std::size_t n,
                               std::int64_t first, std::size_t count)
    : kernels_(kernels), theta_(theta), n_(n), first_(first), stepping_(count > 2 * block), angle_(n) {
  if (!stepping_) return;
  step_sin_.resize(block * n);
  step_cos_.resize(block * n);
  for (std::size_t k = 0; k < block; ++k)
    sincos_row(kernels, double(k), theta, n, angle_.data(), step_sin_.data() + k * n, step_cos_.data() + k * n);
  anchor_sin_.resize(n);
  anchor_cos_.resize(n);
}

void angle_sequence::row(std::size_t r, float* sin_out, float* cos_out) {
  const double position = double(first_ + std::int64_t(r));
  if (!stepping_) {
    sincos_row(kernels_, position, theta_, n_, angle_.data(), sin_out, cos_out);
    return;
  }
  const std::size_t b = r / block, k = r % block;
  if (b != anchor_) {
    sincos_row(kernels_, double(first_ + std::int64_t(b * block)), theta_, n_, angle_.data(), anchor_sin_.data(),
               anchor_cos_.data());
    anchor_ = b;
  }
  if (k == 0) {
    std::copy(anchor_sin_.begin(), anchor_sin_.end(), sin_out);
    std::copy(anchor_cos_.begin(), anchor_cos_.end(), cos_out);
    return;
  }
  kernels_.add_angles(anchor_cos_.data(), anchor_sin_.data(), step_cos_.data() + k * n_, step_sin_.data() + k * n_,
                      cos_out, sin_out, n_);
}

}  // namespace posenc
