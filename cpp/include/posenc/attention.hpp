// 5. Attention logits between queries q [n x dim] and keys k [m x dim] under each
// encoding of the article, [n x m] row-major:
//   none        q_i . k_j
//   sinusoidal  (q_i + PE_i) . (k_j + PE_j)
//   learned     (q_i + L_i) . (k_j + L_j)        L a learned_table(max_len, dim, seed, std)
//   rope        rope(q_i, i) . rope(k_j, j)
//   relative    q_i . k_j + q_i . P[clip(i-j)] + k_j . P[clip(j-i)]   (DeBERTa)
// scale divides by sqrt(dim), and by sqrt(3 dim) for relative as DeBERTa does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "posenc/layout.hpp"
#include "posenc/learned.hpp"
#include "posenc/relative.hpp"

namespace posenc {

enum class encoding { none, sinusoidal, learned, rope, relative };

// "none" | "sinusoidal" | "learned" | "rope" | "relative"; else throws naming "encoding".
encoding parse_encoding(const std::string& name);

struct attention_options {
  std::size_t dim = 0;
  encoding kind = encoding::none;
  double base = 10000.0;  // sinusoidal, rope
  bool scale = true;
  std::size_t max_len = 512;  // learned: n and m must not exceed it
  // relative: the clip range, required (it is part of the model, DeBERTa's k)
  std::optional<std::int64_t> min, max;
  std::uint64_t seed = 0;  // learned, relative
  // learned, relative: the table's N(0, std^2) scale. 0.02 is BERT's untrained start; a larger one
  // stands for a trained table whose vectors are as large as the content's.
  double std = 0.02;
  layout pairs = layout::interleaved;  // rope
};

template <class Field>
void for_each_field(attention_options& o, Field&& field) {
  field("dim", o.dim, presence::required, integer_range{1, std::int64_t(max_dim)});
  field("encoding", o.kind, presence::required);
  field("base", o.base);
  field("scale", o.scale);
  field("maxLen", o.max_len, presence::optional, integer_range{1, position_limit});
  field("min", o.min, presence::optional, clip_range);
  field("max", o.max, presence::optional, clip_range);
  field("seed", o.seed, presence::optional, integer_range{0, max_seed});
  field("std", o.std);
  field("layout", o.pairs);
}

std::vector<float> attention_scores(const float* q, std::size_t q_length, const float* k, std::size_t k_length,
                                    const attention_options& o);

}  // namespace posenc
