// The attention kernel dot_rows (a block of queries against many keys): SIMD twin vs
// scalar reference vs a float64 sum, over query and key counts around the SIMD blocks
// (2 queries x 4 keys on the baseline; 8 queries, 4 key blocks and 64-dim chunks on the wide
// targets) and dims around the SIMD width.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "kernels.hpp"

namespace {

constexpr float kGuard = 9.f;

// Every SIMD target this CPU runs, or {nullptr} in a build without SIMD (the scalar checks still run).
std::vector<const posenc::kernels::kernel_table*> simd_tables() {
  auto v = posenc::kernels::runnable_simd_tables();
  if (v.empty()) v.push_back(nullptr);
  return v;
}

TEST(DotRowsKernel, SimdAndScalarMatchFloat64) {
  const auto& scalar = posenc::kernels::scalar_table();
  for (const auto* simd : simd_tables()) {
    SCOPED_TRACE(simd ? simd->name : "no SIMD");
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-1, 1);
    double worst = 0;
    for (std::size_t queries : {0u, 1u, 2u, 3u, 5u})
      for (std::size_t rows : {0u, 1u, 3u, 4u, 5u, 7u, 8u, 15u, 16u, 17u, 33u})
        for (std::size_t dim : {1u, 2u, 3u, 4u, 7u, 8u, 9u, 16u, 31u, 64u, 130u}) {
          // out rows are rows + 2 wide: the two cells past each row must stay untouched.
          const std::size_t stride = rows + 2;
          std::vector<float> q(queries * dim), k(rows * dim), a(queries * stride + 1, kGuard), b = a;
          for (auto& v : q) v = u(rng);
          for (auto& v : k) v = u(rng);
          scalar.dot_rows(q.data(), queries, k.data(), rows, dim, 0.5f, a.data(), stride);
          if (simd) simd->dot_rows(q.data(), queries, k.data(), rows, dim, 0.5f, b.data(), stride);
          for (std::size_t i = 0; i < queries; ++i) {
            for (std::size_t j = 0; j < rows; ++j) {
              double exact = 0, magnitude = 0;
              for (std::size_t d = 0; d < dim; ++d) {
                exact += double(q[i * dim + d]) * k[j * dim + d];
                magnitude += std::fabs(double(q[i * dim + d]) * k[j * dim + d]);
              }
              exact *= 0.5;
              const double bound = 1e-6 * (1 + magnitude);
              const std::size_t at = i * stride + j;
              ASSERT_NEAR(a[at], exact, bound)
                  << "scalar queries=" << queries << " rows=" << rows << " dim=" << dim << " i=" << i << " j=" << j;
              if (simd) {
                ASSERT_NEAR(b[at], exact, bound)
                    << "simd queries=" << queries << " rows=" << rows << " dim=" << dim << " i=" << i << " j=" << j;
                worst = std::max(worst, std::fabs(double(b[at]) - exact) / (1 + magnitude));
              }
            }
            for (std::size_t j = rows; j < stride; ++j) {
              ASSERT_EQ(a[i * stride + j], kGuard) << "scalar wrote past rows, i=" << i;
              ASSERT_EQ(b[i * stride + j], kGuard) << "simd wrote past rows, i=" << i;
            }
          }
          ASSERT_EQ(a.back(), kGuard) << "scalar wrote past the last query";
          ASSERT_EQ(b.back(), kGuard) << "simd wrote past the last query";
        }
    RecordProperty(std::string("worst_relative_error_") + (simd ? simd->name : "none"), std::to_string(worst));
  }
}

// A block of queries gives the same logits, bit for bit, as the queries one at a time:
// the register blocking only shares loads, every logit is the same sum.
TEST(DotRowsKernel, QueryBlockingDoesNotChangeALogit) {
  std::mt19937 rng(6);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<const posenc::kernels::kernel_table*> tables{&posenc::kernels::scalar_table()};
  for (const auto* t : posenc::kernels::runnable_simd_tables()) tables.push_back(t);
  for (const auto* t : tables)
    for (std::size_t queries : {2u, 3u, 4u, 7u, 8u, 9u, 17u})
      for (std::size_t rows : {4u, 9u, 13u, 40u})
        for (std::size_t dim : {5u, 64u, 67u, 130u}) {
          std::vector<float> q(queries * dim), k(rows * dim), whole(queries * rows), single(queries * rows);
          for (auto& v : q) v = u(rng);
          for (auto& v : k) v = u(rng);
          t->dot_rows(q.data(), queries, k.data(), rows, dim, 0.125f, whole.data(), rows);
          for (std::size_t i = 0; i < queries; ++i)
            t->dot_rows(q.data() + i * dim, 1, k.data(), rows, dim, 0.125f, single.data() + i * rows, rows);
          ASSERT_EQ(whole, single) << t->name << " queries=" << queries << " rows=" << rows << " dim=" << dim;
        }
}

// The wide targets take the keys transposed and sum each logit over d in order, as the scalar
// reference does: the same bits, across query tiles, key groups, dims split into chunks and the
// keys left over. (The baseline sums in a width-dependent order, held to the bound above.)
TEST(DotRowsKernel, WideTargetsGiveTheScalarLogitsBitForBit) {
  const auto& scalar = posenc::kernels::scalar_table();
  auto targets = posenc::kernels::runnable_simd_tables();
  if (targets.size() < 2) GTEST_SKIP() << "no SIMD target beside the baseline on this build or CPU";
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1, 1);
  for (std::size_t t = 1; t < targets.size(); ++t)
    for (std::size_t queries : {1u, 7u, 8u, 9u, 16u, 25u})
      for (std::size_t rows : {1u, 7u, 8u, 9u, 31u, 32u, 33u, 40u, 64u, 71u, 100u})
        for (std::size_t dim : {1u, 3u, 8u, 63u, 64u, 65u, 128u, 200u}) {
          const std::size_t stride = rows + 1;
          std::vector<float> q(queries * dim), k(rows * dim), a(queries * stride, kGuard), b = a;
          for (auto& v : q) v = u(rng);
          for (auto& v : k) v = u(rng);
          scalar.dot_rows(q.data(), queries, k.data(), rows, dim, 0.125f, a.data(), stride);
          targets[t]->dot_rows(q.data(), queries, k.data(), rows, dim, 0.125f, b.data(), stride);
          ASSERT_EQ(0, std::memcmp(a.data(), b.data(), a.size() * sizeof(float)))
              << targets[t]->name << " queries=" << queries << " rows=" << rows << " dim=" << dim;
        }
}

}  // namespace
