// 2. Learned (trainable) absolute encoding: a maxLen x dim table that training would
// update; here it holds its initial values, N(0, std^2) from a seeded generator that
// gives bit-identical numbers on every platform (native and wasm). Positions at or
// past maxLen have no row: the "blind zone" of absolute tables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/fields.hpp"

namespace posenc {

// Seeds are integers a JavaScript number holds exactly.
inline constexpr std::int64_t max_seed = (std::int64_t{1} << 53) - 1;

struct learned_options {
  std::size_t max_len = 0;
  std::size_t dim = 0;
  std::uint64_t seed = 0;
  double std = 0.02;  // BERT's initializer_range
};

template <class Field>
void for_each_field(learned_options& o, Field&& field) {
  field("maxLen", o.max_len, presence::required, integer_range{1, position_limit});
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("seed", o.seed, presence::optional, integer_range{0, max_seed});
  field("std", o.std);
}

// rows x dim values from N(0, std^2), deterministic for a seed.
std::vector<float> gaussian_table(std::size_t rows, std::size_t dim, std::uint64_t seed, double std);

// Rows `positions` of learned_table(max_len, dim, seed, std) without building the whole
// table (the generator is counter-based); same checks as learned_table::encode.
std::vector<float> learned_encode(std::size_t max_len, std::size_t dim, std::uint64_t seed, double std,
                                  const std::int64_t* positions, std::size_t count);

class learned_table {
 public:
  // Throws invalid_argument for max_len outside 1..2^24, dim outside 1..65536, a
  // table over 2^26 elements, or a negative / non-finite std.
  learned_table(std::size_t max_len, std::size_t dim, std::uint64_t seed = 0, double std = 0.02);

  std::size_t max_len() const noexcept { return max_len_; }
  std::size_t dim() const noexcept { return dim_; }
  const std::vector<float>& table() const& noexcept { return values_; }
  // A table about to go away hands its values over instead of copying them (a 4096 x 1024 table
  // is 16 MiB).
  std::vector<float> table() && noexcept { return std::move(values_); }

  // Rows for the given positions, [count x dim]; throws invalid_argument naming
  // "positions[i]" for a position < 0 or >= max_len (no extrapolation).
  std::vector<float> encode(const std::int64_t* positions, std::size_t count) const;

 private:
  std::size_t max_len_, dim_;
  std::vector<float> values_;
};

}  // namespace posenc
