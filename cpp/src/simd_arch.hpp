// The xsimd arch of one per-target compilation (kernels_simd.cpp, gaussian_simd.cpp): xsimd's default
// for the compile flags unless the build names one (CMakeLists.txt: POSENC_SIMD_ARCH). A type alias
// emits no symbol, so sharing it across the targets' objects is safe.
#pragma once

#include <xsimd/xsimd.hpp>

#ifndef POSENC_SIMD_TARGET
#error "POSENC_SIMD_TARGET (the namespace of this compilation) must be defined"
#endif

namespace posenc::kernels::POSENC_SIMD_TARGET::simd_impl {
#ifdef POSENC_SIMD_ARCH
using arch = POSENC_SIMD_ARCH;
#else
using arch = xsimd::default_arch;
#endif
}  // namespace posenc::kernels::POSENC_SIMD_TARGET::simd_impl
