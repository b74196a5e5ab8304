// 4. Rotary position embedding (RoFormer). Each pair of features is a point in the
// plane, rotated by pos * theta_i with theta_i = base^(-2i/d):
//   y[a] = x[a] cos - x[b] sin,   y[b] = x[b] cos + x[a] sin
// where (a, b) = (2i, 2i+1) in the interleaved layout and (i, i + d/2) in the half one.
// Because rotations compose, rope(q, m) . rope(k, n) depends on m - n only.
//
// Angles are accurate for every position below 2^24: pos * theta is formed and reduced
// modulo 2 pi in double before the float sin/cos, so results stay within 2e-6 of a
// float64 evaluation (plain float32 pos * theta is off by up to ~1 radian there).
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "posenc/axial.hpp"
#include "posenc/error.hpp"
#include "posenc/fields.hpp"
#include "posenc/layout.hpp"
#include "posenc/scaling.hpp"

namespace posenc {

// The base of theta_i = base^(-2i/d) when none is given: the RoFormer paper's and the article's.
inline constexpr double default_base = 10000.0;

struct rope_options {
  std::size_t dim = 0;    // features per head, even, 2..65536
  std::size_t heads = 1;  // x is [seq x heads x dim]
  // finite, > 1; absent: scaling->rope_theta when given, else 10000
  std::optional<double> base;
  layout pairs = layout::interleaved;
  std::size_t rotary_dim = 0;  // 0 = dim; otherwise even and < dim: only the first
                               // rotary_dim features of a head rotate
  // Frequency scaling (scaling.hpp): theta over rotary_dim from rope_frequencies(rotary_dim, base,
  // *scaling, seq_len), cos and sin multiplied by rope_attention_factor, as Hugging Face does.
  std::optional<rope_scaling> scaling;
  // The current sequence length for dynamic and longrope scaling; 0: the largest position + 1
  // (what Hugging Face's dynamic_rope_update takes from position_ids).
  std::int64_t seq_len = 0;
  // Explicit inverse frequencies, rotary_dim / 2 of them, finite and >= 0: they replace base and
  // scaling (a model's inv_freq, or ggml's freq_factors applied).
  std::vector<double> frequencies;
  // Multiplies cos and sin; replaces the scaling's own factor when given.
  std::optional<double> attention_factor;
  // Multi-axis positions (M-RoPE): sections[a] consecutive frequency pairs turn by the positions of
  // axis a (Qwen2-VL's mrope_section, summing to rotary_dim / 2); with interleaved_sections, pair j
  // turns by axis 1 or 2 when j % 3 is 1 or 2 and j < 3 * sections[j % 3], else by axis 0 (Qwen3-VL).
  std::vector<std::int64_t> sections;
  bool interleaved_sections = false;
  // 2-D axial RoPE (axial.hpp): the pairs split into two blocks, `sections` of them (default two
  // equal halves), each a 1-D RoPE over its own width turned by one axis, in this order. Positions:
  // listed 2 x seq (axis-major, in this order), or a patch grid: row s of x is token s of a grid of
  // grid_width x grid_height tokens, row after row (x = s % width, y = s / width % height). No
  // scaling; frequencies may replace the blocks' own.
  std::optional<axial_axes> axial;
  std::optional<std::int64_t> grid_width, grid_height;
};

template <class Field>
void for_each_field(rope_options& o, Field&& field) {
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("heads", o.heads, presence::optional, integer_range{1, std::int64_t(max_elements)});
  field("base", o.base);
  field("layout", o.pairs);
  field("rotaryDim", o.rotary_dim, presence::optional, integer_range{1, std::int64_t(max_dim)});
  field("scaling", o.scaling);
  field("seqLen", o.seq_len, presence::optional, integer_range{0, max_seq_len});
  field("frequencies", o.frequencies);
  field("attentionFactor", o.attention_factor);
  field("sections", o.sections, presence::optional, integer_range{0, std::int64_t(max_dim / 2)});
  field("interleavedSections", o.interleaved_sections);
  field("axial", o.axial);
  field("gridWidth", o.grid_width, input_only{}, presence::optional, integer_range{1, position_limit});
  field("gridHeight", o.grid_height, input_only{}, presence::optional, integer_range{1, position_limit});
}

// Where the rows of one call sit: position offset + s for row s (offset absent: 0), or the listed
// positions, one per row (axes x seq of them, axis-major, with multi-axis sections or axial). A call
// gives at most one of the two: both is refused, naming both, rather than one silently ignored.
struct rope_positions {
  std::optional<std::int64_t> offset;
  std::optional<std::vector<std::int64_t>> positions;
};

template <class Field>
void for_each_field(rope_positions& p, Field&& field) {
  field("offset", p.offset, presence::optional, integer_range{0, position_limit - 1});
  field("positions", p.positions, presence::optional, integer_range{0, position_limit - 1});
}

// rope_matrix's options.
struct rope_matrix_options {
  std::int64_t position = 0;
  std::size_t dim = 0;
  double base = default_base;
};

template <class Field>
void for_each_field(rope_matrix_options& o, Field&& field) {
  field("position", o.position, presence::required, integer_range{0, position_limit - 1});
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("base", o.base);
}

// The options of the functions of the distance m - n: rope_score_by_distance, rope_decay_bound.
struct rope_distance_options {
  std::size_t dim = 0;
  double base = default_base;
  std::int64_t max_distance = 0;
};

template <class Field>
void for_each_field(rope_distance_options& o, Field&& field) {
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("base", o.base);
  field("maxDistance", o.max_distance, presence::required, integer_range{0, position_limit - 1});
}

// theta_i = base^(-2i/dim) for i in 0..dim/2-1, in double. (The scaled form, with a
// rope_scaling and a sequence length, is declared in scaling.hpp.)
std::vector<double> rope_frequencies(std::size_t dim, double base = 10000.0);
// The inverse frequencies rope_apply uses under o (over rotary_dim; seq_len as given, 0 = not
// given), and the factor that multiplies its cos and sin.
std::vector<double> rope_frequencies(const rope_options& o);
double rope_attention_factor(const rope_options& o);

// Rotates x ([seq x heads x dim], `length` = seq * heads * dim elements) in place;
// row s uses position offset + s (with axial: is token s of the grid, offset 0). Validates everything
// before writing.
void rope_apply(float* x, std::size_t length, const rope_options& o, std::int64_t offset = 0);
// Same with explicit positions, one per row (count must equal seq; axes x seq with sections, 2 x seq
// with axial).
void rope_apply(float* x, std::size_t length, const rope_options& o, const std::int64_t* positions, std::size_t count);
void rope_apply(float* x, std::size_t length, const rope_options& o, const rope_positions& p);

// rope_apply over an array the caller holds elsewhere (a JavaScript array, a file), streamed a
// block of rows at a time through a buffer that stays in cache: read(block, first, n) copies
// elements first..first+n-1 of the array into block, write(block, first, n) copies them back
// out. The array is read once and written once, memory grows by one block, not by the array,
// and the result has the bits of rope_apply over the whole array (every row depends on its
// position alone; seq_len defaults to the whole call's). Validates everything before reading.
class rope_block_io {
 public:
  virtual ~rope_block_io() = default;
  virtual void read(float* block, std::size_t first, std::size_t n) = 0;
  virtual void write(const float* block, std::size_t first, std::size_t n) = 0;
};
void rope_apply_blocks(std::size_t length, const rope_options& o, const rope_positions& p, rope_block_io& io);

// rope_apply keeps the cos/sin rows of positions 0..N-1 for the last frequencies it
// saw, extended as larger positions arrive, so repeated calls (every layer, every
// step of a decode) skip the angles: what inference engines call the cos/sin cache.
// The rows are the same bits rope_apply computes without it, so the cache never
// changes a result. It holds at most `floats` values (cos and sin together; default
// 2^22, 16 MiB); 0 turns it off and frees it. Thread-safe.
void set_rope_cache_limit(std::size_t floats);
std::size_t rope_cache_limit() noexcept;

// cos/sin of pos * theta_i for positions first..first+count-1, precomputed once and
// reused: the "cached" form that inference engines keep per model. Not for axial options.
class rope_cache {
 public:
  rope_cache(const rope_options& o, std::int64_t first, std::size_t count);
  std::int64_t first() const noexcept { return first_; }
  std::size_t count() const noexcept { return count_; }
  // Rows of rotary_dim/2 values for a position in [first, first + count).
  const float* cos_row(std::int64_t position) const;
  const float* sin_row(std::int64_t position) const;
  // Rotates x in place with positions offset + s; every position must be in the cache.
  void apply(float* x, std::size_t length, std::int64_t offset) const;

 private:
  rope_options options_;
  std::int64_t first_;
  std::size_t count_, half_;
  std::vector<float> cos_, sin_;
};

// A rope_apply call prepared once: the options are checked when it is made, and it keeps the
// cos/sin rows of positions 0..N-1 it has needed (grown geometrically as larger positions arrive,
// within rope_cache_limit), so a decode loop that calls it again and again pays for the rotation
// only, whatever other calls do in between. The rows are the bits rope_apply computes, so results
// are rope_apply's. Options whose frequencies follow the sequence length (dynamic and longrope
// without seq_len), multi-axis sections and axial RoPE keep no rows. Not for concurrent use of one plan.
class rope_plan {
 public:
  explicit rope_plan(rope_options o);
  const rope_options& options() const noexcept { return options_; }
  void apply(float* x, std::size_t length, std::int64_t offset);
  void apply(float* x, std::size_t length, const std::int64_t* positions, std::size_t count);

 private:
  bool has_rows(std::int64_t end);
  rope_options options_;
  bool keeps_rows_;
  const void* rows_kernels_ = nullptr;  // the kernels the rows were computed with
  std::optional<rope_cache> rows_;
};

// The dim x dim block-diagonal rotation R(position) with rope(x) = R x (interleaved
// layout): the article's matrix form, row-major.
std::vector<float> rope_matrix(std::int64_t position, std::size_t dim, double base = 10000.0);

// The complex-number form, the article's first derivation: the pairs of x become
// complex numbers z_i and are multiplied by e^{i pos theta_i} with std::complex<double>.
std::vector<float> rope_complex_form(const float* x, std::size_t dim, std::int64_t position, double base = 10000.0);

// s[d] = rope(q, d) . rope(k, 0) for d in 0..max_distance (q, k of length dim).
std::vector<float> rope_score_by_distance(const float* q, const float* k, std::size_t dim, double base,
                                          std::int64_t max_distance);

// The same with q and k checked to hold dim values each.
std::vector<float> rope_score_by_distance(const float* q, std::size_t q_length, const float* k, std::size_t k_length,
                                          const rope_distance_options& o);

// pair_angles' options: vectors of dim values, their pairs in `pairs` layout.
struct pair_angle_options {
  std::size_t dim = 0;
  layout pairs = layout::interleaved;
};

template <class Field>
void for_each_field(pair_angle_options& o, Field&& field) {
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("layout", o.pairs);
}

// The angle of pair i of each row of a, measured from pair i of the same row of b: in [-pi, pi],
// atan2(b_x a_y - b_y a_x, b_x a_x + b_y a_y) in double, and 0 where either pair is (0, 0). What
// RoPE does to it: pair_angles(rope(q, m), rope(k, n)) = (m - n) theta_i + pair_angles(q, k), modulo
// 2 pi. a and b hold the same number of values, a multiple of dim (even); [rows x dim/2] out.
std::vector<double> pair_angles(const float* a, std::size_t a_length, const float* b, std::size_t b_length,
                                const pair_angle_options& o);

// RoFormer's long-term decay bound: (1/(dim/2)) * sum_{j=1}^{dim/2} |S_j|,
// S_j = sum_{k<j} e^{i d theta_k}, for d in 0..max_distance.
std::vector<float> rope_decay_bound(std::size_t dim, double base, std::int64_t max_distance);

}  // namespace posenc
