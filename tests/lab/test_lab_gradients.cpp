// The hand-written backward pass against central differences of the loss, in double, for every
// positional scheme and every parameter of a tiny two-layer model; then the float model (SIMD
// kernels) against the double one.
#include <gtest/gtest.h>

#include <cmath>
#include <ostream>
#include <string>

#include "gemm.hpp"
#include "lab_fixture.hpp"
#include "model.hpp"
#include "positional.hpp"

namespace posenc::lab {
namespace {

struct scheme_case {
  encoding scheme;
  layout pairs;
  std::int64_t rotary_dim;  // 0: the whole head
  std::string name;
};

// gtest prints the case by its name instead of its bytes
void PrintTo(const scheme_case& c, std::ostream* out) { *out << c.name; }

std::vector<scheme_case> cases() {
  return {{encoding::none, layout::half, 0, "none"},
          {encoding::sinusoidal, layout::half, 0, "sinusoidal"},
          {encoding::learned, layout::half, 0, "learned"},
          {encoding::relative, layout::half, 0, "relative"},
          {encoding::rope, layout::half, 0, "rope_half"},
          {encoding::rope, layout::interleaved, 0, "rope_interleaved"},
          {encoding::rope, layout::half, 2, "rope_partial"},
          {encoding::alibi, layout::half, 0, "alibi"},
          {encoding::t5, layout::half, 0, "t5"}};
}

lab_options options_for(const scheme_case& c, std::int64_t dim, std::int64_t hidden) {
  lab_options o = testing::tiny_options(c.scheme, dim, hidden);
  o.rope_layout = c.pairs;
  o.rotary_dim = c.rotary_dim;
  return resolved(o);
}

class LabGradients : public ::testing::TestWithParam<scheme_case> {};

TEST_P(LabGradients, EveryParameterMatchesCentralDifferences) {
  const lab_options o = options_for(GetParam(), 8, 16);
  const parameter_layout layout = make_layout(o);
  std::vector<double> p = testing::spread_parameters(layout, 5);
  const std::vector<example> batch = training_batch(o, 0);
  const positional_tables<double> tables = make_tables<double>(o, std::size_t(o.max_positions));
  model<double> net(o, layout, double_products());
  std::vector<double> grads(layout.total);
  net.loss(p.data(), batch, tables, grads.data());
  constexpr double h = 1e-6;
  std::size_t checked = 0, nonzero = 0;
  for (const tensor& t : layout.tensors)
    for (std::size_t i = 0; i < t.size(); ++i) {
      const std::size_t at = t.offset + i;
      const double saved = p[at];
      p[at] = saved + h;
      const double up = net.loss(p.data(), batch, tables, nullptr);
      p[at] = saved - h;
      const double down = net.loss(p.data(), batch, tables, nullptr);
      p[at] = saved;
      const double numeric = (up - down) / (2 * h);
      ASSERT_NEAR(grads[at], numeric, 2e-7 * std::max(1.0, std::abs(numeric)))
          << t.name << "[" << i << "] of " << t.rows << " x " << t.cols;
      ++checked;
      nonzero += grads[at] != 0;
    }
  EXPECT_EQ(checked, layout.total);
  // most entries must carry gradient, or the check proves little (unused learned rows are zero)
  EXPECT_GT(nonzero, layout.total / 2);
}

// Randomized positions and consecutive ones (which RoPE turns a run of rows at a time).
void float_matches_double(lab_options o) {
  const parameter_layout layout = make_layout(o);
  const std::vector<double> p64 = testing::spread_parameters(layout, 11);
  const std::vector<float> p32(p64.begin(), p64.end());
  const std::vector<example> batch = training_batch(o, 3);
  SCOPED_TRACE(o.randomized_positions ? "randomized positions" : "positions 0, 1, 2, ...");
  std::vector<double> g64(layout.total);
  std::vector<float> g32(layout.total);
  model<double> reference(o, layout, double_products());
  const double loss64 =
      reference.loss(p64.data(), batch, make_tables<double>(o, std::size_t(o.max_positions)), g64.data());
  std::vector<const gemm::table*> tables{&gemm::scalar_table()};
  std::size_t count = 0;
  const gemm::table* const* simd = gemm::simd_tables(count);
  for (std::size_t i = 0; i < count; ++i) tables.push_back(simd[i]);
  for (const gemm::table* table : tables) {
    model<float> net(o, layout, float_products(*table));
    const double loss32 = net.loss(p32.data(), batch, make_tables<float>(o, std::size_t(o.max_positions)), g32.data());
    EXPECT_NEAR(loss32, loss64, 1e-5 * loss64) << table->name;
    for (const tensor& t : layout.tensors) {
      double diff = 0, norm = 0;
      for (std::size_t i = 0; i < t.size(); ++i) {
        diff += std::pow(double(g32[t.offset + i]) - g64[t.offset + i], 2);
        norm += g64[t.offset + i] * g64[t.offset + i];
      }
      EXPECT_LE(std::sqrt(diff), 1e-5 * std::sqrt(norm) + 1e-7) << t.name << " with " << table->name;
    }
  }
}

TEST_P(LabGradients, FloatModelMatchesTheDoubleModel) {
  lab_options o = options_for(GetParam(), 16, 32);
  float_matches_double(o);
  o.randomized_positions = false;
  float_matches_double(o);
}

INSTANTIATE_TEST_SUITE_P(Schemes, LabGradients, ::testing::ValuesIn(cases()),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace posenc::lab
