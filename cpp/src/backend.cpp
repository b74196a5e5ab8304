#include "posenc/backend.hpp"

#include <atomic>

#include "kernels.hpp"
#include "posenc/error.hpp"

namespace posenc {
namespace {
// One process-wide switch; only tests and benchmarks change it. Atomic, so that a thread
// switching it while another runs a kernel reads a whole pointer (either table is valid).
std::atomic<const kernels::kernel_table*> selected{nullptr};
}  // namespace

bool simd_available() noexcept { return kernels::simd_table() != nullptr; }

backend active_backend() noexcept {
  return &kernels::active_table() == &kernels::scalar_table() ? backend::scalar : backend::simd;
}

void use_backend(backend b) {
  if (b == backend::simd && !simd_available()) {
    throw invalid_argument("backend", "backend must be 'scalar' in this build (compiled without SIMD), got 'simd'");
  }
  selected.store(b == backend::simd ? kernels::simd_table() : &kernels::scalar_table(), std::memory_order_release);
}

namespace kernels {
const kernel_table& active_table() noexcept {
  const kernel_table* table = selected.load(std::memory_order_acquire);
  return table ? *table : default_table();
}

void use_table(const kernel_table& table) noexcept { selected.store(&table, std::memory_order_release); }
}  // namespace kernels

}  // namespace posenc

namespace posenc {
const char* simd_arch_name() noexcept {
  const kernels::kernel_table* simd = kernels::simd_table();
  return simd ? simd->name : "scalar";
}
}  // namespace posenc
