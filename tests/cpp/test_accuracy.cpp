// The accuracy budget, as a table (in the style of Highway's math_trig_test): each row
// names a function, the range it is measured over and its budget against float64; the
// test prints the observed maximum of every row (and records it as a test property),
// then checks each against its budget. Runs once per backend.
#include <cmath>
#include <cstdio>
#include <functional>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "angles.hpp"
#include "reference.hpp"
#include "test_support.hpp"

namespace {

using posenc::layout;
using posenc_test::norm;

struct Row {
  const char* function;
  const char* range;
  const char* measure;
  double budget;
  std::function<double()> observe;
};

// Positions spread over [0, 2^24), with the last few and some fixed large ones.
std::vector<std::int64_t> large_positions(unsigned seed, std::size_t random_count) {
  std::vector<std::int64_t> p = {0, 1, 65535, 1 << 23, 16777000, 16777100, 16777213, 16777214, 16777215};
  std::mt19937 rng(seed);
  for (std::size_t i = 0; i < random_count; ++i) p.push_back(posenc_test::random_int(rng, 1 << 22, (1 << 24) - 1));
  return p;
}

double sinusoidal_error(const std::vector<std::int64_t>& pos, std::size_t dim, bool half) {
  const auto got =
      posenc::sinusoidal_at(pos.data(), pos.size(), dim, 10000.0, half ? layout::half : layout::interleaved);
  return posenc_test::max_abs_error(got, ref::sinusoidal(pos, dim, 10000.0, half));
}

// max |rope(x) - ref| / |x_head| over heads, for rows at the given positions.
double rope_error(const std::vector<std::int64_t>& pos, std::size_t dim, std::size_t heads, std::size_t rotary,
                  bool half, unsigned seed) {
  std::mt19937 rng(seed);
  const auto x = posenc_test::random_normal(rng, pos.size() * heads * dim);
  posenc::rope_options o;
  o.dim = dim;
  o.heads = heads;
  o.rotary_dim = rotary == dim ? 0 : rotary;
  o.pairs = half ? layout::half : layout::interleaved;
  auto y = x;
  posenc::rope_apply(y.data(), y.size(), o, pos.data(), pos.size());
  const auto want = ref::rope(x, heads, dim, rotary, pos, 10000.0, half);
  double worst = 0;
  for (std::size_t at = 0; at < x.size(); at += dim) {
    const double n = norm(&x[at], dim);
    for (std::size_t f = 0; f < dim; ++f) worst = std::max(worst, std::fabs(y[at + f] - want[at + f]) / n);
  }
  return worst;
}

std::vector<Row> rows() {
  return {
      {"sinusoidal", "pos 0..4095, dim 128", "max abs", 2e-6,
       [] { return sinusoidal_error(ref::iota_positions(4096), 128, false); }},
      {"sinusoidal_at", "pos to 2^24-1, dim 64", "max abs", 2e-6,
       [] { return sinusoidal_error(large_positions(1, 300), 64, false); }},
      {"sinusoidal_at half", "pos to 2^24-1, dim 34", "max abs", 2e-6,
       [] { return sinusoidal_error(large_positions(2, 300), 34, true); }},
      {"rope_apply interleaved", "pos to 2^24-1, dim 130", "abs / |x|", 2e-6,
       [] { return rope_error(large_positions(3, 200), 130, 2, 130, false, 3); }},
      {"rope_apply half", "pos to 2^24-1, dim 130", "abs / |x|", 2e-6,
       [] { return rope_error(large_positions(4, 200), 130, 2, 130, true, 4); }},
      {"rope_apply rotaryDim", "pos to 2^24-1, 40 of 66", "abs / |x|", 2e-6,
       [] { return rope_error(large_positions(5, 200), 66, 3, 40, true, 5); }},
      {"rope_matrix", "pos to 2^24-1, dim 32", "max abs", 2e-6,
       [] {
         double worst = 0;
         for (std::int64_t p : large_positions(6, 40))
           worst = std::max(worst,
                            posenc_test::max_abs_error(posenc::rope_matrix(p, 32), ref::rope_matrix(p, 32, 10000.0)));
         return worst;
       }},
      {"rope_complex_form", "pos to 2^24-1, dim 48", "abs / |x|", 2e-6,
       [] {
         std::mt19937 rng(7);
         double worst = 0;
         for (std::int64_t p : large_positions(7, 40)) {
           const auto x = posenc_test::random_normal(rng, 48);
           worst = std::max(worst, posenc_test::max_abs_error(posenc::rope_complex_form(x.data(), 48, p),
                                                              ref::rope_complex(x.data(), 48, p, 10000.0)) /
                                       norm(x.data(), 48));
         }
         return worst;
       }},
      {"rope_cache rows", "pos 2^24-512..2^24-1, dim 64", "max abs", 2e-6,
       [] {
         posenc::rope_options o;
         o.dim = 64;
         const std::int64_t first = (1 << 24) - 512;
         posenc::rope_cache cache(o, first, 512);
         const auto theta = ref::theta(64, 10000.0);
         double worst = 0;
         for (std::int64_t p = first; p < first + 512; ++p)
           for (std::size_t i = 0; i < 32; ++i) {
             worst = std::max(worst, std::fabs(cache.cos_row(p)[i] - std::cos(double(p) * theta[i])));
             worst = std::max(worst, std::fabs(cache.sin_row(p)[i] - std::sin(double(p) * theta[i])));
           }
         return worst;
       }},
      {"reduce_angles", "pos to 2^24-1, dim 256", "wrapped abs", 3e-7,
       [] {
         const auto theta = ref::theta(256, 10000.0);
         std::vector<float> reduced(theta.size());
         double worst = 0;
         for (std::int64_t p : large_positions(8, 200)) {
           posenc::reduce_angles(double(p), theta.data(), theta.size(), reduced.data());
           for (std::size_t i = 0; i < theta.size(); ++i) {
             if (!(std::fabs(reduced[i]) <= 3.14159275f)) return double(INFINITY);  // outside [-pi, pi]
             const double d = std::remainder(double(reduced[i]) - double(p) * theta[i], 6.283185307179586);
             worst = std::max(worst, std::fabs(d));
           }
         }
         return worst;
       }},
      {"rope_frequencies", "dim 2..4096, base 1.5..1e6", "relative", 1e-12,
       [] {
         double worst = 0;
         for (std::size_t dim : {2u, 6u, 64u, 130u, 4096u})
           for (double base : {1.5, 10000.0, 1e6}) {
             const auto got = posenc::rope_frequencies(dim, base);
             const auto want = ref::theta(dim, base);
             for (std::size_t i = 0; i < want.size(); ++i)
               worst = std::max(worst, std::fabs(got[i] - want[i]) / want[i]);
           }
         return worst;
       }},
      {"rope_score_by_distance", "d 0..4095, dim 64", "abs / |q||k|", 4e-6,
       [] {
         std::mt19937 rng(9);
         const auto q = posenc_test::random_normal(rng, 64), k = posenc_test::random_normal(rng, 64);
         const auto got = posenc::rope_score_by_distance(q.data(), k.data(), 64, 10000.0, 4095);
         return posenc_test::max_abs_error(got, ref::score_by_distance(q.data(), k.data(), 64, 10000.0, 4095)) /
                (norm(q.data(), 64) * norm(k.data(), 64));
       }},
      {"rope_decay_bound", "d 0..4095, dim 128", "abs / bound(0)", 4e-6,
       [] {
         const auto got = posenc::rope_decay_bound(128, 10000.0, 4095);
         double worst = 0;
         for (std::int64_t d = 0; d <= 4095; ++d)
           worst = std::max(worst, std::fabs(got[std::size_t(d)] - ref::decay_bound_at(128, 10000.0, d)));
         return worst / 32.5;  // bound(0) = (64 + 1) / 2
       }},
      {"attention rope", "n = m = 48, dim 64", "abs / (|q||k|/8)", 4e-6,
       [] {
         std::mt19937 rng(10);
         const auto q = posenc_test::random_normal(rng, 48 * 64), k = posenc_test::random_normal(rng, 48 * 64);
         posenc::attention_options o;
         o.dim = 64;
         o.kind = posenc::encoding::rope;
         const auto got = posenc::attention_scores(q.data(), q.size(), k.data(), k.size(), o);
         const auto want = ref::rope_logits(q, k, 64, 10000.0, false, true);
         double worst = 0;
         for (std::size_t i = 0; i < 48; ++i)
           for (std::size_t j = 0; j < 48; ++j)
             worst = std::max(worst, std::fabs(got[i * 48 + j] - want[i * 48 + j]) /
                                         (norm(&q[i * 64], 64) * norm(&k[j * 64], 64) / 8.0));
         return worst;
       }},
  };
}

class Accuracy : public posenc_test::BackendTest {};

TEST_P(Accuracy, BudgetTable) {
  const bool simd = GetParam() == posenc::backend::simd;
  std::printf("\nAccuracy vs float64, backend %s%s%s%s\n", simd ? "simd" : "scalar", simd ? " (" : "",
              simd ? posenc::simd_arch_name() : "", simd ? ")" : "");
  std::printf("%-24s %-30s %-18s %9s %11s\n", "function", "range", "measure", "budget", "observed");
  for (const Row& r : rows()) {
    const double observed = r.observe();
    const bool ok = observed <= r.budget;
    std::printf("%-24s %-30s %-18s %9.1e %11.3e %s\n", r.function, r.range, r.measure, r.budget, observed,
                ok ? "" : "  OVER BUDGET");
    char value[32];
    std::snprintf(value, sizeof value, "%.3e", observed);
    RecordProperty(std::string("max_err ") + r.function, value);
    EXPECT_LE(observed, r.budget) << r.function << " over " << r.range << " (" << r.measure << ")";
  }
  std::fflush(stdout);
}

// Plain float32 pos * theta would be off by up to ~1 radian at these positions: the
// library must not be. Spot checks of the last positions below 2^24.
TEST_P(Accuracy, LastPositionsBelowTwoToTheTwentyFour) {
  const std::int64_t pos[] = {16777215, 16777214, 16777000, 16776961, 12345678};
  for (std::size_t dim : {2u, 16u, 128u}) {
    const auto got = posenc::sinusoidal_at(pos, std::size(pos), dim);
    const auto want = ref::sinusoidal(std::vector<std::int64_t>(std::begin(pos), std::end(pos)), dim, 10000.0, false);
    for (std::size_t i = 0; i < got.size(); ++i)
      ASSERT_NEAR(got[i], want[i], 2e-6) << "dim=" << dim << " position " << pos[i / dim] << " column " << i % dim;
  }
}

// Long runs of consecutive positions (where an implementation may step cos/sin by angle
// addition from anchors) must not drift, at small and at the largest positions.
TEST_P(Accuracy, LongRunsOfPositionsDoNotDrift) {
  {
    const std::size_t count = 50000, dim = 6;
    const auto got = posenc::sinusoidal(count, dim);
    EXPECT_LE(posenc_test::max_abs_error(got, ref::sinusoidal(ref::iota_positions(count), dim, 10000.0, false)), 2e-6)
        << "sinusoidal(50000, 6)";
  }
  for (bool half : {false, true}) {
    const std::size_t seq = 6000, dim = 10;
    const std::int64_t offset = (std::int64_t{1} << 24) - std::int64_t(seq);
    std::mt19937 rng(11);
    const auto x = posenc_test::random_normal(rng, seq * dim);
    posenc::rope_options o;
    o.dim = dim;
    o.pairs = half ? layout::half : layout::interleaved;
    auto y = x;
    posenc::rope_apply(y.data(), y.size(), o, offset);
    const auto want = ref::rope(x, 1, dim, dim, ref::iota_positions(seq, offset), 10000.0, half);
    double worst = 0;
    for (std::size_t at = 0; at < x.size(); at += dim)
      for (std::size_t f = 0; f < dim; ++f)
        worst = std::max(worst, std::fabs(y[at + f] - want[at + f]) / norm(&x[at], dim));
    EXPECT_LE(worst, 2e-6) << "rope_apply seq 6000 ending at 2^24-1" << (half ? " half" : "");
  }
  {
    posenc::rope_options o;
    o.dim = 12;
    const std::int64_t first = (std::int64_t{1} << 24) - 6000;
    posenc::rope_cache cache(o, first, 6000);
    const auto theta = ref::theta(12, 10000.0);
    double worst = 0;
    for (std::int64_t p = first; p < first + 6000; ++p)
      for (std::size_t i = 0; i < 6; ++i) {
        worst = std::max(worst, std::fabs(cache.cos_row(p)[i] - std::cos(double(p) * theta[i])));
        worst = std::max(worst, std::fabs(cache.sin_row(p)[i] - std::sin(double(p) * theta[i])));
      }
    EXPECT_LE(worst, 2e-6) << "rope_cache of 6000 rows ending at 2^24-1";
  }
  {
    std::mt19937 rng(12);
    const auto q = posenc_test::random_normal(rng, 6), k = posenc_test::random_normal(rng, 6);
    const std::int64_t maxd = 1 << 19;
    const auto got = posenc::rope_score_by_distance(q.data(), k.data(), 6, 10000.0, maxd);
    ASSERT_EQ(got.size(), std::size_t(maxd + 1));
    double worst = 0;
    for (std::int64_t d = maxd; d >= 0; d -= 1009)
      worst = std::max(worst, std::fabs(got[std::size_t(d)] - ref::score_at(q.data(), k.data(), 6, 10000.0, d)));
    EXPECT_LE(worst, 4e-6 * norm(q.data(), 6) * norm(k.data(), 6)) << "rope_score_by_distance to 2^19";
  }
}

POSENC_INSTANTIATE_BACKENDS(Accuracy);

}  // namespace
