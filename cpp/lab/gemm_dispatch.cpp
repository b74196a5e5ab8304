// Which float table the lab trains with: the best SIMD target this build has and the CPU runs
// (CMakeLists.txt defines POSENC_LAB_KERNELS_AVX2 / _AVX512 for the targets it compiled), or the
// scalar twins when there is no SIMD or POSENC_KERNELS is "scalar" (natively, for tests).
#include <cstdlib>
#include <cstring>

#include "gemm.hpp"

namespace posenc::lab::gemm {
namespace {

#ifdef POSENC_LAB_SIMD
[[maybe_unused]] bool always() noexcept { return true; }
#if defined(__x86_64__) || defined(__i386__)
[[maybe_unused]] bool cpu_has_avx2() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}
[[maybe_unused]] bool cpu_has_avx512() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
}
#endif

struct target {
  const table& (*get)() noexcept;
  bool (*runs)() noexcept;
};
constexpr target targets[] = {
    {baseline::simd, always},
#ifdef POSENC_LAB_KERNELS_AVX2
    {avx2::simd, cpu_has_avx2},
#endif
#ifdef POSENC_LAB_KERNELS_AVX512
    {avx512::simd, cpu_has_avx512},
#endif
};
constexpr std::size_t target_count = sizeof targets / sizeof targets[0];
#endif

bool scalar_requested() noexcept {
#ifdef __EMSCRIPTEN__
  return false;
#else
  const char* value = std::getenv("POSENC_KERNELS");
  return value && std::strcmp(value, "scalar") == 0;
#endif
}

}  // namespace

const table* const* simd_tables(std::size_t& count) noexcept {
#ifdef POSENC_LAB_SIMD
  static const table* runnable[target_count];
  static const std::size_t n = [] {
    std::size_t found = 0;
    for (const target& t : targets)
      if (t.runs()) runnable[found++] = &t.get();
    return found;
  }();
  count = n;
  return runnable;
#else
  count = 0;
  return nullptr;
#endif
}

const table& default_table() noexcept {
  std::size_t count = 0;
  const table* const* tables = simd_tables(count);
  if (count == 0 || scalar_requested()) return scalar_table();
  return *tables[count - 1];
}

}  // namespace posenc::lab::gemm
