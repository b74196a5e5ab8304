// The backend switch itself, and the public functions run on both backends side by side:
// results agree to within the kernels' rounding, and seeded tables are bit-identical.
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "test_support.hpp"

namespace {

using posenc::backend;

// Runs f under each built backend and returns the results (scalar first).
std::vector<std::vector<float>> on_each_backend(const std::function<std::vector<float>()>& f) {
  const backend saved = posenc::active_backend();
  std::vector<std::vector<float>> out;
  for (backend b : posenc_test::available_backends()) {
    posenc::use_backend(b);
    out.push_back(f());
  }
  posenc::use_backend(saved);
  return out;
}

// A copy of x rotated by rope_apply: dim, heads, the first position, and optionally a partial
// rotary dim with its layout.
std::vector<float> rope_applied(std::vector<float> x, std::size_t dim, std::size_t heads, std::int64_t offset,
                                std::size_t rotary_dim = 0, posenc::layout pairs = posenc::layout::interleaved) {
  posenc::rope_options o;
  o.dim = dim;
  o.heads = heads;
  o.rotary_dim = rotary_dim;
  o.pairs = pairs;
  posenc::rope_apply(x.data(), x.size(), o, offset);
  return x;
}

TEST(Backends, DefaultIsSimdWhenBuilt) {
  // Nothing has switched backends before this test in its own process (ctest runs each
  // test alone); in a full run the fixtures restore what they found.
  EXPECT_EQ(posenc::active_backend(), posenc::simd_available() ? backend::simd : backend::scalar);
  const char* arch = posenc::simd_arch_name();
  ASSERT_NE(arch, nullptr);
  if (posenc::simd_available()) {
    EXPECT_STRNE(arch, "scalar");
  } else {
    EXPECT_STREQ(arch, "scalar");
  }
}

TEST(Backends, SwitchingBackAndForth) {
  const backend saved = posenc::active_backend();
  for (int round = 0; round < 3; ++round)
    for (backend b : posenc_test::available_backends()) {
      posenc::use_backend(b);
      EXPECT_EQ(posenc::active_backend(), b);
    }
  posenc::use_backend(saved);
  EXPECT_EQ(posenc::active_backend(), saved);
}

TEST(Backends, PublicResultsAgreeAcrossBackends) {
  std::mt19937 rng(81);
  const auto x = posenc_test::random_normal(rng, 7 * 3 * 46);
  const auto q = posenc_test::random_normal(rng, 9 * 46), k = posenc_test::random_normal(rng, 11 * 46);
  struct Named {
    const char* name;
    double tolerance;
    std::function<std::vector<float>()> f;
  };
  const Named cases[] = {
      {"sinusoidal", 4e-7, [] { return posenc::sinusoidal(300, 46); }},
      {"sinusoidal half", 4e-7, [] { return posenc::sinusoidal(300, 46, 10000.0, posenc::layout::half); }},
      {"rope_apply", 4e-6, [&] { return rope_applied(x, 46, 3, 16777000); }},
      {"rope_apply half rotary", 4e-6, [&] { return rope_applied(x, 46, 3, 123, 30, posenc::layout::half); }},
      {"rope_matrix", 4e-7, [] { return posenc::rope_matrix(9999999, 20); }},
      {"rope_score_by_distance", 4e-5,
       [&] { return posenc::rope_score_by_distance(q.data(), k.data(), 46, 10000.0, 500); }},
      {"rope_decay_bound", 4e-5, [] { return posenc::rope_decay_bound(46, 10000.0, 500); }},
      {"attention rope", 4e-5,
       [&] {
         posenc::attention_options o;
         o.dim = 46;
         o.kind = posenc::encoding::rope;
         return posenc::attention_scores(q.data(), q.size(), k.data(), k.size(), o);
       }},
  };
  for (const Named& c : cases) {
    const auto results = on_each_backend(c.f);
    for (std::size_t b = 1; b < results.size(); ++b)
      EXPECT_LE(posenc_test::max_abs_error(results[0], results[b]), c.tolerance) << c.name;
    ASSERT_FALSE(results.empty());
    EXPECT_FALSE(results[0].empty()) << c.name;
  }
}

// Natively the simd backend runs the best target the CPU supports; every target of the build
// gives the baseline's bits on everything but the dot products, whose summation order
// follows the vector width (their results stay within the twins' tolerance).
TEST(Backends, EverySimdTargetGivesTheBaselineResults) {
  const std::vector<const posenc::kernels::kernel_table*> targets = posenc::kernels::runnable_simd_tables();
  if (targets.empty()) {
    EXPECT_FALSE(posenc::simd_available());
    return;
  }
  std::mt19937 rng(82);
  const auto x = posenc_test::random_normal(rng, 5 * 4 * 64);
  const auto q = posenc_test::random_normal(rng, 9 * 46), k = posenc_test::random_normal(rng, 300 * 46);
  struct Named {
    const char* name;
    double tolerance;  // 0: the same bits
    std::function<std::vector<float>()> f;
  };
  const Named cases[] = {
      {"sinusoidal", 0, [] { return posenc::sinusoidal(300, 46); }},
      {"sinusoidal half", 0, [] { return posenc::sinusoidal(301, 100, 500.0, posenc::layout::half); }},
      {"rope_apply", 0, [&] { return rope_applied(x, 64, 4, 16777000); }},
      {"rope_apply half rotary", 0, [&] { return rope_applied(x, 64, 4, 123, 38, posenc::layout::half); }},
      {"rope_matrix", 0, [] { return posenc::rope_matrix(9999999, 20); }},
      {"attention rope", 4e-5,
       [&] {
         posenc::attention_options o;
         o.dim = 46;
         o.kind = posenc::encoding::rope;
         return posenc::attention_scores(q.data(), q.size(), k.data(), k.size(), o);
       }},
  };
  const backend saved = posenc::active_backend();
  for (const Named& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::vector<float>> results;
    for (const auto* t : targets) {
      posenc::kernels::use_table(*t);
      results.push_back(c.f());
    }
    ASSERT_FALSE(results[0].empty());
    for (std::size_t t = 1; t < results.size(); ++t) {
      SCOPED_TRACE(targets[t]->name);
      ASSERT_EQ(results[t].size(), results[0].size());
      if (c.tolerance == 0)
        EXPECT_EQ(0, std::memcmp(results[0].data(), results[t].data(), results[0].size() * sizeof(float)));
      else
        EXPECT_LE(posenc_test::max_abs_error(results[0], results[t]), c.tolerance);
    }
  }
  posenc::use_backend(saved);
}

TEST(Backends, SeededTablesAreBitIdenticalOnEveryBackend) {
  const auto learned = on_each_backend([] { return posenc::learned_table(64, 37, 5).table(); });
  const auto gaussian = on_each_backend([] { return posenc::gaussian_table(10, 300, 6, 1.0); });
  const auto relative = on_each_backend([] { return posenc::relative_table(-9, 4, 21, 7).table(); });
  for (std::size_t b = 1; b < learned.size(); ++b) {
    EXPECT_EQ(0, std::memcmp(learned[0].data(), learned[b].data(), learned[0].size() * sizeof(float)));
    EXPECT_EQ(0, std::memcmp(gaussian[0].data(), gaussian[b].data(), gaussian[0].size() * sizeof(float)));
    EXPECT_EQ(0, std::memcmp(relative[0].data(), relative[b].data(), relative[0].size() * sizeof(float)));
  }
  EXPECT_EQ(learned[0].size(), 64u * 37u);
}

}  // namespace
