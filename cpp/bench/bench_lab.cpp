// The length lab: one training step (forward, backward, AdamW) of the reference model, 2 layers,
// dim 64, 4 heads, batch 32, copy with trainLength 8, RoPE, with the SIMD products and with their
// scalar twins. tools/bench-lab.mjs sets it against the same model in PyTorch.
#include <benchmark/benchmark.h>

#include <memory>

#include "gemm.hpp"
#include "posenc/lab.hpp"
#include "trainer_state.hpp"

namespace {

using namespace posenc::lab;

lab_options reference_model() {
  lab_options o;
  o.scheme = encoding::rope;
  o.dim = 64;
  o.heads = 4;
  o.layers = 2;
  o.batch = 32;
  o.train_length = 8;
  return o;
}

void lab_step(benchmark::State& state, const gemm::table& products) {
  trainer t(reference_model());
  auto& s = t.internals();
  s.net = std::make_unique<model<float>>(s.options, s.layout, float_products(products));
  t.train(5);  // past the first allocations
  for (auto _ : state) benchmark::DoNotOptimize(t.train(1));
  state.SetLabel(products.name);
}

void BM_LabStep_simd(benchmark::State& state) { lab_step(state, gemm::default_table()); }
void BM_LabStep_scalar(benchmark::State& state) { lab_step(state, gemm::scalar_table()); }
// The baseline target (SSE2), the same vector width as wasm's SIMD128: what the page's step costs
// natively.
void BM_LabStep_baseline(benchmark::State& state) {
  std::size_t count = 0;
  lab_step(state, *gemm::simd_tables(count)[0]);
}

BENCHMARK(BM_LabStep_simd)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LabStep_baseline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LabStep_scalar)->Unit(benchmark::kMillisecond);

}  // namespace
