// Independent float64 evaluations of transformers' RoPE init functions (modeling_rope_utils.py),
// written from its code for the tests: they share nothing with the library. Shared by the tests of
// the scaling formulas and of the model-config reader.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace hf_reference {

constexpr double kPi = 3.14159265358979323846;

// inv_freq = 1 / base^(arange(0, d, 2) / d).
inline std::vector<double> inv_default(std::size_t d, double base) {
  std::vector<double> out;
  for (std::size_t k = 0; k < d; k += 2) out.push_back(1.0 / std::pow(base, double(k) / double(d)));
  return out;
}

// _compute_linear_scaling_rope_parameters.
inline std::vector<double> inv_linear(std::size_t d, double base, double factor) {
  auto inv = inv_default(d, base);
  for (auto& v : inv) v /= factor;
  return inv;
}

// Static NTK-aware scaling (this library's "ntk"): the default frequencies over base * f^(d/(d-2)).
inline std::vector<double> inv_ntk(std::size_t d, double base, double factor) {
  return inv_default(d, base * std::pow(factor, double(d) / double(d - 2)));
}

// _compute_dynamic_ntk_parameters.
inline std::vector<double> inv_dynamic(std::size_t d, double base, double factor, double max_pos, double seq_len) {
  const double l = std::max(seq_len, max_pos);
  return inv_default(d, base * std::pow(factor * l / max_pos - (factor - 1), double(d) / double(d - 2)));
}

// _compute_llama3_parameters.
inline std::vector<double> inv_llama3(std::size_t d, double base, double factor, double low, double high,
                                      double original) {
  auto inv = inv_default(d, base);
  for (auto& v : inv) {
    const double wavelen = 2 * kPi / v;
    if (wavelen > original / low) {
      v = v / factor;
    } else if (!(wavelen < original / high)) {
      const double smooth = (original / wavelen - low) / (high - low);
      v = (1 - smooth) * v / factor + smooth * v;
    }
  }
  return inv;
}

// _compute_yarn_parameters: find_correction_range, linear_ramp_factor, the blend.
inline std::vector<double> inv_yarn(std::size_t d, double base, double factor, double original, bool truncate,
                                    double beta_fast = 32, double beta_slow = 1) {
  auto correction = [&](double rotations) {
    return d * std::log(original / (rotations * 2 * kPi)) / (2 * std::log(base));
  };
  double low = correction(beta_fast), high = correction(beta_slow);
  if (truncate) {
    low = std::floor(low);
    high = std::ceil(high);
  }
  low = std::max(low, 0.0);
  high = std::min(high, double(d) - 1);
  if (low == high) high += 0.001;
  std::vector<double> out;
  for (std::size_t i = 0; i < d / 2; ++i) {
    const double pos = std::pow(base, double(2 * i) / double(d));
    const double ramp = std::min(std::max((double(i) - low) / (high - low), 0.0), 1.0);
    const double extrapolation = 1 - ramp;
    out.push_back(1 / (factor * pos) * (1 - extrapolation) + 1 / pos * extrapolation);
  }
  return out;
}

// _compute_longrope_parameters: 1 / (ext_i * base^(2i/d)).
inline std::vector<double> inv_longrope(std::size_t d, double base, const std::vector<double>& ext) {
  std::vector<double> out;
  for (std::size_t i = 0; i < d / 2; ++i) out.push_back(1 / (ext[i] * std::pow(base, double(2 * i) / double(d))));
  return out;
}

// _compute_proportional_rope_parameters: int(p * head // 2) rotated pairs over head, zeros after.
inline std::vector<double> inv_proportional(std::size_t head, double base, double p, double factor) {
  const std::size_t angles = std::size_t(std::floor(p * double(head) / 2));
  std::vector<double> out(head / 2, 0.0);
  for (std::size_t i = 0; i < angles; ++i) out[i] = 1 / std::pow(base, double(2 * i) / double(head)) / factor;
  return out;
}

inline double get_mscale(double scale, double mscale = 1) {
  return scale <= 1 ? 1 : 0.1 * mscale * std::log(scale) + 1;
}

inline double longrope_attention(double factor, double original) {
  return factor <= 1 ? 1 : std::sqrt(1 + std::log(factor) / std::log(original));
}

}  // namespace hf_reference
