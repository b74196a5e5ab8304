// Beyond the article: the precision lab. How far the RoPE angle pos * theta_i and its cos/sin
// drift from a float64 evaluation when a library computes them in lower precision, next to
// this library's accurate path. Each variant, exactly:
//
//   float64         angle = pos * theta_i in double; cos, sin in double (the reference)
//   float32         angle = float32(pos) * float32(theta_i), one float32 product (what most
//                   libraries do: torch's inv_freq @ position_ids); cos and sin of that float32
//                   angle, evaluated accurately and rounded to float32. Only the angle is wrong,
//                   by up to ~1 radian near pos = 2^24.
//   bfloat16        the float32 variant's cos and sin rounded to bfloat16: a cos/sin table kept
//                   in the model's dtype (Hugging Face computes in float32, then casts to x.dtype)
//   float16         the same, rounded to float16
//   bfloat16-angle  everything in bfloat16: pos and theta_i rounded to bfloat16, their product
//                   rounded to bfloat16, cos and sin of it rounded to bfloat16 (a pipeline
//                   without the float32 upcast)
//   float16-angle   the same in float16; positions from 65520 up round to infinity and their
//                   cos/sin (and errors) are NaN
//   library         this library's sin/cos rows (angles.hpp: pos * theta_i reduced modulo 2 pi in
//                   double, float32 sin/cos of exact anchor rows, rotated by exact step rows); its
//                   angle is pos * theta_i reduced modulo 2 pi in double, rounded to float32
//
// With a frequency scaling (scaling.hpp), theta_i are the scaled ones, as rope_frequencies(dim, base,
// scaling, seq_len) gives them: the angle each pair of a scaled model turns by at each position. The
// factor some scalings apply to cos and sin (rope_attention_factor) is not in these values.
//
// Rounding to bfloat16 and float16 is IEEE round-to-nearest-even from float32, with overflow
// to infinity (float16: from 65520 up) and float16 subnormals (spacing 2^-24); NaN stays NaN.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/fields.hpp"
#include "posenc/scaling.hpp"

namespace posenc {

// Round-to-nearest-even conversions from float32 (the value kept as a float, and the raw bits).
std::uint16_t bfloat16_bits(float x) noexcept;
float from_bfloat16_bits(std::uint16_t bits) noexcept;
float round_bfloat16(float x) noexcept;
std::uint16_t float16_bits(float x) noexcept;
float from_float16_bits(std::uint16_t bits) noexcept;
float round_float16(float x) noexcept;
// The same over an array, in place: values[i] = round_*(values[i]) for i < n.
void round_bfloat16_in_place(float* values, std::size_t n) noexcept;
void round_float16_in_place(float* values, std::size_t n) noexcept;

enum class precision { float64, float32, bfloat16, float16, bfloat16_angle, float16_angle, library };

// "float64" | "float32" | "bfloat16" | "float16" | "bfloat16-angle" | "float16-angle" | "library";
// anything else throws invalid_argument naming "variant".
precision parse_precision(const std::string& name);
const char* to_string(precision p);

struct precision_options {
  precision variant = precision::float64;
  std::vector<std::int64_t> positions;
  std::size_t dim = 0;
  double base = 10000.0;
  rope_scaling scaling;      // default: none
  std::int64_t seq_len = 0;  // the sequence length the scaling is read at; 0: not given
};

template <class Field>
void for_each_field(precision_options& o, Field&& field) {
  field("variant", o.variant, presence::required);
  field("positions", o.positions, presence::required, integer_range{0, position_limit - 1});
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("base", o.base);
  field("scaling", o.scaling);
  field("seqLen", o.seq_len, presence::optional, integer_range{0, max_seq_len});
}

// The angle, cos and sin of each (position, pair), [count x dim/2] row-major, as the variant
// computes them (the values it holds, widened to double; the library's angle is its reduced one).
struct rope_precision_values {
  std::vector<double> angle, cos, sin;
};
rope_precision_values rope_precision_table(precision variant, const std::int64_t* positions, std::size_t count,
                                           std::size_t dim, double base = 10000.0, const rope_scaling& scaling = {},
                                           std::int64_t seq_len = 0);

// Per position, the largest error over the dim/2 pairs against the float64 variant: the angle
// error taken modulo 2 pi (in [0, pi]), and |cos - cos64|, |sin - sin64|. NaN where the variant
// has no finite value.
struct rope_precision_errors {
  std::vector<double> angle, cos, sin;
};
rope_precision_errors rope_precision_error(precision variant, const std::int64_t* positions, std::size_t count,
                                           std::size_t dim, double base = 10000.0, const rope_scaling& scaling = {},
                                           std::int64_t seq_len = 0);

}  // namespace posenc
