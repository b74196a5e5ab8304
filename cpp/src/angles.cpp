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
    : kernels_(kernels), theta_(theta), n_(n), angle_(n), anchor_sin_(n), anchor_cos_(n) {}

void angle_rows::step_rows(const kernels::kernel_table& kernels, const double* theta, std::size_t n, float* sin_out,
                           float* cos_out) {
  angle_rows rows(kernels, theta, n);
  for (std::int64_t step = 0; step < block; ++step)
    rows.exact(double(step), sin_out + std::size_t(step) * n, cos_out + std::size_t(step) * n);
}

void angle_rows::exact(double position, float* sin_out, float* cos_out) {
  reduce_angles(position, theta_, n_, angle_.data());
  kernels_.sincos(angle_.data(), n_, sin_out, cos_out);
}

angle_rows::sum_rows angle_rows::parts(std::int64_t position, std::size_t max_count) {
  const std::int64_t k = position % block, anchor = position - k;
  if (anchor != anchor_) {
    exact(double(anchor), anchor_sin_.data(), anchor_cos_.data());
    anchor_ = anchor;
  }
  if (k == 0) return {anchor_cos_.data(), anchor_sin_.data(), nullptr, nullptr, 1};
  const std::size_t first = std::size_t(k);
  const std::size_t count = std::min(max_count, std::size_t(block) - first);
  if (given_sin_)
    return {anchor_cos_.data(), anchor_sin_.data(), given_cos_ + first * n_, given_sin_ + first * n_, count};
  if (step_ready_.empty()) {  // made on first use: callers that give step rows never need them
    step_sin_.resize(std::size_t(block) * n_);
    step_cos_.resize(std::size_t(block) * n_);
    step_ready_.assign(std::size_t(block), 0);
  }
  for (std::size_t step = first; step < first + count; ++step) {
    if (!step_ready_[step]) {
      exact(double(step), step_sin_.data() + step * n_, step_cos_.data() + step * n_);
      step_ready_[step] = true;
    }
  }
  return {anchor_cos_.data(), anchor_sin_.data(), step_cos_.data() + first * n_, step_sin_.data() + first * n_, count};
}

void angle_rows::at(std::int64_t position, float* sin_out, float* cos_out) {
  const sum_rows r = parts(position);
  if (!r.step_cos) {
    std::copy(r.anchor_sin, r.anchor_sin + n_, sin_out);
    std::copy(r.anchor_cos, r.anchor_cos + n_, cos_out);
    return;
  }
  kernels_.add_angles(r.anchor_cos, r.anchor_sin, r.step_cos, r.step_sin, cos_out, sin_out, n_);
}

void angle_rows::at_interleaved(std::int64_t position, float* out) {
  const sum_rows r = parts(position);
  if (!r.step_cos)
    kernels_.interleave(r.anchor_sin, r.anchor_cos, out, n_);
  else
    kernels_.add_angles_interleaved(r.anchor_cos, r.anchor_sin, r.step_cos, r.step_sin, out, n_);
}

}  // namespace posenc
