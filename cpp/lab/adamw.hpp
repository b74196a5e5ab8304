// AdamW (Loshchilov & Hutter): Adam's moments with bias correction, and a weight decay applied
// to the weight itself (not through the gradient), on the tensors marked for it. The step is
// lr * min(1, step / warmup), times a cosine from 1 down to 0.1 over decay_steps when given. Before it, the gradient is
// scaled so its global L2 norm is at most `clip`.
#pragma once
#include <cstdint>
#include <vector>

#include "parameters.hpp"

namespace posenc::lab {

class adamw {
 public:
  adamw(const lab_options& o, const parameter_layout& layout);
  // One update of params from grads (clipped in place); returns the gradient's norm before clipping.
  double step(float* params, float* grads);

 private:
  lab_options o_;
  const parameter_layout& layout_;
  std::vector<float> m_, v_;
  std::int64_t t_ = 0;
};

}  // namespace posenc::lab
