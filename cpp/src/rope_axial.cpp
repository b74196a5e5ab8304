#include "rope_axial.hpp"

#include <cmath>
#include <string>

#include "posenc/error.hpp"

namespace posenc {

axial_axes parse_axial_axes(const std::string& name) {
  if (name == "xy") return axial_axes::xy;
  if (name == "yx") return axial_axes::yx;
  fail("axial", "'xy' or 'yx'", "'" + name + "'");
}

const char* to_string(axial_axes a) { return a == axial_axes::yx ? "yx" : "xy"; }

namespace axial {

void check(const rope_options& o, std::size_t rotary) {
  const bool grid = o.grid_width || o.grid_height;
  if (!o.axial) {
    if (grid) fail("axial", "'xy' or 'yx'", "undefined");
    return;
  }
  // The scaled types are rules about one axis of text positions; no vision tower scales its axes.
  if (o.scaling) fail("scaling", "absent with axial", "an object");
  if (o.interleaved_sections) fail("interleavedSections", "false with axial", "true");
  if (o.sections.empty() && rotary % 4 != 0)
    fail(o.rotary_dim ? "rotaryDim" : "dim", "a multiple of 4 with axial, or give sections", double(rotary));
  if (!o.sections.empty() && o.sections.size() != 2) fail("sections.length", "2 with axial", double(o.sections.size()));
  for (const bool height : {false, true}) {
    const auto& size = height ? o.grid_height : o.grid_width;
    const char* name = height ? "gridHeight" : "gridWidth";
    if (grid && !size) fail(name, "given with the other", "undefined");
    if (size && (*size < 1 || *size > position_limit)) fail(name, integer_in(1, position_limit), double(*size));
  }
}

std::vector<std::int64_t> sections_of(const rope_options& o, std::size_t rotary) {
  if (!o.sections.empty()) return o.sections;
  const auto half = std::int64_t(rotary / 4);
  return {half, half};
}

std::vector<double> frequencies(const rope_options& o, std::size_t rotary, double base) {
  std::vector<double> theta;
  // std::pow in double, as rope_frequencies (xsimd's pow is off by tens of ulp).
  for (const std::int64_t n : sections_of(o, rotary))
    for (std::int64_t j = 0; j < n; ++j) theta.push_back(std::pow(base, -double(j) / double(n)));
  return theta;
}

void check_grid_rows(const rope_options& o, std::size_t rows, std::size_t length, std::int64_t offset) {
  if (!o.grid_width) fail("positions", "given with axial, or gridWidth and gridHeight", "undefined");
  if (offset != 0) fail("offset", "0 with a grid", double(offset));
  if (std::uint64_t(rows) % std::uint64_t(*o.grid_width * *o.grid_height) != 0)
    fail("x.length", "whole grids: a multiple of gridWidth * gridHeight * heads * dim", double(length));
}

std::vector<std::int64_t> grid_positions(const rope_options& o, std::size_t first, std::size_t count) {
  const auto width = std::size_t(*o.grid_width), height = std::size_t(*o.grid_height);
  std::vector<std::int64_t> p(2 * count);
  const bool x_first = *o.axial == axial_axes::xy;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t token = first + i;
    p[x_first ? i : count + i] = std::int64_t(token % width);
    p[x_first ? count + i : i] = std::int64_t(token / width % height);
  }
  return p;
}

}  // namespace axial
}  // namespace posenc
