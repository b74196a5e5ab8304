// 3. Trained relative encoding, DeBERTa style: the distance between query i and key j
// is clipped, distance(i, j) = clip(i - j, min, max), so max - min + 1 learned vectors
// cover any length. Disentangled attention adds content-to-position and
// position-to-content terms to the content-to-content logit:
//   c2c[i,j] = q_i . k_j,  c2p[i,j] = q_i . P[clip(i-j)],  p2c[i,j] = k_j . P[clip(j-i)]
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "posenc/learned.hpp"
#include "posenc/positions.hpp"

namespace posenc {

// A clip range [min, max] of relative distances.
inline constexpr integer_range clip_range{-(position_limit - 1), position_limit - 1};

struct relative_distance_options {
  query_key_lengths lengths;
  std::int64_t min = 0, max = 0;
};

template <class Field>
void for_each_field(relative_distance_options& o, Field&& field) {
  for_each_field(o.lengths, field);
  field("min", o.min, presence::required, clip_range);
  field("max", o.max, presence::required, clip_range);
}

struct relative_options {
  std::int64_t min = 0, max = 0;
  std::size_t dim = 0;
  std::uint64_t seed = 0;
  double std = 0.02;
};

template <class Field>
void for_each_field(relative_options& o, Field&& field) {
  field("min", o.min, presence::required, clip_range);
  field("max", o.max, presence::required, clip_range);
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("seed", o.seed, presence::optional, integer_range{0, max_seed});
  field("std", o.std);
}

// relative_table::scores' options: dim must be the table's.
struct relative_scores_options {
  std::size_t dim = 0;
  bool scale = true;
};

template <class Field>
void for_each_field(relative_scores_options& o, Field&& field) {
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("scale", o.scale);
}

// clip(i - j, min, max) for i in 0..query_len-1, j in 0..key_len-1, [query_len x key_len].
std::vector<std::int32_t> relative_distance(std::size_t query_len, std::size_t key_len, std::int64_t min,
                                            std::int64_t max);

struct disentangled_scores {
  std::vector<float> total, c2c, c2p, p2c;  // each [n x m]
};

class relative_table {
 public:
  // max - min + 1 rows of dim values, initialised like learned_table.
  relative_table(std::int64_t min, std::int64_t max, std::size_t dim, std::uint64_t seed = 0, double std = 0.02);
  // The constructor's checks alone: throws what it would throw, without drawing the table.
  static void check(std::int64_t min, std::int64_t max, std::size_t dim, double std);

  std::int64_t min() const noexcept { return min_; }
  std::int64_t max() const noexcept { return max_; }
  std::size_t dim() const noexcept { return dim_; }
  // Row r holds the embedding of distance min + r.
  const std::vector<float>& table() const noexcept { return values_; }

  // q is [n x dim] (q_length = n * dim), k is [m x dim]. scale divides every part by
  // sqrt(3 * dim), as DeBERTa does.
  disentangled_scores scores(const float* q, std::size_t q_length, const float* k, std::size_t k_length,
                             bool scale = true) const;
  disentangled_scores scores(const float* q, std::size_t q_length, const float* k, std::size_t k_length,
                             const relative_scores_options& o) const;

 private:
  std::int64_t min_, max_;
  std::size_t dim_;
  std::vector<float> values_;
};

}  // namespace posenc
