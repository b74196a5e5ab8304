#include "posenc/learned.hpp"

#include <algorithm>

#include "checks.hpp"
#include "detail.hpp"
#include "kernels.hpp"
#include "posenc/error.hpp"

namespace posenc {

namespace detail {
// Shared with relative.cpp: the stream keeps learned and relative tables of one seed apart.
void gaussian_row(std::size_t row, std::size_t dim, std::uint64_t seed, std::uint64_t stream, double std, float* out) {
  kernels::active_table().scaled_normals(seed, stream, std::uint64_t(row) * dim, dim, std, out);
}

std::vector<float> gaussian_rows(std::size_t rows, std::size_t dim, std::uint64_t seed, std::uint64_t stream,
                                 double std) {
  std::vector<float> values(rows * dim);  // row r holds values r * dim.. of the stream: one run
  kernels::active_table().scaled_normals(seed, stream, 0, values.size(), std, values.data());
  return values;
}
}  // namespace detail

namespace {
void check_table(std::size_t max_len, std::size_t dim, double std) {
  if (max_len < 1 || max_len > std::size_t(position_limit))
    fail("maxLen", integer_in(1, position_limit), double(max_len));
  checks::dim(dim, false);
  checks::standard_deviation(std);
  checked_elements("maxLen * dim", max_len, dim);
}

void check_lookup(std::size_t max_len, std::size_t dim, const std::int64_t* positions, std::size_t count) {
  checked_elements("positions.length * dim", count, dim);
  for (std::size_t i = 0; i < count; ++i) {
    if (positions[i] < 0 || positions[i] >= std::int64_t(max_len)) {
      fail("positions[" + std::to_string(i) + "]",
           "in [0, maxLen - 1 = " + std::to_string(max_len - 1) +
               "]: a learned table has no row past maxLen, it cannot extrapolate",
           double(positions[i]));
    }
  }
}
}  // namespace

std::vector<float> gaussian_table(std::size_t rows, std::size_t dim, std::uint64_t seed, double std) {
  checks::dim(dim, false);
  checks::standard_deviation(std);
  checked_elements("rows * dim", rows, dim);
  return detail::gaussian_rows(rows, dim, seed, 0, std);
}

std::vector<float> learned_encode(std::size_t max_len, std::size_t dim, std::uint64_t seed, double std,
                                  const std::int64_t* positions, std::size_t count) {
  check_table(max_len, dim, std);
  check_lookup(max_len, dim, positions, count);
  std::vector<float> rows(count * dim);
  for (std::size_t i = 0; i < count; ++i)
    detail::gaussian_row(std::size_t(positions[i]), dim, seed, 0, std, rows.data() + i * dim);
  return rows;
}

learned_table::learned_table(std::size_t max_len, std::size_t dim, std::uint64_t seed, double std)
    : max_len_(max_len), dim_(dim) {
  check_table(max_len, dim, std);
  values_ = detail::gaussian_rows(max_len, dim, seed, 0, std);
}

std::vector<float> learned_table::encode(const std::int64_t* positions, std::size_t count) const {
  check_lookup(max_len_, dim_, positions, count);
  std::vector<float> rows(count * dim_);
  for (std::size_t i = 0; i < count; ++i)
    std::copy_n(values_.begin() + positions[i] * std::int64_t(dim_), dim_, rows.begin() + i * dim_);
  return rows;
}

}  // namespace posenc
