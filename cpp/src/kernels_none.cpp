// Linked instead of kernels_simd.cpp and kernels_dispatch.cpp in builds without SIMD (the scalar wasm flavour).
#include "kernels.hpp"

namespace posenc::kernels {
const kernel_table* simd_table() noexcept { return nullptr; }
std::vector<const kernel_table*> runnable_simd_tables() { return {}; }
bool scalar_requested() noexcept { return false; }
}  // namespace posenc::kernels
