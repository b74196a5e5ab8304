#include "posenc/attention.hpp"

#include <cmath>

#include "checks.hpp"
#include "kernels.hpp"
#include "posenc/error.hpp"
#include "posenc/learned.hpp"
#include "posenc/relative.hpp"
#include "posenc/rope.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc {

encoding parse_encoding(const std::string& name) {
  if (name == "none") return encoding::none;
  if (name == "sinusoidal") return encoding::sinusoidal;
  if (name == "learned") return encoding::learned;
  if (name == "rope") return encoding::rope;
  if (name == "relative") return encoding::relative;
  fail("encoding", "'none', 'sinusoidal', 'learned', 'rope' or 'relative'", "'" + name + "'");
}

namespace {

// out[i, j] = factor * q_i . k_j
std::vector<float> dot_products(const float* q, std::size_t n, const float* k, std::size_t m, std::size_t dim,
                                float factor) {
  std::vector<float> out(n * m);
  kernels::active_table().dot_rows(q, n, k, m, dim, factor, out.data(), m);
  return out;
}

// x + table, elementwise (both [rows x dim]).
std::vector<float> plus(const float* x, const std::vector<float>& table) {
  std::vector<float> sum(table.size());
  kernels::active_table().add(x, table.data(), sum.data(), table.size());
  return sum;
}

}  // namespace

std::vector<float> attention_scores(const float* q, std::size_t q_length, const float* k, std::size_t k_length,
                                    const attention_options& o) {
  const bool even = o.kind == encoding::sinusoidal || o.kind == encoding::rope;
  checks::dim(o.dim, even);
  if (even) checks::base(o.base);
  const std::size_t n = checks::rows_of("q", q_length, o.dim, "dim");
  const std::size_t m = checks::rows_of("k", k_length, o.dim, "dim");
  checked_elements("n * m", n, m);
  if (n > std::size_t(position_limit)) fail("q.length / dim", "at most 2^24 rows (positions)", double(n));
  if (m > std::size_t(position_limit)) fail("k.length / dim", "at most 2^24 rows (positions)", double(m));
  const float factor = o.scale ? static_cast<float>(1.0 / std::sqrt(double(o.dim))) : 1.0f;

  switch (o.kind) {
    case encoding::none:
      return dot_products(q, n, k, m, o.dim, factor);
    case encoding::sinusoidal: {
      const auto qe = plus(q, sinusoidal(n, o.dim, o.base));
      const auto ke = plus(k, sinusoidal(m, o.dim, o.base));
      return dot_products(qe.data(), n, ke.data(), m, o.dim, factor);
    }
    case encoding::learned: {
      if (o.max_len < 1 || o.max_len > std::size_t(position_limit))
        fail("maxLen", integer_in(1, position_limit), double(o.max_len));
      if (n > o.max_len || m > o.max_len) {
        fail(n > o.max_len ? "q.length / dim" : "k.length / dim",
             "at most maxLen = " + std::to_string(o.max_len) +
                 " rows: a learned table has no row past maxLen, it cannot extrapolate",
             double(n > o.max_len ? n : m));
      }
      const std::size_t rows = n > m ? n : m;
      const learned_table table(rows, o.dim, o.seed, o.std);  // rows 0..rows-1 equal those of the maxLen table
      const std::vector<float>& values = table.table();
      const auto qe = plus(q, std::vector<float>(values.begin(), values.begin() + n * o.dim));
      const auto ke = plus(k, std::vector<float>(values.begin(), values.begin() + m * o.dim));
      return dot_products(qe.data(), n, ke.data(), m, o.dim, factor);
    }
    case encoding::rope: {
      std::vector<float> qr(q, q + q_length), kr(k, k + k_length);
      rope_options ro;
      ro.dim = o.dim;
      ro.base = o.base;
      ro.pairs = o.pairs;
      rope_apply(qr.data(), qr.size(), ro, 0);
      rope_apply(kr.data(), kr.size(), ro, 0);
      return dot_products(qr.data(), n, kr.data(), m, o.dim, factor);
    }
    case encoding::relative: {
      for (const auto* bound : {&o.min, &o.max})
        if (!*bound) fail_missing(bound == &o.min ? "min" : "max", "a number (required for encoding 'relative')");
      const relative_table table(*o.min, *o.max, o.dim, o.seed, o.std);
      return table.scores(q, q_length, k, k_length, o.scale).total;
    }
  }
  fail("encoding", "a known encoding", double(int(o.kind)));
}

}  // namespace posenc
