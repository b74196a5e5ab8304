// 1. Sinusoidal absolute encoding (Vaswani et al., "Attention is all you need"):
//      PE[pos, 2i]   = sin(pos * theta_i)
//      PE[pos, 2i+1] = cos(pos * theta_i),     theta_i = base^(-2i/dim)
// The 'half' layout puts every sin in the first dim/2 columns and every cos in the last.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/fields.hpp"
#include "posenc/layout.hpp"

namespace posenc {

struct sinusoidal_options {
  std::size_t dim = 0;
  double base = 10000.0;
  layout pairs = layout::interleaved;
};

template <class Field>
void for_each_field(sinusoidal_options& o, Field&& field) {
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("base", o.base);
  field("layout", o.pairs);
}

// Table for positions 0..count-1, [count x dim] row-major.
std::vector<float> sinusoidal(std::size_t count, std::size_t dim, double base = 10000.0,
                              layout l = layout::interleaved);

// The same table written into the caller's out[0 .. out_size), which must be exactly count * dim
// floats: for a tensor the caller owns and refills, without a fresh allocation per call. Every
// argument is checked before out is written, so a refused call leaves it untouched.
void sinusoidal_into(float* out, std::size_t out_size, std::size_t count, std::size_t dim, double base = 10000.0,
                     layout l = layout::interleaved);

// Table for explicit positions (each an integer in [0, 2^24)), [count x dim].
std::vector<float> sinusoidal_at(const std::int64_t* positions, std::size_t count, std::size_t dim,
                                 double base = 10000.0, layout l = layout::interleaved);

}  // namespace posenc
