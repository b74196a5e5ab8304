// The xsimd twins of gemm.hpp's references, compiled once per target (CMakeLists.txt:
// posenc_lab_kernel_target), each in its own namespace so no two targets share a weak symbol
// (the rule of the core's kernels_simd.cpp: plain loops, no std:: helper).
//
// One register-blocked micro-kernel serves all three: a tile of `tile_rows` rows of C by two
// batches of columns stays in registers while k runs, each step one broadcast of A(i, p) and one
// load of B's row segment per batch. tn reads A through swapped strides; nt transposes B into a
// scratch buffer (O(n k) work against the product's O(m n k)).
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

// A is read through two strides, so the same tiles serve A (nn: a[i * lda + p]) and A^T
// (tn: a[p * lda + i]) without copying it.
struct operand {
  const float* a;
  std::size_t row, col;  // A(i, p) = a[i * row + p * col]
  float at(std::size_t i, std::size_t p) const { return a[i * row + p * col]; }
};

// rows (<= tile_rows) rows of C, columns [j, j + 2 width): the k loop with 2 x rows accumulators.
template <std::size_t rows>
void tile_two(std::size_t k, operand a, const float* b, std::size_t ldb, float* c, std::size_t ldc, bool accumulate) {
  batch acc0[rows], acc1[rows];
  for (std::size_t r = 0; r < rows; ++r) {
    acc0[r] = accumulate ? batch::load_unaligned(c + r * ldc) : batch(0.0f);
    acc1[r] = accumulate ? batch::load_unaligned(c + r * ldc + width) : batch(0.0f);
  }
  for (std::size_t p = 0; p < k; ++p) {
    const batch b0 = batch::load_unaligned(b + p * ldb), b1 = batch::load_unaligned(b + p * ldb + width);
    for (std::size_t r = 0; r < rows; ++r) {
      const batch ar(a.at(r, p));
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
void tile_one(std::size_t k, operand a, const float* b, std::size_t ldb, float* c, std::size_t ldc, bool accumulate) {
  batch acc[rows];
  for (std::size_t r = 0; r < rows; ++r) acc[r] = accumulate ? batch::load_unaligned(c + r * ldc) : batch(0.0f);
  for (std::size_t p = 0; p < k; ++p) {
    const batch bp = batch::load_unaligned(b + p * ldb);
    for (std::size_t r = 0; r < rows; ++r) acc[r] = acc[r] + batch(a.at(r, p)) * bp;
  }
  for (std::size_t r = 0; r < rows; ++r) acc[r].store_unaligned(c + r * ldc);
}

// Columns past the last full batch: plain loops, the reference's order.
void tail_columns(std::size_t rows, std::size_t j0, std::size_t n, std::size_t k, operand a, const float* b,
                  std::size_t ldb, float* c, std::size_t ldc, bool accumulate) {
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = j0; j < n; ++j) {
      float sum = accumulate ? c[i * ldc + j] : 0.0f;
      for (std::size_t p = 0; p < k; ++p) sum += a.at(i, p) * b[p * ldb + j];
      c[i * ldc + j] = sum;
    }
}

template <std::size_t rows>
void row_block(std::size_t n, std::size_t k, operand a, const float* b, std::size_t ldb, float* c, std::size_t ldc,
               bool accumulate) {
  std::size_t j = 0;
  for (; j + 2 * width <= n; j += 2 * width) tile_two<rows>(k, a, b + j, ldb, c + j, ldc, accumulate);
  for (; j + width <= n; j += width) tile_one<rows>(k, a, b + j, ldb, c + j, ldc, accumulate);
  if (j < n) tail_columns(rows, j, n, k, a, b, ldb, c, ldc, accumulate);
}

// C (+)= A B for the operand A [m x k].
void product(std::size_t m, std::size_t n, std::size_t k, operand a, const float* b, std::size_t ldb, float* c,
             std::size_t ldc, bool accumulate) {
  std::size_t i = 0;
  for (; i + tile_rows <= m; i += tile_rows) {
    const operand block{a.a + i * a.row, a.row, a.col};
    row_block<tile_rows>(n, k, block, b, ldb, c + i * ldc, ldc, accumulate);
  }
  for (; i < m; ++i) row_block<1>(n, k, {a.a + i * a.row, a.row, a.col}, b, ldb, c + i * ldc, ldc, accumulate);
}

void nn(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b, std::size_t ldb,
        float* c, std::size_t ldc, bool accumulate) {
  product(m, n, k, {a, lda, 1}, b, ldb, c, ldc, accumulate);
}

void tn(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b, std::size_t ldb,
        float* c, std::size_t ldc, bool accumulate) {
  product(m, n, k, {a, 1, lda}, b, ldb, c, ldc, accumulate);
}

// nt turns B [n x k] into B^T [k x n] in a scratch buffer and runs the tiles, when B fits (the
// model's weight matrices up to 256 x 256, keys of a few hundred rows); larger B takes one vector
// dot product per entry.
constexpr std::size_t scratch_floats = 64 * 1024;

float dot(const float* x, const float* y, std::size_t k) {
  batch acc(0.0f);
  std::size_t p = 0;
  for (; p + width <= k; p += width) acc = acc + batch::load_unaligned(x + p) * batch::load_unaligned(y + p);
  float sum = xsimd::hadd(acc);
  for (; p < k; ++p) sum += x[p] * y[p];
  return sum;
}

void nt(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b, std::size_t ldb,
        float* c, std::size_t ldc, bool accumulate) {
  static thread_local float bt[scratch_floats];
  if (n * k <= scratch_floats) {
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t p = 0; p < k; ++p) bt[p * n + j] = b[j * ldb + p];
    return product(m, n, k, {a, lda, 1}, bt, n, c, ldc, accumulate);
  }
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const float sum = dot(a + i * lda, b + j * ldb, k);
      c[i * ldc + j] = accumulate ? c[i * ldc + j] + sum : sum;
    }
}

}  // namespace simd_impl

const table& simd() noexcept {
  static const table t{simd_impl::arch::name(), simd_impl::nn, simd_impl::nt, simd_impl::tn};
  return t;
}

}  // namespace posenc::lab::gemm::POSENC_SIMD_TARGET
