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
// Selects a backend for the whole process; throws invalid_argument when simd is asked for but
// not built. Safe from any thread: a call already running finishes on the table it started with.
void use_backend(backend b);
// The instruction set of the SIMD kernels the simd backend runs: natively the best one the
// CPU supports among those built ("sse2", "avx2", "avx512f" on x86-64), "wasm-simd128" under
// Emscripten, or "scalar" in a build without SIMD.
const char* simd_arch_name() noexcept;

}  // namespace posenc
