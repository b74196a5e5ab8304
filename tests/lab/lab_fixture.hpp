// A tiny model and batch shared by the lab's gradient checks and the PyTorch dump: small enough
// for central differences over every parameter, with parameters moved off their initial values
// (LayerNorm weights away from 1, biases away from 0) so that every term of the backward pass
// carries weight, and randomized positions so that distances are not just 0, 1, 2, ...
#pragma once
#include <vector>

#include "gaussian.hpp"
#include "parameters.hpp"
#include "posenc/lab.hpp"
#include "tasks.hpp"

namespace posenc::lab::testing {

inline lab_options tiny_options(encoding scheme, std::int64_t dim = 16, std::int64_t hidden = 32) {
  lab_options o;
  o.scheme = scheme;
  o.layers = 2;
  o.dim = dim;
  o.heads = 2;
  o.hidden = hidden;
  o.symbols = 6;
  o.batch = 3;
  o.train_length = 5;
  o.max_positions = 40;
  o.randomized_positions = true;
  o.relative_distance = 3;
  o.t5_buckets = 8;
  o.t5_max_distance = 20;
  o.seed = 7;
  return resolved(o);
}

// Every parameter drawn afresh: N(0, 0.4^2), LayerNorm weights 1 + N(0, 0.2^2).
inline std::vector<double> spread_parameters(const parameter_layout& layout, std::uint64_t seed) {
  std::vector<double> p(layout.total);
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = 0.4 * gaussian::standard_normal(seed, 99, i);
  for (const tensor& t : layout.tensors)
    if (t.init == initial::ones)
      for (std::size_t i = 0; i < t.size(); ++i) p[t.offset + i] = 1.0 + 0.5 * p[t.offset + i];
  // round to float once, so that the float and the double model start from the same values
  for (double& v : p) v = double(float(v));
  return p;
}

}  // namespace posenc::lab::testing
