// rope_apply's options beyond base and scaling: explicit frequencies, the attention factor and
// multi-axis sections (M-RoPE), against an independent float64 evaluation, plus the rules that
// tie them to the rest (text tokens get plain RoPE's bits, the lengths that must agree).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using posenc::layout;
using posenc::rope_options;
using posenc_test::BackendTest;
using posenc_test::random_floats;
using posenc_test::throws_invalid;

// Half layout, one head: pair j of row s turns by positions_of(s, j) * theta[j], cos and sin times
// factor; features past the pairs pass through.
template <class PositionOf>
std::vector<double> reference(const std::vector<float>& x, std::size_t dim, const std::vector<double>& theta,
                              double factor, PositionOf positions_of) {
  const std::size_t h = theta.size(), seq = x.size() / dim;
  std::vector<double> y(x.begin(), x.end());
  for (std::size_t s = 0; s < seq; ++s)
    for (std::size_t j = 0; j < h; ++j) {
      const double angle = double(positions_of(s, j)) * theta[j];
      const double c = factor * std::cos(angle), sn = factor * std::sin(angle);
      const double a = x[s * dim + j], b = x[s * dim + j + h];
      y[s * dim + j] = a * c - b * sn;
      y[s * dim + j + h] = b * c + a * sn;
    }
  return y;
}

double worst(const std::vector<float>& got, const std::vector<double>& want) {
  double w = 0;
  for (std::size_t i = 0; i < got.size(); ++i) w = std::max(w, std::abs(double(got[i]) - want[i]));
  return w;
}

class RopeOptions : public BackendTest {};

TEST_P(RopeOptions, ExplicitFrequenciesAndAttentionFactorMatchFloat64) {
  std::mt19937 rng(11);
  const std::size_t dim = 16, seq = 5;
  // A proportional-style list: some pairs do not turn at all.
  const std::vector<double> theta = {1.0, 0.3, 0.05, 1e-3, 1e-5, 0.0, 0.0, 0.0};
  rope_options o;
  o.dim = dim;
  o.pairs = layout::half;
  o.frequencies = theta;
  o.attention_factor = 1.25;
  const std::vector<std::int64_t> positions = {0, 1, 1000, 65536, 16000000};
  auto x = random_floats(rng, seq * dim);
  const auto want = reference(x, dim, theta, 1.25, [&](std::size_t s, std::size_t) { return positions[s]; });
  posenc::rope_apply(x.data(), x.size(), o, positions.data(), positions.size());
  EXPECT_LT(worst(x, want), 4e-6);
}

TEST_P(RopeOptions, ExplicitFrequenciesGiveTheBitsOfTheBaseTheyCameFrom) {
  std::mt19937 rng(12);
  rope_options from_base;
  from_base.dim = 64;
  from_base.heads = 2;
  from_base.base = 500000.0;
  rope_options explicit_theta = from_base;
  explicit_theta.base.reset();
  explicit_theta.frequencies = posenc::rope_frequencies(64, 500000.0);
  auto a = random_floats(rng, 7 * 2 * 64), b = a;
  posenc::rope_apply(a.data(), a.size(), from_base, 123);
  posenc::rope_apply(b.data(), b.size(), explicit_theta, 123);
  EXPECT_EQ(a, b);
}

TEST_P(RopeOptions, MultiAxisSectionsMatchFloat64) {
  std::mt19937 rng(13);
  for (const bool interleaved : {false, true}) {
    const std::size_t dim = 24, seq = 4;
    rope_options o;
    o.dim = dim;
    o.pairs = layout::half;
    o.sections = {4, 4, 4};
    o.interleaved_sections = interleaved;
    const auto theta = posenc::rope_frequencies(dim, 10000.0);
    // (t, h, w) of four image patches: axis-major, as transformers' position_ids (3, seq).
    const std::vector<std::int64_t> positions = {3, 3, 3, 3, /**/ 0, 0, 1, 1, /**/ 0, 1, 0, 1};
    // Which axis turns pair j: chunks of sections[a] pairs, or Qwen3-VL's j % 3 rule.
    auto axis_of = [&](std::size_t j) -> std::size_t {
      if (interleaved) return (j % 3 != 0 && j < 3 * 4) ? j % 3 : 0;
      return j / 4;
    };
    auto x = random_floats(rng, seq * dim);
    const auto want =
        reference(x, dim, theta, 1.0, [&](std::size_t s, std::size_t j) { return positions[axis_of(j) * seq + s]; });
    posenc::rope_apply(x.data(), x.size(), o, positions.data(), positions.size());
    EXPECT_LT(worst(x, want), 2e-6) << (interleaved ? "interleaved" : "chunked");
  }
}

TEST_P(RopeOptions, TextTokensGetPlainRopeBits) {
  std::mt19937 rng(14);
  rope_options plain;
  plain.dim = 128;
  plain.heads = 3;
  plain.pairs = layout::half;
  plain.base = 1e6;
  rope_options multi = plain;
  multi.sections = {16, 24, 24};
  const std::vector<std::int64_t> text = {5, 6, 7, 900000};
  std::vector<std::int64_t> axes;  // every axis at the token's position
  for (int a = 0; a < 3; ++a) axes.insert(axes.end(), text.begin(), text.end());
  const auto x = random_floats(rng, text.size() * 3 * 128);
  auto want = x, one_row = x, three_rows = x;
  posenc::rope_apply(want.data(), want.size(), plain, text.data(), text.size());
  posenc::rope_apply(one_row.data(), one_row.size(), multi, text.data(), text.size());
  posenc::rope_apply(three_rows.data(), three_rows.size(), multi, axes.data(), axes.size());
  EXPECT_EQ(one_row, want);
  EXPECT_EQ(three_rows, want);
}

POSENC_INSTANTIATE_BACKENDS(RopeOptions);

TEST(RopeOptionsErrors, LengthsThatMustAgreeAreNamed) {
  std::vector<float> x(2 * 8, 0.5f);
  rope_options o;
  o.dim = 8;
  o.frequencies = {1.0, 0.5, 0.25};
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, 0); }, "frequencies.length", "3"));
  o.frequencies = {1.0, 0.5, -0.25, 0.1};
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, 0); }, "frequencies[2]", "-0.25"));
  o.frequencies.clear();
  o.attention_factor = 0.0;
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, 0); }, "attentionFactor", "0"));
  o.attention_factor.reset();
  o.sections = {1, 1, 1};
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, 0); }, "sections", "3"));
  o.sections = {2, 1, 1};
  const std::vector<std::int64_t> five(5, 1);
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, five.data(), five.size()); },
                             "positions.length", "5"));
  o.sections.clear();
  o.interleaved_sections = true;
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, 0); }, "sections", "undefined"));
}

TEST(RopeOptionsErrors, PartialRotaryFactorInsideScalingIsRefused) {
  std::vector<float> x(8, 0.5f);
  rope_options o;
  o.dim = 8;
  posenc::rope_scaling s;
  s.partial_rotary_factor = 0.5;
  o.scaling = s;
  EXPECT_TRUE(
      throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, 0); }, "scaling.partial_rotary_factor", "0.5"));
}

// offset and positions both say where the rows sit: a call giving both is refused (naming both),
// by the whole-array and the blockwise form alike, and x is left as it was. Either alone is taken.
TEST(RopeOptionsErrors, OffsetBesidePositionsIsRefused) {
  struct copy_io : posenc::rope_block_io {
    std::vector<float>& x;
    explicit copy_io(std::vector<float>& v) : x(v) {}
    void read(float* block, std::size_t first, std::size_t n) override { std::copy_n(x.data() + first, n, block); }
    void write(const float* block, std::size_t first, std::size_t n) override {
      std::copy_n(block, n, x.data() + first);
    }
  };
  const std::vector<float> original(2 * 4, 0.5f);
  auto x = original;
  rope_options o;
  o.dim = 4;
  posenc::rope_positions both;
  both.offset = 3;
  both.positions = std::vector<std::int64_t>{7, 9};
  const auto refused = throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, both); }, "offset", "3");
  EXPECT_TRUE(refused);
  EXPECT_NE(std::string(refused.message()).find("positions"), std::string::npos) << refused.message();
  copy_io io(x);
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply_blocks(x.size(), o, both, io); }, "offset", "3"));
  EXPECT_EQ(x, original);

  posenc::rope_positions listed;
  listed.positions = both.positions;
  posenc::rope_apply(x.data(), x.size(), o, listed);
  EXPECT_NE(x, original);
  posenc::rope_positions offset_only;
  offset_only.offset = 3;
  auto y = original;
  posenc::rope_apply(y.data(), y.size(), o, offset_only);
  auto z = original;
  posenc::rope_apply(z.data(), z.size(), o, std::int64_t{3});
  EXPECT_EQ(y, z);
}

}  // namespace

namespace {

// A plan gives rope_apply's bits whether its rows are kept or not: a decode loop (positions rising
// one at a time, past the rows it holds), calls far ahead, listed positions, and other calls with
// other frequencies in between, which must not disturb it.
class RopePlanBits : public posenc_test::BackendTest {};

TEST_P(RopePlanBits, DecodeLoopGivesRopeApplyBits) {
  std::mt19937 rng(21);
  rope_options o;
  o.dim = 128;
  o.heads = 4;
  o.pairs = layout::half;
  o.base = 500000.0;
  posenc::rope_plan plan(o);
  rope_options other = o;
  other.base = 10000.0;
  const auto token = random_floats(rng, 4 * 128);
  for (const std::int64_t position : {0, 1, 2, 63, 64, 65, 200, 201, 5000, 5001, 100000, 3}) {
    auto got = token, want = token, noise = token;
    plan.apply(got.data(), got.size(), position);
    posenc::rope_apply(want.data(), want.size(), o, position);
    posenc::rope_apply(noise.data(), noise.size(), other, position + 1);  // another theta in between
    ASSERT_EQ(got, want) << "position " << position;
  }
  const std::vector<std::int64_t> listed = {7, 70000};
  auto got = random_floats(rng, 2 * 4 * 128), want = got;
  plan.apply(got.data(), got.size(), listed.data(), listed.size());
  posenc::rope_apply(want.data(), want.size(), o, listed.data(), listed.size());
  EXPECT_EQ(got, want);
}

TEST_P(RopePlanBits, ScaledAndMultiAxisPlansGiveRopeApplyBits) {
  std::mt19937 rng(22);
  rope_options dynamic;
  dynamic.dim = 64;
  dynamic.pairs = layout::half;
  posenc::rope_scaling s;
  s.type = posenc::rope_type::dynamic;
  s.factor = 2.0;
  s.max_position_embeddings = 256.0;
  dynamic.scaling = s;  // its frequencies follow the sequence length: no rows kept
  rope_options multi;
  multi.dim = 16;
  multi.pairs = layout::half;
  multi.sections = {2, 3, 3};
  for (const auto& o : {dynamic, multi}) {
    posenc::rope_plan plan(o);
    for (const std::int64_t position : {0, 255, 4000}) {
      auto got = random_floats(rng, 3 * o.dim), want = got;
      plan.apply(got.data(), got.size(), position);
      posenc::rope_apply(want.data(), want.size(), o, position);
      ASSERT_EQ(got, want) << "position " << position;
    }
  }
}

TEST_P(RopePlanBits, BeyondTheCacheLimitItStillRotates) {
  std::mt19937 rng(23);
  const std::size_t saved = posenc::rope_cache_limit();
  posenc::set_rope_cache_limit(64 * 32);  // rows for 64 positions of a 64-dim head, no more
  rope_options o;
  o.dim = 64;
  posenc::rope_plan plan(o);
  for (const std::int64_t position : {10, 63, 64, 10000}) {
    auto got = random_floats(rng, 64), want = got;
    plan.apply(got.data(), got.size(), position);
    posenc::rope_apply(want.data(), want.size(), o, position);
    EXPECT_EQ(got, want) << "position " << position;
  }
  posenc::set_rope_cache_limit(saved);
}

POSENC_INSTANTIATE_BACKENDS(RopePlanBits);

TEST(RopePlanErrors, OptionsAreCheckedWhenThePlanIsMade) {
  rope_options o;
  o.dim = 7;
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_plan plan(o); }, "dim", "7"));
  o.dim = 8;
  posenc::rope_plan plan(o);
  std::vector<float> x(12);
  EXPECT_TRUE(throws_invalid([&] { plan.apply(x.data(), x.size(), 0); }, "x.length", "12"));
  x.resize(8);
  EXPECT_TRUE(throws_invalid([&] { plan.apply(x.data(), x.size(), -1); }, "offset", "-1"));
}

}  // namespace
