// Where the two members of each rotated (or sin/cos) pair live inside a vector.
#pragma once

#include <string>

namespace posenc {

enum class layout {
  // Pairs (x[2i], x[2i+1]): the RoFormer paper and the article.
  interleaved,
  // Pairs (x[i], x[i + d/2]): GPT-NeoX and Hugging Face's rotate_half.
  half,
  // Pairs (x[2i], x[2i+1]) read, pair i written to (y[i], y[i + d/2]): the rotation of DeepSeek-V3's
  // apply_rotary_pos_emb_interleave (rope() only: its output is not in its input's layout).
  interleaved_to_half,
};

// "interleaved" | "half" | "interleaved-to-half"; anything else throws invalid_argument naming "layout".
layout parse_layout(const std::string& name);
const char* to_string(layout l);

}  // namespace posenc
