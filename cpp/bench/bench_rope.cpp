// Native benchmarks of the fixed workloads of the performance issue. Each kernel runs
// on the scalar reference and on every SIMD target the CPU runs (sse2, avx2, ...; "simd" is
// the default one) next to the memory yardsticks, so ratios come from one run. Bytes
// processed: RoPE reads and writes each float once (8 B).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "baselines.hpp"
#include "kernels.hpp"
#include "posenc/posenc.hpp"

namespace {

struct shape {
  std::size_t seq, heads, dim;
  std::size_t elements() const { return seq * heads * dim; }
};
constexpr shape workload_a{4096, 8, 128};
constexpr shape workload_b{512, 1, 64};

std::vector<float> random_values(std::size_t n) {
  std::mt19937 generator(7);
  std::uniform_real_distribution<float> uniform(-1.f, 1.f);
  std::vector<float> v(n);
  for (auto& x : v) x = uniform(generator);
  return v;
}

// The kernels a benchmark runs on: the scalar table, the simd backend's (the best target the
// CPU runs) or one SIMD target by name, to compare the targets in one run.
using table = const posenc::kernels::kernel_table*;

void select(table t, benchmark::State& state) {
  if (!t)
    state.SkipWithError("no SIMD in this build");
  else
    posenc::kernels::use_table(*t);
}

posenc::rope_options options_for(const shape& s, posenc::layout l) {
  posenc::rope_options o;
  o.dim = s.dim;
  o.heads = s.heads;
  o.pairs = l;
  return o;
}

// Fused: angles and sin/cos computed inside the call, per position (cache off).
void rope_fused(benchmark::State& state, shape s, posenc::layout l, table b) {
  select(b, state);
  auto x = random_values(s.elements());
  const auto o = options_for(s, l);
  const std::size_t limit = posenc::rope_cache_limit();
  posenc::set_rope_cache_limit(0);
  for (auto _ : state) {
    posenc::rope_apply(x.data(), x.size(), o, 0);
    benchmark::DoNotOptimize(x.data());
    benchmark::ClobberMemory();
  }
  posenc::set_rope_cache_limit(limit);
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(s.elements()) * 8);
}

// Cached: the same call with rope_apply's cos/sin cache warm (as inference engines keep it).
void rope_cached(benchmark::State& state, shape s, posenc::layout l, table b) {
  select(b, state);
  auto x = random_values(s.elements());
  const auto o = options_for(s, l);
  posenc::rope_apply(x.data(), x.size(), o, 0);  // warm
  for (auto _ : state) {
    posenc::rope_apply(x.data(), x.size(), o, 0);
    benchmark::DoNotOptimize(x.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(s.elements()) * 8);
}

// The yardstick for in-place work: read and write every float once.
void stream_in_place(benchmark::State& state, shape s) {
  auto x = random_values(s.elements());
  float a = 0.999f;
  for (auto _ : state) {
    posenc::baselines::stream_in_place(x.data(), x.size(), a);
    benchmark::DoNotOptimize(x.data());
    benchmark::ClobberMemory();
    a = 1.0f / a;  // keep values bounded
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(s.elements()) * 8);
}

// memcpy moves the same bytes through two buffers.
void copy_buffers(benchmark::State& state, shape s) {
  auto x = random_values(s.elements());
  std::vector<float> y(x.size());
  for (auto _ : state) {
    std::memcpy(y.data(), x.data(), x.size() * sizeof(float));
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(s.elements()) * 8);
}

void sinusoidal_table(benchmark::State& state, table b) {
  select(b, state);
  for (auto _ : state) benchmark::DoNotOptimize(posenc::sinusoidal(8192, 512).data());
  state.SetItemsProcessed(std::int64_t(state.iterations()) * 8192 * 512);
}

// The same table written into one buffer the caller keeps across iterations (a tensor refilled per
// batch): no allocation and no first touch of fresh pages, so the time is the kernels' own.
void sinusoidal_into_buffer(benchmark::State& state, table b) {
  select(b, state);
  const std::size_t n = 8192, dim = 512;
  std::vector<float> out(n * dim);
  for (auto _ : state) {
    posenc::sinusoidal_into(out.data(), out.size(), n, dim);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(n * dim));
}

// The floor under sinusoidal_table: the same 16 MiB table allocated and each row written once
// by the target's interleave kernel, from two rows in cache, with no angle computed.
void sinusoidal_write_floor(benchmark::State& state, table b) {
  select(b, state);
  const std::size_t n = 8192, dim = 512;
  const auto sin = random_values(dim / 2), cos = random_values(dim / 2);
  for (auto _ : state) {
    std::vector<float> out(n * dim);
    for (std::size_t r = 0; r < n; ++r)
      posenc::kernels::active_table().interleave(sin.data(), cos.data(), out.data() + r * dim, dim / 2);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(n * dim));
}

// The row kernel of the table alone: the 8192 rows' angle sums (one anchor row, the 32 step rows in
// turn) written into one row that stays in L1, so nothing reaches memory: the most a wider target
// can gain on the whole table.
void sinusoidal_row_kernel(benchmark::State& state, table b) {
  select(b, state);
  const std::size_t n = 8192, half = 256;
  const auto anchor_cos = random_values(half), anchor_sin = random_values(half);
  const auto step_cos = random_values(32 * half), step_sin = random_values(32 * half);
  std::vector<float> row(2 * half);
  const auto& kernels = posenc::kernels::active_table();
  for (auto _ : state) {
    for (std::size_t r = 0; r < n; ++r) {
      const std::size_t step = (r % 32) * half;
      kernels.add_angles_interleaved(anchor_cos.data(), anchor_sin.data(), step_cos.data() + step,
                                     step_sin.data() + step, row.data(), half);
    }
    benchmark::DoNotOptimize(row.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(n * 2 * half));
}

// What a user would write: sinf/cosf of a float32 product (inaccurate at large positions).
void sinusoidal_naive_sinf(benchmark::State& state) {
  const std::size_t n = 8192, dim = 512;
  std::vector<float> out(n * dim);
  for (auto _ : state) {
    posenc::baselines::naive_sinusoidal(n, dim, 10000.0, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(n * dim));
}

void attention_rope(benchmark::State& state, table b) {
  select(b, state);
  const std::size_t n = 1024, dim = 64;
  const auto q = random_values(n * dim), k = random_values(n * dim);
  posenc::attention_options o;
  o.dim = dim;
  o.kind = posenc::encoding::rope;
  for (auto _ : state)
    benchmark::DoNotOptimize(posenc::attention_scores(q.data(), q.size(), k.data(), k.size(), o).data());
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(n * n * dim));
}

using posenc::layout;

// "simd" (the default choice), "scalar", then every SIMD target by its table name.
std::vector<std::pair<std::string, table>> choices() {
  std::vector<std::pair<std::string, table>> out{{"simd", posenc::kernels::simd_table()},
                                                 {"scalar", &posenc::kernels::scalar_table()}};
  for (table t : posenc::kernels::runnable_simd_tables()) out.emplace_back(t->name, t);
  return out;
}

void register_all() {
  for (auto [name, s] : {std::pair{"A", workload_a}, std::pair{"B", workload_b}}) {
    for (auto l : {layout::interleaved, layout::half})
      for (const auto& [kernels, t] : choices()) {
        const std::string suffix = std::string(name) + "/" + posenc::to_string(l) + "/" + kernels;
        benchmark::RegisterBenchmark(("rope_cached/" + suffix).c_str(), rope_cached, s, l, t);
        benchmark::RegisterBenchmark(("rope_fused/" + suffix).c_str(), rope_fused, s, l, t);
      }
    benchmark::RegisterBenchmark((std::string("stream_in_place/") + name).c_str(), stream_in_place, s);
    benchmark::RegisterBenchmark((std::string("memcpy/") + name).c_str(), copy_buffers, s);
  }
  for (const auto& [kernels, t] : choices()) {
    benchmark::RegisterBenchmark(("sinusoidal_8192x512/" + kernels).c_str(), sinusoidal_table, t);
    benchmark::RegisterBenchmark(("sinusoidal_8192x512_into/" + kernels).c_str(), sinusoidal_into_buffer, t);
    benchmark::RegisterBenchmark(("sinusoidal_8192x512_write_floor/" + kernels).c_str(), sinusoidal_write_floor, t);
    benchmark::RegisterBenchmark(("sinusoidal_8192x512_row_kernel/" + kernels).c_str(), sinusoidal_row_kernel, t);
    benchmark::RegisterBenchmark(("attention_rope_1024x1024x64/" + kernels).c_str(), attention_rope, t);
  }
  benchmark::RegisterBenchmark("sinusoidal_8192x512/naive_sinf", sinusoidal_naive_sinf);
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
