// Linked instead of kernels_simd.cpp in builds without SIMD (the scalar wasm flavour).
#include "kernels.hpp"

namespace posenc::kernels {
const kernel_table* simd_table() noexcept { return nullptr; }
}  // namespace posenc::kernels
