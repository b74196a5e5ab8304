#include "rope_caches.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "angles.hpp"
#include "posenc/rope.hpp"

namespace posenc::rope_caches {
namespace {

// A wasm build without threads has nothing to exclude (see the header).
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
struct table_mutex {
  void lock() noexcept {}
  void unlock() noexcept {}
};
#else
using table_mutex = std::mutex;
#endif

table_mutex steps_mutex;
std::shared_ptr<step_table> last_steps;  // guarded by steps_mutex; calls in flight read it, never write

std::atomic<std::size_t> cache_limit{std::size_t{1} << 22};
table_mutex cache_mutex;
std::shared_ptr<const cos_sin_rows> cache;  // guarded by cache_mutex

}  // namespace

const std::vector<double>& unscaled_frequencies(std::size_t rotary, double base) {
  thread_local bool known = false;
  thread_local std::size_t last_rotary = 0;
  thread_local double last_base = 0;
  thread_local std::vector<double> last;
  if (!known || rotary != last_rotary || base != last_base) {
    known = false;
    const std::vector<double> theta = rope_frequencies(rotary, base);  // throws for a bad base
    last.assign(theta.begin(), theta.end());  // capacity only grows: the heap does not follow the key
    last_rotary = rotary;
    last_base = base;
    known = true;
  }
  return last;
}

// Shared with the calls using them rather than copied: a call that copied them paid for 8 KiB
// of copying per 64 features, a tenth of a small call.
std::shared_ptr<const step_table> step_rows_of(const kernels::kernel_table& kernels, const std::vector<double>& theta) {
  std::shared_ptr<step_table> table;
  {
    const std::lock_guard<table_mutex> lock(steps_mutex);
    if (last_steps && last_steps->kernels == &kernels && last_steps->theta == theta) return last_steps;
    // When no call in flight holds the last table (always, single-threaded), it is refilled
    // in place: switching between dims allocates nothing, and the heap does not follow theta.
    // Copies are made only under the lock, so a count of 1 cannot grow while we refill.
    if (last_steps && last_steps.use_count() == 1) table = std::move(last_steps);
  }
  if (!table) table = std::make_shared<step_table>();
  table->theta = theta;
  table->kernels = &kernels;
  table->sin.resize(std::size_t(angle_rows::block) * theta.size());
  table->cos.resize(table->sin.size());
  angle_rows::step_rows(kernels, theta.data(), theta.size(), table->sin.data(), table->cos.data());
  const std::lock_guard<table_mutex> lock(steps_mutex);
  last_steps = table;
  return table;
}

std::shared_ptr<const cos_sin_rows> cos_sin_rows_of(const kernels::kernel_table& kernels,
                                                    const std::vector<double>& theta, float factor, std::size_t needed,
                                                    std::size_t rows, fill_cos_sin_rows fill) {
  const std::size_t half = theta.size();
  if (half == 0 || needed > cache_limit.load() / (2 * half)) return nullptr;
  std::lock_guard<table_mutex> lock(cache_mutex);
  const bool same = cache && cache->theta == theta && cache->factor == factor && cache->kernels == &kernels;
  if (same && cache->count >= needed) return cache;
  const std::size_t kept = same ? cache->count : 0;
  if (needed - kept > 2 * rows + 1024) return nullptr;
  auto grown = std::make_shared<cos_sin_rows>();
  grown->theta = theta;
  grown->factor = factor;
  grown->kernels = &kernels;
  // Grow geometrically so that a decode loop (one more position per call) stays linear.
  grown->count = std::min(std::max(needed, 2 * kept), cache_limit.load() / (2 * half));
  grown->sin.resize(grown->count * half);
  grown->cos.resize(grown->count * half);
  if (kept) {
    std::copy_n(cache->sin.begin(), kept * half, grown->sin.begin());
    std::copy_n(cache->cos.begin(), kept * half, grown->cos.begin());
  }
  fill(*grown, kept, grown->count);
  cache = grown;
  return cache;
}

}  // namespace posenc::rope_caches

namespace posenc {

void set_rope_cache_limit(std::size_t floats) {
  std::lock_guard<rope_caches::table_mutex> lock(rope_caches::cache_mutex);
  rope_caches::cache_limit = floats;
  rope_caches::cache.reset();
}

std::size_t rope_cache_limit() noexcept { return rope_caches::cache_limit.load(); }

}  // namespace posenc
