// Independent float64 references, written from the formulas of the article, RoFormer,
// DeBERTa and API.md. Nothing here calls posenc: every angle is pos * theta formed in
// double and passed to std::sin / std::cos, every sum is accumulated in double.
// Inputs that are float (x, q, k, learned tables) are read as given and widened.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ref {

// theta_i = base^(-2i/dim), i = 0 .. dim/2 - 1.
inline std::vector<double> theta(std::size_t dim, double base) {
  std::vector<double> t(dim / 2);
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = std::pow(base, -2.0 * double(i) / double(dim));
  return t;
}

// Sinusoidal table for the given positions, [positions x dim].
//   interleaved: out[2i] = sin(p theta_i), out[2i+1] = cos(p theta_i)
//   half:        out[i]  = sin(p theta_i), out[dim/2 + i] = cos(p theta_i)
inline std::vector<double> sinusoidal(const std::vector<std::int64_t>& positions, std::size_t dim, double base,
                                      bool half) {
  const auto t = theta(dim, base);
  const std::size_t h = dim / 2;
  std::vector<double> out(positions.size() * dim);
  for (std::size_t r = 0; r < positions.size(); ++r) {
    double* row = &out[r * dim];
    for (std::size_t i = 0; i < h; ++i) {
      const double a = double(positions[r]) * t[i];
      if (half) {
        row[i] = std::sin(a);
        row[h + i] = std::cos(a);
      } else {
        row[2 * i] = std::sin(a);
        row[2 * i + 1] = std::cos(a);
      }
    }
  }
  return out;
}

inline std::vector<std::int64_t> iota_positions(std::size_t count, std::int64_t first = 0) {
  std::vector<std::int64_t> p(count);
  for (std::size_t i = 0; i < count; ++i) p[i] = first + std::int64_t(i);
  return p;
}

// One head vector x of `dim` features rotated to position `pos`: only the first `rotary`
// features rotate, with theta over `rotary`; pairs (2i, 2i+1) or (i, i + rotary/2).
inline void rope_vector(const float* x, double* y, std::size_t dim, std::size_t rotary, double pos, double base,
                        bool half) {
  const auto t = theta(rotary, base);
  const std::size_t h = rotary / 2;
  for (std::size_t f = rotary; f < dim; ++f) y[f] = x[f];
  for (std::size_t i = 0; i < h; ++i) {
    const std::size_t a = half ? i : 2 * i;
    const std::size_t b = half ? i + h : 2 * i + 1;
    const double c = std::cos(pos * t[i]), s = std::sin(pos * t[i]);
    const double xa = x[a], xb = x[b];
    y[a] = xa * c - xb * s;
    y[b] = xb * c + xa * s;
  }
}

// x [seq x heads x dim], row s at positions[s].
inline std::vector<double> rope(const std::vector<float>& x, std::size_t heads, std::size_t dim, std::size_t rotary,
                                const std::vector<std::int64_t>& positions, double base, bool half) {
  if (rotary == 0) rotary = dim;
  std::vector<double> y(x.size());
  const std::size_t seq = x.size() / (heads * dim);
  for (std::size_t s = 0; s < seq; ++s)
    for (std::size_t hd = 0; hd < heads; ++hd) {
      const std::size_t at = (s * heads + hd) * dim;
      rope_vector(&x[at], &y[at], dim, rotary, double(positions[s]), base, half);
    }
  return y;
}

// The article's dim x dim block-diagonal matrix R(pos), row-major:
// R[2i][2i] = cos, R[2i][2i+1] = -sin, R[2i+1][2i] = sin, R[2i+1][2i+1] = cos.
inline std::vector<double> rope_matrix(std::int64_t pos, std::size_t dim, double base) {
  const auto t = theta(dim, base);
  std::vector<double> m(dim * dim, 0.0);
  for (std::size_t i = 0; i < dim / 2; ++i) {
    const double a = double(pos) * t[i];
    const std::size_t r = 2 * i;
    m[r * dim + r] = std::cos(a);
    m[r * dim + r + 1] = -std::sin(a);
    m[(r + 1) * dim + r] = std::sin(a);
    m[(r + 1) * dim + r + 1] = std::cos(a);
  }
  return m;
}

// The complex form: z_i = x[2i] + i x[2i+1], times e^{i pos theta_i}.
inline std::vector<double> rope_complex(const float* x, std::size_t dim, std::int64_t pos, double base) {
  const auto t = theta(dim, base);
  std::vector<double> y(dim);
  for (std::size_t i = 0; i < dim / 2; ++i) {
    const std::complex<double> z(x[2 * i], x[2 * i + 1]);
    const std::complex<double> w = z * std::polar(1.0, double(pos) * t[i]);
    y[2 * i] = w.real();
    y[2 * i + 1] = w.imag();
  }
  return y;
}

inline double dot(const double* a, const double* b, std::size_t n) {
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

inline double dot(const float* a, const float* b, std::size_t n) {
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += double(a[i]) * double(b[i]);
  return s;
}

// s(d) = rope(q, d) . rope(k, 0) = sum_i Re[ q_i conj(k_i) e^{i d theta_i} ].
inline double score_at(const float* q, const float* k, std::size_t dim, double base, std::int64_t d) {
  const auto t = theta(dim, base);
  double acc = 0;
  for (std::size_t i = 0; i < dim / 2; ++i) {
    const std::complex<double> qz(q[2 * i], q[2 * i + 1]), kz(k[2 * i], k[2 * i + 1]);
    acc += (qz * std::conj(kz) * std::polar(1.0, double(d) * t[i])).real();
  }
  return acc;
}

inline std::vector<double> score_by_distance(const float* q, const float* k, std::size_t dim, double base,
                                             std::int64_t max_distance) {
  std::vector<double> s(std::size_t(max_distance) + 1);
  for (std::int64_t d = 0; d <= max_distance; ++d) s[std::size_t(d)] = score_at(q, k, dim, base, d);
  return s;
}

// RoFormer: (1/(dim/2)) * sum_{j=1}^{dim/2} |S_j|, S_j = sum_{k<j} e^{i d theta_k}.
inline double decay_bound_at(std::size_t dim, double base, std::int64_t d) {
  const auto t = theta(dim, base);
  std::complex<double> S(0, 0);
  double acc = 0;
  for (std::size_t j = 1; j <= t.size(); ++j) {
    S += std::polar(1.0, double(d) * t[j - 1]);
    acc += std::abs(S);
  }
  return acc / double(t.size());
}

inline std::int64_t clip(std::int64_t d, std::int64_t lo, std::int64_t hi) { return std::min(std::max(d, lo), hi); }

struct disentangled {
  std::vector<double> total, c2c, c2p, p2c;
};

// DeBERTa: c2c = q_i.k_j, c2p = q_i.P[clip(i-j)], p2c = k_j.P[clip(j-i)], row r of P is
// distance lo + r; every part divided by sqrt(3 dim) when scaled.
inline disentangled deberta(const std::vector<float>& q, const std::vector<float>& k, std::size_t dim,
                            const std::vector<float>& P, std::int64_t lo, std::int64_t hi, bool scale) {
  const std::size_t n = q.size() / dim, m = k.size() / dim;
  const double f = scale ? 1.0 / std::sqrt(3.0 * double(dim)) : 1.0;
  disentangled r;
  r.total.resize(n * m);
  r.c2c.resize(n * m);
  r.c2p.resize(n * m);
  r.p2c.resize(n * m);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < m; ++j) {
      const std::int64_t dij = clip(std::int64_t(i) - std::int64_t(j), lo, hi) - lo;
      const std::int64_t dji = clip(std::int64_t(j) - std::int64_t(i), lo, hi) - lo;
      const double a = dot(&q[i * dim], &k[j * dim], dim) * f;
      const double b = dot(&q[i * dim], &P[std::size_t(dij) * dim], dim) * f;
      const double c = dot(&k[j * dim], &P[std::size_t(dji) * dim], dim) * f;
      r.c2c[i * m + j] = a;
      r.c2p[i * m + j] = b;
      r.p2c[i * m + j] = c;
      r.total[i * m + j] = a + b + c;
    }
  return r;
}

// (q_i + A_i) . (k_j + A_j) with A rows given in double ([>= max(n, m) x dim]).
inline std::vector<double> absolute_logits(const std::vector<float>& q, const std::vector<float>& k, std::size_t dim,
                                           const std::vector<double>& A, bool scale) {
  const std::size_t n = q.size() / dim, m = k.size() / dim;
  const double f = scale ? 1.0 / std::sqrt(double(dim)) : 1.0;
  std::vector<double> out(n * m);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < m; ++j) {
      double s = 0;
      for (std::size_t c = 0; c < dim; ++c)
        s += (double(q[i * dim + c]) + A[i * dim + c]) * (double(k[j * dim + c]) + A[j * dim + c]);
      out[i * m + j] = s * f;
    }
  return out;
}

// rope(q_i, i) . rope(k_j, j), optionally / sqrt(dim).
inline std::vector<double> rope_logits(const std::vector<float>& q, const std::vector<float>& k, std::size_t dim,
                                       double base, bool half, bool scale) {
  const std::size_t n = q.size() / dim, m = k.size() / dim;
  const auto rq = rope(q, 1, dim, dim, iota_positions(n), base, half);
  const auto rk = rope(k, 1, dim, dim, iota_positions(m), base, half);
  const double f = scale ? 1.0 / std::sqrt(double(dim)) : 1.0;
  std::vector<double> out(n * m);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < m; ++j) out[i * m + j] = dot(&rq[i * dim], &rk[j * dim], dim) * f;
  return out;
}

}  // namespace ref
