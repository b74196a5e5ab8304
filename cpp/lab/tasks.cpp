#include "tasks.hpp"

#include <algorithm>
#include <numeric>

#include "gaussian.hpp"

namespace posenc::lab {

draws::draws(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) noexcept
    : key_(gaussian::uniform_bits(seed, stream, index)) {}

std::int64_t draws::below(std::int64_t n) noexcept {
  const std::uint64_t bits = gaussian::uniform_bits(key_, 0, counter_++) >> 32;
  return std::int64_t((bits * std::uint64_t(n)) >> 32);
}

namespace {

// Content, separator (token 0), answer; the model reads all but the last token.
example sequence_example(const lab_options& o, std::int64_t n, draws& d) {
  example e;
  std::vector<std::int32_t> content(static_cast<std::size_t>(n));
  for (auto& t : content) t = std::int32_t(1 + d.below(o.symbols));
  e.tokens = content;
  e.tokens.push_back(0);
  if (o.kind == task::reverse) std::reverse(content.begin(), content.end());
  e.tokens.insert(e.tokens.end(), content.begin(), content.end());
  const std::size_t inputs = e.tokens.size() - 1;
  e.answer.assign(inputs, 0);
  for (std::size_t i = std::size_t(n); i < inputs; ++i) e.answer[i] = 1;
  return e;
}

// n / 2 pairs of distinct keys (1..32) and values (33..48), separator, a key, its value.
example recall_example(std::int64_t n, draws& d) {
  const std::int64_t pairs = n / 2;
  std::vector<std::int32_t> keys(recall_keys);
  std::iota(keys.begin(), keys.end(), 1);
  for (std::int64_t i = 0; i < pairs; ++i)
    std::swap(keys[std::size_t(i)], keys[std::size_t(i + d.below(recall_keys - i))]);
  example e;
  std::vector<std::int32_t> values;
  for (std::int64_t i = 0; i < pairs; ++i) {
    values.push_back(std::int32_t(1 + recall_keys + d.below(recall_values)));
    e.tokens.push_back(keys[std::size_t(i)]);
    e.tokens.push_back(values.back());
  }
  const std::int64_t asked = d.below(pairs);
  e.tokens.push_back(0);
  e.tokens.push_back(keys[std::size_t(asked)]);
  e.tokens.push_back(values[std::size_t(asked)]);
  e.answer.assign(e.tokens.size() - 1, 0);
  e.answer.back() = 1;
  return e;
}

example draw_example(const lab_options& o, std::int64_t n, draws& d) {
  example e = o.kind == task::recall ? recall_example(n, d) : sequence_example(o, n, d);
  e.positions.resize(e.tokens.size() - 1);
  std::iota(e.positions.begin(), e.positions.end(), 0);
  return e;
}

// Floyd's sampling of `count` distinct integers in [0, range), sorted.
std::vector<std::int32_t> sorted_subset(std::int64_t count, std::int64_t range, draws& d) {
  std::vector<std::int32_t> chosen;
  std::vector<std::uint8_t> taken(std::size_t(range), 0);
  for (std::int64_t j = range - count; j < range; ++j) {
    const std::int64_t t = d.below(j + 1);
    const std::int64_t pick = taken[std::size_t(t)] ? j : t;
    taken[std::size_t(pick)] = 1;
    chosen.push_back(std::int32_t(pick));
  }
  std::sort(chosen.begin(), chosen.end());
  return chosen;
}

}  // namespace

example make_example(const lab_options& o, std::int64_t n, std::uint64_t stream, std::uint64_t index) {
  draws d(std::uint64_t(o.seed), stream, index);
  return draw_example(o, n, d);
}

std::vector<example> training_batch(const lab_options& o, std::int64_t step) {
  std::vector<example> batch;
  const std::int64_t shortest = o.kind == task::recall ? 2 : 1;
  for (std::int64_t b = 0; b < o.batch; ++b) {
    draws d(std::uint64_t(o.seed), training_stream, std::uint64_t(step * o.batch + b));
    const std::int64_t n = shortest + d.below(o.train_length - shortest + 1);
    example e = draw_example(o, n, d);
    if (o.randomized_positions) e.positions = sorted_subset(std::int64_t(e.positions.size()), o.max_positions, d);
    batch.push_back(std::move(e));
  }
  return batch;
}

example evaluation_example(const lab_options& o, std::int64_t n, std::int64_t sample) {
  // The task's own seed, not the run's: every scheme and seed meets the same test examples.
  draws d(0x5eed, evaluation_stream + 8 * std::uint64_t(o.kind), std::uint64_t((n << 24) + sample));
  return draw_example(o, n, d);
}

}  // namespace posenc::lab
