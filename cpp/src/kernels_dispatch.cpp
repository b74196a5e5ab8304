// Which SIMD table the simd backend runs: the targets this build compiled (CMakeLists.txt
// defines POSENC_KERNELS_AVX2 / POSENC_KERNELS_AVX512 when it builds them), filtered by
// what the running CPU and OS support, the best of them unless POSENC_KERNELS says otherwise.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "kernels.hpp"

namespace posenc::kernels {
namespace {

struct target {
  const kernel_table& (*table)() noexcept;
  bool (*runs)() noexcept;
};

[[maybe_unused]] bool always() noexcept { return true; }

#if defined(__x86_64__) || defined(__i386__)
// __builtin_cpu_supports also checks that the OS saves the wider registers (XGETBV).
[[maybe_unused]] bool cpu_has_avx2() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}
[[maybe_unused]] bool cpu_has_avx512() noexcept {
  __builtin_cpu_init();
  // the instruction sets the target is compiled for (CMakeLists.txt: -mavx512f, dq, bw, vl)
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
}
#endif

#if defined(POSENC_KERNELS_AVX512) && defined(POSENC_KERNELS_AVX2)
// The AVX-512 choice: that target's dot products with the AVX2 kernels for the rest, which ran
// slower at 512 bits (docs/performance.md, "Native SIMD targets"). Each is tested as its target.
const kernel_table& avx512_dots() noexcept {
  static const kernel_table t = [] {
    kernel_table mixed = avx2::table();
    const kernel_table& wide = avx512::table();
    mixed.name = wide.name;
    mixed.dot = wide.dot;
    mixed.dot_rows = wide.dot_rows;
    return mixed;
  }();
  return t;
}
bool cpu_has_avx2_and_avx512() noexcept { return cpu_has_avx2() && cpu_has_avx512(); }
#endif

// Baseline first, best last.
constexpr target targets[] = {
    {baseline::table, always},
#ifdef POSENC_KERNELS_AVX2
    {avx2::table, cpu_has_avx2},
#endif
#if defined(POSENC_KERNELS_AVX512) && defined(POSENC_KERNELS_AVX2)
    {avx512_dots, cpu_has_avx2_and_avx512},
#endif
};

// The value of POSENC_KERNELS, or "" (never in wasm, whose environment is the page's).
const char* requested() noexcept {
#ifdef __EMSCRIPTEN__
  return "";
#else
  const char* value = std::getenv("POSENC_KERNELS");
  return value ? value : "";
#endif
}

const kernel_table* choose() noexcept {
  const char* want = requested();
  const kernel_table* best = nullptr;
  for (const target& t : targets)
    if (t.runs()) best = &t.table();
  if (!*want || std::strcmp(want, "scalar") == 0) return best;
  for (const target& t : targets)
    if (t.runs() && std::strcmp(t.table().name, want) == 0) return &t.table();
  std::fprintf(stderr, "posenc: POSENC_KERNELS must be 'scalar' or a SIMD target this CPU runs (");
  for (const target& t : targets)
    if (t.runs()) std::fprintf(stderr, "%s'%s'", &t == targets ? "" : ", ", t.table().name);
  std::fprintf(stderr, "), got '%s': using '%s'\n", want, best->name);
  return best;
}

}  // namespace

const kernel_table* simd_table() noexcept {
  static const kernel_table* const chosen = choose();
  return chosen;
}

std::vector<const kernel_table*> runnable_simd_tables() {
  std::vector<const kernel_table*> out;
  for (const target& t : targets)
    if (t.runs()) out.push_back(&t.table());
  return out;
}

const kernel_table& default_table() noexcept {
#ifdef __EMSCRIPTEN__
  return *simd_table();  // the SIMD128 table always runs: no POSENC_KERNELS in a page
#else
  static const bool scalar = std::strcmp(requested(), "scalar") == 0;
  return scalar ? scalar_table() : *simd_table();
#endif
}

}  // namespace posenc::kernels
