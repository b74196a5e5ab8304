// The model's pointwise blocks and their derivatives, for float and double alike.
#pragma once
#include <cmath>
#include <cstddef>

namespace posenc::lab::blocks {

inline constexpr double layer_norm_epsilon = 1e-5;

// y = (x - mean) / sqrt(var + eps) * weight + bias over one row of n; keeps mean and 1/sqrt(...).
template <class T>
void layer_norm_row(const T* x, std::size_t n, const T* weight, const T* bias, T* y, T& mean, T& rstd) {
  T sum = T(0);
  for (std::size_t i = 0; i < n; ++i) sum += x[i];
  mean = sum / T(n);
  T squares = T(0);
  for (std::size_t i = 0; i < n; ++i) squares += (x[i] - mean) * (x[i] - mean);
  rstd = T(1) / std::sqrt(squares / T(n) + T(layer_norm_epsilon));
  for (std::size_t i = 0; i < n; ++i) y[i] = (x[i] - mean) * rstd * weight[i] + bias[i];
}

// dx (overwritten) from dy; adds to the weight's and the bias's gradients.
template <class T>
void layer_norm_row_backward(const T* x, std::size_t n, const T* weight, T mean, T rstd, const T* dy, T* dx, T* dweight,
                             T* dbias) {
  T mean_dxhat = T(0), mean_dxhat_xhat = T(0);
  for (std::size_t i = 0; i < n; ++i) {
    const T xhat = (x[i] - mean) * rstd;
    const T dxhat = dy[i] * weight[i];
    dweight[i] += dy[i] * xhat;
    dbias[i] += dy[i];
    mean_dxhat += dxhat;
    mean_dxhat_xhat += dxhat * xhat;
  }
  mean_dxhat /= T(n);
  mean_dxhat_xhat /= T(n);
  for (std::size_t i = 0; i < n; ++i) {
    const T xhat = (x[i] - mean) * rstd;
    dx[i] = rstd * (dy[i] * weight[i] - mean_dxhat - xhat * mean_dxhat_xhat);
  }
}

// GELU(u) = u Phi(u), Phi the standard normal CDF through erf (PyTorch's default, not the tanh
// approximation). The forward pass keeps Phi(u) for the derivative Phi(u) + u phi(u).
template <class T>
T gaussian_cdf(T u) {
  return T(0.5) * (T(1) + std::erf(u * T(0.70710678118654752440)));
}
template <class T>
T gelu_derivative(T u, T cdf) {
  return cdf + u * std::exp(T(-0.5) * u * u) * T(0.39894228040143267794);
}

// Softmax of s[0..n) in place.
template <class T>
void softmax(T* s, std::size_t n) {
  T top = s[0];
  for (std::size_t j = 1; j < n; ++j) top = s[j] > top ? s[j] : top;
  T sum = T(0);
  for (std::size_t j = 0; j < n; ++j) {
    s[j] = std::exp(s[j] - top);
    sum += s[j];
  }
  const T inverse = T(1) / sum;
  for (std::size_t j = 0; j < n; ++j) s[j] *= inverse;
}

}  // namespace posenc::lab::blocks
