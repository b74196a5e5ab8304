// Linked instead of kernels_simd.cpp and kernels_dispatch.cpp in builds without SIMD (the scalar wasm flavour).
#include "kernels.hpp"

namespace posenc::kernels {
const kernel_table* simd_table() noexcept { return nullptr; }
std::vector<const kernel_table*> runnable_simd_tables() { return {}; }
const kernel_table& default_table() noexcept { return scalar_table(); }
}  // namespace posenc::kernels
