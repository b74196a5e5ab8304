#include "posenc/rope.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "angles.hpp"
#include "checks.hpp"
#include "kernels.hpp"
#include "posenc/error.hpp"
#include "rope_axial.hpp"
#include "rope_caches.hpp"

namespace posenc {
namespace {

// The base under o: base, else the scaling's rope_theta, else 10000; both given must agree.
double base_of(const rope_options& o) {
  const std::optional<double> theta = o.scaling ? o.scaling->rope_theta : std::nullopt;
  if (o.base && theta && *o.base != *theta) {
    fail("base", "equal to scaling.rope_theta (" + format_number(*theta) + ") when both are given", *o.base);
  }
  return o.base ? *o.base : theta ? *theta : default_base;
}

// Checks the options and returns the number of rotated features per head.
std::size_t check_options(const rope_options& o) {
  checks::dim(o.dim, true);
  if (o.heads < 1 || o.heads > max_elements) {
    fail("heads", "an integer in [1, " + std::to_string(max_elements) + "]", double(o.heads));
  }
  checks::base(base_of(o));
  checked_elements("heads * dim", o.heads, o.dim);
  if (o.rotary_dim == 0) return o.dim;
  if (o.rotary_dim % 2 != 0 || o.rotary_dim > o.dim) {
    fail("rotaryDim", "an even integer in [2, dim = " + std::to_string(o.dim) + "]", double(o.rotary_dim));
  }
  return o.rotary_dim;
}

void check_explicit_frequencies(const std::vector<double>& theta, std::size_t rotary) {
  if (theta.size() != rotary / 2) {
    fail("frequencies.length", "rotaryDim / 2 = " + std::to_string(rotary / 2), double(theta.size()));
  }
  for (std::size_t i = 0; i < theta.size(); ++i) {
    if (!std::isfinite(theta[i]) || !(theta[i] >= 0)) {
      fail("frequencies[" + std::to_string(i) + "]", "a finite number >= 0", theta[i]);
    }
  }
}

void check_sections(const rope_options& o, std::size_t rotary) {
  if (o.sections.empty()) {
    if (o.interleaved_sections) fail("sections", "given when interleavedSections is true", "undefined");
    return;
  }
  std::int64_t sum = 0;
  for (std::size_t a = 0; a < o.sections.size(); ++a) {
    if (o.sections[a] < 0) fail("sections[" + std::to_string(a) + "]", "an integer >= 0", double(o.sections[a]));
    sum += o.sections[a];
  }
  if (sum != std::int64_t(rotary / 2)) {
    fail("sections", "pair counts summing to rotaryDim / 2 = " + std::to_string(rotary / 2), double(sum));
  }
  if (o.interleaved_sections && o.sections.size() != 3) {
    fail("sections.length", "3 (temporal, height, width) when interleavedSections is true", double(o.sections.size()));
  }
}

// Checks the options, scaling included, and returns the rotated features per head.
std::size_t check_all(const rope_options& o) {
  const std::size_t rotary = check_options(o);
  axial::check(o, rotary);
  if (o.seq_len < 0 || o.seq_len > max_seq_len) {
    fail("seqLen", "an integer in [0, " + std::to_string(max_seq_len) + "]", double(o.seq_len));
  }
  if (o.scaling) {
    if (o.scaling->partial_rotary_factor) {
      fail("scaling.partial_rotary_factor",
           "absent: whether a model honours it depends on its class; give rotaryDim, or read the model "
           "with ropeFromConfig",
           *o.scaling->partial_rotary_factor);
    }
    if (o.frequencies.empty()) check_scaling(*o.scaling, rotary, o.seq_len);
  }
  if (!o.frequencies.empty()) check_explicit_frequencies(o.frequencies, rotary);
  if (o.attention_factor && (!std::isfinite(*o.attention_factor) || !(*o.attention_factor > 0))) {
    fail("attentionFactor", "a finite number > 0", *o.attention_factor);
  }
  check_sections(o, rotary);
  return rotary;
}

// theta over the rotary features, and the factor that multiplies cos and sin (1 unscaled).
struct frequencies {
  std::vector<double> theta;
  float factor = 1.0f;
};

// seq_len defaults to the largest position + 1, as Hugging Face's dynamic_rope_update.
std::int64_t seq_len_of(const rope_options& o, std::int64_t largest_position) {
  return o.seq_len > 0 ? o.seq_len : std::max<std::int64_t>(largest_position + 1, 0);
}

frequencies frequencies_of(const rope_options& o, std::size_t rotary, std::int64_t largest_position) {
  frequencies f;
  const std::int64_t seq_len = seq_len_of(o, largest_position);
  const bool scaled = o.scaling && o.frequencies.empty();
  if (!o.frequencies.empty())
    f.theta = o.frequencies;
  else if (o.axial)
    f.theta = axial::frequencies(o, rotary, base_of(o));
  else if (scaled)
    f.theta = rope_frequencies(rotary, base_of(o), *o.scaling, seq_len);
  else
    f.theta = rope_caches::unscaled_frequencies(rotary, base_of(o));
  if (o.attention_factor)
    f.factor = static_cast<float>(*o.attention_factor);
  else if (scaled)
    f.factor = static_cast<float>(rope_attention_factor(*o.scaling, seq_len));
  return f;
}

void scale_row(float* sin, float* cos, std::size_t n, float factor) {
  if (factor == 1.0f) return;
  for (std::size_t i = 0; i < n; ++i) {
    sin[i] *= factor;
    cos[i] *= factor;
  }
}

// The rows of x ([seq x heads x dim]).
std::size_t rows_of(std::size_t length, const rope_options& o) {
  return checks::rows_of("x", length, o.heads * o.dim, "heads * dim");
}

// The interleaved-to-half layout after the interleaved rotation of `rows` rows: each head's rotated
// pairs written as halves, (y[i], y[i + rotary/2]). work holds rotary floats.
void pairs_to_halves(const kernels::kernel_table& kernels, float* x, std::size_t rows, const rope_options& o,
                     std::size_t rotary, float* work) {
  for (std::size_t v = 0; v < rows * o.heads; ++v) {
    float* head = x + v * o.dim;
    std::copy_n(head, rotary, work);
    kernels.deinterleave(work, head, head + rotary / 2, rotary / 2);
  }
}

// Rotates `rows` consecutive rows of x ([rows x heads x dim]); row r by the cos/sin rows
// at cos + r * table_stride, sin + r * table_stride.
void rotate_run(const kernels::kernel_table& kernels, float* x, std::size_t rows, const rope_options& o,
                std::size_t rotary, const float* cos, const float* sin, std::size_t table_stride, float* work) {
  if (o.pairs == layout::half) {
    kernels.rotate_half(x, rows, o.heads, o.dim, rotary, cos, sin, table_stride);
    return;
  }
  kernels.rotate_interleaved(x, rows, o.heads, o.dim, rotary, cos, sin, table_stride, work);
  if (o.pairs == layout::interleaved_to_half) pairs_to_halves(kernels, x, rows, o, rotary, work);
}

// Rotates one row of x ([heads x dim]) by the given cos/sin row.
void rotate_row(const kernels::kernel_table& kernels, float* row, const rope_options& o, std::size_t rotary,
                const float* cos, const float* sin, float* work) {
  rotate_run(kernels, row, 1, o, rotary, cos, sin, 0, work);
}

using row_pointers = std::pair<const float*, const float*>;

// Rotates every row of x. rows_of(s, sin, cos) fills the scratch rows it is given with
// the (sin, cos) rows of row s, attention factor applied, and returns them.
template <class RowsOf>
void rotate_rows(float* x, std::size_t rows, const rope_options& o, std::size_t rotary, RowsOf rows_of) {
  const std::size_t half = rotary / 2;
  std::vector<float> scratch(2 * half + 2 * rotary);
  float* sin_scratch = scratch.data();
  float* cos_scratch = sin_scratch + half;
  float* work = cos_scratch + half;  // the interleaved kernel's scratch
  const auto& kernels = kernels::active_table();
  const std::size_t stride = o.heads * o.dim;
  for (std::size_t s = 0; s < rows; ++s) {
    const auto [sin, cos] = rows_of(s, sin_scratch, cos_scratch);
    rotate_row(kernels, x + s * stride, o, rotary, cos, sin, work);
  }
}

// Up to this many heads the uncached path rotates with the fused kernels
// (rotate_*_sum): the cos/sin row of a position is formed in registers from its anchor
// and step rows and never stored. With one 64-dim head the angle sum is about half the
// row's work, and storing then reloading the row costs as much again. The fused kernels
// share each cos/sin batch among the heads, but they walk the heads of a row side by
// side (strided, `heads` streams); with many heads the stored row costs little next to
// the rotations (it is built once per position and read from L1 for every head), so
// rows of more heads take the two-step path: add_angles into a row, then rotate_*
// (npm run bench compares the two on [4096 x 8 x 128]). Both paths give the same bits.
constexpr std::size_t fuse_max_heads = 4;

// Rotates every row of x, position_of(s) being the position of row s, computing the
// cos/sin rows in the call (no cache of positions).
template <class PositionOf>
void rotate_rows_uncached(float* x, std::size_t rows, const rope_options& o, std::size_t rotary, const frequencies& f,
                          PositionOf position_of) {
  const auto& kernels = kernels::active_table();
  const std::size_t half = rotary / 2;
  const auto steps = rope_caches::step_rows_of(kernels, f.theta);
  angle_rows angles(kernels, f.theta.data(), half);
  angles.use_step_rows(steps->sin.data(), steps->cos.data());
  if (o.heads > fuse_max_heads) {
    rotate_rows(x, rows, o, rotary, [&](std::size_t s, float* sin, float* cos) {
      angles.at(position_of(s), sin, cos);
      scale_row(sin, cos, half, f.factor);
      return row_pointers{sin, cos};
    });
    return;
  }
  std::vector<float> scratch(2 * half + 2 * rotary);
  float* sin_scaled = scratch.data();
  float* cos_scaled = sin_scaled + half;
  float* work = cos_scaled + half;  // the interleaved kernel's scratch
  const std::size_t stride = o.heads * o.dim;
  for (std::size_t s = 0; s < rows;) {
    // The run of consecutive positions from row s: they share an anchor row, so one
    // kernel call rotates them all (every row of a range, most rows of sorted positions).
    const std::int64_t position = position_of(s);
    std::size_t consecutive = 1;
    while (consecutive < std::size_t(angle_rows::block) && s + consecutive < rows &&
           position_of(s + consecutive) == position + std::int64_t(consecutive))
      ++consecutive;
    const angle_rows::sum_rows r = angles.parts(position, consecutive);
    float* row = x + s * stride;
    if (!r.step_cos) {  // an anchor position: its row is the anchor row
      const float *sin = r.anchor_sin, *cos = r.anchor_cos;
      if (f.factor != 1.0f) {
        std::copy_n(sin, half, sin_scaled);
        std::copy_n(cos, half, cos_scaled);
        scale_row(sin_scaled, cos_scaled, half, f.factor);
        sin = sin_scaled;
        cos = cos_scaled;
      }
      rotate_row(kernels, row, o, rotary, cos, sin, work);
    } else if (o.pairs != layout::half) {
      kernels.rotate_interleaved_sum(row, r.count, o.heads, o.dim, rotary, r.anchor_cos, r.anchor_sin, r.step_cos,
                                     r.step_sin, f.factor);
      if (o.pairs == layout::interleaved_to_half) pairs_to_halves(kernels, row, r.count, o, rotary, work);
    } else {
      kernels.rotate_half_sum(row, r.count, o.heads, o.dim, rotary, r.anchor_cos, r.anchor_sin, r.step_cos, r.step_sin,
                              f.factor);
    }
    s += r.count;
  }
}

// ---- the implicit cos/sin cache of rope_apply (kept by rope_caches) ------------------
void fill_cached_rows(rope_caches::cos_sin_rows& t, std::size_t first, std::size_t end) {
  const std::size_t half = t.theta.size();
  angle_rows angles(*t.kernels, t.theta.data(), half);
  for (std::size_t p = first; p < end; ++p) {
    angles.at(std::int64_t(p), t.sin.data() + p * half, t.cos.data() + p * half);
    scale_row(t.sin.data() + p * half, t.cos.data() + p * half, half, t.factor);
  }
}

// Rows 0..needed-1 for f through the active kernels, or nullptr (see cos_sin_rows_of).
std::shared_ptr<const rope_caches::cos_sin_rows> cached(const frequencies& f, std::size_t needed, std::size_t rows) {
  return rope_caches::cos_sin_rows_of(kernels::active_table(), f.theta, f.factor, needed, rows, fill_cached_rows);
}

// Rotates every row of x by the cached rows of its position, position_of(s) for row s.
// Each run of consecutive positions (all the rows of an offset call, each sequence of a
// packed batch) is one kernel call: the cached rows of a run are consecutive too.
template <class PositionOf>
void rotate_cached(float* x, std::size_t rows, const rope_options& o, std::size_t rotary,
                   const rope_caches::cos_sin_rows& table, PositionOf position_of) {
  const std::size_t half = rotary / 2, stride = o.heads * o.dim;
  std::vector<float> work(2 * rotary);  // the interleaved kernel's scratch
  const auto& kernels = *table.kernels;
  for (std::size_t s = 0; s < rows;) {
    const std::size_t position = position_of(s);
    std::size_t run = 1;
    while (s + run < rows && position_of(s + run) == position + run) ++run;
    rotate_run(kernels, x + s * stride, run, o, rotary, table.cos.data() + position * half,
               table.sin.data() + position * half, half, work.data());
    s += run;
  }
}

// Axial RoPE on o's grid (rope_axial.hpp), row s being token first + s (with the multi-axis rotation).
void rotate_grid(float* x, std::size_t rows, const rope_options& o, std::size_t rotary, std::size_t first);

}  // namespace

std::vector<double> rope_frequencies(std::size_t dim, double base) {
  checks::dim(dim, true);
  checks::base(base);
  std::vector<double> theta(dim / 2);
  // std::pow in double: xsimd 8.1's pow is off by tens of ulp.
  for (std::size_t i = 0; i < theta.size(); ++i) theta[i] = std::pow(base, -2.0 * double(i) / double(dim));
  return theta;
}

std::vector<double> rope_frequencies(const rope_options& o) {
  const std::size_t rotary = check_all(o);
  return frequencies_of(o, rotary, -1).theta;
}

double rope_attention_factor(const rope_options& o) {
  check_all(o);
  if (o.attention_factor) return *o.attention_factor;
  if (o.scaling && o.frequencies.empty()) return rope_attention_factor(*o.scaling, o.seq_len);
  return 1.0;
}

double rope_attention_factor(const rope_factor_options& o) {
  if (o.scaling.partial_rotary_factor) {
    rope_options plain;
    plain.dim = 2;
    plain.scaling = o.scaling;
    check_all(plain);  // refuses it, with the message rope() gives
  }
  return rope_attention_factor(o.scaling, o.seq_len);
}

void rope_apply(float* x, std::size_t length, const rope_options& o, std::int64_t offset) {
  const std::size_t rotary = check_all(o);
  const std::size_t rows = rows_of(length, o);
  if (o.axial) {
    axial::check_grid_rows(o, rows, length, offset);
    rotate_grid(x, rows, o, rotary, 0);
    return;
  }
  checks::offset_range(offset, rows);
  if (rows == 0) return;
  const frequencies f = frequencies_of(o, rotary, offset + std::int64_t(rows) - 1);
  if (const auto table = cached(f, std::size_t(offset) + rows, rows)) {
    rotate_cached(x, rows, o, rotary, *table, [&](std::size_t s) { return std::size_t(offset) + s; });
    return;
  }
  rotate_rows_uncached(x, rows, o, rotary, f, [&](std::size_t s) { return offset + std::int64_t(s); });
}

namespace {

// Whether listed positions give every axis its own row (multi-axis), rather than one position per
// row, which every axis shares (text tokens, as transformers expands position_ids to 3 axes).
bool per_axis(const rope_options& o, std::size_t rows, std::size_t count) {
  return o.sections.size() > 1 && count != rows;
}

// Checks `count` positions for `rows` rows: one per row, or axes x rows with sections.
void check_listed(const rope_options& o, std::size_t rows, const std::int64_t* positions, std::size_t count) {
  if (o.axial && o.grid_width) fail("positions", "absent with a grid", "an array");
  if (o.axial && count != 2 * rows) fail("positions.length", "2 x seq with axial", double(count));
  if (!o.axial && count != rows && !(o.sections.size() > 1 && count == o.sections.size() * rows)) {
    const std::string seq = "seq = x.length / (heads * dim) = " + std::to_string(rows);
    fail("positions.length",
         o.sections.empty() ? seq
                            : "seq, or sections.length x seq = " + std::to_string(o.sections.size()) + " x " +
                                  std::to_string(rows) + " (" + seq + ")",
         double(count));
  }
  checks::positions(positions, count);
}

// The axis whose positions turn each frequency pair, for multi-axis sections.
std::vector<std::size_t> axis_of_pairs(const rope_options& o, const std::vector<std::int64_t>& sections,
                                       std::size_t half) {
  std::vector<std::size_t> axis(half, 0);
  if (o.interleaved_sections) {
    for (std::size_t j = 0; j < half; ++j) {
      const std::size_t a = j % 3;
      if (a != 0 && j < 3 * std::size_t(sections[a])) axis[j] = a;
    }
    return axis;
  }
  std::size_t j = 0;
  for (std::size_t a = 0; a < sections.size(); ++a)
    for (std::int64_t k = 0; k < sections[a]; ++k) axis[j++] = a;
  return axis;
}

// Multi-axis rows: each axis's cos/sin row at its own position, then each pair taken from its
// axis. With every axis at one position, the row is that position's row: plain RoPE's bits.
void rotate_multi_axis(float* x, std::size_t rows, const rope_options& o, const std::vector<std::int64_t>& sections,
                       std::size_t rotary, const frequencies& f, const std::int64_t* positions) {
  const std::size_t half = rotary / 2, axes = sections.size();
  const std::vector<std::size_t> axis = axis_of_pairs(o, sections, half);
  const auto& kernels = kernels::active_table();
  angle_rows angles(kernels, f.theta.data(), half);
  std::vector<float> axis_rows(2 * axes * half);  // sin rows of every axis, then cos rows
  float* axis_sin = axis_rows.data();
  float* axis_cos = axis_sin + axes * half;
  rotate_rows(x, rows, o, rotary, [&](std::size_t s, float* sin, float* cos) {
    for (std::size_t a = 0; a < axes; ++a) angles.at(positions[a * rows + s], axis_sin + a * half, axis_cos + a * half);
    for (std::size_t j = 0; j < half; ++j) {
      sin[j] = axis_sin[axis[j] * half + j];
      cos[j] = axis_cos[axis[j] * half + j];
    }
    scale_row(sin, cos, half, f.factor);
    return row_pointers{sin, cos};
  });
}

// Axial RoPE at listed positions: the multi-axis rotation of its two blocks.
void rotate_axial(float* x, std::size_t rows, const rope_options& o, std::size_t rotary,
                  const std::int64_t* positions) {
  rotate_multi_axis(x, rows, o, axial::sections_of(o, rotary), rotary, frequencies_of(o, rotary, -1), positions);
}

void rotate_grid(float* x, std::size_t rows, const rope_options& o, std::size_t rotary, std::size_t first) {
  // The positions a chunk of rows at a time: 2 x seq of them at once could outgrow x itself.
  constexpr std::size_t chunk = 1024;
  for (std::size_t r = 0; r < rows; r += chunk) {
    const std::size_t n = std::min(chunk, rows - r);
    rotate_axial(x + r * o.heads * o.dim, n, o, rotary, axial::grid_positions(o, first + r, n).data());
  }
}

}  // namespace

void rope_apply(float* x, std::size_t length, const rope_options& o, const std::int64_t* positions, std::size_t count) {
  const std::size_t rotary = check_all(o);
  const std::size_t rows = rows_of(length, o);
  check_listed(o, rows, positions, count);
  if (o.axial) {
    if (rows > 0) rotate_axial(x, rows, o, rotary, positions);
    return;
  }
  const std::int64_t largest = count == 0 ? -1 : *std::max_element(positions, positions + count);
  const frequencies f = frequencies_of(o, rotary, largest);
  if (per_axis(o, rows, count)) {
    if (rows > 0) rotate_multi_axis(x, rows, o, o.sections, rotary, f, positions);
    return;
  }
  if (const auto table = cached(f, count == 0 ? 0 : std::size_t(largest) + 1, rows)) {
    rotate_cached(x, rows, o, rotary, *table, [&](std::size_t s) { return std::size_t(positions[s]); });
    return;
  }
  rotate_rows_uncached(x, rows, o, rotary, f, [&](std::size_t s) { return positions[s]; });
}

namespace {
// The first row's position of an offset call: offset, or 0 when absent. Refuses offset beside
// positions, where it would have no effect: a caller giving both expects both to count.
std::int64_t offset_of(const rope_positions& p) {
  if (p.offset && p.positions) {
    fail("offset", "left out when positions is given", double(*p.offset));
  }
  return p.offset.value_or(0);
}
}  // namespace

void rope_apply(float* x, std::size_t length, const rope_options& o, const rope_positions& p) {
  const std::int64_t offset = offset_of(p);
  if (p.positions)
    rope_apply(x, length, o, p.positions->data(), p.positions->size());
  else
    rope_apply(x, length, o, offset);
}

namespace {
// A block of 2^15 floats (128 KiB, a share of L2) stays in cache from its copy in, through the
// rotation, to its copy out.
constexpr std::size_t block_floats = std::size_t{1} << 15;

// The listed positions of rows first..first+count-1 (of `rows`), every axis.
std::vector<std::int64_t> block_positions(const std::vector<std::int64_t>& all, std::size_t axes, std::size_t rows,
                                          std::size_t first, std::size_t count) {
  std::vector<std::int64_t> out(axes * count);
  for (std::size_t a = 0; a < axes; ++a)
    std::copy_n(all.begin() + std::ptrdiff_t(a * rows + first), count, out.begin() + std::ptrdiff_t(a * count));
  return out;
}
}  // namespace

void rope_apply_blocks(std::size_t length, const rope_options& o, const rope_positions& p, rope_block_io& io) {
  const std::int64_t offset = offset_of(p);
  const std::size_t rotary = check_all(o);
  const std::size_t rows = rows_of(length, o);
  std::int64_t largest = offset + std::int64_t(rows) - 1;
  if (p.positions) {
    check_listed(o, rows, p.positions->data(), p.positions->size());
    largest = p.positions->empty() ? -1 : *std::max_element(p.positions->begin(), p.positions->end());
  } else if (o.axial) {
    axial::check_grid_rows(o, rows, length, offset);
  } else {
    checks::offset_range(offset, rows);
  }
  if (rows == 0) return;
  // Every block sees the whole call's sequence length, not its own largest position.
  rope_options whole = o;
  whole.seq_len = seq_len_of(o, largest);
  const bool axis_rows = p.positions && (o.axial || per_axis(o, rows, p.positions->size()));
  const std::size_t row_floats = o.heads * o.dim, axes = !axis_rows ? 1 : o.axial ? 2 : o.sections.size();
  const std::size_t block_rows = std::max<std::size_t>(1, block_floats / row_floats);
  std::vector<float> block(std::min(rows, block_rows) * row_floats);
  for (std::size_t r = 0; r < rows; r += block_rows) {
    const std::size_t count = std::min(block_rows, rows - r), n = count * row_floats;
    io.read(block.data(), r * row_floats, n);
    if (p.positions) {
      const auto listed = block_positions(*p.positions, axes, rows, r, count);
      rope_apply(block.data(), n, whole, listed.data(), listed.size());
    } else if (o.axial) {
      rotate_grid(block.data(), count, whole, rotary, r);
    } else {
      rope_apply(block.data(), n, whole, offset + std::int64_t(r));
    }
    io.write(block.data(), r * row_floats, n);
  }
}

rope_cache::rope_cache(const rope_options& o, std::int64_t first, std::size_t count)
    : options_(o), first_(first), count_(count) {
  const std::size_t rotary = check_all(o);
  if (o.axial) fail("axial", "absent for a rope_cache", to_string(*o.axial));
  options_.rotary_dim = rotary;
  half_ = rotary / 2;
  if (count < 1) fail("count", integer_in(1, position_limit), double(count));
  checks::offset_range(first, count);
  checked_elements("count * rotaryDim / 2", count, half_);
  const frequencies f = frequencies_of(o, rotary, first + std::int64_t(count) - 1);
  cos_.resize(count * half_);
  sin_.resize(count * half_);
  angle_sequence sequence(kernels::active_table(), f.theta.data(), half_, first, count);
  for (std::size_t r = 0; r < count; ++r) {
    sequence.row(r, sin_.data() + r * half_, cos_.data() + r * half_);
    scale_row(sin_.data() + r * half_, cos_.data() + r * half_, half_, f.factor);
  }
}

rope_plan::rope_plan(rope_options o) : options_(std::move(o)) {
  check_all(options_);
  const bool follows_length =
      options_.scaling && options_.frequencies.empty() && options_.seq_len == 0 &&
      (options_.scaling->type == rope_type::dynamic || options_.scaling->type == rope_type::longrope);
  keeps_rows_ = options_.sections.empty() && !options_.axial && !follows_length;
}

// Whether the kept rows cover positions 0..end-1, growing them when that stays within the cache
// limit: geometrically, so a decode loop that reaches position N computes O(N) rows in all.
bool rope_plan::has_rows(std::int64_t end) {
  if (!keeps_rows_ || end <= 0) return false;
  const void* kernels = &kernels::active_table();
  if (rows_ && rows_kernels_ == kernels && std::int64_t(rows_->count()) >= end) return true;
  const std::size_t rotary = options_.rotary_dim ? options_.rotary_dim : options_.dim;
  const std::size_t limit = rope_cache_limit() / rotary;  // cos and sin: rotary floats a row
  const std::size_t kept = rows_ && rows_kernels_ == kernels ? rows_->count() : 0;
  const std::size_t count = std::min<std::size_t>(
      {std::max<std::size_t>({std::size_t(end), 2 * kept, 64}), limit, std::size_t(position_limit)});
  if (count < std::size_t(end)) return false;
  rows_.reset();  // the old rows go before the new ones are made
  rows_.emplace(options_, 0, count);
  rows_kernels_ = kernels;
  return true;
}

void rope_plan::apply(float* x, std::size_t length, std::int64_t offset) {
  const std::size_t rows = rows_of(length, options_);
  checks::offset_range(offset, rows);
  if (rows > 0 && has_rows(offset + std::int64_t(rows)))
    rows_->apply(x, length, offset);
  else
    rope_apply(x, length, options_, offset);
}

void rope_plan::apply(float* x, std::size_t length, const std::int64_t* positions, std::size_t count) {
  rope_apply(x, length, options_, positions, count);
}

const float* rope_cache::cos_row(std::int64_t position) const {
  if (position < first_ || position >= first_ + std::int64_t(count_)) {
    fail("position",
         "in the cached range [" + std::to_string(first_) + ", " + std::to_string(first_ + std::int64_t(count_) - 1) +
             "]",
         double(position));
  }
  return cos_.data() + std::size_t(position - first_) * half_;
}

const float* rope_cache::sin_row(std::int64_t position) const {
  return sin_.data() + std::size_t(cos_row(position) - cos_.data());
}

void rope_cache::apply(float* x, std::size_t length, std::int64_t offset) const {
  const std::size_t rows = rows_of(length, options_);
  if (rows == 0) return;
  // offset >= first_ >= 0 is tested first, so offset - first_ cannot overflow.
  if (offset < first_ || std::uint64_t(offset - first_) + rows > count_) {
    fail("offset",
         "such that positions offset..offset + seq - 1 lie in the cached range [" + std::to_string(first_) + ", " +
             std::to_string(first_ + std::int64_t(count_) - 1) + "] (seq = " + std::to_string(rows) + ")",
         double(offset));
  }
  const auto& kernels = kernels::active_table();
  const std::size_t rotary = options_.rotary_dim;
  std::vector<float> scratch(2 * rotary);
  const std::size_t first = std::size_t(offset - first_);
  rotate_run(kernels, x, rows, options_, rotary, cos_.data() + first * half_, sin_.data() + first * half_, half_,
             scratch.data());
}

std::vector<float> rope_matrix(std::int64_t position, std::size_t dim, double base) {
  checks::dim(dim, true);
  checks::base(base);
  checks::position("position", position);
  checked_elements("dim * dim", dim, dim);
  const std::vector<double> theta = rope_frequencies(dim, base);
  const std::size_t half = dim / 2;
  std::vector<float> sin(half), cos(half), r(dim * dim, 0.0f);
  angle_rows(kernels::active_table(), theta.data(), half).at(position, sin.data(), cos.data());
  for (std::size_t i = 0; i < half; ++i) {
    const std::size_t a = 2 * i, b = 2 * i + 1;
    r[a * dim + a] = cos[i];
    r[a * dim + b] = -sin[i];
    r[b * dim + a] = sin[i];
    r[b * dim + b] = cos[i];
  }
  return r;
}

std::vector<float> rope_complex_form(const float* x, std::size_t dim, std::int64_t position, double base) {
  checks::dim(dim, true);
  checks::base(base);
  checks::position("position", position);
  const std::vector<double> theta = rope_frequencies(dim, base);
  std::vector<float> y(dim);
  for (std::size_t i = 0; i < dim / 2; ++i) {
    const std::complex<double> z(x[2 * i], x[2 * i + 1]);
    const std::complex<double> rotated = z * std::polar(1.0, double(position) * theta[i]);
    y[2 * i] = static_cast<float>(rotated.real());
    y[2 * i + 1] = static_cast<float>(rotated.imag());
  }
  return y;
}

namespace {
void check_distance_table(std::size_t dim, double base, std::int64_t max_distance) {
  checks::dim(dim, true);
  checks::base(base);
  checks::position("maxDistance", max_distance);
  checked_elements("(maxDistance + 1) * dim / 2", std::size_t(max_distance) + 1, dim / 2);
}
}  // namespace

std::vector<float> rope_score_by_distance(const float* q, const float* k, std::size_t dim, double base,
                                          std::int64_t max_distance) {
  check_distance_table(dim, base, max_distance);
  const std::size_t half = dim / 2;
  // rope(q, d) . rope(k, 0) = sum_i a_i cos(d theta_i) + b_i sin(d theta_i) with
  // a_i = q0 k0 + q1 k1 and b_i = q0 k1 - q1 k0 over the pair (q0, q1), (k0, k1).
  std::vector<float> a(half), b(half), sin(half), cos(half);
  for (std::size_t i = 0; i < half; ++i) {
    const float q0 = q[2 * i], q1 = q[2 * i + 1], k0 = k[2 * i], k1 = k[2 * i + 1];
    a[i] = q0 * k0 + q1 * k1;
    b[i] = q0 * k1 - q1 * k0;
  }
  const std::vector<double> theta = rope_frequencies(dim, base);
  const auto& kernels = kernels::active_table();
  std::vector<float> s(std::size_t(max_distance) + 1);
  angle_sequence sequence(kernels, theta.data(), half, 0, s.size());
  for (std::size_t d = 0; d < s.size(); ++d) {
    sequence.row(d, sin.data(), cos.data());
    s[d] = kernels.dot(a.data(), cos.data(), half) + kernels.dot(b.data(), sin.data(), half);
  }
  return s;
}

std::vector<float> rope_score_by_distance(const float* q, std::size_t q_length, const float* k, std::size_t k_length,
                                          const rope_distance_options& o) {
  for (const auto& [name, length] : {std::pair{"q.length", q_length}, std::pair{"k.length", k_length}})
    if (length != o.dim) fail(name, "dim = " + std::to_string(o.dim), double(length));
  return rope_score_by_distance(q, k, o.dim, o.base, o.max_distance);
}

std::vector<float> rope_decay_bound(std::size_t dim, double base, std::int64_t max_distance) {
  check_distance_table(dim, base, max_distance);
  const std::size_t half = dim / 2;
  const std::vector<double> theta = rope_frequencies(dim, base);
  const auto& kernels = kernels::active_table();
  std::vector<float> sin(half), cos(half), bound(std::size_t(max_distance) + 1);
  angle_sequence sequence(kernels, theta.data(), half, 0, bound.size());
  for (std::size_t d = 0; d < bound.size(); ++d) {
    sequence.row(d, sin.data(), cos.data());
    double re = 0, im = 0, total = 0;  // the partial sums S_j, accumulated in double
    for (std::size_t j = 0; j < half; ++j) {
      re += cos[j];
      im += sin[j];
      // |S_j| <= j, so the squares cannot overflow: std::hypot's scaling would only cost time
      total += std::sqrt(re * re + im * im);
    }
    bound[d] = static_cast<float>(total / double(half));
  }
  return bound;
}

}  // namespace posenc
