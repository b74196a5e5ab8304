// Which kernel implementation the public functions run on.
//
// Every kernel exists twice: a plain scalar reference and an xsimd (SIMD) version.
// Builds without SIMD (the scalar wasm flavour) only have the scalar one. Tests and
// benchmarks switch between them to compare; users never need to.
#pragma once

namespace posenc {

enum class backend { scalar, simd };

// True when this build contains the SIMD kernels.
bool simd_available() noexcept;
// The backend in use (simd by default when available).
backend active_backend() noexcept;
// Selects a backend; throws invalid_argument when simd is asked for but not built.
void use_backend(backend b);
// The instruction set the SIMD kernels were compiled for ("sse2", "avx2+fma", "sse4.1"
// which is wasm SIMD128 under Emscripten), or "scalar".
const char* simd_arch_name() noexcept;

}  // namespace posenc
