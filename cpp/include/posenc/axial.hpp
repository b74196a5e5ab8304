// 2-D axial RoPE, as vision transformers turn their patch grids: every token has a column x and a
// row y, and the frequency pairs of a head split into two consecutive blocks, the first turned by one
// axis and the second by the other. Each block is a 1-D RoPE of its own over its 2 n features,
// theta_j = base^(-j/n) for j < n: with the two equal blocks of a head of d features (n = d/4),
// base^(-4j/d), the frequencies of SAM 3's ViT and of MLCD's and Qwen2-VL's vision towers.
#pragma once

#include <string>

namespace posenc {

// Which axis turns the first block of pairs: x (the column) in "xy", as SAM 3's ViT; y (the row) in
// "yx", as MLCD and Qwen2-VL's vision tower.
enum class axial_axes { xy, yx };

// "xy" | "yx"; anything else throws invalid_argument naming "axial".
axial_axes parse_axial_axes(const std::string& name);
const char* to_string(axial_axes a);

}  // namespace posenc
