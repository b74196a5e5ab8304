// 3. Trained relative encoding, DeBERTa style: the distance between query i and key j
// is clipped, distance(i, j) = clip(i - j, min, max), so max - min + 1 learned vectors
// cover any length. Disentangled attention adds content-to-position and
// position-to-content terms to the content-to-content logit:
//   c2c[i,j] = q_i . k_j,  c2p[i,j] = q_i . P[clip(i-j)],  p2c[i,j] = k_j . P[clip(j-i)]
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace posenc {

// clip(i - j, min, max) for i in 0..query_len-1, j in 0..key_len-1, [query_len x key_len].
std::vector<std::int32_t> relative_distance(std::size_t query_len, std::size_t key_len,
                                            std::int64_t min, std::int64_t max);

struct disentangled_scores {
  std::vector<float> total, c2c, c2p, p2c;  // each [n x m]
};

class relative_table {
 public:
  // max - min + 1 rows of dim values, initialised like learned_table.
  relative_table(std::int64_t min, std::int64_t max, std::size_t dim, std::uint64_t seed = 0,
                 double std = 0.02);

  std::int64_t min() const noexcept { return min_; }
  std::int64_t max() const noexcept { return max_; }
  std::size_t dim() const noexcept { return dim_; }
  // Row r holds the embedding of distance min + r.
  const std::vector<float>& table() const noexcept { return values_; }

  // q is [n x dim] (q_length = n * dim), k is [m x dim]. scale divides every part by
  // sqrt(3 * dim), as DeBERTa does.
  disentangled_scores scores(const float* q, std::size_t q_length, const float* k,
                             std::size_t k_length, bool scale = true) const;

 private:
  std::int64_t min_, max_;
  std::size_t dim_;
  std::vector<float> values_;
};

}  // namespace posenc
