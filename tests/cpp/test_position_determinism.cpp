// The sin/cos of a position depend on that position alone (see cpp/src/angles.hpp):
// a table over a range, an explicit position, a cache and a fused call give the same
// bits, so caching can never change a result.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "posenc/posenc.hpp"

namespace {

class Determinism : public ::testing::TestWithParam<posenc::backend> {
 protected:
  void SetUp() override { posenc::use_backend(GetParam()); }
};

std::vector<posenc::backend> backends() {
  std::vector<posenc::backend> b{posenc::backend::scalar};
  if (posenc::simd_available()) b.push_back(posenc::backend::simd);
  return b;
}

TEST_P(Determinism, SinusoidalRangeEqualsExplicitPositionsBitForBit) {
  const std::size_t dim = 38, count = 200;
  const auto table = posenc::sinusoidal(count, dim);
  for (std::int64_t p : {0, 1, 31, 32, 33, 95, 150, 199}) {
    const auto row = posenc::sinusoidal_at(&p, 1, dim);
    for (std::size_t i = 0; i < dim; ++i) ASSERT_EQ(row[i], table[std::size_t(p) * dim + i]) << "p=" << p << " i=" << i;
  }
}

TEST_P(Determinism, RopeOffsetPositionsAndCacheAgreeBitForBit) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-1, 1);
  for (auto layout : {posenc::layout::interleaved, posenc::layout::half}) {
    posenc::rope_options o;
    o.dim = 24;
    o.heads = 3;
    o.pairs = layout;
    const std::size_t seq = 70;
    const std::int64_t offset = (std::int64_t{1} << 24) - 100;
    std::vector<float> x(seq * o.heads * o.dim);
    for (auto& v : x) v = u(rng);
    auto by_offset = x, by_positions = x, by_cache = x;
    std::vector<std::int64_t> positions(seq);
    for (std::size_t s = 0; s < seq; ++s) positions[s] = offset + std::int64_t(s);
    posenc::rope_apply(by_offset.data(), x.size(), o, offset);
    posenc::rope_apply(by_positions.data(), x.size(), o, positions.data(), seq);
    const posenc::rope_cache cache(o, offset - 7, seq + 20);
    cache.apply(by_cache.data(), x.size(), offset);
    EXPECT_EQ(by_offset, by_positions);
    EXPECT_EQ(by_offset, by_cache);
  }
}

TEST_P(Determinism, TheImplicitCacheNeverChangesAResult) {
  posenc::rope_options o;
  o.dim = 64;
  o.heads = 2;
  std::vector<float> x(100 * o.heads * o.dim);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(i % 17) / 17.0f - 0.5f;
  const std::size_t limit = posenc::rope_cache_limit();
  posenc::set_rope_cache_limit(0);  // fused: angles computed in the call
  auto fused = x;
  posenc::rope_apply(fused.data(), fused.size(), o, 3000);
  posenc::set_rope_cache_limit(limit);
  auto first = x, second = x;
  posenc::rope_apply(first.data(), first.size(), o, 3000);    // fills the cache
  posenc::rope_apply(second.data(), second.size(), o, 3000);  // reads it
  EXPECT_EQ(fused, first);
  EXPECT_EQ(fused, second);
  std::vector<std::int64_t> positions{3001, 5, 3099, 0};
  std::vector<float> y(x.begin(), x.begin() + 4 * o.heads * o.dim), y_fused = y;
  posenc::rope_apply(y.data(), y.size(), o, positions.data(), positions.size());
  posenc::set_rope_cache_limit(0);
  posenc::rope_apply(y_fused.data(), y_fused.size(), o, positions.data(), positions.size());
  posenc::set_rope_cache_limit(limit);
  EXPECT_EQ(y, y_fused);
}

// The uncached path keeps the step rows of the last theta (and kernel table) between calls:
// alternating bases, dims and backends must still give exactly the cached path's bits.
TEST(StepRows, KeptStepRowsNeverServeAnotherThetaOrBackend) {
  const std::size_t limit = posenc::rope_cache_limit();
  std::vector<posenc::backend> order;
  for (auto b : backends()) order.insert(order.end(), {b, b});
  for (int round = 0; round < 2; ++round)
    for (double base : {10000.0, 500.0, 10000.0})
      for (std::size_t dim : {64, 16})
        for (auto b : order) {
          posenc::use_backend(b);
          posenc::rope_options o;
          o.dim = dim;
          o.heads = 1;
          o.base = base;
          o.pairs = round == 0 ? posenc::layout::interleaved : posenc::layout::half;
          std::vector<float> x(90 * dim);
          for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(i % 29) / 29.0f - 0.5f;
          auto fused = x, cached = x;
          posenc::set_rope_cache_limit(0);
          posenc::rope_apply(fused.data(), fused.size(), o, 1000);
          posenc::set_rope_cache_limit(limit);
          posenc::rope_apply(cached.data(), cached.size(), o, 1000);
          ASSERT_EQ(fused, cached) << "base " << base << " dim " << dim << " backend " << int(b);
        }
  posenc::use_backend(posenc::simd_available() ? posenc::backend::simd : posenc::backend::scalar);
}

INSTANTIATE_TEST_SUITE_P(Backend, Determinism, ::testing::ValuesIn(backends()), [](const auto& param_info) {
  return param_info.param == posenc::backend::simd ? "simd" : "scalar";
});

}  // namespace
