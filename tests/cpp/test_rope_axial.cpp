// 2-D axial RoPE (rope_options::axial, grid_width and grid_height) against the formula written out in float64, its
// properties (the score depends on (dx, dy) alone, norms kept), every way in (listed positions, a
// grid, a plan, blocks), and its errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "test_support.hpp"

namespace {

using posenc::axial_axes;
using posenc::layout;
using posenc::rope_options;
using posenc_test::BackendTest;
using posenc_test::random_floats;
using posenc_test::throws_invalid;

struct xy {
  std::int64_t x, y;
};

// The formula: the dim/2 pairs of a head split into a first block of n0 pairs and a second of the
// rest; pair j of a block of n pairs turns by p * base^(-j/n), p the token's position on the block's
// axis (x first for "xy", y first for "yx"). Pairs (2i, 2i+1) interleaved, (i, i + dim/2) in halves.
std::vector<double> reference(const std::vector<float>& x, std::size_t heads, std::size_t dim, layout pairs,
                              axial_axes axes, std::size_t n0, const std::vector<xy>& at, double base) {
  const std::size_t half = dim / 2;
  std::vector<double> y(x.begin(), x.end());
  for (std::size_t s = 0; s < at.size(); ++s)
    for (std::size_t h = 0; h < heads; ++h)
      for (std::size_t i = 0; i < half; ++i) {
        const bool first = i < n0;
        const double n = double(first ? n0 : half - n0), j = double(first ? i : i - n0);
        const bool on_x = first == (axes == axial_axes::xy);
        const double angle = double(on_x ? at[s].x : at[s].y) * std::pow(base, -j / n);
        const std::size_t row = (s * heads + h) * dim;
        const std::size_t a = row + (pairs == layout::half ? i : 2 * i);
        const std::size_t b = row + (pairs == layout::half ? i + half : 2 * i + 1);
        y[a] = double(x[a]) * std::cos(angle) - double(x[b]) * std::sin(angle);
        y[b] = double(x[b]) * std::cos(angle) + double(x[a]) * std::sin(angle);
      }
  return y;
}

// Row-major tokens of `images` grids of width x height.
std::vector<xy> grid_tokens(std::int64_t width, std::int64_t height, std::int64_t images) {
  std::vector<xy> at;
  for (std::int64_t t = 0; t < width * height * images; ++t) at.push_back({t % width, t / width % height});
  return at;
}

// The listed form of positions: the first axis's of every row, then the second's.
std::vector<std::int64_t> listed(const std::vector<xy>& at, axial_axes axes) {
  std::vector<std::int64_t> p;
  for (const bool x_axis : {axes == axial_axes::xy, axes == axial_axes::yx})
    for (const xy& t : at) p.push_back(x_axis ? t.x : t.y);
  return p;
}

rope_options axial_options(std::size_t dim, std::size_t heads, layout pairs, axial_axes axes) {
  rope_options o;
  o.dim = dim;
  o.heads = heads;
  o.pairs = pairs;
  o.axial = axes;
  return o;
}

class RopeAxial : public BackendTest {};

TEST_P(RopeAxial, GridMatchesFloat64InEveryLayoutAndAxisOrder) {
  std::mt19937 rng(41);
  const std::size_t dim = 16, heads = 3;
  const auto at = grid_tokens(5, 3, 2);  // two images of one 5 x 3 grid, one after the other
  for (const layout pairs : {layout::interleaved, layout::half})
    for (const axial_axes axes : {axial_axes::xy, axial_axes::yx}) {
      rope_options o = axial_options(dim, heads, pairs, axes);
      o.grid_width = 5;
      o.grid_height = 3;
      auto x = random_floats(rng, at.size() * heads * dim);
      const auto want = reference(x, heads, dim, pairs, axes, dim / 4, at, 10000.0);
      posenc::rope_apply(x.data(), x.size(), o);
      EXPECT_LT(posenc_test::max_abs_error(x, want), 4e-6) << to_string(pairs) << " " << to_string(axes);
    }
}

TEST_P(RopeAxial, ListedPositionsGiveTheGridsBits) {
  std::mt19937 rng(42);
  rope_options with_grid = axial_options(32, 2, layout::half, axial_axes::yx);
  with_grid.grid_width = 7;
  with_grid.grid_height = 4;
  rope_options with_list = with_grid;
  with_list.grid_width.reset();
  with_list.grid_height.reset();
  const auto at = grid_tokens(7, 4, 1);
  const auto positions = listed(at, axial_axes::yx);
  auto a = random_floats(rng, at.size() * 2 * 32), b = a;
  posenc::rope_apply(a.data(), a.size(), with_grid);
  posenc::rope_apply(b.data(), b.size(), with_list, positions.data(), positions.size());
  EXPECT_EQ(a, b);
}

TEST_P(RopeAxial, UnevenBlocksAndFarPositionsMatchFloat64) {
  std::mt19937 rng(43);
  rope_options o = axial_options(16, 1, layout::interleaved, axial_axes::xy);
  o.sections = {3, 5};
  o.base = 100.0;
  const std::vector<xy> at = {{0, 0}, {1, 16777215}, {16777215, 3}, {65536, 1000}, {12345, 54321}};
  const auto positions = listed(at, axial_axes::xy);
  auto x = random_floats(rng, at.size() * 16);
  const auto want = reference(x, 1, 16, layout::interleaved, axial_axes::xy, 3, at, 100.0);
  posenc::rope_apply(x.data(), x.size(), o, positions.data(), positions.size());
  EXPECT_LT(posenc_test::max_abs_error(x, want), 4e-6);
}

TEST_P(RopeAxial, FrequenciesAreEachBlocksOwn) {
  const rope_options o = axial_options(64, 1, layout::half, axial_axes::xy);
  const auto theta = posenc::rope_frequencies(o);
  ASSERT_EQ(theta.size(), 32u);
  for (std::size_t i = 0; i < 32; ++i) {
    const double want = std::pow(10000.0, -4.0 * double(i % 16) / 64.0);  // base^(-4j/d) on each axis
    EXPECT_NEAR(theta[i], want, 1e-15 * want) << i;
  }
}

// rope(q at (x, y)) . rope(k at (x', y')) for one head of `dim`, interleaved pairs.
double score(const std::vector<float>& q, const std::vector<float>& k, const rope_options& o, xy qa, xy ka) {
  auto rq = q, rk = k;
  const std::vector<std::int64_t> pq = {qa.x, qa.y}, pk = {ka.x, ka.y};
  posenc::rope_apply(rq.data(), rq.size(), o, pq.data(), pq.size());
  posenc::rope_apply(rk.data(), rk.size(), o, pk.data(), pk.size());
  return posenc_test::dot(rq.data(), rk.data(), rq.size());
}

TEST_P(RopeAxial, ScoresDependOnTheOffsetsAloneAndNormsAreKept) {
  std::mt19937 rng(44);
  const rope_options o = axial_options(32, 1, layout::interleaved, axial_axes::xy);
  for (int trial = 0; trial < 20; ++trial) {
    const auto q = random_floats(rng, 32), k = random_floats(rng, 32);
    const xy qa = {posenc_test::random_int(rng, 0, 500), posenc_test::random_int(rng, 0, 500)};
    const xy ka = {posenc_test::random_int(rng, 0, 500), posenc_test::random_int(rng, 0, 500)};
    const std::int64_t dx = posenc_test::random_int(rng, 0, 100000), dy = posenc_test::random_int(rng, 0, 100000);
    const double base_score = score(q, k, o, qa, ka);
    EXPECT_NEAR(score(q, k, o, {qa.x + dx, qa.y + dy}, {ka.x + dx, ka.y + dy}), base_score, 2e-5);
    // Each axis counts: moving the query along x alone, or y alone, changes the score.
    EXPECT_GT(std::abs(score(q, k, o, {qa.x + 1, qa.y}, ka) - base_score), 1e-6);
    EXPECT_GT(std::abs(score(q, k, o, {qa.x, qa.y + 1}, ka) - base_score), 1e-6);
    auto rotated = q;
    const std::vector<std::int64_t> p = {qa.x + dx, qa.y + dy};
    posenc::rope_apply(rotated.data(), rotated.size(), o, p.data(), p.size());
    EXPECT_NEAR(posenc_test::norm(rotated.data(), 32), posenc_test::norm(q.data(), 32), 1e-5);
  }
}

TEST_P(RopeAxial, PlansAndBlocksGiveRopeApplysBits) {
  std::mt19937 rng(45);
  rope_options o = axial_options(64, 4, layout::interleaved, axial_axes::xy);
  o.grid_width = 16;  // 256 rows of 256 floats: two blocks of rope_apply_blocks
  o.grid_height = 16;
  const auto x = random_floats(rng, 256 * 4 * 64);
  auto want = x;
  posenc::rope_apply(want.data(), want.size(), o);
  auto planned = x;
  posenc::rope_plan plan(o);
  plan.apply(planned.data(), planned.size(), 0);
  EXPECT_EQ(planned, want);
  struct vector_io : posenc::rope_block_io {
    std::vector<float> data;
    void read(float* block, std::size_t first, std::size_t n) override {
      std::copy_n(data.begin() + std::ptrdiff_t(first), n, block);
    }
    void write(const float* block, std::size_t first, std::size_t n) override {
      std::copy_n(block, n, data.begin() + std::ptrdiff_t(first));
    }
  } io;
  io.data = x;
  posenc::rope_apply_blocks(x.size(), o, {}, io);
  EXPECT_EQ(io.data, want);
  const auto positions = listed(grid_tokens(16, 16, 1), axial_axes::xy);
  o.grid_width.reset();
  o.grid_height.reset();
  io.data = x;
  posenc::rope_apply_blocks(x.size(), o, {std::nullopt, positions}, io);
  EXPECT_EQ(io.data, want);
}

POSENC_INSTANTIATE_BACKENDS(RopeAxial);

TEST(RopeAxialErrors, BadInputNamesTheParameterAndLeavesXAlone) {
  rope_options o = axial_options(8, 1, layout::interleaved, axial_axes::xy);
  o.grid_width = 4;
  o.grid_height = 4;
  std::vector<float> x(16 * 8, 0.5f);
  const auto untouched = x;
  const auto apply = [&](const rope_options& with) {
    return [&x, with] { posenc::rope_apply(x.data(), x.size(), with); };
  };
  auto bad = o;
  bad.dim = 6;
  EXPECT_TRUE(throws_invalid(apply(bad), "dim", "6"));  // 3 pairs do not halve (checked before x's length)
  bad = o;
  bad.rotary_dim = 6;
  EXPECT_TRUE(throws_invalid(apply(bad), "rotaryDim", "6"));
  bad = o;
  bad.sections = {1, 2, 1};
  EXPECT_TRUE(throws_invalid(apply(bad), "sections.length", "3"));
  bad.sections = {2, 3};
  EXPECT_TRUE(throws_invalid(apply(bad), "sections", "5"));
  bad = o;
  bad.grid_width = -2;
  EXPECT_TRUE(throws_invalid(apply(bad), "gridWidth", "-2"));
  bad = o;
  bad.grid_height = 0;
  EXPECT_TRUE(throws_invalid(apply(bad), "gridHeight", "0"));
  bad.grid_height.reset();
  EXPECT_TRUE(throws_invalid(apply(bad), "gridHeight", ""));
  bad = o;
  bad.grid_width = 5;  // 16 rows are not whole 5 x 4 grids
  EXPECT_TRUE(throws_invalid(apply(bad), "x.length", "128"));
  bad = o;
  bad.scaling = posenc::rope_scaling{};
  EXPECT_TRUE(throws_invalid(apply(bad), "scaling", ""));
  bad = o;
  bad.interleaved_sections = true;
  EXPECT_TRUE(throws_invalid(apply(bad), "interleavedSections", ""));
  bad = o;
  bad.axial.reset();
  EXPECT_TRUE(throws_invalid(apply(bad), "axial", ""));
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, 3); }, "offset", "3"));
  bad = o;
  bad.grid_width.reset();
  bad.grid_height.reset();
  EXPECT_TRUE(throws_invalid(apply(bad), "positions", ""));
  std::vector<std::int64_t> positions(32, 1);
  EXPECT_TRUE(
      throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), o, positions.data(), 32); }, "positions", ""));
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), bad, positions.data(), 16); },
                             "positions.length", "16"));
  positions[20] = -1;
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_apply(x.data(), x.size(), bad, positions.data(), 32); },
                             "positions[20]", "-1"));
  EXPECT_EQ(x, untouched);
  EXPECT_TRUE(throws_invalid([&] { posenc::rope_cache cache(o, 0, 4); }, "axial", ""));
  EXPECT_TRUE(throws_invalid([] { posenc::parse_axial_axes("zx"); }, "axial", ""));
}

}  // namespace
