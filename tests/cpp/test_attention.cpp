// Attention logits under each encoding of the article against the float64 definitions
// of attention.hpp / API.md, per backend.
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "reference.hpp"
#include "test_support.hpp"

namespace {

using posenc::encoding;
using posenc::layout;
using posenc_test::BackendTest;

struct Case {
  std::size_t n, m, dim;
};
const Case kCases[] = {{1, 1, 2}, {3, 5, 6}, {8, 8, 16}, {5, 2, 34}, {7, 9, 64}, {2, 13, 130}};

double tolerance(std::size_t dim, bool scale) {
  // q, k ~ N(0, 1): |q_i| |k_j| ~ dim; allow 1e-5 of a few times that.
  return 4e-5 * double(dim) / (scale ? std::sqrt(double(dim)) : 1.0);
}

std::vector<float> scores(const std::vector<float>& q, const std::vector<float>& k,
                          const posenc::attention_options& o) {
  return posenc::attention_scores(q.data(), q.size(), k.data(), k.size(), o);
}

class Attention : public BackendTest {};

TEST_P(Attention, NoneIsPlainDotProducts) {
  std::mt19937 rng(51);
  for (const Case& c : kCases)
    for (bool scale : {true, false}) {
      const auto q = posenc_test::random_normal(rng, c.n * c.dim);
      const auto k = posenc_test::random_normal(rng, c.m * c.dim);
      posenc::attention_options o;
      o.dim = c.dim;
      o.kind = encoding::none;
      o.scale = scale;
      const auto got = scores(q, k, o);
      const std::vector<double> zeros(std::max(c.n, c.m) * c.dim, 0.0);
      EXPECT_LE(posenc_test::max_abs_error(got, ref::absolute_logits(q, k, c.dim, zeros, scale)),
                tolerance(c.dim, scale))
          << "n=" << c.n << " m=" << c.m << " dim=" << c.dim << " scale=" << scale;
    }
}

TEST_P(Attention, SinusoidalAddsTheTableToBothSides) {
  std::mt19937 rng(52);
  for (const Case& c : kCases)
    for (double base : {10000.0, 50.0}) {
      const auto q = posenc_test::random_normal(rng, c.n * c.dim);
      const auto k = posenc_test::random_normal(rng, c.m * c.dim);
      posenc::attention_options o;
      o.dim = c.dim;
      o.kind = encoding::sinusoidal;
      o.base = base;
      const auto pe = ref::sinusoidal(ref::iota_positions(std::max(c.n, c.m)), c.dim, base, false);
      EXPECT_LE(posenc_test::max_abs_error(scores(q, k, o), ref::absolute_logits(q, k, c.dim, pe, true)),
                tolerance(c.dim, true))
          << "n=" << c.n << " m=" << c.m << " dim=" << c.dim << " base=" << base;
    }
}

TEST_P(Attention, LearnedAddsTheSeededTable) {
  std::mt19937 rng(53);
  for (const Case& c : kCases)
    for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{99}}) {
      const auto q = posenc_test::random_normal(rng, c.n * c.dim);
      const auto k = posenc_test::random_normal(rng, c.m * c.dim);
      posenc::attention_options o;
      o.dim = c.dim;
      o.kind = encoding::learned;
      o.max_len = 20;
      o.seed = seed;
      o.scale = false;
      const posenc::learned_table table(20, c.dim, seed);
      const std::vector<double> L(table.table().begin(), table.table().end());
      EXPECT_LE(posenc_test::max_abs_error(scores(q, k, o), ref::absolute_logits(q, k, c.dim, L, false)),
                tolerance(c.dim, false))
          << "n=" << c.n << " m=" << c.m << " dim=" << c.dim << " seed=" << seed;
    }
}

TEST_P(Attention, LearnedAcceptsExactlyMaxLenRows) {
  posenc::attention_options o;
  o.dim = 4;
  o.kind = encoding::learned;
  o.max_len = 6;
  const std::vector<float> q6(6 * 4, 0.5f), k3(3 * 4, 0.25f), q7(7 * 4, 0.5f);
  EXPECT_EQ(scores(q6, k3, o).size(), 18u);
  EXPECT_TRUE(posenc_test::throws_invalid([&] { scores(q7, k3, o); }, {}, "7"))
      << "n = 7 > maxLen = 6: the table has no row 6";
  EXPECT_TRUE(posenc_test::throws_invalid([&] { scores(k3, q7, o); }, {}, "7")) << "m = 7 > maxLen = 6";
}

TEST_P(Attention, RopeRotatesQueriesAndKeysByTheirIndex) {
  std::mt19937 rng(54);
  for (const Case& c : kCases)
    for (layout l : {layout::interleaved, layout::half})
      for (bool scale : {true, false}) {
        const auto q = posenc_test::random_normal(rng, c.n * c.dim);
        const auto k = posenc_test::random_normal(rng, c.m * c.dim);
        posenc::attention_options o;
        o.dim = c.dim;
        o.kind = encoding::rope;
        o.pairs = l;
        o.scale = scale;
        const auto want = ref::rope_logits(q, k, c.dim, 10000.0, l == layout::half, scale);
        EXPECT_LE(posenc_test::max_abs_error(scores(q, k, o), want), tolerance(c.dim, scale))
            << "n=" << c.n << " m=" << c.m << " dim=" << c.dim << (l == layout::half ? " half" : "")
            << " scale=" << scale;
      }
}

TEST_P(Attention, RelativeIsDebertaTotal) {
  std::mt19937 rng(55);
  for (const Case& c : kCases)
    for (bool scale : {true, false}) {
      const auto q = posenc_test::random_normal(rng, c.n * c.dim);
      const auto k = posenc_test::random_normal(rng, c.m * c.dim);
      posenc::attention_options o;
      o.dim = c.dim;
      o.kind = encoding::relative;
      o.min = -3;
      o.max = 2;
      o.seed = 5;
      o.scale = scale;
      const posenc::relative_table t(-3, 2, c.dim, 5);
      const auto want = ref::deberta(q, k, c.dim, t.table(), -3, 2, scale);
      const double tol = 4e-5 * double(c.dim) / (scale ? std::sqrt(3.0 * double(c.dim)) : 1.0);
      EXPECT_LE(posenc_test::max_abs_error(scores(q, k, o), want.total), tol)
          << "n=" << c.n << " m=" << c.m << " dim=" << c.dim << " scale=" << scale;
    }
}

TEST(Attention, ParseEncodingNamesEveryKind) {
  EXPECT_EQ(posenc::parse_encoding("none"), encoding::none);
  EXPECT_EQ(posenc::parse_encoding("sinusoidal"), encoding::sinusoidal);
  EXPECT_EQ(posenc::parse_encoding("learned"), encoding::learned);
  EXPECT_EQ(posenc::parse_encoding("rope"), encoding::rope);
  EXPECT_EQ(posenc::parse_encoding("relative"), encoding::relative);
}

TEST(Layout, ParseAndPrintRoundTrip) {
  EXPECT_EQ(posenc::parse_layout("interleaved"), layout::interleaved);
  EXPECT_EQ(posenc::parse_layout("half"), layout::half);
  EXPECT_EQ(std::string(posenc::to_string(layout::interleaved)), "interleaved");
  EXPECT_EQ(std::string(posenc::to_string(layout::half)), "half");
}

POSENC_INSTANTIATE_BACKENDS(Attention);

}  // namespace
