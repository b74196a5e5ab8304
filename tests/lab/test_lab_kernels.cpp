// The lab's SIMD matrix products against their scalar twins, on shapes with tails in every
// dimension and with leading dimensions wider than the rows.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gaussian.hpp"
#include "gemm.hpp"

namespace posenc::lab::gemm {
namespace {

std::vector<float> normals(std::size_t n, std::uint64_t stream) {
  std::vector<float> v(n);
  gaussian::scaled_normals(3, stream, 0, n, 1.0, v.data());
  return v;
}

struct shape {
  std::size_t m, n, k;
};

TEST(LabKernels, EverySimdTableMatchesTheScalarProducts) {
  std::size_t count = 0;
  const table* const* tables = simd_tables(count);
  ASSERT_GT(count, 0u) << "the native build has SIMD tables";
  const std::vector<shape> shapes{{1, 1, 1}, {3, 5, 7}, {4, 16, 16}, {9, 33, 17}, {17, 64, 64}, {37, 70, 300}};
  for (std::size_t t = 0; t < count; ++t)
    for (const shape& s : shapes)
      for (int variant = 0; variant < 3; ++variant)
        for (bool accumulate : {false, true}) {
          // leading dimensions 3 wider than needed: the kernels must honour them
          const std::size_t a_rows = variant == 2 ? s.k : s.m, a_cols = variant == 2 ? s.m : s.k;
          const std::size_t b_rows = variant == 1 ? s.n : s.k, b_cols = variant == 1 ? s.k : s.n;
          const std::size_t lda = a_cols + 3, ldb = b_cols + 3, ldc = s.n + 3;
          const std::vector<float> a = normals(a_rows * lda, 1), b = normals(b_rows * ldb, 2);
          std::vector<float> expected = normals(s.m * ldc, 4), got = expected;
          const product reference = variant == 0   ? scalar_table().nn
                                    : variant == 1 ? scalar_table().nt
                                                   : scalar_table().tn;
          const product simd = variant == 0 ? tables[t]->nn : variant == 1 ? tables[t]->nt : tables[t]->tn;
          reference(s.m, s.n, s.k, a.data(), lda, b.data(), ldb, expected.data(), ldc, accumulate);
          simd(s.m, s.n, s.k, a.data(), lda, b.data(), ldb, got.data(), ldc, accumulate);
          for (std::size_t i = 0; i < expected.size(); ++i)
            ASSERT_NEAR(got[i], expected[i], 1e-5f * (1.0f + std::sqrt(float(s.k))))
                << tables[t]->name << " variant " << variant << " m " << s.m << " n " << s.n << " k " << s.k << " at "
                << i;
        }
}

TEST(LabKernels, LargeTransposedOperandsTakeTheDotProductPath) {
  std::size_t count = 0;
  const table* const* tables = simd_tables(count);
  const std::size_t m = 5, n = 300, k = 260;  // n k > the scratch buffer of nt
  const std::vector<float> a = normals(m * k, 5), b = normals(n * k, 6);
  std::vector<float> expected(m * n), got(m * n);
  scalar_table().nt(m, n, k, a.data(), k, b.data(), k, expected.data(), n, false);
  for (std::size_t t = 0; t < count; ++t) {
    tables[t]->nt(m, n, k, a.data(), k, b.data(), k, got.data(), n, false);
    for (std::size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], expected[i], 1e-3f) << tables[t]->name;
  }
}

}  // namespace
}  // namespace posenc::lab::gemm
