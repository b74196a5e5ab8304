// The xsimd twins of gemm.hpp's references, compiled once per target (CMakeLists.txt:
// posenc_lab_kernel_target), each in its own namespace so no two targets share a weak symbol
// (the rule of the core's kernels_simd.cpp: plain loops, no std:: helper).
//
// nn is a register-blocked micro-kernel: a tile of `tile_rows` rows of C by two batches of
// columns stays in registers while k runs, each step one broadcast of a[i][p] and one load of
// b's row segment per batch. nt and tn become nn by transposing the small operand into a
// scratch buffer (O(k (m or n)) work against the product's O(m n k)).
#include <xsimd/xsimd.hpp>

#include <cstddef>

#include "gemm.hpp"

#ifndef POSENC_SIMD_TARGET
#error "POSENC_SIMD_TARGET (the namespace of this compilation) must be defined"
#endif

namespace posenc::lab::gemm::POSENC_SIMD_TARGET {
namespace simd_impl {

#ifdef POSENC_SIMD_ARCH
using arch = POSENC_SIMD_ARCH;
#else
using arch = xsimd::default_arch;
#endif
using batch = xsimd::batch<float, arch>;
constexpr std::size_t width = batch::size;
constexpr std::size_t tile_rows = 4;

// rows (<= tile_rows) rows of C, columns [j, j + 2 width): the k loop with 2 x rows accumulators.
template <std::size_t rows>
void tile_two(std::size_t k, const float* a, std::size_t lda, const float* b, std::size_t ldb, float* c,
              std::size_t ldc, bool accumulate) {
  batch acc0[rows], acc1[rows];
  for (std::size_t r = 0; r < rows; ++r) {
    acc0[r] = accumulate ? batch::load_unaligned(c + r * ldc) : batch(0.0f);
    acc1[r] = accumulate ? batch::load_unaligned(c + r * ldc + width) : batch(0.0f);
  }
  for (std::size_t p = 0; p < k; ++p) {
    const batch b0 = batch::load_unaligned(b + p * ldb), b1 = batch::load_unaligned(b + p * ldb + width);
    for (std::size_t r = 0; r < rows; ++r) {
      const batch ar(a[r * lda + p]);
      acc0[r] = acc0[r] + ar * b0;
      acc1[r] = acc1[r] + ar * b1;
    }
  }
  for (std::size_t r = 0; r < rows; ++r) {
    acc0[r].store_unaligned(c + r * ldc);
    acc1[r].store_unaligned(c + r * ldc + width);
  }
}

// The same over one batch of columns.
template <std::size_t rows>
void tile_one(std::size_t k, const float* a, std::size_t lda, const float* b, std::size_t ldb, float* c,
              std::size_t ldc, bool accumulate) {
  batch acc[rows];
  for (std::size_t r = 0; r < rows; ++r) acc[r] = accumulate ? batch::load_unaligned(c + r * ldc) : batch(0.0f);
  for (std::size_t p = 0; p < k; ++p) {
    const batch bp = batch::load_unaligned(b + p * ldb);
    for (std::size_t r = 0; r < rows; ++r) acc[r] = acc[r] + batch(a[r * lda + p]) * bp;
  }
  for (std::size_t r = 0; r < rows; ++r) acc[r].store_unaligned(c + r * ldc);
}

// Columns past the last full batch: plain loops, the reference's order.
void tail_columns(std::size_t m, std::size_t j0, std::size_t n, std::size_t k, const float* a, std::size_t lda,
                  const float* b, std::size_t ldb, float* c, std::size_t ldc, bool accumulate) {
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = j0; j < n; ++j) {
      float sum = accumulate ? c[i * ldc + j] : 0.0f;
      for (std::size_t p = 0; p < k; ++p) sum += a[i * lda + p] * b[p * ldb + j];
      c[i * ldc + j] = sum;
    }
}

template <std::size_t rows>
void row_block(std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b, std::size_t ldb, float* c,
               std::size_t ldc, bool accumulate) {
  std::size_t j = 0;
  for (; j + 2 * width <= n; j += 2 * width) tile_two<rows>(k, a, lda, b + j, ldb, c + j, ldc, accumulate);
  for (; j + width <= n; j += width) tile_one<rows>(k, a, lda, b + j, ldb, c + j, ldc, accumulate);
  if (j < n) tail_columns(rows, j, n, k, a, lda, b, ldb, c, ldc, accumulate);
}

void nn(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b, std::size_t ldb,
        float* c, std::size_t ldc, bool accumulate) {
  std::size_t i = 0;
  for (; i + tile_rows <= m; i += tile_rows)
    row_block<tile_rows>(n, k, a + i * lda, lda, b, ldb, c + i * ldc, ldc, accumulate);
  for (; i < m; ++i) row_block<1>(n, k, a + i * lda, lda, b, ldb, c + i * ldc, ldc, accumulate);
}

// The operands are small (at most a few hundred rows of the model's widths): a scratch buffer
// per call on the stack up to this many floats, else the plain reference order is used.
constexpr std::size_t scratch_floats = 64 * 1024;

// out [cols x rows] = in [rows x cols]^T
void transpose(std::size_t rows, std::size_t cols, const float* in, std::size_t ld, float* out) {
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) out[c * rows + r] = in[r * ld + c];
}

void nt(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b, std::size_t ldb,
        float* c, std::size_t ldc, bool accumulate) {
  static thread_local float bt[scratch_floats];
  if (n * k > scratch_floats) return nt_reference(m, n, k, a, lda, b, ldb, c, ldc, accumulate);
  transpose(n, k, b, ldb, bt);  // B^T [k x n]
  nn(m, n, k, a, lda, bt, n, c, ldc, accumulate);
}

void tn(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b, std::size_t ldb,
        float* c, std::size_t ldc, bool accumulate) {
  static thread_local float at[scratch_floats];
  if (m * k > scratch_floats) return tn_reference(m, n, k, a, lda, b, ldb, c, ldc, accumulate);
  transpose(k, m, a, lda, at);  // A^T [m x k]
  nn(m, n, k, at, k, b, ldb, c, ldc, accumulate);
}

}  // namespace simd_impl

const table& simd() noexcept {
  static const table t{simd_impl::arch::name(), simd_impl::nn, simd_impl::nt, simd_impl::tn};
  return t;
}

}  // namespace posenc::lab::gemm::POSENC_SIMD_TARGET
