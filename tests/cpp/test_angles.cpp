// The angle machinery under the public functions (cpp/src/angles.hpp): reduction of
// pos * theta modulo 2 pi, sincos rows, anchored angle sequences, and the add_angles
// kernel, each against float64, once per kernel table.
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "angles.hpp"
#include "kernels.hpp"
#include "reference.hpp"
#include "test_support.hpp"

namespace {

using posenc::kernels::kernel_table;

constexpr double kTwoPi = 6.283185307179586;

std::vector<const kernel_table*> tables() {
  std::vector<const kernel_table*> v{&posenc::kernels::scalar_table()};
  if (posenc::kernels::simd_table()) v.push_back(posenc::kernels::simd_table());
  return v;
}

std::string table_name(const ::testing::TestParamInfo<const kernel_table*>& info) {
  return info.param == &posenc::kernels::scalar_table() ? "scalar" : "simd";
}

class Angles : public ::testing::TestWithParam<const kernel_table*> {
 protected:
  const kernel_table& k() const { return *GetParam(); }
};

TEST(ReduceAngles, StaysInRangeAndCongruent) {
  std::mt19937 rng(71);
  for (std::size_t dim : {2u, 6u, 64u, 1026u}) {
    const auto theta = ref::theta(dim, 10000.0);
    std::vector<float> reduced(theta.size() + 1, -99.0f);
    for (int trial = 0; trial < 50; ++trial) {
      const std::int64_t p =
          trial < 3 ? (std::int64_t{1} << 24) - 1 - trial : posenc_test::random_int(rng, 0, (1 << 24) - 1);
      posenc::reduce_angles(double(p), theta.data(), theta.size(), reduced.data());
      for (std::size_t i = 0; i < theta.size(); ++i) {
        ASSERT_LE(std::fabs(reduced[i]), 3.14159275f) << "outside [-pi, pi]: p=" << p << " i=" << i;
        const double off = std::remainder(double(reduced[i]) - double(p) * theta[i], kTwoPi);
        ASSERT_LE(std::fabs(off), 3e-7) << "p=" << p << " i=" << i;
      }
      ASSERT_EQ(reduced.back(), -99.0f) << "wrote past n";
    }
  }
}

TEST_P(Angles, SincosRowMatchesDoubleAtAnyPosition) {
  std::mt19937 rng(72);
  for (std::size_t dim : {2u, 10u, 64u, 130u}) {
    const auto theta = ref::theta(dim, 10000.0);
    const std::size_t n = theta.size();
    std::vector<float> s(n + 4, 7.0f), c(n + 4, 7.0f);
    double worst = 0;
    for (int trial = 0; trial < 60; ++trial) {
      const std::int64_t p =
          trial < 2 ? (std::int64_t{1} << 24) - 1 - trial : posenc_test::random_int(rng, 0, (1 << 24) - 1);
      posenc::angle_rows(k(), theta.data(), n).at(p, s.data(), c.data());
      for (std::size_t i = 0; i < n; ++i) {
        worst = std::max(worst, std::fabs(s[i] - std::sin(double(p) * theta[i])));
        worst = std::max(worst, std::fabs(c[i] - std::cos(double(p) * theta[i])));
      }
      for (std::size_t i = n; i < n + 4; ++i) ASSERT_TRUE(s[i] == 7.0f && c[i] == 7.0f) << "wrote past n";
    }
    EXPECT_LE(worst, 5e-7) << "dim=" << dim;
  }
}

TEST_P(Angles, SequenceRowsMatchDoubleAcrossBlockBoundaries) {
  const std::size_t B = std::size_t(posenc::angle_rows::block);
  for (std::size_t n : {1u, 3u, 8u, 17u, 64u}) {
    const auto theta = ref::theta(2 * n, 10000.0);
    for (std::size_t count : {std::size_t{1}, std::size_t{2}, B - 1, B, B + 1, 2 * B - 1, 2 * B, 2 * B + 1,
                              std::size_t{100}, std::size_t{1000}})
      for (std::int64_t first : {std::int64_t{0}, std::int64_t{5}, (std::int64_t{1} << 24) - std::int64_t(count)}) {
        posenc::angle_sequence seq(k(), theta.data(), n, first, count);
        std::vector<float> s(n + 3, 7.0f), c(n + 3, 7.0f);
        double worst = 0;
        for (std::size_t r = 0; r < count; ++r) {
          seq.row(r, s.data(), c.data());
          const double p = double(first + std::int64_t(r));
          for (std::size_t i = 0; i < n; ++i) {
            worst = std::max(worst, std::fabs(s[i] - std::sin(p * theta[i])));
            worst = std::max(worst, std::fabs(c[i] - std::cos(p * theta[i])));
          }
          ASSERT_TRUE(s[n] == 7.0f && c[n] == 7.0f) << "wrote past n";
        }
        EXPECT_LE(worst, 1e-6) << "n=" << n << " count=" << count << " first=" << first;
      }
  }
}

TEST_P(Angles, SequenceRowsInAnyOrder) {
  // Backwards and random access give the same accuracy as a forward sweep.
  const std::size_t n = 12, count = 500;
  const auto theta = ref::theta(2 * n, 10000.0);
  const std::int64_t first = (std::int64_t{1} << 24) - 600;
  posenc::angle_sequence seq(k(), theta.data(), n, first, count);
  std::mt19937 rng(73);
  std::vector<std::size_t> order;
  for (std::size_t r = count; r-- > 0;) order.push_back(r);
  for (int i = 0; i < 300; ++i) order.push_back(posenc_test::random_size(rng, 0, count - 1));
  std::vector<float> s(n), c(n);
  double worst = 0;
  for (std::size_t r : order) {
    seq.row(r, s.data(), c.data());
    const double p = double(first + std::int64_t(r));
    for (std::size_t i = 0; i < n; ++i) {
      worst = std::max(worst, std::fabs(s[i] - std::sin(p * theta[i])));
      worst = std::max(worst, std::fabs(c[i] - std::cos(p * theta[i])));
    }
  }
  EXPECT_LE(worst, 1e-6);
}

TEST_P(Angles, AddAnglesKernelIsOneComplexMultiply) {
  std::mt19937 rng(74);
  std::uniform_real_distribution<double> ang(-3.14159, 3.14159);
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n <= 70; ++n) sizes.push_back(n);
  for (std::size_t n : {128u, 1000u, 4099u}) sizes.push_back(n);
  for (std::size_t n : sizes) {
    std::vector<float> ca(n), sa(n), cb(n), sb(n), oc(n + 9, 7.0f), os(n + 9, 7.0f);
    std::vector<double> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = ang(rng);
      b[i] = ang(rng);
      ca[i] = float(std::cos(a[i]));
      sa[i] = float(std::sin(a[i]));
      cb[i] = float(std::cos(b[i]));
      sb[i] = float(std::sin(b[i]));
    }
    k().add_angles(ca.data(), sa.data(), cb.data(), sb.data(), oc.data(), os.data(), n);
    double worst_formula = 0, worst_angle = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double want_c = double(ca[i]) * cb[i] - double(sa[i]) * sb[i];
      const double want_s = double(sa[i]) * cb[i] + double(ca[i]) * sb[i];
      worst_formula = std::max({worst_formula, std::fabs(oc[i] - want_c), std::fabs(os[i] - want_s)});
      worst_angle =
          std::max({worst_angle, std::fabs(oc[i] - std::cos(a[i] + b[i])), std::fabs(os[i] - std::sin(a[i] + b[i]))});
    }
    EXPECT_LE(worst_formula, 2.5e-7) << "n=" << n;
    EXPECT_LE(worst_angle, 5e-7) << "n=" << n;
    for (std::size_t i = n; i < n + 9; ++i) ASSERT_TRUE(oc[i] == 7.0f && os[i] == 7.0f) << "wrote past n=" << n;
  }
}

INSTANTIATE_TEST_SUITE_P(Table, Angles, ::testing::ValuesIn(tables()), table_name);

TEST(AnglesTwins, AddAnglesScalarAndSimdAgree) {
  const kernel_table& scalar = posenc::kernels::scalar_table();
  const kernel_table* simd = posenc::kernels::simd_table();
  if (!simd) {
    EXPECT_FALSE(posenc::simd_available());
    return;
  }
  std::mt19937 rng(75);
  for (std::size_t n : {1u, 7u, 8u, 9u, 33u, 70u, 1001u}) {
    auto ca = posenc_test::random_floats(rng, n), sa = posenc_test::random_floats(rng, n);
    auto cb = posenc_test::random_floats(rng, n), sb = posenc_test::random_floats(rng, n);
    std::vector<float> c1(n), s1(n), c2(n), s2(n);
    scalar.add_angles(ca.data(), sa.data(), cb.data(), sb.data(), c1.data(), s1.data(), n);
    simd->add_angles(ca.data(), sa.data(), cb.data(), sb.data(), c2.data(), s2.data(), n);
    EXPECT_LE(posenc_test::max_abs_error(c1, c2), 4.8e-7) << "n=" << n;
    EXPECT_LE(posenc_test::max_abs_error(s1, s2), 4.8e-7) << "n=" << n;
  }
}

}  // namespace
