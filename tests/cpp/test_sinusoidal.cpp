// Sinusoidal absolute encoding against the float64 reference, per backend.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "reference.hpp"
#include "test_support.hpp"

namespace {

using posenc::layout;
using posenc_test::BackendTest;
using posenc_test::max_abs_error;
using posenc_test::throws_invalid;

constexpr double kBudget = 2e-6;  // API.md: within 2e-6 of float64, any position < 2^24

class Sinusoidal : public BackendTest {};

TEST_P(Sinusoidal, TableMatchesReferenceOverShapes) {
  // dims that are and are not multiples of the vector width; dim = 2; count = 1.
  const std::size_t dims[] = {2, 4, 6, 10, 14, 16, 18, 30, 34, 62, 64, 66, 130};
  const std::size_t counts[] = {1, 3, 17, 129};
  for (double base : {10000.0, 2.0, 500000.0})
    for (std::size_t dim : dims)
      for (std::size_t count : counts) {
        SCOPED_TRACE(::testing::Message() << "dim=" << dim << " count=" << count << " base=" << base);
        for (bool half : {false, true}) {
          const auto got = posenc::sinusoidal(count, dim, base, half ? layout::half : layout::interleaved);
          ASSERT_EQ(got.size(), count * dim);
          const auto want = ref::sinusoidal(ref::iota_positions(count), dim, base, half);
          EXPECT_LE(max_abs_error(got, want), kBudget) << (half ? "half" : "interleaved");
        }
      }
}

TEST_P(Sinusoidal, PositionZeroIsSinZeroCosOne) {
  const auto t = posenc::sinusoidal(1, 12);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(t[2 * i], 0.0f) << i;
    EXPECT_NEAR(t[2 * i + 1], 1.0f, 1e-7) << i;
  }
  const auto h = posenc::sinusoidal(1, 12, 10000.0, layout::half);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(h[i], 0.0f) << i;
    EXPECT_NEAR(h[6 + i], 1.0f, 1e-7) << i;
  }
}

TEST_P(Sinusoidal, HalfLayoutIsAColumnPermutationOfInterleaved) {
  for (std::size_t dim : {2u, 6u, 20u, 66u}) {
    const std::size_t count = 40, h = dim / 2;
    const auto a = posenc::sinusoidal(count, dim, 10000.0, layout::interleaved);
    const auto b = posenc::sinusoidal(count, dim, 10000.0, layout::half);
    double worst = 0;
    for (std::size_t p = 0; p < count; ++p)
      for (std::size_t i = 0; i < h; ++i) {
        worst = std::max(worst, std::fabs(double(a[p * dim + 2 * i]) - b[p * dim + i]));
        worst = std::max(worst, std::fabs(double(a[p * dim + 2 * i + 1]) - b[p * dim + h + i]));
      }
    EXPECT_LE(worst, 2.5e-7) << "dim=" << dim;
  }
}

TEST_P(Sinusoidal, ExplicitPositionsMatchReferenceIncludingLargeOnes) {
  std::mt19937 rng(1234);
  std::vector<std::int64_t> pos = {0, 1, 2, 1000, 65535, 65536, 16777000, 16777214, 16777215};
  for (int i = 0; i < 40; ++i) pos.push_back(posenc_test::random_int(rng, 0, (1 << 24) - 1));
  for (std::size_t dim : {2u, 8u, 22u, 128u})
    for (bool half : {false, true}) {
      const auto got =
          posenc::sinusoidal_at(pos.data(), pos.size(), dim, 10000.0, half ? layout::half : layout::interleaved);
      const auto want = ref::sinusoidal(pos, dim, 10000.0, half);
      EXPECT_LE(max_abs_error(got, want), kBudget) << "dim=" << dim << (half ? " half" : "");
    }
}

TEST_P(Sinusoidal, ExplicitPositionsAgreeWithCountForm) {
  const std::size_t count = 77, dim = 38;
  const auto pos = ref::iota_positions(count);
  const auto a = posenc::sinusoidal(count, dim);
  const auto b = posenc::sinusoidal_at(pos.data(), count, dim);
  EXPECT_LE(max_abs_error(a, b), 2.5e-7);
}

TEST_P(Sinusoidal, DotProductOfRowsDependsOnlyOnTheirDistance) {
  // PE(p) . PE(p + k) = sum_i cos(k theta_i), whatever p.
  const std::size_t dim = 64;
  const auto theta = ref::theta(dim, 10000.0);
  for (std::int64_t k : {0, 1, 5, 100, 4096}) {
    double want = 0;
    for (double t : theta) want += std::cos(double(k) * t);
    for (std::int64_t p : {std::int64_t{0}, std::int64_t{17}, std::int64_t{1000}, std::int64_t{(1 << 24) - 1} - k}) {
      const std::int64_t pair[2] = {p, p + k};
      const auto rows = posenc::sinusoidal_at(pair, 2, dim);
      const double got = ref::dot(rows.data(), rows.data() + dim, dim);
      EXPECT_NEAR(got, want, 4e-6 * double(dim)) << "p=" << p << " k=" << k;
    }
  }
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

TEST_P(Sinusoidal, IntoTheCallersBufferGivesTheTableBitForBit) {
  // Odd counts, dim 2, and counts on both sides of the 32-row angle block (31, 32, 33, 65, 100).
  const std::size_t shapes[][2] = {{1, 2}, {3, 2}, {31, 8}, {32, 10}, {33, 6}, {65, 64}, {100, 130}, {7, 512}};
  for (const auto& [count, dim] : shapes)
    for (bool half : {false, true}) {
      SCOPED_TRACE(::testing::Message() << "count=" << count << " dim=" << dim << (half ? " half" : ""));
      const layout l = half ? layout::half : layout::interleaved;
      std::vector<float> out(count * dim, std::numeric_limits<float>::quiet_NaN());  // any row left unwritten shows
      posenc::sinusoidal_into(out.data(), out.size(), count, dim, 500000.0, l);
      EXPECT_TRUE(same_bits(out, posenc::sinusoidal(count, dim, 500000.0, l)));
      EXPECT_LE(max_abs_error(out, ref::sinusoidal(ref::iota_positions(count), dim, 500000.0, half)), kBudget);
    }
}

TEST_P(Sinusoidal, IntoTheSameBufferTwiceOverwritesAll) {
  const std::size_t count = 45, dim = 18;
  std::vector<float> out(count * dim, 7.0f);
  posenc::sinusoidal_into(out.data(), out.size(), count, dim, 10000.0, layout::interleaved);
  EXPECT_TRUE(same_bits(out, posenc::sinusoidal(count, dim, 10000.0, layout::interleaved)));
  // A second call with another base and layout leaves nothing of the first table.
  posenc::sinusoidal_into(out.data(), out.size(), count, dim, 2.0, layout::half);
  EXPECT_TRUE(same_bits(out, posenc::sinusoidal(count, dim, 2.0, layout::half)));
  posenc::sinusoidal_into(out.data(), out.size(), count, dim, 2.0, layout::half);
  EXPECT_TRUE(same_bits(out, posenc::sinusoidal(count, dim, 2.0, layout::half)));
}

TEST_P(Sinusoidal, IntoRefusesAWrongSizeAndLeavesTheBufferUntouched) {
  const std::size_t count = 5, dim = 4;
  std::vector<float> out(count * dim + 1, -3.0f);
  const std::vector<float> before = out;
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_into(out.data(), 21, count, dim); }, {"out_size"}, "21"));
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_into(out.data(), 19, count, dim); }, {"out_size"}, "19"));
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_into(out.data(), 0, count, dim); }, {"out_size"}, "0"));
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_into(out.data(), 20, 1, 20 + 1); }, {"dim"}, "21"));
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_into(out.data(), 20, count, dim, 1.0); }, {"base"}, "1"));
  EXPECT_TRUE(throws_invalid([&] { posenc::sinusoidal_into(nullptr, 20, count, dim); }, {"out"}, "null"));
  EXPECT_TRUE(same_bits(out, before));
  try {
    posenc::sinusoidal_into(out.data(), 21, count, dim);
    ADD_FAILURE() << "out_size 21 was accepted";
  } catch (const posenc::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "out_size must be count * dim = 20, got 21");
  }
  posenc::sinusoidal_into(nullptr, 0, 0, dim);  // an empty table needs no buffer
}

POSENC_INSTANTIATE_BACKENDS(Sinusoidal);

}  // namespace
