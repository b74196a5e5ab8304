// What a trainer holds: the options, the parameter layout, the float model that trains, its
// gradient, the optimiser and the losses so far. Tests reach it through trainer::internals().
#pragma once
#include <memory>
#include <vector>

#include "adamw.hpp"
#include "model.hpp"
#include "parameters.hpp"

namespace posenc::lab {

struct trainer::state {
  explicit state(const lab_options& resolved_options);
  lab_options options;
  parameter_layout layout;
  std::vector<float> params, grads;
  std::unique_ptr<model<float>> net;
  adamw optimiser;
  positional_tables<float> training_tables;  // positions below max_positions, unscaled
  std::vector<float> losses;
  std::int64_t steps = 0;
};

}  // namespace posenc::lab
