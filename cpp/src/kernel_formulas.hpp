// The formulas the kernels share, each written once: templates over the value type (float in
// the scalar reference and the SIMD tails, an xsimd batch in the SIMD bodies), and the scalar
// loops the SIMD tails run on the last entries. Twins that call these do the same float operations
// in the same order, so they give the same bits (with -ffp-contract=off, as every target builds).
//
// No namespace and no include guard, on purpose: a kernel file includes this inside its own
// namespace (kernels_scalar.cpp inside scalar_impl, kernels_simd.cpp inside each target's
// simd_impl), so that every target compiles its own copy. One copy shared by objects built with
// different flags would be a weak symbol the linker keeps once: the AVX2 code could then run on
// a CPU without AVX2 (see kernels_simd.cpp). The including file names that namespace in
// POSENC_KERNEL_FORMULAS_SCOPE, and the check below stops the build anywhere else. Nothing here
// includes a header (it would land in the namespace): std::size_t comes from kernels.hpp.
#ifndef POSENC_KERNEL_FORMULAS_SCOPE
#error "include kernel_formulas.hpp inside a kernel namespace, named by POSENC_KERNEL_FORMULAS_SCOPE"
#endif
struct kernel_formulas_included_here {};
static_assert(sizeof(::POSENC_KERNEL_FORMULAS_SCOPE::kernel_formulas_included_here) == 1,
              "kernel_formulas.hpp is to be included inside the namespace POSENC_KERNEL_FORMULAS_SCOPE names");
#undef POSENC_KERNEL_FORMULAS_SCOPE

// The loops over a range of entries are here where the scalar reference and a SIMD tail run that
// same loop. A loop inside a kernel's own blocking calls the per-entry formula instead: a loop
// template inlined there unrolls into more code, which the browser downloads.

// The rotation of the pair (a, b) by the angle whose cos and sin are c and s, in place:
// (a c - b s, b c + a s), whichever layout the pair comes from.
template <class T>
void rotate_pair(T& a, T& b, T c, T s) {
  const T x = a, y = b;
  a = x * c - y * s;
  b = y * c + x * s;
}

// Pairs begin .. end - 1 of one vector in the half layout: pair i is (lo[i], hi[i]), hi being
// lo + rotary / 2.
template <class T>
void rotate_half_pairs(T* lo, T* hi, const T* cos, const T* sin, std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) rotate_pair(lo[i], hi[i], cos[i], sin[i]);
}

// Angle addition, one complex multiply: (c, s) = (cos, sin)(a + b) from those of a and b.
template <class T>
void angle_sum(T ca, T sa, T cb, T sb, T& c, T& s) {
  c = ca * cb - sa * sb;
  s = sa * cb + ca * sb;
}

// The angle sum, then the scaling of rope.cpp's scale_row (both times factor, skipped when the
// factor is 1, as there): the cos/sin the fused rotations form, with the bits of that sequence.
template <class T>
void scaled_angle_sum(T ca, T sa, T cb, T sb, bool scaled, T factor, T& c, T& s) {
  angle_sum(ca, sa, cb, sb, c, s);
  if (scaled) {  // taken the same way for a whole call: predicted, nearly free
    c = c * factor;
    s = s * factor;
  }
}

// Entries begin .. end - 1 of add_angles.
template <class T>
void add_angles_entries(const T* cos_a, const T* sin_a, const T* cos_b, const T* sin_b, T* out_cos, T* out_sin,
                        std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) angle_sum(cos_a[i], sin_a[i], cos_b[i], sin_b[i], out_cos[i], out_sin[i]);
}

// The interleaved order of a row kept as two halves: even[i] at out[2i], odd[i] at out[2i + 1]
// (the SIMD kernels' store_interleaved is its batch twin).
template <class T>
void store_pair(T even, T odd, T* out) {
  out[0] = even;
  out[1] = odd;
}

// Entries begin .. end - 1 of interleave.
template <class T>
void interleave_entries(const T* even, const T* odd, T* out, std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) store_pair(even[i], odd[i], out + 2 * i);
}

// Entries begin .. end - 1 of deinterleave: interleave_entries undone.
template <class T>
void deinterleave_entries(const T* in, T* even, T* odd, std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) {
    even[i] = in[2 * i];
    odd[i] = in[2 * i + 1];
  }
}

// Entries begin .. end - 1 of add_angles_interleaved: the sin at the even place, the cos at the
// odd one (sinusoidal's interleaved layout).
template <class T>
void add_angles_interleaved_entries(const T* cos_a, const T* sin_a, const T* cos_b, const T* sin_b, T* out,
                                    std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) {
    T c, s;
    angle_sum(cos_a[i], sin_a[i], cos_b[i], sin_b[i], c, s);
    store_pair(s, c, out + 2 * i);
  }
}

// Entries begin .. end - 1 of add.
template <class T>
void add_entries(const T* a, const T* b, T* out, std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) out[i] = a[i] + b[i];
}

// One step of every dot product, the scalar sums' and the SIMD accumulators' alike: sum + a b.
// Taken in index order (dot_in_order, the lanes of the transposed dot_rows) it gives the scalar
// reference's bits.
template <class T>
T add_product(T sum, T a, T b) {
  return sum + a * b;
}

// sum + a[begin] b[begin] + ... + a[end - 1] b[end - 1], added left to right: the scalar
// reference's dot, and the SIMD dot's tail.
template <class T>
T dot_in_order(T sum, const T* a, const T* b, std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) sum = add_product(sum, a[i], b[i]);
  return sum;
}
