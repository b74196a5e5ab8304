// rope_apply from several threads at once: the shared state (the cos/sin cache, the step
// rows of the last theta, the last theta itself) is swapped and refilled while other calls
// read it. Every thread's results must be the single-threaded results, bit for bit. Run
// under the sanitize build (ASan + UBSan), a use after free or a torn table shows there.
#include <gtest/gtest.h>

#include <cstring>
#include <thread>
#include <vector>

#include "posenc/rope.hpp"

namespace {

struct Job {
  posenc::rope_options options;
  std::size_t rows;
  std::int64_t offset;
};

// Dims and bases that alternate, so each call finds another theta than the call before.
std::vector<Job> jobs() {
  std::vector<Job> v;
  for (std::size_t dim : {8u, 16u, 64u, 128u})
    for (double base : {10000.0, 500000.0})
      for (auto pairs : {posenc::layout::interleaved, posenc::layout::half}) {
        posenc::rope_options o;
        o.dim = dim;
        o.heads = dim <= 16 ? 3 : 2;  // the fused path (<= 4 heads) and, below, the two-step one
        o.base = base;
        o.pairs = pairs;
        v.push_back({o, 37, std::int64_t(dim)});
        o.heads = 6;
        v.push_back({o, 5, 100});
      }
  return v;
}

std::vector<float> input(const Job& j) {
  std::vector<float> x(j.rows * j.options.heads * j.options.dim);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(i % 97) / 48.5f - 1.0f;
  return x;
}

void run_concurrently(const std::vector<Job>& all, const std::vector<std::vector<float>>& want) {
  std::vector<std::thread> threads;
  std::vector<int> mismatches(4, 0);
  for (std::size_t t = 0; t < mismatches.size(); ++t)
    threads.emplace_back([&, t] {
      for (std::size_t round = 0; round < 20; ++round)
        for (std::size_t k = 0; k < all.size(); ++k) {
          const Job& j = all[(k + t * 7 + round) % all.size()];
          std::vector<float> x = input(j);
          posenc::rope_apply(x.data(), x.size(), j.options, j.offset);
          const auto& w = want[(k + t * 7 + round) % all.size()];
          mismatches[t] += std::memcmp(x.data(), w.data(), x.size() * sizeof(float)) != 0;
        }
    });
  for (auto& th : threads) th.join();
  for (std::size_t t = 0; t < mismatches.size(); ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
}

class Threads : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Threads, ConcurrentCallsGiveTheSingleThreadedBits) {
  const std::size_t limit_before = posenc::rope_cache_limit();
  posenc::set_rope_cache_limit(GetParam());
  const auto all = jobs();
  std::vector<std::vector<float>> want;
  for (const Job& j : all) {
    std::vector<float> x = input(j);
    posenc::rope_apply(x.data(), x.size(), j.options, j.offset);
    want.push_back(std::move(x));
  }
  run_concurrently(all, want);
  posenc::set_rope_cache_limit(limit_before);
}

// 0: every call computes its angles (step rows shared); the default: the cos/sin cache too.
INSTANTIATE_TEST_SUITE_P(CacheLimit, Threads, ::testing::Values(std::size_t{0}, std::size_t{1} << 22));

}  // namespace
