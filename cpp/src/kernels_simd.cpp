// The xsimd kernels: a vector body plus a tail, twins of kernels_scalar.cpp, the formulas they
// share written once in kernel_formulas.hpp (included below, inside this target's namespace).
// Compiled once per target (see CMakeLists.txt): the baseline arch natively, AVX2 and
// AVX-512 beside it on x86-64, SIMD128 (via xsimd's SSE4.1 backend) under Emscripten.
//
// Each compilation gets its own namespace, POSENC_SIMD_TARGET. An inline function that is
// not arch-specific (a std:: algorithm, a helper of a shared header) would be emitted as a
// weak symbol by every object using it, and the linker keeps one copy: the AVX2 one could
// then run on a machine without AVX2. So this file uses no such helper (plain loops), and
// every weak symbol it emits lies in the target's namespace or is an xsimd template of the
// target's arch type (kernel_formulas.hpp's templates too, being included in that namespace);
// tests/native/kernel-target-symbols.mjs checks the objects for that.
//
// xsimd's sin/cos reduce large angles with two plain inline functions of xsimd::detail, not
// templates of the arch: renamed here per target, so no two objects share their code.
#define POSENC_CONCAT_(a, b) a##b
#define POSENC_CONCAT(a, b) POSENC_CONCAT_(a, b)
#define __kernel_rem_pio2 POSENC_CONCAT(posenc_kernel_rem_pio2_, POSENC_SIMD_TARGET)
#define __ieee754_rem_pio2 POSENC_CONCAT(posenc_ieee754_rem_pio2_, POSENC_SIMD_TARGET)
#include <xsimd/xsimd.hpp>
#undef __kernel_rem_pio2
#undef __ieee754_rem_pio2

#include <cstdint>

#include "gaussian_simd.hpp"
#include "kernels.hpp"
#include "simd_arch.hpp"

#ifndef POSENC_SIMD_TARGET
#error "POSENC_SIMD_TARGET (the namespace of this compilation) must be defined"
#endif

namespace posenc::kernels::POSENC_SIMD_TARGET {
// Named (not anonymous) so the symbol map tells the twins apart in the wasm check.
namespace simd_impl {

using batch = xsimd::batch<float, arch>;
using index_batch = xsimd::batch<std::uint32_t, arch>;
constexpr std::size_t width = batch::size;

#define POSENC_KERNEL_FORMULAS_SCOPE posenc::kernels::POSENC_SIMD_TARGET::simd_impl
#include "kernel_formulas.hpp"

// Lane i takes lane i ^ 1: swaps the two members of every interleaved pair.
struct pair_swap {
  static constexpr std::uint32_t get(std::size_t i, std::size_t) { return static_cast<std::uint32_t>(i ^ 1u); }
};
const auto swap_pairs = xsimd::make_batch_constant<index_batch, pair_swap>();

void sincos(const float* angle, std::size_t n, float* sin_out, float* cos_out) {
  std::size_t i = 0;
  for (; i + width <= n; i += width) {
    const auto sc = xsimd::sincos(batch::load_unaligned(angle + i));
    sc.first.store_unaligned(sin_out + i);
    sc.second.store_unaligned(cos_out + i);
  }
  if (i < n) {  // the tail goes through the same vector code, padded, so every entry matches
    alignas(64) float in[width] = {}, s[width], c[width];
    for (std::size_t j = i; j < n; ++j) in[j - i] = angle[j];
    const auto sc = xsimd::sincos(batch::load_aligned(in));
    sc.first.store_aligned(s);
    sc.second.store_aligned(c);
    for (std::size_t j = i; j < n; ++j) {
      sin_out[j] = s[j - i];
      cos_out[j] = c[j - i];
    }
  }
}

// Lane i takes lane i / 2 (+ width / 2 for the upper half): spreads pair values
// c0 c1 c2 c3 over pairs of lanes, c0 c0 c1 c1 | c2 c2 c3 c3. A true permute on every
// arch (unlike zip_lo, which stays inside 128-bit lanes on AVX).
struct spread_lower {
  static constexpr std::uint32_t get(std::size_t i, std::size_t) { return static_cast<std::uint32_t>(i / 2); }
};
struct spread_upper {
  static constexpr std::uint32_t get(std::size_t i, std::size_t n) { return static_cast<std::uint32_t>(n / 2 + i / 2); }
};
const auto lower_pairs = xsimd::make_batch_constant<index_batch, spread_lower>();
const auto upper_pairs = xsimd::make_batch_constant<index_batch, spread_upper>();

// The interleaved rotation in the article's elementwise form: y = x * (c0 c0 c1 c1 ...) + swap(x) *
// (-s0 s0 -s1 s1 ...), the lanes of rotate_pair with b * -s added for the subtraction: the same bits.
batch rotate_spread(batch x, batch spread_cos, batch signed_sin) {
  return x * spread_cos + xsimd::swizzle(x, swap_pairs) * signed_sin;
}

// The signs of rotate_spread's sin, - + - + ...
batch alternate_signs() {
  alignas(64) float signs[width];
  for (std::size_t i = 0; i < width; ++i) signs[i] = i % 2 ? 1.0f : -1.0f;
  return batch::load_aligned(signs);
}

// With several heads the spread cos and signed sin rows are built once into scratch and
// every head loads them as they are: per batch of x one swap, two products and a sum,
// instead of three more shuffles and a sign product. One head spreads in registers as it
// goes (the row would be read once anyway). Same operations on the same values either way.
void rotate_interleaved_row(float* x, std::size_t heads, std::size_t dim, std::size_t rotary, const float* cos,
                            const float* sin, float* scratch) {
  const batch alternate = alternate_signs();
  const std::size_t body = rotary - rotary % (2 * width);
  if (heads > 1) {
    // Batch k of the row's spread cos and signed sin side by side: one pointer walks both.
    for (std::size_t j = 0; j < body; j += 2 * width) {
      const batch c = batch::load_unaligned(cos + j / 2), s = batch::load_unaligned(sin + j / 2);
      float* t = scratch + 2 * j;
      xsimd::swizzle(c, lower_pairs).store_unaligned(t);
      (xsimd::swizzle(s, lower_pairs) * alternate).store_unaligned(t + width);
      xsimd::swizzle(c, upper_pairs).store_unaligned(t + 2 * width);
      (xsimd::swizzle(s, upper_pairs) * alternate).store_unaligned(t + 3 * width);
    }
    const auto turn = [](float* v, const float* t) {
      rotate_spread(batch::load_unaligned(v), batch::load_unaligned(t), batch::load_unaligned(t + width))
          .store_unaligned(v);
    };
    for (std::size_t h = 0; h < heads; ++h) {
      float* v = x + h * dim;
      const float* t = scratch;
      std::size_t j = 0;
      for (; j + 4 * width <= body; j += 4 * width, t += 8 * width) {
        turn(v + j, t);
        turn(v + j + width, t + 2 * width);
        turn(v + j + 2 * width, t + 4 * width);
        turn(v + j + 3 * width, t + 6 * width);
      }
      for (; j < body; j += width, t += 2 * width) turn(v + j, t);
    }
  } else {
    for (std::size_t j = 0; j < body; j += 2 * width) {
      const batch c = batch::load_unaligned(cos + j / 2);
      const batch s = batch::load_unaligned(sin + j / 2);
      const batch a = batch::load_unaligned(x + j), b = batch::load_unaligned(x + j + width);
      rotate_spread(a, xsimd::swizzle(c, lower_pairs), xsimd::swizzle(s, lower_pairs) * alternate)
          .store_unaligned(x + j);
      rotate_spread(b, xsimd::swizzle(c, upper_pairs), xsimd::swizzle(s, upper_pairs) * alternate)
          .store_unaligned(x + j + width);
    }
  }
  for (std::size_t h = 0; h < heads; ++h) {
    float* v = x + h * dim;
    for (std::size_t j = body; j < rotary; j += 2) rotate_pair(v[j], v[j + 1], cos[j / 2], sin[j / 2]);
  }
}

void rotate_interleaved(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                        const float* cos, const float* sin, std::size_t table_stride, float* scratch) {
  for (std::size_t r = 0; r < rows; ++r)
    rotate_interleaved_row(x + r * heads * dim, heads, dim, rotary, cos + r * table_stride, sin + r * table_stride,
                           scratch);
}

// Two plain streams: the first half and the second half of each head.
void rotate_half_row(float* x, std::size_t heads, std::size_t dim, std::size_t rotary, const float* cos,
                     const float* sin) {
  const std::size_t half = rotary / 2;
  const std::size_t body = half - half % width;
  for (std::size_t h = 0; h < heads; ++h) {
    float* lo = x + h * dim;
    float* hi = lo + half;
    for (std::size_t i = 0; i < body; i += width) {
      batch a = batch::load_unaligned(lo + i), b = batch::load_unaligned(hi + i);
      rotate_pair(a, b, batch::load_unaligned(cos + i), batch::load_unaligned(sin + i));
      a.store_unaligned(lo + i);
      b.store_unaligned(hi + i);
    }
    rotate_half_pairs(lo, hi, cos, sin, body, half);
  }
}

void rotate_half(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary, const float* cos,
                 const float* sin, std::size_t table_stride) {
  for (std::size_t r = 0; r < rows; ++r)
    rotate_half_row(x + r * heads * dim, heads, dim, rotary, cos + r * table_stride, sin + r * table_stride);
}

// Calls body(heads) with one head as a compile-time constant (the case fusion is for: its
// loop over heads disappears); more heads stay a run-time count. One instantiation per case
// only: each one is code the browser downloads.
// A compile-time count of our own rather than std::integral_constant, whose conversion
// would be a weak symbol outside this namespace in an unoptimised build.
template <std::size_t N>
struct fixed_count {
  constexpr operator std::size_t() const noexcept { return N; }
};

template <class Body>
void specialised(std::size_t heads, Body body) {
  if (heads == 1)
    body(fixed_count<1>{});
  else
    body(heads);
}

// rotate_interleaved with the cos/sin batch formed in registers: one batch of the angle
// sum serves two batches of every head (heads innermost, so it is computed once).
void rotate_interleaved_sum(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                            const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b,
                            float factor) {
  const batch alternate = alternate_signs(), factors(factor);
  const std::size_t body = rotary - rotary % (2 * width);
  const std::size_t half = rotary / 2, stride = heads * dim;
  const bool scaled = factor != 1.0f;
  specialised(heads, [&](auto head_count) {
    for (std::size_t r = 0; r < rows; ++r) {
      float* const row = x + r * stride;
      const float* const cb = cos_b + r * half;
      const float* const sb = sin_b + r * half;
      for (std::size_t j = 0; j < body; j += 2 * width) {
        batch c, s;
        scaled_angle_sum(batch::load_unaligned(cos_a + j / 2), batch::load_unaligned(sin_a + j / 2),
                         batch::load_unaligned(cb + j / 2), batch::load_unaligned(sb + j / 2), scaled, factors, c, s);
        const batch c_lo = xsimd::swizzle(c, lower_pairs), c_hi = xsimd::swizzle(c, upper_pairs);
        const batch s_lo = xsimd::swizzle(s, lower_pairs) * alternate;
        const batch s_hi = xsimd::swizzle(s, upper_pairs) * alternate;
        for (std::size_t h = 0; h < head_count; ++h) {
          float* v = row + h * dim + j;
          rotate_spread(batch::load_unaligned(v), c_lo, s_lo).store_unaligned(v);
          rotate_spread(batch::load_unaligned(v + width), c_hi, s_hi).store_unaligned(v + width);
        }
      }
      for (std::size_t j = body; j < rotary; j += 2) {
        float c, s;
        scaled_angle_sum(cos_a[j / 2], sin_a[j / 2], cb[j / 2], sb[j / 2], scaled, factor, c, s);
        for (std::size_t h = 0; h < head_count; ++h) {
          float* v = row + h * dim + j;
          rotate_pair(v[0], v[1], c, s);
        }
      }
    }
  });
}

// rotate_half with the cos/sin batch formed in registers, shared by every head.
void rotate_half_sum(float* x, std::size_t rows, std::size_t heads, std::size_t dim, std::size_t rotary,
                     const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b, float factor) {
  const std::size_t half = rotary / 2;
  const std::size_t body = half - half % width;
  const std::size_t stride = heads * dim;
  const bool scaled = factor != 1.0f;
  const batch factors(factor);
  specialised(heads, [&](auto head_count) {
    for (std::size_t r = 0; r < rows; ++r) {
      float* const row = x + r * stride;
      const float* const cb = cos_b + r * half;
      const float* const sb = sin_b + r * half;
      for (std::size_t i = 0; i < body; i += width) {
        batch c, s;
        scaled_angle_sum(batch::load_unaligned(cos_a + i), batch::load_unaligned(sin_a + i),
                         batch::load_unaligned(cb + i), batch::load_unaligned(sb + i), scaled, factors, c, s);
        for (std::size_t h = 0; h < head_count; ++h) {
          float* lo = row + h * dim + i;
          batch a = batch::load_unaligned(lo), b = batch::load_unaligned(lo + half);
          rotate_pair(a, b, c, s);
          a.store_unaligned(lo);
          b.store_unaligned(lo + half);
        }
      }
      for (std::size_t i = body; i < half; ++i) {
        float c, s;
        scaled_angle_sum(cos_a[i], sin_a[i], cb[i], sb[i], scaled, factor, c, s);
        for (std::size_t h = 0; h < head_count; ++h) {
          float* lo = row + h * dim + i;
          rotate_pair(lo[0], lo[half], c, s);
        }
      }
    }
  });
}

float dot(const float* a, const float* b, std::size_t n) {
  // Two accumulators hide the add latency; the order differs from the scalar twin,
  // so results agree to rounding, not bit for bit.
  batch s0(0.f), s1(0.f);
  std::size_t i = 0;
  for (; i + 2 * width <= n; i += 2 * width) {
    s0 = add_product(s0, batch::load_unaligned(a + i), batch::load_unaligned(b + i));
    s1 = add_product(s1, batch::load_unaligned(a + i + width), batch::load_unaligned(b + i + width));
  }
  for (; i + width <= n; i += width) s0 = add_product(s0, batch::load_unaligned(a + i), batch::load_unaligned(b + i));
  return dot_in_order(xsimd::hadd(s0 + s1), a, b, i, n);
}

// A block of Q queries x `width` keys: one accumulator per (query, key) pair, so each
// key batch loaded serves Q queries and each query batch `width` keys; a transposing
// horizontal add (haddp) turns a query's `width` accumulators into `width` logits.
// Every logit is the same sum whatever Q is.
template <std::size_t Q>
void dot_block(const float* q, const float* k, std::size_t dim, float factor, float* out, std::size_t out_stride) {
  const std::size_t body = dim - dim % width;
  batch acc[Q][width];
  for (auto& row : acc)
    for (auto& a : row) a = batch(0.f);
  for (std::size_t d = 0; d < body; d += width) {
    batch qv[Q];
    for (std::size_t i = 0; i < Q; ++i) qv[i] = batch::load_unaligned(q + i * dim + d);
    for (std::size_t r = 0; r < width; ++r) {
      const batch kv = batch::load_unaligned(k + r * dim + d);
      for (std::size_t i = 0; i < Q; ++i) acc[i][r] = add_product(acc[i][r], qv[i], kv);
    }
  }
  for (std::size_t i = 0; i < Q; ++i) {
    alignas(64) float tail[width];
    for (std::size_t r = 0; r < width; ++r) {
      float t = 0;
      for (std::size_t d = body; d < dim; ++d) t = add_product(t, q[i * dim + d], k[r * dim + d]);
      tail[r] = t;
    }
    ((xsimd::haddp(acc[i]) + batch::load_aligned(tail)) * batch(factor)).store_unaligned(out + i * out_stride);
  }
}

// Q queries against every key: blocks of `width` keys, then the last keys one by one.
template <std::size_t Q>
void dot_queries(const float* q, const float* k, std::size_t rows, std::size_t dim, float factor, float* out,
                 std::size_t out_stride) {
  std::size_t j = 0;
  for (; j + width <= rows; j += width) dot_block<Q>(q, k + j * dim, dim, factor, out + j, out_stride);
  for (; j < rows; ++j)
    for (std::size_t i = 0; i < Q; ++i) out[i * out_stride + j] = factor * dot(q + i * dim, k + j * dim, dim);
}

// Two queries at a time with 4-float batches: 8 accumulators, 2 query and 1 key batch in
// registers (16 on x86-64, as under V8); wider batches would spill, so they take one.
constexpr std::size_t query_block = width <= 4 ? 2 : 1;

void dot_rows_horizontal(const float* q, std::size_t queries, const float* k, std::size_t rows, std::size_t dim,
                         float factor, float* out, std::size_t out_stride) {
  std::size_t i = 0;
  for (; i + query_block <= queries; i += query_block)
    dot_queries<query_block>(q + i * dim, k, rows, dim, factor, out + i * out_stride, out_stride);
  for (; i < queries; ++i) dot_queries<1>(q + i * dim, k, rows, dim, factor, out + i * out_stride, out_stride);
}

// Wide batches take the keys transposed instead: a block of `width` keys is copied
// dimension-major into kt, a chunk of dims at a time, and lane r of a query's batch
// accumulates the product with key r over d in order. Each key loaded then serves a block
// of queries without spilling (one accumulator per query, the query value broadcast), there
// is no horizontal add, and every logit is the scalar reference's sum, bit for bit.
constexpr std::size_t chunk_dims = 64;  // kt holds key_groups blocks of chunk_dims x width
constexpr std::size_t key_groups = 4;   // one query takes this many key blocks at once
constexpr std::size_t query_tile = 8;   // queries sharing one key block: 8 accumulators

// kt[d * width + r] = k[r * dim + d] for the `width` keys at k and d < n: the keys dimension-major.
// With AVX2 an 8 x 8 block takes 24 shuffles instead of 64 scalar moves: the copy is what a call
// with few queries spends most of its time on.
void transpose_keys(const float* k, std::size_t dim, std::size_t n, float* kt) {
  std::size_t d = 0;
#if defined(__AVX2__)
  if constexpr (width == 8) {
    for (; d + 8 <= n; d += 8) {
      __m256 r[8], t[8];
      for (std::size_t i = 0; i < 8; ++i) r[i] = _mm256_loadu_ps(k + i * dim + d);
      for (std::size_t i = 0; i < 8; i += 2) {  // pairs of keys, pairs of dims, within 128-bit lanes
        t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
      }
      for (std::size_t i = 0; i < 8; i += 4) {  // four keys of one dim per 128-bit lane
        r[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
        r[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xee);
        r[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        r[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xee);
      }
      for (std::size_t i = 0; i < 4; ++i) {  // keys 0-3 and 4-7 of a dim side by side
        _mm256_store_ps(kt + (d + i) * 8, _mm256_permute2f128_ps(r[i], r[i + 4], 0x20));
        _mm256_store_ps(kt + (d + i + 4) * 8, _mm256_permute2f128_ps(r[i], r[i + 4], 0x31));
      }
    }
  }
#endif
  for (; d < n; ++d)
    for (std::size_t r = 0; r < width; ++r) kt[d * width + r] = k[r * dim + d];
}

// Q queries x B key blocks over dims [d0, d0 + n): acc = (d0 ? out : 0) + the chunk's products,
// stored back, times factor when the chunk is the last one.
template <std::size_t Q, std::size_t B>
void dot_tile(const float* q, std::size_t dim, const float* kt, std::size_t d0, std::size_t n, bool last, float factor,
              float* out, std::size_t out_stride) {
  batch acc[Q][B];
  for (std::size_t t = 0; t < Q; ++t)
    for (std::size_t b = 0; b < B; ++b)
      acc[t][b] = d0 ? batch::load_unaligned(out + t * out_stride + b * width) : batch(0.f);
  for (std::size_t d = 0; d < n; ++d) {
    batch kv[B];
    for (std::size_t b = 0; b < B; ++b) kv[b] = batch::load_aligned(kt + (b * chunk_dims + d) * width);
    for (std::size_t t = 0; t < Q; ++t) {
      const batch qv(q[t * dim + d0 + d]);
      for (std::size_t b = 0; b < B; ++b) acc[t][b] = add_product(acc[t][b], qv, kv[b]);
    }
  }
  for (std::size_t t = 0; t < Q; ++t)
    for (std::size_t b = 0; b < B; ++b)
      (last ? acc[t][b] * batch(factor) : acc[t][b]).store_unaligned(out + t * out_stride + b * width);
}

// One query against `blocks` (1 .. key_groups) key blocks: several accumulators in flight.
void dot_one_query(std::size_t blocks, const float* q, std::size_t dim, const float* kt, std::size_t d0, std::size_t n,
                   bool last, float factor, float* out) {
  if (blocks == 4)
    dot_tile<1, 4>(q, dim, kt, d0, n, last, factor, out, 0);
  else if (blocks == 3)
    dot_tile<1, 3>(q, dim, kt, d0, n, last, factor, out, 0);
  else if (blocks == 2)
    dot_tile<1, 2>(q, dim, kt, d0, n, last, factor, out, 0);
  else
    dot_tile<1, 1>(q, dim, kt, d0, n, last, factor, out, 0);
}

void dot_rows_transposed(const float* q, std::size_t queries, const float* k, std::size_t rows, std::size_t dim,
                         float factor, float* out, std::size_t out_stride) {
  alignas(64) float kt[key_groups * chunk_dims * width];
  std::size_t j = 0, blocks = 0;
  for (; j + width <= rows; j += blocks * width) {
    blocks = (rows - j) / width < key_groups ? (rows - j) / width : key_groups;
    for (std::size_t d0 = 0; d0 < dim; d0 += chunk_dims) {
      const std::size_t n = dim - d0 < chunk_dims ? dim - d0 : chunk_dims;
      const bool last = d0 + n == dim;
      for (std::size_t b = 0; b < blocks; ++b)
        transpose_keys(k + (j + b * width) * dim + d0, dim, n, kt + b * chunk_dims * width);
      std::size_t i = 0;
      for (; i + query_tile <= queries; i += query_tile)
        for (std::size_t b = 0; b < blocks; ++b)
          dot_tile<query_tile, 1>(q + i * dim, dim, kt + b * chunk_dims * width, d0, n, last, factor,
                                  out + i * out_stride + j + b * width, out_stride);
      for (; i < queries; ++i)
        dot_one_query(blocks, q + i * dim, dim, kt, d0, n, last, factor, out + i * out_stride + j);
    }
  }
  for (; j < rows; ++j)  // the last keys one by one, summed in the same order
    for (std::size_t i = 0; i < queries; ++i) {
      float sum = 0;
      for (std::size_t d = 0; d < dim; ++d) sum = add_product(sum, q[i * dim + d], k[j * dim + d]);
      out[i * out_stride + j] = factor * sum;
    }
}

void dot_rows(const float* q, std::size_t queries, const float* k, std::size_t rows, std::size_t dim, float factor,
              float* out, std::size_t out_stride) {
  if constexpr (width >= 8)
    dot_rows_transposed(q, queries, k, rows, dim, factor, out, out_stride);
  else
    dot_rows_horizontal(q, queries, k, rows, dim, factor, out, out_stride);
}

void add(const float* a, const float* b, float* out, std::size_t n) {
  std::size_t i = 0;
  for (; i + width <= n; i += width)
    (batch::load_unaligned(a + i) + batch::load_unaligned(b + i)).store_unaligned(out + i);
  add_entries(a, b, out, i, n);
}

void add_angles(const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b, float* out_cos,
                float* out_sin, std::size_t n) {
  std::size_t i = 0;
  for (; i + width <= n; i += width) {
    batch c, s;
    angle_sum(batch::load_unaligned(cos_a + i), batch::load_unaligned(sin_a + i), batch::load_unaligned(cos_b + i),
              batch::load_unaligned(sin_b + i), c, s);
    c.store_unaligned(out_cos + i);
    s.store_unaligned(out_sin + i);
  }
  add_angles_entries(cos_a, sin_a, cos_b, sin_b, out_cos, out_sin, i, n);
}

// Lane i of the zips' inputs: zip_lo and zip_hi pair up lanes within each 128-bit lane (on
// AVX and AVX-512 too), so each 4-lane group takes two pairs from the lower half of the batch,
// then two from the upper half; the zips then give pairs 0 .. width/2 - 1 and the rest, in order.
struct zip_order {
  static constexpr std::uint32_t get(std::size_t i, std::size_t n) {
    const std::size_t group = i / 4, j = i % 4;
    return static_cast<std::uint32_t>(j < 2 ? 2 * group + j : n / 2 + 2 * group + j - 2);
  }
};

// even[0] odd[0] even[1] odd[1] ... over 2 * width floats at out: store_pair's order, a batch at a time.
void store_interleaved(batch even, batch odd, float* out) {
  if constexpr (width > 4) {  // 4 lanes are a single 128-bit lane: the zips alone interleave
    const auto zip_lanes = xsimd::make_batch_constant<index_batch, zip_order>();
    even = xsimd::swizzle(even, zip_lanes);
    odd = xsimd::swizzle(odd, zip_lanes);
  }
  xsimd::zip_lo(even, odd).store_unaligned(out);
  xsimd::zip_hi(even, odd).store_unaligned(out + width);
}

void add_angles_interleaved(const float* cos_a, const float* sin_a, const float* cos_b, const float* sin_b, float* out,
                            std::size_t n) {
  std::size_t i = 0;
  for (; i + width <= n; i += width) {
    batch c, s;
    angle_sum(batch::load_unaligned(cos_a + i), batch::load_unaligned(sin_a + i), batch::load_unaligned(cos_b + i),
              batch::load_unaligned(sin_b + i), c, s);
    store_interleaved(s, c, out + 2 * i);  // the order of add_angles_interleaved_entries
  }
  add_angles_interleaved_entries(cos_a, sin_a, cos_b, sin_b, out, i, n);
}

void interleave(const float* even, const float* odd, float* out, std::size_t n) {
  std::size_t i = 0;
  for (; i + width <= n; i += width)
    store_interleaved(batch::load_unaligned(even + i), batch::load_unaligned(odd + i), out + 2 * i);
  interleave_entries(even, odd, out, i, n);
}

// Lane m takes the lane where two rounds of zips leave entry m (zip_order's inverse): the zips work
// inside 128-bit lanes, so with 8 or 16 lanes the entries of the two halves come out mixed.
struct unzip_order {
  static constexpr std::uint32_t get(std::size_t m, std::size_t n) {
    const std::size_t k = m < n / 2 ? m : m - n / 2;
    return static_cast<std::uint32_t>(4 * (k / 2) + k % 2 + (m < n / 2 ? 0 : 2));
  }
};

// The 2 * width floats at in, a0 b0 a1 b1 ..., as a0 a1 ... (even) and b0 b1 ... (odd).
void load_deinterleaved(const float* in, batch& even, batch& odd) {
  const batch lo = batch::load_unaligned(in), hi = batch::load_unaligned(in + width);
  const batch p = xsimd::zip_lo(lo, hi), q = xsimd::zip_hi(lo, hi);
  even = xsimd::zip_lo(p, q);
  odd = xsimd::zip_hi(p, q);
  if constexpr (width > 4) {
    const auto unzip_lanes = xsimd::make_batch_constant<index_batch, unzip_order>();
    even = xsimd::swizzle(even, unzip_lanes);
    odd = xsimd::swizzle(odd, unzip_lanes);
  }
}

void deinterleave(const float* in, float* even, float* odd, std::size_t n) {
  std::size_t i = 0;
  for (; i + width <= n; i += width) {
    batch e, o;
    load_deinterleaved(in + 2 * i, e, o);
    e.store_unaligned(even + i);
    o.store_unaligned(odd + i);
  }
  deinterleave_entries(in, even, odd, i, n);
}

}  // namespace simd_impl

const kernel_table& table() noexcept {
  // In wasm, xsimd's SSE4.1 code is lowered to SIMD128: name what actually runs.
#ifdef __wasm_simd128__
  static const kernel_table t {
    "wasm-simd128",
#else
  static const kernel_table t{simd_impl::arch::name(),
#endif
        simd_impl::sincos, simd_impl::rotate_interleaved, simd_impl::rotate_half, simd_impl::rotate_interleaved_sum,
        simd_impl::rotate_half_sum, simd_impl::dot, simd_impl::dot_rows, simd_impl::add, simd_impl::add_angles,
        simd_impl::add_angles_interleaved, simd_impl::interleave, simd_impl::deinterleave, simd_impl::scaled_normals
  };
  return t;
}

}  // namespace posenc::kernels::POSENC_SIMD_TARGET
