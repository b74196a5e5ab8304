#include "baselines.hpp"

#include <cmath>
#include <vector>

namespace posenc::baselines {

void stream_in_place(float* x, std::size_t n, float a) {
  for (std::size_t i = 0; i < n; ++i) x[i] *= a;
}

void naive_sinusoidal(std::size_t positions, std::size_t dim, double base, float* out) {
  std::vector<float> theta(dim / 2);
  for (std::size_t i = 0; i < dim / 2; ++i) theta[i] = float(std::pow(base, -2.0 * double(i) / double(dim)));
  for (std::size_t p = 0; p < positions; ++p)
    for (std::size_t i = 0; i < dim / 2; ++i) {
      const float angle = float(p) * theta[i];
      out[p * dim + 2 * i] = std::sin(angle);
      out[p * dim + 2 * i + 1] = std::cos(angle);
    }
}

}  // namespace posenc::baselines
