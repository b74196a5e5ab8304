// Where the two members of each rotated (or sin/cos) pair live inside a vector.
#pragma once

#include <string>

namespace posenc {

enum class layout {
  // Pairs (x[2i], x[2i+1]): the RoFormer paper and the article.
  interleaved,
  // Pairs (x[i], x[i + d/2]): GPT-NeoX and Hugging Face's rotate_half.
  half,
};

// "interleaved" | "half"; anything else throws invalid_argument naming "layout".
layout parse_layout(const std::string& name);
const char* to_string(layout l);

}  // namespace posenc
