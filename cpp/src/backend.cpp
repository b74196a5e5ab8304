#include "posenc/backend.hpp"

#include "kernels.hpp"
#include "posenc/error.hpp"

namespace posenc {
namespace {
// One process-wide switch; only tests and benchmarks change it.
const kernels::kernel_table* selected = nullptr;
}  // namespace

bool simd_available() noexcept { return kernels::simd_table() != nullptr; }

backend active_backend() noexcept {
  return &kernels::active_table() == &kernels::scalar_table() ? backend::scalar : backend::simd;
}

void use_backend(backend b) {
  if (b == backend::simd && !simd_available()) {
    throw invalid_argument("backend", "backend must be 'scalar' in this build (compiled without SIMD), got 'simd'");
  }
  selected = b == backend::simd ? kernels::simd_table() : &kernels::scalar_table();
}

namespace kernels {
const kernel_table& active_table() noexcept { return selected ? *selected : default_table(); }

void use_table(const kernel_table& table) noexcept { selected = &table; }
}  // namespace kernels

}  // namespace posenc

namespace posenc {
const char* simd_arch_name() noexcept {
  const kernels::kernel_table* simd = kernels::simd_table();
  return simd ? simd->name : "scalar";
}
}  // namespace posenc
