#include "posenc/relative.hpp"

#include <algorithm>
#include <cmath>

#include "checks.hpp"
#include "detail.hpp"
#include "kernels.hpp"
#include "posenc/error.hpp"

namespace posenc {
namespace {

void check_clip_range(std::int64_t min, std::int64_t max) {
  if (min <= -position_limit || min >= position_limit)
    fail("min", integer_in(-(position_limit - 1), position_limit - 1), double(min));
  if (max <= -position_limit || max >= position_limit)
    fail("max", integer_in(-(position_limit - 1), position_limit - 1), double(max));
  if (min > max) fail("min", "<= max (" + std::to_string(max) + ")", double(min));
}

std::int64_t clip(std::int64_t d, std::int64_t min, std::int64_t max) { return std::min(std::max(d, min), max); }

}  // namespace

std::vector<std::int32_t> relative_distance(std::size_t query_len, std::size_t key_len, std::int64_t min,
                                            std::int64_t max) {
  if (query_len > std::size_t(position_limit)) fail("queryLen", integer_in(0, position_limit), double(query_len));
  if (key_len > std::size_t(position_limit)) fail("keyLen", integer_in(0, position_limit), double(key_len));
  check_clip_range(min, max);
  checked_elements("queryLen * keyLen", query_len, key_len);
  std::vector<std::int32_t> out(query_len * key_len);
  for (std::size_t i = 0; i < query_len; ++i)
    for (std::size_t j = 0; j < key_len; ++j)
      out[i * key_len + j] = static_cast<std::int32_t>(clip(std::int64_t(i) - std::int64_t(j), min, max));
  return out;
}

relative_table::relative_table(std::int64_t min, std::int64_t max, std::size_t dim, std::uint64_t seed, double std)
    : min_(min), max_(max), dim_(dim) {
  check(min, max, dim, std);
  values_ = detail::gaussian_rows(std::size_t(max - min + 1), dim, seed, 1, std);
}

void relative_table::check(std::int64_t min, std::int64_t max, std::size_t dim, double std) {
  check_clip_range(min, max);
  checks::dim(dim, false);
  checks::standard_deviation(std);
  checked_elements("(max - min + 1) * dim", std::size_t(max - min + 1), dim);
}

disentangled_scores relative_table::scores(const float* q, std::size_t q_length, const float* k, std::size_t k_length,
                                           bool scale) const {
  const std::size_t n = checks::rows_of("q", q_length, dim_, "dim");
  const std::size_t m = checks::rows_of("k", k_length, dim_, "dim");
  const std::size_t cells = checked_elements("n * m", n, m);
  // Four [n x m] results count against the limit together.
  checked_elements("the four score matrices", cells, 4);
  const auto& kern = kernels::active_table();
  const float factor = scale ? static_cast<float>(1.0 / std::sqrt(3.0 * double(dim_))) : 1.0f;
  auto row = [&](std::int64_t distance) { return values_.data() + (clip(distance, min_, max_) - min_) * dim_; };
  disentangled_scores s{std::vector<float>(cells), std::vector<float>(cells), std::vector<float>(cells),
                        std::vector<float>(cells)};
  for (std::size_t i = 0; i < n; ++i) {
    const float* qi = q + i * dim_;
    for (std::size_t j = 0; j < m; ++j) {
      const float* kj = k + j * dim_;
      const std::int64_t d = std::int64_t(i) - std::int64_t(j);
      const std::size_t c = i * m + j;
      s.c2c[c] = kern.dot(qi, kj, dim_) * factor;
      s.c2p[c] = kern.dot(qi, row(d), dim_) * factor;
      s.p2c[c] = kern.dot(kj, row(-d), dim_) * factor;
      s.total[c] = s.c2c[c] + s.c2p[c] + s.p2c[c];
    }
  }
  return s;
}

}  // namespace posenc

namespace posenc {

disentangled_scores relative_table::scores(const float* q, std::size_t q_length, const float* k, std::size_t k_length,
                                           const relative_scores_options& o) const {
  if (o.dim != dim_) fail("dim", "equal to the table's dim " + std::to_string(dim_), double(o.dim));
  return scores(q, q_length, k, k_length, o.scale);
}

}  // namespace posenc
