// The lab's matrix products, row-major with leading dimensions, each written twice: a plain
// template (the scalar reference, also the double model's only kernel) and an xsimd version
// for float (gemm_simd.cpp, one object per target like the core's kernels). Tests compare them.
//
// Every product of the model is one of three shapes:
//   nn  C (+)= A B        A [m x k], B [k x n]    activations x weights, probabilities x values
//   nt  C (+)= A B^T      A [m x k], B [n x k]    gradients x weights^T, queries x keys
//   tn  C (+)= A^T B      A [k x m], B [k x n]    weight gradients, keys' gradients
#pragma once
#include <cstddef>

namespace posenc::lab::gemm {

template <class T>
void nn_reference(std::size_t m, std::size_t n, std::size_t k, const T* a, std::size_t lda, const T* b, std::size_t ldb,
                  T* c, std::size_t ldc, bool accumulate) {
  for (std::size_t i = 0; i < m; ++i) {
    T* row = c + i * ldc;
    if (!accumulate)
      for (std::size_t j = 0; j < n; ++j) row[j] = T(0);
    for (std::size_t p = 0; p < k; ++p) {
      const T aip = a[i * lda + p];
      const T* brow = b + p * ldb;
      for (std::size_t j = 0; j < n; ++j) row[j] += aip * brow[j];
    }
  }
}

template <class T>
void nt_reference(std::size_t m, std::size_t n, std::size_t k, const T* a, std::size_t lda, const T* b, std::size_t ldb,
                  T* c, std::size_t ldc, bool accumulate) {
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      T sum = T(0);
      for (std::size_t p = 0; p < k; ++p) sum += a[i * lda + p] * b[j * ldb + p];
      c[i * ldc + j] = accumulate ? c[i * ldc + j] + sum : sum;
    }
}

template <class T>
void tn_reference(std::size_t m, std::size_t n, std::size_t k, const T* a, std::size_t lda, const T* b, std::size_t ldb,
                  T* c, std::size_t ldc, bool accumulate) {
  if (!accumulate)
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < n; ++j) c[i * ldc + j] = T(0);
  for (std::size_t p = 0; p < k; ++p) {
    const T* arow = a + p * lda;
    const T* brow = b + p * ldb;
    for (std::size_t i = 0; i < m; ++i) {
      const T api = arow[i];
      T* row = c + i * ldc;
      for (std::size_t j = 0; j < n; ++j) row[j] += api * brow[j];
    }
  }
}

using product = void (*)(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b,
                         std::size_t ldb, float* c, std::size_t ldc, bool accumulate);

// One implementation of the three products for float.
struct table {
  const char* name;
  product nn, nt, tn;
};

const table& scalar_table() noexcept;
// The best SIMD table the running CPU supports (the baseline in wasm); the scalar table in a
// build without SIMD, or when the environment variable POSENC_KERNELS is "scalar".
const table& default_table() noexcept;
// Every SIMD table of this build that the CPU runs, the baseline first.
const table* const* simd_tables(std::size_t& count) noexcept;

namespace baseline {
const table& simd() noexcept;
}
namespace avx2 {
const table& simd() noexcept;
}
namespace avx512 {
const table& simd() noexcept;
}

}  // namespace posenc::lab::gemm
