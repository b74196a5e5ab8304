// The vector twin of gaussian::scaled_normals, one per SIMD target: gaussian_simd.cpp is compiled
// beside kernels_simd.cpp into each target's object (POSENC_SIMD_TARGET names its namespace).
#pragma once

#include <cstddef>
#include <cstdint>

namespace posenc::kernels::POSENC_SIMD_TARGET::simd_impl {

// The same values as gaussian::scaled_normals, bit for bit, several at a time.
void scaled_normals(std::uint64_t seed, std::uint64_t stream, std::uint64_t first, std::size_t count, double scale,
                    float* out) noexcept;

}  // namespace posenc::kernels::POSENC_SIMD_TARGET::simd_impl
