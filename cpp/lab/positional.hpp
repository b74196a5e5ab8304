// What a positional scheme contributes to one forward pass, as tables indexed by position or
// distance, built from the core: RoPE's frequencies (with any scaling) and attention factor,
// the sinusoidal table, ALiBi's slopes, T5's buckets. The trained parts (the learned table, the
// relative vectors, T5's bias values) are parameters, not here.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "posenc/lab.hpp"

namespace posenc::lab {

template <class T>
struct positional_tables {
  encoding scheme = encoding::none;
  std::size_t positions = 0;  // every position used is below this
  // rope: [positions x rotary/2] rows, the attention factor included; sin_back = -sin, the
  // inverse rotation the backward pass applies to the gradients.
  std::size_t rotary = 0;
  layout pairs = layout::half;
  std::vector<T> cos, sin, sin_back;
  std::vector<T> sinusoidal;             // [positions x dim]
  std::vector<T> slopes;                 // alibi, one per head
  std::vector<std::int32_t> t5_buckets;  // by distance p_i - p_j in [0, positions)
  std::int64_t relative_distance = 0;    // k of clip(p_i - p_j, -k, k)
};

// Tables for positions below `positions`. scaling (rope only) applies at test time; seq_len is
// what dynamic and longrope scalings read. The float tables round the double ones (the core's
// sinusoidal encoder gives the float table itself).
template <class T>
positional_tables<T> make_tables(const lab_options& o, std::size_t positions,
                                 const std::optional<rope_scaling>& scaling = std::nullopt, std::int64_t seq_len = 0);

}  // namespace posenc::lab
