#include "positional.hpp"

#include <cmath>
#include <type_traits>

#include "posenc/bias.hpp"
#include "posenc/rope.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc::lab {
namespace {

constexpr double two_pi = 6.283185307179586476925286766559;

template <class T>
void rope_rows(const lab_options& o, std::size_t positions, const std::optional<rope_scaling>& scaling,
               std::int64_t seq_len, positional_tables<T>& t) {
  rope_options r;
  r.dim = std::size_t(o.dim / o.heads);
  r.heads = std::size_t(o.heads);
  r.base = o.rope_base;
  r.pairs = o.rope_layout;
  r.rotary_dim = std::size_t(o.rotary_dim) == r.dim ? 0 : std::size_t(o.rotary_dim);
  if (scaling) {
    rope_scaling s = *scaling;
    // The "original" context of a model trained here is its training sequence.
    const double trained = double(input_positions(o.kind, o.train_length));
    if (!s.original_max_position_embeddings) s.original_max_position_embeddings = trained;
    if (s.type == rope_type::dynamic && !s.max_position_embeddings) s.max_position_embeddings = trained;
    r.scaling = s;
    r.seq_len = seq_len;
  }
  const std::vector<double> theta = rope_frequencies(r);
  const double factor = rope_attention_factor(r);
  t.rotary = std::size_t(o.rotary_dim);
  t.pairs = o.rope_layout;
  const std::size_t half = t.rotary / 2;
  t.cos.resize(positions * half);
  t.sin.resize(positions * half);
  t.sin_back.resize(positions * half);
  for (std::size_t p = 0; p < positions; ++p)
    for (std::size_t i = 0; i < half; ++i) {
      // reduced in double first, as the core does: float32 p * theta drifts at large p
      const double angle = std::remainder(double(p) * theta[i], two_pi);
      t.cos[p * half + i] = T(factor * std::cos(angle));
      t.sin[p * half + i] = T(factor * std::sin(angle));
      t.sin_back[p * half + i] = -t.sin[p * half + i];
    }
}

template <class T>
void sinusoidal_rows(const lab_options& o, std::size_t positions, positional_tables<T>& t) {
  const std::size_t d = std::size_t(o.dim);
  if constexpr (std::is_same_v<T, float>) {
    t.sinusoidal = sinusoidal(positions, d);
  } else {
    const std::vector<double> theta = rope_frequencies(d, 10000.0);
    t.sinusoidal.resize(positions * d);
    for (std::size_t p = 0; p < positions; ++p)
      for (std::size_t i = 0; i < d / 2; ++i) {
        t.sinusoidal[p * d + 2 * i] = std::sin(double(p) * theta[i]);
        t.sinusoidal[p * d + 2 * i + 1] = std::cos(double(p) * theta[i]);
      }
  }
}

}  // namespace

template <class T>
positional_tables<T> make_tables(const lab_options& o, std::size_t positions,
                                 const std::optional<rope_scaling>& scaling, std::int64_t seq_len) {
  positional_tables<T> t;
  t.scheme = o.scheme;
  t.positions = positions;
  t.relative_distance = o.relative_distance;
  switch (o.scheme) {
    case encoding::rope:
      rope_rows(o, positions, scaling, seq_len, t);
      break;
    case encoding::sinusoidal:
      sinusoidal_rows(o, positions, t);
      break;
    case encoding::alibi:
      for (double s : alibi_slopes(std::size_t(o.heads))) t.slopes.push_back(T(s));
      break;
    case encoding::t5:
      // T5's decoder: unidirectional buckets of the key's position minus the query's
      for (std::size_t d = 0; d < positions; ++d)
        t.t5_buckets.push_back(t5_bucket(-std::int64_t(d), false, o.t5_buckets, o.t5_max_distance));
      break;
    default:
      break;
  }
  return t;
}

template positional_tables<float> make_tables<float>(const lab_options&, std::size_t,
                                                     const std::optional<rope_scaling>&, std::int64_t);
template positional_tables<double> make_tables<double>(const lab_options&, std::size_t,
                                                       const std::optional<rope_scaling>&, std::int64_t);

}  // namespace posenc::lab
