// The attention kernel dot_rows (one query against many keys): SIMD twin vs scalar
// reference vs a float64 sum, over row counts and dims around the SIMD width.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "kernels.hpp"

namespace {

TEST(DotRowsKernel, SimdAndScalarMatchFloat64) {
  const auto& scalar = posenc::kernels::scalar_table();
  const auto* simd = posenc::kernels::simd_table();
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-1, 1);
  double worst = 0;
  for (std::size_t rows : {0u, 1u, 3u, 4u, 5u, 8u, 15u, 16u, 17u, 33u})
    for (std::size_t dim : {1u, 2u, 3u, 4u, 7u, 8u, 9u, 16u, 31u, 64u, 130u}) {
      std::vector<float> q(dim), k(rows * dim), a(rows + 1, 9.f), b(rows + 1, 9.f);
      for (auto& v : q) v = u(rng);
      for (auto& v : k) v = u(rng);
      scalar.dot_rows(q.data(), k.data(), rows, dim, 0.5f, a.data());
      if (simd) simd->dot_rows(q.data(), k.data(), rows, dim, 0.5f, b.data());
      for (std::size_t j = 0; j < rows; ++j) {
        double exact = 0, magnitude = 0;
        for (std::size_t d = 0; d < dim; ++d) {
          exact += double(q[d]) * k[j * dim + d];
          magnitude += std::fabs(double(q[d]) * k[j * dim + d]);
        }
        exact *= 0.5;
        const double bound = 1e-6 * (1 + magnitude);
        EXPECT_NEAR(a[j], exact, bound) << "scalar rows=" << rows << " dim=" << dim << " j=" << j;
        if (simd) {
          EXPECT_NEAR(b[j], exact, bound) << "simd rows=" << rows << " dim=" << dim << " j=" << j;
        }
        worst = std::max(worst, std::fabs(double(b[j]) - exact) / (1 + magnitude));
      }
      EXPECT_EQ(a[rows], 9.f) << "scalar wrote past rows";
      if (simd) {
        EXPECT_EQ(b[rows], 9.f) << "simd wrote past rows";
      }
    }
  RecordProperty("worst_relative_error", std::to_string(worst));
}

}  // namespace
