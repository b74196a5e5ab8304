// DeBERTa-style relative encoding: the clipped distance matrix, the table of
// max - min + 1 rows, and the disentangled scores against float64, per backend.
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "reference.hpp"
#include "test_support.hpp"

namespace {

using posenc_test::BackendTest;

TEST(RelativeDistance, IsTheClippedDifferenceMatrix) {
  struct Case {
    std::size_t n, m;
    std::int64_t lo, hi;
  };
  for (Case c : {Case{1, 1, -8, 8}, Case{5, 5, -2, 2}, Case{1, 9, -3, 5}, Case{9, 1, -3, 5}, Case{12, 7, 0, 0},
                 Case{6, 11, -100, 100}, Case{10, 10, -4, 0}, Case{10, 10, 0, 4}}) {
    const auto got = posenc::relative_distance(c.n, c.m, c.lo, c.hi);
    ASSERT_EQ(got.size(), c.n * c.m);
    for (std::size_t i = 0; i < c.n; ++i)
      for (std::size_t j = 0; j < c.m; ++j)
        ASSERT_EQ(got[i * c.m + j], ref::clip(std::int64_t(i) - std::int64_t(j), c.lo, c.hi))
            << "n=" << c.n << " m=" << c.m << " min=" << c.lo << " max=" << c.hi << " at (" << i << ", " << j << ")";
  }
}

TEST(RelativeDistance, WideRangeNeverClips) {
  const auto d = posenc::relative_distance(3, 4, -(1 << 20), 1 << 20);
  const std::int32_t want[] = {0, -1, -2, -3, 1, 0, -1, -2, 2, 1, 0, -1};
  ASSERT_EQ(d.size(), 12u);
  for (std::size_t i = 0; i < 12; ++i) EXPECT_EQ(d[i], want[i]) << i;
}

TEST(RelativeTable, HasMaxMinusMinPlusOneRows) {
  struct Case {
    std::int64_t lo, hi;
    std::size_t dim;
  };
  for (Case c : {Case{-8, 8, 16}, Case{0, 0, 3}, Case{-5, 0, 1}, Case{-1, 127, 10}}) {
    posenc::relative_table t(c.lo, c.hi, c.dim, 4);
    EXPECT_EQ(t.min(), c.lo);
    EXPECT_EQ(t.max(), c.hi);
    EXPECT_EQ(t.dim(), c.dim);
    EXPECT_EQ(t.table().size(), std::size_t(c.hi - c.lo + 1) * c.dim);
  }
}

// check() is the constructor's validation alone: the same error for each bad parameter, and
// nothing thrown where the constructor succeeds.
TEST(RelativeTable, CheckThrowsWhatTheConstructorThrows) {
  struct Case {
    std::int64_t lo, hi;
    std::size_t dim;
    double std;
  };
  const auto message = [](auto&& call) -> std::string {
    try {
      call();
    } catch (const posenc::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  for (Case c : {Case{3, 2, 8, 0.02}, Case{-8, 8, 0, 0.02}, Case{-8, 8, 8, -1}, Case{-(1 << 30), 1 << 30, 64, 0.02},
                 Case{-8, 8, 16, 0.02}, Case{0, 0, 1, 0}}) {
    const std::string checked = message([&] { posenc::relative_table::check(c.lo, c.hi, c.dim, c.std); });
    const std::string built = message([&] { posenc::relative_table(c.lo, c.hi, c.dim, 1, c.std); });
    EXPECT_EQ(checked, built) << "min=" << c.lo << " max=" << c.hi << " dim=" << c.dim << " std=" << c.std;
  }
  EXPECT_NE(message([] { posenc::relative_table::check(3, 2, 8, 0.02); }), "");
}

TEST(RelativeTable, SeededAndNormal) {
  posenc::relative_table a(-512, 511, 128, 11, 0.5), b(-512, 511, 128, 11, 0.5);
  ASSERT_EQ(a.table().size(), b.table().size());
  EXPECT_EQ(0, std::memcmp(a.table().data(), b.table().data(), a.table().size() * sizeof(float)));
  posenc::relative_table c(-512, 511, 128, 12, 0.5);
  std::size_t same = 0;
  for (std::size_t i = 0; i < a.table().size(); ++i) same += a.table()[i] == c.table()[i];
  EXPECT_LT(same, a.table().size() / 100);
  double s = 0, ss = 0;
  for (float x : a.table()) s += x, ss += double(x) * x;
  const double n = double(a.table().size()), mean = s / n, sd = std::sqrt(ss / n - mean * mean);
  EXPECT_LE(std::fabs(mean), 6 * 0.5 / std::sqrt(n));
  EXPECT_NEAR(sd / 0.5, 1.0, 6 / std::sqrt(2 * n));
  // Default std is 0.02, as for learned tables.
  posenc::relative_table d(-512, 511, 128);
  double dss = 0;
  for (float x : d.table()) dss += double(x) * x;
  EXPECT_NEAR(std::sqrt(dss / n) / 0.02, 1.0, 6 / std::sqrt(2 * n));
}

class RelativeScores : public BackendTest {};

TEST_P(RelativeScores, MatchDisentangledReference) {
  std::mt19937 rng(41);
  struct Case {
    std::size_t n, m, dim;
    std::int64_t lo, hi;
  };
  for (Case c : {Case{1, 1, 2, -2, 2}, Case{4, 6, 7, -2, 3}, Case{9, 9, 16, -4, 4}, Case{3, 12, 33, -8, 8},
                 Case{12, 5, 64, 0, 0}, Case{7, 7, 130, -20, 20}})
    for (bool scale : {true, false}) {
      SCOPED_TRACE(::testing::Message() << "n=" << c.n << " m=" << c.m << " dim=" << c.dim << " min=" << c.lo
                                        << " max=" << c.hi << " scale=" << scale);
      posenc::relative_table t(c.lo, c.hi, c.dim, 77, 1.0);
      const auto q = posenc_test::random_normal(rng, c.n * c.dim);
      const auto k = posenc_test::random_normal(rng, c.m * c.dim);
      const auto got = t.scores(q.data(), q.size(), k.data(), k.size(), scale);
      const auto want = ref::deberta(q, k, c.dim, t.table(), c.lo, c.hi, scale);
      // Each part is a dot product of length dim of O(1) numbers.
      const double tol = 1e-5 * double(c.dim) * (scale ? 1.0 / std::sqrt(3.0 * double(c.dim)) : 1.0);
      EXPECT_LE(posenc_test::max_abs_error(got.c2c, want.c2c), tol) << "c2c";
      EXPECT_LE(posenc_test::max_abs_error(got.c2p, want.c2p), tol) << "c2p";
      EXPECT_LE(posenc_test::max_abs_error(got.p2c, want.p2c), tol) << "p2c";
      EXPECT_LE(posenc_test::max_abs_error(got.total, want.total), 3 * tol) << "total";
      ASSERT_EQ(got.total.size(), c.n * c.m);
      for (std::size_t i = 0; i < got.total.size(); ++i)
        ASSERT_NEAR(got.total[i], double(got.c2c[i]) + got.c2p[i] + got.p2c[i], 3 * tol) << i;
    }
}

TEST_P(RelativeScores, ScaleDividesEveryPartBySqrtThreeDim) {
  std::mt19937 rng(42);
  const std::size_t n = 5, m = 4, dim = 12;
  posenc::relative_table t(-3, 3, dim, 1, 1.0);
  const auto q = posenc_test::random_normal(rng, n * dim);
  const auto k = posenc_test::random_normal(rng, m * dim);
  const auto a = t.scores(q.data(), q.size(), k.data(), k.size(), true);
  const auto b = t.scores(q.data(), q.size(), k.data(), k.size(), false);
  const double f = std::sqrt(3.0 * dim);
  for (std::size_t i = 0; i < n * m; ++i) {
    EXPECT_NEAR(a.c2c[i] * f, b.c2c[i], 1e-4) << i;
    EXPECT_NEAR(a.c2p[i] * f, b.c2p[i], 1e-4) << i;
    EXPECT_NEAR(a.p2c[i] * f, b.p2c[i], 1e-4) << i;
  }
}

POSENC_INSTANTIATE_BACKENDS(RelativeScores);

}  // namespace
