// Properties that RoPE must have whatever the implementation: rotations keep norms,
// logits depend on m - n only, rotations compose, the matrix / elementwise / complex
// forms agree, and the two layouts are one rotation under a permutation. Plus the
// distance curves (score by distance, RoFormer's decay bound) against float64.
#include <cmath>
#include <random>
#include <vector>

#include "reference.hpp"
#include "test_support.hpp"

namespace {

using posenc::layout;
using posenc_test::BackendTest;
using posenc_test::norm;

std::vector<float> rotated(const std::vector<float>& x, std::size_t dim, std::int64_t pos,
                           layout l = layout::interleaved, std::size_t rotary = 0, double base = 10000.0) {
  posenc::rope_options o;
  o.dim = dim;
  o.heads = x.size() / dim;
  o.pairs = l;
  o.rotary_dim = rotary;
  o.base = base;
  auto y = x;
  posenc::rope_apply(y.data(), y.size(), o, pos);
  return y;
}

class RopeProperties : public BackendTest {};

TEST_P(RopeProperties, RotationKeepsEveryHeadNorm) {
  std::mt19937 rng(31);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t dim = 2 * posenc_test::random_size(rng, 1, 70);
    const std::size_t heads = posenc_test::random_size(rng, 1, 3);
    const std::int64_t pos = posenc_test::random_int(rng, 0, (1 << 24) - 1);
    const layout l = trial % 2 ? layout::half : layout::interleaved;
    const auto x = posenc_test::random_normal(rng, heads * dim);
    const auto y = rotated(x, dim, pos, l);
    for (std::size_t h = 0; h < heads; ++h) {
      const double nx = norm(&x[h * dim], dim), ny = norm(&y[h * dim], dim);
      EXPECT_NEAR(ny / nx, 1.0, 2e-6) << "dim=" << dim << " pos=" << pos << " head=" << h;
    }
  }
}

TEST_P(RopeProperties, LogitDependsOnlyOnRelativePosition) {
  std::mt19937 rng(32);
  for (layout l : {layout::interleaved, layout::half})
    for (std::size_t dim : {2u, 18u, 64u}) {
      const auto q = posenc_test::random_normal(rng, dim);
      const auto k = posenc_test::random_normal(rng, dim);
      const double scale = norm(q.data(), dim) * norm(k.data(), dim);
      for (std::int64_t d : {0, 1, 7, -7, 300, -4000}) {
        const std::int64_t big = (1 << 24) - 1;
        const std::int64_t ms[] = {std::max<std::int64_t>(d, 0) + 0, std::max<std::int64_t>(d, 0) + 5,
                                   std::max<std::int64_t>(d, 0) + 123456, d >= 0 ? big : big + d};
        // Reference value of rope(q, m) . rope(k, m - d), exact for any m.
        const auto rq = ref::rope(q, 1, dim, dim, {ms[0]}, 10000.0, l == layout::half);
        const auto rk = ref::rope(k, 1, dim, dim, {ms[0] - d}, 10000.0, l == layout::half);
        const double want = ref::dot(rq.data(), rk.data(), dim);
        for (std::int64_t m : ms) {
          const std::int64_t n = m - d;
          ASSERT_GE(n, 0);
          const double got = ref::dot(rotated(q, dim, m, l).data(), rotated(k, dim, n, l).data(), dim);
          EXPECT_NEAR(got, want, 1e-5 * scale)
              << "dim=" << dim << " m=" << m << " n=" << n << (l == layout::half ? " half" : "");
        }
      }
    }
}

TEST_P(RopeProperties, RotationsCompose) {
  // rope(rope(x, a), b) == rope(x, a + b)
  std::mt19937 rng(33);
  using P = std::pair<std::int64_t, std::int64_t>;
  const P pairs[] = {{3, 4}, {1000, 2345}, {8000000, 8777215}};
  for (std::size_t dim : {2u, 14u, 48u})
    for (const P& ab : pairs) {
      const auto x = posenc_test::random_normal(rng, dim);
      const auto twice = rotated(rotated(x, dim, ab.first), dim, ab.second);
      const auto once = rotated(x, dim, ab.first + ab.second);
      EXPECT_LE(posenc_test::max_abs_error(twice, once), 5e-6 * norm(x.data(), dim))
          << "dim=" << dim << " a=" << ab.first << " b=" << ab.second;
    }
}

TEST_P(RopeProperties, MatrixFormEqualsElementwiseEqualsComplexForm) {
  std::mt19937 rng(34);
  for (std::size_t dim : {2u, 6u, 16u, 34u})
    for (std::int64_t pos : {std::int64_t{1}, std::int64_t{42}, std::int64_t{65537}, std::int64_t{16777215}}) {
      const auto x = posenc_test::random_normal(rng, dim);
      const double nx = norm(x.data(), dim);
      const auto M = posenc::rope_matrix(pos, dim);
      std::vector<double> mx(dim, 0.0);
      for (std::size_t r = 0; r < dim; ++r)
        for (std::size_t c = 0; c < dim; ++c) mx[r] += double(M[r * dim + c]) * x[c];
      const auto elementwise = rotated(x, dim, pos);
      const auto complex_form = posenc::rope_complex_form(x.data(), dim, pos);
      SCOPED_TRACE(::testing::Message() << "dim=" << dim << " pos=" << pos);
      EXPECT_LE(posenc_test::max_abs_error(elementwise, mx), 4e-6 * nx) << "matrix vs elementwise";
      EXPECT_LE(posenc_test::max_abs_error(complex_form, mx), 4e-6 * nx) << "matrix vs complex";
      EXPECT_LE(posenc_test::max_abs_error(complex_form, elementwise), 4e-6 * nx) << "complex vs elementwise";
    }
}

TEST_P(RopeProperties, HalfLayoutIsInterleavedUnderPairPermutation) {
  // Map pair (2i, 2i+1) to (i, i + r/2) inside the first r = rotaryDim features of a head:
  // rope_half(P x) == P rope_interleaved(x).
  std::mt19937 rng(35);
  struct Case {
    std::size_t dim, rotary, heads;
  };
  for (Case c : {Case{2, 0, 1}, Case{8, 0, 2}, Case{22, 0, 3}, Case{40, 16, 2}, Case{66, 2, 1}, Case{130, 64, 2}}) {
    const std::size_t r = c.rotary ? c.rotary : c.dim, h = r / 2;
    const auto x = posenc_test::random_normal(rng, c.heads * c.dim);
    auto px = x;
    for (std::size_t hd = 0; hd < c.heads; ++hd)
      for (std::size_t i = 0; i < h; ++i) {
        px[hd * c.dim + i] = x[hd * c.dim + 2 * i];
        px[hd * c.dim + h + i] = x[hd * c.dim + 2 * i + 1];
      }
    for (std::int64_t pos : {std::int64_t{5}, std::int64_t{16777201}}) {
      const auto yi = rotated(x, c.dim, pos, layout::interleaved, c.rotary);
      const auto yh = rotated(px, c.dim, pos, layout::half, c.rotary);
      double worst = 0;
      for (std::size_t hd = 0; hd < c.heads; ++hd) {
        const std::size_t at = hd * c.dim;
        for (std::size_t i = 0; i < h; ++i) {
          worst = std::max(worst, std::fabs(double(yh[at + i]) - yi[at + 2 * i]));
          worst = std::max(worst, std::fabs(double(yh[at + h + i]) - yi[at + 2 * i + 1]));
        }
        for (std::size_t f = r; f < c.dim; ++f) worst = std::max(worst, std::fabs(double(yh[at + f]) - yi[at + f]));
      }
      EXPECT_LE(worst, 2e-6 * norm(x.data(), x.size())) << "dim=" << c.dim << " rotary=" << c.rotary << " pos=" << pos;
    }
  }
}

TEST_P(RopeProperties, ScoreByDistanceMatchesReference) {
  std::mt19937 rng(36);
  for (std::size_t dim : {2u, 10u, 64u, 130u})
    for (double base : {10000.0, 100.0}) {
      const auto q = posenc_test::random_normal(rng, dim);
      const auto k = posenc_test::random_normal(rng, dim);
      const std::int64_t maxd = 600;
      const auto got = posenc::rope_score_by_distance(q.data(), k.data(), dim, base, maxd);
      ASSERT_EQ(got.size(), std::size_t(maxd + 1));
      const auto want = ref::score_by_distance(q.data(), k.data(), dim, base, maxd);
      const double scale = norm(q.data(), dim) * norm(k.data(), dim);
      EXPECT_LE(posenc_test::max_abs_error(got, want), 1e-5 * scale) << "dim=" << dim << " base=" << base;
      EXPECT_NEAR(got[0], ref::dot(q.data(), k.data(), dim), 1e-5 * scale) << "d=0 is q.k";
    }
}

TEST_P(RopeProperties, ScoreByDistanceEqualsRotatedDotProducts) {
  std::mt19937 rng(37);
  const std::size_t dim = 32;
  const auto q = posenc_test::random_normal(rng, dim);
  const auto k = posenc_test::random_normal(rng, dim);
  const auto s = posenc::rope_score_by_distance(q.data(), k.data(), dim, 10000.0, 2000);
  const auto rk = rotated(k, dim, 0);
  const double scale = norm(q.data(), dim) * norm(k.data(), dim);
  for (std::int64_t d : {0, 1, 2, 99, 1024, 2000})
    EXPECT_NEAR(s[std::size_t(d)], ref::dot(rotated(q, dim, d).data(), rk.data(), dim), 1e-5 * scale) << "d=" << d;
}

TEST_P(RopeProperties, DecayBoundMatchesReference) {
  for (std::size_t dim : {2u, 4u, 18u, 128u})
    for (double base : {10000.0, 500.0}) {
      const std::int64_t maxd = 1500;
      const auto got = posenc::rope_decay_bound(dim, base, maxd);
      ASSERT_EQ(got.size(), std::size_t(maxd + 1));
      // At d = 0 every term is 1: (1/h) sum_{j=1}^{h} j = (h + 1) / 2.
      const double h = double(dim / 2);
      EXPECT_NEAR(got[0], (h + 1) / 2, 1e-5 * h) << "dim=" << dim;
      double worst = 0;
      for (std::int64_t d = 0; d <= maxd; ++d)
        worst = std::max(worst, std::fabs(got[std::size_t(d)] - ref::decay_bound_at(dim, base, d)));
      EXPECT_LE(worst, 1e-5 * (h + 1) / 2) << "dim=" << dim << " base=" << base;
      if (dim == 2) {
        for (float v : got) ASSERT_NEAR(v, 1.0f, 1e-6);  // |S_1| = |e^{i d theta_0}| = 1
      }
    }
}

TEST_P(RopeProperties, DecayBoundAtLargeDistancesForSmallDim) {
  // dim 4: (maxDistance + 1) * 2 elements; sample the far end against float64.
  const std::int64_t maxd = 1 << 18;
  const auto got = posenc::rope_decay_bound(4, 10000.0, maxd);
  ASSERT_EQ(got.size(), std::size_t(maxd + 1));
  double worst = 0;
  for (std::int64_t d = maxd; d > 0; d -= 997)
    worst = std::max(worst, std::fabs(got[std::size_t(d)] - ref::decay_bound_at(4, 10000.0, d)));
  EXPECT_LE(worst, 2e-6);
}

// What the dials show: RoPE turns the angle between pair i of q and of k by (m - n) theta_i, in
// either layout (theta_i written out in float64 here; angles compared modulo 2 pi).
TEST_P(RopeProperties, PairAnglesTurnByTheDistance) {
  std::mt19937 rng(47);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t dim = 2 * posenc_test::random_size(rng, 1, 40), half = dim / 2;
    const std::int64_t m = posenc_test::random_int(rng, 0, 5000), n = posenc_test::random_int(rng, 0, 5000);
    const layout l = trial % 2 ? layout::half : layout::interleaved;
    const auto q = posenc_test::random_normal(rng, dim), k = posenc_test::random_normal(rng, dim);
    const posenc::pair_angle_options o{dim, l};
    const auto before = posenc::pair_angles(q.data(), dim, k.data(), dim, o);
    const auto qm = rotated(q, dim, m, l), kn = rotated(k, dim, n, l);
    const auto after = posenc::pair_angles(qm.data(), dim, kn.data(), dim, o);
    const auto theta = ref::theta(dim, 10000.0);
    for (std::size_t i = 0; i < half; ++i) {
      const double turned = std::remainder(after[i] - before[i] - double(m - n) * theta[i], 2 * M_PI);
      EXPECT_NEAR(turned, 0.0, 1e-4) << "dim " << dim << " pair " << i << " m " << m << " n " << n;
      EXPECT_LE(std::fabs(after[i]), M_PI);
    }
  }
}

TEST_P(RopeProperties, PairAnglesOfKnownPairs) {
  // rows of dim 4: pairs (a0, a1), (a2, a3) interleaved; (a0, a2), (a1, a3) in the half layout
  const std::vector<float> a = {0, 1, -1, 0, 0, 0, 3, 3}, b = {1, 0, 1, 0, 2, 5, 1, 1};
  const auto interleaved = posenc::pair_angles(a.data(), a.size(), b.data(), b.size(), {4, layout::interleaved});
  ASSERT_EQ(interleaved.size(), 4u);
  EXPECT_DOUBLE_EQ(interleaved[0], M_PI / 2);  // (0, 1) from (1, 0): a quarter turn
  EXPECT_DOUBLE_EQ(interleaved[1], M_PI);      // (-1, 0) from (1, 0)
  EXPECT_EQ(interleaved[2], 0.0);              // a zero pair has no direction
  EXPECT_DOUBLE_EQ(interleaved[3], 0.0);       // (3, 3) from (1, 1)
  const auto half = posenc::pair_angles(a.data(), a.size(), b.data(), b.size(), {4, layout::half});
  EXPECT_DOUBLE_EQ(half[0], -3 * M_PI / 4);          // (0, -1) from (1, 1)
  EXPECT_EQ(half[1], 0.0);                           // (1, 0) from (0, 0)
  EXPECT_DOUBLE_EQ(half[2], std::atan2(6.0, 3.0));   // (0, 3) from (2, 1): cross 6, dot 3
  EXPECT_DOUBLE_EQ(half[3], std::atan2(15.0, 3.0));  // (0, 3) from (5, 1): cross 15, dot 3
  EXPECT_TRUE(posenc_test::throws_invalid(
      [&] {
        posenc::pair_angles(a.data(), a.size(), b.data(), 6, {4, layout::half});
      },
      "b.length", "6"));
  EXPECT_TRUE(posenc_test::throws_invalid(
      [&] {
        posenc::pair_angles(a.data(), 6, b.data(), 6, {4, layout::half});
      },
      "a.length", "6"));
  EXPECT_TRUE(posenc_test::throws_invalid(
      [&] {
        posenc::pair_angles(a.data(), 8, b.data(), 8, {3, layout::half});
      },
      "dim", "3"));
}

POSENC_INSTANTIATE_BACKENDS(RopeProperties);

}  // namespace
