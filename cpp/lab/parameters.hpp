// Where each trained tensor lives in the model's one flat parameter array (and, at the same
// offsets, in the gradient and the optimiser's moments).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "posenc/lab.hpp"

namespace posenc::lab {

enum class initial { normal, embedding, ones, zeros, position_table };

struct tensor {
  std::string name;  // "layers.0.wq", ... (the names tests/lab/torch_crosscheck.py reads)
  std::size_t rows, cols, offset;
  initial init;
  bool decay;  // AdamW's weight decay applies (weight matrices only)
  std::size_t size() const noexcept { return rows * cols; }
};

struct layer_offsets {
  std::size_t ln1_weight, ln1_bias, wq, wk, wv, wo, ln2_weight, ln2_bias, w1, b1, w2, b2;
};

struct parameter_layout {
  std::vector<tensor> tensors;
  std::size_t total = 0;
  std::size_t token_embedding = 0, position_embedding = 0, relative_embedding = 0, t5_bias = 0;
  std::vector<layer_offsets> layers;
  std::size_t final_weight = 0, final_bias = 0, output = 0;
};

// The tensors of a model under resolved options, in a fixed order.
parameter_layout make_layout(const lab_options& o);

// The initial values: N(0, init_std^2) per tensor from its own stream of the run's seed (the
// token embedding N(0, embedding_std^2); the learned position table the core's gaussian_table),
// LayerNorm weights 1, biases 0.
std::vector<float> initial_parameters(const lab_options& o, const parameter_layout& layout);

}  // namespace posenc::lab
