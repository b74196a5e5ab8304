// The choice of SIMD target (cpp/src/kernels_dispatch.cpp): the tables the CPU runs, in
// order, and POSENC_KERNELS, which ctest sets to each value in turn for this suite
// (kernels_forced_* in CMakeLists.txt); without it the best target is the default.
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using posenc::kernels::kernel_table;

// The SIMD targets CMake compiled beside the baseline, by table name.
std::vector<std::string> wide_targets() {
  std::vector<std::string> out;
  std::stringstream list(POSENC_TEST_WIDE_TARGETS);
  for (std::string name; std::getline(list, name, ',');)
    if (!name.empty()) out.push_back(name);
  return out;
}

bool cpu_runs(const std::string& name) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (name == "avx2") return __builtin_cpu_supports("avx2");
  if (name == "avx512bw") {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
  }
#endif
  return false;
}

std::string requested() {
  const char* value = std::getenv("POSENC_KERNELS");
  return value ? value : "";
}

// The baseline (always runs) then the wide targets built that the CPU runs, best last.
TEST(KernelDispatch, RunnableTablesAreTheBuiltTargetsTheCpuRuns) {
  const auto runnable = posenc::kernels::runnable_simd_tables();
  EXPECT_EQ(posenc::simd_available(), !runnable.empty());
  if (runnable.empty()) return;
  std::vector<std::string> want{runnable.front()->name};
  for (const std::string& name : wide_targets())
    if (cpu_runs(name)) want.push_back(name);
  std::vector<std::string> got;
  for (const kernel_table* t : runnable) got.push_back(t->name);
  EXPECT_EQ(got, want);
}

TEST(KernelDispatch, SimdTableIsTheRequestedTargetOrTheBest) {
  const auto runnable = posenc::kernels::runnable_simd_tables();
  if (runnable.empty()) {
    EXPECT_EQ(posenc::kernels::simd_table(), nullptr);
    return;
  }
  const kernel_table* want = runnable.back();
  for (const kernel_table* t : runnable)
    if (requested() == t->name) want = t;
  EXPECT_EQ(posenc::kernels::simd_table(), want) << "POSENC_KERNELS='" << requested() << "'";
  EXPECT_STREQ(posenc::simd_arch_name(), want->name);
}

// Only meaningful as the first thing the process does: ctest runs each test alone.
TEST(KernelDispatch, DefaultBackendIsScalarOnlyWhenRequested) {
  const bool scalar = requested() == "scalar" || !posenc::simd_available();
  EXPECT_EQ(posenc::active_backend(), scalar ? posenc::backend::scalar : posenc::backend::simd);
  EXPECT_EQ(&posenc::kernels::active_table(),
            scalar ? &posenc::kernels::scalar_table() : posenc::kernels::simd_table());
}

TEST(KernelDispatch, UseTableSelectsAnyRunnableTarget) {
  const posenc::backend saved = posenc::active_backend();
  for (const kernel_table* t : posenc::kernels::runnable_simd_tables()) {
    posenc::kernels::use_table(*t);
    EXPECT_EQ(&posenc::kernels::active_table(), t);
    EXPECT_EQ(posenc::active_backend(), posenc::backend::simd);
  }
  posenc::kernels::use_table(posenc::kernels::scalar_table());
  EXPECT_EQ(posenc::active_backend(), posenc::backend::scalar);
  posenc::use_backend(saved);
}

}  // namespace
