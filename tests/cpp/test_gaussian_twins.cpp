// The seeded Gaussian generator of every SIMD table against the scalar one, bit for bit: many
// seeds and streams, first indices at block edges and where the 64-bit index wraps, and counts
// around the vector widths and the 64-value block, written through an unaligned pointer with
// guard cells after the last value. (test_gaussian_bits.cpp pins the scalar bits themselves.)
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels.hpp"
#include "test_support.hpp"

namespace {

using posenc::kernels::kernel_table;

constexpr float kGuard = -777.25f;
constexpr std::size_t kGuardCells = 9;

// Every SIMD target this CPU runs (none in a build without SIMD: nothing to compare there).
std::vector<const kernel_table*> simd_tables() { return posenc::kernels::runnable_simd_tables(); }

// count values from `first` of (seed, stream), one float past an aligned start, guards after them.
std::vector<float> draw(const kernel_table& t, std::uint64_t seed, std::uint64_t stream, std::uint64_t first,
                        std::size_t count, double scale) {
  std::vector<float> buffer(1 + count + kGuardCells, kGuard);
  t.scaled_normals(seed, stream, first, count, scale, buffer.data() + 1);
  return buffer;
}

std::size_t differing_bits(const std::vector<float>& a, const std::vector<float>& b) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.size(); ++i) n += std::memcmp(&a[i], &b[i], sizeof(float)) != 0;
  return n;
}

}  // namespace

TEST(GaussianTwins, EverySimdTableGivesTheScalarBits) {
  const kernel_table& scalar = posenc::kernels::scalar_table();
  const std::uint64_t seeds[] = {0, 1, 7, 12345, 99999, std::uint64_t{1} << 63, ~std::uint64_t{0}};
  const std::uint64_t streams[] = {0, 1, 2, 0xFFFFFFFFull, ~std::uint64_t{0}};
  const std::uint64_t firsts[] = {0, 1, 63, 64, 65, 1000003, 0xFFFFFFFFull, ~std::uint64_t{0} - 40};
  const std::size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 63, 64, 65, 127, 128, 129, 200, 1031};
  for (const kernel_table* simd : simd_tables()) {
    SCOPED_TRACE(simd->name);
    ASSERT_NE(simd->scaled_normals, scalar.scaled_normals) << "the table has its own generator";
    for (std::uint64_t seed : seeds)
      for (std::uint64_t stream : streams)
        for (std::uint64_t first : firsts)
          for (std::size_t count : counts) {
            const double scale = count % 2 ? 0.02 : 1.0;
            const std::vector<float> want = draw(scalar, seed, stream, first, count, scale);
            const std::vector<float> got = draw(*simd, seed, stream, first, count, scale);
            ASSERT_EQ(differing_bits(want, got), 0u)
                << "seed " << seed << ", stream " << stream << ", first " << first << ", count " << count;
          }
  }
}

TEST(GaussianTwins, LongRunsAndOtherScalesMatch) {
  // A whole learned-table-sized run, and scales whose products round differently in float32.
  const kernel_table& scalar = posenc::kernels::scalar_table();
  for (const kernel_table* simd : simd_tables()) {
    SCOPED_TRACE(simd->name);
    for (double scale : {1.0, 0.02, 3.75, 1e-30, 0.0}) {
      const std::vector<float> want = draw(scalar, 4242, 3, 17, 300007, scale);
      const std::vector<float> got = draw(*simd, 4242, 3, 17, 300007, scale);
      EXPECT_EQ(differing_bits(want, got), 0u) << "scale " << scale;
    }
  }
}

TEST(GaussianTwins, GuardsAfterTheLastValueStayUntouched) {
  // The SIMD generator pads a short last block to whole vectors internally: it must write count values only.
  for (const kernel_table* simd : simd_tables()) {
    SCOPED_TRACE(simd->name);
    for (std::size_t count : {1u, 3u, 65u, 130u}) {
      const std::vector<float> got = draw(*simd, 5, 0, 0, count, 1.0);
      EXPECT_EQ(got[0], kGuard);
      for (std::size_t i = 0; i < kGuardCells; ++i) EXPECT_EQ(got[1 + count + i], kGuard) << "count " << count;
    }
  }
}
