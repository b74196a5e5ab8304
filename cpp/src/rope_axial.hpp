// 2-D axial RoPE as the multi-axis rotation it is: two sections (the blocks of pairs), each with
// the frequencies of its own 1-D RoPE, and positions from a patch grid. rope.cpp rotates it with
// the multi-axis path, so axial RoPE adds no kernel of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "posenc/rope.hpp"

namespace posenc::axial {

// Checks what o says about axial RoPE (rotary: the features that turn).
void check(const rope_options& o, std::size_t rotary);
// The pairs of each axis: o.sections, else two equal halves of rotary / 2.
std::vector<std::int64_t> sections_of(const rope_options& o, std::size_t rotary);
// The inverse frequency of every pair, block after block: base^(-j/n) for j < n, n the block's pairs.
std::vector<double> frequencies(const rope_options& o, std::size_t rotary, double base);
// Checks that a call of `rows` rows at `offset` covers whole grids of o from token 0.
void check_grid_rows(const rope_options& o, std::size_t rows, std::size_t length, std::int64_t offset);
// The positions of tokens first..first+count-1 of o's grid, axis-major in o.axial's order.
std::vector<std::int64_t> grid_positions(const rope_options& o, std::size_t first, std::size_t count);

}  // namespace posenc::axial
