// The tasks' examples, drawn from the core's counter-based generator: a training batch is a
// function of (seed, step), an evaluation example of (seed of the task, length, sample), so
// runs repeat bit for bit and every scheme is tested on the same examples.
#pragma once
#include <cstdint>
#include <vector>

#include "posenc/lab.hpp"

namespace posenc::lab {

// Streams of the generator.
inline constexpr std::uint64_t training_stream = 1;
inline constexpr std::uint64_t evaluation_stream = 2;
inline constexpr std::uint64_t parameter_stream = 16;  // + the tensor's index

// Draws integers from one (seed, stream, index) key, one counter after another.
class draws {
 public:
  draws(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) noexcept;
  // A uniform integer in [0, n), n >= 1 (bias below 2^-32 n).
  std::int64_t below(std::int64_t n) noexcept;

 private:
  std::uint64_t key_, counter_ = 0;
};

// The training batch of one step: batch examples of content lengths 1..train_length (recall:
// 2..), with positions 0, 1, ... or, under randomized_positions, a sorted random subset of
// [0, max_positions).
std::vector<example> training_batch(const lab_options& o, std::int64_t step);

// The evaluation example `sample` of content length n: the same for every scheme and seed.
example evaluation_example(const lab_options& o, std::int64_t n, std::int64_t sample);

}  // namespace posenc::lab
