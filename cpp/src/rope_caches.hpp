// The tables RoPE keeps between calls, and the rules that make sharing them safe.
//
// None of them changes a result: each holds values computed by the same code, from the same
// inputs, that a call without it would compute. They only decide whether that work is redone.
//
// Threads. Every function here may be called from any thread at any time, concurrently
// (test_threads runs rope_apply on several threads at once and wants the single-threaded bits):
// - unscaled_frequencies keeps its table per thread (thread_local): no lock, no sharing.
// - step_rows_of and cos_sin_rows_of share one table each between threads, behind a mutex of
//   their own. The mutex guards the shared_ptr that names the current table (reading it,
//   replacing it, counting its owners), never the rows: a table is filled before it is
//   published and not written after, so callers read its rows without the lock.
// - shared_ptr, because a call in flight may still read the table another thread has just
//   replaced: the old one lives until its last reader is done.
// - set_rope_cache_limit (posenc/rope.hpp) takes the cos/sin table's mutex, sets the limit and
//   drops the table; a call holding the old table keeps it. The limit itself is atomic, so a
//   call may read it without the lock.
// The wasm build without pthreads has one thread: the mutex there is an empty type, since
// std::mutex would bring system_error's messages, and with them C's printf, into the module.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace posenc::kernels {
struct kernel_table;
}

namespace posenc::rope_caches {

// rope_frequencies(rotary, base), kept for the last pair this thread asked for: its rotary/2
// calls of std::pow are a large share of a one-row call (a decoding step). Valid until this
// thread's next call. Throws what rope_frequencies throws.
const std::vector<double>& unscaled_frequencies(std::size_t rotary, double base);

// The exact sin/cos rows of positions 0..angle_rows::block-1 for one theta and kernel table
// (angle_rows::step_rows): the rotations an anchor row is turned by. One theta's worth is kept
// (the last used), whatever the cache limit.
struct step_table {
  std::vector<double> theta;
  const kernels::kernel_table* kernels = nullptr;
  std::vector<float> sin, cos;  // block rows of theta.size()
};
std::shared_ptr<const step_table> step_rows_of(const kernels::kernel_table& kernels, const std::vector<double>& theta);

// The implicit cos/sin table of rope_apply: rows 0..count-1 for one theta, attention factor and
// kernel table. Immutable once published: growing it builds a new one.
struct cos_sin_rows {
  std::vector<double> theta;
  float factor = 1.0f;
  const kernels::kernel_table* kernels = nullptr;
  std::size_t count = 0;
  std::vector<float> sin, cos;  // count x theta.size()
};

// Fills rows first..end-1 of t (sin and cos, factor applied), the rows before first being filled.
using fill_cos_sin_rows = void (*)(cos_sin_rows& t, std::size_t first, std::size_t end);

// Rows 0..needed-1 for (theta, factor, kernels), from the table (grown by `fill` if needed), or
// nullptr when they would not fit under rope_cache_limit() floats (the limit bounds the sin and
// cos floats of the one table kept), or when filling the missing rows would cost far more than
// the `rows` the call rotates (one call at position 10^6 must not compute a million rows).
std::shared_ptr<const cos_sin_rows> cos_sin_rows_of(const kernels::kernel_table& kernels,
                                                    const std::vector<double>& theta, float factor, std::size_t needed,
                                                    std::size_t rows, fill_cos_sin_rows fill);

}  // namespace posenc::rope_caches
