#include "angles.hpp"

#include <algorithm>

#include "kernels.hpp"

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

angle_rows::angle_rows(const kernels::kernel_table& kernels, const double* theta, std::size_t n)
    : kernels_(kernels),
      theta_(theta),
      n_(n),
      angle_(n),
      anchor_sin_(n),
      anchor_cos_(n),
      step_sin_(std::size_t(block) * n),
      step_cos_(std::size_t(block) * n),
      step_ready_(std::size_t(block), false) {}

void angle_rows::exact(double position, float* sin_out, float* cos_out) {
  reduce_angles(position, theta_, n_, angle_.data());
  kernels_.sincos(angle_.data(), n_, sin_out, cos_out);
}

void angle_rows::at(std::int64_t position, float* sin_out, float* cos_out) {
  const std::int64_t k = position % block, anchor = position - k;
  if (anchor != anchor_) {
    exact(double(anchor), anchor_sin_.data(), anchor_cos_.data());
    anchor_ = anchor;
  }
  if (k == 0) {
    std::copy(anchor_sin_.begin(), anchor_sin_.end(), sin_out);
    std::copy(anchor_cos_.begin(), anchor_cos_.end(), cos_out);
    return;
  }
  float* step_sin = step_sin_.data() + std::size_t(k) * n_;
  float* step_cos = step_cos_.data() + std::size_t(k) * n_;
  if (!step_ready_[std::size_t(k)]) {
    exact(double(k), step_sin, step_cos);
    step_ready_[std::size_t(k)] = true;
  }
  kernels_.add_angles(anchor_cos_.data(), anchor_sin_.data(), step_cos, step_sin, cos_out, sin_out, n_);
}

}  // namespace posenc
