// Learned absolute table: determinism per seed, independence across seeds, N(0, std^2)
// statistics, and encode() returning exactly the table's rows.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <unordered_set>
#include <vector>

#include "test_support.hpp"

namespace {

std::uint32_t bits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

bool bit_identical(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

struct Stats {
  double mean, sd, within1, within2;
};

Stats stats(const std::vector<float>& v, double sigma) {
  double s = 0;
  for (float x : v) s += x;
  const double mean = s / double(v.size());
  double ss = 0, w1 = 0, w2 = 0;
  for (float x : v) {
    ss += (x - mean) * (x - mean);
    w1 += std::fabs(x) <= sigma;
    w2 += std::fabs(x) <= 2 * sigma;
  }
  const double n = double(v.size());
  return {mean, std::sqrt(ss / (n - 1)), w1 / n, w2 / n};
}

// Bounds are about six standard errors wide for N = 131072 samples: a correct generator
// never fails them, a wrong std, an uncentred or a uniform generator always does.
void expect_normal(const std::vector<float>& v, double sigma, const char* what) {
  const double n = double(v.size());
  const Stats s = stats(v, sigma);
  EXPECT_LE(std::fabs(s.mean), 6 * sigma / std::sqrt(n)) << what << ": mean " << s.mean;
  EXPECT_NEAR(s.sd / sigma, 1.0, 6 / std::sqrt(2 * n)) << what << ": sd " << s.sd;
  EXPECT_NEAR(s.within1, 0.682689, 0.008) << what << ": fraction within 1 sigma";
  EXPECT_NEAR(s.within2, 0.954500, 0.0035) << what << ": fraction within 2 sigma";
}

TEST(Learned, ShapeAndAccessors) {
  posenc::learned_table t(37, 11, 5);
  EXPECT_EQ(t.max_len(), 37u);
  EXPECT_EQ(t.dim(), 11u);  // odd dims are fine for a learned table
  EXPECT_EQ(t.table().size(), 37u * 11u);
  posenc::learned_table one(1, 1);
  EXPECT_EQ(one.table().size(), 1u);
}

TEST(Learned, SameSeedGivesBitIdenticalTable) {
  for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0xFFFFFFFFFFFFFFFFull}}) {
    posenc::learned_table a(64, 48, seed), b(64, 48, seed);
    EXPECT_TRUE(bit_identical(a.table(), b.table())) << "seed=" << seed;
    EXPECT_TRUE(bit_identical(posenc::gaussian_table(64, 48, seed, 0.5), posenc::gaussian_table(64, 48, seed, 0.5)))
        << "seed=" << seed;
  }
}

TEST(Learned, DifferentSeedsGiveUnrelatedTables) {
  const std::size_t rows = 256, dim = 64;
  const std::uint64_t seeds[] = {0, 1, 2, 1000, std::uint64_t{1} << 32, std::uint64_t{1} << 63};
  std::vector<std::vector<float>> tables;
  std::vector<std::unordered_set<std::uint32_t>> values;
  for (std::uint64_t seed : seeds) {
    tables.push_back(posenc::learned_table(rows, dim, seed, 1.0).table());
    values.emplace_back();
    for (float x : tables.back()) values.back().insert(bits(x));
  }
  for (std::size_t a = 0; a < std::size(seeds); ++a)
    for (std::size_t b = a + 1; b < std::size(seeds); ++b) {
      const auto& ta = tables[a];
      const auto& tb = tables[b];
      // Not shifted or reordered copies of each other: few shared values at all.
      const auto& seen = values[a];
      std::size_t shared = 0;
      for (float x : tb) shared += seen.count(bits(x));
      EXPECT_LT(shared, ta.size() / 100) << "seeds " << seeds[a] << " and " << seeds[b];
      // And uncorrelated elementwise.
      double sab = 0, saa = 0, sbb = 0;
      for (std::size_t i = 0; i < ta.size(); ++i) {
        sab += double(ta[i]) * tb[i];
        saa += double(ta[i]) * ta[i];
        sbb += double(tb[i]) * tb[i];
      }
      EXPECT_LT(std::fabs(sab / std::sqrt(saa * sbb)), 6 / std::sqrt(double(ta.size())))
          << "seeds " << seeds[a] << " and " << seeds[b];
    }
}

TEST(Learned, RowsAreNotRepeated) {
  const auto t = posenc::learned_table(128, 16, 3).table();
  std::unordered_set<std::uint32_t> seen;
  for (float x : t) seen.insert(bits(x));
  EXPECT_GT(seen.size(), t.size() * 99 / 100);
}

TEST(Learned, DefaultTableIsNormalWithStd002) {
  posenc::learned_table t(512, 256);  // seed 0, std 0.02
  expect_normal(t.table(), 0.02, "learned_table(512, 256)");
}

TEST(Learned, TableFollowsRequestedStdForSeveralSeeds) {
  for (std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{12345}, std::uint64_t{1} << 63})
    for (double sd : {1.0, 3.5, 1e-3}) {
      posenc::learned_table t(1024, 128, seed, sd);
      SCOPED_TRACE(::testing::Message() << "seed=" << seed << " std=" << sd);
      expect_normal(t.table(), sd, "learned_table");
    }
}

TEST(Learned, GaussianTableIsNormal) {
  expect_normal(posenc::gaussian_table(300, 437, 77, 2.0), 2.0, "gaussian_table(300, 437, 77, 2)");
  EXPECT_EQ(posenc::gaussian_table(300, 437, 77, 2.0).size(), 300u * 437u);
}

TEST(Learned, ZeroStdGivesZeros) {
  posenc::learned_table t(10, 7, 9, 0.0);
  for (float x : t.table()) ASSERT_EQ(x, 0.0f);
}

TEST(Learned, EncodeReturnsTheRequestedRowsInOrder) {
  posenc::learned_table t(50, 13, 21);
  const std::int64_t pos[] = {0, 49, 7, 7, 23, 1};
  const auto rows = t.encode(pos, std::size(pos));
  ASSERT_EQ(rows.size(), std::size(pos) * 13);
  for (std::size_t r = 0; r < std::size(pos); ++r)
    EXPECT_EQ(0, std::memcmp(&rows[r * 13], &t.table()[std::size_t(pos[r]) * 13], 13 * sizeof(float)))
        << "row " << r << " (position " << pos[r] << ")";
  EXPECT_TRUE(t.encode(pos, 0).empty());
}

TEST(Learned, EncodeRefusesTheBlindZone) {
  posenc::learned_table t(50, 4);
  const std::int64_t at_max[] = {0, 1, 50};
  EXPECT_TRUE(posenc_test::throws_invalid([&] { t.encode(at_max, 3); }, "positions[2]", "50"));
  const std::int64_t negative[] = {-1};
  EXPECT_TRUE(posenc_test::throws_invalid([&] { t.encode(negative, 1); }, "positions[0]", "-1"));
  const std::int64_t last_ok[] = {49};
  EXPECT_NO_THROW(t.encode(last_ok, 1));
}

}  // namespace
